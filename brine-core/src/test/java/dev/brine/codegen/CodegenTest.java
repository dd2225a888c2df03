package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.builtin.Builtins;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.plan.ClassPlan;
import dev.brine.registry.TypeRegistry;
import dev.brine.security.ClassFilter;
import java.util.*;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Generated serializers: used by default, byte-identical to the interpreted fallback, deterministic. */
class CodegenTest {
  enum Mode { ON, OFF }

  static class Base {
    private int hidden = 1;
    protected String name;
    private final long fixed;
    Base() { fixed = 0; }
    Base(long fixed) { this.fixed = fixed; }
  }

  static final class Everything extends Base {
    private boolean z; private byte b; private short s; private char c; private int i; private long l;
    private float f; private double d; private String str; private Integer boxed; private Mode mode;
    private int[] ints; private Object any; private List<String> names; private Map<String, Integer> counts;
    private List<Long> longs; private Map<Long, String> labels;
    private final String finalField;
    private Everything nested;
    Everything() { super(0); finalField = null; }
    Everything(long fixed, String ff) { super(fixed); finalField = ff; }
  }

  record Rec(int a, long b, double c, String d, Mode e, List<Integer> f, Object g, Rec next) {}

  /** No no-arg constructor: created without a constructor. */
  static final class NoDefault {
    private final int x;
    private final String y;
    NoDefault(int x, String y) { this.x = x; this.y = y; }
  }

  static Everything sample(int seed) {
    Everything e = new Everything(seed * 7L, "ff" + seed);
    e.name = "n" + seed; e.z = seed % 2 == 0; e.b = (byte) seed; e.s = (short) (seed * 3); e.c = (char) ('a' + seed % 26);
    e.i = seed * 1000; e.l = -seed * 100000L; e.f = seed / 3f; e.d = seed / 7.0; e.str = seed % 3 == 0 ? null : "s" + seed;
    e.boxed = seed % 4 == 0 ? null : seed; e.mode = seed % 2 == 0 ? Mode.ON : null; e.ints = new int[] {seed, -seed};
    e.any = seed % 2 == 0 ? new Rec(1, 2, 3, "4", Mode.OFF, List.of(5), null, null) : (Object) ("any" + seed);
    e.names = new ArrayList<>(List.of("a" + seed, "b")); e.counts = new HashMap<>(Map.of("k", seed));
    e.longs = new java.util.LinkedList<>(List.of(seed * 1_000_000_007L, -1L, Long.MIN_VALUE));
    e.labels = seed % 3 == 0 ? null : new java.util.TreeMap<>(Map.of((long) seed, "\u00e9" + seed, Long.MAX_VALUE, "\u65e5"));
    if (seed > 0) {
      e.nested = sample(seed - 1);
    }
    return e;
  }

  static Brine brine(boolean codegen) {
    return Brine.builder().register(Everything.class, Rec.class, NoDefault.class, Mode.class, Base.class).codegen(codegen).build();
  }

  @Test
  void generatedByDefault() {
    Brine b = brine(true);
    assertTrue(b.explain(Everything.class).contains("generated"), b.explain(Everything.class));
    assertTrue(b.explain(Rec.class).contains("generated"), b.explain(Rec.class));
    assertTrue(b.explain(NoDefault.class).contains("generated"), b.explain(NoDefault.class));
    assertFalse(brine(false).explain(Everything.class).contains("generated"));
  }

  @Property(tries = 50)
  void generatedAndInterpretedWriteTheSameBytesAndReadEachOther(@ForAll int seed) {
    Brine gen = brine(true);
    Brine interp = brine(false);
    int s = Math.floorMod(seed, 5);
    Object[] values = {sample(s), new Rec(seed, seed * 3L, seed / 2.0, "d", Mode.ON, List.of(seed), List.of("g"),
        new Rec(0, 0, 0, null, null, null, null, null)), new NoDefault(seed, "y" + seed)};
    for (Object v : values) {
      byte[] a = gen.serialize(v);
      byte[] b = interp.serialize(v);
      assertArrayEquals(b, a, "generated and interpreted bytes differ for " + v.getClass().getSimpleName());
      assertArrayEquals(a, interp.serialize(gen.deserialize(b)));
      assertArrayEquals(a, gen.serialize(interp.deserialize(a)));
    }
  }

  @Test
  void fieldsSurviveGeneratedRoundTrip() {
    Brine gen = brine(true);
    Everything e = sample(3);
    Everything back = gen.deserialize(gen.serialize(e), Everything.class);
    assertEquals(e.i, back.i);
    assertEquals(e.str, back.str);
    assertEquals(((Base) e).hidden, ((Base) back).hidden);
    assertEquals(e.finalField, back.finalField);
    assertEquals(e.nested.nested.name, back.nested.nested.name);
    NoDefault nd = gen.deserialize(gen.serialize(new NoDefault(5, "y")), NoDefault.class);
    assertEquals(5, nd.x);
    assertEquals("y", nd.y);
  }

  @Test
  void bytecodeIsDeterministic() {
    TypeRegistry r = new TypeRegistry(false, new ClassFilter(null), getClass().getClassLoader());
    r.factory(new DefaultSerializerFactory(false));
    Builtins.registerAll(r);
    for (Class<?> c : List.of(Everything.class, Rec.class, NoDefault.class)) {
      ClassPlan plan = ClassPlan.of(c, r);
      assertArrayEquals(SerializerGenerator.bytecodeFor(plan), SerializerGenerator.bytecodeFor(plan), c.getName());
    }
  }

  @Test
  void hundredFieldClassGenerates() throws Exception {
    Brine b = Brine.builder().register(Wide.class).build();
    assertTrue(b.explain(Wide.class).contains("generated"));
    Wide w = new Wide();
    w.f0 = 1; w.f50 = 2; w.f99 = 3.5;
    Wide back = b.deserialize(b.serialize(w), Wide.class);
    assertEquals(1, back.f0);
    assertEquals(2, back.f50);
    assertEquals(3.5, back.f99);
  }

  /** Several padded chunk methods, every store kind at every varint length: same bytes as the interpreter. */
  @Property(tries = 30)
  void wideClassMatchesInterpretedBytes(@ForAll long seed) throws Exception {
    java.util.Random random = new java.util.Random(seed);
    Wide w = new Wide();
    for (java.lang.reflect.Field f : Wide.class.getDeclaredFields()) {
      int bits = random.nextInt(65); // magnitudes of every varint length
      long v = bits == 64 ? random.nextLong() : random.nextLong() & ((1L << bits) - 1);
      if (f.getType() == int.class) {
        f.setInt(w, (int) v);
      } else if (f.getType() == long.class) {
        f.setLong(w, random.nextBoolean() ? v : -v);
      } else {
        f.setDouble(w, Double.longBitsToDouble(v));
      }
    }
    Brine gen = Brine.builder().register(Wide.class).build();
    Brine interp = Brine.builder().register(Wide.class).codegen(false).build();
    byte[] bytes = gen.serialize(w);
    assertArrayEquals(interp.serialize(w), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
  }

  @SuppressWarnings("unused")
  static final class Wide {
    int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23,
        f24, f25, f26, f27, f28, f29, f30, f31, f32, f33;
    long f34, f35, f36, f37, f38, f39, f40, f41, f42, f43, f44, f45, f46, f47, f48, f49, f50, f51, f52, f53, f54, f55,
        f56, f57, f58, f59, f60, f61, f62, f63, f64, f65, f66;
    double f67, f68, f69, f70, f71, f72, f73, f74, f75, f76, f77, f78, f79, f80, f81, f82, f83, f84, f85, f86, f87, f88,
        f89, f90, f91, f92, f93, f94, f95, f96, f97, f98, f99;
  }
}
