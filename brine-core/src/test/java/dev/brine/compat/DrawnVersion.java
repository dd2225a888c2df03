package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import dev.brine.compat.DrawnClasses.F;
import dev.brine.compat.DrawnClasses.Scenario;
import dev.brine.compat.DrawnClasses.T;
import dev.brine.compat.DrawnClasses.Version;
import dev.brine.testing.DrawnSources;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

/** A drawn version's classes, loaded, its Brine, and how to make and compare its values. */
final class DrawnVersion {
  final Scenario s;
  final Version v;
  final Class<?> top;
  final Class<?> nested;
  final Class<?> en;
  final Class<?> onlyNew;
  /** Whether this side reads a constant its enum does not have as null ({@code unknownEnumAsNull}). */
  final boolean asNull;
  /** The subclass of N, when this version's N is not final. */
  final Class<?> sub;
  final Brine brine;

  DrawnVersion(Scenario s, Version v, ClassLoader loader, java.util.function.UnaryOperator<Brine.Builder> mode)
      throws ClassNotFoundException {
    this(s, v, loader, mode, false);
  }

  DrawnVersion(Scenario s, Version v, ClassLoader loader, java.util.function.UnaryOperator<Brine.Builder> mode, boolean asNull)
      throws ClassNotFoundException {
    this.s = s;
    this.v = v;
    String p = "rnd" + s.k() + ".";
    top = Class.forName(p + "C", true, loader);
    nested = Class.forName(p + "N", true, loader);
    en = Class.forName(p + "E", true, loader);
    onlyNew = v.hasOnlyNew() ? Class.forName(p + "U", true, loader) : null;
    sub = v.nestedFinal() ? null : Class.forName(p + "S", true, loader);
    List<Class<?>> types = new ArrayList<>(List.of(top, nested, en));
    if (sub != null) {
      types.add(sub);
    }
    if (!v.kind().equals("record")) {
      types.add(Class.forName(p + "B", true, loader));
    }
    if (onlyNew != null) {
      types.add(onlyNew);
    }
    Collections.shuffle(types, new Random(s.k() * 31L + (v.hasOnlyNew() ? 1 : 0)));
    Brine.Builder b = mode.apply(Brine.builder().classLoader(loader));
    this.asNull = asNull;
    types.forEach(b::register);
    brine = b.build();
  }

  /**
   * Whether every incompatible pair of fields (see {@link #narrowing}) holds a null that the writer's class
   * definition cannot tell apart from a value of this side's type, so that only a value could show the
   * change: a field the writer declared as a non-final class, an interface, {@code Object} or an array of
   * such (written with its tag), or a collection into a map field or back when the map's value class is
   * not final (a definition names only final element classes); or a value of a class this side does not
   * have in a tagged field (skipped: it reads as null).
   */
  boolean onlyPerValue(DrawnVersion writer, Object value) {
    for (F mine : v.fields()) {
      F theirs = writer.match(mine);
      if (theirs == null || theirs.type().readsAs(mine.type())) {
        continue;
      }
      boolean tagged = theirs.type() == T.OBJECT
          || (theirs.type() == T.NESTED || theirs.type() == T.NESTED_ARRAY) && !writer.v.nestedFinal();
      boolean containers = container(theirs.type()) && container(mine.type()) && theirs.type() != T.MAP;
      Object x = get(value, theirs.name());
      if (!(tagged || containers) || x != null && !(containers && onlyNulls(writer, x)) && !(tagged && skipped(writer, x))) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code x} is a value of a class this side does not have (skipped: it reads as null). */
  boolean skipped(DrawnVersion writer, Object x) {
    return x != null && (writer.sub != null && sub == null && writer.sub.isInstance(x)
        || writer.onlyNew != null && onlyNew == null && writer.onlyNew.isInstance(x));
  }

  /** Whether a collection or map holds no element (or map value) but nulls and skipped values: nothing to check. */
  boolean onlyNulls(DrawnVersion writer, Object container) {
    java.util.Collection<?> c = container instanceof Map<?, ?> m ? m.values() : (java.util.Collection<?>) container;
    return c.stream().allMatch(e -> e == null || skipped(writer, e));
  }

  /** The first matched pair the reader (this) cannot read, as text; null when every one widens. */
  String narrowing(DrawnVersion writer) {
    StringBuilder b = new StringBuilder();
    for (F mine : v.fields()) {
      F theirs = writer.match(mine);
      if (theirs != null && !theirs.type().readsAs(mine.type())) {
        b.append(b.length() == 0 ? "" : ", ").append("C.").append(mine.name()).append(" written as ").append(theirs.type())
            .append(" into ").append(mine.type());
      }
    }
    return b.length() == 0 ? null : b.toString();
  }

  /**
   * This (the writer's) field that goes into the reader's field {@code reader}: the same {@code @Field} id,
   * else, for a field the writer named, the same name; a field the writer gave an id to and the reader
   * knows only by its name is the same field too (an id added before a rename, README "Evolving classes").
   */
  F match(F reader) {
    for (F f : v.fields()) {
      if (f.id() != null ? f.id().equals(reader.id()) || reader.id() == null && f.name().equals(reader.name())
          : f.name().equals(reader.name())) {
        return f;
      }
    }
    return null;
  }

  /**
   * A constant the writer's value holds in a field this side reads as its enum and this side does not
   * have (the writer's {@code D}), as text; null when there is none.
   */
  String unknownConstant(DrawnVersion writer, Object value) {
    for (F mine : v.fields()) {
      F theirs = writer.match(mine);
      if (theirs != null && theirs.type() == T.ENUM && mine.type() == T.ENUM) {
        Object c = get(value, theirs.name());
        if (c != null && !v.constants().contains(((Enum<?>) c).name())) {
          return "C." + mine.name() + " = " + c;
        }
      }
    }
    return null;
  }

  String describe(Object o) {
    StringBuilder b = new StringBuilder();
    for (F f : v.fields()) {
      Object x = get(o, f.name());
      b.append(f.name()).append('=').append(show(x)).append(x == null ? "" : " (" + x.getClass().getSimpleName() + ")").append(' ');
    }
    return b.toString();
  }

  Object make(Random r) {
    try {
      Map<String, Object> values = new LinkedHashMap<>(); // drawn in declaration order
      for (F f : v.fields()) {
        values.put(f.name(), value(r, f.type()));
      }
      return DrawnSources.instance(top, values);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private Object nested(Random r) throws ReflectiveOperationException {
    boolean asSub = sub != null && r.nextInt(3) == 0;
    Object o = (asSub ? sub : nested).getDeclaredConstructor().newInstance();
    for (F f : v.nested()) {
      field(nested, f.name()).set(o, value(r, f.type()));
    }
    if (asSub) {
      field(sub, "s").set(o, string(r));
    }
    return o;
  }

  private Object value(Random r, T t) throws ReflectiveOperationException {
    boolean nul = !t.primitive() && r.nextInt(6) == 0;
    if (nul && t != T.OPT_STRING) {
      return null;
    }
    switch (t) {
      case BYTE: return (byte) pick(r, 0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, r.nextInt());
      case SHORT: return (short) pick(r, 0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE, r.nextInt());
      case CHAR: return (char) pick(r, 0, 'a', 0xD83D, 0xFFFF, 0x7F, r.nextInt());
      case BOX_BYTE: return (byte) pick(r, 0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, r.nextInt());
      case BOX_SHORT: return (short) pick(r, 0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE, r.nextInt());
      case BOX_CHAR: return (char) pick(r, 0, 'a', 0xD83D, 0xFFFF, 0x7F, r.nextInt());
      case BOX_FLOAT: return new float[] {0f, -0f, Float.NaN, Float.MIN_VALUE, Float.MAX_VALUE, r.nextFloat() * 1e6f}[r.nextInt(6)];
      case INT: case BOX_INT: return (int) pick(r, 0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, r.nextInt());
      case LONG: case BOX_LONG: return pick(r, 0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, r.nextLong());
      case FLOAT: return new float[] {0f, -0f, Float.NaN, Float.MIN_VALUE, Float.MAX_VALUE, r.nextFloat() * 1e6f}[r.nextInt(6)];
      case DOUBLE: case BOX_DOUBLE:
        return new double[] {0d, -0d, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE, r.nextGaussian() * 1e9}[r.nextInt(6)];
      case BOOLEAN: case BOX_BOOLEAN: return r.nextBoolean();
      case STRING: return string(r);
      case OPT_STRING: return nul ? Optional.empty() : Optional.of(string(r));
      case LIST_INT: {
        List<Integer> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          l.add(r.nextInt(5) == 0 ? null : r.nextInt());
        }
        return l;
      }
      case LIST_STRING: {
        List<String> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          l.add(r.nextInt(5) == 0 ? null : string(r));
        }
        return l;
      }
      case MAP: {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          m.put(string(r), r.nextInt(3) == 0 ? null : r.nextInt());
        }
        return m;
      }
      case INT_ARRAY: {
        int[] a = new int[r.nextInt(5)];
        for (int i = 0; i < a.length; i++) {
          a[i] = r.nextInt();
        }
        return a;
      }
      case STRING_ARRAY: {
        String[] a = new String[r.nextInt(4)];
        for (int i = 0; i < a.length; i++) {
          a[i] = r.nextInt(4) == 0 ? null : string(r);
        }
        return a;
      }
      case ENUM: // now and then a constant the other version may not have (C, D)
        return en.getEnumConstants()[indexOf(en, r.nextInt(4) == 0 ? v.constants().get(r.nextInt(v.constants().size()))
            : new String[] {"A", "B"}[r.nextInt(2)])];
      case ENUM_ARRAY: {
        Object a = Array.newInstance(en, r.nextInt(4));
        for (int i = 0; i < Array.getLength(a); i++) {
          Array.set(a, i, r.nextInt(4) == 0 ? null : en.getEnumConstants()[indexOf(en, new String[] {"A", "B"}[r.nextInt(2)])]);
        }
        return a;
      }
      case MAP_LIST: {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = r.nextInt(3); i > 0; i--) {
          List<Object> l = new ArrayList<>();
          for (int k = r.nextInt(3); k > 0; k--) {
            l.add(r.nextInt(4) == 0 ? null : nested(r));
          }
          m.put(string(r), r.nextInt(5) == 0 ? null : l);
        }
        return m;
      }
      case ENUM_SET: {
        @SuppressWarnings({"unchecked", "rawtypes"})
        java.util.EnumSet<?> set = java.util.EnumSet.noneOf((Class) en);
        for (String c : new String[] {"A", "B"}) {
          if (r.nextBoolean()) {
            @SuppressWarnings({"unchecked", "rawtypes"})
            boolean added = ((java.util.Set) set).add(en.getEnumConstants()[indexOf(en, c)]);
          }
        }
        return set;
      }
      case MAP_NESTED: {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          m.put(string(r), r.nextInt(4) == 0 ? null : nested(r));
        }
        return m;
      }
      case NESTED: return nested(r);
      case LIST_NESTED: {
        List<Object> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          l.add(r.nextInt(5) == 0 ? null : nested(r));
        }
        return l;
      }
      case NESTED_ARRAY: {
        Object a = Array.newInstance(nested, r.nextInt(4));
        for (int i = 0; i < Array.getLength(a); i++) {
          Array.set(a, i, r.nextInt(4) == 0 ? null : nested(r));
        }
        return a;
      }
      case OBJECT:
        switch (r.nextInt(5)) {
          case 0: return string(r);
          case 1: return r.nextLong();
          case 2: return nested(r);
          case 3: return onlyNew != null ? onlyNew(r) : List.of(string(r));
          default: return en.getEnumConstants()[indexOf(en, "B")];
        }
      default: throw new AssertionError(t);
    }
  }

  private Object onlyNew(Random r) throws ReflectiveOperationException {
    Object o = onlyNew.getDeclaredConstructor().newInstance();
    field(onlyNew, "u").set(o, string(r));
    field(onlyNew, "w").set(o, r.nextLong());
    return o;
  }

  // ------------------------------------------------------------ comparing

  void compareTop(DrawnVersion w, Object written, Object back) {
    assertTrue(top.isInstance(back), "read a " + (back == null ? "null" : back.getClass()));
    for (F mine : v.fields()) {
      F theirs = w.match(mine);
      Object actual = get(back, mine.name());
      String path = "C." + mine.name();
      if (theirs == null) {
        expectDefault(mine.type(), actual, path);
      } else {
        compare(w, theirs.type(), get(written, theirs.name()), mine.type(), actual, path);
      }
    }
  }

  private void compareNested(DrawnVersion w, Object written, Object back, String path) {
    if (written == null) {
      assertEquals(null, back, path);
      return;
    }
    if (w.sub != null && w.sub.isInstance(written)) {
      if (sub == null) {
        assertEquals(null, back, path + ": a subclass this side does not have reads as null");
        return;
      }
      assertTrue(sub.isInstance(back), path + ": read a " + (back == null ? "null" : back.getClass()) + " for an S");
      assertEquals(get(written, "s"), get(back, "s"), path + ".s");
    } else {
      assertEquals(nested, back == null ? null : back.getClass(), path + ": the class read");
    }
    assertTrue(nested.isInstance(back), path + ": read a " + (back == null ? "null" : back.getClass()));
    for (F mine : v.nested()) {
      F theirs = null;
      for (F f : w.v.nested()) {
        if (f.name().equals(mine.name())) {
          theirs = f;
        }
      }
      Object actual = get(back, mine.name());
      if (theirs == null) {
        expectDefault(mine.type(), actual, path + "." + mine.name());
      } else {
        compare(w, theirs.type(), get(written, theirs.name()), mine.type(), actual, path + "." + mine.name());
      }
    }
  }

  private void compare(DrawnVersion w, T from, Object written, T to, Object actual, String path) {
    String at = path + " (" + from + " -> " + to + ", wrote " + show(written) + ", read " + show(actual) + ")";
    switch (to) {
      case SHORT: case INT: case LONG: case BOX_INT: case BOX_LONG: case CHAR: case BYTE: case BOX_BYTE:
      case BOX_SHORT: case BOX_CHAR:
        if (written == null) {
          assertEquals(to.primitive() ? zero(to) : null, actual, at);
        } else {
          assertEquals(integral(written), integral(actual), at);
        }
        return;
      case FLOAT: case DOUBLE: case BOX_DOUBLE: case BOX_FLOAT:
        if (written == null) {
          assertEquals(to.primitive() ? zero(to) : null, actual, at);
        } else {
          double e = written instanceof Character ch ? (double) ch.charValue() : ((Number) written).doubleValue();
          double a = ((Number) actual).doubleValue();
          assertEquals(Double.doubleToRawLongBits(e), Double.doubleToRawLongBits(a), at);
        }
        return;
      case BOOLEAN: case BOX_BOOLEAN:
        assertEquals(written == null && to == T.BOOLEAN ? Boolean.FALSE : written, actual, at);
        return;
      case OPT_STRING:
        assertEquals(from == T.STRING ? Optional.ofNullable((String) written) : written, actual, at);
        return;
      case INT_ARRAY:
        assertTrue(Arrays.equals((int[]) written, (int[]) actual), at);
        return;
      case STRING_ARRAY:
        assertTrue(Arrays.equals((Object[]) written, (Object[]) actual), at);
        return;
      case ENUM: {
        String name = written == null ? null : ((Enum<?>) written).name();
        assertEquals(name == null || !v.constants().contains(name) ? null : name, actual == null ? null : ((Enum<?>) actual).name(), at);
        return;
      }
      case ENUM_SET:
        assertEquals(names(written), names(actual), at);
        return;
      case ENUM_ARRAY:
        elements(written, actual, at, (e, a, p) -> assertEquals(name(e), name(a), p));
        return;
      case MAP_LIST:
        elements(written, actual, at, (e, a, p) -> elements(e, a, p, (x, y, q) -> compareNested(w, x, y, q)));
        return;
      case MAP_NESTED: case LIST_NESTED: case NESTED_ARRAY:
        elements(written, actual, at, (x, y, q) -> compareNested(w, x, y, q));
        return;
      case NESTED:
        compareNested(w, written, actual, at);
        return;
      case OBJECT:
        if (written != null && (written.getClass() == w.nested || written.getClass() == w.sub)) {
          compareNested(w, written, actual, at);
        } else if (written != null && written.getClass() == w.onlyNew) {
          if (onlyNew == null) {
            assertEquals(null, actual, at + ": a class this side does not have reads as null");
          } else {
            assertEquals(get(written, "u"), get(actual, "u"), at);
          }
        } else if (written instanceof Enum<?> e) {
          assertEquals(e.name(), ((Enum<?>) actual).name(), at);
        } else {
          assertEquals(written, actual, at);
        }
        return;
      default:
        assertEquals(written, actual, at);
    }
  }

  private static void expectDefault(T t, Object actual, String path) {
    assertEquals(t.primitive() ? zero(t) : null, actual, path + " (not written: its default)");
  }

  // ---------------------------------------------------------------- helpers

  private static Object zero(T t) {
    switch (t) {
      case BYTE: return (byte) 0;
      case SHORT: return (short) 0;
      case CHAR: return (char) 0;
      case INT: return 0;
      case LONG: return 0L;
      case FLOAT: return 0f;
      case DOUBLE: return 0d;
      case BOOLEAN: return false;
      default: return null;
    }
  }

  /** Checks one pair of elements (or map values) at {@code at}. */
  @FunctionalInterface
  private interface ElementCheck {
    void check(Object written, Object actual, String at);
  }

  /**
   * Compares two collections, maps or arrays: both null, or the same size (for maps the same keys) and
   * {@code each} pair of elements (map values) in order.
   */
  private static void elements(Object written, Object actual, String at, ElementCheck each) {
    if (written == null) {
      assertEquals(null, actual, at);
      return;
    }
    if (written instanceof Map<?, ?> e) {
      Map<?, ?> a = (Map<?, ?>) actual;
      assertEquals(e.keySet(), a.keySet(), at);
      for (Object key : e.keySet()) {
        each.check(e.get(key), a.get(key), at + "[" + key + "]");
      }
      return;
    }
    List<?> e = list(written);
    List<?> a = list(actual);
    assertEquals(e.size(), a.size(), at);
    for (int i = 0; i < e.size(); i++) {
      each.check(e.get(i), a.get(i), at + "[" + i + "]");
    }
  }

  private static List<?> list(Object listOrArray) {
    if (listOrArray instanceof List<?> l) {
      return l;
    }
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < Array.getLength(listOrArray); i++) {
      out.add(Array.get(listOrArray, i));
    }
    return out;
  }

  private static String name(Object constant) {
    return constant == null ? null : ((Enum<?>) constant).name();
  }

  private static boolean container(T t) {
    return t == T.LIST_STRING || t == T.LIST_INT || t == T.MAP || t == T.MAP_NESTED || t == T.LIST_NESTED || t == T.ENUM_SET
        || t == T.MAP_LIST;
  }

  private static List<String> names(Object set) {
    if (set == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Object o : (java.util.Set<?>) set) {
      out.add(((Enum<?>) o).name());
    }
    Collections.sort(out);
    return out;
  }

  private static Long integral(Object o) {
    return o == null ? null : o instanceof Character c ? (long) c.charValue() : ((Number) o).longValue();
  }

  private static long pick(Random r, long... choices) {
    return choices[r.nextInt(choices.length)];
  }

  private static final String[] STRINGS = {"", "a", "hello", "héllo", "\uD83D\uDE00 smile", "日本語", "x".repeat(40),
      "Привет, мир", "Łódź – Poland"};

  private static String string(Random r) {
    return r.nextInt(3) == 0 ? Long.toString(r.nextLong(), 36) : STRINGS[r.nextInt(STRINGS.length)];
  }

  private static int indexOf(Class<?> en, String name) {
    Object[] cs = en.getEnumConstants();
    for (int i = 0; i < cs.length; i++) {
      if (((Enum<?>) cs[i]).name().equals(name)) {
        return i;
      }
    }
    throw new AssertionError(name);
  }

  private static String show(Object o) {
    if (o instanceof int[] a) {
      return Arrays.toString(a);
    }
    if (o instanceof Object[] a) {
      return Arrays.deepToString(a);
    }
    return Objects.toString(o);
  }

  private static Object get(Object o, String name) {
    return Evolution.get(o, name);
  }

  private static Field field(Class<?> t, String name) throws NoSuchFieldException {
    return Evolution.field(t, name);
  }
}
