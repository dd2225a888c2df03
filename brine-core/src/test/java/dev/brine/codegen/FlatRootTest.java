package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.builtin.Builtins;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.plan.FlatWriter;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import dev.brine.security.ClassFilter;
import java.util.Arrays;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A value of a flat class at the top of a payload is written without a session ({@code
 * Engine.serializeFlat}: {@code FlatWriter.writeFlat} into the thread's scratch array, then copied): the
 * same bytes as the general path, for every kind of the number group and the fixed block, null boxes,
 * extreme values, both number modes.
 */
class FlatRootTest {
  enum Colour { RED, GREEN, BLUE }

  /** Every kind of the number group (compressed and fixed boxes, an enum) and of the fixed block. */
  static final class Every {
    int i;
    long l;
    Integer bi;
    Long bl;
    Colour colour;
    Boolean bz;
    Byte bb;
    Short bs;
    Character bc;
    Float bf;
    Double bd;
    double d;
    float f;
    short s;
    byte b;
    boolean z;
    char c;

    @Override
    public boolean equals(Object o) {
      return o instanceof Every e && i == e.i && l == e.l && Objects.equals(bi, e.bi) && Objects.equals(bl, e.bl)
          && colour == e.colour && Objects.equals(bz, e.bz) && Objects.equals(bb, e.bb) && Objects.equals(bs, e.bs)
          && Objects.equals(bc, e.bc) && Objects.equals(bf, e.bf) && Objects.equals(bd, e.bd)
          && Double.compare(d, e.d) == 0 && Float.compare(f, e.f) == 0 && s == e.s && b == e.b && z == e.z && c == e.c;
    }

    @Override
    public int hashCode() {
      return Objects.hash(i, l, bi, bl);
    }
  }

  /** A number group whose last whole-width stores run past the payload: no fixed block to cover them. */
  record Longs(long a, long b, Long c) {}

  /** Ints, and a fixed block just long enough to cover an int's overreach. */
  record Ints(int x, Integer y, short s, byte b) {}

  @Provide
  Arbitrary<Every> everies() {
    Arbitrary<Integer> ints = Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.of(0, -1, 127, 128, -128, -129,
        Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 15, 1 << 23));
    Arbitrary<Long> longs = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, -1L, 255L, 1L << 31, -(1L << 31) - 1,
        1L << 55, Long.MIN_VALUE, Long.MAX_VALUE));
    Arbitrary<Double> doubles = Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.of(Double.NaN, -0.0, Double.MAX_VALUE));
    Arbitrary<Every> numbers = Combinators.combine(ints, longs, ints.injectNull(0.3), longs.injectNull(0.3),
        Arbitraries.of(Colour.class).injectNull(0.3), Arbitraries.of(true, false).injectNull(0.3),
        Arbitraries.bytes().injectNull(0.3), Arbitraries.shorts().injectNull(0.3)).as((i, l, bi, bl, colour, bz, bb, bs) -> {
          Every e = new Every();
          e.i = i;
          e.l = l;
          e.bi = bi;
          e.bl = bl;
          e.colour = colour;
          e.bz = bz;
          e.bb = bb;
          e.bs = bs;
          return e;
        });
    return Combinators.combine(numbers, Arbitraries.chars().injectNull(0.3), Arbitraries.floats().injectNull(0.3),
        doubles.injectNull(0.3), doubles, Arbitraries.floats(), Arbitraries.shorts(), Arbitraries.bytes())
        .as((e, bc, bf, bd, d, f, s, b) -> {
          e.bc = bc;
          e.bf = bf;
          e.bd = bd;
          e.d = d;
          e.f = f;
          e.s = s;
          e.b = b;
          e.z = s % 2 == 0;
          e.c = (char) (s ^ 0xA5A5);
          return e;
        });
  }

  @Property(tries = 200)
  void flatValuesAtTheTopWriteTheInterpretersBytes(@ForAll("everies") Every e, @ForAll long a, @ForAll int x,
      @ForAll boolean compress) {
    Object[] values = {e, new Longs(a, -a, x % 3 == 0 ? null : a >> 7), new Ints(x, x % 5 == 0 ? null : x >> 9, (short) x, (byte) a)};
    Brine gen = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).compressNumbers(compress)
        .codegenThreshold(0).build();
    Brine interp = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).compressNumbers(compress)
        .codegen(false).build();
    for (Object v : values) {
      byte[] expected = interp.serialize(v);
      byte[] actual = gen.serialize(v);
      assertArrayEquals(expected, actual, v.getClass().getSimpleName());
      assertArrayEquals(expected, gen.serialize(v), "again, the class now found in the engine's cache of flat classes");
      assertEquals(v, gen.deserialize(actual));
      assertEquals(v, interp.deserialize(actual));
    }
  }

  /**
   * {@code writeFlat} writes the payload at any position of an array with {@code flatWindow()} bytes of
   * room and returns the position after it, whatever its whole-width stores leave past that end.
   */
  @Property(tries = 100)
  void writeFlatWritesThePayloadAndReturnsItsEnd(@ForAll("everies") Every e, @ForAll long a, @ForAll int x,
      @ForAll boolean compress, @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 9) int at) throws Exception {
    TypeRegistry r = registry(compress, Colour.class, Every.class, Longs.class, Ints.class);
    Brine interp = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).compressNumbers(compress)
        .codegen(false).build();
    Object[] values = {e, new Longs(a, -a, x % 3 == 0 ? null : a), new Ints(x, null, (short) 1, (byte) 2)};
    for (Object v : values) {
      assertWritesPayloadAt((FlatWriter) r.forClass(v.getClass()).serializer, v, interp.serialize(v), at);
    }
  }

  /** A registry of the built-ins and {@code classes} (ids 64 on, generated serializers), completed. */
  static TypeRegistry registry(boolean compress, Class<?>... classes) {
    TypeRegistry r = new TypeRegistry(false, new ClassFilter(null), FlatRootTest.class.getClassLoader());
    r.factory(new DefaultSerializerFactory(true, compress));
    Builtins.registerAll(r, compress);
    for (int i = 0; i < classes.length; i++) {
      r.registerUser(64 + i, classes[i], null);
    }
    r.complete();
    return r;
  }

  /** {@code w.writeFlat} at {@code at} of an array with its window's room writes {@code payload}'s body and returns its end. */
  static void assertWritesPayloadAt(FlatWriter w, Object v, byte[] payload, int at) {
    byte[] room = new byte[at + w.flatWindow()];
    int end = w.writeFlat(room, at, v);
    assertEquals(at + payload.length - 2, end, "header and type id, then the payload");
    assertArrayEquals(Arrays.copyOfRange(payload, 2, payload.length), Arrays.copyOfRange(room, at, end));
  }

  @Test
  void theSwitchToGeneratedCodeAndThePayloadLimitKeepTheirBehaviour() {
    Every e = new Every();
    e.l = Long.MIN_VALUE;
    e.colour = Colour.BLUE;
    Brine tiered = Brine.builder().register(Colour.class, Every.class).codegenThreshold(3).build();
    byte[] first = tiered.serialize(e);
    for (int i = 0; i < 10; i++) {
      assertArrayEquals(first, tiered.serialize(e), "interpreted, then generated and flat: the same bytes");
    }
    assertTrue(tiered.explain(Every.class).contains("generated"));
    Brine small = Brine.builder().register(Colour.class, Every.class).codegenThreshold(0).maxPayloadBytes(first.length - 1).build();
    assertThrows(LimitExceededException.class, () -> small.serialize(e), "a payload over the limit is refused as before");
    Brine exact = Brine.builder().register(Colour.class, Every.class).codegenThreshold(0).maxPayloadBytes(first.length).build();
    assertArrayEquals(first, exact.serialize(e));
    Brine refs = Brine.builder().register(Colour.class, Every.class).references(true).codegenThreshold(0).build();
    assertEquals(e, refs.deserialize(refs.serialize(e)), "with references the general path writes it");
  }

  /**
   * Values of flat classes and of every other kind at the top, one after another: the engine's cache of
   * top-level classes also remembers the classes written the general way (with their info; journal step
   * 139), and every value keeps the interpreter's bytes whichever entry its class meets.
   */
  @Test
  void valuesOfEveryKindAtTheTopKeepTheirBytesWhateverCameBefore() {
    Every e = new Every();
    e.l = 12;
    e.colour = Colour.RED;
    Object[] values = {e, "text", 42, java.util.List.of(1, 2), new java.util.ArrayList<>(java.util.List.of("a")), java.util.Map.of("k", 1),
        new int[] {1, 2}, null, Colour.BLUE, new Longs(1, 2, 3L), new Ints(4, null, (short) 5, (byte) 6), 7L, e};
    Brine gen = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).codegenThreshold(0).build();
    Brine tiered = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).codegenThreshold(4).build();
    Brine interp = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).codegen(false).build();
    for (int round = 0; round < 8; round++) {
      for (Object v : values) {
        byte[] expected = interp.serialize(v);
        String what = "round " + round + ", " + (v == null ? "null" : v.getClass().getSimpleName());
        assertArrayEquals(expected, gen.serialize(v), what);
        assertArrayEquals(expected, tiered.serialize(v), what + ", tiered");
        assertTrue(java.util.Objects.deepEquals(v, gen.deserialize(expected)), what);
      }
    }
  }

  /** The header and the type id written in front of the payload in one store: type ids of one and two bytes. */
  @Test
  void typeIdsOfEveryLengthPrefixTheirPayloads() {
    Every e = new Every();
    e.l = -7;
    e.bs = 3;
    for (int id : new int[] {0, 63, 64, 100, TypeIds.FIRST_MODULE - TypeIds.FIRST_USER - 1}) {
      Brine gen = Brine.builder().register(Colour.class).register(id, Every.class).codegenThreshold(0).build();
      Brine interp = Brine.builder().register(Colour.class).register(id, Every.class).codegen(false).build();
      byte[] expected = interp.serialize(e);
      assertArrayEquals(expected, gen.serialize(e), "id " + id);
      assertArrayEquals(expected, gen.serialize(e), "id " + id + ", from the cache");
      assertEquals(e, gen.deserialize(expected));
    }
  }

  /** Threads sharing one Brine (and its cache of flat classes) write the same bytes as one thread alone. */
  @Test
  void threadsSharingTheCacheOfFlatClassesWriteTheSameBytes() throws Exception {
    Brine b = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class).codegenThreshold(0).build();
    Every e = new Every();
    e.i = -300;
    e.bd = 2.5;
    Object[] values = {e, new Longs(1, Long.MAX_VALUE, null), new Ints(70000, -1, (short) 3, (byte) 4)};
    byte[][] expected = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      expected[i] = b.serialize(values[i]);
    }
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      java.util.List<java.util.concurrent.Future<Integer>> done = new java.util.ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int start = t;
        done.add(pool.submit(() -> {
          int wrong = 0;
          for (int n = 0; n < 3000; n++) {
            int k = (start + n) % values.length;
            if (!Arrays.equals(expected[k], b.serialize(values[k]))) {
              wrong++;
            }
          }
          return wrong;
        }));
      }
      for (java.util.concurrent.Future<Integer> f : done) {
        assertEquals(0, f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A class with a nested class and a string: not flat, written the general way, with definitions after the root's. */
  record Holder(String name, Longs longs, Ints ints) {}

  /**
   * In compatible mode a flat class at the top is written as its opening (tag, definition reference,
   * definition) and its flat payload without a session (journal step 142): the bytes of the interpreter,
   * which writes it the general way, whatever was written before and after, and read by either.
   */
  @Test
  void compatibleModeWritesFlatValuesAtTheTopAsTheGeneralPathDoes() {
    Every e = new Every();
    e.i = 1 << 20;
    e.bl = -3L;
    e.colour = Colour.GREEN;
    Object[] values = {e, new Longs(5, -6, null), new Holder("h", new Longs(1, 2, 3L), new Ints(4, 5, (short) 6, (byte) 7)),
        new Ints(-1, null, (short) 2, (byte) 3), "text", e, java.util.List.of(new Longs(7, 8, 9L)), new Longs(5, -6, null)};
    for (boolean compress : new boolean[] {true, false}) {
      Brine gen = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class, Holder.class).compatible(true)
          .compressNumbers(compress).codegenThreshold(0).build();
      Brine interp = Brine.builder().register(Colour.class, Every.class, Longs.class, Ints.class, Holder.class).compatible(true)
          .compressNumbers(compress).codegen(false).build();
      for (int round = 0; round < 3; round++) {
        for (Object v : values) {
          String what = "compress " + compress + ", round " + round + ", " + v.getClass().getSimpleName();
          byte[] expected = interp.serialize(v);
          assertArrayEquals(expected, gen.serialize(v), what);
          assertEquals(v, gen.deserialize(expected), what);
          assertEquals(v, interp.deserialize(gen.serialize(v)), what);
        }
      }
      byte[] first = gen.serialize(e);
      Brine small = Brine.builder().register(Colour.class, Every.class).compatible(true).compressNumbers(compress)
          .codegenThreshold(0).maxPayloadBytes(first.length - 1).build();
      assertThrows(LimitExceededException.class, () -> small.serialize(e), "over the limit: refused as before");
    }
  }
}
