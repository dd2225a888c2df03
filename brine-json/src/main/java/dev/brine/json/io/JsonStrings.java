package dev.brine.json.io;

import dev.brine.MalformedInputException;
import java.nio.charset.StandardCharsets;

/**
 * {@link JsonReader}'s string decoding off the fast path: UTF-8 decoding with validation, and
 * strings with escapes. The reader keeps the fast paths (an unescaped run up to the closing quote)
 * and calls these for the rest.
 */
final class JsonStrings {
  private JsonStrings() {}

  /** Decodes the unescaped UTF-8 at {@code r.buf[s, s + n)}, refusing malformed sequences. */
  static String decodeUtf8(JsonReader r, int s, int n) {
    String str = new String(r.buf, s, n, StandardCharsets.UTF_8);
    // the JDK decodes each malformed sequence as U+FFFD: a string without one was well-formed
    if (str.indexOf('\uFFFD') >= 0 && !validUtf8(r.buf, s, n)) {
      int save = r.pos;
      r.pos = s;
      MalformedInputException e = r.malformed("json: string is not valid UTF-8");
      r.pos = save;
      throw e;
    }
    return str;
  }

  /**
   * The rest of a string whose content starts at {@code s}, with escapes (or a control character or
   * the end of the input, both refused) in it; leaves {@code r.pos} after the closing quote.
   */
  static String slowString(JsonReader r, int s) {
    StringBuilder out = new StringBuilder();
    int p = s;
    int run = p;
    byte[] b = r.buf;
    while (true) {
      if (p >= r.end) {
        r.pos = p;
        throw r.truncated("json: input ends inside a string");
      }
      byte x = b[p];
      if (x == '"') {
        out.append(decodeUtf8(r, run, p - run));
        r.pos = p + 1;
        return out.toString();
      }
      if (x >= 0 && x < 0x20) {
        r.pos = p;
        throw r.malformed("json: control character " + x + " in a string (must be escaped)");
      }
      if (x != '\\') {
        p++;
        continue;
      }
      out.append(decodeUtf8(r, run, p - run));
      if (p + 1 >= r.end) {
        r.pos = p;
        throw r.truncated("json: input ends inside an escape");
      }
      byte e = b[p + 1];
      p += 2;
      switch (e) {
        case '"': out.append('"'); break;
        case '\\': out.append('\\'); break;
        case '/': out.append('/'); break;
        case 'b': out.append('\b'); break;
        case 'f': out.append('\f'); break;
        case 'n': out.append('\n'); break;
        case 'r': out.append('\r'); break;
        case 't': out.append('\t'); break;
        case 'u': {
          if (r.end - p < 4) {
            r.pos = p;
            throw r.truncated("json: input ends inside a \\u escape");
          }
          int v = 0;
          for (int i = 0; i < 4; i++) {
            int h = Character.digit(b[p + i], 16);
            if (h < 0) {
              r.pos = p + i;
              throw r.malformed("json: invalid hex digit in a \\u escape");
            }
            v = v << 4 | h;
          }
          p += 4;
          out.append((char) v);
          break;
        }
        default:
          r.pos = p - 1;
          throw r.malformed("json: invalid escape \\" + (char) (e & 0xFF));
      }
      run = p;
    }
  }

  /** Whether {@code b[from, from + len)} is well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF). */
  static boolean validUtf8(byte[] b, int from, int len) {
    int i = from;
    int e = from + len;
    while (i < e) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        i++;
      } else if (c < 0xC2) {
        return false;
      } else if (c < 0xE0) {
        if (i + 1 >= e || (b[i + 1] & 0xC0) != 0x80) return false;
        i += 2;
      } else if (c < 0xF0) {
        if (i + 2 >= e) return false;
        int c1 = b[i + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80) return false;
        if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0)) return false;
        i += 3;
      } else if (c < 0xF5) {
        if (i + 3 >= e) return false;
        int c1 = b[i + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80 || (b[i + 3] & 0xC0) != 0x80) return false;
        if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90)) return false;
        i += 4;
      } else {
        return false;
      }
    }
    return true;
  }
}
