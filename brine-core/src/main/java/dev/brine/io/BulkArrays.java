package dev.brine.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Copies long primitive arrays to and from little-endian bytes in one block, through a little-endian
 * view of a heap {@link ByteBuffer} wrapping the byte array: the JDK's bulk {@code put}/{@code get} of
 * such a view is a memory copy (a byte-swapping copy on a big-endian machine), where an element loop
 * stores one value at a time. Raw bits are copied, so NaN payloads and {@code -0.0} survive. The view
 * costs a few objects and checks per call (C2 does not always inline it into a large reading method),
 * so {@link ByteWriter} uses it from {@link #MIN_WRITE} elements on and {@link ByteReader} from {@link
 * #MIN_READ} (the measured crossovers, journal step 76 in docs/performance.md).
 */
final class BulkArrays {
  /** The shortest array written in one block; shorter ones go through the element loops. */
  static final int MIN_WRITE = 64;
  /** The shortest array read in one block; shorter ones go through the element loops. */
  static final int MIN_READ = 256;

  private BulkArrays() {}

  private static ByteBuffer view(byte[] bytes, int at, int length) {
    return ByteBuffer.wrap(bytes, at, length).order(ByteOrder.LITTLE_ENDIAN);
  }

  static void put(byte[] bytes, int at, short[] a) {
    view(bytes, at, a.length * 2).asShortBuffer().put(a);
  }

  static void put(byte[] bytes, int at, char[] a) {
    view(bytes, at, a.length * 2).asCharBuffer().put(a);
  }

  static void put(byte[] bytes, int at, int[] a) {
    view(bytes, at, a.length * 4).asIntBuffer().put(a);
  }

  static void put(byte[] bytes, int at, long[] a) {
    view(bytes, at, a.length * 8).asLongBuffer().put(a);
  }

  static void put(byte[] bytes, int at, float[] a) {
    view(bytes, at, a.length * 4).asFloatBuffer().put(a);
  }

  static void put(byte[] bytes, int at, double[] a) {
    view(bytes, at, a.length * 8).asDoubleBuffer().put(a);
  }

  static void get(byte[] bytes, int at, short[] a) {
    view(bytes, at, a.length * 2).asShortBuffer().get(a);
  }

  static void get(byte[] bytes, int at, char[] a) {
    view(bytes, at, a.length * 2).asCharBuffer().get(a);
  }

  static void get(byte[] bytes, int at, int[] a) {
    view(bytes, at, a.length * 4).asIntBuffer().get(a);
  }

  static void get(byte[] bytes, int at, long[] a) {
    view(bytes, at, a.length * 8).asLongBuffer().get(a);
  }

  static void get(byte[] bytes, int at, float[] a) {
    view(bytes, at, a.length * 4).asFloatBuffer().get(a);
  }

  static void get(byte[] bytes, int at, double[] a) {
    view(bytes, at, a.length * 8).asDoubleBuffer().get(a);
  }
}
