package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Compatible mode's shapes whose class descriptor is followed by a class definition reference
 * (docs/format.md, "Compatible mode"): EnumSet and EnumMap of a compatible enum, and arrays of
 * compatible classes and enums as values of their own (top level, in fields of type Object, as
 * elements, as map values, nested), round-tripped with generated and interpreted serializers, with
 * and without references. Evolution across versions is in {@link CompatibleShapesEvolutionTest}.
 */
class CompatibleShapesTest {
  enum Color { RED, GREEN, BLUE }

  record P(int x, String s) {}

  /** Not final: its arrays hold tagged elements (a subclass may stand in one). */
  static class Open {
    int v;

    Open() {}

    Open(int v) {
      this.v = v;
    }

    @Override
    public boolean equals(Object o) {
      return o != null && o.getClass() == getClass() && ((Open) o).v == v;
    }

    @Override
    public int hashCode() {
      return v;
    }
  }

  static final class OpenSub extends Open {
    String extra;

    OpenSub() {}

    OpenSub(int v, String extra) {
      super(v);
      this.extra = extra;
    }

    @Override
    public boolean equals(Object o) {
      return super.equals(o) && Objects.equals(((OpenSub) o).extra, extra);
    }

    @Override
    public int hashCode() {
      return Objects.hash(v, extra);
    }
  }

  /** The shapes as fields, declared and not. */
  static final class Holder {
    EnumSet<Color> set;
    EnumMap<Color, String> map;
    P[] points;
    Color[] colors;
    P[][] grid;
    Open[] opens;
    Object any;
    List<Object> list;
    Map<String, Object> byName;
    String after;
  }

  static Brine.Builder builder() {
    return Brine.builder().compatible(true).register(Color.class, P.class, Open.class, OpenSub.class, Holder.class);
  }

  static final List<Brine> BRINES = List.of(builder().build(), builder().codegen(false).build(),
      builder().references(true).build(), builder().references(true).codegen(false).build());

  static Holder holder() {
    Holder h = new Holder();
    h.set = EnumSet.of(Color.RED, Color.BLUE);
    h.map = new EnumMap<>(Map.of(Color.GREEN, "g", Color.BLUE, "b"));
    h.points = new P[] {new P(1, "a"), null, new P(-3, null)};
    h.colors = new Color[] {Color.BLUE, null, Color.RED};
    h.grid = new P[][] {{new P(1, "x")}, null, {}, {null, new P(2, "y")}};
    h.opens = new Open[] {new Open(1), new OpenSub(2, "s"), null};
    h.any = new Color[][] {{Color.GREEN}, {}};
    h.list = new ArrayList<>(List.of(new P[] {new P(5, "l")}, EnumSet.allOf(Color.class), new Color[0],
        new EnumMap<>(Map.of(Color.RED, 1))));
    h.byName = new TreeMap<>(Map.of("ps", new P[] {new P(7, "m")}, "cs", new Color[] {Color.GREEN},
        "set", EnumSet.noneOf(Color.class), "opens", new Open[] {new OpenSub(3, null)}));
    h.after = "after";
    return h;
  }

  static Object[] values() {
    return new Object[] {EnumSet.noneOf(Color.class), EnumSet.allOf(Color.class), EnumSet.of(Color.GREEN),
        new EnumMap<>(Map.of(Color.RED, "r", Color.BLUE, "b")), new EnumMap<>(Color.class),
        new P[0], new P[] {new P(1, "one"), null}, new Color[] {Color.RED, Color.RED, null},
        new P[][] {{new P(1, "a"), null}, null, {}}, new Color[][][] {{{Color.BLUE}}}, new Open[] {new Open(4), new OpenSub(5, "x")},
        new Open[][] {{new OpenSub(6, "y")}, {}}, new Holder[] {holder(), null},
        List.of(new P[] {new P(2, "two")}, EnumSet.of(Color.BLUE), new Color[] {Color.GREEN}),
        new HashMap<>(Map.of("a", new P[] {new P(3, "three")}, "b", EnumSet.of(Color.RED),
            "c", new EnumMap<>(Map.of(Color.GREEN, List.of(1))))),
        new LinkedHashMap<>(Map.of(Color.BLUE, new Color[] {Color.RED})), holder()};
  }

  @Test
  void shapesRoundTrip() {
    for (Brine b : BRINES) {
      for (Object v : values()) {
        byte[] bytes = b.serialize(v);
        Object back = b.deserialize(bytes);
        assertTrue(same(v, back), () -> describe(v) + " came back as " + describe(back));
        assertArrayEquals(bytes, b.serialize(back), () -> "bytes of " + describe(v));
      }
    }
  }

  @Test
  void emptyShapesAsFields() {
    Holder h = new Holder();
    h.set = EnumSet.noneOf(Color.class);
    h.map = new EnumMap<>(Color.class);
    h.points = new P[0];
    h.colors = new Color[0];
    h.grid = new P[][] {};
    h.any = new P[0];
    h.after = "end";
    for (Brine b : BRINES) {
      Holder back = (Holder) b.deserialize(b.serialize(h));
      assertTrue(same(h, back), describe(back));
    }
  }

  @Test
  void referencesToSharedArraysAreKept() {
    Brine b = BRINES.get(2);
    P[] shared = {new P(1, "s")};
    List<Object> list = new ArrayList<>(List.of(shared, shared, EnumSet.of(Color.RED)));
    @SuppressWarnings("unchecked")
    List<Object> back = (List<Object>) b.deserialize(b.serialize(list));
    assertSame(back.get(0), back.get(1));
    assertEquals(new P(1, "s"), ((P[]) back.get(0))[0]);
  }

  /** The bytes of a top-level {@code Color[]}: tag ARRAY, tag COMPAT_ENUM, the definition, then the array's payload. */
  @Test
  void arrayOfEnumBytes() {
    Brine b = builder().build();
    byte[] bytes = b.serialize(new Color[] {Color.BLUE, null});
    assertEquals(0xCA, bytes[0] & 0xFF);
    assertEquals(21, bytes[1]);
    assertEquals(60, bytes[2]);
    assertEquals(0x80, bytes[3] & 0xFF); // def-ref 0x2000: a new definition of index 0
    assertEquals(0x40, bytes[4] & 0xFF);
    int size = bytes[5];
    int p = 6 + size;
    // length 2; slot 2, def-ref 1 (definition 0 again), ordinal 2; slot 0 (null)
    assertArrayEquals(new byte[] {2, 2, 1, 2, 0}, Arrays.copyOfRange(bytes, p, bytes.length));
  }

  @Property(tries = 200)
  void enumSetsAndArraysOfAnyContent(@ForAll List<Color> colors, @ForAll @Size(max = 20) List<Integer> xs,
      @ForAll @Size(max = 20) List<String> ss) {
    EnumSet<Color> set = colors.isEmpty() ? EnumSet.noneOf(Color.class) : EnumSet.copyOf(colors);
    P[] points = new P[Math.min(xs.size(), ss.size())];
    for (int i = 0; i < points.length; i++) {
      points[i] = xs.get(i) == null ? null : new P(xs.get(i), ss.get(i));
    }
    EnumMap<Color, Object> map = new EnumMap<>(Color.class);
    for (Color c : colors) {
      map.put(c, points);
    }
    Object[] value = {set, points, colors.toArray(new Color[0]), map.isEmpty() ? null : map};
    for (Brine b : BRINES) {
      Object back = b.deserialize(b.serialize(value));
      assertTrue(same(value, back), () -> describe(value) + " came back as " + describe(back));
    }
  }

  // ---------------------------------------------------------------- helpers

  /** Deep equality through arrays, lists, maps and Holder's fields. */
  static boolean same(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null || a.getClass() != b.getClass()) {
      return false;
    }
    if (a.getClass().isArray()) {
      int n = Array.getLength(a);
      if (n != Array.getLength(b)) {
        return false;
      }
      for (int i = 0; i < n; i++) {
        if (!same(Array.get(a, i), Array.get(b, i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List) {
      List<?> x = (List<?>) a;
      List<?> y = (List<?>) b;
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!same(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map) {
      Map<?, ?> x = (Map<?, ?>) a;
      Map<?, ?> y = (Map<?, ?>) b;
      if (!x.keySet().equals(y.keySet())) {
        return false;
      }
      for (Object k : x.keySet()) {
        if (!same(x.get(k), y.get(k))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Holder) {
      Holder x = (Holder) a;
      Holder y = (Holder) b;
      return same(x.set, y.set) && same(x.map, y.map) && same(x.points, y.points) && same(x.colors, y.colors)
          && same(x.grid, y.grid) && same(x.opens, y.opens) && same(x.any, y.any) && same(x.list, y.list)
          && same(x.byName, y.byName) && Objects.equals(x.after, y.after);
    }
    return a.equals(b);
  }

  static String describe(Object o) {
    if (o == null) {
      return "null";
    }
    if (o.getClass().isArray()) {
      StringBuilder sb = new StringBuilder(o.getClass().getSimpleName()).append('[');
      for (int i = 0; i < Array.getLength(o); i++) {
        sb.append(i > 0 ? ", " : "").append(describe(Array.get(o, i)));
      }
      return sb.append(']').toString();
    }
    if (o instanceof Holder) {
      Holder h = (Holder) o;
      return "Holder(" + h.set + ", " + h.map + ", " + describe(h.points) + ", " + describe(h.colors) + ", "
          + describe(h.grid) + ", " + describe(h.opens) + ", " + describe(h.any) + ", " + h.list + ", " + h.byName + ", "
          + h.after + ")";
    }
    return String.valueOf(o);
  }
}
