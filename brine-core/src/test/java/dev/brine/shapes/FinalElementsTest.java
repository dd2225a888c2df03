package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Container fields whose element, key or value class is final (written without per-element tags): nulls, sharing, arrays. */
class FinalElementsTest {
  record Point(int x, int y) {}

  enum Color { RED, GREEN { }, BLUE }

  static final class Fields {
    List<Integer> ints;
    List<Long> longs;
    Set<String> strings;
    List<Point> points;
    Set<Point> pointSet;
    Map<Point, Point> pointMap;
    Map<String, Integer> counts;
    Map<Integer, String> byId;
    List<int[]> intArrays;
    Map<String, int[]> arraysByName;
    List<String[]> stringArrays;
    List<Optional<String>> optionals;
    Map<Color, List<Point>> byColor;
    List<Color> colors;
    Collection<Double> doubles;
    LinkedList<Character> chars;
    Queue<Point> queue;
  }

  @Test
  void nullsSharedElementsAndArraysInContainersOfFinalClasses() {
    Point p = new Point(1, 2);
    Fields f = new Fields();
    f.ints = new ArrayList<>(Arrays.asList(1, null, -1, Integer.MIN_VALUE, null));
    f.longs = new LinkedList<>(Arrays.asList(null, Long.MAX_VALUE));
    f.strings = new LinkedHashSet<>(Arrays.asList("b", null, "a"));
    f.points = new ArrayList<>(Arrays.asList(p, null, p, new Point(1, 2)));
    f.pointSet = new HashSet<>(Arrays.asList(p, null));
    f.pointMap = new HashMap<>();
    f.pointMap.put(p, p);
    f.pointMap.put(null, p);
    f.pointMap.put(new Point(3, 4), null);
    f.counts = new HashMap<>();
    f.counts.put(null, null);
    f.counts.put("a", 1);
    f.counts.put("b", null);
    f.byId = new TreeMap<>(Map.of(3, "three", -1, "minus"));
    f.intArrays = new ArrayList<>(Arrays.asList(new int[] {1}, null, new int[0]));
    f.arraysByName = new HashMap<>();
    f.arraysByName.put("x", new int[] {5, 6});
    f.arraysByName.put("n", null);
    f.stringArrays = new ArrayList<>(Arrays.asList(new String[] {"s", null}, null));
    f.optionals = new ArrayList<>(Arrays.asList(Optional.of("o"), Optional.empty(), null));
    f.byColor = new EnumMap<>(Color.class);
    f.byColor.put(Color.GREEN, new ArrayList<>(List.of(p)));
    f.byColor.put(Color.BLUE, null);
    f.colors = new ArrayList<>(Arrays.asList(Color.GREEN, null, Color.RED, Color.GREEN));
    f.doubles = new ArrayList<>(Arrays.asList(-0.0, Double.NaN, null));
    f.chars = new LinkedList<>(Arrays.asList('\uD800', null, 'x'));
    f.queue = new ArrayDeque<>(List.of(p, new Point(9, 9)));
    for (boolean refs : new boolean[] {false, true}) {
      Modes.eachWith(refs, f, b -> {
        assertEquals(f.ints, b.ints);
        assertEquals(f.longs, b.longs);
        assertEquals(LinkedList.class, b.longs.getClass());
        assertEquals(new ArrayList<>(f.strings), new ArrayList<>(b.strings));
        assertEquals(f.points, b.points);
        assertEquals(f.pointSet, b.pointSet);
        assertEquals(f.pointMap, b.pointMap);
        assertEquals(f.counts, b.counts);
        assertEquals(f.byId, b.byId);
        assertEquals(TreeMap.class, b.byId.getClass());
        assertArrayEquals(new int[] {1}, b.intArrays.get(0));
        assertNull(b.intArrays.get(1));
        assertEquals(0, b.intArrays.get(2).length);
        assertArrayEquals(new int[] {5, 6}, b.arraysByName.get("x"));
        assertTrue(b.arraysByName.containsKey("n"));
        assertNull(b.arraysByName.get("n"));
        assertArrayEquals(new String[] {"s", null}, b.stringArrays.get(0));
        assertNull(b.stringArrays.get(1));
        assertEquals(f.optionals, b.optionals);
        assertEquals(f.byColor, b.byColor);
        assertEquals(f.colors, b.colors);
        assertEquals(f.doubles.toString(), b.doubles.toString());
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(((List<Double>) b.doubles).get(0)));
        assertEquals(f.chars, b.chars);
        assertEquals(List.of(p, new Point(9, 9)), new ArrayList<>(b.queue));
        if (refs) {
          assertSame(b.points.get(0), b.points.get(2));
          assertNotSame(b.points.get(0), b.points.get(3));
          Point key = b.pointMap.keySet().stream().filter(k -> k != null && k.x() == 1).findFirst().orElseThrow();
          assertSame(key, b.pointMap.get(key));
          assertSame(key, b.points.get(0));
          assertSame(key, b.byColor.get(Color.GREEN).get(0));
        }
      }, Fields.class, Point.class, Color.class);
    }
  }

  @Test
  void tieredSwitchWritesTheSameBytesAsEitherSerializer() {
    Fields f = new Fields();
    f.points = new ArrayList<>(List.of(new Point(1, 1)));
    f.counts = new HashMap<>(Map.of("k", 2));
    f.colors = new ArrayList<>(List.of(Color.GREEN));
    Brine gen = Modes.brine(true, false, Fields.class, Point.class, Color.class);
    byte[] expected = gen.serialize(f);
    Brine tiered = Brine.builder().codegenThreshold(3).register(Fields.class, Point.class, Color.class).build();
    for (int i = 0; i < 10; i++) {
      byte[] bytes = tiered.serialize(f);
      assertArrayEquals(expected, bytes, "call " + i);
      Fields b = (Fields) tiered.deserialize(bytes);
      assertEquals(f.points, b.points);
      assertEquals(f.counts, b.counts);
      assertEquals(f.colors, b.colors);
    }
  }

  static final class Chain {
    int n;
    Chain next;
    List<Point> points;
  }

  @Test
  void theTieredSwitchInTheMiddleOfOneGraph() {
    Chain head = null;
    for (int i = 0; i < 1500; i++) {
      Chain c = new Chain();
      c.n = i;
      c.next = head;
      c.points = i % 100 == 0 ? new ArrayList<>(List.of(new Point(i, -i))) : null;
      head = c;
    }
    List<Point> many = new ArrayList<>();
    for (int i = 0; i < 2500; i++) {
      many.add(new Point(i, i * 31));
    }
    for (boolean refs : new boolean[] {false, true}) {
      byte[] expected = Modes.brine(true, refs, Chain.class, Point.class).serialize(head);
      byte[] expectedList = Modes.brine(true, refs, Chain.class, Point.class).serialize(many);
      Brine tiered = Brine.builder().codegenThreshold(1000).references(refs).register(Chain.class, Point.class).build();
      assertArrayEquals(expected, tiered.serialize(head), "refs " + refs);
      Brine reader = Brine.builder().codegenThreshold(1000).references(refs).register(Chain.class, Point.class).build();
      Chain back = (Chain) reader.deserialize(expected);
      for (int i = 1499; i >= 0; i--, back = back.next) {
        assertEquals(i, back.n);
        assertEquals(i % 100 == 0 ? List.of(new Point(i, -i)) : null, back.points);
      }
      assertNull(back);
      Brine tieredList = Brine.builder().codegenThreshold(1000).references(refs).register(Chain.class, Point.class).build();
      assertArrayEquals(expectedList, tieredList.serialize(many), "refs " + refs);
      assertEquals(many, tieredList.deserialize(expectedList));
    }
  }

  static final class Sorted {
    Map<String, Integer> ci;
    Set<String> ciSet;
    Map<Integer, String> empty;
    SortedMap<String, Point> byName;
    NavigableSet<Integer> desc;
  }

  @Test
  void sortedContainersWithComparatorsInFieldsOfFinalElementClasses() {
    Sorted s = new Sorted();
    s.ci = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    s.ci.put("B", 2);
    s.ci.put("a", 1);
    s.ciSet = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    s.ciSet.addAll(List.of("Y", "x"));
    s.empty = Collections.emptySortedMap();
    s.byName = new TreeMap<>(Comparator.reverseOrder());
    s.byName.put("p", new Point(1, 1));
    s.byName.put("q", null);
    s.desc = new TreeSet<>(Collections.reverseOrder());
    s.desc.addAll(List.of(1, 3, 2));
    Modes.each(s, b -> {
      assertEquals(List.of("a", "B"), new ArrayList<>(b.ci.keySet()));
      assertEquals(2, b.ci.get("b"));
      assertTrue(b.ciSet.contains("X"));
      assertEquals(List.of("x", "Y"), new ArrayList<>(b.ciSet));
      assertTrue(b.empty.isEmpty());
      assertTrue(b.empty instanceof SortedMap);
      assertEquals(List.of("q", "p"), new ArrayList<>(b.byName.keySet()));
      assertEquals(new Point(1, 1), b.byName.get("p"));
      assertEquals(List.of(3, 2, 1), new ArrayList<>(b.desc));
      b.desc.add(5);
      assertEquals(5, b.desc.first());
    }, Sorted.class, Point.class);
  }
}
