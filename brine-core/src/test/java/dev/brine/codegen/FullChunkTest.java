package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brine.Brine;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Number groups whose chunks are full (16 fields: the generated writer stores a chunk's 8 control bytes
 * at once) or exactly full twice, with nullable kinds in them: the generated writer writes the
 * interpreted writer's bytes and both read them back.
 */
class FullChunkTest {
  enum Color { RED, GREEN, BLUE }

  /** Exactly one chunk: 8 ints and 8 longs. */
  static final class Sixteen {
    int i0, i1, i2, i3, i4, i5, i6, i7;
    long l0, l1, l2, l3, l4, l5, l6, l7;
  }

  /** Exactly two chunks: 12 primitives, then 20 nullable fields, across the chunk boundary. */
  static final class ThirtyTwo {
    int i0, i1, i2, i3, i4, i5;
    long l0, l1, l2, l3, l4, l5;
    Integer bi0, bi1, bi2, bi3;
    Long bl0, bl1, bl2, bl3;
    Color c0, c1, c2;
    Boolean z0, z1;
    Byte b0;
    Short s0;
    Character ch0;
    Float f0;
    Double d0, d1, d2;
    String tail;
  }

  private static final int[] INTS = {0, 1, -1, 127, -128, 128, -129, 32767, -32768, 1 << 23, -(1 << 23) - 1,
      Integer.MAX_VALUE, Integer.MIN_VALUE};
  private static final long[] LONGS = {0, -1, 255, 1L << 31, -(1L << 31) - 1, 1L << 55, -(1L << 55) - 1,
      Long.MAX_VALUE, Long.MIN_VALUE};

  private static int anInt(Random r) {
    return r.nextBoolean() ? INTS[r.nextInt(INTS.length)] : r.nextInt();
  }

  private static long aLong(Random r) {
    return r.nextBoolean() ? LONGS[r.nextInt(LONGS.length)] : r.nextLong() >> r.nextInt(64);
  }

  private static <T> T orNull(Random r, T v) {
    return r.nextInt(4) == 0 ? null : v;
  }

  static Sixteen sixteen(Random r) {
    Sixteen s = new Sixteen();
    s.i0 = anInt(r); s.i1 = anInt(r); s.i2 = anInt(r); s.i3 = anInt(r);
    s.i4 = anInt(r); s.i5 = anInt(r); s.i6 = anInt(r); s.i7 = anInt(r);
    s.l0 = aLong(r); s.l1 = aLong(r); s.l2 = aLong(r); s.l3 = aLong(r);
    s.l4 = aLong(r); s.l5 = aLong(r); s.l6 = aLong(r); s.l7 = aLong(r);
    return s;
  }

  static ThirtyTwo thirtyTwo(Random r) {
    ThirtyTwo t = new ThirtyTwo();
    t.i0 = anInt(r); t.i1 = anInt(r); t.i2 = anInt(r); t.i3 = anInt(r); t.i4 = anInt(r); t.i5 = anInt(r);
    t.l0 = aLong(r); t.l1 = aLong(r); t.l2 = aLong(r); t.l3 = aLong(r); t.l4 = aLong(r); t.l5 = aLong(r);
    t.bi0 = orNull(r, anInt(r)); t.bi1 = orNull(r, anInt(r)); t.bi2 = orNull(r, anInt(r)); t.bi3 = orNull(r, anInt(r));
    t.bl0 = orNull(r, aLong(r)); t.bl1 = orNull(r, aLong(r)); t.bl2 = orNull(r, aLong(r)); t.bl3 = orNull(r, aLong(r));
    Color[] colors = Color.values();
    t.c0 = orNull(r, colors[r.nextInt(3)]); t.c1 = orNull(r, colors[r.nextInt(3)]); t.c2 = orNull(r, colors[r.nextInt(3)]);
    t.z0 = orNull(r, r.nextBoolean()); t.z1 = orNull(r, r.nextBoolean());
    t.b0 = orNull(r, (byte) r.nextInt()); t.s0 = orNull(r, (short) r.nextInt()); t.ch0 = orNull(r, (char) r.nextInt());
    t.f0 = orNull(r, Float.intBitsToFloat(r.nextInt()));
    t.d0 = orNull(r, Double.longBitsToDouble(r.nextLong())); t.d1 = orNull(r, -0.0); t.d2 = orNull(r, Double.NaN);
    t.tail = orNull(r, "t" + r.nextInt());
    return t;
  }

  private static Brine brine(int threshold) {
    return Brine.builder().codegenThreshold(threshold).register(Sixteen.class, ThirtyTwo.class, Color.class).build();
  }

  @Property(tries = 200)
  void generatedWritesTheInterpretedBytes(@ForAll long seed) {
    Random r = new Random(seed);
    Brine gen = brine(0);
    Brine interp = brine(Integer.MAX_VALUE);
    for (Object v : new Object[] {sixteen(r), thirtyTwo(r), new Sixteen(), new ThirtyTwo()}) {
      byte[] a = gen.serialize(v);
      assertArrayEquals(interp.serialize(v), a, v.getClass().getSimpleName());
      for (Brine reader : new Brine[] {gen, interp}) {
        Object back = reader.deserialize(a);
        assertArrayEquals(a, interp.serialize(back));
        assertEquals(fields(v), fields(back));
      }
    }
  }

  /** The field values, for a comparison with a readable difference. */
  private static String fields(Object o) {
    StringBuilder s = new StringBuilder();
    for (java.lang.reflect.Field f : o.getClass().getDeclaredFields()) {
      try {
        f.setAccessible(true);
        Object v = f.get(o);
        s.append(f.getName()).append('=').append(v instanceof Double d ? Double.doubleToRawLongBits(d) : v instanceof Float x
            ? Float.floatToRawIntBits(x) : v).append(' ');
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
      }
    }
    return s.toString();
  }
}
