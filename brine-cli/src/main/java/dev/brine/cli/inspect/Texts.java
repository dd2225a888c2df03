package dev.brine.cli.inspect;

/** How the inspector writes values: quoted and escaped strings, characters, NaN bits, offsets, counts. */
final class Texts {
  private Texts() {}

  static String plural(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  static String hex(int offset) {
    return String.format("%06x", offset);
  }

  static String character(char c) {
    return quote(String.valueOf(c)).replace('"', '\'') + String.format(" (U+%04X)", (int) c);
  }

  static String floatText(float f) {
    return Float.isNaN(f) ? String.format("NaN (bits 0x%08x)", Float.floatToRawIntBits(f)) : Float.toString(f);
  }

  static String doubleText(double d) {
    return Double.isNaN(d) ? String.format("NaN (bits 0x%016x)", Double.doubleToRawLongBits(d)) : Double.toString(d);
  }

  /** A string in double quotes, control and non-printable characters escaped, cut after 200 characters. */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    int n = Math.min(s.length(), 200);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) && !validPair(s, i)
              || Character.getType(c) == Character.FORMAT) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
    if (s.length() > n) {
      sb.append("… (").append(s.length()).append(" chars)");
    }
    return sb.toString();
  }

  private static boolean validPair(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }
}
