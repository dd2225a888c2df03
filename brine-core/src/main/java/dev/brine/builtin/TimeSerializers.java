package dev.brine.builtin;

import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * java.time values as their fields in varints (see docs/format.md, "Time"). Invalid values in the
 * input are rejected by the java.time factories and reported as malformed input.
 */
public final class TimeSerializers {
  private TimeSerializers() {}

  /** Epoch seconds (zig-zag varint64), nanos (varuint32). */
  public static final Serializer<Instant> INSTANT = new Serializer<>() {
    @Override public void write(WriteContext c, Instant v) { c.writeVarInt64(v.getEpochSecond()); c.writeVarUInt32(v.getNano()); }
    @Override public Instant read(ReadContext c) { return Instant.ofEpochSecond(c.readVarInt64(), c.readVarUInt32()); }
  };
  /** Year (zig-zag varint32), month, day (1 byte each). */
  public static final Serializer<LocalDate> LOCAL_DATE = new Serializer<>() {
    @Override public void write(WriteContext c0, LocalDate v) {
    WriteSession c = (WriteSession) c0; writeDate(c, v); }
    @Override public LocalDate read(ReadContext c0) {
    ReadSession c = (ReadSession) c0; return readDate(c); }
  };
  /** Nano of day (varuint64). */
  public static final Serializer<LocalTime> LOCAL_TIME = new Serializer<>() {
    @Override public void write(WriteContext c, LocalTime v) { c.writeVarUInt64(v.toNanoOfDay()); }
    @Override public LocalTime read(ReadContext c) { return LocalTime.ofNanoOfDay(c.readVarUInt64()); }
  };
  /** A LocalDate then a LocalTime. */
  public static final Serializer<LocalDateTime> LOCAL_DATE_TIME = new Serializer<>() {
    @Override public void write(WriteContext c0, LocalDateTime v) {
    WriteSession c = (WriteSession) c0; writeDateTime(c, v); }
    @Override public LocalDateTime read(ReadContext c0) {
    ReadSession c = (ReadSession) c0; return readDateTime(c); }
  };
  /** A LocalDateTime, the offset in seconds (zig-zag varint32), the zone id string. */
  public static final Serializer<ZonedDateTime> ZONED_DATE_TIME = new Serializer<>() {
    @Override public void write(WriteContext c0, ZonedDateTime v) {
    WriteSession c = (WriteSession) c0;
      writeDateTime(c, v.toLocalDateTime());
      c.writeVarInt32(v.getOffset().getTotalSeconds());
      c.writeString(v.getZone().getId());
    }

    @Override public ZonedDateTime read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      LocalDateTime ldt = readDateTime(c);
      ZoneOffset offset = ZoneOffset.ofTotalSeconds(c.readVarInt32());
      ZoneId zone = ZoneId.of(c.readString());
      return ZonedDateTime.ofLocal(ldt, zone, offset);
    }
  };
  /** A LocalDateTime and the offset in seconds (zig-zag varint32). */
  public static final Serializer<OffsetDateTime> OFFSET_DATE_TIME = new Serializer<>() {
    @Override public void write(WriteContext c0, OffsetDateTime v) {
    WriteSession c = (WriteSession) c0;
      writeDateTime(c, v.toLocalDateTime());
      c.writeVarInt32(v.getOffset().getTotalSeconds());
    }

    @Override public OffsetDateTime read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      LocalDateTime ldt = readDateTime(c);
      return OffsetDateTime.of(ldt, ZoneOffset.ofTotalSeconds(c.readVarInt32()));
    }
  };
  /** Seconds (zig-zag varint64), nanos (varuint32). */
  public static final Serializer<Duration> DURATION = new Serializer<>() {
    @Override public void write(WriteContext c, Duration v) { c.writeVarInt64(v.getSeconds()); c.writeVarUInt32(v.getNano()); }
    @Override public Duration read(ReadContext c) {
      long s = c.readVarInt64();
      int n = c.readVarUInt32();
      if (n < 0 || n > 999_999_999) {
        throw new dev.brine.MalformedInputException("Duration nanos " + Integer.toUnsignedString(n) + " out of range before offset " + c.position());
      }
      return Duration.ofSeconds(s, n);
    }
  };
  /** Years, months, days (zig-zag varint32 each). */
  public static final Serializer<Period> PERIOD = new Serializer<>() {
    @Override public void write(WriteContext c, Period v) {
      c.writeVarInt32(v.getYears());
      c.writeVarInt32(v.getMonths());
      c.writeVarInt32(v.getDays());
    }

    @Override public Period read(ReadContext c) { return Period.of(c.readVarInt32(), c.readVarInt32(), c.readVarInt32()); }
  };
  /** The zone id string ({@link ZoneId#of} restores region or offset). */
  public static final Serializer<ZoneId> ZONE_ID = new Serializer<>() {
    @Override public void write(WriteContext c, ZoneId v) { c.writeString(v.getId()); }
    @Override public ZoneId read(ReadContext c) { return ZoneId.of(c.readString()); }
  };

  static void writeDate(WriteContext c, LocalDate v) {
    c.writeVarInt32(v.getYear());
    c.writeInt8(v.getMonthValue());
    c.writeInt8(v.getDayOfMonth());
  }

  static LocalDate readDate(ReadContext c) {
    int y = c.readVarInt32();
    int m = c.readInt8();
    int d = c.readInt8();
    return LocalDate.of(y, m, d);
  }

  static void writeDateTime(WriteSession c, LocalDateTime v) {
    writeDate(c, v.toLocalDate());
    c.writeVarUInt64(v.toLocalTime().toNanoOfDay());
  }

  static LocalDateTime readDateTime(ReadSession c) {
    LocalDate d = readDate(c);
    return LocalDateTime.of(d, LocalTime.ofNanoOfDay(c.readVarUInt64()));
  }
}
