package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.registry.TypeIds;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.*;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Golden files pin the byte formats (docs/format.md): each value's bytes must equal its file under
 * src/test/resources/golden/v&lt;N&gt;/ for format N, and each file must decode to the value. Format 2
 * is the default; format 1 is written with {@code formatVersion(1)}, and its files must also be read
 * by the default Brine (payloads of earlier versions stay readable). Changing a byte of an existing
 * file is a format break: add a new version instead. Every built-in type id must appear in some
 * golden value. Run with -Dbrine.golden.write=true to create missing files (never to overwrite).
 */
class GoldenFileTest {
  enum Color { RED, GREEN, BLUE }
  record Point(int x, int y, String label) {}
  /** A value with an empty payload: in collections and maps each gets a slot byte (docs/format.md). */
  record Empty() {}
  static final class Person {
    String name;
    int age;
    List<String> tags;
    Map<String, Integer> scores;
    Object extra;
    Person() {}
    Person(String name, int age, List<String> tags, Map<String, Integer> scores, Object extra) {
      this.name = name; this.age = age; this.tags = tags; this.scores = scores; this.extra = extra;
    }
    @Override public boolean equals(Object o) {
      return o instanceof Person && name.equals(((Person) o).name) && age == ((Person) o).age
          && tags.equals(((Person) o).tags) && scores.equals(((Person) o).scores) && Objects.equals(extra, ((Person) o).extra);
    }
    @Override public int hashCode() { return age; }
  }

  /** A singleton written through writeReplace/readResolve (map chunks then tag each key). */
  static final class Solo implements java.io.Serializable {
    static final Solo INSTANCE = new Solo();
    private Object writeReplace() { return new SoloProxy(); }
  }

  static final class SoloProxy implements java.io.Serializable {
    private Object readResolve() { return Solo.INSTANCE; }
  }

  /** Every kind of field of format 2's number group and fixed block, with nulls. */
  static final class Numbers {
    int i; long l; Integer bi; Long bl; Color c; Boolean bz; Byte bb; Short bs; Character bc; Float bf; Double bd;
    boolean z; byte b; short s; char ch; float f; double d;
    Integer nullInt; Color nullColor; Double nullDouble;
    @Override public boolean equals(Object o) {
      if (!(o instanceof Numbers)) {
        return false;
      }
      Numbers n = (Numbers) o;
      return i == n.i && l == n.l && Objects.equals(bi, n.bi) && Objects.equals(bl, n.bl) && c == n.c
          && Objects.equals(bz, n.bz) && Objects.equals(bb, n.bb) && Objects.equals(bs, n.bs) && Objects.equals(bc, n.bc)
          && Objects.equals(bf, n.bf) && Objects.equals(bd, n.bd) && z == n.z && b == n.b && s == n.s && ch == n.ch
          && Float.compare(f, n.f) == 0 && Double.compare(d, n.d) == 0 && nullInt == null && n.nullInt == null
          && nullColor == n.nullColor && nullDouble == n.nullDouble;
    }
    @Override public int hashCode() { return i; }
  }

  /** A record whose components come back in the format-2 layout's order, not their own. */
  record Mixed(String name, double score, int count, Color color, long id, Integer maybe, boolean flag) {}

  static Numbers numbers() {
    Numbers n = new Numbers();
    n.i = -129; n.l = 1L << 40; n.bi = 127; n.bl = Long.MIN_VALUE; n.c = Color.BLUE; n.bz = true; n.bb = (byte) -1;
    n.bs = (short) 300; n.bc = '\u20ac'; n.bf = Float.NaN; n.bd = -0.0; n.z = true; n.b = 7; n.s = -2; n.ch = 'x';
    n.f = 1.5f; n.d = Math.E;
    return n;
  }

  /** The Brines of one format version and the directory of its golden files. */
  static final class Golden {
    final Path dir;
    final Brine brine;
    final Brine refs;
    final Brine fixed;

    Golden(int version) {
      dir = Paths.get("src/test/resources/golden/v" + version);
      brine = builder(version).build();
      refs = builder(version).references(true).build();
      fixed = builder(version).compressNumbers(false).build();
    }

    static Brine.Builder builder(int version) {
      return Brine.builder().register(Color.class, Point.class, Person.class, Solo.class, SoloProxy.class, Empty.class,
          Numbers.class, Mixed.class, GoldenJdk.class).formatVersion(version);
    }
  }

  static final Golden V1 = new Golden(1);
  static final Golden V2 = new Golden(2);
  /** The default Brine: format 2. */
  static final Brine BRINE = V2.brine;

  static Map<String, Object> values() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("null", null);
    v.put("boolean", true);
    v.put("byte", (byte) -2);
    v.put("short", (short) 1000);
    v.put("char", '\u00e9');
    v.put("int", -300);
    v.put("long", 1L << 40);
    v.put("float", -0.0f);
    v.put("double", Math.PI);
    v.put("string-latin1", "Brine caf\u00e9");
    v.put("string-utf16", "\u65e5\u672c\u8a9e");
    v.put("string-utf8-mostly-ascii", "\u0141\u00f3d\u017a, Poland");
    v.put("string-mixed-utf16", "ab\u20ac\uD83D\uDE80");
    v.put("boolean-array", new boolean[] {true, false});
    v.put("byte-array", new byte[] {1, -1});
    v.put("short-array", new short[] {1, -1});
    v.put("char-array", new char[] {'a', '\uD800'});
    v.put("int-array", new int[] {1, -1, Integer.MAX_VALUE});
    v.put("long-array", new long[] {1, -1});
    v.put("float-array", new float[] {1.5f, Float.NaN});
    v.put("double-array", new double[] {-0.0, Double.POSITIVE_INFINITY});
    v.put("string-array", new String[] {"a", null, ""});
    v.put("object-array", new Object[] {1, "x", null, Color.BLUE});
    v.put("typed-array", new Color[] {Color.RED, null});
    v.put("biginteger", new BigInteger("-123456789012345678901234567890"));
    v.put("bigdecimal", new BigDecimal("3.14159"));
    v.put("uuid", new UUID(0x0123456789abcdefL, 0xfedcba9876543210L));
    v.put("enum", Color.GREEN);
    v.put("record", new Point(3, -4, "p"));
    v.put("pojo", new Person("Ada", 36, new ArrayList<>(List.of("math", "engines")), new LinkedHashMap<>(Map.of("a", 1)), new Point(0, 0, null)));
    v.put("array-list", new ArrayList<>(List.of(1, 2, 3)));
    v.put("array-list-mixed", new ArrayList<>(Arrays.asList(1, "two", null, 3L)));
    v.put("array-list-nulls", new ArrayList<>(Arrays.asList("a", null, "b")));
    v.put("linked-list", new LinkedList<>(List.of("x")));
    v.put("array-deque", new ArrayDeque<>(List.of(7)));
    v.put("hash-set", new HashSet<>(List.of(1, 2)));
    v.put("linked-hash-set", new LinkedHashSet<>(List.of("b", "a")));
    v.put("tree-set", new TreeSet<>(List.of(3, 1)));
    TreeSet<Integer> reversed = new TreeSet<>(Collections.reverseOrder());
    reversed.addAll(List.of(1, 2));
    v.put("tree-set-reversed", reversed);
    v.put("enum-set", EnumSet.of(Color.RED, Color.BLUE));
    v.put("immutable-list", List.of(1, 2));
    v.put("immutable-set", Collections.unmodifiableSet(new LinkedHashSet<>(List.of("s"))));
    v.put("immutable-sorted-set", Collections.unmodifiableSortedSet(new TreeSet<>(List.of(2, 1))));
    v.put("hash-map", new HashMap<>(Map.of(1, "one", 2, "two")));
    v.put("linked-hash-map-chunks", chunked());
    v.put("tree-map", new TreeMap<>(Map.of("b", 2, "a", 1)));
    v.put("enum-map", new EnumMap<>(Map.of(Color.GREEN, 1)));
    v.put("concurrent-hash-map", new ConcurrentHashMap<>(Map.of(5, 6)));
    v.put("immutable-map", Map.of("k", "v"));
    v.put("immutable-sorted-map", Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(1, 1))));
    v.put("optional", Optional.of("o"));
    v.put("optional-int", OptionalInt.of(5));
    v.put("optional-long", OptionalLong.empty());
    v.put("optional-double", OptionalDouble.of(0.5));
    v.put("instant", Instant.ofEpochSecond(1_700_000_000L, 123));
    v.put("local-date", LocalDate.of(2026, 11, 21));
    v.put("local-time", LocalTime.of(23, 59, 1, 5));
    v.put("local-date-time", LocalDateTime.of(2026, 11, 21, 12, 0));
    v.put("zoned-date-time", ZonedDateTime.of(2026, 11, 21, 12, 0, 0, 0, ZoneId.of("Europe/Paris")));
    v.put("offset-date-time", OffsetDateTime.of(2026, 11, 21, 12, 0, 0, 0, ZoneOffset.ofHours(2)));
    v.put("duration", Duration.ofMillis(1500));
    v.put("period", Period.of(1, 2, 3));
    v.put("zone-id", ZoneId.of("America/New_York"));
    v.put("date", new Date(1_700_000_000_000L));
    v.put("bit-set", BitSet.valueOf(new long[] {0b1011}));
    v.put("reverse-order", Collections.reverseOrder());
    v.put("class", String.class);
    Map<Object, Object> tagged = new LinkedHashMap<>();
    tagged.put(Solo.INSTANCE, 1);
    tagged.put(2, Solo.INSTANCE);
    v.put("map-write-replace-tagged", tagged);
    v.put("list-of-empty-payloads", new ArrayList<>(List.of(new Empty(), new Empty())));
    Map<String, Empty> empties = new LinkedHashMap<>();
    empties.put("a", new Empty());
    empties.put("b", new Empty());
    v.put("map-of-empty-payloads", empties);
    v.putAll(GoldenJdk.values());
    return v;
  }

  /** 300 entries: a full chunk of 255, then chunks split by a value-class change and a null value. */
  static Map<Object, Object> chunked() {
    Map<Object, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      m.put(i, i < 280 ? (Object) ("v" + i) : i == 290 ? null : (Object) (long) i);
    }
    m.put(null, "nullkey");
    return m;
  }

  @Test
  void everyGoldenFileMatchesBothWays() throws IOException {
    for (Golden g : List.of(V1, V2)) {
      checkAll(g, g == V1 ? null : V2);
    }
  }

  /**
   * Files an earlier writer wrote and today's writes differently, in a form every reader still reads:
   * read only. {@code string-utf8}: the string {@code "ab€🚀"} in UTF-8, which writers before journal step
   * 128 chose as the shorter coder (today's write it in UTF-16: UTF-8 saves less than a quarter).
   */
  @Test
  void filesOfEarlierWritersAreStillRead() throws IOException {
    for (Golden g : List.of(V1, V2)) {
      byte[] utf8 = Files.readAllBytes(g.dir.resolve("string-utf8.bin"));
      assertEquals(2, utf8[2] & 3, "the file holds the UTF-8 coder"); // after the header and the string tag
      for (Golden reader : g == V1 ? List.of(V1, V2) : List.of(V2)) {
        assertEquals("ab\u20ac\uD83D\uDE80", reader.brine.deserialize(utf8), g.dir + " read by format " + reader.brine);
      }
    }
  }

  /** Format-1 files (written by earlier versions) read by today's default Brine give the same values. */
  @Test
  void formatOneFilesAreReadByTheDefaultFormat() throws IOException {
    checkAll(V1, V2);
  }

  /**
   * Checks every golden value of {@code g}'s format: bytes equal to its file both ways, or, with a
   * {@code reader}, that the reader's Brines read the file back to the value.
   */
  private static void checkAll(Golden g, Golden reader) throws IOException {
    boolean write = Boolean.getBoolean("brine.golden.write") && (reader == null || reader == g);
    List<String> missing = new ArrayList<>();
    Golden r = reader == null ? g : reader;
    Map<String, Object> values = values();
    if (g == V2) {
      values.put("numbers", numbers());
      values.put("record-mixed", new Mixed("m", 0.25, 3, Color.GREEN, -5_000_000_000L, null, true));
    }
    for (Map.Entry<String, Object> e : values.entrySet()) {
      check(g, g.brine, r.brine, e.getKey(), e.getValue(), write, missing);
    }
    // compressNumbers(false): int and long values fixed-width (header bit 0x04)
    Map<String, Integer> scores = new LinkedHashMap<>();
    scores.put("math", 90);
    scores.put("art", -3);
    check(g, g.fixed, r.fixed, "fixed-numbers-person", new Person("Ada", 36, List.of("x"), scores, List.of(1L, Long.MIN_VALUE)), write, missing);
    check(g, g.fixed, r.fixed, "fixed-numbers-point", new Point(-1, Integer.MAX_VALUE, "p"), write, missing);
    if (g == V2) {
      check(g, g.fixed, r.fixed, "fixed-numbers-numbers", numbers(), write, missing);
    }
    // reference tracking: a shared list and a self-reference
    List<Object> shared = new ArrayList<>(List.of("s"));
    List<Object> withRefs = new ArrayList<>(List.of(shared, shared));
    withRefs.add(withRefs);
    Path refsFile = g.dir.resolve("refs-shared-and-cycle.bin");
    byte[] bytes = g.refs.serialize(withRefs);
    if (!Files.exists(refsFile) && write) {
      Files.write(refsFile, bytes);
    }
    if (Files.exists(refsFile)) {
      if (r == g) {
        assertEquals(Fixtures.hex(Files.readAllBytes(refsFile)), Fixtures.hex(bytes), "refs golden");
      }
      List<?> back = r.refs.deserialize(Files.readAllBytes(refsFile), List.class);
      assertSame(back.get(0), back.get(1));
      assertSame(back, back.get(2));
    } else {
      missing.add(refsFile.getFileName() + " = " + Fixtures.hex(bytes));
    }
    assertTrue(missing.isEmpty(), "golden files of " + g.dir + " missing (run with -Dbrine.golden.write=true once): " + missing);
  }

  private static void check(Golden g, Brine brine, Brine reader, String name, Object value, boolean write,
      List<String> missing) throws IOException {
    Path file = g.dir.resolve(name + ".bin");
    byte[] bytes = brine.serialize(value);
    if (!Files.exists(file)) {
      if (write) {
        Files.createDirectories(g.dir);
        Files.write(file, bytes);
      } else {
        missing.add(name + " = " + Fixtures.hex(bytes));
        return;
      }
    }
    byte[] golden = Files.readAllBytes(file);
    if (brine == reader) {
      assertEquals(Fixtures.hex(golden), Fixtures.hex(bytes), () -> "bytes of " + g.dir + "/" + name + " changed: a format break");
    }
    Object back = reader.deserialize(golden);
    if (GoldenJdk.handles(value)) {
      GoldenJdk.assertSameValue(name, value, back);
    } else if (value instanceof Comparator || value instanceof Class) {
      assertSame(value, back);
    } else if ((value instanceof Collection || value instanceof Map) && value.getClass() != back.getClass()) {
      assertEquals(value, back, name + ": immutable JDK collections come back as equal unmodifiable ones");
    } else if (value instanceof Numbers || value instanceof Mixed) {
      assertEquals(value, back, name);
    } else {
      Fixtures.assertDeepEquals(normalize(value), normalize(back));
    }
  }

  private static Object normalize(Object v) {
    if (v instanceof ArrayDeque) {
      return new ArrayList<>((ArrayDeque<?>) v);
    }
    if (v instanceof TreeSet) {
      return new ArrayList<>((TreeSet<?>) v);
    }
    return v;
  }

  /**
   * Bare values through a string table (docs/format.md, "String table"): first sightings in full,
   * promotions, references, a reset (the next promotion clears the reader's table) and eviction of the
   * oldest entry (capacity 3), with registered objects whose fields, list elements and map keys recur.
   */
  @Test
  void stringTableStream() throws IOException {
    for (Golden g : List.of(V1, V2)) {
      stringTableStream(g);
    }
  }

  private static void stringTableStream(Golden g) throws IOException {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      values.add(new Person("Zürich", i, List.of("gift", "東京"), Map.of("gift", i), null));
    }
    values.add(List.of("a", "ab", "abc", "abcd", "ab", "abc", "abcd", "ab", "x".repeat(129), "x".repeat(129)));
    Path file = g.dir.resolve("string-table-stream.bin");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dev.brine.io.StringTable table = new dev.brine.io.StringTable(3);
    for (int i = 0; i < values.size(); i++) {
      if (i == 2) {
        table.reset();
      }
      g.brine.serializeValue(values.get(i), out, table);
    }
    byte[] bytes = out.toByteArray();
    if (!Files.exists(file) && Boolean.getBoolean("brine.golden.write")) {
      Files.write(file, bytes);
    }
    assertTrue(Files.exists(file), "golden file missing (run with -Dbrine.golden.write=true once): " + Fixtures.hex(bytes));
    byte[] golden = Files.readAllBytes(file);
    assertEquals(Fixtures.hex(golden), Fixtures.hex(bytes), "bytes of the string table stream changed: a format break");
    readsStringTableStream(g, golden, values);
    // written before 2026-12-03: each clear without the writer's capacity (the reader takes its own)
    readsStringTableStream(g, Files.readAllBytes(g.dir.resolve("string-table-stream-unsized.bin")), values);
  }

  private static void readsStringTableStream(Golden g, byte[] golden, List<Object> values) {
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(golden);
    dev.brine.io.StringTable reader = new dev.brine.io.StringTable(3);
    for (Object v : values) {
      assertEquals(v, g.brine.deserializeValue(in, reader));
    }
    assertFalse(in.hasRemaining());
  }

  @Test
  void everyBuiltInTypeIdHasGoldenData() throws IllegalAccessException {
    Set<Integer> covered = new HashSet<>();
    for (Object v : values().values()) {
      byte[] bytes = BRINE.serialize(v);
      covered.add(bytes[1] & 0x7F | (bytes[1] < 0 ? (bytes[2] << 7) : 0));
    }
    for (Field f : TypeIds.class.getFields()) {
      int id = f.getInt(null);
      boolean builtin = Modifier.isStatic(f.getModifiers()) && id >= TypeIds.BOOLEAN && id <= TypeIds.LAST_BUILTIN
          && !f.getName().equals("LAST_BUILTIN") && !f.getName().startsWith("SLOT_")
          && !f.getName().startsWith("COMPAT_"); // compatible mode's tags: golden/compat (CompatibleEvolutionTest)
      builtin |= id >= TypeIds.JDK_FIRST && id < TypeIds.JDK_END && !f.getName().equals("JDK_FIRST");
      if (builtin) {
        assertTrue(covered.contains(id), "no golden value for built-in type " + f.getName() + " (" + id + ")");
      }
    }
  }
}
