package dev.brine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * User classes of unusual shapes in one graph, in every mode (default and compatible, generated and
 * interpreted, references off and on): enum constants with bodies, an enum implementing an interface, a
 * generic class, a class without a no-arg constructor and with final fields, a record with array
 * components and a compact constructor, inherited, transient and static fields, a subclass of {@code
 * ArrayList} with a field of its own, {@code Object[]} of mixed values, jagged and nested arrays, a map
 * with a null key, lone surrogates, and (with references) cycles through the root.
 */
class UserClassShapesTest {
  enum Op {
    PLUS {
      @Override
      int apply(int a, int b) {
        return a + b;
      }
    },
    MINUS {
      @Override
      int apply(int a, int b) {
        return a - b;
      }
    };

    abstract int apply(int a, int b);
  }

  interface Shape {
    double area();
  }

  enum Unit implements Shape {
    ONE;

    @Override
    public double area() {
      return 1;
    }
  }

  static final class Circle implements Shape {
    double r;

    @Override
    public double area() {
      return Math.PI * r * r;
    }
  }

  static class Box<T> {
    T value;
    List<T> more = new ArrayList<>();
  }

  static final class NoArg {
    final int x;
    final String y;

    NoArg(int x, String y) {
      this.x = x;
      this.y = y;
    }
  }

  record Arr(int[] a, String[] s) {
    Arr {
      if (a == null) {
        throw new IllegalArgumentException("a");
      }
    }
  }

  static class Base {
    transient int t = 5;
    static int st = 9;
    protected long id;
  }

  static final class Sub extends Base {
    String name;
  }

  static final class MyList extends ArrayList<String> {
    int extra;
  }

  static final class Holder {
    Op op;
    Shape shape;
    Shape unit;
    Box<String> box;
    NoArg noArg;
    Arr arr;
    Sub sub;
    Object[] objs;
    int[][] grid;
    Circle[][] circles;
    Map<String, Integer> nullKey;
    char c;
    String s;
    MyList myList;
    Holder self;
    List<Holder> kids;
  }

  private static Holder sample() {
    Holder h = new Holder();
    h.op = Op.MINUS;
    Circle c = new Circle();
    c.r = 2;
    h.shape = c;
    h.unit = Unit.ONE;
    h.box = new Box<>();
    h.box.value = "v";
    h.box.more.add("m");
    h.noArg = new NoArg(3, "y");
    h.arr = new Arr(new int[] {1, 2}, new String[] {"a", null});
    h.sub = new Sub();
    h.sub.id = 77;
    h.sub.name = "n";
    h.sub.t = 99;
    h.objs = new Object[] {1, "two", 3.0, null, Op.PLUS, new int[] {4}};
    h.grid = new int[][] {{1}, {}, null};
    h.circles = new Circle[][] {{c, null}};
    h.nullKey = new HashMap<>();
    h.nullKey.put(null, 1);
    h.nullKey.put("k", null);
    h.c = '\uD800';
    h.s = "\uDC00x\uD800";
    h.myList = new MyList();
    h.myList.add("q");
    h.myList.extra = 4;
    h.kids = new ArrayList<>(List.of(new Holder()));
    return h;
  }

  private static void check(Holder b) {
    assertEquals(Op.MINUS, b.op);
    assertEquals(-1, b.op.apply(1, 2));
    assertEquals(4 * Math.PI, b.shape.area(), 1e-9);
    assertSame(Unit.ONE, b.unit);
    assertEquals("v", b.box.value);
    assertEquals(List.of("m"), b.box.more);
    assertEquals(3, b.noArg.x);
    assertEquals("y", b.noArg.y);
    assertArrayEquals(new int[] {1, 2}, b.arr.a());
    assertArrayEquals(new String[] {"a", null}, b.arr.s());
    assertEquals(77, b.sub.id);
    assertEquals("n", b.sub.name);
    assertEquals(5, b.sub.t); // transient: what the constructor sets
    assertEquals(6, b.objs.length);
    assertEquals(Op.PLUS, b.objs[4]);
    assertArrayEquals(new int[] {4}, (int[]) b.objs[5]);
    assertNull(b.grid[2]);
    assertEquals(0, b.grid[1].length);
    assertEquals(2.0, b.circles[0][0].r);
    assertNull(b.circles[0][1]);
    assertEquals(1, b.nullKey.get(null));
    assertTrue(b.nullKey.containsKey("k"));
    assertEquals('\uD800', b.c);
    assertEquals("\uDC00x\uD800", b.s);
    assertEquals(List.of("q"), b.myList);
    assertEquals(MyList.class, b.myList.getClass());
    assertEquals(1, b.kids.size());
  }

  @Test
  void everyShapeRoundTripsInEveryMode() {
    for (boolean compat : new boolean[] {false, true}) {
      for (int threshold : new int[] {0, 1000}) {
        for (boolean refs : new boolean[] {false, true}) {
          Brine brine = Brine.builder().compatible(compat).codegenThreshold(threshold).references(refs)
              .register(Holder.class, Op.class, Unit.class, Circle.class, Box.class, NoArg.class, Arr.class, Base.class,
                  Sub.class, MyList.class, Shape.class)
              .build();
          Holder h = sample();
          if (refs) {
            h.self = h;
            h.kids.get(0).self = h;
          }
          String where = "compatible " + compat + ", codegen threshold " + threshold + ", references " + refs;
          Holder b;
          try {
            b = (Holder) brine.deserialize(brine.serialize(h));
            check(b);
          } catch (RuntimeException | AssertionError e) {
            throw new AssertionError(where + ": " + e, e);
          }
          if (refs) {
            assertSame(b, b.self, where);
            assertSame(b, b.kids.get(0).self, where);
          }
        }
      }
    }
  }
}
