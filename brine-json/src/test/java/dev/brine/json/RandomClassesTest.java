package dev.brine.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brine.BrineException;
import dev.brine.testing.DrawnSources;
import java.io.IOException;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Classes no one wrote by hand, in JSON: each scenario draws a record, a class or a class with a
 * superclass of up to 40 fields (numbers, boxes, strings, chars, enums, {@code byte[]}, big numbers, a
 * nested class, lists, sets, arrays and maps of them), compiles them at test time (in a class loader of
 * their own) and writes random values. Jackson databind, which knows nothing of Brine, writes each value
 * too: the two texts are the same JSON tree; each side reads the other's text back to the same tree, and
 * Brine reads it with every object's properties reversed, an unknown property and whitespace;
 * generated and interpreted codecs write the same text; cut texts are refused with a {@link
 * BrineException}.
 *
 * <p>{@code -Dbrine.json.seed=N} and {@code -Dbrine.json.scenarios=N} run other classes.
 */
class RandomClassesTest implements DrawnSources.Scenarios<RandomClassesTest.Model> {
  /** A field type: its declaration and a value of it ({@code mode} 0: defaults and nulls, 2: edges, 1: random). */
  enum T {
    INT("int", (g, m) -> g.i(m)), LONG("long", (g, m) -> g.l(m)), SHORT("short", (g, m) -> (short) g.i(m)),
    BYTE("byte", (g, m) -> (byte) g.i(m)), DOUBLE("double", (g, m) -> g.d(m)), FLOAT("float", (g, m) -> (float) g.d(m)),
    BOOL("boolean", (g, m) -> m == 2 || m == 1 && g.r.nextBoolean()), CHAR("char", (g, m) -> m == 0 ? 'a' : g.c()),
    BINT("Integer", (g, m) -> g.absent(m) ? null : g.i(m)), BLONG("Long", (g, m) -> g.absent(m) ? null : g.l(m)),
    BDOUBLE("Double", (g, m) -> g.absent(m) ? null : g.d(m)), BBOOL("Boolean", (g, m) -> g.absent(m) ? null : Boolean.TRUE),
    STRING("String", (g, m) -> g.absent(m) ? null : g.s(m)), BYTES("byte[]", (g, m) -> g.absent(m) ? null : g.bytes()),
    ENUM("E", (g, m) -> g.absent(m) ? null : g.e()),
    BIGINT("java.math.BigInteger", (g, m) -> g.absent(m) ? null : new BigInteger(g.r.nextInt(200) + 1, g.r).negate()),
    BIGDEC("java.math.BigDecimal", (g, m) -> g.absent(m) ? null : new BigDecimal(BigInteger.valueOf(g.l(1)), g.r.nextInt(40) - 20)),
    NESTED("N", (g, m) -> g.absent(m) ? null : g.nested(m)),
    L_STRING("java.util.List<String>", (g, m) -> g.absent(m) ? null : g.list(m, () -> g.s(m))),
    L_N("java.util.List<N>", (g, m) -> g.absent(m) ? null : g.list(m, () -> g.nested(1))),
    L_LONG("java.util.List<Long>", (g, m) -> g.absent(m) ? null : g.list(m, () -> g.r.nextInt(5) == 0 ? null : g.l(m))),
    SET_E("java.util.Set<E>", (g, m) -> g.absent(m) ? null : new LinkedHashSet<>(g.list(m, g::e))),
    A_INT("int[]", (g, m) -> g.absent(m) ? null : g.ints()), A_DOUBLE("double[]", (g, m) -> g.absent(m) ? null : g.doubles()),
    A_STRING("String[]", (g, m) -> g.absent(m) ? null : g.list(m, () -> g.s(m)).toArray(new String[0])),
    A_N("N[]", (g, m) -> g.absent(m) ? null : g.nestedArray()),
    M_STRING_INT("java.util.Map<String, Integer>", (g, m) -> g.absent(m) ? null : g.map(m, () -> g.s(1), () -> g.i(m))),
    M_INT_STRING("java.util.Map<Integer, String>", (g, m) -> g.absent(m) ? null : g.map(m, () -> g.i(1), () -> g.s(m))),
    M_E_N("java.util.Map<E, N>", (g, m) -> g.absent(m) ? null : g.map(m, g::e, () -> g.nested(1))),
    M_STRING_LIST("java.util.Map<String, java.util.List<Double>>",
        (g, m) -> g.absent(m) ? null : g.map(m, () -> g.s(1), () -> g.list(m, () -> g.d(m))));

    final String java;
    final BiFunction<Values, Integer, Object> value;

    T(String java, BiFunction<Values, Integer, Object> value) {
      this.java = java;
      this.value = value;
    }
  }

  private static final T[] NESTED = {T.INT, T.STRING, T.DOUBLE, T.BLONG, T.ENUM, T.L_LONG, T.BOOL};
  private static final int SCENARIOS = Integer.getInteger("brine.json.scenarios", 24);
  private static final long SEED = Long.getLong("brine.json.seed", 20261127L);
  private static final ObjectMapper JACKSON = new ObjectMapper();

  record F(String name, T type, boolean inBase) {}

  record Model(int k, String kind, boolean nestedRecord, List<F> fields, List<F> nested) {}

  @TempDir
  Path dir;

  @Test
  void randomClassesWriteJacksonsTreeAndReadEachOthersText() throws Exception {
    DrawnSources.run(SEED, SCENARIOS, this);
  }

  @Override
  public String describe(Model m) {
    StringBuilder b = new StringBuilder("scenario " + m.k + " (" + m.kind + ")\n");
    m.fields.forEach(f -> b.append("  ").append(f.inBase ? "(base) " : "").append(f.type.java).append(' ').append(f.name).append('\n'));
    return b.toString();
  }

  @Override
  public Model draw(Random r, int k) {
    String kind = new String[] {"record", "class", "sub"}[r.nextInt(3)];
    int n = 1 + r.nextInt(r.nextBoolean() ? 8 : 40);
    List<F> fields = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      fields.add(new F("f" + i, T.values()[r.nextInt(T.values().length)], kind.equals("sub") && r.nextInt(3) == 0));
    }
    List<F> nested = new ArrayList<>();
    for (int i = 0, nn = 1 + r.nextInt(4); i < nn; i++) {
      nested.add(new F("n" + i, NESTED[r.nextInt(NESTED.length)], false));
    }
    return new Model(k, kind, r.nextBoolean(), fields, nested);
  }

  @Override
  public ClassLoader compile(List<Model> models) throws IOException {
    List<String> files = new ArrayList<>();
    for (Model m : models) {
      Path pkg = dir.resolve("jrnd" + m.k);
      String head = "package jrnd" + m.k + ";\n\n";
      DrawnSources.write(pkg.resolve("E.java"), head + "public enum E { RED, GREEN, BLUE_ISH }\n", files);
      DrawnSources.write(pkg.resolve("N.java"), head + DrawnSources.declare("N", m.nestedRecord ? "record" : "class", decls(m.nested), false), files);
      DrawnSources.writeTop(pkg, head, m.kind, decls(m.fields), files);
    }
    return DrawnSources.compile(dir, files, RandomClassesTest.class.getClassLoader());
  }

  private static List<DrawnSources.Decl> decls(List<F> fields) {
    return fields.stream().map(f -> new DrawnSources.Decl("", f.type.java, f.name, f.inBase)).toList();
  }

  @Override
  public void check(Random r, Model m, ClassLoader loader) throws Exception {
    Class<?> c = Class.forName("jrnd" + m.k + ".C", true, loader);
    JsonMapper gen = JsonMapper.builder().register(c).build();
    JsonMapper interp = JsonMapper.builder().register(c).codegen(false).build();
    assertTrue(gen.explain(c).contains("generated"), gen.explain(c));
    Values g = new Values(r, m, loader);
    for (int i = 0; i < 12; i++) {
      Object v = g.make(c, m.fields, i == 0 ? 0 : i == 1 ? 2 : 1);
      String text = gen.toJson(v);
      assertEquals(text, interp.toJson(v), "generated and interpreted write the same text");
      assertEquals(text, new String(gen.toJsonBytes(v), StandardCharsets.UTF_8));
      String jackson = JACKSON.writeValueAsString(v);
      JsonNode tree = JACKSON.readTree(text);
      assertEquals(JACKSON.readTree(jackson), tree, () -> "Jackson's tree\n" + jackson + "\nBrine's\n" + text);
      for (JsonMapper j : List.of(gen, interp)) {
        assertEquals(tree, JACKSON.readTree(j.toJson(j.fromJson(text, c))), "Brine reads its own text back");
        assertEquals(tree, JACKSON.readTree(j.toJson(j.fromJson(jackson.getBytes(StandardCharsets.UTF_8), c))),
            "Brine reads Jackson's text");
        JsonNode again = JACKSON.readTree(j.toJson(j.fromJson(shuffled(tree), c)));
        assertTrue(tree.equals(SAME_NUMBER, again), () -> "any order, unknown fields, whitespace\n" + tree + "\n" + again);
      }
      if (m.fields.stream().noneMatch(f -> f.type == T.SET_E)) { // Jackson reads a Set<E> into an EnumSet: ordinal order
        assertEquals(tree, JACKSON.readTree(JACKSON.writeValueAsString(JACKSON.readValue(text, c))), "Jackson reads Brine's text");
      }
      for (int len = 0; len < text.length(); len += 1 + len / 6) {
        try {
          gen.fromJson(text.substring(0, len), c);
          fail("a cut text of " + len + " characters was read");
        } catch (BrineException expected) {
          // refused with its line and column
        }
      }
    }
  }

  /**
   * Numbers equal by value: text printed from Jackson's tree (doubles as {@code -9.2E15}) reads into a
   * {@code BigDecimal} of another scale, which Brine writes as {@code -9200000000000000}.
   */
  private static final java.util.Comparator<JsonNode> SAME_NUMBER = (a, b) -> a.isNumber() && b.isNumber()
      ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

  /**
   * {@code tree} as other valid JSON for the same value: every object's properties in reverse order, an
   * unknown property of every JSON shape in the top object, pretty-printed.
   */
  private static String shuffled(JsonNode tree) throws IOException {
    ObjectNode top = (ObjectNode) reversed(tree);
    top.set("zz_unknown", JACKSON.readTree("{\"a\":[1,-2.5e300,{\"b\":null,\"c\":[true,false,{}]}],\"d\":\"\\u00e9\\n\"}"));
    return JACKSON.writerWithDefaultPrettyPrinter().writeValueAsString(top);
  }

  private static JsonNode reversed(JsonNode n) {
    if (n.isObject()) {
      List<String> names = new ArrayList<>();
      n.fieldNames().forEachRemaining(names::add);
      java.util.Collections.reverse(names);
      ObjectNode o = JACKSON.createObjectNode();
      for (String name : names) {
        o.set(name, reversed(n.get(name)));
      }
      return o;
    }
    if (n.isArray()) {
      ArrayNode a = JACKSON.createArrayNode();
      n.forEach(e -> a.add(reversed(e)));
      return a;
    }
    return n;
  }

  /** Random values of the drawn types. */
  static final class Values {
    final Random r;
    private final Model m;
    private final Class<?> n;
    private final Object[] constants;

    Values(Random r, Model m, ClassLoader loader) throws ClassNotFoundException {
      this.r = r;
      this.m = m;
      this.n = Class.forName("jrnd" + m.k + ".N", true, loader);
      this.constants = Class.forName("jrnd" + m.k + ".E", true, loader).getEnumConstants();
    }

    Object make(Class<?> type, List<F> fields, int mode) throws Exception {
      Map<String, Object> vals = new HashMap<>();
      for (F f : fields) {
        vals.put(f.name, f.type.value.apply(this, mode));
      }
      return DrawnSources.instance(type, vals);
    }

    boolean absent(int mode) {
      return mode == 0 || mode == 1 && r.nextInt(4) == 0;
    }

    Object nested(int mode) {
      try {
        return make(n, m.nested, mode);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }

    Object nestedArray() {
      Object a = Array.newInstance(n, r.nextInt(4));
      for (int i = 0; i < Array.getLength(a); i++) {
        Array.set(a, i, r.nextInt(5) == 0 ? null : nested(1));
      }
      return a;
    }

    Object e() {
      return constants[r.nextInt(constants.length)];
    }

    int i(int mode) {
      int[] edges = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 127, -129};
      return mode == 0 ? 0 : mode == 2 || r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : r.nextInt() >> r.nextInt(32);
    }

    long l(int mode) {
      long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 1L << 53, (1L << 53) + 1};
      return mode == 0 ? 0 : mode == 2 || r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : r.nextLong() >> r.nextInt(64);
    }

    double d(int mode) {
      double[] edges = {Double.NaN, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, 1e23, 2e-308, 0.1};
      return mode == 0 ? 0 : mode == 2 || r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)]
          : (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(60) - 30);
    }

    char c() {
      char[] cs = {'"', '\\', '\n', '\u0000', '\u001F', 'é', '€', '\u2028', 'z'};
      return cs[r.nextInt(cs.length)];
    }

    String s(int mode) {
      String[] pieces = {"", "a", "\"", "\\", "\n\t", "é", "日本", "\uD83D\uDE00", "\u0001", "</script>", "\u2028"};
      StringBuilder b = new StringBuilder();
      for (int i = 0, parts = mode == 2 ? 4 : r.nextInt(5); i < parts; i++) {
        b.append(pieces[r.nextInt(pieces.length)]);
      }
      return r.nextInt(10) == 0 ? b + "x".repeat(r.nextInt(400)) : b.toString();
    }

    byte[] bytes() {
      byte[] b = new byte[r.nextInt(40)];
      r.nextBytes(b);
      return b;
    }

    int[] ints() {
      int[] a = new int[r.nextInt(6)];
      for (int i = 0; i < a.length; i++) {
        a[i] = i(1);
      }
      return a;
    }

    double[] doubles() {
      double[] a = new double[r.nextInt(6)];
      for (int i = 0; i < a.length; i++) {
        a[i] = d(1);
      }
      return a;
    }

    <X> List<X> list(int mode, java.util.function.Supplier<X> element) {
      List<X> l = new ArrayList<>();
      for (int i = 0, size = mode == 2 ? 1 : r.nextInt(5); i < size; i++) {
        l.add(element.get());
      }
      return l;
    }

    <K, V> Map<K, V> map(int mode, java.util.function.Supplier<K> key, java.util.function.Supplier<V> value) {
      Map<K, V> x = new LinkedHashMap<>();
      for (int i = 0, size = mode == 2 ? 1 : r.nextInt(5); i < size; i++) {
        x.put(key.get(), value.get());
      }
      return x;
    }
  }
}
