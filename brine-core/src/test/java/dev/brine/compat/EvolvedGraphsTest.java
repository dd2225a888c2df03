package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.io.StringTable;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * Evolution across whole graphs ({@link TwoVersions}): fields shadowed in a subclass, {@code @Field}
 * ids reused or colliding, a field's class replaced by an unrelated one, 300-field classes, deep
 * nesting, cycles and shared objects with references on, values of classes the reader does not know
 * in the middle of a graph, streams of bare values; and reading an old payload changes nothing about
 * how the same Brine reads and writes anything else.
 */
class EvolvedGraphsTest {
  /** A field shadowed in a subclass (same name in both classes), the classes evolving around it, both directions. */
  @Test
  void shadowedFields() {
    String v1 = """
        public class B { public String x = "base"; public int y = 1; }
        ---
        public class K extends B { public int x = 2; public String y = "sub"; }
        ---
        public class Make { public static Object value() { K k = new K(); ((B) k).x = "bx"; ((B) k).y = 10; k.x = 20; k.y = "ky"; return k; } }
        ---
        public class Show {
          public static String show(Object o) { K k = (K) o; return ((B) k).x + " " + ((B) k).y + " " + k.x + " " + k.y; }
        }
        """;
    String v2 = """
        public class B { public String x = "base"; public long y = 1; public int added = 3; }
        ---
        public class K extends B { public long x = 2; public String y = "sub"; }
        ---
        public class Make { public static Object value() { K k = new K(); ((B) k).x = "bx"; ((B) k).y = 10; k.x = 20; k.y = "ky"; return k; } }
        ---
        public class Show {
          public static String show(Object o) { K k = (K) o; return ((B) k).x + " " + ((B) k).y + " " + k.x + " " + k.y + " " + k.added; }
        }
        """;
    assertEquals("bx 10 20 ky 3", new TwoVersions(v1, v2).read());
    assertEquals("bx 10 20 ky", new TwoVersions(v2.replace("public long", "public int"), v1).read());
    // the subclass's x removed (its value dropped), or a box in the superclass and a primitive in the subclass
    String onlyBase = """
        public class B { public String x; public int y; }
        ---
        public class K extends B { public String y; }
        ---
        public class Show { public static String show(Object o) { K k = (K) o; return ((B) k).x + " " + ((B) k).y + " " + k.y; } }
        """;
    assertEquals("bx 10 ky", new TwoVersions(v1, onlyBase).read());
    String boxes = v1.replace("public String x = \"base\"", "public Integer x = 1").replace("((B) k).x = \"bx\"", "((B) k).x = 5");
    assertEquals("5 10 20 ky", new TwoVersions(boxes, boxes).read());
    assertEquals("5 10 20 ky", new TwoVersions(boxes, boxes.replace("public int x = 2", "public long x = 2")).read());
    // a shadowed field changed incompatibly is still refused
    new TwoVersions(v1, v1.replace("public int x = 2", "public boolean x").replace(" k.x = 20;", "")).refused("adv.K", "x", "int", "boolean");
  }

  /** Renamed with the same id but another type; an id moved to another field; unrelated classes: refused, naming both. */
  @Test
  void idsAndUnrelatedClasses() {
    String w = """
        public class A { public String a = "a"; }
        ---
        public class C { public String c = "c"; }
        ---
        public class K { @dev.brine.Field(id = 10) public int count = 3; public A thing = new A(); public int after = 5; }
        ---
        public class Make { public static Object value() { return new K(); } }
        """;
    String show = "---\npublic class Show { public static String show(Object o) { return \"read\"; } }\n";
    String r1 = """
        public class A { public String a; }
        ---
        public class C { public String c; }
        ---
        public class K { @dev.brine.Field(id = 10) public String label; public A thing; public int after; }
        """ + show;
    new TwoVersions(w, r1).refused("adv.K", "count", "int", "java.lang.String");
    String r2 = r1.replace("@dev.brine.Field(id = 10) public String label; public A thing;", "public int count; public C thing;");
    new TwoVersions(w, r2).refused("adv.K", "thing", "adv.A", "adv.C");
    // the id renames: the same field under a new name, widened
    String r3 = """
        public class A { public String a; }
        ---
        public class K { @dev.brine.Field(id = 10) public long total; public A thing; public int after; }
        ---
        public class Show { public static String show(Object o) { K k = (K) o; return k.total + k.thing.a + k.after; } }
        """;
    assertEquals("3a5", new TwoVersions(w, r3).read());
  }

  /** 300 fields: a third removed, a third widened, new ones added, in another order; and the old reader of the new. */
  @Test
  void veryWideClasses() {
    StringBuilder a = new StringBuilder("public class W {\n");
    StringBuilder b = new StringBuilder("public class W {\n");
    StringBuilder aR = new StringBuilder("public class W {\n"); // a's fields that b kept, with b's types
    StringBuilder showB = new StringBuilder("public class Show { public static String show(Object o) { W w = (W) o; return \"\"");
    StringBuilder showA = new StringBuilder("public class Show { public static String show(Object o) { W w = (W) o; return \"\"");
    StringBuilder expectB = new StringBuilder();
    StringBuilder expectA = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      String t = i % 4 == 0 ? "int" : i % 4 == 1 ? "String" : i % 4 == 2 ? "Integer" : "short";
      String v = t.equals("String") ? "\"s" + i + "\"" : t.equals("short") ? "(short) " + i : Integer.toString(i);
      a.append("  public ").append(t).append(" f").append(i).append(" = ").append(v).append(";\n");
      showA.append(" + w.f").append(i).append(" + \",\"");
      String read = t.equals("String") ? "s" + i : Integer.toString(i);
      if (i % 3 == 0) {
        aR.append("  public ").append(t).append(" f").append(i).append(";\n");
        expectA.append(t.equals("String") ? "null" : t.equals("Integer") ? "null" : "0").append(',');
        continue; // removed in b
      }
      expectA.append(read).append(',');
      String tb = i % 3 == 1 ? (t.equals("String") ? "String" : t.equals("short") ? "int" : "long") : t;
      aR.append("  public ").append(tb).append(" f").append(i).append(";\n");
      b.insert("public class W {\n".length(), "  public " + tb + " f" + i + ";\n");
      showB.append(" + w.f").append(i).append(" + \",\"");
      expectB.append(read).append(',');
    }
    for (int i = 300; i < 340; i++) {
      b.append("  public double f").append(i).append(" = 0.5;\n");
      showB.append(" + w.f").append(i).append(" + \",\"");
      expectB.append("0.5,");
    }
    String make = "---\npublic class Make { public static Object value() { return new W(); } }\n";
    String va = a.append("}\n").toString();
    String vb = b.append("}\n").toString();
    String showBs = showB.append("; } }\n").toString();
    assertEquals(expectB.toString(), new TwoVersions(va + make, vb + "---\n" + showBs).read());
    assertEquals(expectB.toString(), new TwoVersions(va + make, vb + "---\n" + showBs, m -> m.compressNumbers(false)).read());
    String makeB = "---\npublic class Make { public static Object value() { W w = new W();"
        + " try { for (java.lang.reflect.Field f : W.class.getFields()) { int i = Integer.parseInt(f.getName().substring(1));"
        + " if (f.getType() == String.class) f.set(w, \"s\" + i); else if (f.getType() == int.class) f.setInt(w, i);"
        + " else if (f.getType() == long.class) f.setLong(w, i); else if (f.getType() == short.class) f.setShort(w, (short) i);"
        + " else if (f.getType() == Integer.class) f.set(w, i); }"
        + " } catch (IllegalAccessException e) { throw new AssertionError(e); } return w; } }\n";
    assertEquals(expectA.toString(), new TwoVersions(vb + makeB, aR.append("}\n") + "---\n" + showA.append("; } }\n")).read());
  }

  /** A linked list 2000 deep, its node class evolved: every level read through the mapping. */
  @Test
  void deepNesting() {
    String w = """
        public class N { public int v; public N next; }
        ---
        public class Make {
          public static Object value() { N head = null; for (int i = 0; i < 2000; i++) { N n = new N(); n.v = i; n.next = head; head = n; } return head; }
        }
        """;
    String r = """
        public class N { public N next; public String tag = "t"; public long v; }
        ---
        public class Show {
          public static String show(Object o) { long sum = 0; int n = 0; String tags = ""; for (N x = (N) o; x != null; x = x.next) { sum += x.v; n++; if (!x.tag.equals("t")) tags += x.tag; } return n + " " + sum + tags; }
        }
        """;
    assertEquals("2000 1999000", new TwoVersions(w, r).read());
  }

  /** A final class only the writer has, as a list's elements, a map's keys and values, an array: skipped, nothing after misread. */
  @Test
  void unknownFinalClassInsideContainers() {
    String w = """
        public final class G { public String g = "gone"; public int n = 3; }
        ---
        public enum Mood { HAPPY, SAD }
        ---
        public class K {
          public String before = "b";
          public java.util.List<G> list = java.util.List.of(new G(), new G());
          public java.util.Map<String, G> map = java.util.Map.of("k", new G());
          public java.util.Map<G, Integer> keys = java.util.Map.of(new G(), 1);
          public G[] arr = {new G()};
          public G one = new G();
          public java.util.List<Mood> moods = java.util.List.of(Mood.SAD);
          public java.util.EnumSet<Mood> moodSet = java.util.EnumSet.of(Mood.HAPPY);
          public Mood mood = Mood.SAD;
          public Object any = new G();
          public java.util.Map<String, G[]> arrays = java.util.Map.of("x", new G[] {new G(), null});
          public java.util.List<G[][]> grids = new java.util.ArrayList<>(java.util.Collections.singletonList(new G[][] {{new G()}}));
          public String after = "a";
        }
        ---
        public class Make { public static Object value() { return new K(); } }
        """;
    String r = """
        public class K { public String before; public Object any; public String after; }
        ---
        public class Show { public static String show(Object o) { K k = (K) o; return k.before + k.any + k.after; } }
        """;
    assertEquals("bnulla", new TwoVersions(w, r).read());
    // with references on a container of a final class the reader lacks is still refused, clearly (SkippedValue);
    // one of arrays of such a class is read through
    new TwoVersions(w, r, b -> b.references(true)).refused("adv.K", "adv.G", "does not know");
    String arraysOnly = w.replaceAll("(?m)^  public (java.util.List<G>|java.util.Map<String, G>|java.util.Map<G, Integer>|java.util.List<Mood>|java.util.EnumSet<Mood>) .*\n", "");
    assertEquals("bnulla", new TwoVersions(arraysOnly, r, b -> b.references(true)).read());
    // a reader that kept such a field as Object or List<Object> gets its elements as nulls
    String r2 = """
        public class K { public String before; public java.util.List<Object> list; public Object map; public String after; }
        ---
        public class Show { public static String show(Object o) { K k = (K) o; return k.before + k.list + k.map + k.after; } }
        """;
    assertEquals("b[null, null]{k=null}a", new TwoVersions(w, r2).read());
  }

  /** A final class in a cycle with references on, its class evolved; enum constants with bodies evolved in a HashMap's keys. */
  @Test
  void finalClassCyclesAndEnumBodies() {
    String w = """
        public final class F { public F next; public String name; public java.util.List<F> all; }
        ---
        public enum Op { ADD { public int apply(int a) { return a + 1; } }, NEG { public int apply(int a) { return -a; } }; public abstract int apply(int a); }
        ---
        public class Make {
          public static Object value() {
            F a = new F(); F b = new F(); a.name = "a"; b.name = "b"; a.next = b; b.next = a; a.all = java.util.List.of(a, b);
            java.util.Map<Op, F> m = new java.util.HashMap<>(); m.put(Op.ADD, a); m.put(Op.NEG, b);
            return java.util.List.of(a, m);
          }
        }
        """;
    String r = """
        public final class F { public String name; public int added = 8; public java.util.List<F> all; public F next; }
        ---
        public enum Op { NEG { public int apply(int a) { return -a; } }, SQUARE { public int apply(int a) { return a * a; } }, ADD { public int apply(int a) { return a + 1; } }; public abstract int apply(int a); }
        ---
        public class Show {
          public static String show(Object o) {
            java.util.List<?> l = (java.util.List<?>) o;
            F a = (F) l.get(0);
            java.util.Map<?, ?> m = (java.util.Map<?, ?>) l.get(1);
            return a.name + a.next.name + (a.next.next == a) + (a.all.get(0) == a) + (a.all.get(1) == a.next) + a.added
                + " " + (m.get(Op.ADD) == a) + (m.get(Op.NEG) == a.next) + Op.NEG.apply(3);
          }
        }
        """;
    for (boolean codegen : new boolean[] {true, false}) {
      assertEquals("abtruetruetrue8 truetrue-3", new TwoVersions(w, r, b -> b.references(true).codegen(codegen)).read());
    }
  }

  /** A class the reader does not know, in a cycle with itself and with known objects, references on: null, the rest intact. */
  @Test
  void unknownClassInACycle() {
    String w = """
        public class G { public G self; public N back; public String g = "g"; public G[] all; }
        ---
        public class N { public Object any; public String name = "n"; public N me; }
        ---
        public class Make {
          public static Object value() {
            G g = new G(); g.self = g; N n = new N(); n.me = n; g.back = n; g.all = new G[] {g}; n.any = g.all;
            N m = new N(); m.any = g; m.me = n;
            return java.util.List.of(n, g, n, m);
          }
        }
        """;
    String r = """
        public class N { public Object any; public String name; public N me; }
        ---
        public class Show {
          public static String show(Object o) {
            java.util.List<?> l = (java.util.List<?>) o;
            N n = (N) l.get(0);
            N m = (N) l.get(3);
            return n.name + n.any + (n.me == n) + l.get(1) + (l.get(2) == n) + m.any + (m.me == n);
          }
        }
        """;
    assertEquals("nnulltruenulltruenulltrue", new TwoVersions(w, r, b -> b.references(true)).read());
  }

  private static final String NODES_V1 = """
      public class N { public String name; public N next; public java.util.List<N> peers = new java.util.ArrayList<>(); public P p; public Object any; }
      ---
      public record P(int x) {}
      ---
      public class G { public N inside; public String g = "gone"; }
      ---
      public class Make {
        public static Object value() {
          N a = new N(); N b = new N(); a.name = "a"; b.name = "b";
          a.next = b; b.next = a; a.peers.add(a); a.peers.add(b); b.peers.add(b);
          P shared = new P(7); a.p = shared; b.p = shared;
          G g = new G(); g.inside = new N(); g.inside.name = "c"; g.inside.next = a;
          a.any = g; b.any = g.inside;
          return java.util.List.of(a, b, shared, g.inside);
        }
      }
      """;

  private static final String NODES_V2 = """
      public class N { public Object any; public P p; public java.util.List<N> peers; public N next; public String name; public int added = 1; }
      ---
      public record P(long x, String y) {}
      ---
      public class Show {
        public static String show(Object o) {
          java.util.List<?> l = (java.util.List<?>) o;
          N a = (N) l.get(0); N b = (N) l.get(1); N c = (N) l.get(3);
          return a.name + b.name + c.name + " " + (a.next == b) + (b.next == a) + (a.peers.get(0) == a) + (a.peers.get(1) == b)
              + (b.peers.get(0) == b) + " " + (a.p == b.p) + (a.p == l.get(2)) + a.p + " " + a.any + " " + (b.any == c)
              + (c.next == a) + " " + a.added + c.added;
        }
      }
      """;

  /** Cycles, shared objects and a shared record with references on, the classes evolved; a class the reader lacks in the middle. */
  @Test
  void cyclesAndSharedObjectsWithReferences() {
    for (boolean codegen : new boolean[] {true, false}) {
      TwoVersions t = new TwoVersions(NODES_V1, NODES_V2, b -> b.references(true).codegen(codegen));
      assertEquals("abc truetruetruetruetrue truetrueP[x=7, y=null] null truetrue 11", t.read());
    }
  }

  /** Bare values in a stream with a StringTable, read by the other version; then the reader writes and reads as before. */
  @Test
  void streamsAndNoLastingEffect() {
    String v1 = """
        public class A { public String city; public int zip; }
        ---
        public enum Color { RED, GREEN, BLUE }
        ---
        public class K { public A a; public java.util.List<A> as; public Color c; public java.util.Map<Color, Integer> m; }
        ---
        public class Make {
          static int n;
          public static Object value() {
            n++;
            K k = new K(); k.a = new A(); k.a.city = "c" + n; k.a.zip = n;
            k.as = java.util.List.of(k.a, new A()); k.c = Color.BLUE; k.m = new java.util.EnumMap<>(java.util.Map.of(Color.GREEN, n));
            return k;
          }
        }
        """;
    String v2 = """
        public class A { public long zip; public String city; public String country; }
        ---
        public enum Color { GREEN, BLUE, RED, ORANGE }
        ---
        public class K { public java.util.Map<Color, Integer> m; public Color c; public java.util.List<A> as; public A a; public int more; }
        ---
        public class Make {
          public static Object value() {
            K k = new K(); k.a = new A(); k.a.city = "here"; k.a.zip = 99; k.a.country = "ch";
            k.as = java.util.List.of(k.a); k.c = Color.ORANGE; k.m = new java.util.EnumMap<>(java.util.Map.of(Color.RED, 1)); k.more = 4;
            return k;
          }
        }
        ---
        public class Show {
          public static String show(Object o) {
            K k = (K) o;
            return k.a.city + k.a.zip + k.a.country + " " + k.as.size() + k.as.get(k.as.size() - 1).city + " " + k.c + " " + k.m + " " + k.more;
          }
        }
        """;
    TwoVersions t = new TwoVersions(v1, v2);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringTable writing = new StringTable(64);
    for (int i = 0; i < 3; i++) {
      t.writer.serializeValue(t.value(), out, writing);
    }
    ByteBuffer in = ByteBuffer.wrap(out.toByteArray());
    StringTable reading = new StringTable(64);
    for (int i = 1; i <= 3; i++) {
      assertEquals("c" + i + i + "null 2null BLUE {GREEN=" + i + "} 0", t.show(t.reader.deserializeValue(in, reading)));
    }
    assertFalse(in.hasRemaining());

    // the reader's own values: the same bytes as from a Brine that never read the old ones, and read back the same
    Object own = call(t.readerLoader);
    Brine fresh = Brine.builder().compatible(true).classLoader(t.readerLoader).register(TwoVersions.type(t.readerLoader, "A"),
        TwoVersions.type(t.readerLoader, "Color"), TwoVersions.type(t.readerLoader, "K")).build();
    byte[] mine = t.reader.serialize(own);
    assertArrayEquals(fresh.serialize(own), mine);
    assertEquals("here99ch 1here ORANGE {RED=1} 4", t.show(t.reader.deserialize(mine)));
    assertEquals("here99ch 1here ORANGE {RED=1} 4", t.show(fresh.deserialize(mine)));
    assertEquals("c44null 2null BLUE {GREEN=4} 0", t.show(t.reader.deserialize(t.writer.serialize(t.value()))));
    // and the writer reads the reader's payload: ORANGE unknown there
    BrineException e = assertThrows(BrineException.class, () -> t.writer.deserialize(mine));
    assertTrue(e.getMessage().contains("ORANGE"), e.getMessage());
    assertArrayEquals(fresh.serialize(own), t.reader.serialize(own));
  }

  private static Object call(ClassLoader loader) {
    try {
      return TwoVersions.type(loader, "Make").getMethod("value").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
