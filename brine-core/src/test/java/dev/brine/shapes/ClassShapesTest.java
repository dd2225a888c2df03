package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.util.*;
import org.junit.jupiter.api.Test;

/** User class shapes: generics, wildcards, raw types, polymorphic fields, deep inheritance, records, inner classes. */
class ClassShapesTest {
  static class Box<T> {
    T value;
  }

  static final class Pair<A, B> {
    A a;
    B b;
  }

  static final class IntBox extends Box<Integer> {
    String label;
  }

  static final class Generics {
    Box<String> s;
    Box<List<Integer>> l;
    Pair<Long, Box<Double>> p;
    IntBox ib;
    List<? extends Number> nums;
    Map<? super String, ?> wild;
    @SuppressWarnings("rawtypes") List raw;
    @SuppressWarnings("rawtypes") Box rawBox;
    Box<?>[] boxes;
  }

  @Test
  void genericsWildcardsAndRawTypes() {
    Generics g = new Generics();
    g.s = new Box<>();
    g.s.value = "s";
    g.l = new Box<>();
    g.l.value = new ArrayList<>(List.of(1, 2));
    g.p = new Pair<>();
    g.p.a = 5L;
    g.p.b = new Box<>();
    g.p.b.value = -0.0;
    g.ib = new IntBox();
    g.ib.value = 42;
    g.ib.label = "x";
    g.nums = new ArrayList<>(List.of(1, 2L, 3.5, (short) 4, new java.math.BigDecimal("1E+3")));
    Map<Object, Object> w = new HashMap<>();
    w.put("k", 1);
    w.put(2, List.of());
    g.wild = w;
    List<Object> raw = new ArrayList<>(Arrays.asList("a", 1, null, 'c'));
    g.raw = raw;
    g.rawBox = new Box<>();
    g.rawBox.value = new int[] {7};
    Box<Object> bo = new Box<>();
    bo.value = "inarr";
    g.boxes = new Box<?>[] {bo, null, g.s};
    each(g, b -> {
      assertEquals("s", b.s.value);
      assertEquals(List.of(1, 2), b.l.value);
      assertEquals(5L, b.p.a);
      assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(b.p.b.value));
      assertEquals(42, b.ib.value);
      assertEquals("x", b.ib.label);
      assertEquals(List.of(1, 2L, 3.5, (short) 4, new java.math.BigDecimal("1E+3")), b.nums);
      assertEquals(w, b.wild);
      assertEquals(raw, b.raw);
      assertArrayEquals(new int[] {7}, (int[]) b.rawBox.value);
      assertEquals(3, b.boxes.length);
      assertEquals("inarr", b.boxes[0].value);
      assertNull(b.boxes[1]);
      assertEquals("s", b.boxes[2].value);
    }, Generics.class, Box.class, Pair.class, IntBox.class);
  }

  interface Animal {
    String sound();
  }

  abstract static class Pet implements Animal {
    String name;
  }

  static final class Dog extends Pet {
    int bones;

    public String sound() {
      return "woof" + bones;
    }
  }

  static class Cat extends Pet {
    public String sound() {
      return "meow" + name;
    }
  }

  static final class Lion extends Cat {
    double mane;
  }

  record Fish(String kind) implements Animal {
    public String sound() {
      return "blub" + kind;
    }
  }

  static final class Zoo {
    Animal a1, a2, a3, a4;
    Pet p;
    Cat c;
    List<Animal> all;
    Animal[] arr;
    Pet[] pets;
  }

  @Test
  void interfaceAndAbstractFieldsWithSeveralImplementations() {
    Dog d = new Dog();
    d.name = "rex";
    d.bones = 3;
    Cat c = new Cat();
    c.name = "tom";
    Lion l = new Lion();
    l.name = "leo";
    l.mane = 1.5;
    Fish f = new Fish("cod");
    Zoo z = new Zoo();
    z.a1 = d;
    z.a2 = c;
    z.a3 = l;
    z.a4 = f;
    z.p = l;
    z.c = l;
    z.all = new ArrayList<>(List.of(d, c, l, f));
    z.arr = new Animal[] {f, l, null, d};
    z.pets = new Pet[] {c, d, l};
    each(z, b -> {
      assertEquals("woof3", b.a1.sound());
      assertEquals(Cat.class, b.a2.getClass());
      assertEquals("meowtom", b.a2.sound());
      assertEquals(Lion.class, b.a3.getClass());
      assertEquals(1.5, ((Lion) b.a3).mane);
      assertEquals(f, b.a4);
      assertEquals(Lion.class, b.p.getClass());
      assertEquals(Lion.class, b.c.getClass());
      assertEquals("leo", b.c.name);
      List<String> sounds = new ArrayList<>();
      b.all.forEach(x -> sounds.add(x.getClass().getSimpleName() + x.sound()));
      assertEquals(List.of("Dogwoof3", "Catmeowtom", "Lionmeowleo", "Fishblubcod"), sounds);
      assertEquals(Animal[].class, b.arr.getClass());
      assertEquals(f, b.arr[0]);
      assertEquals(Lion.class, b.arr[1].getClass());
      assertNull(b.arr[2]);
      assertEquals(Pet[].class, b.pets.getClass());
      assertEquals("woof3", b.pets[1].sound());
      assertEquals(Lion.class, b.pets[2].getClass());
    }, Zoo.class, Dog.class, Cat.class, Lion.class, Fish.class, Pet.class, Animal.class);
  }

  static class L1 {
    private int v = 1;
    private String s = "l1";
    static int shared = 100;
    transient int t1 = 11;

    int v1() {
      return v;
    }

    String s1() {
      return s;
    }
  }

  static class L2 extends L1 {
    private int v = 2;
    private transient String s = "l2t";

    int v2() {
      return v;
    }
  }

  static class L3 extends L2 {
    private long v = 3;
    private String s = "l3";

    long v3() {
      return v;
    }

    String s3() {
      return s;
    }
  }

  static final class L4 extends L3 {
    private int v = 4;
    private final String s;
    static String staticS = "static";

    L4(String s) {
      this.s = s;
    }
  }

  @Test
  void fourLevelsWithPrivateFieldsOfTheSameName() {
    L4 x = new L4("l4");
    ((L1) x).v = -1;
    ((L1) x).s = "one";
    ((L2) x).v = -2;
    ((L3) x).v = -3L;
    ((L3) x).s = null;
    x.v = -4;
    x.t1 = 99;
    each(x, b -> {
      assertEquals(-1, b.v1());
      assertEquals("one", b.s1());
      assertEquals(-2, b.v2());
      assertEquals(-3L, b.v3());
      assertNull(b.s3());
      assertEquals(-4, b.v);
      assertEquals("l4", b.s);
      assertEquals(0, b.t1, "transient with no constructor run");
    }, L4.class);
    L1.shared = 5;
    L4.staticS = "changed";
    byte[] bytes = Brine.builder().register(L4.class).build().serialize(x);
    L1.shared = 100;
    L4.staticS = "static";
    Brine.builder().register(L4.class).build().deserialize(bytes);
    assertEquals(100, L1.shared);
    assertEquals("static", L4.staticS);
  }

  record Positive(int n, String name) {
    Positive {
      if (n < 0) {
        throw new IllegalArgumentException("negative");
      }
      name = name == null ? "" : name.trim();
    }
  }

  record Empty() {}

  record Comps(int[][] grid, List<Positive> list, Positive one, Empty e, Empty[] es, Optional<Positive> opt, Object any) {}

  @Test
  void recordsWithCompactConstructorsAndComponentsOfEveryKind() {
    Comps c = new Comps(new int[][] {{1, 2}, null, {}}, new ArrayList<>(List.of(new Positive(1, " a "), new Positive(2, null))),
        new Positive(0, "z"), new Empty(), new Empty[] {new Empty(), null}, Optional.of(new Positive(3, "o")), new Empty());
    each(c, b -> {
      assertArrayEquals(c.grid(), b.grid());
      assertEquals(List.of(new Positive(1, "a"), new Positive(2, "")), b.list());
      assertEquals(new Positive(0, "z"), b.one());
      assertEquals(new Empty(), b.e());
      assertArrayEquals(c.es(), b.es());
      assertEquals(Optional.of(new Positive(3, "o")), b.opt());
      assertEquals(new Empty(), b.any());
    }, Comps.class, Positive.class, Empty.class);
    each(new Empty(), b -> assertEquals(new Empty(), b), Empty.class);
    each(new Empty[0], b -> assertEquals(0, b.length), Empty.class);
  }

  final class Inner {
    int x = 3;

    ClassShapesTest outer() {
      return ClassShapesTest.this;
    }
  }

  static final class Nested {
    int y = 4;
  }

  static final class HasBoth {
    Inner in;
    Nested n;
  }

  int mark;

  @Test
  void innerAndStaticNestedClasses() {
    mark = 17;
    HasBoth h = new HasBoth();
    h.in = new Inner();
    h.in.x = 8;
    h.n = new Nested();
    h.n.y = 9;
    each(h, b -> {
      assertEquals(8, b.in.x);
      assertEquals(17, b.in.outer().mark);
      assertEquals(9, b.n.y);
    }, HasBoth.class, Inner.class, ClassShapesTest.class, Nested.class);
  }

  static final class FinalOnly {
    final int a;
    final String b;
    final List<String> c;
    final Integer boxed;

    FinalOnly(int a, String b) {
      this.a = a;
      this.b = b;
      this.c = Arrays.asList(b, b + b);
      this.boxed = a == 0 ? null : a;
      if (a < 0) {
        throw new IllegalStateException("constructor must not run on read");
      }
    }
  }

  @Test
  void finalFieldsSetInTheConstructorAndNoNoArgConstructor() {
    FinalOnly f = new FinalOnly(5, "q");
    each(f, b -> {
      assertEquals(5, b.a);
      assertEquals("q", b.b);
      assertEquals(List.of("q", "qq"), b.c);
      assertEquals(Arrays.asList("q").getClass(), b.c.getClass());
      assertEquals(5, b.boxed);
    }, FinalOnly.class);
    FinalOnly z = new FinalOnly(0, null);
    each(z, b -> {
      assertEquals(0, b.a);
      assertNull(b.b);
      assertNull(b.boxed);
      assertEquals(Arrays.asList(null, "nullnull"), b.c);
    }, FinalOnly.class);
  }

  static final class SelfRef {
    SelfRef self;
    SelfRef next;
    Object any;
    String name;
  }

  @Test
  void selfReferencesCyclesAndSharedObjectsWithReferences() {
    SelfRef a = new SelfRef();
    SelfRef b = new SelfRef();
    a.self = a;
    a.next = b;
    b.next = a;
    b.self = b;
    a.any = b;
    b.any = new Object[] {a, b, "s"};
    a.name = "a";
    Modes.eachWith(true, a, x -> {
      assertSame(x, x.self);
      assertSame(x.next, x.any);
      assertSame(x, x.next.next);
      Object[] arr = (Object[]) x.next.any;
      assertSame(x, arr[0]);
      assertSame(x.next, arr[1]);
      assertEquals("a", x.name);
    }, SelfRef.class);
    Box<Object> shared = new Box<>();
    shared.value = "v";
    Pair<Box<Object>, Box<Object>> p = new Pair<>();
    p.a = shared;
    p.b = shared;
    Modes.eachWith(true, p, x -> assertSame(x.a, x.b), Pair.class, Box.class);
    Modes.eachWith(false, p, x -> {
      assertNotSame(x.a, x.b);
      assertEquals("v", x.b.value);
    }, Pair.class, Box.class);
  }

  @Test
  void unregisteredClassesAreRefusedClearly() {
    Box<Object> box = new Box<>();
    box.value = new Nested();
    Brine b = Brine.builder().register(Box.class).build();
    BrineException e = assertThrows(BrineException.class, () -> b.serialize(box));
    assertTrue(e.getMessage().contains("Nested"), e.getMessage());
  }
}
