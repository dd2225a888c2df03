package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.*;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Values inside user classes: enums with bodies, primitive arrays, floating-point bits, JDK values, containers. */
class ValueShapesTest {
  enum Op {
    A {
      @Override
      int f() {
        return 1;
      }
    },
    B,
    C {
      @Override
      int f() {
        return 3;
      }
    };

    int f() {
      return 0;
    }
  }

  static final class Enums {
    Op one;
    Op none;
    Object asObject;
    List<Op> list;
    Set<Op> set;
    EnumSet<Op> enumSet;
    EnumMap<Op, String> enumMap;
    Map<Op, Op> map;
    Op[] arr;
    Object[] objs;
    Set<Op> emptyEnumSet;
  }

  @Test
  void enumsWithConstantBodiesEverywhere() {
    Enums e = new Enums();
    e.one = Op.C;
    e.asObject = Op.A;
    e.list = new ArrayList<>(List.of(Op.A, Op.B, Op.C, Op.A));
    e.set = new HashSet<>(List.of(Op.C, Op.A));
    e.enumSet = EnumSet.of(Op.A, Op.C);
    e.enumMap = new EnumMap<>(Op.class);
    e.enumMap.put(Op.C, "c");
    e.enumMap.put(Op.A, "a");
    e.map = new TreeMap<>(Map.of(Op.C, Op.A, Op.B, Op.C));
    e.arr = new Op[] {Op.C, null, Op.B};
    e.objs = new Object[] {Op.A, Op.B, Op.C};
    e.emptyEnumSet = EnumSet.noneOf(Op.class);
    each(e, b -> {
      assertSame(Op.C, b.one);
      assertNull(b.none);
      assertSame(Op.A, b.asObject);
      assertEquals(e.list, b.list);
      assertEquals(e.set, b.set);
      assertEquals(e.enumSet, b.enumSet);
      assertTrue(b.enumSet instanceof EnumSet);
      assertEquals(e.enumMap, b.enumMap);
      assertEquals(EnumMap.class, b.enumMap.getClass());
      assertEquals(e.map, b.map);
      assertEquals(TreeMap.class, b.map.getClass());
      assertArrayEquals(e.arr, b.arr);
      assertArrayEquals(e.objs, b.objs);
      assertTrue(b.emptyEnumSet instanceof EnumSet);
      assertTrue(b.emptyEnumSet.isEmpty());
      ((EnumSet<Op>) b.emptyEnumSet).add(Op.B);
      assertEquals(3, b.one.f());
    }, Enums.class, Op.class);
    each(EnumSet.of(Op.C), b -> assertEquals(EnumSet.of(Op.C), b), Op.class);
    each(Op.C, b -> assertSame(Op.C, b), Op.class);
  }

  static final class Prims {
    boolean[] z = {true, false, true};
    byte[] b = {Byte.MIN_VALUE, 0, Byte.MAX_VALUE};
    short[] s = {Short.MIN_VALUE, -1, Short.MAX_VALUE};
    char[] c = {'a', '\uD800', '\uDC00', '\uFFFF', 0};
    int[] i = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE};
    long[] l = {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE};
    float[] f = {Float.intBitsToFloat(0x7fc00001), -0.0f, Float.MIN_VALUE, Float.NEGATIVE_INFINITY, Float.intBitsToFloat(0xff800123)};
    double[] d = {Double.longBitsToDouble(0x7ff8000000000123L), -0.0, Double.MIN_VALUE, Double.longBitsToDouble(0xfff0000000000001L)};
    boolean[] ez = {};
    byte[] eb = {};
    short[] es = {};
    char[] ec = {};
    int[] ei = {};
    long[] el = {};
    float[] ef = {};
    double[] ed = {};
    int[][] jag = {{1}, null, {}, {2, 3, 4}};
    long[][][] cube = {{{1, 2}, {3}}, {}, null, {null}};
    double[][] dd = {{-0.0}, {Double.NaN}};
    boolean[][] zz = {{true}, {}};
    char[][] cc = {{'\uDBFF', '\uDFFF'}, null};
    Object[] mixed = {1, 2L, 3.0f, 4.0, (byte) 5, (short) 6, 'x', true, "s", null, new int[] {1}, new String[] {"a"}, new Object[] {null}, Op.A, BigInteger.TEN};
    Object asObj = new float[][] {{1f}, null};
    float nanField = Float.intBitsToFloat(0x7f800001);
    double negZero = -0.0;
    double nanPayload = Double.longBitsToDouble(0x7ff0000000000001L);
    Float boxedNan = Float.intBitsToFloat(0xffc00042);
    Double boxedNegZero = -0.0;
    Double boxedNull;
    Character surrogate = '\uDC01';
    char hi = '\uD83D';
    char lo = '\uDE00';
  }

  @Test
  void primitiveArraysOfEveryTypeAndFloatingPointBits() {
    for (boolean compress : new boolean[] {true, false}) {
      Prims p = new Prims();
      for (boolean refs : new boolean[] {false, true}) {
        Brine gen = Brine.builder().codegenThreshold(0).references(refs).compressNumbers(compress).register(Prims.class, Op.class).build();
        Brine interp = Brine.builder().codegenThreshold(Integer.MAX_VALUE).references(refs).compressNumbers(compress)
            .register(Prims.class, Op.class).build();
        byte[] bytes = gen.serialize(p);
        assertArrayEquals(interp.serialize(p), bytes);
        for (Brine r : new Brine[] {gen, interp}) {
          checkPrims(p, (Prims) r.deserialize(bytes));
        }
      }
    }
  }

  private static void checkPrims(Prims p, Prims b) {
    assertArrayEquals(p.z, b.z);
    assertArrayEquals(p.b, b.b);
    assertArrayEquals(p.s, b.s);
    assertArrayEquals(p.c, b.c);
    assertArrayEquals(p.i, b.i);
    assertArrayEquals(p.l, b.l);
    for (int k = 0; k < p.f.length; k++) {
      assertEquals(Float.floatToRawIntBits(p.f[k]), Float.floatToRawIntBits(b.f[k]), "f" + k);
    }
    for (int k = 0; k < p.d.length; k++) {
      assertEquals(Double.doubleToRawLongBits(p.d[k]), Double.doubleToRawLongBits(b.d[k]), "d" + k);
    }
    assertEquals(0, b.ez.length + b.eb.length + b.es.length + b.ec.length + b.ei.length + b.el.length + b.ef.length + b.ed.length);
    assertEquals(float[].class, b.ef.getClass());
    assertTrue(Arrays.deepEquals(p.jag, b.jag));
    assertTrue(Arrays.deepEquals(p.cube, b.cube));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(b.dd[0][0]));
    assertTrue(Double.isNaN(b.dd[1][0]));
    assertTrue(Arrays.deepEquals(p.zz, b.zz));
    assertTrue(Arrays.deepEquals(p.cc, b.cc));
    assertTrue(Arrays.deepEquals(p.mixed, b.mixed));
    for (int k = 0; k < p.mixed.length; k++) {
      assertEquals(p.mixed[k] == null ? null : p.mixed[k].getClass(), b.mixed[k] == null ? null : b.mixed[k].getClass(), "mixed " + k);
    }
    assertTrue(Arrays.deepEquals((float[][]) p.asObj, (float[][]) b.asObj));
    assertEquals(Float.floatToRawIntBits(p.nanField), Float.floatToRawIntBits(b.nanField));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(b.negZero));
    assertEquals(0x7ff0000000000001L, Double.doubleToRawLongBits(b.nanPayload));
    assertEquals(0xffc00042, Float.floatToRawIntBits(b.boxedNan));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(b.boxedNegZero));
    assertNull(b.boxedNull);
    assertEquals('\uDC01', b.surrogate);
    assertEquals('\uD83D', b.hi);
    assertEquals('\uDE00', b.lo);
  }

  record Jdk(Optional<String> os, Optional<Integer> empty, OptionalInt oi, OptionalDouble od, Instant instant, LocalDate date,
      LocalDateTime ldt, ZonedDateTime zdt, OffsetTime ot, Duration dur, Period period, Year year, ZoneId zone, BigDecimal neg,
      BigDecimal big, BigInteger bi, UUID uuid, Object anyTime) {}

  @Test
  void jdkValuesInRecords() {
    Jdk j = new Jdk(Optional.of("x"), Optional.empty(), OptionalInt.of(-5), OptionalDouble.of(-0.0), Instant.ofEpochSecond(-1, 999_999_999),
        LocalDate.of(-4800, 2, 29), LocalDateTime.MAX, ZonedDateTime.of(2020, 3, 29, 2, 30, 0, 1, ZoneId.of("Europe/Paris")),
        OffsetTime.of(1, 2, 3, 4, ZoneOffset.ofHoursMinutesSeconds(-5, -30, -7)), Duration.ofSeconds(-3, 5), Period.of(-1, 13, 400),
        Year.of(-999_999_999), ZoneOffset.UTC, new BigDecimal("-12.5E+7"), new BigDecimal(new BigInteger("-1" + "0".repeat(100)), -3),
        BigInteger.ONE.shiftLeft(300).negate(), new UUID(Long.MIN_VALUE, -1), MonthDay.of(2, 29));
    each(j, b -> {
      assertEquals(j, b);
      assertEquals(j.neg().scale(), b.neg().scale());
      assertEquals(-6, b.neg().scale());
      assertEquals(-3, b.big().scale());
      assertEquals(j.zdt().getZone(), b.zdt().getZone());
    }, Jdk.class);
  }

  static final class Containers {
    Map<String, List<Map<Integer, Set<Long>>>> nested;
    LinkedHashMap<String, Integer> linked;
    Map<String, Integer> linkedAsMap;
    TreeMap<String, Integer> reversed;
    SortedSet<String> byLength;
    List<Integer> listOf;
    Map<String, Integer> mapOf;
    Set<String> setOf;
    List<String> unmod;
    Map<String, String> sync;
    Set<Object> empty;
    List<String> singleton;
    Map<Integer, Integer> emptyMap;
    List<String> asList;
    List<Integer> sub;
    Collection<String> coll;
    Iterable<Integer> iter;
    Deque<String> deque;
  }

  static final class ByLength implements Comparator<String> {
    @Override
    public int compare(String a, String b) {
      int c = Integer.compare(a.length(), b.length());
      return c != 0 ? c : a.compareTo(b);
    }
  }

  @Test
  void aTreeSetWithANonSerializableLambdaComparatorIsRefusedWhenWritten() {
    Containers c = new Containers();
    c.byLength = new TreeSet<>(Comparator.comparingInt(String::length));
    Brine b = Brine.builder().register(Containers.class).build();
    dev.brine.BrineException e = assertThrows(dev.brine.ClassNotAllowedException.class, () -> b.serialize(c));
    assertTrue(e.getMessage().contains("Serializable"), e.getMessage());
  }

  @Test
  void nestedAndJdkContainers() {
    Containers c = new Containers();
    Map<Integer, Set<Long>> inner = new HashMap<>();
    inner.put(1, new TreeSet<>(List.of(5L, -1L)));
    inner.put(null, null);
    inner.put(2, new HashSet<>());
    c.nested = new HashMap<>();
    c.nested.put("a", new ArrayList<>(Arrays.asList(inner, null, new HashMap<>())));
    c.nested.put("b", null);
    c.linked = new LinkedHashMap<>();
    c.linkedAsMap = new LinkedHashMap<>();
    for (int i = 100; i > 0; i -= 7) {
      c.linked.put("k" + i, i);
      c.linkedAsMap.put("k" + (i * 31 % 17), i);
    }
    c.reversed = new TreeMap<>(Comparator.reverseOrder());
    c.reversed.putAll(Map.of("a", 1, "b", 2, "c", 3));
    c.byLength = new TreeSet<>(new ByLength());
    c.byLength.addAll(List.of("ccc", "a", "bb", "aa"));
    c.listOf = List.of(3, 1, 2);
    c.mapOf = Map.of("x", 1, "y", 2);
    c.setOf = Set.of("p", "q", "r");
    c.unmod = Collections.unmodifiableList(new ArrayList<>(List.of("u")));
    c.sync = Collections.synchronizedMap(new LinkedHashMap<>(Map.of("s", "t")));
    c.empty = Collections.emptySet();
    c.singleton = Collections.singletonList("one");
    c.emptyMap = Collections.emptyMap();
    c.asList = Arrays.asList("x", null, "z");
    c.sub = new ArrayList<>(List.of(0, 1, 2, 3, 4)).subList(1, 4);
    c.coll = new ArrayDeque<>(List.of("d1", "d2"));
    c.iter = new LinkedList<>(List.of(9, 8));
    c.deque = new ArrayDeque<>(List.of("e"));
    each(c, b -> {
      assertEquals(c.nested, b.nested);
      assertEquals(TreeSet.class, b.nested.get("a").get(0).get(1).getClass());
      assertEquals(new ArrayList<>(c.linked.keySet()), new ArrayList<>(b.linked.keySet()));
      assertEquals(new ArrayList<>(c.linkedAsMap.entrySet()), new ArrayList<>(b.linkedAsMap.entrySet()));
      assertEquals(LinkedHashMap.class, b.linkedAsMap.getClass());
      assertEquals(List.of("c", "b", "a"), new ArrayList<>(b.reversed.keySet()));
      assertEquals(ByLength.class, ((TreeSet<String>) b.byLength).comparator().getClass());
      b.reversed.put("d", 4);
      assertEquals("d", b.reversed.firstKey());
      assertEquals(List.of("a", "aa", "bb", "ccc"), new ArrayList<>(b.byLength));
      b.byLength.add("b");
      assertEquals(List.of("a", "b", "aa", "bb", "ccc"), new ArrayList<>(b.byLength));
      assertEquals(List.of(3, 1, 2), b.listOf);
      assertThrows(UnsupportedOperationException.class, () -> b.listOf.add(1));
      assertEquals(c.mapOf, b.mapOf);
      assertThrows(UnsupportedOperationException.class, () -> b.mapOf.put("z", 0));
      assertEquals(c.setOf, b.setOf);
      assertEquals(c.unmod, b.unmod);
      assertThrows(UnsupportedOperationException.class, () -> b.unmod.add("v"));
      assertEquals(c.sync, b.sync);
      assertEquals(c.sync.getClass(), b.sync.getClass());
      assertSame(Collections.emptySet(), b.empty);
      assertEquals(c.singleton.getClass(), b.singleton.getClass());
      assertEquals(List.of("one"), b.singleton);
      assertSame(Collections.emptyMap(), b.emptyMap);
      assertEquals(c.asList, b.asList);
      assertEquals(c.asList.getClass(), b.asList.getClass());
      b.asList.set(1, "y");
      assertEquals(List.of(1, 2, 3), b.sub);
      assertEquals(ArrayDeque.class, b.coll.getClass());
      assertEquals(List.of("d1", "d2"), new ArrayList<>(b.coll));
      assertEquals(LinkedList.class, b.iter.getClass());
      assertEquals(c.iter, b.iter);
      assertEquals("e", b.deque.peek());
    }, Containers.class, ByLength.class);
  }

  static final class Strings {
    String longAscii;
    String longUtf16;
    String lone;
    String mixed;
    String empty = "";
    String nul = "\0";
    char[] chars;
    List<String> many;
  }

  @Test
  void longStringsAndUnpairedSurrogates() {
    Strings s = new Strings();
    s.longAscii = "abcdefghij".repeat(200_000);
    StringBuilder sb = new StringBuilder();
    Random r = new Random(7);
    for (int i = 0; i < 300_000; i++) {
      sb.append((char) r.nextInt(0x10000));
    }
    s.longUtf16 = sb.toString();
    s.lone = "\uD800";
    s.mixed = "a\uDC00\uD800b\uD83D\uDE00\uDBFF" + "é" + "\uFFFF\uFFFE";
    s.chars = s.mixed.toCharArray();
    s.many = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      s.many.add(i % 3 == 0 ? "\uDFFF" + i : i % 3 == 1 ? "é" + i : "x".repeat(i % 300));
    }
    each(s, b -> {
      assertEquals(s.longAscii, b.longAscii);
      assertEquals(s.longUtf16, b.longUtf16);
      assertEquals(s.lone, b.lone);
      assertEquals(s.mixed, b.mixed);
      assertEquals("", b.empty);
      assertEquals("\0", b.nul);
      assertArrayEquals(s.chars, b.chars);
      assertEquals(s.many, b.many);
    }, Strings.class);
  }

  @Test
  void aClassOf300MixedFields() {
    for (int seed = 0; seed < 3; seed++) {
      Wide300 w = Wide300.sample(seed);
      each(w, b -> Wide300.check(w, b), Wide300.class);
      for (boolean compress : new boolean[] {true, false}) {
        Brine gen = Brine.builder().codegenThreshold(0).compressNumbers(compress).register(Wide300.class).build();
        Brine interp = Brine.builder().codegenThreshold(Integer.MAX_VALUE).compressNumbers(compress).register(Wide300.class).build();
        byte[] bytes = gen.serialize(w);
        assertArrayEquals(interp.serialize(w), bytes);
        Wide300.check(w, (Wide300) interp.deserialize(bytes));
        Wide300.check(w, (Wide300) gen.deserialize(bytes));
      }
    }
  }
}
