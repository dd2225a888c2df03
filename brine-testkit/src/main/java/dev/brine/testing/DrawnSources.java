package dev.brine.testing;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.tools.ToolProvider;

/**
 * Java sources of classes drawn by a test (records, classes, classes with a superclass), compiled at test
 * time into a class loader of their own: shared by the tests that check Brine's formats on classes no one
 * wrote by hand (core's {@code RandomEvolutionTest}, brine-protobuf's and brine-json's {@code
 * RandomClassesTest}; module brine-testkit, a test-scope dependency only).
 */
public final class DrawnSources {
  private DrawnSources() {}

  /** One field: what stands before its type (annotations, or ""), its type, its name, and whether a superclass holds it. */
  public record Decl(String annotations, String type, String name, boolean inBase) {}

  /**
   * The source of {@code name} ({@code "C"}, {@code "C extends B"}): a public record of every field, or a
   * public class of the fields whose {@code inBase} is {@code base}, each a public field.
   */
  public static String declare(String name, String kind, List<Decl> fields, boolean base) {
    StringBuilder b = new StringBuilder();
    if (kind.equals("record")) {
      b.append("public record ").append(name).append("(");
      for (int i = 0; i < fields.size(); i++) {
        Decl f = fields.get(i);
        b.append(i == 0 ? "" : ", ").append(f.annotations()).append(f.type()).append(' ').append(f.name());
      }
      return b.append(") {}\n").toString();
    }
    b.append("public class ").append(name).append(" {\n");
    for (Decl f : fields) {
      if (f.inBase() == base) {
        b.append("  ").append(f.annotations()).append("public ").append(f.type()).append(' ').append(f.name()).append(";\n");
      }
    }
    return b.append("}\n").toString();
  }

  /**
   * Writes the drawn class {@code C} of package directory {@code pkg} ({@code head}: its package line):
   * a record, a class, or ({@code kind} "sub") a class extending a class {@code B} that holds the fields
   * whose {@code inBase} is set.
   */
  public static void writeTop(Path pkg, String head, String kind, List<Decl> fields, List<String> files) throws IOException {
    boolean sub = kind.equals("sub");
    if (sub) {
      write(pkg.resolve("B.java"), head + declare("B", "class", fields, true), files);
    }
    write(pkg.resolve("C.java"), head + declare(sub ? "C extends B" : "C", kind, fields, false), files);
  }

  /**
   * An instance of drawn class {@code type} holding {@code values} by field name: a record through its
   * canonical constructor, a class through its no-arg constructor, every non-static field (superclasses'
   * too) set; a field with no value gets null (for a primitive: refused by reflection, so draw them all).
   */
  public static Object instance(Class<?> type, Map<String, Object> values) throws ReflectiveOperationException {
    if (type.isRecord()) {
      RecordComponent[] rc = type.getRecordComponents();
      Class<?>[] types = new Class<?>[rc.length];
      Object[] args = new Object[rc.length];
      for (int i = 0; i < rc.length; i++) {
        types[i] = rc[i].getType();
        args[i] = values.get(rc[i].getName());
      }
      Constructor<?> k = type.getDeclaredConstructor(types);
      k.setAccessible(true);
      return k.newInstance(args);
    }
    Object o = type.getDeclaredConstructor().newInstance();
    for (Class<?> k = type; k != Object.class; k = k.getSuperclass()) {
      for (Field f : k.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers())) {
          f.setAccessible(true);
          f.set(o, values.get(f.getName()));
        }
      }
    }
    return o;
  }

  /** What a generative test does with its drawn scenarios. */
  public interface Scenarios<M> {
    /** Scenario {@code k}, drawn. */
    M draw(Random r, int k);

    /** The classes of all scenarios, compiled into one class loader. */
    ClassLoader compile(List<M> scenarios) throws Exception;

    /** Checks one scenario (values drawn from {@code r}). */
    void check(Random r, M scenario, ClassLoader loader) throws Exception;

    /** What to print of a failing scenario: its number and its classes. */
    String describe(M scenario);
  }

  /**
   * Draws {@code count} scenarios from {@code seed}, compiles them and checks each; a failure names the
   * seed and the scenario.
   */
  public static <M> void run(long seed, int count, Scenarios<M> test) throws Exception {
    Random r = new Random(seed);
    List<M> all = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      all.add(test.draw(r, k));
    }
    ClassLoader loader = test.compile(all);
    for (M m : all) {
      try {
        test.check(r, m, loader);
      } catch (AssertionError | Exception e) {
        throw new AssertionError("seed " + seed + ", " + test.describe(m) + ": " + e.getMessage(), e);
      }
    }
  }

  /** Writes {@code text} to {@code file} (its directory made) and adds the file to {@code files}. */
  public static void write(Path file, String text, List<String> files) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    files.add(file.toString());
  }

  /**
   * Compiles {@code files} into {@code dir} for Java 17, with the code sources of {@code onClassPath} on
   * the class path, and returns a class loader over {@code dir} whose parent is {@code parent}.
   */
  public static URLClassLoader compile(Path dir, List<String> files, ClassLoader parent, Class<?>... onClassPath)
      throws IOException {
    List<String> cp = new ArrayList<>();
    for (Class<?> c : onClassPath) {
      try {
        cp.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (URISyntaxException e) {
        throw new AssertionError(e);
      }
    }
    List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "--release", "17", "-nowarn", "-g"));
    if (!cp.isEmpty()) {
      args.addAll(List.of("-cp", String.join(File.pathSeparator, cp)));
    }
    args.addAll(files);
    if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(new String[0])) != 0) {
      throw new AssertionError("the drawn classes do not compile (javac's messages above): " + files);
    }
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, parent);
  }
}
