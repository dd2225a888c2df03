package dev.brine;

import static dev.brine.Fixtures.roundTrip;
import static org.junit.jupiter.api.Assertions.*;

import java.time.*;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Object graphs: POJOs, records, enums, collections, maps and other JDK types. */
class GraphTest {
  enum Op {
    ADD { @Override int apply(int a, int b) { return a + b; } },
    MUL { @Override int apply(int a, int b) { return a * b; } };
    abstract int apply(int a, int b);
  }

  interface Shape { double area(); }
  record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }
  record Square(double side) implements Shape { public double area() { return side * side; } }

  static class Animal {
    private final String name;
    protected int legs;
    private transient String cache = "transient";
    Animal(String name, int legs) { this.name = name; this.legs = legs; }
    String name() { return name; }
  }

  static final class Dog extends Animal {
    private final int legs; // shadows Animal.legs
    private final Shape tag;
    private Object anything;
    private final List<String> tricks;
    private final Map<String, Integer> scores;
    private final Op favourite;
    private char initial;
    private byte b;
    private short s;
    private float f;
    private boolean good;
    Dog(String name, int ownLegs, Shape tag, List<String> tricks, Map<String, Integer> scores, Op fav) {
      super(name, 4);
      this.legs = ownLegs; this.tag = tag; this.tricks = tricks; this.scores = scores; this.favourite = fav;
    }
  }

  static class Holder<T> {
    T value;
    List<T> values = new ArrayList<>();
    Holder() {}
    @Override public boolean equals(Object o) {
      return o instanceof Holder && Objects.equals(value, ((Holder<?>) o).value) && Objects.equals(values, ((Holder<?>) o).values);
    }
    @Override public int hashCode() { return Objects.hash(value, values); }
  }

  record AllKinds(boolean z, byte b, short s, char c, int i, long l, float f, double d, String str, Integer boxed,
      Op op, int[] ints, Object any, List<Integer> list, Map<Op, String> ops, Set<String> set, Optional<String> opt,
      Instant when, UUID id) {}

  static final Brine BRINE = Brine.builder()
      .register(Op.class, Circle.class, Square.class, Animal.class, Dog.class, Holder.class, AllKinds.class)
      .build();

  @Test
  void pojoWithInheritanceShadowedFinalAndPolymorphicFields() {
    Dog d = new Dog("Rex", 3, new Circle(1.5), new ArrayList<>(List.of("sit", "roll")), new TreeMap<>(Map.of("a", 1)), Op.MUL);
    d.anything = new Square(2);
    d.initial = 'R'; d.b = -1; d.s = 300; d.f = 0.5f; d.good = true;
    Dog back = BRINE.deserialize(BRINE.serialize(d), Dog.class);
    assertEquals("Rex", back.name());
    assertEquals(4, ((Animal) back).legs);
    assertEquals(3, back.legs);
    assertEquals(new Circle(1.5), back.tag);
    assertEquals(new Square(2), back.anything);
    assertEquals(List.of("sit", "roll"), back.tricks);
    assertEquals(ArrayList.class, back.tricks.getClass());
    assertEquals(TreeMap.class, back.scores.getClass());
    assertEquals(Op.MUL, back.favourite);
    assertEquals(6, back.favourite.apply(2, 3));
    assertEquals('R', back.initial);
    assertEquals(-1, back.b);
    assertEquals(300, back.s);
    assertEquals(0.5f, back.f);
    assertTrue(back.good);
    assertNull(((Animal) back).cache, "transient fields are skipped");
  }

  @Test
  void recordsWithEveryKindOfComponent() {
    AllKinds a = new AllKinds(true, (byte) 1, (short) -2, '\u00e9', -3, 1L << 40, Float.NaN, -0.0, "s", null, Op.ADD,
        new int[] {1, 2}, List.of("x"), Arrays.asList(1, null, 3), new EnumMap<>(Map.of(Op.ADD, "+")), Set.of("q"),
        Optional.of("o"), Instant.ofEpochSecond(-5, 7), UUID.randomUUID());
    AllKinds b = BRINE.deserialize(BRINE.serialize(a), AllKinds.class);
    assertArrayEquals(a.ints(), b.ints());
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(b.d()));
    assertTrue(Float.isNaN(b.f()));
    assertEquals(a.list(), b.list());
    assertEquals(a.ops(), b.ops());
    assertEquals(a.opt(), b.opt());
    assertEquals(a.when(), b.when());
    assertEquals(a.id(), b.id());
    assertEquals(a.any(), b.any());
    assertEquals(a.set(), b.set());
  }

  @Test
  void genericHolder() {
    Holder<Object> h = new Holder<>();
    h.value = new Circle(2);
    h.values.add(new Square(1));
    h.values.add(null);
    h.values.add(new Circle(3));
    roundTrip(BRINE, h);
  }

  @Test
  void collectionsComeBackAsTheirOwnClassOrAnEqualImmutableOne() {
    List<Object> values = List.of(
        new ArrayList<>(List.of(1, 2)), new LinkedList<>(List.of("a")), new HashSet<>(Set.of(1, 2, 3)),
        new LinkedHashSet<>(List.of("z", "a")), new TreeSet<>(List.of(3, 1, 2)),
        new TreeSet<>(Comparator.<Integer>naturalOrder()), EnumSet.of(Op.ADD), EnumSet.noneOf(Op.class),
        EnumSet.allOf(Op.class), new HashMap<>(Map.of(1, "a")), new LinkedHashMap<>(Map.of("k", List.of())),
        new TreeMap<>(Map.of("b", 2, "a", 1)), new EnumMap<>(Map.of(Op.MUL, 1)),
        new ConcurrentHashMap<>(Map.of(1, 2)), new ArrayList<>(), new HashMap<>());
    for (Object v : values) {
      roundTrip(BRINE, v);
    }
    ArrayDeque<Integer> deque = new ArrayDeque<>(List.of(1, 2, 3));
    assertEquals(List.of(1, 2, 3), new ArrayList<>(BRINE.deserialize(BRINE.serialize(deque), ArrayDeque.class)));
    // immutable JDK collections come back as equal unmodifiable ones
    for (Object v : List.of(List.of(), List.of(1), List.of(1, 2, 3), Collections.emptyList(), Collections.singletonList("x"),
        Arrays.asList(1, null), Collections.unmodifiableList(new ArrayList<>(List.of(1))), Set.of(), Set.of(1, 2),
        Collections.singleton(1), Collections.unmodifiableSet(new HashSet<>(Set.of("a"))), Map.of(), Map.of(1, 2),
        Map.of("a", 1, "b", 2), Collections.singletonMap("k", null), Collections.unmodifiableMap(new HashMap<>(Map.of(1, 1))),
        Collections.unmodifiableSortedSet(new TreeSet<>(Set.of(2, 1))),
        Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(2, 1))))) {
      Object back = BRINE.deserialize(BRINE.serialize(v));
      assertEquals(v, back);
      assertThrows(UnsupportedOperationException.class, () -> {
        if (back instanceof Collection) ((Collection<Object>) back).add(1);
        else ((Map<Object, Object>) back).put(1, 1);
      });
    }
  }

  @Test
  void treeCollectionsKeepTheirComparator() {
    Brine b = Brine.builder().register(ReverseLength.class).build();
    TreeSet<String> set = new TreeSet<>(new ReverseLength());
    set.addAll(List.of("a", "ccc", "bb"));
    TreeSet<?> back = b.deserialize(b.serialize(set), TreeSet.class);
    assertEquals(List.of("ccc", "bb", "a"), new ArrayList<>(back));
    assertInstanceOf(ReverseLength.class, back.comparator());
    TreeMap<String, Integer> map = new TreeMap<>(new ReverseLength());
    map.put("x", 1);
    map.put("yyy", 3);
    assertEquals(List.of("yyy", "x"), new ArrayList<>(b.deserialize(b.serialize(map), TreeMap.class).keySet()));
  }

  static final class ReverseLength implements Comparator<String> {
    @Override public int compare(String a, String b) { return Integer.compare(b.length(), a.length()); }
  }

  @Test
  void mapsWithNullsAndMixedClassesAcrossChunks() {
    Map<Object, Object> m = new LinkedHashMap<>();
    m.put(null, "null key");
    for (int i = 0; i < 1000; i++) {
      m.put(i < 500 ? (Object) i : "k" + i, i % 10 == 0 ? null : i % 3 == 0 ? (Object) ("v" + i) : (Object) (long) i);
    }
    m.put("end", null);
    roundTrip(BRINE, m);
    Map<Object, Object> back = BRINE.deserialize(BRINE.serialize(m), LinkedHashMap.class);
    assertEquals(new ArrayList<>(m.keySet()), new ArrayList<>(back.keySet()), "insertion order kept");
  }

  @Test
  void otherJdkTypes() {
    for (Object v : List.of(Optional.empty(), Optional.of(1), OptionalInt.of(-3), OptionalInt.empty(), OptionalLong.of(1L << 50),
        OptionalLong.empty(), OptionalDouble.of(Double.NaN), OptionalDouble.empty(), Instant.MAX, Instant.MIN,
        LocalDate.of(-5000, 2, 28), LocalTime.MAX, LocalDateTime.of(2026, 11, 21, 23, 59, 59, 999_999_999),
        ZonedDateTime.of(2026, 3, 29, 2, 30, 0, 0, ZoneId.of("Europe/Paris")),
        ZonedDateTime.of(2026, 10, 25, 2, 30, 0, 0, ZoneId.of("Europe/Paris")).withLaterOffsetAtOverlap(),
        OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(-7)), Duration.ofSeconds(-1, 5), Duration.ZERO,
        Period.of(1, -2, 3), ZoneId.of("Asia/Tokyo"), ZoneOffset.ofHoursMinutes(5, 30), ZoneOffset.UTC, new Date(123456789L),
        BitSet.valueOf(new long[] {5, 1L << 63}), new char[] {'x'}, 'c')) {
      roundTrip(BRINE, v);
    }
  }

  @Test
  void genericFieldsOmitElementClasses() {
    record Tags(List<String> names) {}
    record Loose(List<Object> names) {}
    Brine b = Brine.builder().register(Tags.class, Loose.class).build();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      names.add("n" + i);
    }
    int declared = b.serialize(new Tags(names)).length;
    int loose = b.serialize(new Loose(new ArrayList<>(names))).length;
    assertEquals(loose - 1, declared, "List<String> writes no element class; List<Object> writes it once");
    assertEquals(new Tags(names), b.deserialize(b.serialize(new Tags(names))));
  }

  @Test
  void userCollectionAndMapSubclasses() {
    Brine b = Brine.builder().register(Bag.class, Index.class).build();
    Bag bag = new Bag();
    bag.add("x");
    Index idx = new Index();
    idx.put("k", 1);
    roundTrip(b, bag);
    roundTrip(b, idx);
  }

  static final class Bag extends ArrayList<String> {}

  /** A non-static inner class: its outer instance (this$0) is state too. */
  final class Inner {
    int v = 7;
    GraphTest outer() { return GraphTest.this; }
  }

  int outerMark = 0;

  @Test
  void innerClassesKeepTheirOuterInstance() {
    Brine b = Brine.builder().register(Inner.class, GraphTest.class).build();
    outerMark = 42;
    Inner back = b.deserialize(b.serialize(new Inner()), Inner.class);
    assertEquals(7, back.v);
    assertEquals(42, back.outer().outerMark);
  }

  record Part(String name) {}
  record Assembly(Part[] parts, Part main) {}

  @Test
  void declaredClassesNeedNoRegistration() {
    Brine b = Brine.builder().register(Assembly.class).build();
    Assembly a = new Assembly(new Part[] {new Part("a"), null}, new Part("m"));
    Assembly back = b.deserialize(b.serialize(a), Assembly.class);
    assertArrayEquals(a.parts(), back.parts());
    assertEquals(a.main(), back.main());
    assertThrows(ClassNotAllowedException.class, () -> b.serialize(new Part("alone")));
  }
  static final class Index extends HashMap<String, Integer> {}

  record Marker() {}
  static final class Blank {}
  static final class Flags {
    List<Marker> markers = new ArrayList<>();
    Map<String, Marker> named = new HashMap<>();
  }

  /**
   * Values whose payload is empty (no fields; Collections.reverseOrder()) in collections and maps: the
   * writer gives each a slot byte, since the reader bounds a size by the bytes that remain (found by
   * DeserializeFuzzTest: a list of reverse-order comparators re-encoded to bytes that did not decode).
   */
  @Test
  void collectionsAndMapsOfEmptyPayloads() {
    Flags flags = new Flags();
    flags.markers.addAll(List.of(new Marker(), new Marker(), new Marker()));
    flags.named.put("a", new Marker());
    Map<Blank, Blank> blanks = new HashMap<>();
    Set<Blank> blankSet = new HashSet<>();
    for (int i = 0; i < 5; i++) {
      blanks.put(new Blank(), new Blank());
      blankSet.add(new Blank());
    }
    for (boolean refs : new boolean[] {false, true}) {
      for (boolean codegen : new boolean[] {true, false}) {
        Brine b = Brine.builder().register(Marker.class, Blank.class, Flags.class).references(refs).codegen(codegen).build();
        roundTrip(b, new ArrayList<>(List.of(new Marker(), new Marker(), new Marker())));
        roundTrip(b, new ArrayList<>(Collections.nCopies(8, Collections.reverseOrder())));
        roundTrip(b, new HashMap<>(Map.of(1, new Marker(), 2, new Marker())));
        Flags back = b.deserialize(b.serialize(flags), Flags.class);
        assertEquals(flags.markers, back.markers);
        assertEquals(flags.named, back.named);
        assertEquals(5, b.deserialize(b.serialize(blanks), Map.class).size());
        assertEquals(5, b.deserialize(b.serialize(blankSet), Set.class).size());
      }
    }
  }
}
