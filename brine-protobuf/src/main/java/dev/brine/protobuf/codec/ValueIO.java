package dev.brine.protobuf.codec;

import dev.brine.BrineException;
import dev.brine.protobuf.plan.EnumInfo;
import dev.brine.protobuf.plan.ProtoKind;
import dev.brine.protobuf.plan.TextTypes;
import dev.brine.protobuf.plan.ValueType;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.ProtoWriter;
import dev.brine.protobuf.wire.Wire;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;

/**
 * Writes and reads one value of a {@link ValueType} without its tag: the element loop of repeated
 * fields and maps, and the interpreted codec, go through it. Values are boxed.
 */
public abstract class ValueIO {
  /** The wire type of one value. */
  public final int wireType;

  ValueIO(int wireType) {
    this.wireType = wireType;
  }

  /** Writes one value (non-null). */
  public abstract void write(ProtoWriter w, Object v);

  /** Reads one value. */
  public abstract Object read(ProtoReader r);

  /** Whether {@code v} is proto3's default, which an implicit-presence field does not write. */
  public boolean isDefault(Object v) {
    return false;
  }

  /** proto3's default for an absent value (null where the Java value is nullable). */
  public Object defaultValue() {
    return null;
  }

  /** The value I/O for {@code t}; message values use {@code codecs}. */
  static ValueIO of(ValueType t, Codecs codecs) {
    Class<?> j = t.java;
    switch (t.kind) {
      case INT32: case UINT32: case SINT32: case FIXED32: case SFIXED32:
        return new Int32(t.kind, j);
      case INT64: case UINT64: case SINT64: case FIXED64: case SFIXED64:
        return new Int64(t.kind);
      case FLOAT:
        return new ValueIO(Wire.I32) {
          @Override public void write(ProtoWriter w, Object v) {
            w.fixed32Value(Float.floatToRawIntBits((Float) v));
          }
          @Override public Object read(ProtoReader r) {
            return r.readFloat();
          }
          @Override public boolean isDefault(Object v) {
            return Float.floatToRawIntBits((Float) v) == 0;
          }
          @Override public Object defaultValue() {
            return 0f;
          }
        };
      case DOUBLE:
        return new ValueIO(Wire.I64) {
          @Override public void write(ProtoWriter w, Object v) {
            w.fixed64Value(Double.doubleToRawLongBits((Double) v));
          }
          @Override public Object read(ProtoReader r) {
            return r.readDouble();
          }
          @Override public boolean isDefault(Object v) {
            return Double.doubleToRawLongBits((Double) v) == 0;
          }
          @Override public Object defaultValue() {
            return 0d;
          }
        };
      case BOOL:
        return new ValueIO(Wire.VARINT) {
          @Override public void write(ProtoWriter w, Object v) {
            w.varint32((Boolean) v ? 1 : 0);
          }
          @Override public Object read(ProtoReader r) {
            return r.readBool();
          }
          @Override public boolean isDefault(Object v) {
            return !(Boolean) v;
          }
          @Override public Object defaultValue() {
            return false;
          }
        };
      case STRING:
        return new ValueIO(Wire.LEN) {
          @Override public void write(ProtoWriter w, Object v) {
            w.stringValue((String) v);
          }
          @Override public Object read(ProtoReader r) {
            return r.readString();
          }
          @Override public Object defaultValue() {
            return "";
          }
        };
      case BYTES:
        return new ValueIO(Wire.LEN) {
          @Override public void write(ProtoWriter w, Object v) {
            w.bytesValue((byte[]) v);
          }
          @Override public Object read(ProtoReader r) {
            return r.readBytes();
          }
          @Override public Object defaultValue() {
            return new byte[0];
          }
        };
      case ENUM:
        return new EnumIO(t.enumInfo);
      case MESSAGE:
        return new MessageIO(codecs.codec(t.message));
      case TIMESTAMP:
        return new TimeIO(true);
      case DURATION:
        return new TimeIO(false);
      case TEXT:
        return new TextIO(j);
      default:
        throw new IllegalStateException(t.kind.toString());
    }
  }

  /** The 32-bit integer kinds, held in Integer, Short, Byte or Character. */
  static final class Int32 extends ValueIO {
    private final ProtoKind kind;
    private final Class<?> java;

    Int32(ProtoKind kind, Class<?> java) {
      super(kind.wireType);
      this.kind = kind;
      this.java = box(java);
    }

    private static Class<?> box(Class<?> c) {
      if (c == int.class) return Integer.class;
      if (c == short.class) return Short.class;
      if (c == byte.class) return Byte.class;
      if (c == char.class) return Character.class;
      return c;
    }

    static int toInt(Object v) {
      return v instanceof Character ? (Character) v : ((Number) v).intValue();
    }

    @Override public void write(ProtoWriter w, Object v) {
      int x = toInt(v);
      switch (kind) {
        case INT32: w.int32Value(x); break;
        case UINT32: w.varint32(x); break;
        case SINT32: w.varint32((x << 1) ^ (x >> 31)); break;
        default: w.fixed32Value(x); break;
      }
    }

    @Override public Object read(ProtoReader r) {
      int start = r.pos;
      int x;
      switch (kind) {
        case INT32: case UINT32: x = r.readVarint32(); break;
        case SINT32: x = r.readSint32(); break;
        default: x = r.readFixed32(); break;
      }
      if (java == Integer.class) {
        return x;
      }
      if (java == Short.class) {
        if (x != (short) x) throw r.malformed("protobuf: " + x + " does not fit a short", start);
        return (short) x;
      }
      if (java == Byte.class) {
        if (x != (byte) x) throw r.malformed("protobuf: " + x + " does not fit a byte", start);
        return (byte) x;
      }
      if (x != (char) x) throw r.malformed("protobuf: " + (x & 0xFFFFFFFFL) + " does not fit a char", start);
      return (char) x;
    }

    @Override public boolean isDefault(Object v) {
      return toInt(v) == 0;
    }

    @Override public Object defaultValue() {
      if (java == Short.class) return (short) 0;
      if (java == Byte.class) return (byte) 0;
      if (java == Character.class) return (char) 0;
      return 0;
    }
  }

  /** The 64-bit integer kinds, held in Long. */
  static final class Int64 extends ValueIO {
    private final ProtoKind kind;

    Int64(ProtoKind kind) {
      super(kind.wireType);
      this.kind = kind;
    }

    @Override public void write(ProtoWriter w, Object v) {
      long x = (Long) v;
      switch (kind) {
        case INT64: case UINT64: w.varint64(x); break;
        case SINT64: w.varint64((x << 1) ^ (x >> 63)); break;
        default: w.fixed64Value(x); break;
      }
    }

    @Override public Object read(ProtoReader r) {
      switch (kind) {
        case INT64: case UINT64: return r.readVarint64();
        case SINT64: return r.readSint64();
        default: return r.readFixed64();
      }
    }

    @Override public boolean isDefault(Object v) {
      return (Long) v == 0;
    }

    @Override public Object defaultValue() {
      return 0L;
    }
  }

  /** An enum constant as its number. */
  static final class EnumIO extends ValueIO {
    final EnumInfo info;

    EnumIO(EnumInfo info) {
      super(Wire.VARINT);
      this.info = info;
    }

    @Override public void write(ProtoWriter w, Object v) {
      w.int32Value(info.numbers[((Enum<?>) v).ordinal()]);
    }

    @Override public Object read(ProtoReader r) {
      int start = r.pos;
      int n = r.readVarint32();
      Enum<?> e = info.forNumber(n);
      if (e == null) {
        throw r.malformed("protobuf: " + n + " is not a number of enum " + info.type.getName(), start);
      }
      return e;
    }

    @Override public boolean isDefault(Object v) {
      return v == info.zero;
    }

    @Override public Object defaultValue() {
      return info.zero;
    }
  }

  /** A nested message, length-delimited. */
  static final class MessageIO extends ValueIO {
    final MessageCodec codec;

    MessageIO(MessageCodec codec) {
      super(Wire.LEN);
      this.codec = codec;
    }

    @Override public void write(ProtoWriter w, Object v) {
      if (v.getClass() != codec.type()) {
        throw new BrineException("protobuf: a " + v.getClass().getName() + " where a " + codec.type().getName()
            + " is expected: protobuf messages are not polymorphic");
      }
      int mark = w.beginLength();
      codec.write(w, v);
      w.endLength(mark);
    }

    @Override public Object read(ProtoReader r) {
      return codec.readField(r);
    }

    @Override public Object defaultValue() {
      return codec.read(new ProtoReader(new byte[0], 0, 0)); // a map entry without its value: the empty message
    }
  }

  /** A JDK value as its canonical text in a string ({@link TextTypes}). */
  static final class TextIO extends ValueIO {
    private final Class<?> type;

    TextIO(Class<?> type) {
      super(Wire.LEN);
      this.type = type;
    }

    @Override public void write(ProtoWriter w, Object v) {
      w.stringValue(v.toString());
    }

    @Override public Object read(ProtoReader r) {
      int start = r.pos;
      String s = r.readString();
      try {
        return TextTypes.parse(type, s);
      } catch (IllegalArgumentException e) {
        String shown = s.length() > 100 ? s.substring(0, 100) + "…(" + s.length() + " chars)" : s;
        throw r.malformed("protobuf: \"" + shown + "\" is no " + type.getSimpleName() + " (" + e.getMessage() + ")", start);
      }
    }
  }

  /** google.protobuf.Timestamp (Instant) or Duration: {int64 seconds = 1; int32 nanos = 2}. */
  static final class TimeIO extends ValueIO {
    private final boolean instant;

    TimeIO(boolean instant) {
      super(Wire.LEN);
      this.instant = instant;
    }

    @Override public void write(ProtoWriter w, Object v) {
      long seconds;
      int nanos;
      if (instant) {
        seconds = ((Instant) v).getEpochSecond();
        nanos = ((Instant) v).getNano();
      } else {
        seconds = ((Duration) v).getSeconds();
        nanos = ((Duration) v).getNano();
        if (seconds < 0 && nanos > 0) { // proto: nanos take the sign of seconds
          seconds += 1;
          nanos -= 1_000_000_000;
        }
      }
      int mark = w.beginLength();
      w.int64(Wire.tag(1, Wire.VARINT), seconds);
      w.int32(Wire.tag(2, Wire.VARINT), nanos);
      w.endLength(mark);
    }

    @Override public Object read(ProtoReader r) {
      int start = r.pos;
      int len = r.readLength();
      int old = r.pushLimit(len);
      long seconds = 0;
      int nanos = 0;
      while (!r.atEnd()) {
        int tag = r.readTag();
        if (tag == Wire.tag(1, Wire.VARINT)) {
          seconds = r.readVarint64();
        } else if (tag == Wire.tag(2, Wire.VARINT)) {
          nanos = r.readVarint32();
        } else {
          r.skipField(tag);
        }
      }
      r.popLimit(old);
      try {
        if (instant) {
          if (nanos < 0 || nanos > 999_999_999) {
            throw r.malformed("protobuf: Timestamp nanos " + nanos + " out of range 0..999999999", start);
          }
          return Instant.ofEpochSecond(seconds, nanos);
        }
        if (nanos < -999_999_999 || nanos > 999_999_999 || (seconds < 0 && nanos > 0) || (seconds > 0 && nanos < 0)) {
          throw r.malformed("protobuf: Duration nanos " + nanos + " out of range or of another sign than seconds", start);
        }
        return Duration.ofSeconds(seconds, nanos);
      } catch (DateTimeException | ArithmeticException e) {
        throw r.malformed("protobuf: " + (instant ? "Timestamp" : "Duration") + " of " + seconds + " s is out of Java's range", start);
      }
    }
  }
}
