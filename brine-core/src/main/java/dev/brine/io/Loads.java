package dev.brine.io;

/**
 * Loads from a byte array at an index the caller has checked the room for (little-endian, through
 * {@link ByteWriter}'s array views): the read half of {@link ByteWriter}'s static stores. Generated
 * serializers, the interpreted ones and the geometry and columnar readers keep the array and the
 * position in locals and call these; the number group's control codes are checked and decoded here
 * too ({@link #controlErrors(long, long, long, long, long)}, {@link #loadSigned32}).
 */
public final class Loads {
  private Loads() {}

  /**
   * Checks {@code words} 8-byte words of control codes at {@code control} (an index in the window's
   * array) against {@code limits} (four lane masks per word, see {@link #controlErrors(long, long, long, long, long)}); returns the
   * error bits, 0 when every code is in its field's range. For the interpreter; generated code
   * inlines the same check with constant limits.
   */
  public static long controlErrors(byte[] b, int control, int words, long[] limits) {
    long bad = 0;
    for (int w = 0; w < words; w++) {
      int k = w << 2;
      bad |= controlErrors((long) ByteWriter.I64.get(b, control + (w << 3)), limits[k], limits[k + 1], limits[k + 2],
          limits[k + 3]);
    }
    return bad;
  }

  /**
   * The control codes of a number group that are out of range, as bits ({@code 0x10} in the byte of a
   * bad code; 0 when all are valid): {@code w} holds 8 control bytes (16 codes, little-endian), each
   * even code checked against the byte lanes of {@code evenMax}/{@code evenMin} and each odd one
   * against {@code oddMax}/{@code oddMin}, where a lane holds {@code 15 - max} and {@code 16 - min}.
   * A few operations for 16 codes; generated code calls it once per 16 fields.
   */
  public static long controlErrors(long w, long evenMax, long evenMin, long oddMax, long oddMin) {
    long e = w & 0x0F0F0F0F0F0F0F0FL;
    long o = (w >>> 4) & 0x0F0F0F0F0F0F0F0FL;
    return ((e + evenMax) | (o + oddMax) | ~(e + evenMin) | ~(o + oddMin)) & 0x1010101010101010L;
  }

  /** The int stored in {@code n} (1–4) little-endian bytes at {@code i}, sign-extended; 4 bytes are loaded. */
  public static int loadSigned32(byte[] b, int i, int n) {
    int sh = -(n << 3);
    return ((int) ByteWriter.I32.get(b, i) << sh) >> sh;
  }

  /** The long stored in {@code n} (1–8) little-endian bytes at {@code i}, sign-extended; 8 bytes are loaded. */
  public static long loadSigned64(byte[] b, int i, int n) {
    int sh = -(n << 3);
    return ((long) ByteWriter.I64.get(b, i) << sh) >> sh;
  }

  /** The 8 bytes at {@code i} as a little-endian long (control bytes of a group). */
  public static long loadControl(byte[] b, int i) {
    return (long) ByteWriter.I64.get(b, i);
  }

  /** The signed byte at array index {@code i}. */
  public static byte loadInt8(byte[] b, int i) {
    return b[i];
  }

  /** The little-endian 16-bit value at array index {@code i}. */
  public static short loadInt16(byte[] b, int i) {
    return (short) ByteWriter.I16.get(b, i);
  }

  /** The little-endian 16-bit char at array index {@code i}. */
  public static char loadChar(byte[] b, int i) {
    return (char) (short) ByteWriter.I16.get(b, i);
  }

  /** The little-endian 32-bit value at array index {@code i}. */
  public static int loadInt32(byte[] b, int i) {
    return (int) ByteWriter.I32.get(b, i);
  }

  /** The little-endian 64-bit value at array index {@code i}. */
  public static long loadInt64(byte[] b, int i) {
    return (long) ByteWriter.I64.get(b, i);
  }

  /** The float whose raw bits are at array index {@code i}, little-endian. */
  public static float loadFloat32(byte[] b, int i) {
    return Float.intBitsToFloat((int) ByteWriter.I32.get(b, i));
  }

  /** The double whose raw bits are at array index {@code i}, little-endian. */
  public static double loadFloat64(byte[] b, int i) {
    return Double.longBitsToDouble((long) ByteWriter.I64.get(b, i));
  }

  /**
   * Fills {@code dst} with the little-endian doubles (raw bits) from array index {@code i} on: the bounds
   * are checked; long arrays are copied in one block ({@link ByteReader#readFloat64s} does the same).
   *
   * @throws IndexOutOfBoundsException if the doubles do not all lie inside {@code b}
   */
  public static void loadFloat64s(byte[] b, int i, double[] dst) {
    java.util.Objects.checkFromIndexSize(i, dst.length * 8L > Integer.MAX_VALUE ? -1 : dst.length * 8, b.length);
    BulkArrays.load(b, i, dst);
  }

  /**
   * The sum of the 4-bit codes in the {@code n} bytes at {@code i}, loaded as whole words: the array
   * must hold {@code n} rounded up to a multiple of 8 bytes from {@code i} (the bytes after the codes
   * in the last word are masked off).
   */
  static int codeSum(byte[] b, int i, int n) {
    int sum = 0;
    int full = n & ~7;
    int k = 0;
    for (; k < full; k += 8) {
      sum += nibbleSum((long) ByteWriter.I64.get(b, i + k));
    }
    if (k < n) {
      sum += nibbleSum((long) ByteWriter.I64.get(b, i + k) & (-1L >>> ((8 - (n - k)) << 3)));
    }
    return sum;
  }

  /** The sum of the 16 nibbles of {@code w}. */
  private static int nibbleSum(long w) {
    long lanes = (w & 0x0F0F0F0F0F0F0F0FL) + ((w >>> 4) & 0x0F0F0F0F0F0F0F0FL); // each byte <= 30
    return (int) ((lanes * 0x0101010101010101L) >>> 56); // <= 240: no carry out
  }
}
