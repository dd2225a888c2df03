package dev.brine.json.io;

import dev.brine.BrineException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Writes JSON as UTF-8 bytes into a growable array: names and punctuation as precomputed byte
 * constants, numbers digit by digit, strings escaped as Jackson escapes them (control characters,
 * {@code "} and {@code \}; other characters as UTF-8; an unpaired surrogate as {@code \\uXXXX}).
 *
 * <p>Public because code generated into the user's packages calls it; not an API to program against.
 */
public final class JsonWriter {
  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] NULL = {'n', 'u', 'l', 'l'};
  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] MIN_LONG = "-9223372036854775808".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  /** Per ASCII char: 0 copy as is, else the char after a backslash ('u' for \\u00XX). */
  private static final byte[] ESCAPE = new byte[128];

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPE[c] = 'u';
    }
    ESCAPE['"'] = '"';
    ESCAPE['\\'] = '\\';
    ESCAPE['\n'] = 'n';
    ESCAPE['\r'] = 'r';
    ESCAPE['\t'] = 't';
    ESCAPE['\b'] = 'b';
    ESCAPE['\f'] = 'f';
  }

  /** The buffer; bytes {@code [0, pos)} are written. */
  public byte[] buf;
  /** The next position. */
  public int pos;
  /** Objects and arrays open now. */
  public int depth;
  private final int maxDepth;

  /** Creates a writer that refuses values nested deeper than {@code maxDepth}. */
  public JsonWriter(int capacity, int maxDepth) {
    this.buf = new byte[Math.max(64, capacity)];
    this.maxDepth = maxDepth;
  }

  /** Forgets what was written. */
  public void reset() {
    pos = 0;
    depth = 0;
  }

  /** The bytes written, in a new array. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Makes room for {@code n} more bytes. */
  public void ensure(int n) {
    if (buf.length - pos < n) {
      long need = (long) pos + n;
      if (need > Integer.MAX_VALUE - 16) {
        throw new BrineException("json: output larger than 2 GiB");
      }
      buf = Arrays.copyOf(buf, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 16, (long) buf.length * 2)));
    }
  }

  /** Writes precomputed bytes (a name with its quotes, colon and comma). */
  public void raw(byte[] b) {
    int n = b.length;
    ensure(n);
    System.arraycopy(b, 0, buf, pos, n);
    pos += n;
  }

  /**
   * Writes the first {@code len} bytes of {@code padded}, a name's precomputed {@code ,"name":}
   * padded with zeros to a multiple of 8 bytes ({@link #pad}): up to 16 bytes as one or two 8-byte
   * stores instead of a copy.
   */
  public void key(byte[] padded, int len) {
    int n = padded.length;
    ensure(n);
    byte[] b = buf;
    int p = pos;
    if (n == 8) {
      FieldNames.LONG.set(b, p, (long) FieldNames.LONG.get(padded, 0));
    } else if (n == 16) {
      FieldNames.LONG.set(b, p, (long) FieldNames.LONG.get(padded, 0));
      FieldNames.LONG.set(b, p + 8, (long) FieldNames.LONG.get(padded, 8));
    } else {
      System.arraycopy(padded, 0, b, p, len);
    }
    pos = p + len;
  }

  /** {@code b} with zeros after it up to a multiple of 8 bytes, for {@link #key}. */
  public static byte[] pad(byte[] b) {
    return Arrays.copyOf(b, Math.max(8, (b.length + 7) & -8));
  }

  /** Writes one ASCII byte. */
  public void raw(char c) {
    ensure(1);
    buf[pos++] = (byte) c;
  }

  /** Opens an object or array (its opening brace or bracket), checking the depth limit. */
  public void open(char c) {
    if (++depth > maxDepth) {
      throw new dev.brine.LimitExceededException("json: values nested deeper than " + maxDepth
          + " (a cycle between objects?)");
    }
    raw(c);
  }

  /** Closes an object or array. */
  public void close(char c) {
    depth--;
    raw(c);
  }

  /** {@code null}. */
  public void writeNull() {
    raw(NULL);
  }

  /** {@code true} or {@code false}. */
  public void bool(boolean v) {
    raw(v ? TRUE : FALSE);
  }

  /** An int in decimal. */
  public void number(int v) {
    number((long) v);
  }

  /** A long in decimal. */
  public void number(long v) {
    ensure(28); // 20 characters, and the digit writer's slack of up to 8 bytes
    int p = pos;
    byte[] b = buf;
    if (v < 0) {
      if (v == Long.MIN_VALUE) {
        raw(MIN_LONG);
        return;
      }
      b[p++] = '-';
      v = -v;
    }
    int len = DoubleText.digitCount(v | 1); // (v | 1: 0 has one digit, and so has 1)
    DoubleText.writeDigits(v, len, b, p);
    pos = p + len;
  }

  /**
   * A double as Jackson writes it: in {@link Double#toString}'s layout, the shortest digits that read
   * back to it ({@link DoubleText}), NaN and infinities as strings.
   */
  public void number(double v) {
    if (!Double.isFinite(v)) {
      string(Double.toString(v));
      return;
    }
    ensure(DoubleText.MAX_CHARS);
    pos = DoubleText.write(v, buf, pos);
  }

  /** A float as Jackson writes it: {@link Float#toString}, NaN and infinities as strings. */
  public void number(float v) {
    if (Float.isNaN(v) || Float.isInfinite(v)) {
      string(Float.toString(v));
      return;
    }
    ascii(Float.toString(v));
  }

  /** Writes an ASCII string as is (a number's text). */
  @SuppressWarnings("deprecation") // drops the high byte of each char: the text is ASCII
  public void ascii(String s) {
    int n = s.length();
    ensure(n);
    s.getBytes(0, n, buf, pos);
    pos += n;
  }

  /** A string in quotes, or {@code null}. */
  public void string(String s) {
    if (s == null) {
      writeNull();
      return;
    }
    int n = s.length();
    ensure(n * 6 + 2);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    int i = 0;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80 || ESCAPE[c] != 0) {
        break;
      }
      b[p++] = (byte) c;
    }
    if (i < n) {
      p = slow(s, i, b, p);
    }
    b[p++] = '"';
    pos = p;
  }

  private static int slow(String s, int i, byte[] b, int p) {
    int n = s.length();
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        byte e = ESCAPE[c];
        if (e == 0) {
          b[p++] = (byte) c;
        } else if (e == 'u') {
          p = unicodeEscape(c, b, p);
        } else {
          b[p++] = '\\';
          b[p++] = e;
        }
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
          p = unicodeEscape(c, b, p); // an unpaired surrogate: escaped, so the text stays valid UTF-8
        }
      } else {
        b[p++] = (byte) (0xE0 | (c >> 12));
        b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return p;
  }

  private static int unicodeEscape(char c, byte[] b, int p) {
    b[p++] = '\\';
    b[p++] = 'u';
    b[p++] = HEX[c >> 12];
    b[p++] = HEX[(c >> 8) & 0xF];
    b[p++] = HEX[(c >> 4) & 0xF];
    b[p++] = HEX[c & 0xF];
    return p;
  }

  /** Bytes as a base64 string (Jackson's default for {@code byte[]}), or null. */
  public void base64(byte[] v) {
    if (v == null) {
      writeNull();
      return;
    }
    raw('"');
    byte[] enc = Base64.getEncoder().encode(v);
    raw(enc);
    raw('"');
  }
}
