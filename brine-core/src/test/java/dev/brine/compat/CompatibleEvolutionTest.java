package dev.brine.compat;

import static dev.brine.compat.Evolution.brine;
import static dev.brine.compat.Evolution.constant;
import static dev.brine.compat.Evolution.get;
import static dev.brine.compat.Evolution.make;
import static dev.brine.compat.Evolution.record;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Compatible mode across versions of the same classes (src/test/resources/evolution/v1…v3, each in
 * its own class loader): new readers read old payloads and old readers read new ones, through the
 * golden files in src/test/resources/golden/compat/layout2/ (the current layout of class definitions;
 * run with -Dbrine.golden.write=true to create missing ones, never to overwrite), and the same
 * payloads in the first layout of definitions (src/test/resources/golden/compat/, header 0xC2) and in
 * layout 2 from before {@code @Field} fields carried their names (golden/compat/layout2-ids-alone/),
 * which every reader still reads.
 */
class CompatibleEvolutionTest {
  /** Payloads in the first layout of class definitions (header 0xC2): read, no longer written. */
  static final Path LAYOUT1 = Paths.get("src/test/resources/golden/compat");
  /** Payloads in the current layout of class definitions (header 0xCA). */
  static final Path GOLDEN = LAYOUT1.resolve("layout2");

  /**
   * Payloads in layout 2 as written before a field with an {@code @Field} id carried its name too (the id
   * alone): read, no longer written.
   */
  static final Path IDS_ALONE = LAYOUT1.resolve("layout2-ids-alone");

  static byte[] idsAlone(String name) throws IOException {
    byte[] b = Files.readAllBytes(IDS_ALONE.resolve(name));
    assertEquals(0xCA, b[0] & 0xFF, name);
    return b;
  }

  static byte[] layout1(String name) throws IOException {
    byte[] b = Files.readAllBytes(LAYOUT1.resolve(name));
    assertEquals(0xC2, b[0] & 0xFF, name);
    return b;
  }

  static Object person1() {
    String v = "v1";
    Object point1 = record(v, "Point", 1, 2);
    Object point2 = record(v, "Point", 3, 4);
    Object[] points = (Object[]) Array.newInstance(Evolution.type(v, "Point"), 2);
    points[0] = point1;
    points[1] = point2;
    List<Object> items = new ArrayList<>();
    items.add(make(v, "Item", "id", 8L, "label", "lid", "count", 4));
    return make(v, "Person", "name", "Ada", "age", 36, "status", constant(v, "Status", "ACTIVE"),
        "address", make(v, "Address", "city", "Zürich", "zip", 8001), "tags", List.of("a", "b"),
        "counts", Map.of("x", 1), "extra", make(v, "Item", "id", 7L, "label", "box", "count", 3), "score", 2.5,
        "points", points, "items", items);
  }

  static Object person2(String status) {
    String v = "v2";
    Object[] points = (Object[]) Array.newInstance(Evolution.type(v, "Point"), 1);
    points[0] = record(v, "Point", 2, 5, 1);
    Object where = make(v, "Address", "country", "CH", "zip", 3000, "city", "Bern");
    Object gadget = make(v, "Gadget", "kind", "g", "sizes", List.of(1, 2), "where", where);
    return make(v, "Person", "email", "bob@example.com", "items", new ArrayList<>(List.of(make(v, "Item", "id", 9L,
        "label", "cup", "count", 5))), "points", points, "fullName", "Bob", "age", 40, "status",
        constant(v, "Status", status), "address", where, "tags", List.of("t"), "counts", Map.of("y", 2),
        "extra", gadget, "gadget", gadget);
  }

  static Object person3() {
    String v = "v3";
    Object[] points = (Object[]) Array.newInstance(Evolution.type(v, "Point"), 1);
    points[0] = record(v, "Point", 5, 6);
    return make(v, "Person", "displayName", "Cy", "age", 50, "status", constant(v, "Status", "INACTIVE"),
        "address", make(v, "Address", "city", "Basel"), "tags", List.of(), "extra", "just a string",
        "items", new ArrayList<>(List.of(make(v, "Item", "id", 10L, "label", "pen", "count", 6, "checked", true))),
        "points", points, "phone", "+41");
  }

  static Object widen1() {
    return make("v1", "Widen", "age", 30, "rating", 1.5f, "level", (byte) 7, "visits", 42, "bonus", null,
        "nickname", "ace", "small", 5);
  }

  /** The payload of {@code value}, checked against (or, the first time, written to) its golden file. */
  static byte[] golden(Brine brine, Object value, String name) throws IOException {
    byte[] bytes = brine.serialize(value);
    Path file = GOLDEN.resolve(name);
    if (!Files.exists(file) && Boolean.getBoolean("brine.golden.write")) {
      Files.createDirectories(GOLDEN);
      Files.write(file, bytes);
    }
    assertTrue(Files.exists(file), "golden file " + file + " missing (run with -Dbrine.golden.write=true once)");
    byte[] golden = Files.readAllBytes(file);
    assertEquals(hex(golden), hex(bytes), "bytes of " + file + " changed: a format break");
    return golden;
  }

  static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      sb.append(String.format("%02x ", x));
    }
    return sb.toString().trim();
  }

  @Test
  void newReadersReadV1() throws IOException {
    readV1(golden(brine("v1"), person1(), "person-v1.bin"));
    readV1(idsAlone("person-v1.bin"));
    readV1(layout1("person-v1.bin"));
  }

  private static void readV1(byte[] bytes) {
    // v2: a field renamed through its @Field id, one removed, some added, all reordered; the enum's
    // constants reordered; Address gains a field; Point gains a component; Item's label moved to Base
    Object p = brine("v2", true, b -> b).deserialize(bytes);
    assertEquals("evo.Person", p.getClass().getName());
    assertSame(Evolution.loader("v2"), p.getClass().getClassLoader());
    assertEquals("Ada", get(p, "fullName"));
    assertEquals(36, get(p, "age"));
    assertEquals(constant("v2", "Status", "ACTIVE"), get(p, "status"));
    Object a = get(p, "address");
    assertEquals("Zürich", get(a, "city"));
    assertEquals(8001, get(a, "zip"));
    assertNull(get(a, "country"));
    assertEquals(List.of("a", "b"), get(p, "tags"));
    assertEquals(Map.of("x", 1), get(p, "counts"));
    Object extra = get(p, "extra");
    assertEquals(7L, get(extra, "id"));
    assertEquals("box", get(extra, "label"));
    assertEquals(3, get(extra, "count"));
    assertNull(get(p, "email"));
    assertNull(get(p, "gadget"));
    Object[] points = (Object[]) get(p, "points");
    assertEquals(record("v2", "Point", 2, 0, 1), points[0]);
    assertEquals(record("v2", "Point", 4, 0, 3), points[1]);
    Object item = ((List<?>) get(p, "items")).get(0);
    assertEquals(List.of(8L, "lid", 4), List.of(get(item, "id"), get(item, "label"), get(item, "count")));

    // v3: the renamed field renamed again, more removed, Item's id moved down from Base
    Object q = brine("v3").deserialize(bytes);
    assertEquals("Ada", get(q, "displayName"));
    assertEquals(36, get(q, "age"));
    assertEquals(constant("v3", "Status", "ACTIVE"), get(q, "status"));
    assertEquals("Zürich", get(get(q, "address"), "city"));
    Object extra3 = get(q, "extra");
    assertEquals(List.of(7L, "box", 3, false),
        List.of(get(extra3, "id"), get(extra3, "label"), get(extra3, "count"), get(extra3, "checked")));
    assertEquals(record("v3", "Point", 3, 4), ((Object[]) get(q, "points"))[1]);
    assertNull(get(q, "phone"));
  }

  @Test
  void oldReaderReadsV2AndV3() throws IOException {
    readV2(golden(brine("v2"), person2("ACTIVE"), "person-v2.bin"));
    readV2(idsAlone("person-v2.bin"));
    readV2(layout1("person-v2.bin"));
    readV3(golden(brine("v3"), person3(), "person-v3.bin"));
    readV3(idsAlone("person-v3.bin"));
    readV3(layout1("person-v3.bin"));
  }

  private static void readV2(byte[] bytes2) {
    Object p = brine("v1", true, b -> b).deserialize(bytes2);
    assertEquals("Bob", get(p, "name"));
    assertEquals(40, get(p, "age"));
    assertEquals(constant("v1", "Status", "ACTIVE"), get(p, "status"));
    assertEquals("Bern", get(get(p, "address"), "city"));
    assertEquals(3000, get(get(p, "address"), "zip"));
    assertNull(get(p, "extra"), "a value of a class v1 does not know (Gadget) is skipped");
    assertEquals(0.0, get(p, "score"));
    assertEquals(record("v1", "Point", 1, 2), ((Object[]) get(p, "points"))[0]);
    Object item = ((List<?>) get(p, "items")).get(0);
    assertEquals(List.of(9L, "cup", 5), List.of(get(item, "id"), get(item, "label"), get(item, "count")));
    assertEquals(Map.of("y", 2), get(p, "counts"));
  }

  private static void readV3(byte[] bytes3) {
    Object q = brine("v1").deserialize(bytes3);
    assertEquals("Cy", get(q, "name"));
    assertEquals(50, get(q, "age"));
    assertEquals(constant("v1", "Status", "INACTIVE"), get(q, "status"));
    assertEquals("just a string", get(q, "extra"));
    assertNull(get(q, "counts"));
    Object item3 = ((List<?>) get(q, "items")).get(0);
    assertEquals(List.of(10L, "pen", 6), List.of(get(item3, "id"), get(item3, "label"), get(item3, "count")));
    // and v2 reads v3
    Object r = brine("v2").deserialize(bytes3);
    assertEquals("Cy", get(r, "fullName"));
    assertEquals(record("v2", "Point", 6, 0, 5), ((Object[]) get(r, "points"))[0]);
  }

  @Test
  void wideningBothWays() throws IOException {
    readWiden(golden(brine("v1"), widen1(), "widen-v1.bin"));
    readWiden(layout1("widen-v1.bin"));
  }

  private static void readWiden(byte[] bytes) {
    Object w = brine("v2").deserialize(bytes);
    assertEquals(30L, get(w, "age"));
    assertEquals(1.5, get(w, "rating"));
    assertEquals((short) 7, get(w, "level"));
    assertEquals(42, get(w, "visits"));
    assertEquals(0, get(w, "bonus"), "null into a primitive: its default");
    assertEquals(Optional.of("ace"), get(w, "nickname"));
    assertEquals(5.0, get(w, "small"));
    Object r = brine("v3").deserialize(bytes);
    assertEquals(record("v3", "Widen", 30L, 1.5, 7L, 42L, 0L, Optional.of("ace"), 5.0), r);

    // the old reader cannot narrow: a clear error naming class, field and both types
    byte[] newer = brine("v2").serialize(w);
    BrineException e = assertThrows(BrineException.class, () -> brine("v1").deserialize(newer));
    assertTrue(e.getMessage().contains("evo.Widen") && e.getMessage().contains("age") && e.getMessage().contains("long")
        && e.getMessage().contains("int"), e.getMessage());
  }

  @Test
  void unknownEnumConstantIsAnErrorOrNull() {
    byte[] bytes = brine("v2").serialize(person2("PENDING"));
    BrineException e = assertThrows(BrineException.class, () -> brine("v1").deserialize(bytes));
    assertTrue(e.getMessage().contains("PENDING"), e.getMessage());
    Object p = brine("v1", false, b -> b.unknownEnumAsNull(true)).deserialize(bytes);
    assertNull(get(p, "status"));
    assertEquals("Bob", get(p, "name"));
  }

  @Test
  void sameVersionRoundTripsGeneratedAndInterpreted() {
    for (boolean codegen : new boolean[] {true, false}) {
      for (boolean refs : new boolean[] {false, true}) {
        Brine b = brine("v2", false, x -> x.codegen(codegen).references(refs));
        Object p = person2("PENDING");
        byte[] bytes = b.serialize(p);
        Object back = b.deserialize(bytes);
        assertEquals("Bob", get(back, "fullName"));
        assertEquals(constant("v2", "Status", "PENDING"), get(back, "status"));
        assertEquals("g", get(get(back, "gadget"), "kind"));
        assertEquals(List.of(1, 2), get(get(back, "extra"), "sizes"));
        assertArrayEquals(bytes, b.serialize(back), "codegen " + codegen + ", references " + refs);
        // a reader of another registration order reads the same bytes
        Object again = brine("v2", true, x -> x.codegen(!codegen).references(refs)).deserialize(bytes);
        assertEquals("bob@example.com", get(again, "email"));
      }
    }
  }

  @Test
  void topLevelValueOfAnUnknownClassIsRefused() {
    Object gadget = make("v2", "Gadget", "kind", "g");
    byte[] bytes = brine("v2").serialize(gadget);
    assertThrows(dev.brine.ClassNotAllowedException.class, () -> brine("v1").deserialize(bytes));
  }

  @Test
  void remoteDefinitionsAreBounded() throws IOException {
    for (Path dir : List.of(GOLDEN, LAYOUT1)) {
      remoteDefinitionsAreBounded(dir);
    }
  }

  private static void remoteDefinitionsAreBounded(Path dir) throws IOException {
    byte[] bytes = Files.readAllBytes(dir.resolve("person-v1.bin"));
    assertThrows(dev.brine.LimitExceededException.class,
        () -> brine("v2", false, b -> b.maxClassDefFields(3)).deserialize(bytes));
    assertThrows(dev.brine.LimitExceededException.class,
        () -> brine("v2", false, b -> b.maxClassDefBytes(40)).deserialize(bytes));
    assertThrows(dev.brine.LimitExceededException.class,
        () -> brine("v2", false, b -> b.maxClassDefNameBytes(5)).deserialize(bytes));
    // a cache of two definitions, cleared again and again, still reads everything right
    Brine small = brine("v2", false, b -> b.classDefCacheSize(2));
    byte[] v3 = Files.readAllBytes(dir.resolve("person-v3.bin"));
    for (int i = 0; i < 20; i++) {
      assertEquals("Ada", get(small.deserialize(bytes), "fullName"));
      assertEquals("Cy", get(small.deserialize(v3), "fullName"));
    }
  }

  @Test
  void explicitIdsAndModesDoNotMix() {
    Class<?> point = Evolution.type("v1", "Point");
    Brine a = Brine.builder().compatible(true).classLoader(Evolution.loader("v1")).register(7, point).build();
    Object p = record("v1", "Point", 5, 6);
    byte[] bytes = a.serialize(p);
    // named by id 7, not by its class name
    assertFalse(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).contains("evo.Point"));
    Brine b = Brine.builder().compatible(true).classLoader(Evolution.loader("v1")).register(7, point).build();
    assertEquals(p, b.deserialize(bytes));
    Brine plain = Brine.builder().classLoader(Evolution.loader("v1")).register(7, point).build();
    BrineException e = assertThrows(BrineException.class, () -> plain.deserialize(bytes));
    assertTrue(e.getMessage().contains("compatible"), e.getMessage());
    assertThrows(BrineException.class, () -> a.deserialize(plain.serialize(p)));
    // schema-consistent mode: explicit id 7 is wire id 71 whatever the order
    assertEquals(71, plain.serialize(p)[1] & 0xFF);
  }
}
