package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.io.StringTable;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@code Brine.Builder.compressStrings(false)}: strings that are not Latin-1 are written as UTF-16, never
 * UTF-8, through every path that writes strings (fields, lists, map keys, the top, a stream's string table,
 * compatible mode); payloads read the same with either setting, since the reader takes each string's coder
 * from its header.
 */
class CompressStringsTest {
  record Note(String title, List<String> lines, Map<String, Integer> counts, int id) {}

  private static final String ACCENTED = "\u0141ukasiewicz \u2013 \u201cquoted\u201d \u2713"; // UTF-8 by default
  private static final String CYRILLIC = "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440";

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.oneOf(
        Arbitraries.strings().withChars("ab ,.\u00e9\u0141\u2013\u201c\u0416\u65e5\uD83D\uDE80\uD800").ofMaxLength(40),
        Arbitraries.strings().all().ofMaxLength(30),
        Arbitraries.strings().ascii().ofMaxLength(60));
  }

  @Property(tries = 200)
  void payloadsOfEitherSettingReadTheSameWithBoth(@ForAll("texts") String a, @ForAll("texts") String b,
      @ForAll("texts") String c, @ForAll int id, @ForAll boolean compatible) {
    Note n = new Note(a, List.of(b, c, a), Map.of(c, id), id);
    Brine utf16 = Brine.builder().register(Note.class).compatible(compatible).compressStrings(false).build();
    Brine compact = Brine.builder().register(Note.class).compatible(compatible).build();
    byte[] wide = utf16.serialize(n);
    byte[] small = compact.serialize(n);
    for (Brine reader : new Brine[] {utf16, compact}) {
      assertEquals(n, reader.deserialize(wide));
      assertEquals(n, reader.deserialize(small));
      assertEquals(a, reader.deserialize(utf16.serialize(a)), "a string at the top");
    }
    assertTrue(wide.length >= small.length, "UTF-16 is never the smaller choice the default passed over");
  }

  @Test
  void wideStringsAreTheirUtf16Bytes() {
    Note n = new Note(ACCENTED, List.of(CYRILLIC, "plain", "caf\u00e9"), Map.of(ACCENTED, 1), 7);
    Brine utf16 = Brine.builder().register(Note.class).compressStrings(false).build();
    Brine compact = Brine.builder().register(Note.class).build();
    byte[] wide = utf16.serialize(n);
    byte[] small = compact.serialize(n);
    assertTrue(contains(wide, ACCENTED.getBytes(StandardCharsets.UTF_16LE)));
    assertFalse(contains(wide, ACCENTED.getBytes(StandardCharsets.UTF_8)));
    assertTrue(contains(small, ACCENTED.getBytes(StandardCharsets.UTF_8)), "the default keeps UTF-8 for mostly-ASCII text");
    assertTrue(contains(wide, CYRILLIC.getBytes(StandardCharsets.UTF_16LE)));
    assertTrue(contains(wide, "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1)), "Latin-1 stays one byte a char");
    // ACCENTED twice (title, map key): the payload grows by at least twice its UTF-16 less its UTF-8 length
    int grown = 2 * (ACCENTED.getBytes(StandardCharsets.UTF_16LE).length - ACCENTED.getBytes(StandardCharsets.UTF_8).length);
    assertTrue(wide.length - small.length >= grown, wide.length + " against " + small.length);
    assertEquals(n, compact.deserialize(wide));
  }

  @Test
  void aStreamWithAStringTableWritesUtf16Too() {
    Brine utf16 = Brine.builder().register(Note.class).compressStrings(false).build();
    Brine compact = Brine.builder().register(Note.class).build();
    Note n = new Note(ACCENTED, List.of(ACCENTED, CYRILLIC), Map.of(), 1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringTable written = new StringTable(64);
    utf16.serializeValue(n, out, written);
    utf16.serializeValue(n, out, written);
    byte[] bytes = out.toByteArray();
    assertTrue(contains(bytes, ACCENTED.getBytes(StandardCharsets.UTF_16LE)));
    ByteBuffer in = ByteBuffer.wrap(bytes);
    StringTable read = new StringTable(64);
    assertEquals(n, compact.deserializeValue(in, read));
    assertEquals(n, compact.deserializeValue(in, read));
    assertFalse(in.hasRemaining());
  }

  /** Whether {@code needle} occurs in {@code hay}: their Latin-1 views, one char a byte (as CompatibleEvolutionTest looks into payloads). */
  private static boolean contains(byte[] hay, byte[] needle) {
    return new String(hay, StandardCharsets.ISO_8859_1).contains(new String(needle, StandardCharsets.ISO_8859_1));
  }
}
