package dev.brine.json.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.MalformedInputException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The double writer ({@link DoubleText}) and parser ({@link DecimalToDouble} through {@link
 * JsonReader#readDouble}) against exact references: the shortest text that reads back, the closest
 * of that length, {@code Double.toString}'s layout (and, on JDK 19+, its exact text), and the same
 * bits as {@link Double#parseDouble}.
 */
public class NumberTextTest {
  private static final boolean SHORTEST_JDK = Runtime.version().feature() >= 19;

  /**
   * The doubles where writers and parsers go wrong: subnormals, limits, powers of ten, 2^53, 2^63.
   *
   * @return the doubles
   */
  public static List<Double> edgeDoubles() {
    List<Double> out = new ArrayList<>(List.of(0.0, -0.0, Double.MIN_VALUE, 2 * Double.MIN_VALUE, 3 * Double.MIN_VALUE,
        -Double.MIN_VALUE, Math.nextDown(Double.MIN_NORMAL), Double.MIN_NORMAL, Math.nextUp(Double.MIN_NORMAL),
        Double.MAX_VALUE, -Double.MAX_VALUE, Math.nextDown(Double.MAX_VALUE), 1e22, 1e23, 2e23, 9.999999999999999e22,
        1e21, 1e-3, Math.nextDown(1e-3), 1e7, Math.nextDown(1e7), 9999999.999999998, 0.1, 0.2, 0.3, 1.0, -1.0, 0.5,
        3.8000000000000003, 100.0, 123456.789, 5e-324, 2.2250738585072011e-308, 2.4703282292062328e-324,
        (double) (1L << 53), (double) ((1L << 53) + 2), (double) ((1L << 53) - 1), 9.223372036854776E18,
        (double) Long.MAX_VALUE, (double) Long.MIN_VALUE, Math.ulp(1.0), 1.0 + Math.ulp(1.0), 4.35, 2.82879384806159E17,
        1.9999999999999998E23));
    for (int e = -324; e <= 308; e++) {
      double p = Double.parseDouble("1e" + e);
      out.add(p);
      out.add(Math.nextUp(p));
      out.add(Math.nextDown(p));
    }
    for (int e = -1074; e <= 1023; e += 7) {
      out.add(Math.scalb(1.0, e));
    }
    return out;
  }

  static String write(double v) {
    byte[] b = new byte[DoubleText.MAX_CHARS + 8];
    int n = DoubleText.write(v, b, 3);
    return new String(b, 3, n - 3, StandardCharsets.ISO_8859_1);
  }

  static double read(String s) {
    byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
    JsonReader r = new JsonReader(b, 0, b.length, 8);
    double d = r.readDouble();
    r.finish();
    return d;
  }

  /** Checks everything the text of {@code v} must be, against references computed with BigDecimal. */
  static void checkWritten(double v) {
    String s = write(v);
    assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(Double.parseDouble(s)), s);
    assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(read(s)), s);
    if (SHORTEST_JDK) {
      assertEquals(Double.toString(v), s);
    }
    // the layout of Double.toString: plain from 10^-3 to 10^7, else d.dddE±n; always a '.'
    double a = Math.abs(v);
    boolean plain = a == 0 || (a >= 1e-3 && a < 1e7);
    assertEquals(plain, !s.contains("E"), s);
    assertTrue(s.contains("."), s);
    assertEquals(Double.toString(v).contains("E"), s.contains("E"), s);
    if (v == 0) {
      assertEquals(1 / v > 0 ? "0.0" : "-0.0", s);
      return;
    }
    BigDecimal ours = new BigDecimal(s).stripTrailingZeros();
    int n = ours.precision();
    // shortest: no decimal with fewer digits reads back to v (two digits may stand where one would
    // do: then the closest of one or two digits, as Double.toString; checked below)
    if (n > 2) {
      BigDecimal exact = new BigDecimal(v);
      for (RoundingMode m : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
        BigDecimal shorter = exact.round(new MathContext(n - 1, m));
        assertTrue(Double.parseDouble(shorter.toString()) != v, () -> s + " is not the shortest: " + shorter);
      }
    }
    // the closest of its length that reads back (of length 1 or 2 when the shortest has one digit, as
    // Double.toString); below a power of two the interval that reads back is narrower than above it
    BigDecimal exact = new BigDecimal(v);
    MathContext digits = new MathContext(Math.max(n, 2), RoundingMode.FLOOR);
    BigDecimal below = exact.round(digits);
    BigDecimal above = exact.round(new MathContext(Math.max(n, 2), RoundingMode.CEILING));
    boolean belowIn = Double.parseDouble(below.toString()) == v;
    boolean aboveIn = Double.parseDouble(above.toString()) == v;
    assertTrue(belowIn || aboveIn, s);
    int cmp = exact.subtract(below).compareTo(above.subtract(exact)); // which is closer
    BigDecimal closest = !aboveIn ? below : !belowIn ? above : cmp < 0 ? below : cmp > 0 ? above
        : exact.round(new MathContext(Math.max(n, 2), RoundingMode.HALF_EVEN));
    assertEquals(0, closest.compareTo(ours), () -> s + " is not the closest: " + closest);
  }

  @Test
  void edgeDoublesAreShortestClosestAndReadBack() {
    for (double v : edgeDoubles()) {
      checkWritten(v);
    }
    assertEquals("4.9E-324", write(Double.MIN_VALUE));
    assertEquals("1.0E23", write(1e23));
    assertEquals("1.0E22", write(1e22));
    assertEquals("-0.0", write(-0.0));
    assertEquals("1.7976931348623157E308", write(Double.MAX_VALUE));
    assertEquals("9.007199254740992E15", write(1L << 53));
    assertEquals("9.223372036854776E18", write(Long.MAX_VALUE));
    assertEquals("0.001", write(1e-3));
    assertEquals("9.99E-4", write(9.99e-4));
    assertEquals("1.0E7", write(1e7));
    assertEquals("9999999.0", write(9999999));
    assertEquals("100.0", write(100));
    assertEquals("3.8000000000000003", write(3.8000000000000003));
    assertEquals("2.0E23", write(2e23)); // JDK 17's Double.toString: 1.9999999999999998E23, the same double
  }

  @Property(tries = 3000)
  void anyDoubleIsShortestClosestAndReadsBack(@ForAll("doubles") double v) {
    checkWritten(v);
  }

  @Provide
  Arbitrary<Double> doubles() {
    return Arbitraries.oneOf(
        Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite),
        Arbitraries.doubles(),
        Arbitraries.longs().between(0, (1L << 52) - 1).map(Double::longBitsToDouble), // subnormals
        Arbitraries.integers().between(-999_999, 999_999).map(i -> i / 1000.0));
  }

  @Property(tries = 3000)
  void anyDecimalTextParsesLikeTheJdk(@ForAll("decimals") String s) {
    assertEquals(Double.doubleToRawLongBits(Double.parseDouble(s)), Double.doubleToRawLongBits(read(s)), s);
  }

  @Provide
  Arbitrary<String> decimals() {
    Arbitrary<String> digits = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(24)
        .map(d -> d.replaceFirst("^0+(?=.)", ""));
    Arbitrary<String> fraction = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(20);
    Arbitrary<Integer> exp = Arbitraries.integers().between(-360, 330);
    return net.jqwik.api.Combinators.combine(Arbitraries.of("", "-"), digits, fraction.injectNull(0.3),
        exp.injectNull(0.3), Arbitraries.of("e", "E", "e+", "E+"))
        .as((sign, i, f, e, ex) -> sign + i + (f == null ? "" : "." + f)
            + (e == null ? "" : e < 0 ? ex.substring(0, 1) + e : ex + e));
  }

  @Test
  void edgeDecimalsParseLikeTheJdk() {
    List<String> texts = new ArrayList<>(List.of("0", "-0", "0.0", "-0.0", "0e5", "1e22", "1e23", "-1e23",
        "9007199254740993", "9007199254740992", "9007199254740991", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "18446744073709551615", "18446744073709551616", "99999999999999999999",
        "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
        "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "1e309", "1e-400", "1e100000000000", "-1e-100000000000", "123456789012345678901234567890",
        "0.000000000000000000000000000001", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124", "9007199254740993.0000000000000000001",
        "3.8000000000000003", "0.1", "1E5", "1e+5", "1e-5", "5e-324", "2.5e-324"));
    for (double v : edgeDoubles()) {
      texts.add(Double.toString(v));
      texts.add(new BigDecimal(v).toString());
    }
    for (int e = -345; e <= 310; e++) {
      texts.add("1e" + e);
      texts.add("9.5e" + e);
    }
    for (String s : texts) {
      assertEquals(Double.doubleToRawLongBits(Double.parseDouble(s)), Double.doubleToRawLongBits(read(s)), s);
    }
  }

  @Test
  void malformedNumbersSayWhere() {
    for (String bad : List.of("-", "01", "-01", "1.", "1.e5", "1e", "1e+", ".5", "+1", "--1", "1.5.", "0x10", "-a")) {
      byte[] b = ("[\n " + bad + "]").getBytes(StandardCharsets.US_ASCII);
      JsonReader r = new JsonReader(b, 0, b.length, 8);
      r.startArray();
      r.firstElement();
      MalformedInputException e = assertThrows(MalformedInputException.class, () -> {
        r.readDouble();
        r.nextElement();
      }, bad);
      assertTrue(e.getMessage().contains("line 2, column "), e.getMessage());
    }
  }

  @Test
  void floorsOfLogarithmsAreExact() {
    BigInteger two = BigInteger.TWO;
    BigInteger ten = BigInteger.TEN;
    for (int q = -1100; q <= 1100; q++) {
      int k = DoubleText.flog10pow2(q);
      // 10^k <= 2^q < 10^(k+1), compared as integers scaled by 2^|q| and 10^|k|+1
      assertTrue(lessOrEqual(ten, k, two, q) && !lessOrEqual(ten, k + 1, two, q), "flog10pow2 " + q);
      int k3 = DoubleText.flog10threeQuartersPow2(q); // 10^k3 <= 3 * 2^(q-2) < 10^(k3+1)
      BigInteger three = BigInteger.valueOf(3);
      assertTrue(lessOrEqualScaled(ten, k3, three, q - 2) && !lessOrEqualScaled(ten, k3 + 1, three, q - 2),
          "flog10threeQuartersPow2 " + q);
    }
    for (int e = -400; e <= 400; e++) {
      int b = DoubleText.flog2pow10(e); // 2^b <= 10^e < 2^(b+1)
      assertTrue(lessOrEqual(two, b, ten, e) && !lessOrEqual(two, b + 1, ten, e), "flog2pow10 " + e);
    }
    for (long f = 1, p = 1; p <= 18; p++, f *= 10) {
      assertEquals((int) p, DoubleText.digitCount(f));
      assertEquals(Long.toString(f * 10 - 1).length(), DoubleText.digitCount(f * 10 - 1));
    }
    assertEquals(19, DoubleText.digitCount(Long.MAX_VALUE));
  }

  /** a^x <= b^y for integers a, b > 1. */
  private static boolean lessOrEqual(BigInteger a, int x, BigInteger b, int y) {
    return lessOrEqualScaled(a, x, BigInteger.ONE, y, b);
  }

  /** a^x <= m * 2^y. */
  private static boolean lessOrEqualScaled(BigInteger a, int x, BigInteger m, int y) {
    return lessOrEqualScaled(a, x, m, y, BigInteger.TWO);
  }

  /** a^x <= m * b^y, exactly: both sides multiplied by a^max(-x,0) * b^max(-y,0). */
  private static boolean lessOrEqualScaled(BigInteger a, int x, BigInteger m, int y, BigInteger b) {
    BigInteger left = a.pow(Math.max(x, 0)).multiply(b.pow(Math.max(-y, 0)));
    BigInteger right = m.multiply(b.pow(Math.max(y, 0))).multiply(a.pow(Math.max(-x, 0)));
    return left.compareTo(right) <= 0;
  }
}
