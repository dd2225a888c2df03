package dev.brine.bench.support;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable little-endian byte writer for the hand-written serializers: plain {@code byte[]} plus
 * {@link VarHandle} views, the practical speed limit that generated code can aim for.
 *
 * <p>Not thread-safe; reuse one instance per benchmark state and call {@link #reset()} before each message.
 */
public final class HandWriter {
  private static final VarHandle INT32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle FLOAT64 =
      MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  private byte[] buf;
  private int pos;

  /**
   * Creates a writer.
   *
   * @param initialCapacity initial buffer size in bytes (grows by doubling)
   */
  public HandWriter(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  /** Forgets everything written; keeps the buffer. */
  public void reset() {
    pos = 0;
  }

  /**
   * Returns an exact-size copy of the bytes written since the last {@link #reset()}.
   *
   * @return a new array of {@code position()} bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /**
   * Number of bytes written since the last reset.
   *
   * @return the write position
   */
  public int position() {
    return pos;
  }

  private void ensure(int n) {
    if (pos + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
    }
  }

  /**
   * Writes one byte.
   *
   * @param v the low 8 bits are written
   */
  public void writeInt8(int v) {
    ensure(1);
    buf[pos++] = (byte) v;
  }

  /**
   * Writes 4 bytes little-endian.
   *
   * @param v the value
   */
  public void writeInt32(int v) {
    ensure(4);
    INT32.set(buf, pos, v);
    pos += 4;
  }

  /**
   * Writes 8 bytes little-endian.
   *
   * @param v the value
   */
  public void writeInt64(long v) {
    ensure(8);
    INT64.set(buf, pos, v);
    pos += 8;
  }

  /**
   * Writes an IEEE 754 double, 8 bytes little-endian.
   *
   * @param v the value
   */
  public void writeFloat64(double v) {
    ensure(8);
    FLOAT64.set(buf, pos, v);
    pos += 8;
  }

  /**
   * Writes an unsigned LEB128 varint (1 to 5 bytes).
   *
   * @param v the value, treated as unsigned
   */
  public void writeVarUInt32(int v) {
    ensure(5);
    while ((v & ~0x7F) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
  }

  /**
   * Writes a nullable string: varint (byte length + 1, 0 for null) then UTF-8 bytes; ASCII is copied char by char.
   *
   * @param s the string or null
   */
  public void writeString(String s) {
    if (s == null) {
      writeVarUInt32(0);
      return;
    }
    int n = s.length();
    boolean ascii = true;
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      writeVarUInt32(n + 1);
      ensure(n);
      for (int i = 0; i < n; i++) {
        buf[pos + i] = (byte) s.charAt(i);
      }
      pos += n;
    } else {
      byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
      writeVarUInt32(utf8.length + 1);
      ensure(utf8.length);
      System.arraycopy(utf8, 0, buf, pos, utf8.length);
      pos += utf8.length;
    }
  }

  /**
   * Absolute little-endian int32 store.
   *
   * @param b target array
   * @param index byte offset
   * @param v value
   */
  public static void putInt32(byte[] b, int index, int v) {
    INT32.set(b, index, v);
  }

  /**
   * Absolute little-endian int64 store.
   *
   * @param b target array
   * @param index byte offset
   * @param v value
   */
  public static void putInt64(byte[] b, int index, long v) {
    INT64.set(b, index, v);
  }

  /**
   * Absolute little-endian float64 store.
   *
   * @param b target array
   * @param index byte offset
   * @param v value
   */
  public static void putFloat64(byte[] b, int index, double v) {
    FLOAT64.set(b, index, v);
  }
}
