package dev.brine.io;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.TruncatedInputException;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Primitive arrays are written and read element by element when short and in one block copy when long
 * ({@link BulkArrays}): both give the same little-endian bytes, at every alignment, with raw bits kept.
 */
class PrimitiveArrayBlocksTest {
  /** Lengths around both thresholds and well past them. */
  static final int[] LENGTHS = {
    0, 1, 7, BulkArrays.MIN_WRITE - 1, BulkArrays.MIN_WRITE, BulkArrays.MIN_WRITE + 1,
    BulkArrays.MIN_READ - 1, BulkArrays.MIN_READ, BulkArrays.MIN_READ + 1, 1000
  };

  /** Bits of every kind: NaNs with payloads, -0.0, infinities, extremes. */
  static long bits(Random r, int i) {
    return switch (i % 6) {
      case 0 -> Double.doubleToRawLongBits(-0.0);
      case 1 -> 0x7ff0_0000_0000_0001L + r.nextInt(1000); // a NaN with a payload
      case 2 -> 0x7fc0_0001L + ((long) r.nextInt(1000) << 32); // float NaN payload in the low half
      case 3 -> Long.MIN_VALUE;
      default -> r.nextLong();
    };
  }

  /** The little-endian bytes of {@code width} bytes of each value, written one byte at a time. */
  static byte[] expected(int offset, long[] values, int width) {
    byte[] out = new byte[offset + values.length * width];
    for (int i = 0; i < values.length; i++) {
      for (int b = 0; b < width; b++) {
        out[offset + i * width + b] = (byte) (values[i] >>> (8 * b));
      }
    }
    return out;
  }

  static byte[] written(int offset, java.util.function.Consumer<ByteWriter> write) {
    ByteWriter w = new ByteWriter(0);
    for (int i = 0; i < offset; i++) {
      w.writeInt8(0);
    }
    write.accept(w);
    return w.toByteArray();
  }

  static void check(int offset, int n, long seed) {
    Random r = new Random(seed);
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = bits(r, i);
    }
    long[] longs = v.clone();
    double[] doubles = new double[n];
    int[] ints = new int[n];
    float[] floats = new float[n];
    short[] shorts = new short[n];
    char[] chars = new char[n];
    long[] v32 = new long[n];
    long[] v16 = new long[n];
    for (int i = 0; i < n; i++) {
      doubles[i] = Double.longBitsToDouble(v[i]);
      ints[i] = (int) v[i];
      floats[i] = Float.intBitsToFloat((int) v[i]);
      shorts[i] = (short) v[i];
      chars[i] = (char) v[i];
      v32[i] = (int) v[i];
      v16[i] = (short) v[i];
    }
    String at = "n=" + n + " offset=" + offset;
    byte[] b64 = expected(offset, v, 8);
    byte[] b32 = expected(offset, v32, 4);
    byte[] b16 = expected(offset, v16, 2);
    assertArrayEquals(b64, written(offset, w -> w.writeInt64s(longs)), at);
    assertArrayEquals(b64, written(offset, w -> w.writeFloat64s(doubles)), at);
    assertArrayEquals(b32, written(offset, w -> w.writeInt32s(ints)), at);
    // floats are compared by the raw bits the array holds
    long[] fbits = new long[n];
    for (int i = 0; i < n; i++) {
      fbits[i] = Float.floatToRawIntBits(floats[i]);
    }
    assertArrayEquals(expected(offset, fbits, 4), written(offset, w -> w.writeFloat32s(floats)), at);
    assertArrayEquals(b16, written(offset, w -> w.writeInt16s(shorts)), at);
    assertArrayEquals(b16, written(offset, w -> w.writeChars(chars)), at);

    long[] longsBack = new long[n];
    reader(b64, offset).readInt64s(longsBack);
    assertArrayEquals(longs, longsBack, at);
    double[] doublesBack = new double[n];
    reader(b64, offset).readFloat64s(doublesBack);
    for (int i = 0; i < n; i++) {
      assertEquals(v[i], Double.doubleToRawLongBits(doublesBack[i]), at + " index " + i);
    }
    int[] intsBack = new int[n];
    reader(b32, offset).readInt32s(intsBack);
    assertArrayEquals(ints, intsBack, at);
    float[] floatsBack = new float[n];
    reader(expected(offset, fbits, 4), offset).readFloat32s(floatsBack);
    for (int i = 0; i < n; i++) {
      assertEquals(fbits[i], Float.floatToRawIntBits(floatsBack[i]), at + " index " + i);
    }
    short[] shortsBack = new short[n];
    reader(b16, offset).readInt16s(shortsBack);
    assertArrayEquals(shorts, shortsBack, at);
    char[] charsBack = new char[n];
    reader(b16, offset).readChars(charsBack);
    assertArrayEquals(chars, charsBack, at);
  }

  static ByteReader reader(byte[] bytes, int offset) {
    ByteReader r = new ByteReader();
    r.wrap(bytes, offset, bytes.length - offset);
    return r;
  }

  @Test
  void everyLengthAroundTheThresholdsAtEveryAlignment() {
    for (int n : LENGTHS) {
      for (int offset = 0; offset < 8; offset++) {
        check(offset, n, 31L * n + offset);
      }
    }
  }

  @Property(tries = 200)
  void anyLengthAndAlignment(@ForAll @IntRange(max = 700) int n, @ForAll @IntRange(max = 15) int offset,
      @ForAll long seed) {
    check(offset, n, seed);
  }

  /**
   * One writer writes many arrays one after another, growing its buffer and being reset in between (so its
   * cached views must follow the buffer it writes into): the bytes equal an element-by-element encoding.
   */
  @Property(tries = 50)
  void aWriterThatGrowsAndIsReusedWritesEveryArrayWhereItBelongs(@ForAll long seed) {
    Random r = new Random(seed);
    ByteWriter w = new ByteWriter(r.nextInt(64));
    for (int call = 0; call < 3; call++) {
      w.reset();
      java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
      for (int k = 0; k < 12; k++) {
        int pad = r.nextInt(8);
        for (int i = 0; i < pad; i++) {
          w.writeInt8(i);
          expected.write(i);
        }
        int n = r.nextInt(3) == 0 ? r.nextInt(300) : r.nextInt(40);
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = r.nextLong();
        }
        int width;
        switch (r.nextInt(4)) {
          case 0 -> {
            w.writeInt64s(v.clone());
            width = 8;
          }
          case 1 -> {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
              a[i] = (int) v[i];
            }
            w.writeInt32s(a);
            width = 4;
          }
          case 2 -> {
            short[] a = new short[n];
            for (int i = 0; i < n; i++) {
              a[i] = (short) v[i];
            }
            w.writeInt16s(a);
            width = 2;
          }
          default -> {
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
              a[i] = Double.longBitsToDouble(v[i]);
            }
            w.writeFloat64s(a);
            width = 8;
          }
        }
        expected.writeBytes(expected(0, v, width));
      }
      assertArrayEquals(expected.toByteArray(), w.toByteArray(), "call " + call);
    }
  }

  /** The static forms for arrays a caller sized (brine-geometry's coordinates): same bytes, bounds checked. */
  @Test
  void staticStoresAndLoadsOfDoubles() {
    for (int n : new int[] {0, 1, BulkArrays.MIN_FRESH_WRITE - 1, BulkArrays.MIN_FRESH_WRITE, BulkArrays.MIN_READ, 700}) {
      for (int offset = 0; offset < 8; offset++) {
        Random r = new Random(n * 8L + offset);
        long[] v = new long[n];
        double[] d = new double[n + 3];
        for (int i = 0; i < n; i++) {
          v[i] = bits(r, i);
          d[i] = Double.longBitsToDouble(v[i]);
        }
        byte[] b = new byte[offset + n * 8 + 5];
        assertEquals(offset + n * 8, ByteWriter.storeFloat64s(b, offset, d, n));
        byte[] want = java.util.Arrays.copyOf(expected(offset, v, 8), b.length);
        assertArrayEquals(want, b, "n=" + n + " offset=" + offset);
        double[] back = new double[n];
        Loads.loadFloat64s(b, offset, back);
        for (int i = 0; i < n; i++) {
          assertEquals(v[i], Double.doubleToRawLongBits(back[i]), "n=" + n + " offset=" + offset + " index " + i);
        }
        int m = Math.max(n, 1);
        int o = offset;
        assertThrows(IndexOutOfBoundsException.class, () -> ByteWriter.storeFloat64s(new byte[o + m * 8 - 1], o, d, m));
        assertThrows(IndexOutOfBoundsException.class, () -> ByteWriter.storeFloat64s(new byte[o + m * 8 + 64], o, d, d.length + 1));
        assertThrows(IndexOutOfBoundsException.class, () -> Loads.loadFloat64s(b, b.length - 7, new double[1]));
      }
    }
  }

  /** A pooled writer trims a grown buffer so as not to pin memory: its views must not pin it either. */
  @Test
  void trimmingAWriterReleasesTheArrayItsViewsCovered() {
    ByteWriter w = new ByteWriter(16);
    w.writeInt64s(new long[300_000]); // grows past 1 MiB and makes views of the grown array
    java.lang.ref.WeakReference<byte[]> grown = new java.lang.ref.WeakReference<>(w.array());
    w.trim(1 << 20);
    for (int i = 0; i < 20 && grown.get() != null; i++) {
      System.gc();
    }
    assertTrue(grown.get() == null, "the trimmed array is still reachable");
    w.reset();
    w.writeInt64s(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17});
    assertEquals(17 * 8, w.position());
    assertEquals(17L, Loads.loadInt64(w.array(), 16 * 8));
  }

  @Test
  void aLongArrayPastTheEndOfTheInputIsTruncatedNotCopied() {
    int n = BulkArrays.MIN_READ * 2;
    byte[] bytes = new byte[n * 8 - 1];
    ByteReader r = reader(bytes, 0);
    assertThrows(TruncatedInputException.class, () -> r.readInt64s(new long[n]));
    assertThrows(TruncatedInputException.class, () -> reader(bytes, 0).readFloat64s(new double[n]));
    assertThrows(TruncatedInputException.class, () -> reader(bytes, 0).readInt32s(new int[n * 2]));
  }
}
