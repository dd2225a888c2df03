package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import java.io.Serializable;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Array fields whose runtime class is a subtype of the declared one (array covariance), and shared arrays. */
class ArrayShapesTest {
  static class Cat {
    String name;

    Cat() {}

    Cat(String name) {
      this.name = name;
    }
  }

  static final class Lion extends Cat {
    int mane;

    Lion() {}

    Lion(String name, int mane) {
      super(name);
      this.mane = mane;
    }
  }

  static class Generic<T> {
    T[] items;
  }

  static final class Arrays2 {
    Object[] strings;
    Number[] integers;
    Cat[] lions;
    Cat[] cats;
    Object[][] rows;
    Object asObject;
    Comparable<?>[] comparables;
    Serializable[] serializables;
    Cloneable arrayAsInterface;
    Generic<String> generic;
    int[] sharedA;
    int[] sharedB;
    Object[] selfContaining;
    List<Cat[]> listOfArrays;
    Map<String, Object[]> mapOfArrays;
  }

  @Test
  void covariantArraysKeepTheirRuntimeClass() {
    Arrays2 a = new Arrays2();
    a.strings = new String[] {"a", null, "c"};
    a.integers = new Integer[] {1, null, -3};
    a.lions = new Lion[] {new Lion("leo", 2), null};
    a.cats = new Cat[] {new Lion("l", 1), new Cat("c"), null};
    a.rows = new Object[][] {new String[] {"x"}, new Integer[] {1}, null, new Object[] {1L, "y"}};
    a.asObject = new Cat[][] {new Lion[] {new Lion("deep", 5)}};
    a.comparables = new String[] {"cmp"};
    a.serializables = new Long[] {9L, 10L};
    a.arrayAsInterface = new double[] {1.5};
    a.generic = new Generic<>();
    a.generic.items = new String[] {"g"};
    a.sharedA = new int[] {1, 2};
    a.sharedB = a.sharedA;
    a.listOfArrays = new ArrayList<>(List.of(new Lion[] {new Lion("li", 3)}, new Cat[0]));
    a.mapOfArrays = new HashMap<>(Map.of("k", new String[] {"v"}));
    each(a, b -> {
      assertEquals(String[].class, b.strings.getClass());
      assertArrayEquals(a.strings, b.strings);
      assertEquals(Integer[].class, b.integers.getClass());
      assertArrayEquals(a.integers, b.integers);
      assertEquals(Lion[].class, b.lions.getClass());
      assertEquals(2, ((Lion) b.lions[0]).mane);
      assertEquals(Cat[].class, b.cats.getClass());
      assertEquals(Lion.class, b.cats[0].getClass());
      assertEquals(Cat.class, b.cats[1].getClass());
      assertEquals("c", b.cats[1].name);
      assertEquals(Object[][].class, b.rows.getClass());
      assertEquals(String[].class, b.rows[0].getClass());
      assertEquals(Integer[].class, b.rows[1].getClass());
      assertNull(b.rows[2]);
      assertArrayEquals(new Object[] {1L, "y"}, b.rows[3]);
      assertEquals(Cat[][].class, b.asObject.getClass());
      Cat[][] deep = (Cat[][]) b.asObject;
      assertEquals(Lion[].class, deep[0].getClass());
      assertEquals(5, ((Lion) deep[0][0]).mane);
      assertEquals(String[].class, b.comparables.getClass());
      assertEquals(Long[].class, b.serializables.getClass());
      assertArrayEquals(new double[] {1.5}, (double[]) b.arrayAsInterface);
      assertEquals(String[].class, b.generic.items.getClass());
      assertArrayEquals(new int[] {1, 2}, b.sharedB);
      assertEquals(Lion[].class, b.listOfArrays.get(0).getClass());
      assertEquals(3, ((Lion) b.listOfArrays.get(0)[0]).mane);
      assertEquals(Cat[].class, b.listOfArrays.get(1).getClass());
      assertEquals(String[].class, b.mapOfArrays.get("k").getClass());
    }, Arrays2.class, Cat.class, Lion.class, Generic.class);
  }

  @Test
  void sharedAndSelfContainingArraysWithReferences() {
    Arrays2 a = new Arrays2();
    a.sharedA = new int[] {1, 2};
    a.sharedB = a.sharedA;
    a.selfContaining = new Object[2];
    a.selfContaining[0] = a.selfContaining;
    a.selfContaining[1] = a;
    a.strings = new String[] {"s"};
    a.rows = new Object[][] {a.strings, a.strings};
    Modes.eachWith(true, a, b -> {
      assertSame(b.sharedA, b.sharedB);
      assertSame(b.selfContaining, b.selfContaining[0]);
      assertSame(b, b.selfContaining[1]);
      assertSame(b.strings, b.rows[0]);
      assertSame(b.strings, b.rows[1]);
    }, Arrays2.class, Cat.class, Lion.class, Generic.class);
  }
}
