package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.chrono.ChronoLocalDate;
import java.time.chrono.Chronology;
import java.time.chrono.JapaneseEra;
import java.time.temporal.ValueRange;

/**
 * The java.time values beyond {@link TimeSerializers}' (docs/format.md, "JDK block"): OffsetTime,
 * Year, YearMonth, MonthDay, dates of the other chronologies, chronologies, Japanese eras and value
 * ranges, written from their accessors and read back through their factories (which reject invalid
 * values; the engine reports those as malformed input).
 */
final class MoreTimeSerializers {
  private MoreTimeSerializers() {}

  /** Nano of day ({@code varuint64}), offset seconds ({@code varint32}). */
  static final Serializer<OffsetTime> OFFSET_TIME = new Serializer<>() {
    @Override public void write(WriteContext c, OffsetTime v) {
      c.writeVarUInt64(v.toLocalTime().toNanoOfDay());
      c.writeVarInt32(v.getOffset().getTotalSeconds());
    }

    @Override public OffsetTime read(ReadContext c) {
      return OffsetTime.of(LocalTime.ofNanoOfDay(c.readVarUInt64()), ZoneOffset.ofTotalSeconds(c.readVarInt32()));
    }
  };

  /** The year ({@code varint32}). */
  static final Serializer<Year> YEAR = new Serializer<>() {
    @Override public void write(WriteContext c, Year v) { c.writeVarInt32(v.getValue()); }
    @Override public Year read(ReadContext c) { return Year.of(c.readVarInt32()); }
  };

  /** Year ({@code varint32}), month ({@code u8}). */
  static final Serializer<YearMonth> YEAR_MONTH = new Serializer<>() {
    @Override public void write(WriteContext c, YearMonth v) {
      c.writeVarInt32(v.getYear());
      c.writeInt8(v.getMonthValue());
    }

    @Override public YearMonth read(ReadContext c) { return YearMonth.of(c.readVarInt32(), c.readInt8()); }
  };

  /** Month, day ({@code u8} each). */
  static final Serializer<MonthDay> MONTH_DAY = new Serializer<>() {
    @Override public void write(WriteContext c, MonthDay v) {
      c.writeInt8(v.getMonthValue());
      c.writeInt8(v.getDayOfMonth());
    }

    @Override public MonthDay read(ReadContext c) { return MonthDay.of(c.readInt8(), c.readInt8()); }
  };

  /**
   * A date of a chronology other than ISO (JapaneseDate, HijrahDate, MinguoDate, ThaiBuddhistDate):
   * the chronology id ({@code string}) and the epoch day ({@code varint64}).
   */
  static final Serializer<ChronoLocalDate> CHRONO_DATE = new Serializer<>() {
    @Override public void write(WriteContext c, ChronoLocalDate v) {
      c.writeString(v.getChronology().getId());
      c.writeVarInt64(v.toEpochDay());
    }

    @Override public ChronoLocalDate read(ReadContext c) {
      return Chronology.of(c.readString()).dateEpochDay(c.readVarInt64());
    }
  };

  /** A Chronology: its id, read back with {@code Chronology.of} (the shared instance). */
  static final Serializer<Chronology> CHRONOLOGY = new Serializer<>() {
    @Override public void write(WriteContext c, Chronology v) { c.writeString(v.getId()); }
    @Override public Chronology read(ReadContext c) { return Chronology.of(c.readString()); }
  };

  /** A JapaneseEra: its value ({@code varint32}), read back with {@code JapaneseEra.of}. */
  static final Serializer<JapaneseEra> JAPANESE_ERA = new Serializer<>() {
    @Override public void write(WriteContext c, JapaneseEra v) { c.writeVarInt32(v.getValue()); }
    @Override public JapaneseEra read(ReadContext c) { return JapaneseEra.of(c.readVarInt32()); }
  };

  /** A ValueRange: smallest minimum, largest minimum, smallest maximum, largest maximum ({@code varint64} each). */
  static final Serializer<ValueRange> VALUE_RANGE = new Serializer<>() {
    @Override public void write(WriteContext c, ValueRange v) {
      c.writeVarInt64(v.getMinimum());
      c.writeVarInt64(v.getLargestMinimum());
      c.writeVarInt64(v.getSmallestMaximum());
      c.writeVarInt64(v.getMaximum());
    }

    @Override public ValueRange read(ReadContext c) {
      long a = c.readVarInt64();
      long b = c.readVarInt64();
      long d = c.readVarInt64();
      long e = c.readVarInt64();
      if (a > b || d > e || b > e) {
        throw new MalformedInputException("invalid ValueRange before offset " + c.position());
      }
      return ValueRange.of(a, b, d, e);
    }
  };
}
