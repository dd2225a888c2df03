package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Compatible mode against class versions no one wrote by hand: each scenario draws a class (plain,
 * with a superclass, or a record), a nested class, an enum and a class only the newer version has,
 * then a second version of them with fields added, removed, reordered, renamed through {@code @Field}
 * ids, given an id later, moved between superclass and subclass, widened, boxed or unboxed, and enum
 * constants added and reordered. Both versions are compiled at test time, each in its own class
 * loader; random values are written by each version and read by the other, and every field is checked
 * against what the rules of README "Evolving classes" say it must read as: the writer's value
 * (widened, boxed, unboxed, wrapped), the field's default when the writer had no such field, or a
 * {@link BrineException} when the reader's type is narrower — never another value.
 *
 * <p>The seed is fixed for the build ({@code -Dbrine.evolution.seed=N} and {@code
 * -Dbrine.evolution.scenarios=N} for a longer campaign).
 */
class RandomEvolutionTest {
  private static final long SEED = Long.getLong("brine.evolution.seed", 20261127L);
  private static final int SCENARIOS = Integer.getInteger("brine.evolution.scenarios", 30);
  private static final int VALUES = 12;

  /** The field types drawn; each knows its Java spelling and which types it may widen into. */
  enum T {
    BYTE("byte"), SHORT("short"), INT("int"), LONG("long"), FLOAT("float"), DOUBLE("double"),
    BOOLEAN("boolean"), CHAR("char"), BOX_BYTE("Byte"), BOX_SHORT("Short"), BOX_INT("Integer"), BOX_LONG("Long"),
    BOX_FLOAT("Float"), BOX_DOUBLE("Double"), BOX_BOOLEAN("Boolean"), BOX_CHAR("Character"), STRING("String"),
    OPT_STRING("java.util.Optional<String>"), LIST_STRING("java.util.List<String>"), LIST_INT("java.util.List<Integer>"),
    MAP("java.util.Map<String, Integer>"), INT_ARRAY("int[]"), STRING_ARRAY("String[]"), ENUM("E"),
    ENUM_SET("java.util.EnumSet<E>"), NESTED("N"), LIST_NESTED("java.util.List<N>"), NESTED_ARRAY("N[]"),
    MAP_NESTED("java.util.Map<String, N>"), ENUM_ARRAY("E[]"), MAP_LIST("java.util.Map<String, java.util.List<N>>"),
    OBJECT("Object");

    final String java;

    T(String java) {
      this.java = java;
    }

    boolean primitive() {
      return ordinal() <= CHAR.ordinal();
    }

    /** The primitive of a primitive or box (null for other types). */
    T unboxed() {
      return ordinal() <= CHAR.ordinal() ? this
          : ordinal() <= BOX_CHAR.ordinal() ? new T[] {BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, BOOLEAN, CHAR}[ordinal() - BOX_BYTE.ordinal()]
          : null;
    }

    /** The types a reader may declare for a field the writer wrote as this type (README "Evolving classes"). */
    List<T> widenings() {
      List<T> out = new ArrayList<>();
      for (T to : values()) {
        if (to != this && readsAs(to)) {
          out.add(to);
        }
      }
      return out;
    }

    /** Whether a field written as {@code this} may be read into a field of type {@code to}. */
    boolean readsAs(T to) {
      if (this == to || this == STRING && to == OPT_STRING) {
        return true;
      }
      T a = unboxed();
      T b = to.unboxed();
      if (a == null || b == null) {
        return false;
      }
      if (a == b) {
        return true; // primitive <-> box
      }
      switch (a) {
        case BYTE: return b == SHORT || b == INT || b == LONG || b == FLOAT || b == DOUBLE;
        case SHORT: case CHAR: return b == INT || b == LONG || b == FLOAT || b == DOUBLE;
        case INT: return b == LONG || b == DOUBLE;
        case FLOAT: return b == DOUBLE;
        default: return false;
      }
    }
  }

  /** One field of one version. */
  record F(int uid, String name, Integer id, T type, boolean inBase) {}

  /** One version of a scenario's classes. */
  record Version(String kind, List<F> fields, List<F> nested, boolean nestedFinal, List<String> constants,
      boolean hasOnlyNew) {}

  /** A scenario: its index and its two versions. */
  record Scenario(int k, Version v1, Version v2) {}

  private static final String[] KINDS = {"class", "sub", "record"};
  private static final T[] TOP = T.values();
  private static final T[] NESTED_TYPES = {T.INT, T.LONG, T.STRING, T.DOUBLE, T.BOX_INT, T.BOOLEAN};

  @Test
  void randomVersionsReadEachOther() throws Exception {
    Random r = new Random(SEED);
    List<Scenario> scenarios = new ArrayList<>();
    for (int k = 0; k < SCENARIOS; k++) {
      scenarios.add(scenario(r, k));
    }
    Path root = Paths.get("target/evolution-random", Long.toString(SEED));
    ClassLoader l1 = compile(root.resolve("v1"), scenarios, true);
    ClassLoader l2 = compile(root.resolve("v2"), scenarios, false);
    List<String> failures = new ArrayList<>();
    int[] outcomes = new int[3];
    for (Scenario s : scenarios) {
      boolean asNull = s.k % 3 == 2; // a third of the scenarios read unknown constants as null
      Ctx c1 = new Ctx(s, s.v1, l1, b -> b.compatible(true).unknownEnumAsNull(asNull), asNull);
      Ctx c2 = new Ctx(s, s.v2, l2, b -> b.compatible(true).unknownEnumAsNull(asNull), asNull);
      for (boolean forward : new boolean[] {true, false}) {
        Ctx w = forward ? c1 : c2;
        Ctx rd = forward ? c2 : c1;
        String dir = forward ? "v1 -> v2" : "v2 -> v1";
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < VALUES; i++) {
          long vs = r.nextLong();
          Object value = w.make(new Random(vs));
          values.add(value);
          String where = "scenario " + s.k + " (" + dir + ", value seed " + vs + ")";
          try {
            dump(s.k + (forward ? "-v1-" : "-v2-") + i, w.brine.serialize(value));
            outcomes[check(w, rd, value, where)]++;
            // what the reader read from the other version changes nothing of how it reads its own
            Object own = rd.make(new Random(vs));
            rd.compareTop(rd, own, rd.brine.deserialize(rd.brine.serialize(own), rd.top));
            if (i < 3) {
              mutated(w.brine.serialize(value), rd, new Random(vs));
            }
          } catch (AssertionError | RuntimeException e) {
            failures.add(where + ": " + e);
          }
        }
        try {
          stream(w, rd, values);
        } catch (AssertionError | RuntimeException e) {
          failures.add("scenario " + s.k + " (" + dir + ", a stream of " + values.size() + " values): " + e);
        }
      }
    }
    Map<String, String> kinds = new LinkedHashMap<>();
    for (String f : failures) {
      kinds.putIfAbsent(f.replaceAll("value seed -?[0-9]+", "").replaceAll(", wrote .*", "").replaceAll("without an error: .*", ""), f);
    }
    assertTrue(SEED != 20261127L || outcomes[READ] > 0 && outcomes[REFUSED] > 0 && outcomes[UNKNOWN_CONSTANT] > 0,
        "every outcome drawn (read, refused, unknown constant): " + Arrays.toString(outcomes));
    assertTrue(failures.isEmpty(), failures.size() + " failures (sources under " + root + "), one of each kind:\n"
        + String.join("\n", kinds.values()));
  }

  /** The same drawn classes (the newer versions), each value round-tripped by one Brine of every mode. */
  @Test
  void randomShapesRoundTripInEveryMode() throws Exception {
    Random r = new Random(SEED + 1);
    List<Scenario> scenarios = new ArrayList<>();
    for (int k = 0; k < SCENARIOS; k++) {
      scenarios.add(scenario(r, k));
    }
    ClassLoader loader = compile(Paths.get("target/evolution-random", SEED + "-shapes"), scenarios, false);
    Map<String, java.util.function.UnaryOperator<Brine.Builder>> modes = new LinkedHashMap<>();
    modes.put("generated", b -> b.codegenThreshold(0));
    modes.put("interpreted", b -> b.codegen(false));
    modes.put("tiered", b -> b.codegenThreshold(3));
    modes.put("references", b -> b.references(true).codegenThreshold(0));
    modes.put("fixed numbers", b -> b.compressNumbers(false).codegenThreshold(0));
    modes.put("format 1", b -> b.formatVersion(1));
    modes.put("compatible", b -> b.compatible(true));
    modes.put("compatible, interpreted", b -> b.compatible(true).codegen(false).references(true));
    List<String> failures = new ArrayList<>();
    for (Scenario s : scenarios) {
      for (Map.Entry<String, java.util.function.UnaryOperator<Brine.Builder>> m : modes.entrySet()) {
        Ctx c = new Ctx(s, s.v2, loader, m.getValue());
        for (int i = 0; i < VALUES / 2; i++) {
          long vs = r.nextLong();
          try {
            Object value = c.make(new Random(vs));
            byte[] bytes = c.brine.serialize(value);
            c.compareTop(c, value, c.brine.deserialize(bytes, c.top));
            if (i == 0) {
              mutated(bytes, c, new Random(vs));
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            c.brine.serializeValue(value, out);
            c.compareTop(c, value, c.brine.deserializeValue(java.nio.ByteBuffer.wrap(out.toByteArray())));
          } catch (AssertionError | RuntimeException e) {
            failures.add("scenario " + s.k + " (" + m.getKey() + ", value seed " + vs + "): " + e);
          }
        }
      }
    }
    assertTrue(failures.isEmpty(), failures.size() + " failures, first ones:\n"
        + String.join("\n", failures.subList(0, Math.min(10, failures.size()))));
  }

  /** With {@code -Dbrine.evolution.dump=DIR}, each payload written is also saved there (for {@code ./brine inspect}). */
  private static void dump(String name, byte[] bytes) {
    String dir = System.getProperty("brine.evolution.dump");
    if (dir != null) {
      try {
        Files.createDirectories(Paths.get(dir));
        Files.write(Paths.get(dir, name + ".bin"), bytes);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  private static final int READ = 0;
  private static final int REFUSED = 1;
  private static final int UNKNOWN_CONSTANT = 2;

  /** Writes {@code value} with {@code w}, reads it with {@code rd} and checks what it reads; returns the outcome. */
  private static int check(Ctx w, Ctx rd, Object value, String where) {
    byte[] bytes = w.brine.serialize(value);
    String narrowing = rd.narrowing(w);
    boolean maybe = narrowing != null && rd.onlyPerValue(w, value);
    String unknown = narrowing == null && !rd.asNull ? rd.unknownConstant(w, value) : null;
    Object back;
    try {
      back = rd.brine.deserialize(bytes, rd.top);
    } catch (BrineException e) {
      String m = String.valueOf(e.getMessage());
      if (narrowing != null) {
        assertTrue(m.contains(rd.top.getName()), "the error names the class: " + m);
        return REFUSED;
      }
      if (unknown != null) {
        assertTrue(m.contains("enum constant " + unknown.substring(unknown.indexOf("= ") + 2) + ","), "the error names the constant: " + m);
        return UNKNOWN_CONSTANT;
      }
      throw new AssertionError("unexpected " + e, e);
    }
    if ((narrowing != null && !maybe) || unknown != null) {
      fail("read " + (narrowing != null ? narrowing : unknown) + " without an error: " + rd.describe(back));
    }
    if (maybe) {
      return READ; // a null the definition cannot tell from a value of this side's type (docs/format.md)
    }
    rd.compareTop(w, value, back);
    return READ;
  }

  /**
   * Damaged copies of a payload (bytes changed, the end cut off) read by {@code rd}: each is read or
   * refused with a {@link BrineException} that is not a decoder's own index or null-pointer error, never
   * anything else.
   */
  private static void mutated(byte[] bytes, Ctx rd, Random r) {
    for (int m = 0; m < 24; m++) {
      byte[] b;
      if (m % 4 == 3) {
        b = Arrays.copyOf(bytes, r.nextInt(bytes.length));
      } else {
        b = bytes.clone();
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
          b[r.nextInt(b.length)] = (byte) (r.nextInt(3) == 0 ? r.nextInt(256) : b[r.nextInt(b.length)] + 1);
        }
      }
      try {
        rd.brine.deserialize(b);
      } catch (BrineException e) {
        Throwable c = e.getCause();
        if (c instanceof IndexOutOfBoundsException || c instanceof NullPointerException || c instanceof ClassCastException
            || c instanceof NegativeArraySizeException || c instanceof IllegalArgumentException) {
          StackTraceElement top = c.getStackTrace().length > 0 ? c.getStackTrace()[0] : null;
          if (top != null && top.getClassName().startsWith("dev.brine.")) {
            throw new AssertionError("a decoder bug surfaced as " + e, e);
          }
        }
      }
    }
  }

  /**
   * The values written by {@code w} one after another in one stream of bare values with a {@link
   * dev.brine.io.StringTable} (definitions once per stream), read back in order by {@code rd}; a stream
   * that holds a value {@code rd} must refuse is not read past it.
   */
  private static void stream(Ctx w, Ctx rd, List<Object> values) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dev.brine.io.StringTable wt = new dev.brine.io.StringTable(64);
    for (Object v : values) {
      w.brine.serializeValue(v, out, wt);
    }
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(out.toByteArray());
    dev.brine.io.StringTable rt = new dev.brine.io.StringTable(64);
    for (Object v : values) {
      if (rd.narrowing(w) != null && rd.onlyPerValue(w, v)) {
        try {
          rd.brine.deserializeValue(in, rt); // either outcome (see check)
          continue;
        } catch (BrineException e) {
          return;
        }
      }
      if (rd.narrowing(w) != null || !rd.asNull && rd.unknownConstant(w, v) != null) {
        assertThrows(BrineException.class, () -> rd.brine.deserializeValue(in, rt));
        return;
      }
      rd.compareTop(w, v, rd.brine.deserializeValue(in, rt));
    }
    assertEquals(0, in.remaining(), "the stream is read to its end");
  }

  // ---------------------------------------------------------------- drawing the versions

  private static Scenario scenario(Random r, int k) {
    String kind = KINDS[r.nextInt(KINDS.length)];
    int n = r.nextInt(5) == 0 ? 20 + r.nextInt(60) : 3 + r.nextInt(8); // wide ones cross the generated chunks
    List<F> f1 = new ArrayList<>();
    int uid = 0;
    for (int i = 0; i < n; i++, uid++) {
      T t = TOP[r.nextInt(TOP.length)];
      Integer id = r.nextInt(4) == 0 ? 100 + uid : null;
      f1.add(new F(uid, "f" + uid, id, t, kind.equals("sub") && r.nextBoolean()));
    }
    List<F> f2 = new ArrayList<>();
    for (F f : f1) {
      int roll = r.nextInt(10);
      if (roll < 2) {
        continue; // removed
      }
      T t = f.type;
      if (roll < 4 && !t.widenings().isEmpty()) {
        t = t.widenings().get(r.nextInt(t.widenings().size()));
      } else if (roll == 4 && r.nextInt(3) == 0 && t != T.OBJECT) {
        T other = TOP[r.nextInt(TOP.length)];
        if (other != T.OBJECT && !t.readsAs(other) && !other.readsAs(t)) {
          t = other; // an incompatible change: refused both ways
        }
      }
      String name = f.name;
      Integer id = f.id;
      if (id != null && r.nextInt(3) == 0) {
        name = "g" + f.uid; // renamed, kept by its id
      } else if (id == null && r.nextInt(8) == 0 && !Boolean.getBoolean("brine.evolution.noAddedIds")) {
        id = 100 + f.uid; // given an id later, same name
      }
      f2.add(new F(f.uid, name, id, t, kind.equals("sub") && r.nextBoolean()));
    }
    for (int i = r.nextInt(4); i > 0; i--, uid++) {
      T t = TOP[r.nextInt(TOP.length)];
      f2.add(new F(uid, "f" + uid, r.nextInt(4) == 0 ? 100 + uid : null, t, kind.equals("sub") && r.nextBoolean()));
    }
    Collections.shuffle(f2, r);
    List<F> n1 = new ArrayList<>();
    for (int i = 0; i < 1 + r.nextInt(3); i++, uid++) {
      n1.add(new F(uid, "n" + uid, null, NESTED_TYPES[r.nextInt(NESTED_TYPES.length)], false));
    }
    List<F> n2 = new ArrayList<>();
    for (F f : n1) {
      if (r.nextInt(5) == 0) {
        continue;
      }
      T t = f.type;
      if (t == T.INT && r.nextBoolean()) {
        t = T.BOX_INT; // both ways
      } else if (t == T.BOX_INT && r.nextBoolean()) {
        t = T.INT;
      }
      n2.add(new F(f.uid, f.name, null, t, false));
    }
    if (r.nextBoolean()) {
      n2.add(new F(uid, "n" + uid, null, NESTED_TYPES[r.nextInt(NESTED_TYPES.length)], false));
    }
    Collections.shuffle(n2, r);
    List<String> c1 = List.of("A", "B", "C");
    List<String> c2 = new ArrayList<>(List.of("A", "B", "C", "D"));
    if (r.nextInt(4) == 0) {
      c2.remove("C"); // a constant removed
    }
    Collections.shuffle(c2, r);
    String kind2 = kind;
    if (!kind.equals("sub") && r.nextInt(6) == 0) {
      kind2 = kind.equals("record") ? "class" : "record"; // a class made a record, or back
    }
    return new Scenario(k, new Version(kind, f1, n1, r.nextBoolean(), c1, false),
        new Version(kind2, f2, n2, r.nextBoolean(), c2, true));
  }

  private static ClassLoader compile(Path dir, List<Scenario> scenarios, boolean first) throws IOException {
    List<String> files = new ArrayList<>();
    for (Scenario s : scenarios) {
      Version v = first ? s.v1 : s.v2;
      Path pkg = dir.resolve("rnd" + s.k);
      Files.createDirectories(pkg);
      String head = "package rnd" + s.k + ";\n\n";
      files.add(write(pkg.resolve("E.java"), head + "public enum E { " + String.join(", ", v.constants) + " }\n"));
      StringBuilder nb = new StringBuilder(head).append("public ").append(v.nestedFinal ? "final " : "").append("class N {\n");
      for (F f : v.nested) {
        nb.append("  public ").append(f.type.java).append(' ').append(f.name).append(";\n");
      }
      files.add(write(pkg.resolve("N.java"), nb.append("}\n").toString()));
      if (!v.nestedFinal) { // a subclass, written where an N is declared
        files.add(write(pkg.resolve("S.java"), head + "public class S extends N {\n  public String s;\n}\n"));
      }
      if (v.hasOnlyNew) {
        files.add(write(pkg.resolve("U.java"), head + "public class U {\n  public String u;\n  public long w;\n}\n"));
      }
      StringBuilder cb = new StringBuilder(head);
      if (v.kind.equals("record")) {
        cb.append("public record C(");
        for (int i = 0; i < v.fields.size(); i++) {
          cb.append(i == 0 ? "" : ", ").append(annotation(v.fields.get(i))).append(v.fields.get(i).type.java)
              .append(' ').append(v.fields.get(i).name);
        }
        cb.append(") {}\n");
      } else {
        StringBuilder bb = new StringBuilder(head).append("public class B {\n");
        cb.append("public class C").append(v.kind.equals("sub") ? " extends B" : "").append(" {\n");
        for (F f : v.fields) {
          (f.inBase ? bb : cb).append("  ").append(annotation(f)).append("public ").append(f.type.java).append(' ')
              .append(f.name).append(";\n");
        }
        cb.append("}\n");
        files.add(write(pkg.resolve("B.java"), bb.append("}\n").toString()));
      }
      files.add(write(pkg.resolve("C.java"), cb.toString()));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String cp;
    try {
      cp = Path.of(dev.brine.Field.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new AssertionError(e);
    }
    List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "-cp", cp, "--release", "17", "-nowarn", "-g"));
    args.addAll(files);
    assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "generated versions compile");
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, RandomEvolutionTest.class.getClassLoader());
  }

  private static String annotation(F f) {
    return f.id == null ? "" : "@dev.brine.Field(id = " + f.id + ") ";
  }

  private static String write(Path p, String text) throws IOException {
    Files.writeString(p, text);
    return p.toString();
  }

  // ---------------------------------------------------------------- one version, loaded

  /** A version's classes, its Brine, and how to make and compare its values. */
  private static final class Ctx {
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

    Ctx(Scenario s, Version v, ClassLoader loader, java.util.function.UnaryOperator<Brine.Builder> mode)
        throws ClassNotFoundException {
      this(s, v, loader, mode, false);
    }

    Ctx(Scenario s, Version v, ClassLoader loader, java.util.function.UnaryOperator<Brine.Builder> mode, boolean asNull)
        throws ClassNotFoundException {
      this.s = s;
      this.v = v;
      String p = "rnd" + s.k + ".";
      top = Class.forName(p + "C", true, loader);
      nested = Class.forName(p + "N", true, loader);
      en = Class.forName(p + "E", true, loader);
      onlyNew = v.hasOnlyNew ? Class.forName(p + "U", true, loader) : null;
      sub = v.nestedFinal ? null : Class.forName(p + "S", true, loader);
      List<Class<?>> types = new ArrayList<>(List.of(top, nested, en));
      if (sub != null) {
        types.add(sub);
      }
      if (!v.kind.equals("record")) {
        types.add(Class.forName(p + "B", true, loader));
      }
      if (onlyNew != null) {
        types.add(onlyNew);
      }
      Collections.shuffle(types, new Random(s.k * 31L + (v.hasOnlyNew ? 1 : 0)));
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
    boolean onlyPerValue(Ctx writer, Object value) {
      for (F mine : v.fields) {
        F theirs = writer.match(mine);
        if (theirs == null || theirs.type.readsAs(mine.type)) {
          continue;
        }
        boolean tagged = theirs.type == T.OBJECT
            || (theirs.type == T.NESTED || theirs.type == T.NESTED_ARRAY) && !writer.v.nestedFinal;
        boolean containers = container(theirs.type) && container(mine.type) && theirs.type != T.MAP;
        Object x = get(value, theirs.name);
        if (!(tagged || containers) || x != null && !(containers && onlyNulls(writer, x)) && !(tagged && skipped(writer, x))) {
          return false;
        }
      }
      return true;
    }

    /** Whether {@code x} is a value of a class this side does not have (skipped: it reads as null). */
    boolean skipped(Ctx writer, Object x) {
      return x != null && (writer.sub != null && sub == null && writer.sub.isInstance(x)
          || writer.onlyNew != null && onlyNew == null && writer.onlyNew.isInstance(x));
    }

    /** Whether a collection or map holds no element (or map value) but nulls and skipped values: nothing to check. */
    boolean onlyNulls(Ctx writer, Object container) {
      java.util.Collection<?> c = container instanceof Map<?, ?> m ? m.values() : (java.util.Collection<?>) container;
      return c.stream().allMatch(e -> e == null || skipped(writer, e));
    }

    /** The first matched pair the reader (this) cannot read, as text; null when every one widens. */
    String narrowing(Ctx writer) {
      StringBuilder b = new StringBuilder();
      for (F mine : v.fields) {
        F theirs = writer.match(mine);
        if (theirs != null && !theirs.type.readsAs(mine.type)) {
          b.append(b.length() == 0 ? "" : ", ").append("C.").append(mine.name).append(" written as ").append(theirs.type)
              .append(" into ").append(mine.type);
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
      for (F f : v.fields) {
        if (f.id != null ? f.id.equals(reader.id) || reader.id == null && f.name.equals(reader.name)
            : f.name.equals(reader.name)) {
          return f;
        }
      }
      return null;
    }

    /**
     * A constant the writer's value holds in a field this side reads as its enum and this side does not
     * have (the writer's {@code D}), as text; null when there is none.
     */
    String unknownConstant(Ctx writer, Object value) {
      for (F mine : v.fields) {
        F theirs = writer.match(mine);
        if (theirs != null && theirs.type == T.ENUM && mine.type == T.ENUM) {
          Object c = get(value, theirs.name);
          if (c != null && !v.constants.contains(((Enum<?>) c).name())) {
            return "C." + mine.name + " = " + c;
          }
        }
      }
      return null;
    }

    String describe(Object o) {
      StringBuilder b = new StringBuilder();
      for (F f : v.fields) {
        Object x = get(o, f.name);
        b.append(f.name).append('=').append(show(x)).append(x == null ? "" : " (" + x.getClass().getSimpleName() + ")").append(' ');
      }
      return b.toString();
    }

    Object make(Random r) {
      try {
        if (v.kind.equals("record")) {
          RecordComponent[] rc = top.getRecordComponents();
          Class<?>[] ps = new Class<?>[rc.length];
          Object[] args = new Object[rc.length];
          for (int i = 0; i < rc.length; i++) {
            ps[i] = rc[i].getType();
            args[i] = value(r, v.fields.get(i).type);
          }
          Constructor<?> c = top.getDeclaredConstructor(ps);
          return c.newInstance(args);
        }
        Object o = top.getDeclaredConstructor().newInstance();
        for (F f : v.fields) {
          field(top, f.name).set(o, value(r, f.type));
        }
        return o;
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }

    private Object nested(Random r) throws ReflectiveOperationException {
      boolean asSub = sub != null && r.nextInt(3) == 0;
      Object o = (asSub ? sub : nested).getDeclaredConstructor().newInstance();
      for (F f : v.nested) {
        field(nested, f.name).set(o, value(r, f.type));
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
          return en.getEnumConstants()[indexOf(en, r.nextInt(4) == 0 ? v.constants.get(r.nextInt(v.constants.size()))
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

    void compareTop(Ctx w, Object written, Object back) {
      assertTrue(top.isInstance(back), "read a " + (back == null ? "null" : back.getClass()));
      for (F mine : v.fields) {
        F theirs = w.match(mine);
        Object actual = get(back, mine.name);
        String path = "C." + mine.name;
        if (theirs == null) {
          expectDefault(mine.type, actual, path);
        } else {
          compare(w, theirs.type, get(written, theirs.name), mine.type, actual, path);
        }
      }
    }

    private void compareNested(Ctx w, Object written, Object back, String path) {
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
      for (F mine : v.nested) {
        F theirs = null;
        for (F f : w.v.nested) {
          if (f.name.equals(mine.name)) {
            theirs = f;
          }
        }
        Object actual = get(back, mine.name);
        if (theirs == null) {
          expectDefault(mine.type, actual, path + "." + mine.name);
        } else {
          compare(w, theirs.type, get(written, theirs.name), mine.type, actual, path + "." + mine.name);
        }
      }
    }

    private void compare(Ctx w, T from, Object written, T to, Object actual, String path) {
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
          assertEquals(name == null || !v.constants.contains(name) ? null : name, actual == null ? null : ((Enum<?>) actual).name(), at);
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

  private static final String[] STRINGS = {"", "a", "hello", "héllo", "\uD83D\uDE00 smile", "日本語", "x".repeat(40)};

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
