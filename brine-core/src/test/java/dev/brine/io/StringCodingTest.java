package dev.brine.io;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class StringCodingTest {
  static byte[] write(String s) {
    ByteWriter w = new ByteWriter(0);
    w.writeString(s);
    return w.toByteArray();
  }

  static String read(byte[] b) {
    ByteReader r = new ByteReader(b);
    String s = r.readString();
    assertEquals(0, r.remaining());
    return s;
  }

  @Test
  void theStringFastPathIsActiveExactlyWhenJavaLangIsOpen() {
    assertEquals(Boolean.getBoolean("brine.expectOpenStrings"), StringCodec.stringInternalsOpen());
  }

  @Test
  void coderIsChosenPerString() {
    assertArrayEquals(new byte[] {(3 << 2) | 0, 'a', 'b', 'c'}, write("abc"));
    assertArrayEquals(new byte[] {(2 << 2) | 0, 'h', (byte) 0xE9}, write("h\u00e9")); // Latin-1
    // UTF-8 when it takes at most three quarters of UTF-16's bytes: mostly ASCII with a few wide chars
    assertEquals(2, write("abc\u20ac")[0] & 3); // 6 bytes against 8: exactly three quarters
    assertEquals(2, write("abcd\u20ac")[0] & 3); // 7 against 10
    assertEquals(2, write("\u0141\u00f3d\u017a, Poland")[0] & 3); // 15 against 24
    // else UTF-16: more than three quarters, two-byte scripts, CJK (3 bytes a char in UTF-8)
    assertEquals(1, write("ab\u20ac")[0] & 3); // 5 against 6
    assertEquals(1, write("\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440")[0] & 3); // 20 against 22
    assertEquals(1, write("\u65e5\u672c\u8a9e")[0] & 3);
    assertEquals(1, write("ab\u20ac\uD83D\uDE80")[0] & 3); // 9 against 10
    // an unpaired surrogate has no UTF-8 form: UTF-16, wherever it stands
    assertEquals(1, write("a".repeat(40) + "\uD800")[0] & 3);
    assertArrayEquals(new byte[] {0}, write(""));
  }

  /** UTF-8 bodies whose header needs more bytes than a header for their length in chars would. */
  @Test
  void utf8BodiesWhoseHeaderOutgrowsTheCharCount() {
    String[] strings = {
      "\u00e9".repeat(8) + "a".repeat(15) + "\u20ac", // 24 chars, 34 bytes: a one-byte header for 24, two for 34
      "\u00e9".repeat(1200) + "a".repeat(1799) + "\u20ac", // 3,000 chars, 4,202 bytes: two bytes, then three
      "a".repeat(31) + "\u20ac", // 32 chars, 34 bytes
      "\u20ac" + "a".repeat(30)};
    for (String s : strings) {
      byte[] b = write(s);
      assertEquals(2, b[0] & 3, "UTF-8");
      assertEquals(s, read(b));
      assertArrayEquals(s.getBytes(java.nio.charset.StandardCharsets.UTF_8),
          Arrays.copyOfRange(b, b.length - s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, b.length));
    }
  }

  @Test
  void edgeCases() {
    for (String s : new String[] {"", "\u0000", "a\uD83D\uDE80b", "\uD800", "\uDC00x", "x\uD800", "\uDBFF\uDFFF",
        "\u00ff\u0100", "\uFFFF", "\u0100", "\u0100\u00ff", "\uD800", "\uD83D\uDE80", "\uDE80\uD83D", "\u0416" + "a".repeat(300),
        "\u65e5" + "\u00e9".repeat(100), "\u0416\uD800x", "tab\tnew\nline", "a".repeat(10_000), "\u00e9".repeat(300), "\u65e5".repeat(5000)}) {
      assertEquals(s, read(write(s)), () -> "string " + s.codePoints().boxed().toList());
    }
  }

  /**
   * Latin-1 strings of every length from 0 to 40 (bodies of 8 to 16 bytes are copied with overlapping stores
   * when java.lang is open), written one after another into one buffer: each is its header and exactly its
   * bytes, and nothing a later store wrote past a body's end survives.
   */
  @Test
  void latin1StringsOfEveryShortLengthAreExactlyTheirBytes() {
    ByteWriter w = new ByteWriter(0);
    java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
    for (int len = 0; len <= 40; len++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < len; i++) {
        sb.append((char) (0x21 + (len * 7 + i * 13) % 0xDE)); // every length its own bytes, 0x80..0xFF included
      }
      String s = sb.toString();
      w.writeString(s);
      ByteWriter header = new ByteWriter(0);
      header.writeVarUInt64((long) len << 2 | StringCodec.LATIN1);
      expected.writeBytes(header.toByteArray());
      expected.writeBytes(s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }
    byte[] b = w.toByteArray();
    assertArrayEquals(expected.toByteArray(), b);
    ByteReader r = new ByteReader(b);
    for (int len = 0; len <= 40; len++) {
      assertEquals(len, r.readString().length());
    }
    assertEquals(0, r.remaining());
  }

  /**
   * A UTF-16 body is read into a string equal to the one written, whatever its chars: with java.lang open it
   * is one copy of the bytes when a char is above U+00FF; a body of Latin-1 chars alone (which Brine never
   * writes as UTF-16, but other input may hold) must still give a string equal to, and hashing as, the same
   * string made any other way (the JDK keeps such strings in its Latin-1 form).
   */
  @Test
  void utf16BodiesReadAsTheStringsTheyHold() {
    List<String> strings = new java.util.ArrayList<>(List.of("\u65e5\u672c", "ab\u20ac", "\u00e9t\u00e9", "plain", "", "\u0100",
        "x\u0100", "\uD83D\uDE80", "\uD800", "a".repeat(40) + "\u20ac", "\u0416".repeat(300)));
    for (int len = 1; len <= 19; len++) { // one wide char at every position, or none (Latin-1 chars only)
      for (int at = 0; at <= len; at++) {
        char[] cs = "\u00e9b".repeat(len).substring(0, len).toCharArray();
        if (at < len) {
          cs[at] = (char) (0x100 + at);
        }
        strings.add(new String(cs));
      }
    }
    for (String s : strings) {
      ByteWriter w = new ByteWriter(0);
      w.writeVarUInt64((long) (2 * s.length()) << 2 | StringCodec.UTF16);
      byte[] header = w.toByteArray();
      byte[] b = Arrays.copyOf(header, header.length + 2 * s.length());
      for (int i = 0; i < s.length(); i++) {
        b[header.length + 2 * i] = (byte) s.charAt(i);
        b[header.length + 2 * i + 1] = (byte) (s.charAt(i) >> 8);
      }
      String back = read(b);
      assertEquals(s, back, () -> "string " + s.codePoints().boxed().toList());
      assertEquals(s.hashCode(), back.hashCode());
      assertEquals(new String(s.toCharArray()), back);
      assertTrue(back.equals(s) && s.equals(back) && back.compareTo(s) == 0);
    }
  }

  @Test
  void everyLatin1ByteReadsAsItsChar() {
    // the Latin-1 read decodes each byte as its unsigned value, 0x80..0xFF included, at any offset
    StringBuilder all = new StringBuilder();
    for (char c = 0; c <= 0xFF; c++) {
      all.append(c);
      String one = String.valueOf(c);
      byte[] b = write(one);
      assertEquals(0, b[0] & 3, "Latin-1 coder for U+" + Integer.toHexString(c));
      assertEquals(one, read(b));
    }
    byte[] b = write(all.toString());
    assertEquals(0, b[0] & 3);
    String back = read(b);
    assertEquals(all.toString(), back);
    assertEquals(256, back.length());
    byte[] shifted = new byte[b.length + 5];
    System.arraycopy(b, 0, shifted, 5, b.length);
    ByteReader r = new ByteReader(shifted);
    r.skip(5);
    assertEquals(all.toString(), r.readString());
  }

  @Property(tries = 500)
  void everyStringRoundTrips(@ForAll("anyChars") String s) {
    assertEquals(s, read(write(s)));
  }

  /**
   * The coder the writer picks: Latin-1 when every char is at most U+00FF, else UTF-8 when the string has
   * no unpaired surrogate and UTF-8 takes at most three quarters of UTF-16's bytes, else UTF-16.
   */
  @Property(tries = 500)
  void theCoderFollowsTheRule(@ForAll("anyChars") String s) {
    int coder = write(s)[0] & 3;
    if (s.chars().allMatch(c -> c <= 0xFF)) {
      assertEquals(0, coder);
      return;
    }
    boolean wellFormed = s.codePoints().noneMatch(cp -> cp >= 0xD800 && cp <= 0xDFFF);
    long utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    assertEquals(wellFormed && 2 * utf8 <= 3L * s.length() ? 2 : 1, coder, () -> "coder of " + s.codePoints().boxed().toList());
  }

  /**
   * With {@code compressStrings(false)} a string is Latin-1 when every char is at most U+00FF and UTF-16 (its
   * chars, unpaired surrogates too, little-endian) otherwise — never UTF-8 — at any position of a buffer, and
   * reads back as itself.
   */
  @Property(tries = 500)
  void withoutCompressionEveryWideStringIsItsUtf16(@ForAll("anyChars") String s, @ForAll boolean shifted) {
    ByteWriter w = new ByteWriter(0);
    w.compressStrings(false);
    if (shifted) {
      w.writeInt8(7); // the body at an odd position
    }
    w.writeString(s);
    w.writeString(s); // twice: the second starts where the first ended
    byte[] b = w.toByteArray();
    ByteReader r = new ByteReader(b);
    if (shifted) {
      assertEquals(7, r.readInt8());
    }
    int at = r.position();
    assertEquals(s, r.readString());
    int second = r.position();
    assertEquals(s, r.readString());
    assertEquals(0, r.remaining());
    boolean latin1 = s.chars().allMatch(c -> c <= 0xFF);
    byte[] body = latin1 ? s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)
        : s.getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
    if (!latin1 && s.codePoints().anyMatch(cp -> cp >= 0xD800 && cp <= 0xDFFF)) {
      body = new byte[2 * s.length()]; // the JDK's encoder replaces an unpaired surrogate: the chars themselves
      for (int i = 0; i < s.length(); i++) {
        body[2 * i] = (byte) s.charAt(i);
        body[2 * i + 1] = (byte) (s.charAt(i) >> 8);
      }
    }
    assertEquals(latin1 ? 0 : 1, b[at] & 3, () -> "coder of " + s.codePoints().boxed().toList());
    ByteReader header = new ByteReader(Arrays.copyOfRange(b, at, second));
    assertEquals((long) body.length << 2 | (latin1 ? 0 : 1), header.readVarUInt64());
    assertEquals(body.length, header.remaining(), "the body right after its header");
    assertArrayEquals(body, Arrays.copyOfRange(b, second - body.length, second));
    assertEquals(second - at, b.length - second, "both copies the same length");
  }

  /** A UTF-8 body is read exactly as the JDK's strict decoder reads it, or refused where that decoder refuses it. */
  @Property(tries = 3000)
  void utf8BodiesDecodeAsTheStrictDecoderDecodesThem(@ForAll("utf8ish") List<Byte> bytes) {
    byte[] body = new byte[bytes.size()];
    for (int i = 0; i < body.length; i++) {
      body[i] = bytes.get(i);
    }
    ByteWriter w = new ByteWriter(0);
    w.writeVarUInt64((long) body.length << 2 | 2);
    w.writeBytes(body, 0, body.length);
    byte[] payload = w.toByteArray();
    String strict;
    try {
      strict = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(body)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      strict = null;
    }
    if (strict == null) {
      assertThrows(MalformedInputException.class, () -> read(payload), () -> Arrays.toString(body));
    } else {
      assertEquals(strict, read(payload), () -> Arrays.toString(body));
    }
  }

  /** Bytes around the edges of UTF-8: ASCII, continuation bytes, every kind of lead byte and the ones never used. */
  @Provide
  Arbitrary<List<Byte>> utf8ish() {
    return Arbitraries.of((byte) 0x41, (byte) 0x00, (byte) 0x7F, (byte) 0x80, (byte) 0x8F, (byte) 0x90, (byte) 0x9F,
        (byte) 0xA0, (byte) 0xBF, (byte) 0xC0, (byte) 0xC1, (byte) 0xC2, (byte) 0xDF, (byte) 0xE0, (byte) 0xE1,
        (byte) 0xED, (byte) 0xEF, (byte) 0xF0, (byte) 0xF3, (byte) 0xF4, (byte) 0xF5, (byte) 0xFF).list().ofMaxSize(12);
  }

  @Provide
  Arbitrary<String> anyChars() {
    return Arbitraries.oneOf(
        Arbitraries.strings().withChars("ab ,.\u00e9\u0416\u044f\u20ac\u65e5\uD83D\uDE80\uD800").ofMaxLength(40),
        Arbitraries.strings().all().ofMaxLength(64),
        Arbitraries.strings().ascii().ofMaxLength(200),
        Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(100),
        Arbitraries.strings().withCharRange('\ud800', '\udfff').ofMaxLength(8));
  }

  @Test
  void nullableStrings() {
    ByteWriter w = new ByteWriter(0);
    w.writeNullableString(null);
    w.writeNullableString("x");
    ByteReader r = new ByteReader(w.toByteArray());
    assertNull(r.readNullableString());
    assertEquals("x", r.readNullableString());
    assertThrows(MalformedInputException.class, () -> new ByteReader(new byte[] {3}).readString());
  }

  @Test
  void badStringsAreRejected() {
    // length beyond the input
    assertThrows(MalformedInputException.class, () -> read(new byte[] {(byte) 0x90, 0x01, (byte) 0x61}));
    // invalid UTF-8: a lone continuation byte, an overlong encoding, an encoded surrogate
    assertThrows(MalformedInputException.class, () -> read(new byte[] {(1 << 2) | 2, (byte) 0x80}));
    assertThrows(MalformedInputException.class, () -> read(new byte[] {(2 << 2) | 2, (byte) 0xC0, (byte) 0x80}));
    assertThrows(MalformedInputException.class, () -> read(new byte[] {(3 << 2) | 2, (byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    assertThrows(MalformedInputException.class, () -> read(new byte[] {(2 << 2) | 2, (byte) 0xE2, (byte) 0x82}));
    // odd UTF-16 length
    assertThrows(MalformedInputException.class, () -> read(new byte[] {(3 << 2) | 1, 1, 2, 3}));
    // a limit
    ByteReader r = new ByteReader(write("abcdef"));
    r.maxStringBytes(3);
    assertThrows(LimitExceededException.class, r::readString);
  }
}
