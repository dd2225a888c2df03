package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.codegen.CodegenNestedTest.Inner;
import dev.brine.codegen.CodegenNestedTest.InnerRec;
import java.util.*;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Generated element and entry loops of collection and map fields: same bytes as the interpreter, depth and duplicate checks. */
class CodegenContainersTest {
  static final class Lists {
    List<Inner> items;
    Set<String> names;
    Collection<InnerRec> recs;
    List<Inner> empty = new ArrayList<>();
    List<Inner> absent;
    List<Inner> withNull;
    List<Inner> immutable;
    SortedSet<String> sorted;
    List<Long> longs;
    Collection<Integer> ints;
    List<String> stringsWithNull;
    List<String> pollutedStrings;
    Collection<Long> longsThenNull;
    int after;
  }

  static Lists lists(java.util.Random r) {
    Lists l = new Lists();
    l.items = new ArrayList<>();
    for (int i = r.nextInt(4); i >= 0; i--) {
      l.items.add(new Inner(r.nextInt(), r.nextBoolean() ? null : "i" + i));
    }
    l.names = new LinkedHashSet<>(List.of("a", "b" + r.nextInt(9)));
    l.recs = new LinkedList<>(List.of(new InnerRec(r.nextLong(), l.items.get(0))));
    l.withNull = new ArrayList<>(Arrays.asList(new Inner(1, "x"), null));
    l.immutable = List.of(new Inner(2, "y"));
    l.sorted = new TreeSet<>(List.of("q", "p"));
    l.longs = new ArrayList<>();
    l.ints = new LinkedList<>();
    for (int i = r.nextInt(2000); i > 0; i--) { // past the writer's first capacity: the window grows mid-loop
      l.longs.add(i % 3 == 0 ? r.nextLong() : i % 3 == 1 ? Long.MIN_VALUE : (long) r.nextInt(300));
      l.ints.add(i % 2 == 0 ? r.nextInt() : Integer.MAX_VALUE);
    }
    // leaf elements are checked as they are written: a null or another class late in the list sends the
    // whole collection down the general path again, from where it began
    l.stringsWithNull = new ArrayList<>();
    for (int i = r.nextInt(900); i >= 0; i--) {
      l.stringsWithNull.add("s" + i + "\u00e9".repeat(i % 4) + (i % 50 == 0 ? "\u20ac" : ""));
    }
    l.stringsWithNull.add(r.nextInt(l.stringsWithNull.size() + 1), null);
    l.pollutedStrings = pollutedStrings(r.nextInt(300));
    l.longsThenNull = new LinkedList<>();
    for (int i = r.nextInt(1500); i >= 0; i--) {
      l.longsThenNull.add(r.nextLong());
    }
    l.longsThenNull.add(null);
    l.after = r.nextInt();
    return l;
  }

  /** A {@code List<String>} holding an Integer after {@code n} strings (heap pollution). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static List<String> pollutedStrings(int n) {
    List raw = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      raw.add("p" + i);
    }
    raw.add(42);
    raw.add("last");
    return raw;
  }

  /** Collection fields of final element classes: generated element loops, same bytes as the interpreter. */
  @Property(tries = 40)
  void collectionFieldsMatchTheInterpreter(@ForAll long seed, @ForAll boolean refs, @ForAll boolean compress) {
    Lists l = lists(new java.util.Random(seed));
    Brine gen = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).references(refs)
        .compressNumbers(compress).build();
    Brine interp = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).references(refs)
        .compressNumbers(compress).codegen(false).build();
    byte[] bytes = gen.serialize(l);
    assertArrayEquals(interp.serialize(l), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
    Lists back = gen.deserialize(bytes, Lists.class);
    assertEquals(l.items.size(), back.items.size());
    assertEquals(l.names, back.names);
    assertEquals(l.longs, back.longs);
    assertEquals(l.stringsWithNull, back.stringsWithNull);
    assertEquals(l.pollutedStrings, back.pollutedStrings);
    assertEquals(l.longsThenNull, back.longsThenNull);
    assertEquals(l.ints, back.ints);
    assertEquals(ArrayList.class, back.items.getClass());
    assertThrows(UnsupportedOperationException.class, () -> back.immutable.add(null));
    assertEquals(l.after, back.after);
  }

  @Test
  void collectionLoopsCountDepthAndRejectDuplicates() {
    Lists l = lists(new java.util.Random(1));
    for (boolean codegen : new boolean[] {true, false}) {
      Brine shallow = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).codegen(codegen)
          .maxDepth(2).build();
      assertThrows(LimitExceededException.class, () -> shallow.serialize(l), "codegen " + codegen); // Lists > list > InnerRec > Inner
    }
    Lists dup = new Lists();
    dup.names = new LinkedHashSet<>(List.of("aa", "ab"));
    Brine b = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).build();
    byte[] bytes = b.serialize(dup);
    int at = indexOf(bytes, new byte[] {'a', 'b'});
    bytes[at + 1] = 'a'; // the set now holds "aa" twice
    byte[] bad = bytes;
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> b.deserialize(bad));
    assertTrue(e.getMessage().contains("distinct"), e.getMessage());
  }

  enum Side { BUY, SELL }

  /** A flat class: its payload is its number group and fixed block alone (generated loops write it in their window). */
  static final class Flat {
    long sku;
    int quantity;
    Integer discount;
    Side side;
    double price;
    boolean open;
    short lot;
    Long ref;

    static Flat random(java.util.Random r) {
      Flat f = new Flat();
      f.sku = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(1000);
      f.quantity = r.nextBoolean() ? r.nextInt() : r.nextInt(100);
      f.discount = r.nextInt(3) == 0 ? null : r.nextInt();
      f.side = r.nextInt(4) == 0 ? null : Side.values()[r.nextInt(2)];
      f.price = r.nextInt(5) == 0 ? Double.NaN : r.nextDouble();
      f.open = r.nextBoolean();
      f.lot = (short) r.nextInt();
      f.ref = r.nextBoolean() ? null : r.nextLong();
      return f;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Flat f && sku == f.sku && quantity == f.quantity && Objects.equals(discount, f.discount)
          && side == f.side && Double.compare(price, f.price) == 0 && open == f.open && lot == f.lot
          && Objects.equals(ref, f.ref);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(sku);
    }
  }

  record FlatRec(int a, long b, Side side, float f) {}

  static final class FlatLists {
    List<Flat> flats;
    Collection<FlatRec> recs;
    List<Flat> withNull;
    Collection<Flat> lateNull;
    Flat one;
    Flat none;
    FlatRec rec;
    Map<Flat, FlatRec> byFlat;
    Map<Long, Flat> byId;
    Map<Integer, FlatRec> withNullValue;
    int after;
  }

  /**
   * Collections of flat classes (numbers, boxes, enums, primitives only): the generated loop writes each element in
   * its window, growing the buffer mid-loop; same bytes as the interpreter, by index (ArrayList) and by iterator;
   * and fields of flat classes, null or not.
   */
  @Property(tries = 40)
  void flatElementsMatchTheInterpreter(@ForAll long seed, @ForAll boolean refs, @ForAll boolean compress) {
    java.util.Random r = new java.util.Random(seed);
    FlatLists l = new FlatLists();
    l.flats = new ArrayList<>();
    for (int i = r.nextInt(1500); i >= 0; i--) {
      l.flats.add(Flat.random(r));
    }
    l.recs = new LinkedList<>();
    for (int i = r.nextInt(600); i >= 0; i--) {
      l.recs.add(new FlatRec(r.nextInt(), r.nextLong(), Side.values()[r.nextInt(2)], r.nextFloat()));
    }
    l.withNull = new ArrayList<>(Arrays.asList(Flat.random(r), null, Flat.random(r)));
    List<Flat> late = new ArrayList<>();
    for (int i = r.nextInt(1000); i >= 0; i--) {
      late.add(Flat.random(r));
    }
    late.add(late.size() - r.nextInt(Math.min(late.size(), 3) + 1), null); // after the window has grown
    l.lateNull = r.nextBoolean() ? late : new LinkedList<>(late);
    l.byFlat = new LinkedHashMap<>();
    l.byId = new HashMap<>();
    for (int i = r.nextInt(700); i >= 0; i--) { // past 255 entries: several chunks
      l.byFlat.put(Flat.random(r), new FlatRec(i, r.nextLong(), Side.SELL, r.nextFloat()));
      l.byId.put(r.nextLong(), Flat.random(r));
    }
    l.withNullValue = new LinkedHashMap<>();
    l.withNullValue.put(1, new FlatRec(1, 2, Side.BUY, 3));
    l.withNullValue.put(2, null); // the rest written the general way
    l.withNullValue.put(3, new FlatRec(4, 5, Side.SELL, 6));
    l.one = Flat.random(r);
    l.rec = r.nextBoolean() ? null : new FlatRec(r.nextInt(), r.nextLong(), Side.BUY, Float.NaN);
    l.after = r.nextInt();
    Brine gen = Brine.builder().register(Side.class, Flat.class, FlatRec.class, FlatLists.class).references(refs)
        .compressNumbers(compress).build();
    Brine interp = Brine.builder().register(Side.class, Flat.class, FlatRec.class, FlatLists.class).references(refs)
        .compressNumbers(compress).codegen(false).build();
    byte[] bytes = gen.serialize(l);
    assertArrayEquals(interp.serialize(l), bytes);
    // in a stream with a string table too (a null element sends the list down the general path there as well)
    java.io.ByteArrayOutputStream genStream = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream interpStream = new java.io.ByteArrayOutputStream();
    dev.brine.io.StringTable genTable = new dev.brine.io.StringTable(64);
    dev.brine.io.StringTable interpTable = new dev.brine.io.StringTable(64);
    for (int i = 0; i < 2; i++) {
      gen.serializeValue(l, genStream, genTable);
      interp.serializeValue(l, interpStream, interpTable);
    }
    assertArrayEquals(interpStream.toByteArray(), genStream.toByteArray());
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(genStream.toByteArray());
    dev.brine.io.StringTable readTable = new dev.brine.io.StringTable(64);
    for (int i = 0; i < 2; i++) {
      assertEquals(l.flats, ((FlatLists) gen.deserializeValue(in, readTable)).flats);
    }
    FlatLists back = gen.deserialize(bytes, FlatLists.class);
    assertEquals(l.flats, back.flats);
    assertEquals(new ArrayList<>(l.recs), new ArrayList<>(back.recs));
    assertEquals(l.withNull, back.withNull);
    assertEquals(new ArrayList<>(l.lateNull), new ArrayList<>(back.lateNull));
    assertEquals(l.byFlat, back.byFlat);
    assertEquals(l.byId, back.byId);
    assertEquals(l.withNullValue, back.withNullValue);
    assertEquals(l.one, back.one);
    assertNull(back.none);
    assertEquals(l.rec, back.rec);
    assertEquals(l.after, back.after);
  }

  @Test
  void flatElementLoopsAndFieldsCountDepth() {
    FlatLists l = new FlatLists();
    l.flats = new ArrayList<>(List.of(new Flat(), new Flat()));
    l.recs = new ArrayDeque<>(List.of(new FlatRec(1, 2, Side.SELL, 3f)));
    for (boolean codegen : new boolean[] {true, false}) {
      Brine shallow = Brine.builder().register(Side.class, Flat.class, FlatRec.class, FlatLists.class).codegen(codegen)
          .maxDepth(2).build();
      assertThrows(LimitExceededException.class, () -> shallow.serialize(l), "codegen " + codegen); // FlatLists > list > Flat
      Brine deep = Brine.builder().register(Side.class, Flat.class, FlatRec.class, FlatLists.class).codegen(codegen)
          .maxDepth(3).build();
      assertEquals(l.flats, deep.deserialize(deep.serialize(l), FlatLists.class).flats, "codegen " + codegen);
      byte[] threeDeep = deep.serialize(l);
      assertThrows(LimitExceededException.class, () -> shallow.deserialize(threeDeep), "codegen " + codegen); // read side
      FlatLists map = new FlatLists();
      map.byId = new HashMap<>(Map.of(1L, new Flat()));
      assertThrows(LimitExceededException.class, () -> shallow.serialize(map), "codegen " + codegen); // FlatLists > map > Flat
      assertEquals(map.byId, deep.deserialize(deep.serialize(map), FlatLists.class).byId, "codegen " + codegen);
      FlatLists one = new FlatLists();
      one.one = new Flat();
      Brine top = Brine.builder().register(Side.class, Flat.class, FlatRec.class, FlatLists.class).codegen(codegen)
          .maxDepth(1).build();
      assertThrows(LimitExceededException.class, () -> top.serialize(one), "codegen " + codegen); // FlatLists > Flat
      assertEquals(one.one, deep.deserialize(deep.serialize(one), FlatLists.class).one, "codegen " + codegen);
    }
  }

  static final class Maps {
    Map<Inner, InnerRec> beans;
    Map<String, Integer> counts;
    Map<Integer, Inner> big;
    Map<String, Inner> nullKey;
    Map<String, Inner> nullValue;
    SortedMap<String, Integer> sorted;
    Map<String, Integer> immutable;
    Map<String, Integer> empty = new HashMap<>();
    Map<String, Integer> absent;
    Map<String, Integer> polluted;
    Map<String, Long> concurrent;
    Map<String, Integer> accessOrdered;
    Map<Long, String> nullFirstThenMany;
    Map<Long, Integer> numbers;
    long after;
  }

  static Maps maps(java.util.Random r, int bigSize) {
    Maps m = new Maps();
    m.beans = new LinkedHashMap<>();
    for (int i = r.nextInt(3); i >= 0; i--) {
      Inner k = new Inner(i, "k" + r.nextInt(100));
      m.beans.put(k, new InnerRec(r.nextLong(), r.nextBoolean() ? k : null));
    }
    m.counts = new HashMap<>(Map.of("a", r.nextInt(), "b", 2));
    m.big = new LinkedHashMap<>();
    for (int i = 0; i < bigSize; i++) {
      m.big.put(i * 31, new Inner(i, null));
    }
    m.nullKey = new HashMap<>();
    m.nullKey.put(null, new Inner(1, "n"));
    m.nullKey.put("x", new Inner(2, "x"));
    m.nullValue = new LinkedHashMap<>();
    m.nullValue.put("y", null);
    m.nullValue.put("z", new Inner(3, "z"));
    m.sorted = new TreeMap<>(Map.of("q", 1, "p", 2));
    m.immutable = Map.of("i", 9);
    m.polluted = polluted(r.nextInt(300));
    // one entry: a ConcurrentHashMap read back is sized for its count, so two entries may iterate in
    // another order than the original's (JDK 25), and the round trips below compare bytes
    m.concurrent = new java.util.concurrent.ConcurrentHashMap<>(Map.of("c", r.nextLong()));
    m.accessOrdered = new LinkedHashMap<>(4, 0.75f, true);
    m.accessOrdered.put("u", 1);
    m.accessOrdered.put("v", 2);
    m.accessOrdered.get("u");
    m.nullFirstThenMany = new HashMap<>();
    m.nullFirstThenMany.put(null, "null key");
    for (int i = r.nextInt(600); i >= 0; i--) {
      m.nullFirstThenMany.put((long) i, i % 7 == 0 ? null : "v" + i);
    }
    m.numbers = new LinkedHashMap<>();
    for (int i = r.nextInt(1200); i > 0; i--) { // numbers through the window, growing mid-loop, chunks of 255
      m.numbers.put(i % 5 == 0 ? r.nextLong() : (long) i, i % 97 == 0 ? null : i % 2 == 0 ? Integer.MIN_VALUE : r.nextInt());
    }
    m.after = r.nextLong();
    return m;
  }

  /** A {@code Map<String, Integer>} holding, after {@code n} regular entries, a key and a value of other classes (heap pollution). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Map<String, Integer> polluted(int n) {
    Map raw = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      raw.put("k" + i, i);
    }
    raw.put(7L, 8);
    raw.put("long value", 9L);
    raw.put("after", 10);
    return raw;
  }

  /** Map fields of final key and value classes: generated entry loops (chunks of 255), same bytes as the interpreter. */
  @Property(tries = 30)
  void mapFieldsMatchTheInterpreter(@ForAll long seed, @ForAll boolean refs, @ForAll boolean compress) {
    java.util.Random r = new java.util.Random(seed);
    Maps m = maps(r, r.nextInt(700));
    Brine gen = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).references(refs).compressNumbers(compress).build();
    Brine interp = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).references(refs).compressNumbers(compress)
        .codegen(false).build();
    byte[] bytes = gen.serialize(m);
    assertArrayEquals(interp.serialize(m), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
    Maps back = gen.deserialize(bytes, Maps.class);
    assertEquals(m.big.size(), back.big.size());
    assertEquals(m.counts, back.counts);
    assertEquals(m.sorted, back.sorted);
    assertEquals(m.polluted, back.polluted);
    assertEquals(m.concurrent, back.concurrent);
    assertEquals(m.nullFirstThenMany, back.nullFirstThenMany);
    assertEquals(m.numbers, back.numbers);
    assertEquals(List.of("v", "u"), new ArrayList<>(back.accessOrdered.keySet()));
    assertThrows(UnsupportedOperationException.class, () -> back.immutable.put("j", 1));
    assertEquals(m.after, back.after);
  }

  /** A map of one's own whose size disagrees with its entries. */
  static final class Lying extends AbstractMap<String, Integer> {
    private final transient Map<String, Integer> entries = new LinkedHashMap<>(); // transient: written by its entries

    @Override
    public Integer put(String key, Integer value) {
      return entries.put(key, value);
    }

    @Override
    public Set<Map.Entry<String, Integer>> entrySet() {
      return entries.entrySet();
    }

    @Override
    public int size() {
      return entries.size() + 1;
    }
  }

  /** A collection of one's own whose size disagrees with its elements. */
  static final class LyingList extends AbstractCollection<Long> {
    private final transient List<Long> elements = new ArrayList<>(); // transient: written by its elements

    @Override
    public boolean add(Long e) {
      return elements.add(e);
    }

    @Override
    public Iterator<Long> iterator() {
      return elements.iterator();
    }

    @Override
    public int size() {
      return elements.size() + 1;
    }
  }

  static final class HoldsLying {
    Collection<Long> longs;
  }

  @Test
  void aCollectionWhoseSizeDisagreesWithItsElementsIsAnErrorNotWrongBytes() {
    for (boolean codegen : new boolean[] {true, false}) {
      Brine b = Brine.builder().register(HoldsLying.class, LyingList.class).codegen(codegen).build();
      for (int n : new int[] {1, 3, 300}) {
        HoldsLying h = new HoldsLying();
        LyingList list = new LyingList();
        for (long i = 0; i < n; i++) {
          list.add(i);
        }
        h.longs = list;
        dev.brine.BrineException e = assertThrows(dev.brine.BrineException.class, () -> b.serialize(h), "codegen " + codegen);
        assertTrue(e.getMessage().contains("changed"), e.getMessage());
      }
    }
  }

  @Test
  void aMapWhoseSizeDisagreesWithItsEntriesIsAnErrorNotWrongBytes() {
    for (boolean codegen : new boolean[] {true, false}) {
      Brine b = Brine.builder().register(Inner.class, InnerRec.class, Maps.class, Lying.class).codegen(codegen).build();
      for (int n : new int[] {1, 3, 300}) {
        Maps m = new Maps();
        m.counts = new Lying();
        for (int i = 0; i < n; i++) {
          m.counts.put("k" + i, i);
        }
        dev.brine.BrineException e = assertThrows(dev.brine.BrineException.class, () -> b.serialize(m));
        assertTrue(e.getMessage().contains("map changed"), e.getMessage());
      }
    }
  }

  @Test
  void mapLoopsRejectRepeatedKeysAndCountDepth() {
    Maps m = new Maps();
    m.counts = new LinkedHashMap<>(Map.of("ab", 1));
    m.counts.put("aa", 2);
    Brine b = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).build();
    byte[] bytes = b.serialize(m);
    int at = indexOf(bytes, new byte[] {'a', 'b'});
    bytes[at + 1] = 'a'; // "aa" twice
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> b.deserialize(bytes));
    assertTrue(e.getMessage().contains("distinct keys"), e.getMessage());
    Maps deep = new Maps();
    deep.beans = Map.of(new Inner(1, "a"), new InnerRec(2, new Inner(3, "b"))); // Maps > map > InnerRec > Inner
    for (boolean codegen : new boolean[] {true, false}) {
      Brine shallow = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).codegen(codegen).maxDepth(3).build();
      assertThrows(LimitExceededException.class, () -> shallow.serialize(deep), "codegen " + codegen);
    }
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    for (int i = 0; i + part.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    throw new AssertionError("not found");
  }
}
