package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Changes between a writer's and a reader's version ({@link TwoVersions}) in the places the other
 * compatible-mode tests do not reach: element types of containers and arrays, classes evolving inside
 * collections, maps and records, enums with unknown constants inside collections, concrete into
 * polymorphic fields, nulls in evolved positions, empty classes, char and boolean, unrelated classes,
 * {@code @Field} ids, shadowed fields. Each case asserts the exact values read, or a {@code
 * BrineException} naming the class, the field and both types — never a silently wrong value.
 */
class EvolvedShapesTest {
  private static final String SHOW_HEAD = "public class Show {\n  public static String show(Object o) {\n";

  /** Widening inside a container or array is either done exactly or refused; never an Integer in a List<Long>. */
  @Test
  void elementTypesOfContainersAndArrays() {
    String w = """
        public class K {
          public java.util.List<Integer> ints;
          public java.util.Map<String, Integer> map;
          public int[] arr;
          public int after = 7;
        }
        ---
        public class Make {
          public static Object value() {
            K k = new K();
            k.ints = new java.util.ArrayList<>(java.util.List.of(1, -2));
            k.map = new java.util.TreeMap<>(java.util.Map.of("a", 3));
            k.arr = new int[] {4, 5};
            return k;
          }
        }
        """;
    String[] readers = {
        "public java.util.List<Long> ints; public java.util.Map<String, Integer> map; public int[] arr;",
        "public java.util.List<Integer> ints; public java.util.Map<String, Long> map; public int[] arr;",
        "public java.util.List<Integer> ints; public java.util.Map<String, Integer> map; public long[] arr;"};
    String[] fields = {"ints", "map", "arr"};
    for (int i = 0; i < readers.length; i++) {
      String r = "public class K {\n" + readers[i] + " public int after;\n}\n---\n" + SHOW_HEAD + """
              K k = (K) o;
              long sum = 0;
              for (Number x : k.ints) sum += x.longValue() * 1;
              for (Object x : k.map.values()) sum += ((Number) x).longValue();
              Object a = k.arr;
              return k.ints + " " + k.map + " " + java.util.Arrays.toString(a instanceof int[] ia ? ia : null)
                  + java.util.Arrays.toString(a instanceof long[] la ? la : null) + " " + sum + " " + k.after
                  + " " + (k.ints.get(0).getClass().getSimpleName()) + (k.map.values().iterator().next().getClass().getSimpleName());
            }
          }
          """;
      TwoVersions t = new TwoVersions(w, r);
      String expected = switch (i) {
        case 0 -> "[1, -2] {a=3} [4, 5]null 2 7 LongInteger";
        case 1 -> "[1, -2] {a=3} [4, 5]null 2 7 IntegerLong";
        default -> "[1, -2] {a=3} null[4, 5] 2 7 IntegerInteger";
      };
      try {
        assertEquals(expected, t.read(), readers[i]);
      } catch (BrineException e) {
        assertTrue(e.getMessage().contains("adv.K") && e.getMessage().contains(fields[i]), e.getMessage());
      }
    }
  }

  private static final String ADDRESS_V1 = """
      public final class A {
        public String city;
        public int zip;
      }
      """;

  private static final String ADDRESS_V2 = """
      public final class A {
        public long zip;
        public String country = "xx";
        public java.util.List<String> lines;
      }
      """;

  /** A class that evolved, inside a map's values, a list, an array and a record component. */
  @Test
  void evolvedClassInsideCollectionsMapsArraysAndRecords() {
    for (String fin : new String[] {"final ", ""}) {
      String w = ADDRESS_V1.replace("final ", fin) + """
          ---
          public record P(int x, A home) {}
          ---
          public class K {
            public java.util.Map<String, A> byName;
            public java.util.List<A> list;
            public A[] arr;
            public P p;
            public java.util.List<P> ps;
            public String after = "end";
          }
          ---
          public class Make {
            static A a(String c, int z) { A a = new A(); a.city = c; a.zip = z; return a; }
            public static Object value() {
              K k = new K();
              k.byName = new java.util.TreeMap<>();
              k.byName.put("z", a("Zurich", 8001));
              k.byName.put("n", null);
              k.list = new java.util.ArrayList<>(java.util.Arrays.asList(a("Bern", 3000), null, a("Basel", 4000)));
              k.arr = new A[] {null, a("Genf", 1200)};
              k.p = new P(-1, a("Chur", 7000));
              k.ps = java.util.List.of(new P(2, null), new P(3, a("Sion", 1950)));
              return k;
            }
          }
          """;
      String r = ADDRESS_V2.replace("final ", fin) + """
          ---
          public record P(String label, A home, int x, long y) {
            public P {
              if (label == null) label = "none";
              if (x > 100) throw new IllegalArgumentException("x too big");
            }
          }
          ---
          public class K {
            public java.util.Map<String, A> byName;
            public java.util.List<A> list;
            public A[] arr;
            public P p;
            public java.util.List<P> ps;
            public String after;
          }
          ---
          public class Show {
            static String a(A a) { return a == null ? "null" : a.zip + "/" + a.country + "/" + a.lines; }
            static String p(P p) { return p == null ? "null" : p.label() + "," + a(p.home()) + "," + p.x() + "," + p.y(); }
            public static String show(Object o) {
              K k = (K) o;
              StringBuilder b = new StringBuilder();
              k.byName.forEach((n, a) -> b.append(n).append('=').append(a(a)).append(' '));
              for (A a : k.list) b.append(a(a)).append(' ');
              for (A a : k.arr) b.append(a(a)).append(' ');
              b.append(p(k.p)).append(' ');
              for (P p : k.ps) b.append(p(p)).append(' ');
              return b.append(k.after).toString();
            }
          }
          """;
      TwoVersions t = new TwoVersions(w, r);
      assertEquals("n=null z=8001/xx/null 3000/xx/null null 4000/xx/null null 1200/xx/null none,7000/xx/null,-1,0 "
          + "none,null,2,0 none,1950/xx/null,3,0 end", t.read(), fin);
    }
  }

  /** A record whose canonical constructor refuses what an old payload leaves it: a BrineException, not a half value. */
  @Test
  void recordValidationRunsOnOldPayloads() {
    String w = """
        public record P(int x) {}
        ---
        public class Make { public static Object value() { return new P(500); } }
        """;
    String r = """
        public record P(int x, String label) {
          public P { if (x > 100) throw new IllegalArgumentException("x too big: " + x); }
        }
        ---
        public class Show { public static String show(Object o) { return o.toString(); } }
        """;
    TwoVersions t = new TwoVersions(w, r);
    BrineException e = t.refused("adv.P");
    assertTrue(e.getMessage().contains("x too big: 500"), e.getMessage());
  }

  @Test
  void aNullIntoAPrimitiveIsItsDefaultValueWhateverTheConstructorSet() {
    String w = """
        public class K { public Integer n; public Boolean z; public Object any; public long after = 3; }
        ---
        public class Make { public static Object value() { return new K(); } }
        """;
    String r = """
        public class K { public int n = 5; public boolean z = true; public double any = 2.5; public long after; }
        ---
        public class Show {
          public static String show(Object o) { K k = (K) o; return k.n + " " + k.z + " " + k.any + " " + k.after; }
        }
        """;
    for (UnaryOperator<Brine.Builder> mode : List.<UnaryOperator<Brine.Builder>>of(b -> b, b -> b.codegenThreshold(0))) {
      assertEquals("0 false 0.0 3", new TwoVersions(w, r, mode).read()); // README: 0, false (as a record's components)
    }
  }

  @Test
  void anOptionalsContentOfAnotherFinalClassIsRefusedNeverStored() {
    // a class definition names an Optional field's code, not its type argument: when nothing else in the
    // class changed, the definitions are equal and the class's own reader runs, which checks the content
    String w = """
        public class K {
          public java.util.Optional<Integer> a = java.util.Optional.of(7);
          public java.util.Optional<String> d = java.util.Optional.of("x");
        }
        ---
        public class Make { public static Object value() { return new K(); } }
        """;
    String r = """
        public class K { public java.util.Optional<Long> a; public java.util.Optional<String> d; }
        ---
        public class Show { public static String show(Object o) { K k = (K) o; return k.a + " " + k.d; } }
        """;
    for (UnaryOperator<Brine.Builder> mode : List.<UnaryOperator<Brine.Builder>>of(b -> b, b -> b.codegenThreshold(0))) {
      new TwoVersions(w, r, mode).refused("K.a", "Optional<java.lang.Long>", "java.lang.Integer");
      // another field changed as well: the definitions differ and the mapping reader refuses it too
      new TwoVersions(w, r.replace("public java.util.Optional<String> d;", "public java.util.Optional<String> d; public int e;"), mode)
          .refused("java.lang.Integer");
      assertEquals("Optional[7] Optional.empty", new TwoVersions(w.replace("Optional.of(\"x\")", "Optional.empty()"),
          r.replace("Optional<Long>", "Optional<Integer>"), mode).read());
    }
  }

  private static final String COLORS_WRITER = """
      public enum Color { RED, GREEN, BLUE }
      ---
      public class K {
        public java.util.List<Color> list;
        public java.util.Map<String, Color> values;
        public Color[] arr;
        public Color one;
        public int after = 9;
      }
      ---
      public class Make {
        public static Object value() {
          K k = new K();
          k.list = new java.util.ArrayList<>(java.util.List.of(Color.RED, Color.BLUE, Color.GREEN));
          k.values = new java.util.TreeMap<>(java.util.Map.of("a", Color.BLUE, "b", Color.GREEN));
          k.arr = new Color[] {Color.BLUE, null, Color.RED};
          k.one = Color.GREEN;
          return k;
        }
      }
      """;

  private static final String COLORS_READER = """
      public enum Color { GREEN, RED }
      ---
      public class K {
        public java.util.List<Color> list;
        public java.util.Map<String, Color> values;
        public Color[] arr;
        public Color one;
        public int after;
      }
      ---
      public class Show {
        public static String show(Object o) {
          K k = (K) o;
          return k.list + " " + k.values + " " + java.util.Arrays.toString(k.arr) + " " + k.one + " " + k.after;
        }
      }
      """;

  /** An enum constant the reader lacks, inside a list, a map and an array: an error, or null when asked. */
  @Test
  void unknownEnumConstantsInsideCollections() {
    new TwoVersions(COLORS_WRITER, COLORS_READER).refused("BLUE");
    TwoVersions t = new TwoVersions(COLORS_WRITER, COLORS_READER, b -> b.unknownEnumAsNull(true));
    assertEquals("[RED, null, GREEN] {a=null, b=GREEN} [null, null, RED] GREEN 9", t.read());
  }

  /** A field made polymorphic (Object, an interface) and back: the value goes through as it is, or is refused. */
  @Test
  void concreteIntoPolymorphicAndBack() {
    String w = """
        public interface Shape {}
        ---
        public final class A implements Shape { public String city; public int zip; }
        ---
        public class K { public A a; public A b; public Object c; public Shape d; public Object e; public int after = 1; }
        ---
        public class Make {
          public static Object value() {
            K k = new K();
            k.a = new A(); k.a.city = "x"; k.a.zip = 1;
            k.b = null;
            k.c = new A(); ((A) k.c).city = "y";
            k.d = k.a;
            k.e = "not an A";
            return k;
          }
        }
        """;
    String r = """
        public interface Shape {}
        ---
        public final class A implements Shape { public long zip; public String city; public int added = 4; }
        ---
        public class K { public Object a; public Shape b; public A c; public A d; public Object e; public int after; }
        ---
        public class Show {
          static String a(Object o) { return o == null ? "null" : o instanceof A a ? a.city + a.zip + a.added : "?" + o; }
          public static String show(Object o) {
            K k = (K) o;
            return a(k.a) + " " + a(k.b) + " " + a(k.c) + " " + a(k.d) + " " + k.e + " " + k.after;
          }
        }
        """;
    assertEquals("x14 null y04 x14 not an A 1", new TwoVersions(w, r).read());
    // a tagged Object holding a String read into a field declared as A: refused per value
    String r2 = r.replace("public Object e;", "public A e;");
    new TwoVersions(w, r2).refused("adv.K", "e", "java.lang.String");
  }

  /** Nulls in every evolved position: boxes into primitives (their default), into wider boxes, Optionals. */
  @Test
  void nullsInEvolvedPositions() {
    String w = """
        public record R(int x) {}
        ---
        public class K {
          public Integer a; public Integer b; public Byte c; public Float d; public Short e; public Character f;
          public Boolean g; public String h; public java.util.List<Integer> i; public R j; public Object k;
          public Integer l; public int after = 3;
        }
        ---
        public class Make { public static Object value() { return new K(); } }
        """;
    String r = """
        public record R(long x, String y) {}
        ---
        public class K {
          public int a; public Long b; public long c; public Double d; public int e; public long f;
          public boolean g; public java.util.Optional<String> h; public java.util.Collection<Integer> i;
          public java.util.Optional<R> j; public java.util.Optional<String> k; public java.util.Optional<Long> l;
          public int after;
        }
        ---
        public class Show {
          public static String show(Object o) {
            K k = (K) o;
            return k.a + " " + k.b + " " + k.c + " " + k.d + " " + k.e + " " + k.f + " " + k.g + " " + k.h + " " + k.i
                + " " + k.j + " " + k.k + " " + k.l + " " + k.after;
          }
        }
        """;
    assertEquals("0 null 0 null 0 0 false Optional.empty null Optional.empty Optional.empty Optional.empty 3",
        new TwoVersions(w, r).read());
  }

  /** A class without fields that gains many, and one with many that loses them all; as field and element. */
  @Test
  void emptyClassToManyFieldsAndBack() {
    String empty = "public class E {}\n";
    String full = """
        public class E {
          public int i = 11; public long l; public String s = "s"; public java.util.List<String> list;
          public Integer boxed; public double d = 1.5; public E self;
        }
        """;
    String k = """
        ---
        public class K { public E one; public java.util.List<E> many; public E[] arr; public int after = 42; }
        """;
    String make = """
        ---
        public class Make {
          static E e(int n) {
            E e = new E();
            try { for (java.lang.reflect.Field f : E.class.getFields()) if (f.getType() == int.class) f.setInt(e, n); }
            catch (IllegalAccessException x) { throw new AssertionError(x); }
            return e;
          }
          public static Object value() {
            K k = new K(); k.one = e(1); k.many = java.util.List.of(e(2), e(3)); k.arr = new E[] {e(4)}; return k;
          }
        }
        """;
    String showFull = """
        ---
        public class Show {
          static String e(E e) { return e.i + e.s + e.l + e.list + e.boxed + e.d + e.self; }
          public static String show(Object o) {
            K k = (K) o;
            return e(k.one) + " " + e(k.many.get(0)) + " " + e(k.many.get(1)) + " " + e(k.arr[0]) + " " + k.after;
          }
        }
        """;
    String showEmpty = """
        ---
        public class Show {
          public static String show(Object o) {
            K k = (K) o;
            return k.one.getClass().getSimpleName() + k.many.size() + k.arr.length + " " + k.after;
          }
        }
        """;
    assertEquals("11s0nullnull1.5null 11s0nullnull1.5null 11s0nullnull1.5null 11s0nullnull1.5null 42",
        new TwoVersions(empty + k + make, full + k + showFull).read());
    assertEquals("E21 42", new TwoVersions(full + k + make, empty + k + showEmpty).read());
  }

  /** boolean and char never turn into numbers the other way, nor into Strings; char widens into int as promised. */
  @Test
  void charAndBooleanChanges() {
    String[][] refused = {{"boolean", "true", "int"}, {"int", "1", "boolean"}, {"char", "'c'", "String"},
        {"String", "\"s\"", "char"}, {"int", "1", "char"}, {"byte", "(byte) 1", "char"}, {"short", "(short) 1", "char"},
        {"char", "'c'", "short"}, {"Boolean", "true", "Integer"}, {"Character", "'c'", "Short"},
        {"boolean", "true", "java.util.Optional<Integer>"}, {"char", "'c'", "byte"}};
    for (String[] c : refused) {
      TwoVersions t = new TwoVersions(field(c[0], c[1]), field(c[2], null));
      t.refused("adv.K", "f", c[0], c[2].replace("java.util.Optional<Integer>", "Integer"));
    }
    assertEquals("65", new TwoVersions(field("char", "'A'"), field("int", null)).read());
    assertEquals("66", new TwoVersions(field("Character", "'B'"), field("long", null)).read());
    assertEquals("true", new TwoVersions(field("boolean", "true"), field("Boolean", null)).read());
    assertEquals("false", new TwoVersions(field("Boolean", "null"), field("boolean", null)).read());
  }

  /**
   * An unknown class's value and an unknown enum constant read as null (unknownEnumAsNull) inside
   * collections: the null is kept where the collection can hold it (List.of and Map.of then come back
   * unmodifiable, an Optional empty); a collection that holds no null (Set.of, ConcurrentHashMap,
   * ArrayDeque, TreeSet) is a BrineException, never a NullPointerException.
   */
  @Test
  void nullsWhereCollectionsHoldNone() {
    String[][] shapes = {
        {"java.util.List.of(X, Y)", "[X, null] 6"}, {"java.util.Map.of(\"k\", X, \"l\", Y)", "{k=X, l=null} 6"},
        {"new java.util.TreeMap<>(java.util.Map.of(\"k\", X, \"l\", Y))", "{k=X, l=null} 6"},
        {"java.util.Optional.of(Y)", "Optional.empty 6"}, {"java.util.Set.of(X, Y)", null},
        {"new java.util.concurrent.ConcurrentHashMap<>(java.util.Map.of(\"k\", X, \"l\", Y))", null},
        {"new java.util.ArrayDeque<>(java.util.List.of(X, Y))", null}, {"new java.util.TreeSet<>(java.util.Set.of(X, Y))", null}};
    for (boolean en : new boolean[] {true, false}) {
      for (String[] shape : shapes) {
        if (!en && shape[0].contains("TreeSet")) {
          continue; // a Color and a G are not comparable
        }
        String w = (en ? "public enum Color { RED, BLUE }\n" : "public class Color { public String toString() { return \"X\"; } }\n")
            + "---\npublic class G { public int g; }\n"
            + "---\npublic class K { public Object f; public int after = 6; }\n"
            + "---\npublic class Make { public static Object value() { K k = new K(); k.f = "
            + shape[0].replace("X", en ? "Color.RED" : "new Color()").replace("Y", en ? "Color.BLUE" : "new G()")
            + "; return k; } }\n";
        String r = (en ? "public enum Color { RED }\n" : "public class Color { public String toString() { return \"X\"; } }\n")
            + "---\npublic class K { public Object f; public int after; }\n"
            + "---\npublic class Show { public static String show(Object o) { K k = (K) o; return (k.f instanceof java.util.Map<?, ?> m"
            + " ? new java.util.TreeMap<>(m) : k.f) + \" \" + k.after; } }\n";
        TwoVersions t = new TwoVersions(w, r, b -> b.unknownEnumAsNull(true));
        if (shape[1] != null) {
          assertEquals(shape[1].replace("X", en ? "RED" : "X"), t.read(), shape[0]);
        } else {
          t.refused();
        }
      }
    }
  }

  /** Tagged values (a field declared Object) widened per value into a primitive, a box or an Optional; others refused. */
  @Test
  void taggedValuesWidenedPerValue() {
    String[][] ok = {{"(short) 3", "Integer", "3"}, {"(byte) 3", "long", "3"}, {"3", "Long", "3"}, {"'a'", "Integer", "97"},
        {"1.5f", "Double", "1.5"}, {"3", "java.util.Optional<Long>", "Optional[3]"}, {"3", "double", "3.0"}};
    for (String[] c : ok) {
      assertEquals(c[2], new TwoVersions(field("Object", c[0]), field(c[1], null)).read(), c[0] + " into " + c[1]);
    }
    String[][] refused = {{"3L", "Integer"}, {"3L", "int"}, {"true", "Integer"}, {"3", "Short"}, {"\"3\"", "Integer"},
        {"3.5", "Float"}, {"3", "Character"}};
    for (String[] c : refused) {
      new TwoVersions(field("Object", c[0]), field(c[1], null)).refused("adv.K", "f");
    }
  }

  /** Classes renamed through register(int id, Class), inside a list and an array; an enum renamed the same way. */
  @Test
  void classesRenamedById() {
    String w = """
        public class Old { public String name; public int n; }
        ---
        public enum Hue { RED, BLUE }
        ---
        public class K { public java.util.List<Old> list; public Old[] arr; public Old one; public Hue hue; public java.util.Optional<Old> opt; }
        ---
        public class Make {
          public static Object value() {
            Old o = new Old(); o.name = "o"; o.n = 2;
            K k = new K(); k.list = java.util.List.of(o); k.arr = new Old[] {o, null}; k.one = o; k.hue = Hue.BLUE; k.opt = java.util.Optional.of(o);
            return k;
          }
        }
        """;
    String r = """
        public class New { public long n; public String name; public String added = "+"; }
        ---
        public enum Color { BLUE, RED }
        ---
        public class K { public java.util.List<New> list; public New[] arr; public New one; public Color hue; public java.util.Optional<New> opt; }
        ---
        public class Show {
          static String s(New x) { return x == null ? "null" : x.name + x.n + x.added; }
          public static String show(Object o) {
            K k = (K) o;
            return s(k.list.get(0)) + " " + s(k.arr[0]) + s(k.arr[1]) + " " + s(k.one) + " " + k.hue + " " + s(k.opt.get());
          }
        }
        """;
    TwoVersions t = new TwoVersions(w, r);
    Class<?> old = TwoVersions.type(t.writerLoader, "Old");
    Class<?> hue = TwoVersions.type(t.writerLoader, "Hue");
    Class<?> k1 = TwoVersions.type(t.writerLoader, "K");
    dev.brine.Brine writer = dev.brine.Brine.builder().compatible(true).classLoader(t.writerLoader).register(5, old).register(6, hue)
        .register(k1).build();
    dev.brine.Brine reader = dev.brine.Brine.builder().compatible(true).classLoader(t.readerLoader)
        .register(5, TwoVersions.type(t.readerLoader, "New")).register(6, TwoVersions.type(t.readerLoader, "Color"))
        .register(TwoVersions.type(t.readerLoader, "K")).build();
    byte[] bytes = writer.serialize(t.value());
    assertEquals("o2+ o2+null o2+ BLUE o2+", t.show(reader.deserialize(bytes, TwoVersions.type(t.readerLoader, "K"))));
  }

  /**
   * A field whose enum type was replaced by another enum sharing constant names: refused, not mapped by
   * name; replaced by Object or an interface the enum implements: the same constant.
   */
  @Test
  void enumFieldOfAnotherEnum() {
    String w = """
        public enum Color { RED, GREEN }
        ---
        public enum Mood { HAPPY, RED }
        ---
        public class K { public Color f = Color.RED; public java.util.List<Color> l = java.util.List.of(Color.RED); public int after = 5; }
        ---
        public class Make { public static Object value() { return new K(); } }
        """;
    String r = w.replace("public Color f = Color.RED;", "public Mood f;").replace("public class Make", "public class Show")
        .replace("public static Object value() { return new K(); }", "public static String show(Object o) { return String.valueOf(((K) o).f); }");
    new TwoVersions(w, r).refused("adv.K", "f", "adv.Color", "adv.Mood");
    String r2 = w.replace("java.util.List<Color> l = java.util.List.of(Color.RED);", "java.util.List<Mood> l;")
        .replace("public class Make", "public class Show")
        .replace("public static Object value() { return new K(); }", "public static String show(Object o) { return String.valueOf(((K) o).l); }");
    new TwoVersions(w, r2).refused("adv.K", "l");
    // an enum field made polymorphic (Object, an interface the enum implements) keeps its constant
    for (String type : new String[] {"Object", "Enum<?>", "Comparable<?>", "java.io.Serializable"}) {
      String r3 = r.replace("public Mood f;", "public " + type + " f;");
      assertEquals("RED", new TwoVersions(w, r3).read(), type);
    }
    new TwoVersions(w, r.replace("public Mood f;", "public CharSequence f;")).refused("adv.K", "f", "adv.Color");
  }

  /** A class K with one field {@code f} of {@code type} (set to {@code value} by Make, when given) and one after it. */
  static String field(String type, String value) {
    String k = "public class K { public " + type + " f; public int after = 5; }\n";
    if (value != null) {
      return k + "---\npublic class Make { public static Object value() { K k = new K(); k.f = " + value + "; return k; } }\n";
    }
    return k + "---\npublic class Show { public static String show(Object o) { K k = (K) o; return k.after == 5 ? "
        + "String.valueOf(k.f) : \"after=\" + k.after; } }\n";
  }
}
