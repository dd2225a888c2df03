package dev.brine.json.io;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads JSON (RFC 8259) from UTF-8 bytes, token by token. Malformed input is a {@link
 * MalformedInputException} that names the line and column (and byte offset); input that ends too
 * early a {@link TruncatedInputException}. Strings must be valid UTF-8.
 *
 * <p>Public because code generated into the user's packages calls it; not an API to program against.
 */
public final class JsonReader {
  final byte[] buf;
  final int start;
  final int end;
  private final int maxDepth;
  /** The next byte to read. */
  public int pos;
  private int depth;
  private int nameStart;
  private int nameLen;
  private String nameDecoded;

  /** Reads {@code buf[from, from + length)}, refusing values nested deeper than {@code maxDepth}. */
  public JsonReader(byte[] buf, int from, int length, int maxDepth) {
    this.buf = buf;
    this.start = from;
    this.pos = from;
    this.end = from + length;
    this.maxDepth = maxDepth;
    if (length >= 3 && (buf[from] & 0xFF) == 0xEF && (buf[from + 1] & 0xFF) == 0xBB && (buf[from + 2] & 0xFF) == 0xBF) {
      pos += 3; // a UTF-8 byte order mark
    }
  }

  // ---------------------------------------------------------------- structure

  private int peek() {
    int p = pos;
    byte[] b = buf;
    while (p < end) {
      byte c = b[p];
      if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
        p++;
      } else {
        pos = p;
        return c;
      }
    }
    pos = p;
    throw truncated("json: input ends where a value or punctuation was expected");
  }

  private void expect(char c) {
    if (peek() != c) {
      throw unexpected("'" + c + "'");
    }
    pos++;
  }

  /** Consumes the opening brace of an object. */
  public void startObject() {
    expect('{');
    enter();
  }

  /** Consumes the opening bracket of an array. */
  public void startArray() {
    expect('[');
    enter();
  }

  private void enter() {
    if (++depth > maxDepth) {
      throw new LimitExceededException("json: nested deeper than " + maxDepth + where(pos - 1));
    }
  }

  /** After {@link #startObject}: reads the first field's name and colon, or the closing brace (false). */
  public boolean firstField() {
    if (peek() == '}') {
      pos++;
      depth--;
      return false;
    }
    name();
    return true;
  }

  /** After a field's value: reads {@code ,} and the next name and colon, or the closing brace (false). */
  public boolean nextField() {
    int c = peek();
    if (c == '}') {
      pos++;
      depth--;
      return false;
    }
    if (c != ',') {
      throw unexpected("',' or '}'");
    }
    pos++;
    name();
    return true;
  }

  /** After {@link #startArray}: whether an element follows (false: the closing bracket was read). */
  public boolean firstElement() {
    if (peek() == ']') {
      pos++;
      depth--;
      return false;
    }
    return true;
  }

  /** After an element: whether another follows ({@code ,} read) or the array ended. */
  public boolean nextElement() {
    int c = peek();
    if (c == ']') {
      pos++;
      depth--;
      return false;
    }
    if (c != ',') {
      throw unexpected("',' or ']'");
    }
    pos++;
    return true;
  }

  private void name() {
    if (peek() != '"') {
      throw unexpected("a field name in quotes");
    }
    int p = ++pos;
    byte[] b = buf;
    while (p < end) {
      byte c = b[p];
      if (c == '"') {
        nameStart = pos;
        nameLen = p - pos;
        nameDecoded = null;
        pos = p + 1;
        expect(':');
        return;
      }
      if (c == '\\' || (c >= 0 && c < 0x20)) {
        break;
      }
      p++;
    }
    pos--;
    nameDecoded = readString();
    expect(':');
  }

  /** {@link #firstFieldIndex}/{@link #nextFieldIndex}: the object ended. */
  public static final int END = -2;
  /** {@link #firstFieldIndex}/{@link #nextFieldIndex}: a name not in the list. */
  public static final int UNKNOWN = -1;

  /**
   * After {@link #startObject}: reads the first field's name and colon and returns its index in
   * {@code f}, {@link #UNKNOWN}, or {@link #END} (the closing brace was read).
   */
  public int firstFieldIndex(FieldNames f) {
    int p = pos;
    if (f.size() > 0 && f.keyAt(buf, p, end, 0)) {
      pos = p + f.keyLength(0);
      return 0;
    }
    return firstField() ? matchField(f.names, 0) : END;
  }

  /**
   * After a field's value: reads {@code ,} and the next name and colon and returns its index in
   * {@code f} ({@code hint} is tried first), {@link #UNKNOWN}, or {@link #END} (the closing brace was read).
   */
  public int nextFieldIndex(FieldNames f, int hint) {
    int p = pos;
    byte[] b = buf;
    if (p < end && b[p] == ',' && hint < f.size() && f.keyAt(b, p + 1, end, hint)) {
      pos = p + 1 + f.keyLength(hint);
      return hint;
    }
    return nextField() ? matchField(f.names, hint) : END;
  }

  /**
   * The index in {@code names} (UTF-8 bytes of each field name) of the name just read, or -1;
   * {@code hint} is tried first (the next field in declaration order).
   */
  public int matchField(byte[][] names, int hint) {
    if (nameDecoded != null) {
      for (int i = 0; i < names.length; i++) {
        if (nameDecoded.equals(new String(names[i], StandardCharsets.UTF_8))) {
          return i;
        }
      }
      return -1;
    }
    int s = nameStart;
    int n = nameLen;
    if (hint >= 0 && hint < names.length) {
      byte[] h = names[hint];
      if (h.length == n && Arrays.equals(buf, s, s + n, h, 0, n)) {
        return hint;
      }
    }
    for (int i = 0; i < names.length; i++) {
      byte[] h = names[i];
      if (h.length == n && Arrays.equals(buf, s, s + n, h, 0, n)) {
        return i;
      }
    }
    return -1;
  }

  /** The name just read, as a string (for map keys). */
  public String fieldName() {
    return nameDecoded != null ? nameDecoded : JsonStrings.decodeUtf8(this, nameStart, nameLen);
  }

  /** Whether a string comes next (nothing consumed). */
  public boolean nextIsString() {
    return peek() == '"';
  }

  /** Consumes {@code null} if it comes next. */
  public boolean nextIsNull() {
    if (peek() == 'n') {
      literal("null");
      return true;
    }
    return false;
  }

  /** Requires nothing but whitespace after the value. */
  public void finish() {
    int p = pos;
    while (p < end) {
      byte c = buf[p];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        pos = p;
        throw malformed("json: unexpected " + describe(c) + " after the value");
      }
      p++;
    }
    pos = p;
  }

  private void literal(String word) {
    int n = word.length();
    if (end - pos < n) {
      throw truncated("json: input ends inside '" + word + "'");
    }
    for (int i = 0; i < n; i++) {
      if (buf[pos + i] != word.charAt(i)) {
        throw malformed("json: expected '" + word + "'");
      }
    }
    pos += n;
  }

  // ---------------------------------------------------------------- values

  /** A boolean ({@code null} reads as false, as Jackson reads it into a primitive). */
  public boolean readBoolean() {
    int c = peek();
    if (c == 'n') {
      literal("null");
      return false;
    }
    if (c == 't') {
      literal("true");
      return true;
    }
    if (c == 'f') {
      literal("false");
      return false;
    }
    throw unexpected("true or false");
  }

  /** An integer that fits an int ({@code null} reads as 0). */
  public int readInt() {
    int at = pos;
    long v = readLong();
    if (v != (int) v) {
      pos = at;
      throw malformed("json: " + v + " does not fit an int");
    }
    return (int) v;
  }

  /** An integer that fits a long ({@code null} reads as 0, as Jackson reads it into a primitive). */
  public long readLong() {
    int c = peek();
    if (c == 'n') {
      literal("null");
      return 0;
    }
    return JsonNumbers.parseLong(this, c == '-');
  }

  /** A number (or "NaN", "Infinity", "-Infinity" in quotes, as Jackson writes them; {@code null} reads as 0). */
  public double readDouble() {
    int c = peek();
    if (c == 'n') {
      literal("null");
      return 0;
    }
    if (c == '"') {
      int at = pos;
      String s = readString();
      switch (s) {
        case "NaN": return Double.NaN;
        case "Infinity": return Double.POSITIVE_INFINITY;
        case "-Infinity": return Double.NEGATIVE_INFINITY;
        default:
          pos = at;
          throw malformed("json: expected a number, not a string");
      }
    }
    return JsonNumbers.parseDouble(this);
  }

  /** The text of a number, checked against JSON's grammar. */
  public String numberText() {
    peek();
    return JsonNumbers.numberText(this);
  }

  /** A string, or null for {@code null}. */
  public String readString() {
    int c = peek();
    if (c == 'n') {
      literal("null");
      return null;
    }
    if (c != '"') {
      throw unexpected("a string");
    }
    int s = ++pos;
    int p = s;
    byte[] b = buf;
    int e = end;
    int high = 0; // the OR of the bytes: negative when one is not ASCII
    while (p < e) {
      byte x = b[p];
      if (x == '"') {
        pos = p + 1;
        // ASCII is Latin-1: the JDK copies it into a compact string without decoding or checking
        return high >= 0 ? new String(b, s, p - s, StandardCharsets.ISO_8859_1) : JsonStrings.decodeUtf8(this, s, p - s);
      }
      if (x == '\\' || (x >= 0 && x < 0x20)) {
        break;
      }
      high |= x;
      p++;
    }
    return JsonStrings.slowString(this, s);
  }

  /**
   * Reads a string and returns the index in {@code names} (UTF-8 bytes) of the one it equals, -1 if
   * none, or -2 for {@code null}; escaped strings are decoded first. For enum constants.
   */
  public int readStringIndex(byte[][] names) {
    int c = peek();
    if (c == 'n') {
      literal("null");
      return -2;
    }
    if (c != '"') {
      throw unexpected("a string");
    }
    int s = pos + 1;
    int p = s;
    byte[] b = buf;
    int e = end;
    while (p < e) {
      byte x = b[p];
      if (x == '"') {
        pos = p + 1;
        int n = p - s;
        for (int i = 0; i < names.length; i++) {
          byte[] h = names[i];
          if (h.length == n && Arrays.equals(b, s, p, h, 0, n)) {
            return i;
          }
        }
        JsonStrings.decodeUtf8(this, s, n); // only checks that it is valid UTF-8
        return -1;
      }
      if (x == '\\' || (x >= 0 && x < 0x20)) {
        break;
      }
      p++;
    }
    String str = readString();
    for (int i = 0; i < names.length; i++) {
      if (str.equals(new String(names[i], StandardCharsets.UTF_8))) {
        return i;
      }
    }
    return -1;
  }

  /** Skips one value of any kind. */
  public void skipValue() {
    int c = peek();
    switch (c) {
      case '{':
        startObject();
        if (firstField()) {
          do {
            skipValue();
          } while (nextField());
        }
        return;
      case '[':
        startArray();
        if (firstElement()) {
          do {
            skipValue();
          } while (nextElement());
        }
        return;
      case '"':
        readString();
        return;
      case 't': case 'f':
        readBoolean();
        return;
      case 'n':
        literal("null");
        return;
      default:
        numberText();
    }
  }

  // ---------------------------------------------------------------- errors

  /** An exception for a value that is well-formed JSON but not what the field takes, at the current position. */
  public MalformedInputException malformed(String what) {
    return new MalformedInputException(what + where(pos));
  }

  TruncatedInputException truncated(String what) {
    return new TruncatedInputException(what + where(pos));
  }

  MalformedInputException unexpected(String expected) {
    if (pos >= end) {
      return truncated("json: input ends where " + expected + " was expected");
    }
    return malformed("json: expected " + expected + ", found " + describe(buf[pos]));
  }

  private static String describe(byte c) {
    return c >= 0x20 && c < 0x7F ? "'" + (char) c + "'" : String.format("byte 0x%02x", c & 0xFF);
  }

  /** " at line L, column C (offset O)" for position {@code p}; lines and columns from 1, columns in bytes. */
  private String where(int p) {
    int line = 1;
    int lineStart = start;
    for (int i = start; i < Math.min(p, end); i++) {
      if (buf[i] == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return " at line " + line + ", column " + (p - lineStart + 1) + " (offset " + (p - start) + ")";
  }


}
