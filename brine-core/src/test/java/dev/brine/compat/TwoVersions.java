package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.testing.DrawnSources;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A writer's and a reader's version of the classes of package {@code adv}, given as Java sources
 * (compilation units without their package line, separated by lines {@code ---}) and compiled at test
 * time through {@link DrawnSources#compile}, each into its own class loader. Every top-level type is
 * registered with a compatible Brine of its side, except two helpers: the writer's {@code Make} (a
 * {@code public static Object value()} the value to write) and the reader's {@code Show} (a {@code
 * public static String show(Object)} that renders what was read, so a test compares one string).
 */
final class TwoVersions {
  private static final Pattern TYPE = Pattern.compile("(?:class|record|enum|interface)\\s+(\\w+)");
  private static int cases;

  final ClassLoader writerLoader;
  final ClassLoader readerLoader;
  final Brine writer;
  final Brine reader;

  TwoVersions(String writerSources, String readerSources, UnaryOperator<Brine.Builder> mode) {
    Path root = Paths.get("target/evolution-two", Integer.toString(next()));
    writerLoader = compile(root.resolve("w"), writerSources);
    readerLoader = compile(root.resolve("r"), readerSources);
    writer = brine(writerLoader, writerSources, mode);
    reader = brine(readerLoader, readerSources, mode);
  }

  TwoVersions(String writerSources, String readerSources) {
    this(writerSources, readerSources, b -> b);
  }

  private static synchronized int next() {
    return cases++;
  }

  private static List<String> units(String sources) {
    List<String> out = new ArrayList<>();
    for (String u : sources.split("(?m)^---$")) {
      if (!u.isBlank()) {
        out.add(u);
      }
    }
    return out;
  }

  private static String name(String unit) {
    Matcher m = TYPE.matcher(unit);
    assertTrue(m.find(), unit);
    return m.group(1);
  }

  private static ClassLoader compile(Path dir, String sources) {
    try {
      List<String> files = new ArrayList<>();
      for (String u : units(sources)) {
        DrawnSources.write(dir.resolve("adv").resolve(name(u) + ".java"), "package adv;\n" + u, files);
      }
      return DrawnSources.compile(dir, files, TwoVersions.class.getClassLoader(), dev.brine.Field.class);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static Brine brine(ClassLoader loader, String sources, UnaryOperator<Brine.Builder> mode) {
    Brine.Builder b = Brine.builder().compatible(true).classLoader(loader);
    for (String u : units(sources)) {
      String n = name(u);
      if (!n.equals("Make") && !n.equals("Show")) {
        b.register(type(loader, n));
      }
    }
    return mode.apply(b).build();
  }

  static Class<?> type(ClassLoader loader, String simpleName) {
    try {
      return Class.forName("adv." + simpleName, true, loader);
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  /** The writer's {@code Make.value()}. */
  Object value() {
    return call(writerLoader, "Make", "value", null);
  }

  /** The writer's value, serialized by the writer. */
  byte[] bytes() {
    return writer.serialize(value());
  }

  /** The reader's {@code Show.show(o)}. */
  String show(Object o) {
    return (String) call(readerLoader, "Show", "show", o);
  }

  /** The writer's value as the reader reads and shows it. */
  String read() {
    return show(reader.deserialize(bytes()));
  }

  /** Reading the writer's value is refused with a BrineException whose message holds every one of {@code words}. */
  BrineException refused(String... words) {
    byte[] b = bytes();
    BrineException e = assertThrows(BrineException.class, () -> reader.deserialize(b));
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), "'" + w + "' missing in: " + e.getMessage());
    }
    return e;
  }

  private static Object call(ClassLoader loader, String type, String method, Object arg) {
    try {
      Class<?> t = type(loader, type);
      if (arg == null && method.equals("value")) {
        return t.getMethod(method).invoke(null);
      }
      return t.getMethod(method, Object.class).invoke(null, arg);
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new AssertionError(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
