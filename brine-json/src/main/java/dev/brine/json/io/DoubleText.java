package dev.brine.json.io;

import java.math.BigInteger;

/**
 * Writes a finite double as the shortest decimal that reads back to it, in {@link Double#toString}'s
 * layout ({@code 123.45}, {@code 0.001}, {@code 1.0E7}, {@code 4.9E-324}): the text JDK 19+'s
 * {@code Double.toString} gives for every double. On JDK 17, whose {@code Double.toString} (and so
 * Jackson's default output) sometimes prints a digit or two more ({@code 2.0E23} there is
 * {@code 1.9999999999999998E23}), the text differs in those cases but reads back to the same double.
 *
 * <p>The digits come from the Schubfach method (R. Giulietti, "The Schubfach way to render doubles",
 * 2020), implemented here from the paper: the rounding interval of the double, scaled by a power of
 * ten through a 126-bit approximation of that power and a round-to-odd product, decides between the
 * two multiples of 10^(k+1) around the value and then the two multiples of 10^k, all in 64-bit
 * integer arithmetic. The powers' table is computed with {@link BigInteger} when the class loads.
 */
final class DoubleText {
  private DoubleText() {
  }

  private static final int Q_MIN = -1074; // the exponent of the subnormals
  private static final long C_MIN = 1L << 52; // the smallest significand of a normal double
  private static final int C_TINY = 3; // significands below this get one more digit (see toDecimal)
  private static final int K_MIN = -324;
  private static final int K_MAX = 292;
  private static final long MASK_63 = (1L << 63) - 1;
  /** Room the writer needs: the longest text ("-" + 17 digits + "." + "E-324") and the digit writer's slack. */
  static final int MAX_CHARS = 40;

  /** For k in [K_MIN, K_MAX], g = floor(10^-k / 2^r) + 1 with r such that 2^125 <= g < 2^126: high 63 bits. */
  private static final long[] G1 = new long[K_MAX - K_MIN + 1];
  /** The low 63 bits of the same g. */
  private static final long[] G0 = new long[K_MAX - K_MIN + 1];
  /** 10^i for i in [0, 18]. */
  static final long[] POW10 = new long[19];
  /** "00", "01", … "99" as byte pairs (the exponent). */
  static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    long p = 1;
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = p;
      p *= 10;
    }
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
    BigInteger ten = BigInteger.TEN;
    BigInteger mask63 = BigInteger.ONE.shiftLeft(63).subtract(BigInteger.ONE);
    for (int k = K_MIN; k <= K_MAX; k++) {
      int r = flog2pow10(-k) - 125; // 10^-k = g' * 2^r with g' in [2^125, 2^126)
      BigInteger g;
      if (k <= 0) {
        BigInteger n = ten.pow(-k);
        g = r >= 0 ? n.shiftRight(r) : n.shiftLeft(-r);
      } else {
        g = BigInteger.ONE.shiftLeft(-r).divide(ten.pow(k));
      }
      g = g.add(BigInteger.ONE);
      if (g.bitLength() != 126) {
        throw new AssertionError("power table: g(" + k + ") has " + g.bitLength() + " bits");
      }
      G1[k - K_MIN] = g.shiftRight(63).longValueExact();
      G0[k - K_MIN] = g.and(mask63).longValueExact();
    }
  }

  /** floor(q * log10(2)) for |q| <= 5000 (exhaustively checked in the tests). */
  static int flog10pow2(int q) {
    return (int) (q * 661971961083L >> 41);
  }

  /** floor(log10(3/4 * 2^q)) for |q| <= 5000. */
  static int flog10threeQuartersPow2(int q) {
    return (int) (q * 661971961083L - 274743187321L >> 41);
  }

  /** floor(e * log2(10)) for |e| <= 1500. */
  static int flog2pow10(int e) {
    return (int) (e * 913124641741L >> 38);
  }

  /**
   * Writes finite {@code v} into {@code b} at {@code p} (room for {@link #MAX_CHARS} bytes needed);
   * returns the position after it.
   */
  static int write(double v, byte[] b, int p) {
    long bits = Double.doubleToRawLongBits(v);
    if (bits < 0) {
      b[p++] = '-';
    }
    long t = bits & ((1L << 52) - 1);
    int bq = (int) (bits >>> 52) & 0x7FF;
    if (bq != 0) {
      int q = bq - 1075;
      long c = C_MIN | t;
      if (q <= 0 && q > -53) { // an integer below 2^53: its digits are the shortest
        long f = c >> -q;
        if (f << -q == c) {
          return format(f, 0, b, p);
        }
      }
      return toDecimal(q, c, 0, b, p);
    }
    if (t != 0) {
      return t < C_TINY ? toDecimal(Q_MIN, 10 * t, -1, b, p) : toDecimal(Q_MIN, t, 0, b, p);
    }
    b[p] = '0';
    b[p + 1] = '.';
    b[p + 2] = '0';
    return p + 3;
  }

  /**
   * The value c * 2^q (c scaled by 10 and dk = -1 for the two smallest subnormals, so that they get
   * two digits as {@code Double.toString} gives them).
   */
  private static int toDecimal(int q, long c, int dk, byte[] b, int p) {
    int out = (int) c & 1; // an odd significand: the interval's ends round away, so they are excluded
    long cb = c << 2;
    long cbr = cb + 2;
    long cbl;
    int k;
    if (c != C_MIN || q == Q_MIN) {
      cbl = cb - 2;
      k = flog10pow2(q);
    } else { // the lower neighbour is half as far
      cbl = cb - 1;
      k = flog10threeQuartersPow2(q);
    }
    int h = q + flog2pow10(-k) + 2;
    long g1 = G1[k - K_MIN];
    long g0 = G0[k - K_MIN];
    long vb = roundToOdd(g1, g0, cb << h); // 4 * v * 10^-k, rounded to odd
    long vbl = roundToOdd(g1, g0, cbl << h);
    long vbr = roundToOdd(g1, g0, cbr << h);
    long s = vb >> 2;
    if (s >= 100) {
      long sp = s / 10 * 10; // the multiples of 10^(k+1) below and above the value
      long tp = sp + 10;
      boolean upin = vbl + out <= sp << 2;
      boolean wpin = (tp << 2) + out <= vbr;
      if (upin != wpin) {
        return format(upin ? sp : tp, k, b, p);
      }
    }
    long tt = s + 1;
    boolean uin = vbl + out <= s << 2;
    boolean win = (tt << 2) + out <= vbr;
    if (uin != win) {
      return format(uin ? s : tt, k + dk, b, p);
    }
    long cmp = vb - (s + tt << 1); // against the midpoint of s and s + 1
    return format(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : tt, k + dk, b, p);
  }

  /** (g * cp) / 2^127 with g = g1 * 2^63 + g0, rounded to odd (the lowest bit set when inexact). */
  private static long roundToOdd(long g1, long g0, long cp) {
    long x1 = Math.multiplyHigh(g0, cp);
    long y0 = g1 * cp;
    long y1 = Math.multiplyHigh(g1, cp);
    long z = (y0 >>> 1) + x1;
    long vbp = y1 + (z >>> 63);
    return vbp | (z & MASK_63) + MASK_63 >>> 63;
  }

  /** The number of decimal digits of {@code f > 0}. */
  static int digitCount(long f) {
    int t = (64 - Long.numberOfLeadingZeros(f)) * 1233 >>> 12; // floor(bits * log10(2)): t or t + 1 digits
    return f >= POW10[t] ? t + 1 : t;
  }

  /** Writes f * 10^e (f > 0, at most 18 digits) in {@code Double.toString}'s layout. */
  private static int format(long f, int e, byte[] b, int p) {
    // drop trailing zeros: the shortest decimal has none
    while (true) {
      long q = f / 10;
      if (q * 10 != f) {
        break;
      }
      f = q;
      e++;
    }
    int len = digitCount(f);
    int exp = e + len - 1; // the scientific exponent: f = d.ddd * 10^exp
    if (exp >= 0 && exp < 7) {
      int intLen = exp + 1;
      if (len <= intLen) { // an integer: its digits, zeros, ".0"
        writeDigits(f, len, b, p);
        p += len;
        for (int i = len; i < intLen; i++) {
          b[p++] = '0';
        }
        b[p] = '.';
        b[p + 1] = '0';
        return p + 2;
      }
      // d...d.d...d: write all digits one place to the right, then move the integer part left
      writeDigits(f, len, b, p + 1);
      for (int i = 0; i < intLen; i++) {
        b[p + i] = b[p + i + 1];
      }
      b[p + intLen] = '.';
      return p + len + 1;
    }
    if (exp < 0 && exp >= -3) { // 0.000ddd
      b[p++] = '0';
      b[p++] = '.';
      for (int i = -1; i > exp; i--) {
        b[p++] = '0';
      }
      writeDigits(f, len, b, p);
      return p + len;
    }
    // d.dddE±x
    writeDigits(f, len, b, p + 1);
    b[p] = b[p + 1];
    b[p + 1] = '.';
    if (len == 1) {
      b[p + 2] = '0';
      p += 3;
    } else {
      p += len + 1;
    }
    b[p++] = 'E';
    if (exp < 0) {
      b[p++] = '-';
      exp = -exp;
    }
    if (exp >= 100) {
      b[p++] = (byte) ('0' + exp / 100);
      exp %= 100;
      b[p++] = DIGIT_PAIRS[2 * exp];
      b[p++] = DIGIT_PAIRS[2 * exp + 1];
    } else if (exp >= 10) {
      b[p++] = DIGIT_PAIRS[2 * exp];
      b[p++] = DIGIT_PAIRS[2 * exp + 1];
    } else {
      b[p++] = (byte) ('0' + exp);
    }
    return p;
  }

  /**
   * Writes the {@code len} decimal digits of {@code v >= 0} at {@code b[p, p + len)}, eight at a time;
   * may write zero bytes after them up to {@code p + 8} (needs that room; callers write over them).
   */
  static void writeDigits(long v, int len, byte[] b, int p) {
    if (len <= 8) {
      FieldNames.LONG.set(b, p, eightDigits((int) v) >>> (8 * (8 - len)));
      return;
    }
    if (len <= 16) {
      long hi = v / 100_000_000L;
      int lo = (int) (v - hi * 100_000_000L);
      int hl = len - 8;
      FieldNames.LONG.set(b, p, eightDigits((int) hi) >>> (8 * (8 - hl)));
      FieldNames.LONG.set(b, p + hl, eightDigits(lo));
      return;
    }
    long hi = v / 10_000_000_000_000_000L; // 17 to 19 digits: 1-3, 8, 8
    long rest = v - hi * 10_000_000_000_000_000L;
    long mid = rest / 100_000_000L;
    int lo = (int) (rest - mid * 100_000_000L);
    int hl = len - 16;
    FieldNames.LONG.set(b, p, eightDigits((int) hi) >>> (8 * (8 - hl)));
    FieldNames.LONG.set(b, p + hl, eightDigits((int) mid));
    FieldNames.LONG.set(b, p + hl + 8, eightDigits(lo));
  }

  /**
   * The eight ASCII digits of {@code v < 10^8} (leading zeros included), the first in the lowest
   * byte: split into 4 + 4, 2 + 2 and 1 + 1 digits in parallel lanes of one long, dividing by 100
   * and by 10 through multiplications that are exact in these ranges.
   */
  static long eightDigits(int v) {
    int hi4 = v / 10_000;
    long x = hi4 | (long) (v - hi4 * 10_000) << 32; // lanes of 32 bits: first four digits, last four
    long y = (x * 10486 >>> 20) & 0x0000007F0000007FL; // each lane / 100 (exact below 10^4)
    x = y | (x - y * 100) << 16; // lanes of 16 bits: two digits each
    long z = (x * 103 >>> 10) & 0x000F000F000F000FL; // each lane / 10 (exact below 100)
    x = z | (x - z * 10) << 8; // one digit per byte
    return x + 0x3030303030303030L;
  }
}
