package dev.brine.serializer;

import dev.brine.MalformedInputException;

/**
 * What a {@link Serializer} reads a payload with: the counterpart of every {@link WriteContext}
 * method, plus checked lengths and back-reference registration. Implemented by Brine only (one per
 * call, pooled); a serializer never keeps it past the call.
 *
 * <p>Every method throws a {@link dev.brine.BrineException} for bad input: {@link
 * dev.brine.TruncatedInputException} when the input ends early, {@link MalformedInputException} for
 * bytes that cannot be what was written, naming the offset.
 */
public interface ReadContext {
  /** Reads a byte written by {@link WriteContext#writeBoolean}; only 0 and 1 are accepted. */
  boolean readBoolean();

  /** Reads one byte. */
  byte readInt8();

  /** Reads 2 bytes, little-endian. */
  short readInt16();

  /** Reads a char (2 bytes, little-endian). */
  char readChar();

  /** Reads 4 bytes, little-endian. */
  int readInt32();

  /** Reads 8 bytes, little-endian. */
  long readInt64();

  /** Reads a float's 4 bytes, little-endian. */
  float readFloat32();

  /** Reads a double's 8 bytes, little-endian. */
  double readFloat64();

  /** Reads a zig-zag varint written by {@link WriteContext#writeVarInt32}. */
  int readVarInt32();

  /** Reads an unsigned varint written by {@link WriteContext#writeVarUInt32}. */
  int readVarUInt32();

  /** Reads a zig-zag varint written by {@link WriteContext#writeVarInt64}. */
  long readVarInt64();

  /** Reads an unsigned varint written by {@link WriteContext#writeVarUInt64}. */
  long readVarUInt64();

  /** Reads a string written by {@link WriteContext#writeString}. */
  String readString();

  /** Reads a string written by {@link WriteContext#writeNullableString}; may return null. */
  String readNullableString();

  /** Reads {@code len} bytes into a new array (check {@code len} with {@link #readLength} first). */
  byte[] readBytes(int len);

  /**
   * Reads a length or element count written with {@link WriteContext#writeVarUInt32}, checked before
   * anything is allocated: against {@code Brine.Builder.maxLength} and against the bytes that remain,
   * at least {@code minBytesEach} per element.
   *
   * @param what what the length counts, for the error message (e.g. "polygon rings")
   * @throws dev.brine.LimitExceededException if the length exceeds the limit
   * @throws MalformedInputException if fewer bytes remain than the length needs
   */
  int readLength(String what, int minBytesEach);

  /** Reads a value written by {@link WriteContext#writeObject}; may return null. */
  Object readObject();

  /**
   * Reads a value written by {@link WriteContext#writeObject} that must be of class {@code type}
   * (or null).
   *
   * @throws MalformedInputException naming the offset if the value is of another class
   */
  default <T> T readObject(Class<T> type) {
    int at = position();
    Object o = readObject();
    if (o == null || type.isInstance(o)) {
      return type.cast(o);
    }
    throw new MalformedInputException("expected a " + type.getName() + " at offset " + at + " but found a "
        + o.getClass().getName());
  }

  /**
   * Makes a just-created instance available to back-references from inside itself (reference tracking
   * on). A serializer of a mutable object that may be part of a cycle calls this as soon as the
   * instance exists, before reading its contents; otherwise it may ignore it.
   */
  void reference(Object instance);

  /** The offset of the next byte to read, for error messages (relative to the start of the payload). */
  int position();
}
