package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.*;
import org.junit.jupiter.api.Test;

/** The number group: every boxed kind, null and not, extreme values, enums with ordinals above 127. */
class GroupShapesTest {
  static final class Boxes {
    Boolean z1, z2, z3;
    Byte b1, b2, b3;
    Short s1, s2, s3;
    Character c1, c2, c3;
    Integer i1, i2, i3, i4;
    Long l1, l2, l3, l4;
    Float f1, f2;
    Double d1, d2;
    Big300 e1, e2, e3, e4, e5;
    int pi;
    long pl;
    EnumSet<Big300> jumbo;
    EnumMap<Big300, Integer> bigMap;
    List<Big300> bigList;
    Big300[] bigArr;
  }

  static Boxes sample(boolean nulls) {
    Boxes b = new Boxes();
    if (!nulls) {
      b.z1 = true;
      b.z2 = false;
      b.b1 = Byte.MIN_VALUE;
      b.b2 = -1;
      b.s1 = Short.MIN_VALUE;
      b.s2 = -129;
      b.c1 = '\uFFFF';
      b.c2 = '\u8000';
      b.c3 = '\uD800';
      b.i1 = Integer.MIN_VALUE;
      b.i2 = 128;
      b.i3 = -129;
      b.i4 = Integer.MAX_VALUE;
      b.l1 = Long.MIN_VALUE;
      b.l2 = 1L << 31;
      b.l3 = -(1L << 55) - 1;
      b.l4 = 0L;
      b.f1 = -0.0f;
      b.f2 = Float.intBitsToFloat(0x7f800001);
      b.d1 = -0.0;
      b.d2 = Double.longBitsToDouble(0xfff8000000000001L);
      b.e1 = Big300.E127;
      b.e2 = Big300.E128;
      b.e3 = Big300.E255;
      b.e4 = Big300.E256;
      b.e5 = Big300.E299;
      b.pi = Integer.MIN_VALUE;
      b.pl = Long.MIN_VALUE;
      b.jumbo = EnumSet.of(Big300.E0, Big300.E63, Big300.E64, Big300.E128, Big300.E299);
      b.bigMap = new EnumMap<>(Big300.class);
      b.bigMap.put(Big300.E200, 1);
      b.bigMap.put(Big300.E1, null);
      b.bigList = new ArrayList<>(Arrays.asList(Big300.E150, null, Big300.E0));
      b.bigArr = new Big300[] {Big300.E298, null};
    }
    return b;
  }

  static void check(Boxes a, Boxes b) {
    assertEquals(a.z1, b.z1);
    assertEquals(a.z2, b.z2);
    assertEquals(a.z3, b.z3);
    assertEquals(a.b1, b.b1);
    assertEquals(a.b2, b.b2);
    assertEquals(a.b3, b.b3);
    assertEquals(a.s1, b.s1);
    assertEquals(a.s2, b.s2);
    assertEquals(a.s3, b.s3);
    assertEquals(a.c1, b.c1);
    assertEquals(a.c2, b.c2);
    assertEquals(a.c3, b.c3);
    assertEquals(a.i1, b.i1);
    assertEquals(a.i2, b.i2);
    assertEquals(a.i3, b.i3);
    assertEquals(a.i4, b.i4);
    assertEquals(a.l1, b.l1);
    assertEquals(a.l2, b.l2);
    assertEquals(a.l3, b.l3);
    assertEquals(a.l4, b.l4);
    assertEquals(a.f1 == null ? null : Float.floatToRawIntBits(a.f1), b.f1 == null ? null : Float.floatToRawIntBits(b.f1));
    assertEquals(a.f2 == null ? null : Float.floatToRawIntBits(a.f2), b.f2 == null ? null : Float.floatToRawIntBits(b.f2));
    assertEquals(a.d1 == null ? null : Double.doubleToRawLongBits(a.d1), b.d1 == null ? null : Double.doubleToRawLongBits(b.d1));
    assertEquals(a.d2 == null ? null : Double.doubleToRawLongBits(a.d2), b.d2 == null ? null : Double.doubleToRawLongBits(b.d2));
    assertSame(a.e1, b.e1);
    assertSame(a.e2, b.e2);
    assertSame(a.e3, b.e3);
    assertSame(a.e4, b.e4);
    assertSame(a.e5, b.e5);
    assertEquals(a.pi, b.pi);
    assertEquals(a.pl, b.pl);
    assertEquals(a.jumbo, b.jumbo);
    assertEquals(a.bigMap, b.bigMap);
    assertEquals(a.bigList, b.bigList);
    assertArrayEquals(a.bigArr, b.bigArr);
  }

  @Test
  void everyBoxedKindAndBigEnumsInEveryMode() {
    for (boolean nulls : new boolean[] {false, true}) {
      Boxes a = sample(nulls);
      for (boolean compress : new boolean[] {true, false}) {
        for (boolean refs : new boolean[] {false, true}) {
          String where = "nulls " + nulls + ", compress " + compress + ", refs " + refs;
          Brine gen = Brine.builder().codegenThreshold(0).compressNumbers(compress).references(refs).register(Boxes.class, Big300.class).build();
          Brine interp = Brine.builder().codegenThreshold(Integer.MAX_VALUE).compressNumbers(compress).references(refs)
              .register(Boxes.class, Big300.class).build();
          byte[] bytes = gen.serialize(a);
          assertArrayEquals(interp.serialize(a), bytes, where);
          for (Brine r : new Brine[] {gen, interp}) {
            try {
              check(a, (Boxes) r.deserialize(bytes));
            } catch (AssertionError | RuntimeException e) {
              throw new AssertionError(where + ": " + e, e);
            }
          }
        }
      }
    }
  }
}
