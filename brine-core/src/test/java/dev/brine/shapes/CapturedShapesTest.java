package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.io.Serializable;
import java.util.*;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Classes with synthetic state: inner classes of inner classes, local and anonymous classes, capturing lambdas. */
class CapturedShapesTest {
  String outerName = "outer";

  final class Inner {
    int a = 1;
    Inner2 child;

    final class Inner2 {
      int b = 2;

      String path() {
        return outerName + "/" + a + "/" + b;
      }
    }
  }

  static final class Holder {
    Object value;
    Function<String, Integer> fn;
    Supplier<String> supplier;
  }

  @Test
  void innerOfInnerLocalAnonymousAndLambdas() {
    outerName = "o1";
    Inner in = new Inner();
    in.a = 5;
    Inner.Inner2 child = in.new Inner2(); // not in.child: that would be a cycle
    child.b = 6;

    int captured = 41;
    String label = "lbl";
    final class Local {
      int x = 1;

      String show() {
        return label + (captured + x) + outerName;
      }
    }
    Local local = new Local();
    local.x = 2;
    Comparator<String> anon = new Comparator<String>() {
      final int sign = captured > 0 ? -1 : 1;

      @Override
      public int compare(String p, String q) {
        return sign * p.compareTo(q) + (label.isEmpty() ? 1 : 0);
      }
    };

    for (boolean refs : new boolean[] {false, true}) {
      for (boolean generated : new boolean[] {true, false}) {
        Brine b = Brine.builder().codegenThreshold(generated ? 0 : Integer.MAX_VALUE).references(refs)
            .register(Holder.class, Inner.class, Inner.Inner2.class, CapturedShapesTest.class, Local.class, anon.getClass())
            .build();
        String where = "refs " + refs + ", generated " + generated;
        Holder h = new Holder();
        h.value = child;
        Inner.Inner2 i2 = (Inner.Inner2) ((Holder) b.deserialize(b.serialize(h))).value;
        assertEquals("o1/5/6", i2.path(), where);
        h.value = local;
        assertEquals("lbl43o1", ((Local) ((Holder) b.deserialize(b.serialize(h))).value).show(), where);
        h.value = anon;
        @SuppressWarnings("unchecked")
        Comparator<String> c = (Comparator<String>) ((Holder) b.deserialize(b.serialize(h))).value;
        assertTrue(c.compare("a", "b") > 0, where);
        h.value = null;
        String prefix = "p-";
        h.fn = (Function<String, Integer> & Serializable) s -> (prefix + s).length() + captured;
        h.supplier = (Supplier<String> & Serializable) local::show;
        Holder back = (Holder) b.deserialize(b.serialize(h));
        assertEquals(44, back.fn.apply("x"), where);
        assertEquals("lbl43o1", back.supplier.get(), where);
      }
    }
  }

  static final class Node {
    Node next;
    Inner2Ref inner;

    final class Inner2Ref {
      int v = 9;

      Node owner() {
        return Node.this;
      }
    }
  }

  @Test
  void aCycleThroughAnInnerClassesOuterInstance() {
    Node n = new Node();
    n.inner = n.new Inner2Ref();
    Brine refs = Brine.builder().references(true).register(Node.class, Node.Inner2Ref.class).build();
    Node back = (Node) refs.deserialize(refs.serialize(n));
    assertSame(back, back.inner.owner());
    Brine noRefs = Brine.builder().register(Node.class, Node.Inner2Ref.class).build();
    assertThrows(BrineException.class, () -> noRefs.serialize(n));
  }
}
