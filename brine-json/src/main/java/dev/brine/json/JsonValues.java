package dev.brine.json;

import dev.brine.json.io.JsonWriter;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Any value as JSON, found by reflection at run time: for tools that print what a payload holds
 * ({@code ./brine inspect --json}), not for data exchange (use {@link JsonMapper}). Numbers,
 * booleans and strings as themselves; enums by name; arrays and collections as arrays; maps as
 * objects with string keys; other objects as their fields (or their {@code toString()} where
 * the JDK does not open their fields); an object met again inside itself as {@code "<cycle>"}.
 */
public final class JsonValues {
  private static final int MAX_DEPTH = 256;

  private JsonValues() {
  }

  /** {@code value} as JSON text. */
  public static String toJson(Object value) {
    JsonWriter w = new JsonWriter(256, MAX_DEPTH + 2);
    write(w, value, new IdentityHashMap<>(), 0);
    return new String(w.buf, 0, w.pos, StandardCharsets.UTF_8);
  }

  private static void write(JsonWriter w, Object v, IdentityHashMap<Object, Boolean> path, int depth) {
    if (v == null) {
      w.writeNull();
      return;
    }
    if (v instanceof String || v instanceof Character) {
      w.string(v.toString());
      return;
    }
    if (v instanceof Boolean) {
      w.bool((Boolean) v);
      return;
    }
    if (v instanceof Double || v instanceof Float) {
      w.number(((Number) v).doubleValue());
      return;
    }
    if (v instanceof Number && (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte
        || v instanceof java.math.BigInteger || v instanceof java.math.BigDecimal)) {
      w.ascii(v.toString());
      return;
    }
    if (v instanceof Enum) {
      w.string(((Enum<?>) v).name());
      return;
    }
    if (v instanceof Optional) {
      write(w, ((Optional<?>) v).orElse(null), path, depth);
      return;
    }
    if (v instanceof byte[]) {
      w.base64((byte[]) v);
      return;
    }
    if (v instanceof char[]) {
      w.string(new String((char[]) v)); // as Jackson, and as the char[] codec
      return;
    }
    if (depth >= MAX_DEPTH || path.containsKey(v)) {
      w.string(depth >= MAX_DEPTH ? "<too deep>" : "<cycle>");
      return;
    }
    path.put(v, Boolean.TRUE);
    try {
      if (v.getClass().isArray()) {
        w.open('[');
        for (int i = 0, n = Array.getLength(v); i < n; i++) {
          if (i > 0) w.raw(',');
          write(w, Array.get(v, i), path, depth + 1);
        }
        w.close(']');
      } else if (v instanceof Collection) {
        w.open('[');
        boolean first = true;
        for (Object e : (Collection<?>) v) {
          if (!first) w.raw(',');
          first = false;
          write(w, e, path, depth + 1);
        }
        w.close(']');
      } else if (v instanceof Map) {
        w.open('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          if (!first) w.raw(',');
          first = false;
          Object k = e.getKey();
          w.string(k instanceof Enum ? ((Enum<?>) k).name() : String.valueOf(k));
          w.raw(':');
          write(w, e.getValue(), path, depth + 1);
        }
        w.close('}');
      } else if (v.getClass().getName().startsWith("java.")) {
        w.string(v.toString()); // java.time, UUID, …: their text form
      } else {
        object(w, v, path, depth);
      }
    } finally {
      path.remove(v);
    }
  }

  private static void object(JsonWriter w, Object v, IdentityHashMap<Object, Boolean> path, int depth) {
    w.open('{');
    boolean first = true;
    for (Class<?> c = v.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
          continue;
        }
        Object x;
        try {
          f.setAccessible(true);
          x = f.get(v);
        } catch (RuntimeException | IllegalAccessException e) {
          x = "<not accessible>";
        }
        if (!first) w.raw(',');
        first = false;
        w.string(f.getName());
        w.raw(':');
        write(w, x, path, depth + 1);
      }
    }
    w.close('}');
  }
}
