package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@code compressNumbers(false)}: int and long values fixed-width, generated and interpreted alike. */
class FixedNumbersTest {
  static final class Numbers {
    int a;
    long b;
    boolean c;
    int d;
    Integer boxedInt;
    Long boxedLong;
    short e;
    long f;
    List<Integer> ints;
    Map<Long, Integer> map;
    Object any;
  }

  record Pair(int x, long y, Integer z) {}

  private static Brine brine(boolean compress, boolean codegen) {
    return Brine.builder().register(Numbers.class, Pair.class).compressNumbers(compress).codegen(codegen).build();
  }

  static Numbers sample(Random r) {
    Numbers n = new Numbers();
    n.a = r.nextInt();
    n.b = r.nextLong();
    n.c = r.nextBoolean();
    n.d = r.nextInt(3) - 1;
    n.boxedInt = r.nextBoolean() ? null : r.nextInt();
    n.boxedLong = r.nextBoolean() ? null : r.nextLong() >> r.nextInt(64);
    n.e = (short) r.nextInt();
    n.f = r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
    n.ints = new ArrayList<>(List.of(r.nextInt(), -1, 0));
    n.map = new HashMap<>(Map.of(r.nextLong(), r.nextInt()));
    n.any = r.nextBoolean() ? (Object) r.nextInt() : (Object) r.nextLong();
    return n;
  }

  @Property(tries = 60)
  void generatedAndInterpretedAgreeAndRoundTrip(@ForAll long seed) {
    Random r = new Random(seed);
    Brine gen = brine(false, true);
    Brine interp = brine(false, false);
    assertTrue(gen.explain(Numbers.class).contains("generated"));
    Numbers n = sample(r);
    byte[] bytes = gen.serialize(n);
    assertArrayEquals(interp.serialize(n), bytes);
    Numbers back = gen.deserialize(bytes, Numbers.class);
    assertArrayEquals(bytes, interp.serialize(back));
    assertEquals(n.b, back.b);
    assertEquals(n.boxedLong, back.boxedLong);
    assertEquals(n.ints, back.ints);
    assertEquals(n.map, back.map);
    assertEquals(n.any, back.any);
    Numbers viaInterp = interp.deserialize(bytes, Numbers.class);
    assertEquals(n.f, viaInterp.f);
    Pair p = new Pair(r.nextInt(), r.nextLong(), r.nextBoolean() ? null : r.nextInt());
    byte[] pb = gen.serialize(p);
    assertArrayEquals(interp.serialize(p), pb);
    assertEquals(p, gen.deserialize(pb, Pair.class));
    assertEquals(p, interp.deserialize(pb, Pair.class));
  }

  @Test
  void numbersTakeTheirFixedWidth() {
    Brine fixed = brine(false, true);
    // header, type id 65 (Pair), the number group (z: one control byte, 4 bytes), the fixed block (y 8, x 4)
    byte[] b = fixed.serialize(new Pair(1, 1, 1));
    assertEquals(1 + 1 + 1 + 4 + 8 + 4, b.length);
    assertEquals(0xC4, b[0] & 0xFF);
    assertEquals(1 + 1 + 4, fixed.serialize(7).length);
    assertEquals(1 + 1 + 8, fixed.serialize(7L).length);
    byte[] compact = brine(true, true).serialize(new Pair(1, 1, 1));
    // the number group: two control bytes (x, y, z), then 1 byte each
    assertEquals(1 + 1 + 2 + 1 + 1 + 1, compact.length);
  }

  @Test
  void aReaderBuiltTheOtherWayRefusesThePayload() {
    byte[] fixed = brine(false, true).serialize(new Pair(1, 2, 3));
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> brine(true, true).deserialize(fixed));
    assertTrue(e.getMessage().contains("compressNumbers(false)"), e.getMessage());
    byte[] compact = brine(true, true).serialize(new Pair(1, 2, 3));
    assertThrows(MalformedInputException.class, () -> brine(false, true).deserialize(compact));
    Brine fixedRefs = Brine.builder().register(Numbers.class, Pair.class).compressNumbers(false).references(true).build();
    assertEquals(0xC5, fixedRefs.serialize(1)[0] & 0xFF);
    assertEquals(5, fixedRefs.deserialize(fixedRefs.serialize(5), int.class));
  }

  @Property(tries = 40)
  void truncatedFixedPayloadsFailCleanly(@ForAll long seed) {
    Brine gen = brine(false, true);
    byte[] bytes = gen.serialize(sample(new Random(seed)));
    for (int n = 0; n < bytes.length; n++) {
      byte[] cut = java.util.Arrays.copyOf(bytes, n);
      assertThrows(BrineException.class, () -> gen.deserialize(cut), "cut at " + n);
    }
  }
}
