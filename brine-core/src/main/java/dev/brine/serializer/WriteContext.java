package dev.brine.serializer;

/**
 * What a {@link Serializer} writes a payload with: fixed-width little-endian numbers, varints,
 * strings, raw bytes, and nested values. Implemented by Brine only (one per call, pooled); a
 * serializer never keeps it past the call.
 *
 * <p>Byte layouts (docs/format.md): fixed-width numbers are little-endian; {@code VarUInt} is LEB128
 * (7 bits a byte, low bits first), {@code VarInt} the same after zig-zag encoding, so small negative
 * numbers stay short. Every method may throw {@link dev.brine.LimitExceededException} when the
 * payload would exceed {@code Brine.Builder.maxPayloadBytes}.
 */
public interface WriteContext {
  /** One byte: 1 for true, 0 for false. */
  void writeBoolean(boolean v);

  /** The low 8 bits of {@code v}. */
  void writeInt8(int v);

  /** The low 16 bits of {@code v}, little-endian. */
  void writeInt16(int v);

  /** A char as 2 bytes, little-endian. */
  void writeChar(char v);

  /** 4 bytes, little-endian. */
  void writeInt32(int v);

  /** 8 bytes, little-endian. */
  void writeInt64(long v);

  /** An IEEE 754 float's 4 bytes, little-endian (NaN payloads and -0.0 kept). */
  void writeFloat32(float v);

  /** An IEEE 754 double's 8 bytes, little-endian (NaN payloads and -0.0 kept). */
  void writeFloat64(double v);

  /** A zig-zag varint: 1 byte for -64..63, at most 5. */
  void writeVarInt32(int v);

  /** An unsigned varint: 1 byte for 0..127, at most 5 (negative values take 5). */
  void writeVarUInt32(int v);

  /** A zig-zag varint of a long: 1 byte for -64..63, at most 9. */
  void writeVarInt64(long v);

  /** An unsigned varint of a long: 1 byte for 0..127, at most 9. */
  void writeVarUInt64(long v);

  /** A non-null string (docs/format.md, "Strings"); read back with {@link ReadContext#readString()}. */
  void writeString(String s);

  /** A string that may be null; read back with {@link ReadContext#readNullableString()}. */
  void writeNullableString(String s);

  /** {@code len} bytes of {@code src} from {@code off}, as they are (write the length first if the reader needs it). */
  void writeBytes(byte[] src, int off, int len);

  /**
   * Any value (null included) with its type tag, written by the serializer of its class; read back
   * with {@link ReadContext#readObject()}. Counts towards the depth limit and takes part in reference
   * tracking when it is on.
   *
   * @throws dev.brine.ClassNotAllowedException if the value's class is not registered while
   *     registration is required, or is denied
   */
  void writeObject(Object value);
}
