package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.Test;

class SmokeTest {
  enum Color { RED, GREEN { @Override public String toString() { return "g"; } }, BLUE }
  record Point(int x, long y, String name, Color c, List<String> tags, Map<String, Integer> m) {}
  static class Base { int a; String s; }
  static final class Derived extends Base { int a; double d; Object any; Point p; Derived(int z) { a = z; } }

  @Test
  void basics() {
    Brine b = Brine.builder().register(Point.class, Derived.class, Color.class).build();
    for (Object v : new Object[] {null, 1, -5L, "héllo", "日本語", "a\uD800b", 3.5, Float.NaN, new int[] {1, 2},
        new String[] {"x", null}, new Object[] {1, "a", null}, Color.GREEN, java.math.BigInteger.TEN.negate(),
        new java.math.BigDecimal("-12.345"), UUID.randomUUID()}) {
      byte[] bytes = b.serialize(v);
      Object back = b.deserialize(bytes);
      assertTrue(Objects.deepEquals(v, back), v + " vs " + back);
    }
    Point p = new Point(1, 2, "n", Color.GREEN, List.of("a", "b"), Map.of("k", 1));
    assertEquals(p, b.deserialize(b.serialize(p)));
    Derived d = new Derived(7);
    ((Base) d).a = 3; d.s = "base"; d.d = -0.0; d.any = List.of(1, 2); d.p = p;
    Derived back = b.deserialize(b.serialize(d), Derived.class);
    assertEquals(7, back.a);
    assertEquals(3, ((Base) back).a);
    assertEquals("base", back.s);
    assertEquals(List.of(1, 2), back.any);
    assertEquals(p, back.p);
    Map<Object, Object> m = new HashMap<>();
    for (int i = 0; i < 600; i++) m.put(i, i % 3 == 0 ? null : "v" + i);
    m.put(null, 5);
    m.put("str", 1.5);
    assertEquals(m, b.deserialize(b.serialize(m)));
  }
}
