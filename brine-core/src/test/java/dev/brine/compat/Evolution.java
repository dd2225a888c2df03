package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Versions of the same classes ({@code evo.Person}, {@code evo.Status}…), compiled at test time from
 * src/test/resources/evolution/v1, v2, v3 into target/evolution/vN and each loaded by its own class
 * loader: what a rolling deploy looks like to Brine. Reflection helpers build and inspect their
 * instances.
 */
final class Evolution {
  static final String[] CLASSES = {"Person", "Status", "Address", "Point", "Base", "Item", "Widen", "Gadget", "Shelf", "Tag"};
  private static final Map<String, ClassLoader> LOADERS = new ConcurrentHashMap<>();

  private Evolution() {}

  /** The class loader of version {@code v} ("v1", "v2", "v3"), compiling its sources on first use. */
  static ClassLoader loader(String v) {
    return LOADERS.computeIfAbsent(v, Evolution::compile);
  }

  private static ClassLoader compile(String v) {
    try {
      Path src = Paths.get("src/test/resources/evolution", v);
      Path out = Paths.get("target/evolution", v);
      Files.createDirectories(out);
      List<String> files;
      try (Stream<Path> s = Files.walk(src)) {
        files = s.filter(p -> p.toString().endsWith(".java")).map(Path::toString).collect(Collectors.toList());
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      String cp = Path.of(dev.brine.Field.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
      List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-cp", cp, "--release", "17", "-nowarn"));
      args.addAll(files);
      int rc = javac.run(null, null, null, args.toArray(new String[0]));
      assertTrue(rc == 0, "fixtures of " + v + " did not compile");
      return new URLClassLoader(new URL[] {out.toUri().toURL()}, Evolution.class.getClassLoader());
    } catch (IOException | java.net.URISyntaxException e) {
      throw new AssertionError(e);
    }
  }

  static Class<?> type(String v, String simpleName) {
    try {
      return Class.forName("evo." + simpleName, true, loader(v));
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  /**
   * A compatible Brine of version {@code v} with every class of that version registered; {@code
   * reversed} registers them in the opposite order (order must not matter).
   */
  static Brine brine(String v, boolean reversed, UnaryOperator<Brine.Builder> more) {
    Brine.Builder b = Brine.builder().compatible(true).classLoader(loader(v));
    List<Class<?>> types = new ArrayList<>();
    for (String n : CLASSES) {
      Class<?> t = type(v, n);
      if (t != null) {
        types.add(t);
      }
    }
    if (reversed) {
      java.util.Collections.reverse(types);
    }
    types.forEach(b::register);
    return more.apply(b).build();
  }

  static Brine brine(String v) {
    return brine(v, false, b -> b);
  }

  /** A new instance of a plain class of version {@code v} with {@code fields} set. */
  static Object make(String v, String simpleName, Object... fields) {
    try {
      Class<?> t = type(v, simpleName);
      Object o = t.getDeclaredConstructor().newInstance();
      for (int i = 0; i < fields.length; i += 2) {
        field(t, (String) fields[i]).set(o, fields[i + 1]);
      }
      return o;
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** A record of version {@code v} from its components in order. */
  static Object record(String v, String simpleName, Object... components) {
    try {
      Class<?> t = type(v, simpleName);
      Class<?>[] ps = Stream.of(t.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new);
      Constructor<?> c = t.getDeclaredConstructor(ps);
      return c.newInstance(components);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** An enum constant of version {@code v}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object constant(String v, String simpleName, String name) {
    return Enum.valueOf((Class) type(v, simpleName), name);
  }

  /** The value of field (or record component) {@code name} of {@code o}, inherited ones included. */
  static Object get(Object o, String name) {
    try {
      if (o.getClass().isRecord()) {
        return o.getClass().getMethod(name).invoke(o);
      }
      return field(o.getClass(), name).get(o);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  static Field field(Class<?> t, String name) throws NoSuchFieldException {
    for (Class<?> c = t; c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
      } catch (NoSuchFieldException e) {
        // look in the superclass
      }
    }
    throw new NoSuchFieldException(t.getName() + "." + name);
  }
}
