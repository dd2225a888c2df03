package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.builtin.Builtins;
import dev.brine.codegen.CodegenContainersTest.Lists;
import dev.brine.codegen.CodegenContainersTest.Maps;
import dev.brine.codegen.CodegenNestedTest.Inner;
import dev.brine.codegen.CodegenNestedTest.InnerRec;
import dev.brine.codegen.CodegenNestedTest.Outer;
import dev.brine.codegen.CodegenNestedTest.OuterRec;
import dev.brine.codegen.CodegenTest.Mode;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.registry.TypeRegistry;
import dev.brine.registry.Upgradable;
import dev.brine.security.ClassFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Tiered code generation ({@code Brine.Builder.codegenThreshold}): a class is written and read by its
 * interpreted serializer until it has been used often enough, then by generated code; the bytes never
 * change across the switch, and once switched the class runs the same generated code as with eager
 * generation (nested classes called directly).
 */
class TieredCodegenTest {
  private static final Class<?>[] CLASSES = {Inner.class, InnerRec.class, Outer.class, OuterRec.class, Mode.class,
      Lists.class, Maps.class};

  static Brine brine(int threshold, boolean codegen, boolean refs) {
    return Brine.builder().register(CLASSES).codegen(codegen).codegenThreshold(threshold).references(refs).build();
  }

  static Object value(Random r) {
    switch (r.nextInt(4)) {
      case 0 -> {
        Outer o = new Outer();
        o.a = r.nextBoolean() ? null : new Inner(r.nextInt(), r.nextBoolean() ? null : "s" + r.nextInt(50));
        o.r = r.nextInt(5) == 0 ? null : new InnerRec(r.nextLong(), o.a);
        o.m = r.nextBoolean() ? Mode.ON : null;
        o.d = r.nextDouble();
        return o;
      }
      case 1 -> {
        Inner shared = new Inner(r.nextInt(), "x");
        return new OuterRec(shared, new InnerRec(r.nextLong(), shared), r.nextInt(), r.nextBoolean() ? null : shared);
      }
      case 2 -> {
        return CodegenContainersTest.lists(r);
      }
      default -> {
        return CodegenContainersTest.maps(r, r.nextInt(40));
      }
    }
  }

  /** Every call, before, at and after the threshold, writes exactly the bytes of the interpreter and of eager codegen. */
  @Property(tries = 40)
  void bytesDoNotChangeAcrossTheSwitch(@ForAll long seed, @ForAll boolean refs) {
    Random r = new Random(seed);
    int threshold = 1 + r.nextInt(6);
    Brine tiered = brine(threshold, true, refs);
    Brine eager = brine(0, true, refs);
    Brine interp = brine(0, false, refs);
    for (int i = 0; i < 3 * threshold + 4; i++) {
      Object v = value(r);
      byte[] bytes = tiered.serialize(v);
      assertArrayEquals(interp.serialize(v), bytes, "call " + i);
      assertArrayEquals(eager.serialize(v), bytes, "call " + i);
      assertArrayEquals(bytes, tiered.serialize(interp.deserialize(bytes)), "call " + i);
      assertArrayEquals(bytes, interp.serialize(tiered.deserialize(bytes)), "call " + i);
    }
  }

  /** A registered class is interpreted after build(); its upgrade generates the classes it calls first, then itself. */
  @Test
  void upgradeGivesTheSteadyStateOfEagerGeneration() throws Exception {
    TypeRegistry r = new TypeRegistry(true, new ClassFilter(null), getClass().getClassLoader());
    r.factory(new DefaultSerializerFactory(true, true, 2, List.of(), 1000));
    Builtins.registerAll(r);
    r.registerUser(64, Outer.class, null);
    r.registerUser(65, InnerRec.class, null);
    r.registerUser(66, Inner.class, null);
    r.complete();
    Object outer = r.forClass(Outer.class).serializer;
    assertInstanceOf(Upgradable.class, outer);
    assertInstanceOf(Upgradable.class, r.forClass(Inner.class).serializer);
    Object generated = ((Upgradable) outer).upgrade();
    assertSame(generated, r.forClass(Outer.class).serializer);
    assertSame(generated, ((Upgradable) outer).upgrade(), "idempotent");
    Object inner = r.forClass(Inner.class).serializer;
    Object innerRec = r.forClass(InnerRec.class).serializer;
    for (Object s : List.of(generated, inner, innerRec)) {
      assertTrue(s.getClass().getName().contains("$$BrineSerializer"), s.toString());
    }
    List<Object> constants = new ArrayList<>();
    for (java.lang.reflect.Field f : generated.getClass().getDeclaredFields()) {
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
        f.setAccessible(true);
        constants.add(f.get(null));
      }
    }
    assertTrue(constants.contains(inner), "Inner's generated serializer is a constant of Outer's");
    assertTrue(constants.contains(innerRec), "InnerRec's generated serializer is a constant of Outer's");
  }

  static final class Node {
    int v;
    Node next;
    Peer peer;
  }

  static final class Peer {
    String s;
    Node back;
  }

  /** Classes that reach themselves through their fields (directly, or through each other) switch too. */
  @Test
  void cyclesOfClassesSwitch() {
    Brine tiered = Brine.builder().register(Node.class, Peer.class).codegenThreshold(3).build();
    Brine interp = Brine.builder().register(Node.class, Peer.class).codegen(false).build();
    for (int i = 0; i < 20; i++) {
      Node n = new Node();
      n.v = i;
      n.next = new Node();
      n.next.v = -i;
      n.peer = new Peer();
      n.peer.s = "p" + i;
      n.peer.back = new Node();
      assertArrayEquals(interp.serialize(n), tiered.serialize(n), "call " + i);
      Node back = tiered.deserialize(tiered.serialize(n), Node.class);
      assertEquals(-i, back.next.v);
      assertEquals("p" + i, back.peer.s);
    }
    assertTrue(tiered.explain(Node.class).contains("generated"), tiered.explain(Node.class));
    assertTrue(tiered.explain(Peer.class).contains("generated"), tiered.explain(Peer.class));
  }

  /** Many threads cross the threshold together on one shared Brine: every call writes and reads the right bytes. */
  @Test
  void threadsCrossTheThresholdTogether() throws Exception {
    for (int round = 0; round < 5; round++) {
      Brine tiered = brine(20 + round * 10, true, round % 2 == 1);
      Brine interp = brine(0, false, round % 2 == 1);
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          long seed = round * 100L + t;
          futures.add(pool.submit(() -> {
            Random r = new Random(seed);
            for (int i = 0; i < 200; i++) {
              Object v = value(r);
              byte[] bytes = tiered.serialize(v);
              assertArrayEquals(interp.serialize(v), bytes);
              assertArrayEquals(bytes, interp.serialize(tiered.deserialize(bytes)));
            }
            return null;
          }));
        }
        for (Future<?> f : futures) {
          f.get(120, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      for (Class<?> c : new Class<?>[] {Inner.class, Outer.class, Lists.class, Maps.class}) {
        assertTrue(tiered.explain(c).contains("generated"), tiered.explain(c));
      }
    }
  }

  @Test
  void negativeThresholdIsRefused() {
    assertThrows(dev.brine.BrineException.class, () -> Brine.builder().codegenThreshold(-1));
  }
}
