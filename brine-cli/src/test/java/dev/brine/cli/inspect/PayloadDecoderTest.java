package dev.brine.cli.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.TruncatedInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The structure decoder on built-in values, registered classes, the header's flags, and bad input. */
class PayloadDecoderTest {
  /** A class only its writer knows. */
  record Person(String name, int age, List<String> tags) {}

  private static final Brine PLAIN = Brine.builder().requireRegistration(false).build();

  static String text(byte[] bytes) {
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
    StringWriter w = new StringWriter();
    new TextPrinter(new PrintWriter(w, true), 0).print(d, bytes, 0, bytes.length, 256);
    return w.toString();
  }

  @Test
  void builtInValuesDecodeCompletely() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", "Zürich → 東京");
    m.put("city", "Łódź, Poland");
    m.put("count", 300);
    m.put("big", new BigDecimal("-12.50"));
    m.put("when", Instant.parse("2026-11-21T10:15:30Z"));
    m.put("id", new UUID(1, 2));
    m.put("bytes", new byte[] {1, 2, (byte) 0xff});
    m.put("ints", new int[] {7, -1});
    m.put("boxed", new Integer[] {1, null, 3});
    m.put("names", new String[] {"a", null});
    m.put("maybe", Optional.of(2.5));
    m.put("days", EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));
    m.put("zoned", ZonedDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneId.of("Europe/Paris")));
    m.put("sorted", new TreeSet<>(List.of(3, 1, 2)));
    byte[] bytes = PLAIN.serialize(m);
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
    assertTrue(d.complete(), () -> text(bytes));
    assertEquals(bytes.length, d.root().end());
    String t = text(bytes);
    assertTrue(t.startsWith("000000  header 0xC0: format 2, references off, int/long as varints\n"), t);
    assertTrue(t.contains("000001  value LinkedHashMap (type 35): 14 entries in "), t);
    assertTrue(t.contains("value String: \"Zürich → 東京\" (UTF-16, "), t);
    assertTrue(t.contains("value String: \"Łódź, Poland\" (UTF-8, "), t);
    assertTrue(t.contains("value Integer: 300"), t);
    assertTrue(t.contains("value BigDecimal: -12.50"), t);
    assertTrue(t.contains("value Instant: 2026-11-21T10:15:30Z"), t);
    assertTrue(t.contains("value UUID: 00000000-0000-0001-0000-000000000002"), t);
    assertTrue(t.contains("value byte[]: length 3: [01 02 ff]"), t);
    assertTrue(t.contains("value int[]: length 2: [7, -1]"), t);
    assertTrue(t.contains("value Integer[]: length 3, each a slot byte and a Integer"), t);
    assertTrue(t.contains("[1] null: (slot 0)"), t);
    assertTrue(t.contains("value EnumSet: 2 constants, ordinals [0, 4]"), t);
    assertTrue(t.contains("enum class java.time.DayOfWeek (type 62)"), t);
    assertTrue(t.contains("2026-01-02T03:04:05+01:00[Europe/Paris]"), t);
    assertTrue(t.contains("comparator null"), t);
  }

  @Test
  void formatOnePayloadsDecodeToo() {
    byte[] bytes = Brine.builder().formatVersion(1).build().serialize(new ArrayList<>(List.of("a", 1)));
    String t = text(bytes);
    assertTrue(t.startsWith("000000  header 0xB2: format 1, references off"), t);
    assertTrue(PayloadDecoder.decode(bytes, 10).complete(), t);
  }

  @Test
  void theJdkBlockIsDecodedByItsLayouts() throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("vector", new java.util.Vector<>(List.of(1, 2)));
    m.put("queue", new java.util.concurrent.ArrayBlockingQueue<>(4, true, List.of("q")));
    m.put("locale", java.util.Locale.forLanguageTag("de-CH-u-ca-gregory"));
    m.put("atomic", new java.util.concurrent.atomic.AtomicLongArray(new long[] {5, -6}));
    m.put("entry", Map.entry("k", 9));
    m.put("socket", java.net.InetSocketAddress.createUnresolved("example.org", 443));
    byte[] bytes = PLAIN.serialize(m);
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
    String t = text(bytes);
    assertTrue(d.complete(), t);
    assertFalse(d.needsClasses(), t);
    assertTrue(t.contains("value Vector: 2 elements"), t);
    assertTrue(t.contains("value ArrayBlockingQueue: 4, true; 1 element"), t);
    assertTrue(t.contains("value Locale: \"de\""), t);
    assertTrue(t.contains("1 extension: 'u' (U+0075)=\"ca-gregory\""), t);
    assertTrue(t.contains("value atomic: kind 5, length 2: [5, -6]"), t);
    assertTrue(t.contains("value InetSocketAddress: port 443, unresolved host \"example.org\""), t);
  }

  @Test
  void fixedWidthNumbersAreReadAsTheHeaderSays() {
    byte[] bytes = Brine.builder().compressNumbers(false).build().serialize(new ArrayList<>(List.of(300, -5)));
    String t = text(bytes);
    assertTrue(t.contains("header 0xC4: format 2, references off, int/long fixed-width"), t);
    assertTrue(t.contains("[0] Integer: 300") && t.contains("[1] Integer: -5"), t);
    assertTrue(t.contains("element class Integer (type 6)"), t);
  }

  @Test
  void backReferencesNameTheObjectTheyPointTo() {
    List<Object> shared = new ArrayList<>(List.of("x"));
    List<Object> outer = new ArrayList<>();
    outer.add(shared);
    outer.add(shared);
    outer.add(outer);
    byte[] bytes = Brine.builder().references(true).build().serialize(outer);
    String t = text(bytes);
    assertTrue(t.contains("header 0xC1: format 2, references on"), t);
    assertTrue(t.contains("value ArrayList (type 25) #0: 3 elements"), t);
    assertTrue(t.contains("→ object #1, the ArrayList"), t);
    assertTrue(t.contains("→ object #0, the ArrayList (type 25) at 000001 (a value that contains this one: a cycle)"), t);
  }

  @Test
  void aRegisteredClassIsShownRawFromItsFirstFieldWithItsStrings() {
    Brine brine = Brine.builder().register(Person.class).build();
    byte[] bytes = brine.serialize(new ArrayList<>(List.of("before", new Person("Ada Lovelace", 36, List.of("math")))));
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
    assertFalse(d.complete());
    assertNull(d.error());
    assertTrue(d.stoppedAt() > 0);
    String t = text(bytes);
    assertTrue(t.contains("[0] String (type 10): \"before\""), t);
    assertTrue(t.contains("[1] registered class #64 (type 64): registered by the writer"), t);
    assertTrue(t.contains("stopped: registered class #64 (at "), t);
    assertTrue(t.contains("\"Ada Lovelace\""), t);
    assertTrue(t.contains("\"math\""), t);
    assertFalse(t.contains("register the same classes"), t);
  }

  @Test
  void lengthPrefixedStreamsAreFound() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PLAIN.serialize("one", out);
    PLAIN.serialize(List.of(1, 2), out);
    int[] spans = PayloadDecoder.lengthPrefixedPayloads(out.toByteArray());
    assertNotNull(spans);
    assertEquals(4, spans.length);
    assertEquals(1, spans[0]);
    assertNull(PayloadDecoder.lengthPrefixedPayloads(PLAIN.serialize("one")));
  }

  @Test
  void everyTruncationIsATruncatedInputExceptionWithItsOffset() {
    byte[] bytes = PLAIN.serialize(Map.of("k", List.of(1L, 2.5, "v", new int[] {1, 2})));
    for (int n = 1; n < bytes.length; n++) {
      PayloadDecoder.Decoded d = PayloadDecoder.decode(Arrays.copyOf(bytes, n), 10);
      int len = n;
      assertTrue(d.error() instanceof TruncatedInputException, () -> "prefix of " + len + ": " + d.error());
      assertTrue(d.error().getMessage().contains("offset"), d.error().getMessage());
    }
  }

  @Test
  void hostileInputIsRefusedBeforeAnythingIsAllocated() {
    // byte[] claiming 2^28 bytes
    PayloadDecoder.Decoded big = PayloadDecoder.decode(new byte[] {(byte) 0xB2, 12, (byte) 0xff, (byte) 0xff,
        (byte) 0xff, 0x7f}, 10);
    assertTrue(big.error() instanceof TruncatedInputException, String.valueOf(big.error()));
    // Optional in Optional: 4,000 deep decodes (the library's default maxDepth is 4096), 5,000 is refused
    for (int levels : new int[] {4000, 5000}) {
      byte[] deep = new byte[levels + 2];
      deep[0] = (byte) 0xC0;
      Arrays.fill(deep, 1, levels + 1, (byte) 40);
      PayloadDecoder.Decoded d = PayloadDecoder.decode(deep, 10);
      if (levels < PayloadDecoder.MAX_DEPTH) {
        assertTrue(d.complete(), String.valueOf(d.error()));
      } else {
        assertTrue(d.error() instanceof LimitExceededException, String.valueOf(d.error()));
      }
    }
    // a back-reference with references off, an unknown id, trailing bytes, a bad header
    assertTrue(PayloadDecoder.decode(new byte[] {(byte) 0xB2, 1, 0}, 10).error().getMessage()
        .contains("references are off"));
    assertTrue(PayloadDecoder.decode(new byte[] {(byte) 0xB2, 60}, 10).error().getMessage()
        .contains("unknown type id 60 at offset 1"));
    assertTrue(PayloadDecoder.decode(new byte[] {(byte) 0xB2, 0, 0}, 10).error().getMessage()
        .contains("1 trailing bytes at offset 2"));
    assertTrue(PayloadDecoder.decode(new byte[] {(byte) 0xB0, 0}, 10).error().getMessage()
        .contains("header byte 0xB0 at offset 0"));
  }

  @Test
  void longContainersKeepTheirFirstElementsAndCountTheRest() {
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      list.add(i);
    }
    byte[] bytes = PLAIN.serialize(list);
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 5);
    assertTrue(d.complete());
    Node value = d.root().children().get(1);
    assertEquals(5, value.children().size());
    assertEquals(996, value.omitted(), "the element class and 999 elements are beyond the first 5");
  }

  /** Every golden payload of the core, in each format, decodes completely or stops at a registered class. */
  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void theCoreGoldenFilesDecode(String version) throws IOException {
    Path dir = Path.of("../brine-core/src/test/resources/golden", version);
    assumeTrue(Files.isDirectory(dir), "the core's golden files are not beside this module");
    int complete = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".bin")).sorted().toList()) {
        byte[] bytes = Files.readAllBytes(f);
        if (!PayloadDecoder.isHeader(bytes[0] & 0xFF)) {
          continue; // bare values of a stream: no header to decode by
        }
        PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
        assertNull(d.error(), () -> f + ": " + d.error() + "\n" + text(bytes));
        complete += d.complete() ? 1 : 0;
      }
    }
    assertTrue(complete >= 50, "only " + complete + " golden files decoded completely");
  }

  /** Whatever the bytes, decoding ends with a tree and at most a BrineException, never another throwable. */
  @Property(tries = 2000)
  void anyBytesDecodeOrFailCleanly(@ForAll byte[] tail, @ForAll boolean refs, @ForAll boolean formatOne) {
    byte[] bytes = new byte[tail.length + 1];
    bytes[0] = (byte) ((formatOne ? 0xB2 : 0xC0) | (refs ? 1 : 0));
    System.arraycopy(tail, 0, bytes, 1, tail.length);
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 10);
    assertNotNull(d.root());
    if (d.error() != null) {
      assertFalse(d.error().getMessage().isBlank());
    }
    text(bytes);
  }

  /** A payload of compatible mode shows its classes' field names without the classes (golden file of brine-core). */
  @Test
  void compatiblePayloadShowsFieldNames() throws java.io.IOException {
    for (String path : List.of("golden/compat/person-v1.bin", "golden/compat/layout2/person-v1.bin")) {
      java.nio.file.Path file = java.nio.file.Paths.get("../brine-core/src/test/resources/" + path);
      org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(file), "brine-core's golden file is absent");
      String t = text(java.nio.file.Files.readAllBytes(file));
      assertTrue(t.contains("compatible mode"), t);
      assertTrue(t.contains("class evo.Person"), t);
      assertTrue(t.contains("age: int") && t.contains("status: enum evo.Status [ACTIVE, INACTIVE]")
          && t.contains("#100: String") && t.contains("points: evo.Point[]") && t.contains("address: evo.Address"), t);
    }
    // and a record of compatible mode, written here
    Brine compat = Brine.builder().compatible(true).register(Person.class).build();
    String r = text(compat.serialize(new Person("Ada", 36, List.of("x"))));
    assertTrue(r.contains("record dev.brine.cli.inspect.PayloadDecoderTest$Person") && r.contains("name: String")
        && r.contains("tags: container"), r);
  }
}
