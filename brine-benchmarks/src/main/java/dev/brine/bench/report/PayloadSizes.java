package dev.brine.bench.report;

import dev.brine.bench.support.CodecBench;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * Measures bytes per payload for any benchmark class, in this JVM, by instantiating the state with the given
 * {@code @Param} values, running its no-argument trial {@code @Setup} methods, and calling every no-argument
 * {@code serialize_<library>()} that returns {@code byte[]}. {@link CodecBench} subclasses are asked directly.
 */
public final class PayloadSizes {
  private PayloadSizes() {
  }

  /**
   * Payload sizes of one benchmark class and parameter set.
   *
   * @param className fully qualified class name
   * @param params {@code @Param} field values
   * @return library to byte count (failed libraries are missing); empty if the class cannot be driven this way
   */
  public static Map<String, Integer> measure(String className, Map<String, String> params) {
    Map<String, Integer> sizes = new LinkedHashMap<>();
    try {
      Class<?> cls = Class.forName(className);
      if (Modifier.isAbstract(cls.getModifiers())) {
        return sizes;
      }
      Object state = cls.getDeclaredConstructor().newInstance();
      for (Map.Entry<String, String> e : params.entrySet()) {
        setParam(state, e.getKey(), e.getValue());
      }
      if (state instanceof CodecBench) {
        CodecBench bench = (CodecBench) state;
        bench.prepare();
        for (String lib : bench.libraries()) {
          byte[] b = bench.payload(lib);
          if (b != null) {
            sizes.put(lib, b.length);
          }
        }
        return sizes;
      }
      for (Method m : cls.getMethods()) {
        Setup setup = m.getAnnotation(Setup.class);
        if (setup != null && setup.value() == Level.Trial && m.getParameterCount() == 0) {
          m.invoke(state);
        }
      }
      for (Method m : cls.getMethods()) {
        if (m.getName().startsWith("serialize_") && m.getParameterCount() == 0 && m.getReturnType() == byte[].class) {
          try {
            sizes.put(m.getName().substring("serialize_".length()), ((byte[]) m.invoke(state)).length);
          } catch (ReflectiveOperationException | RuntimeException ignored) {
            // a library that fails simply has no size in the report
          }
        }
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // classes that cannot be driven reflectively (states passed as arguments, ...) have no sizes
    }
    return sizes;
  }

  private static void setParam(Object state, String name, String value) throws ReflectiveOperationException {
    for (Class<?> c = state.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        f.set(state, convert(f.getType(), value));
        return;
      } catch (NoSuchFieldException ignored) {
        // look in the superclass
      }
    }
    throw new NoSuchFieldException(name);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object convert(Class<?> type, String v) {
    if (type == String.class) {
      return v;
    } else if (type == int.class || type == Integer.class) {
      return Integer.parseInt(v);
    } else if (type == long.class || type == Long.class) {
      return Long.parseLong(v);
    } else if (type == double.class || type == Double.class) {
      return Double.parseDouble(v);
    } else if (type == boolean.class || type == Boolean.class) {
      return Boolean.parseBoolean(v);
    } else if (type.isEnum()) {
      return Enum.valueOf((Class<? extends Enum>) type, v);
    }
    throw new IllegalArgumentException("unsupported @Param type " + type);
  }
}
