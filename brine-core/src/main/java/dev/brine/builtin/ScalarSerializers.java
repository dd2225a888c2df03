package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

/**
 * Boxed primitives, String, BigInteger, BigDecimal and UUID. int and long are zig-zag varints;
 * float and double their raw IEEE 754 bits (NaN payloads and -0.0 kept); short and char 2 bytes.
 */
public final class ScalarSerializers {
  private ScalarSerializers() {}

  /** 1 byte, 0 or 1. */
  public static final Serializer<Boolean> BOOLEAN = new Serializer<>() {
    @Override public void write(WriteContext c, Boolean v) { c.writeBoolean(v); }
    @Override public Boolean read(ReadContext c) { return c.readBoolean(); }
  };
  /** 1 byte. */
  public static final Serializer<Byte> BYTE = new Serializer<>() {
    @Override public void write(WriteContext c, Byte v) { c.writeInt8(v); }
    @Override public Byte read(ReadContext c) { return c.readInt8(); }
  };
  /** 2 bytes little-endian. */
  public static final Serializer<Short> SHORT = new Serializer<>() {
    @Override public void write(WriteContext c, Short v) { c.writeInt16(v); }
    @Override public Short read(ReadContext c) { return c.readInt16(); }
  };
  /** 2 bytes little-endian (UTF-16 code unit, unpaired surrogates included). */
  public static final Serializer<Character> CHAR = new Serializer<>() {
    @Override public void write(WriteContext c, Character v) { c.writeChar(v); }
    @Override public Character read(ReadContext c) { return c.readChar(); }
  };
  /** Zig-zag varint, 1–5 bytes. */
  public static final Serializer<Integer> INT = new TraitSerializer<>() {
    @Override public int leafKind() { return LEAF_INT32; }
    @Override public void write(WriteContext c, Integer v) { c.writeVarInt32(v); }
    @Override public Integer read(ReadContext c) { return c.readVarInt32(); }
  };
  /** Zig-zag varint, 1–10 bytes. */
  public static final Serializer<Long> LONG = new TraitSerializer<>() {
    @Override public int leafKind() { return LEAF_INT64; }
    @Override public void write(WriteContext c, Long v) { c.writeVarInt64(v); }
    @Override public Long read(ReadContext c) { return c.readVarInt64(); }
  };
  /** 4 bytes little-endian: an Integer when numbers are not compressed. */
  public static final Serializer<Integer> FIXED_INT = new TraitSerializer<>() {
    @Override public int leafKind() { return LEAF_FIXED_INT32; }
    @Override public void write(WriteContext c, Integer v) { c.writeInt32(v); }
    @Override public Integer read(ReadContext c) { return c.readInt32(); }
  };
  /** 8 bytes little-endian: a Long when numbers are not compressed. */
  public static final Serializer<Long> FIXED_LONG = new TraitSerializer<>() {
    @Override public int leafKind() { return LEAF_FIXED_INT64; }
    @Override public void write(WriteContext c, Long v) { c.writeInt64(v); }
    @Override public Long read(ReadContext c) { return c.readInt64(); }
  };
  /** 4 bytes, raw bits. */
  public static final Serializer<Float> FLOAT = new Serializer<>() {
    @Override public void write(WriteContext c, Float v) { c.writeFloat32(v); }
    @Override public Float read(ReadContext c) { return c.readFloat32(); }
  };
  /** 8 bytes, raw bits. */
  public static final Serializer<Double> DOUBLE = new Serializer<>() {
    @Override public void write(WriteContext c, Double v) { c.writeFloat64(v); }
    @Override public Double read(ReadContext c) { return c.readFloat64(); }
  };
  /** See {@link dev.brine.io.ByteWriter#writeString}. */
  public static final Serializer<String> STRING = new TraitSerializer<>() {
    @Override public int leafKind() { return LEAF_STRING; }
    @Override public void write(WriteContext c, String v) { c.writeString(v); }
    @Override public String read(ReadContext c) { return c.readString(); }
  };

  /** Length-prefixed two's-complement big-endian magnitude ({@link BigInteger#toByteArray()}). */
  public static final Serializer<BigInteger> BIG_INTEGER = new Serializer<>() {
    @Override public void write(WriteContext c0, BigInteger v) {
    WriteSession c = (WriteSession) c0; writeBigInteger(c, v); }
    @Override public BigInteger read(ReadContext c0) {
    ReadSession c = (ReadSession) c0; return readBigInteger(c); }
  };

  /** Scale as a zig-zag varint, then the unscaled value as {@link #BIG_INTEGER}. */
  public static final Serializer<BigDecimal> BIG_DECIMAL = new Serializer<>() {
    @Override
    public void write(WriteContext c0, BigDecimal v) {
    WriteSession c = (WriteSession) c0;
      c.writeVarInt32(v.scale());
      writeBigInteger(c, v.unscaledValue());
    }

    @Override
    public BigDecimal read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      int scale = c.readVarInt32();
      return new BigDecimal(readBigInteger(c), scale);
    }
  };

  /** Most then least significant 64 bits, each 8 bytes little-endian. */
  public static final Serializer<UUID> UUID_SERIALIZER = new Serializer<>() {
    @Override
    public void write(WriteContext c, UUID v) {
      c.writeInt64(v.getMostSignificantBits());
      c.writeInt64(v.getLeastSignificantBits());
    }

    @Override
    public UUID read(ReadContext c) {
      return new UUID(c.readInt64(), c.readInt64());
    }
  };

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
