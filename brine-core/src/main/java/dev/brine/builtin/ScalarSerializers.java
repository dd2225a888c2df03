package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

/**
 * Boxed primitives, String, BigInteger, BigDecimal and UUID. int and long are zig-zag varints;
 * float and double their raw IEEE 754 bits (NaN payloads and -0.0 kept); short and char 2 bytes.
 *
 * <p>All of them are instances of one class, {@link Scalar}, told apart by a kind: a class per type
 * (fourteen anonymous classes) cost a cold start about 3 ms of class loading at {@code build()}. A call
 * site that sees several of them stays monomorphic and switches on the kind.
 */
public final class ScalarSerializers {
  private ScalarSerializers() {}

  private static final int K_BOOLEAN = 0;
  private static final int K_BYTE = 1;
  private static final int K_SHORT = 2;
  private static final int K_CHAR = 3;
  private static final int K_INT = 4;
  private static final int K_LONG = 5;
  private static final int K_FIXED_INT = 6;
  private static final int K_FIXED_LONG = 7;
  private static final int K_FLOAT = 8;
  private static final int K_DOUBLE = 9;
  private static final int K_STRING = 10;
  private static final int K_BIG_INTEGER = 11;
  private static final int K_BIG_DECIMAL = 12;
  private static final int K_UUID = 13;

  /** 1 byte, 0 or 1. */
  public static final Serializer<Boolean> BOOLEAN = scalar(K_BOOLEAN, PayloadTraits.LEAF_OTHER);
  /** 1 byte. */
  public static final Serializer<Byte> BYTE = scalar(K_BYTE, PayloadTraits.LEAF_OTHER);
  /** 2 bytes little-endian. */
  public static final Serializer<Short> SHORT = scalar(K_SHORT, PayloadTraits.LEAF_OTHER);
  /** 2 bytes little-endian (UTF-16 code unit, unpaired surrogates included). */
  public static final Serializer<Character> CHAR = scalar(K_CHAR, PayloadTraits.LEAF_OTHER);
  /** Zig-zag varint, 1–5 bytes. */
  public static final Serializer<Integer> INT = scalar(K_INT, PayloadTraits.LEAF_INT32);
  /** Zig-zag varint, 1–10 bytes. */
  public static final Serializer<Long> LONG = scalar(K_LONG, PayloadTraits.LEAF_INT64);
  /** 4 bytes little-endian: an Integer when numbers are not compressed. */
  public static final Serializer<Integer> FIXED_INT = scalar(K_FIXED_INT, PayloadTraits.LEAF_FIXED_INT32);
  /** 8 bytes little-endian: a Long when numbers are not compressed. */
  public static final Serializer<Long> FIXED_LONG = scalar(K_FIXED_LONG, PayloadTraits.LEAF_FIXED_INT64);
  /** 4 bytes, raw bits. */
  public static final Serializer<Float> FLOAT = scalar(K_FLOAT, PayloadTraits.LEAF_OTHER);
  /** 8 bytes, raw bits. */
  public static final Serializer<Double> DOUBLE = scalar(K_DOUBLE, PayloadTraits.LEAF_OTHER);
  /** See {@link dev.brine.io.ByteWriter#writeString}. */
  public static final Serializer<String> STRING = scalar(K_STRING, PayloadTraits.LEAF_STRING);
  /** Length-prefixed two's-complement big-endian magnitude ({@link BigInteger#toByteArray()}). */
  public static final Serializer<BigInteger> BIG_INTEGER = scalar(K_BIG_INTEGER, PayloadTraits.LEAF_OTHER);
  /** Scale as a zig-zag varint, then the unscaled value as {@link #BIG_INTEGER}. */
  public static final Serializer<BigDecimal> BIG_DECIMAL = scalar(K_BIG_DECIMAL, PayloadTraits.LEAF_OTHER);
  /** Most then least significant 64 bits, each 8 bytes little-endian. */
  public static final Serializer<UUID> UUID_SERIALIZER = scalar(K_UUID, PayloadTraits.LEAF_OTHER);

  @SuppressWarnings("unchecked")
  private static <T> Serializer<T> scalar(int kind, int leafKind) {
    return (Serializer<T>) new Scalar(kind, leafKind);
  }

  /** The serializer of every type here, by kind. */
  private static final class Scalar implements TraitSerializer<Object> {
    private final int kind;
    private final int leafKind;

    Scalar(int kind, int leafKind) {
      this.kind = kind;
      this.leafKind = leafKind;
    }

    @Override
    public int leafKind() {
      return leafKind;
    }

    @Override
    public void write(WriteContext c, Object v) {
      switch (kind) {
        case K_BOOLEAN: c.writeBoolean((Boolean) v); break;
        case K_BYTE: c.writeInt8((Byte) v); break;
        case K_SHORT: c.writeInt16((Short) v); break;
        case K_CHAR: c.writeChar((Character) v); break;
        case K_INT: c.writeVarInt32((Integer) v); break;
        case K_LONG: c.writeVarInt64((Long) v); break;
        case K_FIXED_INT: c.writeInt32((Integer) v); break;
        case K_FIXED_LONG: c.writeInt64((Long) v); break;
        case K_FLOAT: c.writeFloat32((Float) v); break;
        case K_DOUBLE: c.writeFloat64((Double) v); break;
        case K_STRING: c.writeString((String) v); break;
        case K_BIG_INTEGER: writeBigInteger(c, (BigInteger) v); break;
        case K_BIG_DECIMAL:
          BigDecimal d = (BigDecimal) v;
          c.writeVarInt32(d.scale());
          writeBigInteger(c, d.unscaledValue());
          break;
        default:
          UUID u = (UUID) v;
          c.writeInt64(u.getMostSignificantBits());
          c.writeInt64(u.getLeastSignificantBits());
      }
    }

    @Override
    public Object read(ReadContext c) {
      switch (kind) {
        case K_BOOLEAN: return c.readBoolean();
        case K_BYTE: return c.readInt8();
        case K_SHORT: return c.readInt16();
        case K_CHAR: return c.readChar();
        case K_INT: return c.readVarInt32();
        case K_LONG: return c.readVarInt64();
        case K_FIXED_INT: return c.readInt32();
        case K_FIXED_LONG: return c.readInt64();
        case K_FLOAT: return c.readFloat32();
        case K_DOUBLE: return c.readFloat64();
        case K_STRING: return c.readString();
        case K_BIG_INTEGER: return readBigInteger(c);
        case K_BIG_DECIMAL:
          int scale = c.readVarInt32();
          return new BigDecimal(readBigInteger(c), scale);
        default:
          return new UUID(c.readInt64(), c.readInt64());
      }
    }
  }

  static void writeBigInteger(WriteContext c, BigInteger v) {
    byte[] b = v.toByteArray();
    c.writeVarUInt32(b.length);
    c.writeBytes(b, 0, b.length);
  }

  static BigInteger readBigInteger(ReadContext c) {
    int at = c.position();
    int n = c.readLength("BigInteger byte length", 1);
    if (n == 0) {
      throw new MalformedInputException("BigInteger with no bytes at offset " + at);
    }
    return new BigInteger(c.readBytes(n));
  }
}
