package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.*;
import org.junit.jupiter.api.Test;

/** With requireRegistration(false) classes are written by name: enum bodies, arrays, nested and generic classes. */
class UnregisteredShapesTest {
  enum Op {
    A {
      @Override
      int f() {
        return 1;
      }
    },
    B;

    int f() {
      return 0;
    }
  }

  static class Base {
    String name;
  }

  static final class Derived extends Base {
    int n;
  }

  record Pair<X, Y>(X x, Y y) {}

  static final class Holder {
    Object op;
    Op declaredOp;
    Object ops;
    Object enumSet;
    Object enumMap;
    Base base;
    Object derivedArray;
    Object pair;
    List<Object> mixed;
  }

  @Test
  void classesWrittenByName() {
    Holder h = new Holder();
    h.op = Op.A;
    h.declaredOp = Op.A;
    h.ops = new Op[] {Op.A, Op.B};
    h.enumSet = EnumSet.of(Op.A);
    EnumMap<Op, Object> em = new EnumMap<>(Op.class);
    em.put(Op.A, Op.B);
    h.enumMap = em;
    Derived d = new Derived();
    d.name = "d";
    d.n = 3;
    h.base = d;
    h.derivedArray = new Base[][] {{d}, new Derived[] {d}};
    h.pair = new Pair<>(Op.A, new Pair<>(1, "s"));
    h.mixed = new ArrayList<>(Arrays.asList(Op.A, Op.B, d, null, new Derived[0]));
    for (boolean refs : new boolean[] {false, true}) {
      for (boolean generated : new boolean[] {true, false}) {
        String where = "refs " + refs + ", generated " + generated;
        Brine w = Brine.builder().requireRegistration(false).references(refs).codegenThreshold(generated ? 0 : Integer.MAX_VALUE)
            .build();
        Brine interp = Brine.builder().requireRegistration(false).references(refs).codegenThreshold(Integer.MAX_VALUE).build();
        byte[] bytes = w.serialize(h);
        assertArrayEquals(interp.serialize(h), bytes, where);
        Holder b = (Holder) interp.deserialize(bytes);
        assertSame(Op.A, b.op, where);
        assertSame(Op.A, b.declaredOp, where);
        assertArrayEquals(new Op[] {Op.A, Op.B}, (Op[]) b.ops, where);
        assertEquals(EnumSet.of(Op.A), b.enumSet, where);
        assertEquals(em, b.enumMap, where);
        assertEquals(Derived.class, b.base.getClass(), where);
        assertEquals(3, ((Derived) b.base).n, where);
        Base[][] arr = (Base[][]) b.derivedArray;
        assertEquals(Derived[].class, arr[1].getClass(), where);
        assertEquals("d", arr[0][0].name, where);
        assertEquals(new Pair<>(Op.A, new Pair<>(1, "s")), b.pair, where);
        assertEquals(Arrays.asList(Op.A, Op.B), b.mixed.subList(0, 2), where);
        assertEquals(Derived[].class, b.mixed.get(4).getClass(), where);
        if (refs) {
          assertSame(b.base, arr[0][0], where);
          assertSame(b.base, b.mixed.get(2), where);
        }
      }
    }
  }
}
