package dev.brine.bench.support;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Little-endian reader matching {@link HandWriter}. Every read checks the remaining bytes first and throws
 * {@link IllegalArgumentException} (with the offset) on truncated or malformed input.
 */
public final class HandReader {
  private static final VarHandle INT32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle FLOAT64 =
      MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] buf;
  private int pos;

  /**
   * Creates a reader over a whole array.
   *
   * @param buf the bytes (not copied)
   */
  public HandReader(byte[] buf) {
    this.buf = buf;
  }

  private void need(int n) {
    if (n < 0 || n > buf.length - pos) {
      throw new IllegalArgumentException("need " + n + " bytes at offset " + pos + ", have " + (buf.length - pos));
    }
  }

  /**
   * Reads one signed byte.
   *
   * @return the byte
   */
  public int readInt8() {
    need(1);
    return buf[pos++];
  }

  /**
   * Reads 4 bytes little-endian.
   *
   * @return the value
   */
  public int readInt32() {
    need(4);
    int v = (int) INT32.get(buf, pos);
    pos += 4;
    return v;
  }

  /**
   * Reads 8 bytes little-endian.
   *
   * @return the value
   */
  public long readInt64() {
    need(8);
    long v = (long) INT64.get(buf, pos);
    pos += 8;
    return v;
  }

  /**
   * Reads an IEEE 754 double, 8 bytes little-endian.
   *
   * @return the value
   */
  public double readFloat64() {
    need(8);
    double v = (double) FLOAT64.get(buf, pos);
    pos += 8;
    return v;
  }

  /**
   * Reads an unsigned LEB128 varint of at most 5 bytes.
   *
   * @return the value
   */
  public int readVarUInt32() {
    int result = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = readInt8();
      result |= (b & 0x7F) << shift;
      if (b >= 0) {
        return result;
      }
    }
    throw new IllegalArgumentException("varint longer than 5 bytes at offset " + pos);
  }

  /**
   * Reads a string written by {@link HandWriter#writeString(String)}.
   *
   * @return the string or null
   */
  public String readString() {
    int n = readVarUInt32();
    if (n == 0) {
      return null;
    }
    n--;
    need(n);
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  /**
   * Absolute little-endian int32 load (bounds-checked by the VarHandle).
   *
   * @param b source
   * @param index byte offset
   * @return the value
   */
  public static int getInt32(byte[] b, int index) {
    return (int) INT32.get(b, index);
  }

  /**
   * Absolute little-endian int64 load.
   *
   * @param b source
   * @param index byte offset
   * @return the value
   */
  public static long getInt64(byte[] b, int index) {
    return (long) INT64.get(b, index);
  }

  /**
   * Absolute little-endian float64 load.
   *
   * @param b source
   * @param index byte offset
   * @return the value
   */
  public static double getFloat64(byte[] b, int index) {
    return (double) FLOAT64.get(b, index);
  }
}
