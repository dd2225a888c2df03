package dev.brine.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * Primitive arrays to and from little-endian bytes, for {@link ByteWriter}, {@link ByteReader} and
 * {@link Loads}: short arrays element by element through the byte-array view {@code VarHandle}s, long
 * ones in one block through a little-endian view of a heap {@link ByteBuffer} wrapping the byte array
 * (the JDK's bulk {@code put}/{@code get} of such a view is a memory copy, a byte-swapping copy on a
 * big-endian machine). Raw bits either way, so NaN payloads and {@code -0.0} survive.
 *
 * <p>A writer keeps its array across calls, so it keeps its {@link Views} too and pays a few checks per
 * array copied: block copies pay from {@link #MIN_WRITE} elements on. A reader gets a new array with
 * every input, so each block read makes a view (a few objects, which C2 does not always inline away in
 * a large generated reader): from {@link #MIN_READ} elements on. Both are the crossovers measured
 * against the element loops (journal steps 76–77 in docs/performance.md).
 */
final class BulkArrays {
  /** The shortest array written in one block; shorter ones go through the element loops. */
  static final int MIN_WRITE = 16;
  /** The shortest array read in one block; shorter ones go through the element loops. */
  static final int MIN_READ = 256;
  /**
   * The shortest run written in one block into an array with no cached views ({@link
   * ByteWriter#storeFloat64s}): a new view per run, so the crossover is higher than {@link #MIN_WRITE}.
   */
  static final int MIN_FRESH_WRITE = 64;

  private BulkArrays() {}

  private static ByteBuffer view(byte[] bytes, int at, int length) {
    return ByteBuffer.wrap(bytes, at, length).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Little-endian views of one byte array for writing, made on first use: one per element type and byte
   * alignment (a view addresses whole elements from where it starts), so a writer that keeps its array
   * across calls pays for the views once, not per array written.
   */
  static final class Views {
    final byte[] bytes;
    private final ShortBuffer[] shorts = new ShortBuffer[2];
    private final CharBuffer[] chars = new CharBuffer[2];
    private final IntBuffer[] ints = new IntBuffer[4];
    private final FloatBuffer[] floats = new FloatBuffer[4];
    private final LongBuffer[] longs = new LongBuffer[8];
    private final DoubleBuffer[] doubles = new DoubleBuffer[8];

    Views(byte[] bytes) {
      this.bytes = bytes;
    }

    /** The bytes from {@code from} on, little-endian. */
    private ByteBuffer from(int from) {
      return ByteBuffer.wrap(bytes, from, bytes.length - from).slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    void put(int at, short[] a) {
      ShortBuffer v = shorts[at & 1];
      if (v == null) {
        v = shorts[at & 1] = from(at & 1).asShortBuffer();
      }
      v.put(at >>> 1, a);
    }

    void put(int at, char[] a) {
      CharBuffer v = chars[at & 1];
      if (v == null) {
        v = chars[at & 1] = from(at & 1).asCharBuffer();
      }
      v.put(at >>> 1, a);
    }

    void put(int at, int[] a) {
      IntBuffer v = ints[at & 3];
      if (v == null) {
        v = ints[at & 3] = from(at & 3).asIntBuffer();
      }
      v.put(at >>> 2, a);
    }

    void put(int at, float[] a) {
      FloatBuffer v = floats[at & 3];
      if (v == null) {
        v = floats[at & 3] = from(at & 3).asFloatBuffer();
      }
      v.put(at >>> 2, a);
    }

    void put(int at, long[] a) {
      LongBuffer v = longs[at & 7];
      if (v == null) {
        v = longs[at & 7] = from(at & 7).asLongBuffer();
      }
      v.put(at >>> 3, a);
    }

    void put(int at, double[] a) {
      DoubleBuffer v = doubles[at & 7];
      if (v == null) {
        v = doubles[at & 7] = from(at & 7).asDoubleBuffer();
      }
      v.put(at >>> 3, a);
    }
  }

  // Stores of arrays by element, for arrays under MIN_WRITE (a writer's views are in Views). The caller
  // has made room.

  static void store(byte[] b, int at, short[] a) {
    for (int i = 0; i < a.length; i++) {
      ByteWriter.I16.set(b, at + (i << 1), a[i]);
    }
  }

  static void store(byte[] b, int at, char[] a) {
    for (int i = 0; i < a.length; i++) {
      ByteWriter.I16.set(b, at + (i << 1), (short) a[i]);
    }
  }

  static void store(byte[] b, int at, int[] a) {
    for (int i = 0; i < a.length; i++) {
      ByteWriter.I32.set(b, at + (i << 2), a[i]);
    }
  }

  static void store(byte[] b, int at, long[] a) {
    for (int i = 0; i < a.length; i++) {
      ByteWriter.I64.set(b, at + (i << 3), a[i]);
    }
  }

  static void store(byte[] b, int at, float[] a) {
    for (int i = 0; i < a.length; i++) {
      ByteWriter.I32.set(b, at + (i << 2), Float.floatToRawIntBits(a[i]));
    }
  }

  static void store(byte[] b, int at, double[] a) {
    for (int i = 0; i < a.length; i++) {
      ByteWriter.I64.set(b, at + (i << 3), Double.doubleToRawLongBits(a[i]));
    }
  }

  /** {@code a[0, n)} into an array with no cached views: a new view from {@link #MIN_FRESH_WRITE} on. */
  static void store(byte[] b, int at, double[] a, int n) {
    if (n >= MIN_FRESH_WRITE) {
      view(b, at, n * 8).asDoubleBuffer().put(a, 0, n);
      return;
    }
    for (int i = 0; i < n; i++) {
      ByteWriter.I64.set(b, at + (i << 3), Double.doubleToRawLongBits(a[i]));
    }
  }

  // Loads of arrays: the element loops below MIN_READ, a block copy through a new view from there on.
  // The caller has checked that the bytes are there.

  static void load(byte[] b, int at, short[] a) {
    if (a.length >= MIN_READ) {
      view(b, at, a.length * 2).asShortBuffer().get(a);
      return;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] = (short) ByteWriter.I16.get(b, at + (i << 1));
    }
  }

  static void load(byte[] b, int at, char[] a) {
    if (a.length >= MIN_READ) {
      view(b, at, a.length * 2).asCharBuffer().get(a);
      return;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] = (char) (short) ByteWriter.I16.get(b, at + (i << 1));
    }
  }

  static void load(byte[] b, int at, int[] a) {
    if (a.length >= MIN_READ) {
      view(b, at, a.length * 4).asIntBuffer().get(a);
      return;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] = (int) ByteWriter.I32.get(b, at + (i << 2));
    }
  }

  static void load(byte[] b, int at, long[] a) {
    if (a.length >= MIN_READ) {
      view(b, at, a.length * 8).asLongBuffer().get(a);
      return;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] = (long) ByteWriter.I64.get(b, at + (i << 3));
    }
  }

  static void load(byte[] b, int at, float[] a) {
    if (a.length >= MIN_READ) {
      view(b, at, a.length * 4).asFloatBuffer().get(a);
      return;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] = Float.intBitsToFloat((int) ByteWriter.I32.get(b, at + (i << 2)));
    }
  }

  static void load(byte[] b, int at, double[] a) {
    if (a.length >= MIN_READ) {
      view(b, at, a.length * 8).asDoubleBuffer().get(a);
      return;
    }
    for (int i = 0; i < a.length; i++) {
      a[i] = Double.longBitsToDouble((long) ByteWriter.I64.get(b, at + (i << 3)));
    }
  }
}
