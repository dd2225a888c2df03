package dev.brine.compat;

import static dev.brine.compat.CompatibleEvolutionTest.golden;
import static dev.brine.compat.Evolution.brine;
import static dev.brine.compat.Evolution.constant;
import static dev.brine.compat.Evolution.get;
import static dev.brine.compat.Evolution.make;
import static dev.brine.compat.Evolution.record;
import static dev.brine.compat.Evolution.type;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * EnumSet, EnumMap and arrays of compatible classes and enums across versions of the classes
 * (src/test/resources/evolution/v1…v3, {@code evo.Shelf}): ordinals mapped by constant name through
 * the writer's enum definition (v2 reorders Status and adds PENDING, v3 adds ARCHIVED), array elements
 * read through the writer's class definitions (Address gains and loses fields, Point gains a
 * component), unknown constants an error or left out, and arrays of a class the reader does not know
 * (v2's Gadget) read through without misreading what follows. Golden files under
 * golden/compat/layout2/ ({@code shelf-v1.bin}, {@code shelf-v2.bin}, {@code statuses-v3.bin},
 * {@code addresses-v1.bin}).
 */
class CompatibleShapesEvolutionTest {
  @SuppressWarnings({"unchecked", "rawtypes"})
  static EnumSet<?> statuses(String v, String... names) {
    EnumSet set = EnumSet.noneOf((Class) type(v, "Status"));
    for (String n : names) {
      set.add(constant(v, "Status", n));
    }
    return set;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static EnumMap<?, ?> labels(String v, Object... entries) {
    EnumMap map = new EnumMap((Class) type(v, "Status"));
    for (int i = 0; i < entries.length; i += 2) {
      map.put(constant(v, "Status", (String) entries[i]), entries[i + 1]);
    }
    return map;
  }

  static Object[] array(String v, String simpleName, Object... elements) {
    Object[] a = (Object[]) Array.newInstance(type(v, simpleName), elements.length);
    System.arraycopy(elements, 0, a, 0, elements.length);
    return a;
  }

  static Object address(String v, String city, int zip) {
    return make(v, "Address", "city", city, "zip", zip);
  }

  static Object shelf1() {
    String v = "v1";
    Object zurich = address(v, "Zürich", 8001);
    Object[] points = array(v, "Point", record(v, "Point", 1, 2), null);
    Object[][] pointGrid = (Object[][]) Array.newInstance(type(v, "Point"), 2, 0);
    pointGrid[0] = array(v, "Point", record(v, "Point", 3, 4));
    Object item = make(v, "Item", "id", 5L, "label", "box", "count", 2);
    List<Object> things = new ArrayList<>(List.of(statuses(v, "INACTIVE"), array(v, "Status", constant(v, "Status", "ACTIVE")),
        array(v, "Address", zurich), pointGrid, array(v, "Item", item, null), labels(v, "ACTIVE", "on")));
    return make(v, "Shelf", "statuses", statuses(v, "ACTIVE", "INACTIVE"), "labels", labels(v, "INACTIVE", "off", "ACTIVE", "on"),
        "history", array(v, "Status", constant(v, "Status", "INACTIVE"), null, constant(v, "Status", "ACTIVE")),
        "addresses", array(v, "Address", zurich, null, address(v, "Bern", 3000)), "any", points, "things", things,
        "after", "the end");
  }

  /** v1's shelf as v2 and v3 read it. */
  private static void readShelf1(byte[] bytes, boolean refs) {
    for (String v : List.of("v2", "v3")) {
      for (Brine reader : List.of(brine(v, false, b -> b.references(refs)), brine(v, true, b -> b.codegen(false).references(refs)))) {
        Object s = reader.deserialize(bytes);
        assertEquals(statuses(v, "ACTIVE", "INACTIVE"), get(s, "statuses"), v);
        if (v.equals("v2")) {
          assertEquals(labels(v, "INACTIVE", "off", "ACTIVE", "on"), get(s, "labels"));
          assertNull(get(s, "grid"));
          assertNull(get(s, "gadgets"));
        }
        assertArrayEquals(new Object[] {constant(v, "Status", "INACTIVE"), null, constant(v, "Status", "ACTIVE")},
            (Object[]) get(s, "history"));
        Object[] addresses = (Object[]) get(s, "addresses");
        assertSame(type(v, "Address"), addresses.getClass().getComponentType());
        assertEquals("Zürich", get(addresses[0], "city"));
        assertNull(addresses[1]);
        assertEquals("Bern", get(addresses[2], "city"));
        if (v.equals("v2")) {
          assertEquals(3000, get(addresses[2], "zip"));
          assertNull(get(addresses[2], "country"));
        }
        Object[] any = (Object[]) get(s, "any");
        assertSame(type(v, "Point"), any.getClass().getComponentType());
        assertEquals(v.equals("v2") ? record(v, "Point", 2, 0, 1) : record(v, "Point", 1, 2), any[0]);
        assertNull(any[1]);
        List<?> things = (List<?>) get(s, "things");
        assertEquals(statuses(v, "INACTIVE"), things.get(0));
        assertArrayEquals(new Object[] {constant(v, "Status", "ACTIVE")}, (Object[]) things.get(1));
        assertEquals("Zürich", get(((Object[]) things.get(2))[0], "city"));
        Object[][] grid = (Object[][]) things.get(3);
        assertSame(type(v, "Point").arrayType(), grid.getClass().getComponentType());
        assertEquals(v.equals("v2") ? record(v, "Point", 4, 0, 3) : record(v, "Point", 3, 4), grid[0][0]);
        assertEquals(0, grid[1].length);
        Object[] items = (Object[]) things.get(4);
        assertEquals(List.of(5L, "box", 2), List.of(get(items[0], "id"), get(items[0], "label"), get(items[0], "count")));
        assertNull(items[1]);
        assertEquals(labels(v, "ACTIVE", "on"), things.get(5));
        assertEquals("the end", get(s, "after"));
      }
    }
  }

  @Test
  void newReadersReadV1Shapes() throws IOException {
    readShelf1(golden(brine("v1"), shelf1(), "shelf-v1.bin"), false);
    // and with references: the same values
    readShelf1(brine("v1", false, b -> b.references(true)).serialize(shelf1()), true);
  }

  static Object shelf2(String pending) {
    String v = "v2";
    Object bern = make(v, "Address", "city", "Bern", "zip", 3000, "country", "CH");
    Object gadget = make(v, "Gadget", "kind", "g", "sizes", List.of(1), "where", bern);
    Object[][] gadgetGrid = (Object[][]) Array.newInstance(type(v, "Gadget"), 2, 0);
    gadgetGrid[0] = array(v, "Gadget", gadget, null);
    Object[][] grid = (Object[][]) Array.newInstance(type(v, "Point"), 1, 0);
    grid[0] = array(v, "Point", record(v, "Point", 1, 2, 3));
    List<Object> things = new ArrayList<>(List.of(array(v, "Gadget", gadget), statuses(v, pending, "ACTIVE"), gadgetGrid,
        array(v, "Status", constant(v, "Status", pending), constant(v, "Status", "INACTIVE")), bern,
        labels(v, pending, "p", "INACTIVE", "i")));
    return make(v, "Shelf", "after", "the end", "things", things, "gadgets", array(v, "Gadget", gadget, gadget),
        "any", gadgetGrid, "addresses", array(v, "Address", bern), "grid", grid,
        "history", array(v, "Status", constant(v, "Status", "ACTIVE")), "labels", labels(v, pending, "pending", "ACTIVE", "on"),
        "statuses", statuses(v, pending, "INACTIVE"));
  }

  /** v2's shelf (with PENDING, which v1 does not have) as v1 reads it under the null policy. */
  private static void readShelf2(Brine v1, byte[] bytes) {
    String v = "v1";
    Object s = v1.deserialize(bytes);
    assertEquals("the end", get(s, "after"));
    assertEquals(statuses(v, "INACTIVE"), get(s, "statuses"), "PENDING left out of the set");
    assertEquals(labels(v, "ACTIVE", "on"), get(s, "labels"), "the entry of PENDING dropped");
    assertNull(get(s, "any"), "a Gadget[][] is skipped");
    assertEquals("Bern", get(((Object[]) get(s, "addresses"))[0], "city"));
    assertArrayEquals(new Object[] {constant(v, "Status", "ACTIVE")}, (Object[]) get(s, "history"));
    List<?> things = (List<?>) get(s, "things");
    assertEquals(6, things.size());
    assertNull(things.get(0), "a Gadget[] is skipped");
    assertEquals(statuses(v, "ACTIVE"), things.get(1));
    assertNull(things.get(2));
    assertArrayEquals(new Object[] {null, constant(v, "Status", "INACTIVE")}, (Object[]) things.get(3));
    assertEquals("Bern", get(things.get(4), "city"));
    assertEquals(3000, get(things.get(4), "zip"));
    assertEquals(labels(v, "INACTIVE", "i"), things.get(5));
  }

  @Test
  void oldReaderSkipsUnknownClassesAndConstants() throws IOException {
    byte[] bytes = golden(brine("v2"), shelf2("PENDING"), "shelf-v2.bin");
    BrineException e = assertThrows(BrineException.class, () -> brine("v1").deserialize(bytes));
    assertTrue(e.getMessage().contains("PENDING") && e.getMessage().contains("unknownEnumAsNull"), e.getMessage());
    readShelf2(brine("v1", false, b -> b.unknownEnumAsNull(true)), bytes);
    readShelf2(brine("v1", true, b -> b.unknownEnumAsNull(true).codegen(false)), bytes);
    // with references: indexes of skipped arrays and their elements are kept, so the back-reference
    // to Bern (after two skipped Gadget arrays) still finds it
    Brine refs2 = brine("v2", false, b -> b.references(true));
    byte[] withRefs = refs2.serialize(shelf2("PENDING"));
    Object s = brine("v1", false, b -> b.unknownEnumAsNull(true).references(true)).deserialize(withRefs);
    List<?> things = (List<?>) get(s, "things");
    assertSame(((Object[]) get(s, "addresses"))[0], things.get(4));
    readShelf2(brine("v1", false, b -> b.unknownEnumAsNull(true).references(true)), withRefs);
    // v3 has every constant v2 wrote but PENDING… it has PENDING: all read
    Object s3 = brine("v3").deserialize(bytes);
    assertEquals(statuses("v3", "PENDING", "INACTIVE"), get(s3, "statuses"));
    assertEquals(statuses("v3", "PENDING", "ACTIVE"), ((List<?>) get(s3, "things")).get(1));
  }

  @Test
  void unknownConstantInTopLevelEnumSet() throws IOException {
    byte[] bytes = golden(brine("v3"), statuses("v3", "ARCHIVED", "ACTIVE", "PENDING"), "statuses-v3.bin");
    for (String v : List.of("v1", "v2")) {
      BrineException e = assertThrows(BrineException.class, () -> brine(v).deserialize(bytes));
      assertTrue(e.getMessage().contains(v.equals("v1") ? "PENDING" : "ARCHIVED"), e.getMessage()); // the first unknown one
    }
    assertEquals(statuses("v1", "ACTIVE"), brine("v1", false, b -> b.unknownEnumAsNull(true)).deserialize(bytes));
    assertEquals(statuses("v2", "ACTIVE", "PENDING"), brine("v2", false, b -> b.unknownEnumAsNull(true)).deserialize(bytes));
    // back: v1's set read by v3 (constants reordered)
    assertEquals(statuses("v3", "ACTIVE", "INACTIVE"), brine("v3").deserialize(brine("v1").serialize(statuses("v1", "INACTIVE", "ACTIVE"))));
  }

  @Test
  void topLevelArraysAcrossVersions() throws IOException {
    Object[][] grid = (Object[][]) Array.newInstance(type("v1", "Address"), 2, 0);
    grid[0] = array("v1", "Address", address("v1", "Chur", 7000), null);
    grid[1] = array("v1", "Address");
    byte[] bytes = golden(brine("v1"), grid, "addresses-v1.bin");
    Object[][] two = (Object[][]) brine("v2").deserialize(bytes);
    assertEquals(List.of("Chur", 7000), List.of(get(two[0][0], "city"), get(two[0][0], "zip")));
    assertEquals(0, two[1].length);
    Object[][] three = (Object[][]) brine("v3").deserialize(bytes);
    assertEquals("Chur", get(three[0][0], "city"));
    assertNull(three[0][1]);
    // and back: v2's array (a field v1 lacks) read by v1
    Object[] v2s = array("v2", "Address", make("v2", "Address", "city", "Sion", "zip", 1950, "country", "CH"));
    Object[] one = (Object[]) brine("v1").deserialize(brine("v2").serialize(v2s));
    assertEquals(List.of("Sion", 1950), List.of(get(one[0], "city"), get(one[0], "zip")));
  }

  @Test
  void unknownClassesAtTheTopLevelAreRefused() {
    Object gadget = make("v2", "Gadget", "kind", "g");
    byte[] array = brine("v2").serialize(array("v2", "Gadget", gadget));
    assertThrows(ClassNotAllowedException.class, () -> brine("v1").deserialize(array));
    // a reader that does not know Status at all
    Brine noStatus = Brine.builder().compatible(true).classLoader(Evolution.loader("v1")).register(type("v1", "Address")).build();
    byte[] set = brine("v1").serialize(statuses("v1", "ACTIVE"));
    assertThrows(ClassNotAllowedException.class, () -> noStatus.deserialize(set));
    byte[] map = brine("v1").serialize(labels("v1", "ACTIVE", "x"));
    assertThrows(ClassNotAllowedException.class, () -> noStatus.deserialize(map));
    // inside other values they are skipped
    List<Object> list = new ArrayList<>(List.of(statuses("v1", "ACTIVE"), labels("v1", "ACTIVE", "x"),
        array("v1", "Status", constant("v1", "Status", "ACTIVE")), "after"));
    assertEquals(java.util.Arrays.asList(null, null, null, "after"), noStatus.deserialize(brine("v1").serialize(list)));
    Map<String, Object> m = Map.of("k", Set.of());
    assertEquals(m, noStatus.deserialize(brine("v1").serialize(m)));
  }

  /**
   * A class made final (or no longer final) between versions: its arrays hold declared slots on one side and
   * tagged values on the other; each element says which, so both read the other's arrays.
   */
  @Test
  void arraysOfAClassWhoseFinalityChanged() {
    Object[] v1 = array("v1", "Tag", make("v1", "Tag", "name", "a"), null, make("v1", "Tag", "name", "b"));
    for (boolean refs : new boolean[] {false, true}) {
      for (boolean codegen : new boolean[] {true, false}) {
        Brine one = brine("v1", false, b -> b.references(refs).codegen(codegen));
        Brine two = brine("v2", false, b -> b.references(refs).codegen(codegen));
        List<?> list = (List<?>) two.deserialize(one.serialize(new ArrayList<>(List.of(v1, "after"))));
        assertEquals("after", list.get(1));
        Object[] read2 = (Object[]) list.get(0);
        assertSame(type("v2", "Tag"), read2.getClass().getComponentType());
        assertEquals(List.of("a", 0), List.of(get(read2[0], "name"), get(read2[0], "weight")));
        assertNull(read2[1]);
        assertEquals("b", get(read2[2], "name"));
        Object[] v2 = array("v2", "Tag", make("v2", "Tag", "name", "c", "weight", 3), null);
        Object[] read1 = (Object[]) one.deserialize(two.serialize(v2));
        assertSame(type("v1", "Tag"), read1.getClass().getComponentType());
        assertEquals("c", get(read1[0], "name"));
        assertNull(read1[1]);
      }
    }
  }

  /** A stream of bare values with a StringTable: definitions after a descriptor are shared by the stream too. */
  @Test
  void streamOfShapes() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dev.brine.io.StringTable writing = new dev.brine.io.StringTable(64);
    Brine one = brine("v1");
    for (int i = 0; i < 3; i++) {
      one.serializeValue(statuses("v1", "ACTIVE"), out, writing);
      one.serializeValue(array("v1", "Address", address("v1", "Genf", 1200 + i)), out, writing);
      one.serializeValue(labels("v1", "INACTIVE", "x" + i), out, writing);
    }
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(out.toByteArray());
    dev.brine.io.StringTable reading = new dev.brine.io.StringTable(64);
    Brine two = brine("v2");
    for (int i = 0; i < 3; i++) {
      assertEquals(statuses("v2", "ACTIVE"), two.deserializeValue(buf, reading));
      Object[] a = (Object[]) two.deserializeValue(buf, reading);
      assertEquals(List.of("Genf", 1200 + i), List.of(get(a[0], "city"), get(a[0], "zip")));
      assertEquals(labels("v2", "INACTIVE", "x" + i), two.deserializeValue(buf, reading));
    }
    assertFalse(buf.hasRemaining());
  }

  /** Any set of v1's constants and any array of v1 addresses read by v2 and v3: the same names, cities and zips. */
  @net.jqwik.api.Property(tries = 100)
  void shapesAcrossVersionsKeepTheirValues(@net.jqwik.api.ForAll boolean active, @net.jqwik.api.ForAll boolean inactive,
      @net.jqwik.api.ForAll @net.jqwik.api.constraints.Size(max = 8) List<String> cities) {
    List<String> names = new ArrayList<>();
    if (active) {
      names.add("ACTIVE");
    }
    if (inactive) {
      names.add("INACTIVE");
    }
    Object[] addresses = array("v1", "Address", cities.stream().map(c -> c == null ? null : address("v1", c, c.length())).toArray());
    byte[] bytes = brine("v1").serialize(new ArrayList<>(List.of(statuses("v1", names.toArray(new String[0])), addresses)));
    for (String v : List.of("v2", "v3")) {
      List<?> back = (List<?>) brine(v).deserialize(bytes);
      assertEquals(statuses(v, names.toArray(new String[0])), back.get(0));
      Object[] read = (Object[]) back.get(1);
      assertEquals(cities.size(), read.length);
      for (int k = 0; k < read.length; k++) {
        assertEquals(cities.get(k), read[k] == null ? null : get(read[k], "city"));
        if (v.equals("v2") && read[k] != null) {
          assertEquals(cities.get(k).length(), get(read[k], "zip"));
        }
      }
    }
  }
}
