package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.builtin.Builtins;
import dev.brine.codegen.CodegenContainersTest.Lists;
import dev.brine.codegen.CodegenContainersTest.Maps;
import dev.brine.codegen.CodegenRunsTest.Boxes;
import dev.brine.codegen.CodegenRunsTest.Pt;
import dev.brine.codegen.CodegenTest.Mode;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.registry.TypeRegistry;
import dev.brine.security.ClassFilter;
import java.util.*;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Generated code calling the serializers of nested final classes directly: same bytes, references, depth limits and bad input as the interpreter. */
class CodegenNestedTest {
  static final class Inner {
    int x;
    String s;
    Inner() {}
    Inner(int x, String s) { this.x = x; this.s = s; }
  }

  record InnerRec(long a, Inner in) {}

  static final class Outer {
    Inner a;
    private Inner b;
    InnerRec r;
    Mode m;
    double d;
  }

  record OuterRec(Inner x, InnerRec y, int z, Inner w) {}

  static Brine nestedBrine(boolean codegen, boolean refs, int maxDepth) {
    return Brine.builder().register(Inner.class, InnerRec.class, Outer.class, OuterRec.class, Mode.class)
        .codegen(codegen).references(refs).maxDepth(maxDepth).build();
  }

  /** Nested final classes are called directly by generated code: same bytes, nulls, refs, depth limit. */
  @Property(tries = 40)
  void nestedDeclaredClassesMatchTheInterpreter(@ForAll int seed, @ForAll boolean refs) {
    Inner shared = seed % 3 == 0 ? null : new Inner(seed, seed % 2 == 0 ? null : "s" + seed);
    Outer o = new Outer();
    o.a = shared;
    o.b = seed % 5 == 0 ? null : new Inner(-seed, "b");
    o.r = seed % 7 == 0 ? null : new InnerRec(seed * 3L, shared);
    o.m = seed % 2 == 0 ? Mode.ON : null;
    o.d = seed / 3.0;
    OuterRec rec = new OuterRec(shared, o.r, seed, o.b);
    Brine gen = nestedBrine(true, refs, 512);
    Brine interp = nestedBrine(false, refs, 512);
    for (Object v : new Object[] {o, rec}) {
      byte[] bytes = gen.serialize(v);
      assertArrayEquals(interp.serialize(v), bytes);
      assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
      assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
    }
    if (refs && shared != null && o.r != null) {
      Outer back = gen.deserialize(gen.serialize(o), Outer.class);
      assertSame(back.a, back.r.in());
    }
  }

  /** The values of the static fields (the constants) of a generated serializer's class. */
  private static List<Object> staticConstants(Object serializer) throws IllegalAccessException {
    List<Object> constants = new ArrayList<>();
    for (java.lang.reflect.Field f : serializer.getClass().getDeclaredFields()) {
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
        f.setAccessible(true);
        constants.add(f.get(null));
      }
    }
    return constants;
  }

  /** Registered before the classes it holds, a class still gets their serializers as direct constants. */
  @Test
  void nestedSerializersAreCalledDirectlyWhateverTheRegistrationOrder() throws Exception {
    TypeRegistry r = new TypeRegistry(false, new ClassFilter(null), getClass().getClassLoader());
    r.factory(new DefaultSerializerFactory(true));
    Builtins.registerAll(r);
    r.registerUser(64, Outer.class, null);
    r.registerUser(65, InnerRec.class, null);
    r.registerUser(66, Inner.class, null);
    r.complete();
    Object inner = r.forClass(Inner.class).serializer;
    Object innerRec = r.forClass(InnerRec.class).serializer;
    List<Object> constants = staticConstants(r.forClass(Outer.class).serializer);
    assertTrue(constants.contains(inner), "Inner's serializer is a constant of Outer's");
    assertTrue(constants.contains(innerRec), "InnerRec's serializer is a constant of Outer's");
    r.registerUser(67, Lists.class, null);
    r.complete();
    List<Object> listConstants = staticConstants(r.forClass(Lists.class).serializer);
    assertTrue(listConstants.contains(inner), "the element loop of List<Inner> calls Inner's serializer directly");
    assertTrue(listConstants.contains(innerRec), "the element loop of Collection<InnerRec> calls it directly");
    r.registerUser(69, CodegenContainersTest.Side.class, null);
    r.registerUser(70, CodegenContainersTest.Flat.class, null);
    r.registerUser(71, CodegenContainersTest.FlatRec.class, null);
    r.registerUser(72, CodegenContainersTest.FlatLists.class, null);
    r.complete();
    Object flat = r.forClass(CodegenContainersTest.Flat.class).serializer;
    assertTrue(flat instanceof dev.brine.plan.FlatWriter, "a class of numbers, boxes and enums writes into a caller's window");
    assertTrue(r.forClass(CodegenContainersTest.FlatRec.class).serializer instanceof dev.brine.plan.FlatWriter, "a record too");
    assertFalse((Object) inner instanceof dev.brine.plan.FlatWriter, "a class with a String field does not");
    assertFalse(innerRec instanceof dev.brine.plan.FlatWriter, "nor one with a nested object");
    assertTrue(staticConstants(r.forClass(CodegenContainersTest.FlatLists.class).serializer).contains(flat),
        "the element loop of List<Flat> calls Flat's serializer directly");
    r.registerUser(68, Maps.class, null);
    r.complete();
    List<Object> mapConstants = staticConstants(r.forClass(Maps.class).serializer);
    assertTrue(mapConstants.contains(inner) && mapConstants.contains(innerRec),
        "the entry loop of Map<Inner, InnerRec> calls both serializers directly");
  }

  /**
   * Registered before their element, key and value classes (and completed with them at once, as
   * compatible mode and {@code codegenThreshold(0)} do), collection and map fields still loop over
   * their entries with those serializers as direct constants.
   */
  @Test
  void elementSerializersAreCreatedFirstWhateverTheRegistrationOrder() throws Exception {
    TypeRegistry r = new TypeRegistry(false, new ClassFilter(null), getClass().getClassLoader());
    r.factory(new DefaultSerializerFactory(true));
    Builtins.registerAll(r);
    r.registerUser(64, Lists.class, null);
    r.registerUser(65, Maps.class, null);
    r.registerUser(66, InnerRec.class, null);
    r.registerUser(67, Inner.class, null);
    r.complete();
    Object inner = r.forClass(Inner.class).serializer;
    Object innerRec = r.forClass(InnerRec.class).serializer;
    List<Object> listConstants = staticConstants(r.forClass(Lists.class).serializer);
    assertTrue(listConstants.contains(inner) && listConstants.contains(innerRec),
        "the element loops of List<Inner> and Collection<InnerRec> call the element serializers directly");
    List<Object> mapConstants = staticConstants(r.forClass(Maps.class).serializer);
    assertTrue(mapConstants.contains(inner) && mapConstants.contains(innerRec),
        "the entry loop of Map<Inner, InnerRec> calls both serializers directly");
  }

  @Test
  void nestedDepthLimitAndBadSlotsAsTheInterpreter() {
    OuterRec deep = new OuterRec(null, new InnerRec(1, new Inner(2, "x")), 3, null); // 3 levels
    for (boolean codegen : new boolean[] {true, false}) {
      Brine shallow = nestedBrine(codegen, false, 2);
      assertThrows(LimitExceededException.class, () -> shallow.serialize(deep));
      byte[] bytes = nestedBrine(codegen, false, 512).serialize(deep);
      assertThrows(LimitExceededException.class, () -> shallow.deserialize(bytes));
      // the slot byte of OuterRec.x (null, 0): a back-reference (1) with references off, or garbage (7)
      int slot = bytes.length - 1;
      while (bytes[slot] != 0) {
        slot--;
      }
      for (byte bad : new byte[] {1, 7}) {
        byte[] b = bytes.clone();
        b[slot] = bad;
        Brine any = nestedBrine(codegen, false, 512);
        assertThrows(MalformedInputException.class, () -> any.deserialize(b), "slot " + bad);
      }
    }
  }

  /** Corrupted payloads of classes on the generated fast paths fail with a BrineException, nothing else. */
  @Property(tries = 200)
  void corruptedFastPathPayloadsFailCleanly(@ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    Outer o = new Outer();
    o.a = new Inner(r.nextInt(), "a");
    o.b = r.nextBoolean() ? null : new Inner(r.nextInt(), null);
    o.r = new InnerRec(r.nextLong(), o.a);
    o.m = Mode.OFF;
    o.d = r.nextDouble();
    Boxes bx = new Boxes();
    bx.b = r.nextInt();
    bx.e = r.nextBoolean() ? null : r.nextDouble();
    Object[] values = {o, new OuterRec(o.a, o.r, r.nextInt(), null), bx,
        new Pt(r.nextDouble(), r.nextDouble(), r.nextFloat(), (short) r.nextInt(), (char) r.nextInt(), (byte) r.nextInt(), "n", 1),
        CodegenContainersTest.lists(r), CodegenContainersTest.maps(r, 300)};
    Brine b = Brine.builder().register(Inner.class, InnerRec.class, Outer.class, OuterRec.class, Mode.class, Boxes.class, Pt.class,
        Lists.class, Maps.class).build();
    for (Object v : values) {
      byte[] bytes = b.serialize(v);
      byte[] bad = bytes.clone();
      for (int k = 0, n = 1 + r.nextInt(3); k < n; k++) {
        bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
      }
      try {
        b.deserialize(bad); // a flip may still decode to a (different) valid value
      } catch (dev.brine.BrineException expected) {
        // what and where are in the message
      }
    }
  }
}
