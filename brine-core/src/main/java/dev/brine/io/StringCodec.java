package dev.brine.io;

import dev.brine.Brine;
import dev.brine.MalformedInputException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/** String encoding shared by {@link ByteWriter} and {@link ByteReader}: one header, three coders. */
final class StringCodec {
  static final int LATIN1 = 0;
  static final int UTF16 = 1;
  static final int UTF8 = 2;
  /** Header of a null string in nullable slots: coder 3 with length 0. */
  static final byte NULL_HEADER = 3;

  private StringCodec() {}

  /**
   * {@code String.value} and {@code String.coder}, readable only when the JVM opens java.lang to
   * Brine ({@code --add-opens java.base/java.lang=ALL-UNNAMED}, which Spark's launcher passes); null
   * otherwise. With them a Latin-1 string is one array copy instead of a per-char scan; the bytes
   * written are the same either way.
   */
  private static final VarHandle VALUE;
  private static final VarHandle CODER;

  static {
    VarHandle value = null;
    VarHandle coder = null;
    try {
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
      value = l.findVarHandle(String.class, "value", byte[].class);
      coder = l.findVarHandle(String.class, "coder", byte.class);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // java.lang is not open to Brine (the default): scan the chars instead
      value = null;
      coder = null;
    }
    VALUE = value;
    CODER = coder;
  }

  /**
   * {@code String(byte[] value, byte coder)}, the JDK's own constructor that takes the array as the string's
   * value, when java.lang is open to Brine and the platform is little-endian (where a UTF-16 string's value is
   * its UTF-16LE bytes); null otherwise. A UTF-16 string is then read as one copy of its bytes (journal step
   * 136), and a Latin-1 one too when the JDK's compact strings are on (step 141; else every string's value is
   * UTF-16). In a class of its own, looked up at the first string read with java.lang open, not when {@code
   * build()} loads this class.
   */
  private static final class OwnValue {
    static final MethodHandle NEW_STRING = newString();
    /** Whether Latin-1 strings are read through {@link #NEW_STRING} too. */
    static final boolean LATIN1 = NEW_STRING != null && compactStrings();
    /** {@code String.UTF16}, the JDK's coder of a string whose value is UTF-16 in the platform's byte order. */
    static final byte JDK_UTF16 = 1;
    /** {@code String.LATIN1}. */
    static final byte JDK_LATIN1 = 0;

    /** The string whose value is {@code value} (a copy no one else holds) with the JDK's coder {@code coder}. */
    static String of(byte[] value, byte coder) {
      try {
        return (String) NEW_STRING.invokeExact(value, coder);
      } catch (Throwable t) {
        throw new IllegalStateException("String(byte[], byte) failed", t); // never: the JDK's own constructor
      }
    }

    private static MethodHandle newString() {
      if (VALUE == null || java.nio.ByteOrder.nativeOrder() != java.nio.ByteOrder.LITTLE_ENDIAN) {
        return null;
      }
      try {
        return MethodHandles.privateLookupIn(String.class, MethodHandles.lookup())
            .findConstructor(String.class, MethodType.methodType(void.class, byte[].class, byte.class));
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        return null; // a JDK without that constructor: strings are read as before
      }
    }

    private static boolean compactStrings() {
      try {
        return (boolean) MethodHandles.privateLookupIn(String.class, MethodHandles.lookup())
            .findStaticVarHandle(String.class, "COMPACT_STRINGS", boolean.class).get();
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        return false;
      }
    }
  }

  /** Whether the opened-String fast path is active in this JVM. */
  static boolean stringInternalsOpen() {
    return VALUE != null;
  }

  static void write(ByteWriter w, String s) {
    int len = s.length();
    if (VALUE != null) {
      byte coder = (byte) CODER.get(s);
      if (coder == 0) { // LATIN1 coder: the bytes are the Latin-1 encoding
        byte[] value = (byte[]) VALUE.get(s);
        w.ensure(9 + len);
        byte[] buf = w.buf;
        int at = ByteWriter.storeVarUInt64(buf, w.pos, (long) len << 2 | LATIN1);
        copyShort(value, len, buf, at);
        w.pos = at + len;
        return;
      }
      if (!w.compressStrings && OwnValue.LATIN1) {
        // the JDK's UTF-16 coder with its compact strings on: a char above U+00FF, so no Latin-1 attempt
        writeUtf16(w, s, len);
        return;
      }
    }
    if (len != 0 && s.charAt(0) > 0xFF) {
      // wide from its first char (Cyrillic, Greek, CJK...): the optimistic Latin-1 copy and scan below
      // would be thrown away (Cyrillic and CJK records 1.5-1.6x faster without them, journal step 128)
      writeWide(w, s);
      return;
    }
    // Optimistic Latin-1: the header for a Latin-1 body of len bytes, then the low byte of every char
    // (an array copy for the JDK's Latin-1 strings), then a read-only scan: the OR of all chars tells
    // whether those bytes are the string. Measured ~15 % faster than one loop that copies and scans
    // char by char (String.charAt is not vectorized on JDK 17). Otherwise the string is written again
    // from the same position.
    w.ensure(9 + len);
    byte[] buf = w.buf;
    int start = ByteWriter.storeVarUInt64(buf, w.pos, (long) len << 2 | LATIN1);
    copyLowBytes(s, len, buf, start);
    int acc = 0;
    for (int i = 0; i < len; i++) {
      acc |= s.charAt(i);
    }
    if (acc <= 0xFF) {
      w.pos = start + len;
      return;
    }
    writeWide(w, s); // from its first char: no separate scan for where the wide chars start (journal step 128)
  }

  /**
   * Copies {@code src[0, len)} to {@code dst} at {@code at}: 8 to 16 bytes inline with two overlapping
   * 8-byte loads and stores (no call into the array-copy stub), others with {@code System.arraycopy}.
   * Journal step 134: inline cases for 1–7 bytes too made the method large enough to cost more than
   * they saved wherever a class writes several strings.
   */
  private static void copyShort(byte[] src, int len, byte[] dst, int at) {
    if (len >= 8 && len <= 16) {
      ByteWriter.I64.set(dst, at, (long) ByteWriter.I64.get(src, 0));
      ByteWriter.I64.set(dst, at + len - 8, (long) ByteWriter.I64.get(src, len - 8));
    } else {
      System.arraycopy(src, 0, dst, at, len);
    }
  }

  /** {@code String.getBytes(int, int, byte[], int)}: deprecated because it drops the high bytes, which is the point here. */
  @SuppressWarnings("deprecation")
  private static void copyLowBytes(String s, int len, byte[] dst, int at) {
    s.getBytes(0, len, dst, at);
  }

  /**
   * Non-Latin-1 string: UTF-8 if it takes at most three quarters of UTF-16's bytes and has no unpaired
   * surrogate, else UTF-16. UTF-16 is written and read as one plain loop; UTF-8 byte by byte with a
   * branch per sequence, which on text of mostly two-byte sequences (Cyrillic: about a tenth fewer bytes
   * than UTF-16) took 2.2 times UTF-16's time to read and 1.3 times to write (journal step 128). So UTF-8
   * is kept where it saves at least a quarter of the bytes: mostly-ASCII text with a few wide chars.
   */
  private static void writeWide(ByteWriter w, String s) {
    int len = s.length();
    if (!w.compressStrings) {
      writeUtf16(w, s, len);
      return;
    }
    // UTF-8's bytes beyond one per char; UTF-8 is chosen when len + extra <= 3/2 len (three quarters of
    // UTF-16's bytes). The count stops as soon as extra passes len / 2, since the chars not yet seen add
    // nothing below zero: Cyrillic text stops about halfway, CJK after a quarter of its chars.
    int extra = 0;
    int slack = len / 2;
    boolean unpaired = false;
    for (int i = 0; i < len && extra <= slack; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        continue;
      } else if (c < 0x800) {
        extra += 1;
      } else if (Character.isHighSurrogate(c)) {
        if (i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
          extra += 2; // four bytes for two chars
          i++;
        } else {
          unpaired = true;
          break;
        }
      } else if (Character.isLowSurrogate(c)) {
        unpaired = true;
        break;
      } else {
        extra += 2;
      }
    }
    if (!unpaired && extra <= slack) {
      int n = len + extra;
      w.writeVarUInt64((long) n << 2 | UTF8);
      w.ensure(n);
      byte[] buf = w.buf;
      int p = w.pos;
      for (int i = 0; i < len; i++) {
        char c = s.charAt(i);
        if (c < 0x80) {
          buf[p++] = (byte) c;
        } else if (c < 0x800) {
          buf[p++] = (byte) (0xC0 | (c >> 6));
          buf[p++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c)) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          buf[p++] = (byte) (0xF0 | (cp >> 18));
          buf[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
          buf[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
          buf[p++] = (byte) (0x80 | (cp & 0x3F));
        } else {
          buf[p++] = (byte) (0xE0 | (c >> 12));
          buf[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
          buf[p++] = (byte) (0x80 | (c & 0x3F));
        }
      }
      w.pos = p;
    } else {
      writeUtf16(w, s, len);
    }
  }

  /**
   * A string that is not Latin-1 as UTF-16LE: with java.lang open (a Latin-1 string never gets here then) its
   * own UTF-16 bytes in one copy, else a store per char. Unpaired surrogates are kept as they are.
   */
  private static void writeUtf16(ByteWriter w, String s, int len) {
    int bytes = len << 1; // a string with a char above U+00FF has fewer than 2^30 chars (the JDK's UTF-16 limit)
    w.ensure(9 + bytes);
    byte[] buf = w.buf;
    int p = ByteWriter.storeVarUInt64(buf, w.pos, (long) bytes << 2 | UTF16);
    if (VALUE != null && NATIVE_LITTLE_ENDIAN) {
      System.arraycopy((byte[]) VALUE.get(s), 0, buf, p, bytes);
      p += bytes;
    } else {
      for (int i = 0; i < len; i++) {
        ByteWriter.I16.set(buf, p, (short) s.charAt(i));
        p += 2;
      }
    }
    w.pos = p;
  }

  /** Whether a UTF-16 string's own bytes ({@code String.value}, in the platform's order) are UTF-16LE. */
  private static final boolean NATIVE_LITTLE_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;

  /** Reads the body of a string whose header has been read; {@code start} is the header's offset. */
  static String read(ByteReader r, long header, int start) {
    // the common case (Latin-1, within the limits) small enough to inline into every string read;
    // the rest, with every check in its order, out of line (-XX:+PrintInlining: "hot method too big" at 360 bytes)
    long byteLen = header >>> 2;
    int p = r.pos;
    if ((header & 3) == LATIN1 && byteLen <= r.limit - p && byteLen <= r.maxStringBytes) {
      int n = (int) byteLen;
      r.pos = p + n;
      return latin1(r.buf, p, n);
    }
    return readChecked(r, header, start);
  }

  /**
   * A string of the Latin-1 bytes {@code b[p, p + n)}: {@code String(byte[] ascii, int hibyte, int
   * offset, int count)} with {@code hibyte} 0, each char a byte's unsigned value, which is Latin-1
   * decoding. Deprecated because it drops the high byte of other charsets, which is the point here.
   * On JDK 17 the {@code Charset} constructor is over 800 bytes of bytecode, too big for C2 to inline:
   * every string read was a call that then dispatched on the charset; this one (about 130 bytes) is
   * inlined and is one array copy, as the other.
   */
  @SuppressWarnings("deprecation")
  static String latin1(byte[] b, int p, int n) {
    if (VALUE != null && OwnValue.LATIN1) { // java.lang open: one copy, taken as the string's value (step 141)
      return OwnValue.of(Arrays.copyOfRange(b, p, p + n), OwnValue.JDK_LATIN1);
    }
    return new String(b, 0, p, n);
  }

  /**
   * The string whose UTF-16LE bytes are {@code b[p, p + n)} ({@code n} even), made with {@link OwnValue#NEW_STRING}
   * from one copy of them, when one of its chars is above U+00FF; else null (a string of Latin-1 chars must
   * have the JDK's Latin-1 coder, or it would not equal the same string made any other way), and the caller
   * reads the chars one by one.
   */
  private static String utf16Value(byte[] b, int p, int n) {
    return hasWideChar(b, p, p + n) ? OwnValue.of(Arrays.copyOfRange(b, p, p + n), OwnValue.JDK_UTF16) : null;
  }

  /**
   * Whether the UTF-16LE chars {@code b[p, end)} hold one above U+00FF: a high byte that is not zero, looked for
   * four chars per 8-byte load (mostly-ASCII text written as UTF-16 may have its first wide char far in; journal
   * step 145).
   */
  private static boolean hasWideChar(byte[] b, int p, int end) {
    int i = p;
    for (; i <= end - 8; i += 8) {
      if (((long) ByteWriter.I64.get(b, i) & 0xFF00FF00FF00FF00L) != 0) {
        return true;
      }
    }
    for (i++; i < end; i += 2) {
      if (b[i] != 0) {
        return true;
      }
    }
    return false;
  }

  private static String readChecked(ByteReader r, long header, int start) {
    int coder = (int) (header & 3);
    long byteLen = header >>> 2;
    if (byteLen > r.maxStringBytes) {
      throw r.limit("string of " + byteLen + " bytes at offset " + r.offsetOf(start)
          + " exceeds the limit of " + r.maxStringBytes + " bytes (Brine.Builder.maxStringBytes)");
    }
    int n = (int) byteLen;
    if (n > r.limit - r.pos) {
      throw r.truncated("string of " + n + " bytes", start);
    }
    byte[] buf = r.buf;
    int p = r.pos;
    switch (coder) {
      case LATIN1: {
        r.pos = p + n;
        return latin1(buf, p, n);
      }
      case UTF16: {
        if ((n & 1) != 0) {
          throw new MalformedInputException("UTF-16 string with odd byte length " + n + " at offset " + r.offsetOf(start));
        }
        r.pos = p + n;
        String own = VALUE != null && OwnValue.NEW_STRING != null ? utf16Value(buf, p, n) : null;
        if (own != null) {
          return own;
        }
        char[] chars = r.scratchChars(n >> 1);
        for (int i = 0, m = n >> 1; i < m; i++) {
          chars[i] = (char) (short) ByteWriter.I16.get(buf, p + 2 * i);
        }
        return new String(chars, 0, n >> 1);
      }
      case UTF8:
        return readUtf8(r, p, n, start);
      default:
        throw new MalformedInputException("null string marker in a non-null string slot at offset " + r.offsetOf(start));
    }
  }

  private static String readUtf8(ByteReader r, int p, int n, int start) {
    byte[] buf = r.buf;
    char[] chars = r.scratchChars(n);
    int end = p + n;
    int c = 0;
    while (p < end) {
      int b = buf[p];
      if (b >= 0) {
        chars[c++] = (char) b;
        p++;
        continue;
      }
      b &= 0xFF;
      // one case per sequence length, each with its own bounds and checks (no loop over a length)
      if (b >= 0xC2 && b <= 0xDF) { // two bytes: U+0080..U+07FF, never a surrogate
        if (p + 1 >= end || (buf[p + 1] & 0xC0) != 0x80) {
          throw badUtf8(r, p, start);
        }
        chars[c++] = (char) ((b & 0x1F) << 6 | buf[p + 1] & 0x3F);
        p += 2;
      } else if (b >= 0xE0 && b <= 0xEF) { // three bytes: U+0800..U+FFFF but the surrogates
        if (p + 2 >= end || (buf[p + 1] & 0xC0) != 0x80 || (buf[p + 2] & 0xC0) != 0x80) {
          throw badUtf8(r, p, start);
        }
        int cp = (b & 0x0F) << 12 | (buf[p + 1] & 0x3F) << 6 | buf[p + 2] & 0x3F;
        if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) {
          throw badUtf8(r, p, start);
        }
        chars[c++] = (char) cp;
        p += 3;
      } else if (b >= 0xF0 && b <= 0xF4) { // four bytes: U+10000..U+10FFFF, a surrogate pair
        if (p + 3 >= end || (buf[p + 1] & 0xC0) != 0x80 || (buf[p + 2] & 0xC0) != 0x80 || (buf[p + 3] & 0xC0) != 0x80) {
          throw badUtf8(r, p, start);
        }
        int cp = (b & 0x07) << 18 | (buf[p + 1] & 0x3F) << 12 | (buf[p + 2] & 0x3F) << 6 | buf[p + 3] & 0x3F;
        if (cp < 0x10000 || cp > 0x10FFFF) {
          throw badUtf8(r, p, start);
        }
        chars[c++] = Character.highSurrogate(cp);
        chars[c++] = Character.lowSurrogate(cp);
        p += 4;
      } else {
        throw badUtf8(r, p, start);
      }
    }
    r.pos = end;
    return new String(chars, 0, c);
  }

  private static MalformedInputException badUtf8(ByteReader r, int p, int start) {
    return new MalformedInputException("invalid UTF-8 byte sequence at offset " + r.offsetOf(p)
        + " in the string starting at offset " + r.offsetOf(start));
  }
}
