package dev.brine.json.io;

import java.math.BigInteger;

/**
 * Turns a decimal w * 10^q (w at most 19 digits) into the nearest double without building a string:
 * exactly with one floating-point operation when w and 10^|q| are both exact doubles (Clinger's fast
 * path), else by the Eisel–Lemire method (D. Lemire, "Number Parsing at a Gigabyte per Second",
 * 2021): w times a 128-bit approximation of 5^q, whose error the method detects, and in the rare
 * undecided cases (and for subnormals and overflow) it reports {@link Double#NaN} so that the caller
 * falls back to {@link Double#parseDouble}. Implemented from the paper; the table of powers is
 * computed with {@link BigInteger} when the class loads.
 */
final class DecimalToDouble {
  private DecimalToDouble() {
  }

  private static final int Q_MIN = -342;
  private static final int Q_MAX = 308;
  /** The high 64 bits of the 128-bit normalized approximation of 5^q, for q in [Q_MIN, Q_MAX]. */
  private static final long[] HI = new long[Q_MAX - Q_MIN + 1];
  /** The low 64 bits. */
  private static final long[] LO = new long[Q_MAX - Q_MIN + 1];
  /** 10^i as exact doubles, i in [0, 22]. */
  private static final double[] POW10 = new double[23];

  static {
    double p = 1;
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = p;
      p *= 10;
    }
    BigInteger five = BigInteger.valueOf(5);
    BigInteger two128 = BigInteger.ONE.shiftLeft(128);
    BigInteger mask64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    for (int q = Q_MIN; q <= Q_MAX; q++) {
      BigInteger c;
      if (q < 0) {
        BigInteger p5 = five.pow(-q);
        int z = p5.bitLength(); // 2^(z-1) < 5^-q < 2^z
        // 2^b / 5^-q rounded up, with b large enough for 128 exact bits when 5^-q is small
        int b = q >= -27 ? z + 127 : 2 * z + 128;
        c = BigInteger.ONE.shiftLeft(b).divide(p5).add(BigInteger.ONE);
        while (c.compareTo(two128) >= 0) {
          c = c.shiftRight(1);
        }
      } else { // 5^q's top 128 bits, truncated
        c = five.pow(q);
        int shift = c.bitLength() - 128;
        c = shift > 0 ? c.shiftRight(shift) : c.shiftLeft(-shift);
      }
      if (c.bitLength() != 128) {
        throw new AssertionError("power table: 5^" + q + " has " + c.bitLength() + " bits");
      }
      HI[q - Q_MIN] = c.shiftRight(64).longValue();
      LO[q - Q_MIN] = c.and(mask64).longValue();
    }
  }

  /**
   * The double nearest {@code w * 10^q} ({@code w} unsigned, nonzero), negated when {@code neg}, or
   * {@link Double#NaN} when this method cannot decide it (then parse the text instead).
   */
  static double toDouble(long w, int q, boolean neg) {
    if (w >= 0 && w <= 1L << 53 && q >= -22 && q <= 22) { // both exact: one correctly rounded operation
      double d = (double) w;
      d = q < 0 ? d / POW10[-q] : d * POW10[q];
      return neg ? -d : d;
    }
    if (q < Q_MIN || q > Q_MAX) {
      return Double.NaN;
    }
    int lz = Long.numberOfLeadingZeros(w);
    w <<= lz;
    long exp2 = (217706L * q >> 16) + 64 + 1023 - lz;
    long hi = HI[q - Q_MIN];
    long xLo = w * hi;
    long xHi = unsignedMultiplyHigh(w, hi);
    if ((xHi & 0x1FF) == 0x1FF && Long.compareUnsigned(xLo + w, w) < 0) {
      // the truncated product may be off in the bits that decide rounding: add the next 64 bits
      long lo = LO[q - Q_MIN];
      long yLo = w * lo;
      long yHi = unsignedMultiplyHigh(w, lo);
      long mergedHi = xHi;
      long mergedLo = xLo + yHi;
      if (Long.compareUnsigned(mergedLo, xLo) < 0) {
        mergedHi++;
      }
      if ((mergedHi & 0x1FF) == 0x1FF && mergedLo + 1 == 0 && Long.compareUnsigned(yLo + w, w) < 0) {
        return Double.NaN;
      }
      xHi = mergedHi;
      xLo = mergedLo;
    }
    long msb = xHi >>> 63;
    long mantissa = xHi >>> (msb + 9);
    exp2 -= 1 ^ msb;
    if (xLo == 0 && (xHi & 0x1FF) == 0 && (mantissa & 3) == 1) {
      return Double.NaN; // exactly halfway between two doubles, as far as these bits tell
    }
    mantissa += mantissa & 1;
    mantissa >>>= 1;
    if (mantissa >>> 53 != 0) {
      mantissa >>>= 1;
      exp2++;
    }
    if (exp2 <= 0 || exp2 >= 0x7FF) {
      return Double.NaN; // subnormal or out of range: left to Double.parseDouble
    }
    long bits = exp2 << 52 | mantissa & ((1L << 52) - 1);
    if (neg) {
      bits |= 1L << 63;
    }
    return Double.longBitsToDouble(bits);
  }

  /** The high 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh is JDK 18+). */
  private static long unsignedMultiplyHigh(long a, long b) {
    return Math.multiplyHigh(a, b) + (a >> 63 & b) + (b >> 63 & a);
  }
}
