package dev.brine.json.io;

import java.nio.charset.StandardCharsets;

/**
 * {@link JsonReader}'s number parsing: integers, doubles (through {@link DecimalToDouble}, falling
 * back to {@link Double#parseDouble} where that cannot be exact) and the checked text of a number.
 * Each starts at the reader's position, past whitespace and {@code null}, and leaves it after the number.
 */
final class JsonNumbers {
  private JsonNumbers() {}

  /** An integer that fits a long, at {@code r.pos} ({@code neg}: it starts with '-'). */
  static long parseLong(JsonReader r, boolean neg) {
    int p = r.pos;
    if (neg) {
      p++;
    }
    int digitsStart = p;
    long v = 0;
    byte[] b = r.buf;
    while (p < r.end) {
      int d = b[p] - '0';
      if (d < 0 || d > 9) {
        break;
      }
      if (v < -922337203685477580L || (v == -922337203685477580L && d > (neg ? 8 : 7))) {
        throw r.malformed("json: integer out of the range of a long");
      }
      v = v * 10 - d; // accumulated negative: Long.MIN_VALUE fits
      p++;
    }
    int n = p - digitsStart;
    if (n == 0) {
      throw p >= r.end ? r.truncated("json: input ends inside a number") : r.unexpected("an integer");
    }
    if (n > 1 && b[digitsStart] == '0') {
      throw r.malformed("json: leading zero in a number");
    }
    if (p < r.end && (b[p] == '.' || b[p] == 'e' || b[p] == 'E')) {
      r.pos = p;
      throw r.malformed("json: expected an integer, not a fraction or exponent");
    }
    r.pos = p;
    return neg ? v : -v;
  }

  /** A number at {@code r.pos} as a double. */
  static double parseDouble(JsonReader r) {
    int s = r.pos;
    int p = s;
    byte[] b = r.buf;
    int e = r.end;
    boolean neg = false;
    if (p < e && b[p] == '-') {
      neg = true;
      p++;
    }
    int intStart = p;
    long w = 0;
    int d;
    while (p < e && (d = b[p] - '0') >= 0 && d <= 9) {
      w = w * 10 + d;
      p++;
    }
    int digits = p - intStart;
    if (digits == 0) {
      r.pos = p;
      throw p >= e ? r.truncated("json: input ends inside a number") : r.unexpected("a number");
    }
    if (digits > 1 && b[intStart] == '0') {
      r.pos = intStart;
      throw r.malformed("json: leading zero in a number");
    }
    int fracDigits = 0;
    if (p < e && b[p] == '.') {
      int f = ++p;
      while (p < e && (d = b[p] - '0') >= 0 && d <= 9) {
        w = w * 10 + d;
        p++;
      }
      fracDigits = p - f;
      if (fracDigits == 0) {
        r.pos = p;
        throw r.malformed("json: digits expected after '.'");
      }
      digits += fracDigits;
    }
    int exp = 0;
    if (p < e && (b[p] | 0x20) == 'e') {
      p++;
      boolean expNeg = false;
      if (p < e && (b[p] == '+' || b[p] == '-')) {
        expNeg = b[p] == '-';
        p++;
      }
      int x = p;
      while (p < e && (d = b[p] - '0') >= 0 && d <= 9) {
        if (exp < 100_000) { // beyond any double's range either way; stops overflow
          exp = exp * 10 + d;
        }
        p++;
      }
      if (p == x) {
        r.pos = p;
        throw r.malformed("json: digits expected in the exponent");
      }
      if (expNeg) {
        exp = -exp;
      }
    }
    r.pos = p;
    if (digits > 19 && significantDigits(b, intStart, p) > 19) { // w overflowed
      return Double.parseDouble(new String(b, s, p - s, StandardCharsets.ISO_8859_1));
    }
    if (w == 0) {
      return neg ? -0.0 : 0.0;
    }
    double v = DecimalToDouble.toDouble(w, exp - fracDigits, neg);
    return v == v ? v : Double.parseDouble(new String(b, s, p - s, StandardCharsets.ISO_8859_1));
  }

  /** The digits of the number in {@code buf[from, to)} from its first nonzero one to the exponent. */
  static int significantDigits(byte[] buf, int from, int to) {
    int n = 0;
    boolean started = false;
    for (int i = from; i < to; i++) {
      byte c = buf[i];
      if (c == 'e' || c == 'E') {
        break;
      }
      if (c >= '0' && c <= '9') {
        started |= c != '0';
        if (started) {
          n++;
        }
      }
    }
    return n;
  }

  /** The text of the number at {@code r.pos}, checked against JSON's grammar. */
  static String numberText(JsonReader r) {
    int s = r.pos;
    int p = s;
    byte[] b = r.buf;
    if (p < r.end && b[p] == '-') p++;
    int intStart = p;
    while (p < r.end && b[p] >= '0' && b[p] <= '9') p++;
    if (p == intStart) {
      r.pos = p;
      throw p >= r.end ? r.truncated("json: input ends inside a number") : r.unexpected("a number");
    }
    if (p - intStart > 1 && b[intStart] == '0') {
      r.pos = intStart;
      throw r.malformed("json: leading zero in a number");
    }
    if (p < r.end && b[p] == '.') {
      int f = ++p;
      while (p < r.end && b[p] >= '0' && b[p] <= '9') p++;
      if (p == f) {
        r.pos = p;
        throw r.malformed("json: digits expected after '.'");
      }
    }
    if (p < r.end && (b[p] == 'e' || b[p] == 'E')) {
      p++;
      if (p < r.end && (b[p] == '+' || b[p] == '-')) p++;
      int e = p;
      while (p < r.end && b[p] >= '0' && b[p] <= '9') p++;
      if (p == e) {
        r.pos = p;
        throw r.malformed("json: digits expected in the exponent");
      }
    }
    r.pos = p;
    return new String(b, s, p - s, StandardCharsets.ISO_8859_1);
  }
}
