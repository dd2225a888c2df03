package dev.brine.cli.inspect;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.cli.inspect.WireType.Kind;
import dev.brine.geometry.GeometrySerde;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.locationtech.jts.geom.Geometry;

/**
 * The payloads of {@link PayloadDecoder}'s leaf types, read and described in one line each: strings with their
 * encoding, primitive arrays (the first elements), big numbers, java.time values, bit sets and geometries. Bad
 * values are a {@link MalformedInputException} with the offset, as the library reports them.
 */
final class Leaves {
  private Leaves() {}

  static String string(Cursor in, boolean nullable) {
    int at = in.position();
    long header = in.readVarUInt64();
    in.seek(at);
    String s = nullable ? in.readNullableString() : in.readString();
    if (s == null) {
      return "null";
    }
    int bytes = (int) (header >>> 2);
    String coder = switch ((int) (header & 3)) {
      case 0 -> "Latin-1";
      case 1 -> "UTF-16";
      default -> "UTF-8";
    };
    return Texts.quote(s) + " (" + coder + ", " + Texts.plural(bytes, "byte", "bytes") + ")";
  }

  private static final int PREVIEW = 16;

  static String primitiveArray(Cursor in, WireType t) {
    int size = switch (t.kind()) {
      case BOOLEAN_ARRAY, BYTE_ARRAY -> 1;
      case SHORT_ARRAY, CHAR_ARRAY -> 2;
      case INT_ARRAY, FLOAT_ARRAY -> 4;
      default -> 8;
    };
    int len = in.readLength(t.name() + " length", Integer.MAX_VALUE, size);
    StringBuilder sb = new StringBuilder("length " + len);
    if (t.kind() == Kind.BOOLEAN_ARRAY) {
      boolean[] all = new boolean[len]; // checked above: len bytes remain; each must be 0 or 1
      in.readBooleans(all);
      sb.append(": [");
      for (int i = 0; i < Math.min(len, PREVIEW); i++) {
        sb.append(i == 0 ? "" : ", ").append(all[i]);
      }
      return sb.append(len > PREVIEW ? ", …]" : "]").toString();
    }
    sb.append(len == 0 ? "" : ": [");
    for (int i = 0; i < len; i++) {
      String v = switch (t.kind()) {
        case BYTE_ARRAY -> String.format("%02x", in.readInt8() & 0xFF);
        case SHORT_ARRAY -> Short.toString(in.readInt16());
        case CHAR_ARRAY -> Texts.character(in.readChar());
        case INT_ARRAY -> Integer.toString(in.readInt32());
        case LONG_ARRAY -> Long.toString(in.readInt64());
        case FLOAT_ARRAY -> Texts.floatText(in.readFloat32());
        default -> Texts.doubleText(in.readFloat64());
      };
      if (i < PREVIEW) {
        sb.append(i == 0 ? "" : t.kind() == Kind.BYTE_ARRAY ? " " : ", ").append(v);
      } else {
        in.skip((len - i - 1) * size);
        sb.append(", …");
        break;
      }
    }
    return sb.append(len == 0 ? "" : "]").toString();
  }

  static BigInteger bigInteger(Cursor in) {
    int at = in.position();
    int n = in.readLength("BigInteger byte length", Integer.MAX_VALUE, 1);
    if (n == 0) {
      throw new MalformedInputException("BigInteger of 0 bytes at offset " + at);
    }
    return new BigInteger(in.readBytes(n));
  }

  static String time(Cursor in, Kind kind, int at) {
    try {
      return switch (kind) {
        case INSTANT -> Instant.ofEpochSecond(in.readVarInt64(), in.readVarUInt32()).toString();
        case LOCAL_DATE -> date(in).toString();
        case LOCAL_TIME -> LocalTime.ofNanoOfDay(in.readVarUInt64()).toString();
        case LOCAL_DATE_TIME -> dateTime(in).toString();
        case ZONED_DATE_TIME -> {
          LocalDateTime t = dateTime(in);
          ZoneOffset offset = ZoneOffset.ofTotalSeconds(in.readVarInt32());
          String zone = in.readString();
          yield t + offset.toString() + "[" + ZoneId.of(zone) + "]";
        }
        case OFFSET_DATE_TIME -> dateTime(in).atOffset(ZoneOffset.ofTotalSeconds(in.readVarInt32())).toString();
        case DURATION -> java.time.Duration.ofSeconds(in.readVarInt64(), in.readVarUInt32()).toString();
        case PERIOD -> java.time.Period.of(in.readVarInt32(), in.readVarInt32(), in.readVarInt32()).toString();
        case ZONE_ID -> ZoneId.of(in.readString()).toString();
        default -> {
          long millis = in.readVarInt64();
          yield millis + " ms (" + Instant.ofEpochMilli(millis) + ")";
        }
      };
    } catch (DateTimeException | ArithmeticException e) {
      throw new MalformedInputException("invalid " + kind.name().toLowerCase(java.util.Locale.ROOT) + " at offset "
          + at + ": " + e.getMessage());
    }
  }

  private static LocalDate date(Cursor in) {
    int y = in.readVarInt32();
    int m = in.readInt8();
    int d = in.readInt8();
    return LocalDate.of(y, m, d);
  }

  private static LocalDateTime dateTime(Cursor in) {
    LocalDate d = date(in);
    return LocalDateTime.of(d, LocalTime.ofNanoOfDay(in.readVarUInt64()));
  }

  static String bitSet(Cursor in) {
    int words = in.readLength("BitSet words", Integer.MAX_VALUE, 8);
    StringBuilder sb = new StringBuilder(words + " words, bits set: {");
    int shown = 0;
    for (int w = 0; w < words; w++) {
      long bits = in.readInt64();
      while (bits != 0 && shown <= 32) {
        int b = Long.numberOfTrailingZeros(bits);
        sb.append(shown == 0 ? "" : ", ").append(shown == 32 ? "…" : Integer.toString(w * 64 + b));
        shown++;
        bits &= bits - 1;
      }
    }
    return sb.append('}').toString();
  }

  static String geometry(Cursor in, int at) {
    int len = in.readLength("geometry bytes", Integer.MAX_VALUE, 1);
    int start = in.position();
    byte[] b = in.readBytes(len);
    Geometry g;
    try {
      g = GeometrySerde.deserialize(b);
    } catch (BrineException e) {
      throw new MalformedInputException("geometry at offset " + at + " (its bytes start at " + start
          + "; offsets below are relative to them): " + e.getMessage(), e);
    }
    return len + " bytes: " + g.getGeometryType() + " of " + g.getNumPoints() + " points, SRID " + g.getSRID()
        + ", envelope " + g.getEnvelopeInternal();
  }
}
