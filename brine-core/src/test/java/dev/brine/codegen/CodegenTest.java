package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
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
    r.registerUser(68, Maps.class, null);
    r.complete();
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

  record Pt(double x, double y, float z, short s, char c, byte b, String name, double w) {}

  static final class Samples {
    int id;
    double a, b, c;
    float f;
    char ch;
    short sh;
    byte by;
    boolean flag;
    double[] rest;
  }

  /** Runs of fixed-width fields are read with one bounds check: same values, truncation at every offset. */
  @Property(tries = 40)
  void fixedWidthRunsRoundTripAndTruncate(@ForAll double x, @ForAll double y, @ForAll float z, @ForAll short sh,
      @ForAll char c, @ForAll byte b, @ForAll int id) {
    Brine gen = Brine.builder().register(Pt.class, Samples.class).build();
    Brine interp = Brine.builder().register(Pt.class, Samples.class).codegen(false).build();
    Pt pt = new Pt(x, y, z, sh, c, b, "p", -x);
    Samples smp = new Samples();
    smp.id = id; smp.a = x; smp.b = y; smp.c = -y; smp.f = z; smp.ch = c; smp.sh = sh; smp.by = b; smp.flag = id % 2 == 0;
    smp.rest = new double[] {x};
    for (Object v : new Object[] {pt, smp}) {
      byte[] bytes = gen.serialize(v);
      assertArrayEquals(interp.serialize(v), bytes);
      assertArrayEquals(bytes, gen.serialize(gen.deserialize(bytes)));
      assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
      for (int cut = 0; cut < bytes.length; cut++) {
        byte[] part = java.util.Arrays.copyOf(bytes, cut);
        assertThrows(MalformedInputException.class, () -> gen.deserialize(part), "cut at " + cut);
      }
    }
  }

  static final class Boxes {
    int a;
    Integer b;
    Long c;
    double d;
    Double e;
    Float f;
    Integer g;
    short h;
  }

  /** Boxed numbers inside runs of primitive fields (slot byte and value, or the null slot): same bytes. */
  @Property(tries = 60)
  void boxedNumbersInRunsMatchTheInterpreter(@ForAll int a, @ForAll Integer b, @ForAll Long c, @ForAll double d,
      @ForAll Double e, @ForAll Float f, @ForAll short h, @ForAll boolean nulls) {
    Boxes x = new Boxes();
    x.a = a; x.b = nulls ? null : b; x.c = c; x.d = d; x.e = nulls ? null : e; x.f = f; x.g = nulls ? b : null; x.h = h;
    Brine gen = Brine.builder().register(Boxes.class).build();
    Brine interp = Brine.builder().register(Boxes.class).codegen(false).build();
    byte[] bytes = gen.serialize(x);
    assertArrayEquals(interp.serialize(x), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
  }

  static final class Lists {
    List<Inner> items;
    Set<String> names;
    Collection<InnerRec> recs;
    List<Inner> empty = new ArrayList<>();
    List<Inner> absent;
    List<Inner> withNull;
    List<Inner> immutable;
    SortedSet<String> sorted;
    int after;
  }

  static Lists lists(java.util.Random r) {
    Lists l = new Lists();
    l.items = new ArrayList<>();
    for (int i = r.nextInt(4); i >= 0; i--) {
      l.items.add(new Inner(r.nextInt(), r.nextBoolean() ? null : "i" + i));
    }
    l.names = new LinkedHashSet<>(List.of("a", "b" + r.nextInt(9)));
    l.recs = new LinkedList<>(List.of(new InnerRec(r.nextLong(), l.items.get(0))));
    l.withNull = new ArrayList<>(Arrays.asList(new Inner(1, "x"), null));
    l.immutable = List.of(new Inner(2, "y"));
    l.sorted = new TreeSet<>(List.of("q", "p"));
    l.after = r.nextInt();
    return l;
  }

  /** Collection fields of final element classes: generated element loops, same bytes as the interpreter. */
  @Property(tries = 40)
  void collectionFieldsMatchTheInterpreter(@ForAll long seed, @ForAll boolean refs) {
    Lists l = lists(new java.util.Random(seed));
    Brine gen = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).references(refs).build();
    Brine interp = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).references(refs)
        .codegen(false).build();
    byte[] bytes = gen.serialize(l);
    assertArrayEquals(interp.serialize(l), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
    Lists back = gen.deserialize(bytes, Lists.class);
    assertEquals(l.items.size(), back.items.size());
    assertEquals(l.names, back.names);
    assertEquals(ArrayList.class, back.items.getClass());
    assertThrows(UnsupportedOperationException.class, () -> back.immutable.add(null));
    assertEquals(l.after, back.after);
  }

  @Test
  void collectionLoopsCountDepthAndRejectDuplicates() {
    Lists l = lists(new java.util.Random(1));
    for (boolean codegen : new boolean[] {true, false}) {
      Brine shallow = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).codegen(codegen)
          .maxDepth(2).build();
      assertThrows(LimitExceededException.class, () -> shallow.serialize(l), "codegen " + codegen); // Lists > list > InnerRec > Inner
    }
    Lists dup = new Lists();
    dup.names = new LinkedHashSet<>(List.of("aa", "ab"));
    Brine b = Brine.builder().register(Inner.class, InnerRec.class, Lists.class).build();
    byte[] bytes = b.serialize(dup);
    int at = indexOf(bytes, new byte[] {'a', 'b'});
    bytes[at + 1] = 'a'; // the set now holds "aa" twice
    byte[] bad = bytes;
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> b.deserialize(bad));
    assertTrue(e.getMessage().contains("distinct"), e.getMessage());
  }

  static final class Maps {
    Map<Inner, InnerRec> beans;
    Map<String, Integer> counts;
    Map<Integer, Inner> big;
    Map<String, Inner> nullKey;
    Map<String, Inner> nullValue;
    SortedMap<String, Integer> sorted;
    Map<String, Integer> immutable;
    Map<String, Integer> empty = new HashMap<>();
    Map<String, Integer> absent;
    long after;
  }

  static Maps maps(java.util.Random r, int bigSize) {
    Maps m = new Maps();
    m.beans = new LinkedHashMap<>();
    for (int i = r.nextInt(3); i >= 0; i--) {
      Inner k = new Inner(i, "k" + r.nextInt(100));
      m.beans.put(k, new InnerRec(r.nextLong(), r.nextBoolean() ? k : null));
    }
    m.counts = new HashMap<>(Map.of("a", r.nextInt(), "b", 2));
    m.big = new LinkedHashMap<>();
    for (int i = 0; i < bigSize; i++) {
      m.big.put(i * 31, new Inner(i, null));
    }
    m.nullKey = new HashMap<>();
    m.nullKey.put(null, new Inner(1, "n"));
    m.nullKey.put("x", new Inner(2, "x"));
    m.nullValue = new LinkedHashMap<>();
    m.nullValue.put("y", null);
    m.nullValue.put("z", new Inner(3, "z"));
    m.sorted = new TreeMap<>(Map.of("q", 1, "p", 2));
    m.immutable = Map.of("i", 9);
    m.after = r.nextLong();
    return m;
  }

  /** Map fields of final key and value classes: generated entry loops (chunks of 255), same bytes as the interpreter. */
  @Property(tries = 30)
  void mapFieldsMatchTheInterpreter(@ForAll long seed, @ForAll boolean refs) {
    java.util.Random r = new java.util.Random(seed);
    Maps m = maps(r, r.nextInt(700));
    Brine gen = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).references(refs).build();
    Brine interp = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).references(refs).codegen(false).build();
    byte[] bytes = gen.serialize(m);
    assertArrayEquals(interp.serialize(m), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
    Maps back = gen.deserialize(bytes, Maps.class);
    assertEquals(m.big.size(), back.big.size());
    assertEquals(m.counts, back.counts);
    assertEquals(m.sorted, back.sorted);
    assertThrows(UnsupportedOperationException.class, () -> back.immutable.put("j", 1));
    assertEquals(m.after, back.after);
  }

  @Test
  void mapLoopsRejectRepeatedKeysAndCountDepth() {
    Maps m = new Maps();
    m.counts = new LinkedHashMap<>(Map.of("ab", 1));
    m.counts.put("aa", 2);
    Brine b = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).build();
    byte[] bytes = b.serialize(m);
    int at = indexOf(bytes, new byte[] {'a', 'b'});
    bytes[at + 1] = 'a'; // "aa" twice
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> b.deserialize(bytes));
    assertTrue(e.getMessage().contains("distinct keys"), e.getMessage());
    Maps deep = new Maps();
    deep.beans = Map.of(new Inner(1, "a"), new InnerRec(2, new Inner(3, "b"))); // Maps > map > InnerRec > Inner
    for (boolean codegen : new boolean[] {true, false}) {
      Brine shallow = Brine.builder().register(Inner.class, InnerRec.class, Maps.class).codegen(codegen).maxDepth(3).build();
      assertThrows(LimitExceededException.class, () -> shallow.serialize(deep), "codegen " + codegen);
    }
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    for (int i = 0; i + part.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    throw new AssertionError("not found");
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
        lists(r), maps(r, 300)};
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

  /** A run of primitive fields with varints and booleans, as a class and as a record (read with the position in a local). */
  static final class Prims {
    boolean a;
    int b;
    long c;
    byte d;
    boolean e;
    int f;
    short g;
    long h;
    char i;
    float j;
    double k;
    int l;
  }

  record PrimRec(int a, boolean b, long c, int d, long e, boolean f) {}

  static Prims prims(java.util.Random r) {
    Prims p = new Prims();
    p.a = r.nextBoolean();
    p.b = edge(r);
    p.c = edgeLong(r);
    p.d = (byte) r.nextInt();
    p.e = r.nextBoolean();
    p.f = edge(r);
    p.g = (short) r.nextInt();
    p.h = edgeLong(r);
    p.i = (char) r.nextInt();
    p.j = r.nextFloat();
    p.k = r.nextDouble();
    p.l = edge(r);
    return p;
  }

  /** Ints of every varint length, edges included. */
  static int edge(java.util.Random r) {
    int[] edges = {0, 1, -1, 63, -64, 64, 8191, -8192, 8192, Integer.MAX_VALUE, Integer.MIN_VALUE};
    return r.nextBoolean() ? edges[r.nextInt(edges.length)] : r.nextInt() >> r.nextInt(32);
  }

  /** Longs of every prefix-varint length, edges included. */
  static long edgeLong(java.util.Random r) {
    long[] edges = {0, 1, -1, 63, -64, 64, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 55, -(1L << 55), 1L << 62};
    return r.nextBoolean() ? edges[r.nextInt(edges.length)] : r.nextLong() >> r.nextInt(64);
  }

  @Property(tries = 100)
  void varintRunsReadWhatTheInterpreterReads(@ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    Brine gen = Brine.builder().register(Prims.class, PrimRec.class).build();
    Brine interp = Brine.builder().register(Prims.class, PrimRec.class).codegen(false).build();
    assertTrue(gen.explain(Prims.class).contains("generated"));
    Prims p = prims(r);
    byte[] bytes = gen.serialize(p);
    assertArrayEquals(interp.serialize(p), bytes);
    Prims back = gen.deserialize(bytes, Prims.class);
    assertArrayEquals(bytes, interp.serialize(back));
    assertEquals(p.c, back.c);
    assertEquals(p.l, back.l);
    PrimRec rec = new PrimRec(edge(r), r.nextBoolean(), edgeLong(r), edge(r), edgeLong(r), r.nextBoolean());
    byte[] rb = gen.serialize(rec);
    assertArrayEquals(interp.serialize(rec), rb);
    assertEquals(rec, gen.deserialize(rb, PrimRec.class));
    // a run read in place (more bytes follow) and one read from the padded tail (the payload's end)
    List<Object> two = new ArrayList<>(List.of(rec, p));
    assertEquals(List.of(rec), List.of(gen.deserialize(gen.serialize(List.of(rec)), List.class).get(0)));
    byte[] listBytes = gen.serialize(two);
    assertArrayEquals(interp.serialize(two), listBytes);
    assertArrayEquals(listBytes, interp.serialize(gen.deserialize(listBytes)));
  }

  @Property(tries = 100)
  void truncatedVarintRunsAreTruncatedNeverWrong(@ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    Brine gen = Brine.builder().register(Prims.class, PrimRec.class).build();
    for (Object v : new Object[] {prims(r), new PrimRec(edge(r), true, edgeLong(r), edge(r), edgeLong(r), false)}) {
      byte[] bytes = gen.serialize(v);
      for (int n = 0; n < bytes.length; n++) {
        byte[] cut = java.util.Arrays.copyOf(bytes, n);
        assertThrows(dev.brine.BrineException.class, () -> gen.deserialize(cut), "cut at " + n);
      }
      // a bare value in a stream: a cut is TruncatedInputException (the reader waits for more bytes)
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      gen.serializeValue(v, out);
      byte[] bare = out.toByteArray();
      for (int n = 0; n < bare.length; n++) {
        java.nio.ByteBuffer cut = java.nio.ByteBuffer.wrap(java.util.Arrays.copyOf(bare, n));
        assertThrows(dev.brine.TruncatedInputException.class, () -> gen.deserializeValue(cut), "cut at " + n);
        assertEquals(0, cut.position());
      }
      assertEquals(v.getClass(), gen.deserializeValue(java.nio.ByteBuffer.wrap(bare)).getClass());
    }
  }

  @Test
  void malformedBytesInVarintRunsAreRefusedWithTheirOffset() {
    Brine gen = Brine.builder().register(PrimRec.class).build();
    byte[] ok = gen.serialize(new PrimRec(1, true, 2, 3, 4, false));
    // header, type id (varuint32 64 = one byte), then a=1 (zig-zag 2), b=true, ...
    byte[] badBoolean = ok.clone();
    badBoolean[3] = 2;
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> gen.deserialize(badBoolean));
    assertTrue(e.getMessage().contains("offset"), e.getMessage());
    byte[] longVarint = new byte[ok.length + 4];
    System.arraycopy(ok, 0, longVarint, 0, 2);
    longVarint[2] = (byte) 0x82;
    longVarint[3] = (byte) 0x80;
    longVarint[4] = (byte) 0x80;
    longVarint[5] = (byte) 0x80;
    longVarint[6] = (byte) 0x10; // a fifth byte with more than 4 bits: longer than 32 bits
    System.arraycopy(ok, 3, longVarint, 7, ok.length - 3);
    assertThrows(MalformedInputException.class, () -> gen.deserialize(longVarint));
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
