package dev.brine.columnar;

import java.nio.charset.StandardCharsets;

/**
 * Strings as UTF-8, losslessly: a Java string may hold a surrogate without its pair (a string cut in the
 * middle of an emoji), which UTF-8 cannot encode ({@code getBytes(UTF_8)} writes {@code '?'} instead). Such a
 * string is written as WTF-8 (<a href="https://simonsapin.github.io/wtf-8/">simonsapin.github.io/wtf-8</a>):
 * UTF-8 in which an unpaired surrogate is the three-byte sequence of its code point; paired surrogates are
 * one four-byte sequence as in UTF-8. Every other string's bytes are exactly its UTF-8 bytes.
 */
final class Wtf8 {
  private Wtf8() {}

  /** The bytes of {@code s}: its UTF-8, or WTF-8 if it holds an unpaired surrogate. */
  static byte[] encode(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
          continue;
        }
        return encodeWide(s);
      }
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] encodeWide(String s) {
    int n = s.length();
    byte[] out = new byte[3 * n]; // no char takes more than 3 bytes (a pair's 4 bytes stand for 2 chars)
    int p = 0;
    for (int i = 0; i < n; i++) {
      int c = s.charAt(i);
      if (Character.isHighSurrogate((char) c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint((char) c, s.charAt(++i));
        out[p++] = (byte) (0xF0 | cp >> 18);
        out[p++] = (byte) (0x80 | (cp >> 12 & 0x3F));
        out[p++] = (byte) (0x80 | (cp >> 6 & 0x3F));
        out[p++] = (byte) (0x80 | (cp & 0x3F));
      } else if (c < 0x80) {
        out[p++] = (byte) c;
      } else if (c < 0x800) {
        out[p++] = (byte) (0xC0 | c >> 6);
        out[p++] = (byte) (0x80 | (c & 0x3F));
      } else { // including an unpaired surrogate
        out[p++] = (byte) (0xE0 | c >> 12);
        out[p++] = (byte) (0x80 | (c >> 6 & 0x3F));
        out[p++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return java.util.Arrays.copyOf(out, p);
  }

  /**
   * The string of well-formed WTF-8 bytes, or null if they are not: malformed UTF-8 (a bad or missing
   * continuation byte, an overlong form, a code point above U+10FFFF) or a surrogate pair written as two
   * three-byte sequences (CESU-8, which the writer never produces).
   */
  static String decode(byte[] b, int off, int len) {
    char[] out = new char[len];
    int q = 0;
    int end = off + len;
    boolean afterHigh = false; // the previous sequence was an unpaired high surrogate
    for (int i = off; i < end; ) {
      int b0 = b[i] & 0xFF;
      int cp;
      int k;
      if (b0 < 0x80) {
        cp = b0;
        k = 1;
      } else if (b0 >= 0xC2 && b0 < 0xE0) {
        k = 2;
        cp = b0 & 0x1F;
      } else if (b0 >= 0xE0 && b0 < 0xF0) {
        k = 3;
        cp = b0 & 0x0F;
      } else if (b0 >= 0xF0 && b0 < 0xF5) {
        k = 4;
        cp = b0 & 0x07;
      } else {
        return null;
      }
      if (end - i < k) {
        return null;
      }
      for (int j = 1; j < k; j++) {
        int cb = b[i + j] & 0xFF;
        if ((cb & 0xC0) != 0x80) {
          return null;
        }
        cp = cp << 6 | (cb & 0x3F);
      }
      if (k == 3 && cp < 0x800 || k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) {
        return null; // overlong, or beyond Unicode
      }
      boolean low = cp >= 0xDC00 && cp <= 0xDFFF;
      if (afterHigh && low) {
        return null; // a pair must be one four-byte sequence
      }
      afterHigh = cp >= 0xD800 && cp <= 0xDBFF;
      if (k == 4) {
        out[q++] = Character.highSurrogate(cp);
        out[q++] = Character.lowSurrogate(cp);
      } else {
        out[q++] = (char) cp;
      }
      i += k;
    }
    return new String(out, 0, q);
  }
}
