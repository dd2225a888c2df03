package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.util.*;
import org.junit.jupiter.api.Test;

/** User classes that implement Collection or Map themselves (not through a JDK class), and classes the JDK encapsulates. */
class CustomContainerTest {
  /** A fixed-capacity ring: add() is not supported, its state is its fields. */
  static final class Ring<E> extends AbstractList<E> {
    private final Object[] items;
    private int head;

    Ring(int capacity) {
      items = new Object[capacity];
    }

    void push(E e) {
      items[head] = e;
      head = (head + 1) % items.length;
    }

    @SuppressWarnings("unchecked")
    @Override
    public E get(int i) {
      return (E) items[(head + i) % items.length];
    }

    @Override
    public int size() {
      return items.length;
    }
  }

  /** A map view over two parallel arrays. */
  static final class Pairs extends AbstractMap<String, Integer> {
    String[] keys = {};
    int[] values = {};
    String label;

    @Override
    public Set<Entry<String, Integer>> entrySet() {
      Set<Entry<String, Integer>> s = new LinkedHashSet<>();
      for (int i = 0; i < keys.length; i++) {
        s.add(new SimpleImmutableEntry<>(keys[i], values[i]));
      }
      return s;
    }
  }

  static final class Holder {
    Ring<String> ring;
    List<String> ringAsList;
    Pairs pairs;
    Map<String, Integer> pairsAsMap;
  }

  @Test
  void userCollectionsAndMapsKeepTheirStateOrAreRefusedClearly() {
    Ring<String> r = new Ring<>(3);
    r.push("a");
    r.push("b");
    r.push("c");
    r.push("d");
    Pairs p = new Pairs();
    p.keys = new String[] {"k1", "k2"};
    p.values = new int[] {1, 2};
    p.label = "L";
    Holder h = new Holder();
    h.ring = r;
    h.ringAsList = r;
    h.pairs = p;
    h.pairsAsMap = p;
    Brine probe = Brine.builder().register(Holder.class, Ring.class, Pairs.class).build();
    Holder back = (Holder) probe.deserialize(probe.serialize(h));
    assertEquals(List.of("b", "c", "d"), back.ring);
    assertEquals(List.of("b", "c", "d"), back.ringAsList);
    assertEquals(Map.of("k1", 1, "k2", 2), back.pairs);
    assertEquals("L", back.pairs.label);
    assertEquals(Map.of("k1", 1, "k2", 2), back.pairsAsMap);
    each(h, b -> {
      assertEquals(List.of("b", "c", "d"), b.ring);
      assertEquals(Map.of("k1", 1, "k2", 2), b.pairs);
      assertEquals("L", b.pairs.label);
      assertEquals(Map.of("k1", 1, "k2", 2), b.pairsAsMap);
    }, Holder.class, Ring.class, Pairs.class);
    Brine compat = Brine.builder().compatible(true).register(Holder.class, Ring.class, Pairs.class).build();
    Holder c = (Holder) compat.deserialize(compat.serialize(h));
    assertEquals("L", c.pairs.label);
    assertEquals(Map.of("k1", 1, "k2", 2), c.pairsAsMap);
  }

  /** A writable map of one's own with a field besides its entries: written by its fields, so both are kept. */
  static final class Labelled extends AbstractMap<String, Integer> {
    private final Map<String, Integer> inner = new LinkedHashMap<>();
    String label;

    @Override
    public Integer put(String k, Integer v) {
      return inner.put(k, v);
    }

    @Override
    public Set<Entry<String, Integer>> entrySet() {
      return inner.entrySet();
    }
  }

  @Test
  void aWritableMapOfOnesOwnKeepsItsEntries() {
    Labelled l = new Labelled();
    l.put("b", 2);
    l.put("a", 1);
    l.label = "lab";
    each(l, b -> {
      assertEquals(Labelled.class, b.getClass());
      assertEquals(List.of("b", "a"), new ArrayList<>(b.keySet()));
      assertEquals("lab", b.label);
    }, Labelled.class);
  }

  /** A writable list of one's own whose state is transient: written element by element (its fields would hold nothing). */
  static final class Scratch extends AbstractList<String> {
    private transient List<String> items = new ArrayList<>();

    @Override
    public void add(int i, String s) {
      items.add(i, s);
    }

    @Override
    public String get(int i) {
      return items.get(i);
    }

    @Override
    public int size() {
      return items.size();
    }
  }

  /** A writable collection of one's own with its own elements array and an owner. */
  static final class Owned extends AbstractCollection<Long> {
    private Long[] items = new Long[0];
    String owner;

    @Override
    public boolean add(Long e) {
      items = Arrays.copyOf(items, items.length + 1);
      items[items.length - 1] = e;
      return true;
    }

    @Override
    public Iterator<Long> iterator() {
      return Arrays.asList(items).iterator();
    }

    @Override
    public int size() {
      return items.length;
    }
  }

  @Test
  void writableContainersOfOnesOwnKeepTheirFieldsOrTheirElements() {
    Scratch s = new Scratch();
    s.add("x");
    s.add("y");
    each(s, b -> assertEquals(List.of("x", "y"), b), Scratch.class);
    Owned o = new Owned();
    o.add(5L);
    o.add(null);
    o.owner = "me";
    each(o, b -> {
      assertEquals(Arrays.asList(5L, null), new ArrayList<>(b));
      assertEquals("me", b.owner);
    }, Owned.class);
  }

  static final class Watched extends Observable {
    int x = 3;
  }

  static final class HasThread {
    Object any;
  }

  @Test
  void stateTheJdkEncapsulatesIsRefusedWithABrineException() {
    BrineException e = assertThrows(BrineException.class, () -> Brine.builder().register(Watched.class).build());
    assertTrue(e.getMessage().contains("java.util.Observable.changed"), e.getMessage());
    Brine b = Brine.builder().register(HasThread.class).build();
    HasThread t = new HasThread();
    t.any = new Thread();
    assertThrows(BrineException.class, () -> b.serialize(t));
    t.any = new java.io.ByteArrayInputStream(new byte[1]);
    assertThrows(BrineException.class, () -> b.serialize(t));
  }
}
