package dev.brine.geometry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little- and big-endian views over {@code byte[]} for the geometry codecs. On x86 and aarch64 the
 * little-endian handles compile to plain loads and stores, which is why the native format uses them.
 */
final class Bytes {
  static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle DOUBLE_LE =
      MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle DOUBLE_BE =
      MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

  private Bytes() {}

  static int getInt32(byte[] b, int index) {
    return (int) INT_LE.get(b, index);
  }

  static void putInt32(byte[] b, int index, int v) {
    INT_LE.set(b, index, v);
  }

  static void putInt64(byte[] b, int index, long v) {
    LONG_LE.set(b, index, v);
  }

  static double getFloat64(byte[] b, int index) {
    return (double) DOUBLE_LE.get(b, index);
  }

  static void putFloat64(byte[] b, int index, double v) {
    // raw bits: VarHandle double views use doubleToRawLongBits, so NaN payloads survive
    DOUBLE_LE.set(b, index, v);
  }
}
