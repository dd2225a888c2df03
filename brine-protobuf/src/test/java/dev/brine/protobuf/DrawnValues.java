package dev.brine.protobuf;

import dev.brine.testing.DrawnSources;
import dev.brine.protobuf.RandomClassesTest.F;
import dev.brine.protobuf.RandomClassesTest.Model;
import dev.brine.protobuf.RandomClassesTest.T;
import java.lang.reflect.Array;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Random values of {@link RandomClassesTest}'s drawn types, edge values first. */
final class DrawnValues {
  private final Random r;
  private final Model m;
  private final Class<?> c;
  private final Class<?> n;
  private final Object[] constants;

DrawnValues(Random r, Model m, Class<?> c, Class<?> n, Class<?> e) {
    this.r = r;
    this.m = m;
    this.c = c;
    this.n = n;
    this.constants = e.getEnumConstants();
  }

  /** A value of {@code type}: {@code mode} 0 all defaults and nulls, 2 all edge values, 1 random. */
  Object make(Class<?> type, List<F> fields, int mode) throws Exception {
    Map<String, Object> vals = new LinkedHashMap<>();
    for (F f : fields) {
      vals.put(f.name(), value(f.type(), mode));
    }
    return DrawnSources.instance(type, vals);
  }

  private boolean absent(int mode) {
    return mode == 0 || mode == 1 && r.nextInt(4) == 0;
  }

  private Object value(T t, int mode) throws Exception {
    switch (t) {
      case INT: case SINT: case UINT: case FIX32: return i(mode);
      case LONG: case SINT64: case UINT64: case FIX64: return l(mode);
      case SHORT: return (short) (mode == 0 ? 0 : mode == 2 ? Short.MIN_VALUE : r.nextInt());
      case BYTE: return (byte) (mode == 0 ? 0 : mode == 2 ? -1 : r.nextInt());
      case CHAR: return (char) (mode == 0 ? 0 : mode == 2 ? 0xFFFF : r.nextInt(0x10000));
      case FLOAT: return mode == 0 ? 0f : (float) d(mode);
      case DOUBLE: return mode == 0 ? 0d : d(mode);
      case BOOL: return mode != 0 && (mode == 2 || r.nextBoolean());
      case ENUM: return constants[mode == 0 ? 0 : r.nextInt(constants.length)];
      case BINT: return absent(mode) ? null : i(mode == 2 ? 1 : 1 + r.nextInt(2));
      case BLONG: return absent(mode) ? null : l(2);
      case BSHORT: return absent(mode) ? null : (short) 0;
      case BCHAR: return absent(mode) ? null : (char) r.nextInt(0x10000);
      case BFLOAT: return absent(mode) ? null : mode == 2 ? -0.0f : (float) d(mode);
      case BDOUBLE: return absent(mode) ? null : mode == 2 ? Double.NaN : d(mode);
      case BBOOL: return absent(mode) ? null : mode == 2 ? Boolean.FALSE : (Boolean) r.nextBoolean();
      case STRING: return absent(mode) ? null : s(mode);
      case BYTES: return absent(mode) ? null : bytes(mode);
      case OPT_STRING: return absent(mode) ? Optional.empty() : Optional.of(s(mode));
      case OPT_N: return absent(mode) ? Optional.empty() : Optional.of(make(n, m.nested(), mode));
      case OPT_E: return absent(mode) ? Optional.empty() : Optional.of(constants[r.nextInt(constants.length)]);
      case OPT_INT: return absent(mode) ? OptionalInt.empty() : OptionalInt.of(mode == 2 ? 0 : i(1));
      case OPT_LONG: return absent(mode) ? OptionalLong.empty() : OptionalLong.of(l(mode));
      case OPT_DOUBLE: return absent(mode) ? OptionalDouble.empty() : OptionalDouble.of(mode == 2 ? -0.0 : d(1));
      case INSTANT: return absent(mode) ? null : mode == 2 ? Instant.ofEpochSecond(-1, 1)
          : Instant.ofEpochSecond(r.nextInt() * 3L, r.nextInt(1_000_000_000));
      case DURATION: return absent(mode) ? null : mode == 2 ? Duration.ofSeconds(-5, 999_999_999)
          : Duration.ofSeconds(r.nextInt() / 7, r.nextInt(1_000_000_000));
      case MSG: return absent(mode) ? null : make(n, m.nested(), mode == 2 ? 0 : 1);
      default: return container(t, mode);
    }
  }

  private Object container(T t, int mode) throws Exception {
    if (mode == 0) {
      return t.name().startsWith("A_") ? null : r.nextBoolean() ? null : empty(t);
    }
    int size = mode == 2 ? 1 : r.nextInt(6);
    switch (t) {
      case L_INT: { List<Integer> l = new ArrayList<>(); for (int i = 0; i < size; i++) l.add(i(mode)); return l; }
      case L_STRING: { List<String> l = new ArrayList<>(); for (int i = 0; i < size; i++) l.add(s(mode)); return l; }
      case L_N: { List<Object> l = new ArrayList<>(); for (int i = 0; i < size; i++) l.add(make(n, m.nested(), i % 2)); return l; }
      case L_E: { List<Object> l = new ArrayList<>(); for (int i = 0; i < size; i++) l.add(constants[r.nextInt(constants.length)]); return l; }
      case SET_STRING: { Set<String> s = new LinkedHashSet<>(); for (int i = 0; i < size; i++) s.add(s(1)); return s; }
      case SORTED_LONG: { TreeSet<Long> s = new TreeSet<>(); for (int i = 0; i < size; i++) s.add(l(1)); return s; }
      case DEQUE_DOUBLE: { ArrayDeque<Double> q = new ArrayDeque<>(); for (int i = 0; i < size; i++) q.add(d(mode)); return q; }
      case COL_BOOL: { List<Boolean> l = new ArrayList<>(); for (int i = 0; i < size; i++) l.add(r.nextBoolean()); return l; }
      case A_INT: { int[] a = new int[size]; for (int i = 0; i < size; i++) a[i] = i(mode); return a; }
      case A_LONG: { long[] a = new long[size]; for (int i = 0; i < size; i++) a[i] = l(mode); return a; }
      case A_DOUBLE: { double[] a = new double[size]; for (int i = 0; i < size; i++) a[i] = d(mode); return a; }
      case A_FLOAT: { float[] a = new float[size]; for (int i = 0; i < size; i++) a[i] = (float) d(mode); return a; }
      case A_BOOL: { boolean[] a = new boolean[size]; for (int i = 0; i < size; i++) a[i] = r.nextBoolean(); return a; }
      case A_STRING: { String[] a = new String[size]; for (int i = 0; i < size; i++) a[i] = s(mode); return a; }
      case A_N: { Object a = Array.newInstance(n, size); for (int i = 0; i < size; i++) Array.set(a, i, make(n, m.nested(), 1)); return a; }
      case M_STRING_INT: { Map<String, Integer> x = new LinkedHashMap<>(); for (int i = 0; i < size; i++) x.put(s(1), i(mode)); return x; }
      case M_INT_STRING: { Map<Integer, String> x = new LinkedHashMap<>(); for (int i = 0; i < size; i++) x.put(i(1), s(mode)); return x; }
      case M_LONG_N: { Map<Long, Object> x = new LinkedHashMap<>(); for (int i = 0; i < size; i++) x.put(l(1), make(n, m.nested(), i % 2)); return x; }
      case M_STRING_E: { TreeMap<String, Object> x = new TreeMap<>(); for (int i = 0; i < size; i++) x.put(s(1), constants[r.nextInt(constants.length)]); return x; }
      case M_BOOL_DOUBLE: { Map<Boolean, Double> x = new LinkedHashMap<>(); for (int i = 0; i < size; i++) x.put(r.nextBoolean(), d(mode)); return x; }
      default: throw new AssertionError(t);
    }
  }

  private Object empty(T t) {
    if (t.map()) return t == T.M_STRING_E ? new TreeMap<>() : new LinkedHashMap<>();
    if (t == T.SORTED_LONG) return new TreeSet<>();
    if (t == T.SET_STRING) return new LinkedHashSet<>();
    if (t == T.DEQUE_DOUBLE) return new ArrayDeque<>();
    return new ArrayList<>();
  }

  private int i(int mode) {
    int[] edges = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 1, 127, 128, -129};
    return mode == 0 ? 0 : mode == 2 || r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : r.nextInt() >> r.nextInt(32);
  }

  private long l(int mode) {
    long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 1L << 35, (1L << 56) - 1};
    return mode == 0 ? 0 : mode == 2 || r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : r.nextLong() >> r.nextInt(64);
  }

  private double d(int mode) {
    double[] edges = {Double.NaN, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, 1e-300};
    return mode == 2 || r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(40) - 20);
  }

  private String s(int mode) {
    String[] pieces = {"", "a", "é", "日本", "\uD83D\uDE00", "\u0000", "x\ty", "ü€"};
    StringBuilder b = new StringBuilder();
    int parts = mode == 2 ? 3 : r.nextInt(5);
    for (int i = 0; i < parts; i++) {
      b.append(pieces[r.nextInt(pieces.length)]);
    }
    if (r.nextInt(8) == 0) {
      b.append("k".repeat(r.nextInt(300)));
    }
    return b.toString();
  }

  private byte[] bytes(int mode) {
    byte[] b = new byte[mode == 2 ? 0 : r.nextInt(20)];
    r.nextBytes(b);
    return b;
  }
}
