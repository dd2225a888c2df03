package dev.brine.compat;

import dev.brine.testing.DrawnSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The class versions {@link RandomEvolutionTest} draws: per scenario a class (plain, with a superclass, or
 * a record), a nested class (and its subclass when it is not final), an enum and a class only the newer
 * version has, then a second version of them; and their sources, compiled at test time.
 */
final class DrawnClasses {
  private DrawnClasses() {}

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

  /** Draws scenario {@code k}: a first version and a second one changed from it. */
  static Scenario draw(Random r, int k) {
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

  /** Writes the first (or second) version of every scenario under {@code dir}, compiles it, and loads it. */
  static ClassLoader compile(Path dir, List<Scenario> scenarios, boolean first) throws IOException {
    List<String> files = new ArrayList<>();
    for (Scenario s : scenarios) {
      Version v = first ? s.v1 : s.v2;
      Path pkg = dir.resolve("rnd" + s.k);
      Files.createDirectories(pkg);
      String head = "package rnd" + s.k + ";\n\n";
      DrawnSources.write(pkg.resolve("E.java"), head + "public enum E { " + String.join(", ", v.constants) + " }\n", files);
      StringBuilder nb = new StringBuilder(head).append("public ").append(v.nestedFinal ? "final " : "").append("class N {\n");
      for (F f : v.nested) {
        nb.append("  public ").append(f.type.java).append(' ').append(f.name).append(";\n");
      }
      DrawnSources.write(pkg.resolve("N.java"), nb.append("}\n").toString(), files);
      if (!v.nestedFinal) { // a subclass, written where an N is declared
        DrawnSources.write(pkg.resolve("S.java"), head + "public class S extends N {\n  public String s;\n}\n", files);
      }
      if (v.hasOnlyNew) {
        DrawnSources.write(pkg.resolve("U.java"), head + "public class U {\n  public String u;\n  public long w;\n}\n", files);
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
        DrawnSources.write(pkg.resolve("B.java"), bb.append("}\n").toString(), files);
      }
      DrawnSources.write(pkg.resolve("C.java"), cb.toString(), files);
    }
    return DrawnSources.compile(dir, files, DrawnClasses.class.getClassLoader(), dev.brine.Field.class);
  }

  private static String annotation(F f) {
    return f.id == null ? "" : "@dev.brine.Field(id = " + f.id + ") ";
  }
}
