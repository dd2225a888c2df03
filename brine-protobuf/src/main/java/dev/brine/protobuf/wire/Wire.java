package dev.brine.protobuf.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Wire types, tags and little-endian stores of the protobuf encoding. */
public final class Wire {
  private Wire() {
  }

  /** Wire type of varints (int32, int64, uint*, sint*, bool, enum). */
  public static final int VARINT = 0;
  /** Wire type of 8-byte values (fixed64, sfixed64, double). */
  public static final int I64 = 1;
  /** Wire type of length-delimited values (string, bytes, messages, packed repeated fields). */
  public static final int LEN = 2;
  /** Wire type of a group's start (deprecated; skipped when unknown). */
  public static final int SGROUP = 3;
  /** Wire type of a group's end. */
  public static final int EGROUP = 4;
  /** Wire type of 4-byte values (fixed32, sfixed32, float). */
  public static final int I32 = 5;
  /** The largest field number. */
  public static final int MAX_FIELD_NUMBER = (1 << 29) - 1;

  static final VarHandle I32_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle I64_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The tag of field {@code number} with wire type {@code wireType}. */
  public static int tag(int number, int wireType) {
    return number << 3 | wireType;
  }

  /** The bytes of an unsigned varint of the 32 bits of {@code v}. */
  public static int varint32Size(int v) {
    return (31 - Integer.numberOfLeadingZeros(v | 1)) / 7 + 1;
  }

  /** The bytes of an unsigned varint of the 64 bits of {@code v}. */
  public static int varint64Size(long v) {
    return (63 - Long.numberOfLeadingZeros(v | 1)) / 7 + 1;
  }

  /** The bytes of an int32 value (ten for negative numbers). */
  public static int int32Size(int v) {
    return v >= 0 ? varint32Size(v) : 10;
  }

  static void storeInt32(byte[] b, int at, int v) {
    I32_LE.set(b, at, v);
  }

  static void storeInt64(byte[] b, int at, long v) {
    I64_LE.set(b, at, v);
  }

  static int loadInt32(byte[] b, int at) {
    return (int) I32_LE.get(b, at);
  }

  static long loadInt64(byte[] b, int at) {
    return (long) I64_LE.get(b, at);
  }
}
