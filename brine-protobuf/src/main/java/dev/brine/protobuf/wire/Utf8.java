package dev.brine.protobuf.wire;

/**
 * UTF-8 for the protobuf wire format: encoding into a caller's array (an unpaired surrogate becomes
 * '?', as Java's and protobuf-java's encoders write it) and its length.
 */
public final class Utf8 {
  private Utf8() {
  }

  /**
   * Encodes {@code s} at {@code at} in {@code dst}, which has room for {@code 3 * s.length()} bytes,
   * and returns the end position. ASCII strings (the common case) are copied with one array copy of
   * their low bytes and one read-only scan.
   */
  public static int encode(String s, byte[] dst, int at) {
    int n = s.length();
    copyLowBytes(s, n, dst, at);
    int acc = 0;
    for (int i = 0; i < n; i++) {
      acc |= s.charAt(i);
    }
    if (acc < 0x80) {
      return at + n;
    }
    int i = 0;
    while (s.charAt(i) < 0x80) {
      i++;
    }
    return encodeFrom(s, i, dst, at + i);
  }

  @SuppressWarnings("deprecation") // drops the high byte of each char, which is the point here
  private static void copyLowBytes(String s, int n, byte[] dst, int at) {
    s.getBytes(0, n, dst, at);
  }

  private static int encodeFrom(String s, int i, byte[] b, int p) {
    int n = s.length();
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        b[p++] = (byte) c;
      } else if (c < 0x800) {
        b[p++] = (byte) (0xC0 | (c >> 6));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          b[p++] = (byte) (0xF0 | (cp >> 18));
          b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
          b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
          b[p++] = (byte) (0x80 | (cp & 0x3F));
        } else {
          b[p++] = '?';
        }
      } else {
        b[p++] = (byte) (0xE0 | (c >> 12));
        b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return p;
  }

  /** The number of bytes {@link #encode} writes for {@code s}. */
  public static int encodedLength(String s) {
    int n = s.length();
    int len = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          len += 1;
        } else if (Character.isSurrogate(c)) {
          if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
            len += 2; // 4 bytes for two chars
            i++;
          } // else '?': one byte
        } else {
          len += 2;
        }
      }
    }
    return len;
  }

  /**
   * Whether {@code b[from, from + len)} is well-formed UTF-8 (no overlong forms, no surrogates, at
   * most U+10FFFF), as proto3 requires of strings.
   */
  public static boolean isValid(byte[] b, int from, int len) {
    int i = from;
    int end = from + len;
    while (i < end) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        i++;
      } else if (c < 0xC2) {
        return false;
      } else if (c < 0xE0) {
        if (i + 1 >= end || (b[i + 1] & 0xC0) != 0x80) return false;
        i += 2;
      } else if (c < 0xF0) {
        if (i + 2 >= end) return false;
        int c1 = b[i + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80) return false;
        if (c == 0xE0 && c1 < 0xA0) return false; // overlong
        if (c == 0xED && c1 >= 0xA0) return false; // surrogate
        i += 3;
      } else if (c < 0xF5) {
        if (i + 3 >= end) return false;
        int c1 = b[i + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80 || (b[i + 3] & 0xC0) != 0x80) return false;
        if (c == 0xF0 && c1 < 0x90) return false; // overlong
        if (c == 0xF4 && c1 >= 0x90) return false; // above U+10FFFF
        i += 4;
      } else {
        return false;
      }
    }
    return true;
  }
}
