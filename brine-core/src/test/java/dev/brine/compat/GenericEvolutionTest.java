package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brine.Brine;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Generic classes across two versions ({@link TwoVersions}), each case interpreted and generated: what
 * {@link ErasedChecks} must let through (a sentinel a class casts to its type variable, values of classes
 * the reader does not know, long chains of subclass-bound nodes) and what it must refuse (a changed argument
 * of an {@code Iterable}, of an enclosing class of an inner class).
 */
class GenericEvolutionTest {
  private static final List<UnaryOperator<Brine.Builder>> MODES = List.of(b -> b, b -> b.codegenThreshold(0));

  private static void reads(String writer, String reader, String expected, UnaryOperator<Brine.Builder> extra) {
    for (UnaryOperator<Brine.Builder> m : MODES) {
      assertEquals(expected, new TwoVersions(writer, reader, b -> extra.apply(m.apply(b))).read());
    }
  }

  private static void refused(String writer, String reader, UnaryOperator<Brine.Builder> extra, String... words) {
    for (UnaryOperator<Brine.Builder> m : MODES) {
      new TwoVersions(writer, reader, b -> extra.apply(m.apply(b))).refused(words);
    }
  }

  @Test
  void aSentinelTheClassCastsToItsTypeVariableReadsBack() {
    String v = """
        public final class Unset implements java.io.Serializable {
          public static final Unset INSTANCE = new Unset();
          private Object readResolve() { return INSTANCE; }
        }
        ---
        public class Lazy<T> {
          @SuppressWarnings("unchecked") public T value = (T) Unset.INSTANCE;
          public T get() { if (value == (Object) Unset.INSTANCE) { value = compute(); } return value; }
          protected T compute() { return null; }
        }
        ---
        public class NameLazy extends Lazy<String> { protected String compute() { return "computed"; } }
        ---
        public class K { public NameLazy lazy = new NameLazy(); public Lazy<Integer> other = new Lazy<>(); }
        ---
        public class Make { public static Object value() { return new K(); } }
        ---
        public class Show { public static String show(Object o) { K k = (K) o; return k.lazy.get() + " " + k.other.get(); } }
        """;
    reads(v, v, "computed null", b -> b);
  }

  @Test
  void elementsOfAClassTheReaderDoesNotKnowReadAsNullIntoAnyElementClass() {
    String w = """
        public class Base {}
        ---
        public final class Gone extends Base { public int x = 1; }
        ---
        public class K { public java.util.List<Gone> items; }
        ---
        public class Make {
          public static Object value() { K k = new K(); k.items = new java.util.ArrayList<>(java.util.List.of(new Gone())); return k; }
        }
        """;
    String r = """
        public class Base {}
        ---
        public class K { public java.util.List<Base> items; }
        ---
        public class Show { public static String show(Object o) { return String.valueOf(((K) o).items); } }
        """;
    reads(w, r, "[null]", b -> b);
  }

  @Test
  void aChainOfNodesBoundBySubclassesReads() {
    String v = """
        public class Node<T> { public T v; public Node<T> next; }
        ---
        public class StrNode extends Node<String> {}
        ---
        public class K { public Node<String> head; }
        ---
        public class Make {
          public static Object value() {
            K k = new K();
            for (int i = 0; i < 2000; i++) { StrNode n = new StrNode(); n.v = "n" + i; n.next = k.head; k.head = n; }
            return k;
          }
        }
        ---
        public class Show {
          public static String show(Object o) { int n = 0; for (Node<String> x = ((K) o).head; x != null; x = x.next) { n += x.v.length() > 0 ? 1 : 0; } return "" + n; }
        }
        """;
    reads(v, v, "2000", b -> b);
    reads(v, v, "2000", b -> b.references(true));
  }

  @Test
  void aChangedArgumentOfAnIterableOrOfAnEnclosingClassIsRefused() {
    String w = """
        public class K { public Iterable<Integer> it; }
        ---
        public class Make {
          public static Object value() { K k = new K(); k.it = new java.util.ArrayList<>(java.util.List.of(5)); return k; }
        }
        """;
    refused(w, "public class K { public Iterable<String> it; }", b -> b, "K.it", "java.lang.Integer");
    String outer = """
        public class Outer<T> { public class Inn { public T w; } public Inn inn() { return new Inn(); } }
        ---
        public class K { public Outer<Integer>.Inn oi; }
        ---
        public class Make {
          public static Object value() { K k = new K(); k.oi = new Outer<Integer>().inn(); k.oi.w = 5; return k; }
        }
        """;
    String reader = outer.substring(0, outer.indexOf("---\npublic class Make")).replace("Outer<Integer>.Inn", "Outer<String>.Inn");
    refused(outer, reader, b -> b.references(true).requireRegistration(false).allowPackages("adv"),
        "K.oi", "java.lang.Integer");
  }
}
