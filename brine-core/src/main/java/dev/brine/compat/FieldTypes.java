package dev.brine.compat;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * What a local field's declared type accepts, for {@link Mapping}'s checks of a written field against it:
 * the content class of an {@code Optional<T>}, the element, key and value classes of a collection or map,
 * and whether a type can hold a collection or map at all. A change the static types rule out is refused
 * when the mapping is built; what only a value can tell (a tagged field, elements of a class the
 * definition does not name) is checked per value, so a {@code List<Integer>} never lands in a {@code
 * List<String>} field.
 */
final class FieldTypes {
  private FieldTypes() {}

  /** The class of type argument {@code k} of {@code t} (its erasure; {@code Object} when not known). */
  static Class<?> argument(Type t, int k) {
    return erasure(argumentType(t, k));
  }

  /** The generic type of type argument {@code k} of {@code t}, or {@code Object}. */
  static Type argumentType(Type t, int k) {
    if (t instanceof ParameterizedType p && k < p.getActualTypeArguments().length) {
      return p.getActualTypeArguments()[k];
    }
    return Object.class;
  }

  static Class<?> erasure(Type t) {
    if (t instanceof Class<?> c) {
      return c;
    }
    if (t instanceof ParameterizedType p) {
      return erasure(p.getRawType());
    }
    if (t instanceof WildcardType w) {
      return erasure(w.getUpperBounds()[0]);
    }
    if (t instanceof TypeVariable<?> v) {
      return erasure(v.getBounds()[0]);
    }
    if (t instanceof GenericArrayType a) {
      return java.lang.reflect.Array.newInstance(erasure(a.getGenericComponentType()), 0).getClass();
    }
    return Object.class;
  }

  /** Whether a field of class {@code c} can hold a collection or a map. */
  static boolean holdsContainer(Class<?> c) {
    return c.isAssignableFrom(ArrayList.class) || c.isAssignableFrom(HashMap.class) || Collection.class.isAssignableFrom(c)
        || Map.class.isAssignableFrom(c);
  }

  /** Whether a field of class {@code c} can hold a map. */
  static boolean holdsMap(Class<?> c) {
    return c.isAssignableFrom(HashMap.class) || Map.class.isAssignableFrom(c);
  }

  /** The element (collection) or key (map) class a field of generic type {@code t} and class {@code c} accepts. */
  static Class<?> element(Class<?> c, Type t) {
    return Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c) ? argument(t, 0) : Object.class;
  }

  /** The value class a map field of generic type {@code t} and class {@code c} accepts. */
  static Class<?> mapValue(Class<?> c, Type t) {
    return Map.class.isAssignableFrom(c) ? argument(t, 1) : Object.class;
  }

  /**
   * The first element, key or value of container {@code v} that is not an instance of {@code element} or
   * {@code value} (null: no check), or null when every one is (nulls always are).
   */
  static Object misfit(Object v, Class<?> element, Class<?> value) {
    if (v instanceof Collection<?> c && element != null) {
      for (Object e : c) {
        if (e != null && !element.isInstance(e)) {
          return e;
        }
      }
    } else if (v instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (element != null && e.getKey() != null && !element.isInstance(e.getKey())) {
          return e.getKey();
        }
        if (value != null && e.getValue() != null && !value.isInstance(e.getValue())) {
          return e.getValue();
        }
      }
    }
    return null;
  }

  /** The box of a primitive class, or the class itself. */
  static Class<?> boxed(Class<?> c) {
    return c.isPrimitive() ? java.lang.invoke.MethodType.methodType(c).wrap().returnType() : c;
  }

  /** The primitive of a box, or null. */
  static Class<?> unboxed(Class<?> c) {
    if (c == Integer.class) return int.class;
    if (c == Long.class) return long.class;
    if (c == Boolean.class) return boolean.class;
    if (c == Byte.class) return byte.class;
    if (c == Short.class) return short.class;
    if (c == Character.class) return char.class;
    if (c == Float.class) return float.class;
    if (c == Double.class) return double.class;
    return null;
  }

  /** Whether every value of primitive {@code from} is exactly a value of primitive {@code to}. */
  static boolean widens(Class<?> from, Class<?> to) {
    if (from == to) {
      return true;
    }
    if (from == boolean.class || to == boolean.class || to == char.class) {
      return false;
    }
    int f = rank(from);
    int t = rank(to);
    if (to == float.class) {
      return from == byte.class || from == short.class || from == char.class;
    }
    if (to == double.class) {
      return from != long.class; // byte, short, char, int, float: exact in a double
    }
    return from != float.class && from != double.class && f < t && (from != char.class || t >= rank(int.class));
  }

  private static int rank(Class<?> c) {
    if (c == byte.class) return 1;
    if (c == short.class) return 2;
    if (c == char.class) return 2;
    if (c == int.class) return 3;
    if (c == long.class) return 4;
    return 5;
  }

  /** The default value of primitive {@code p}, boxed. */
  static Object defaultValue(Class<?> p) {
    if (p == boolean.class) return false;
    if (p == char.class) return (char) 0;
    if (p == byte.class) return (byte) 0;
    if (p == short.class) return (short) 0;
    if (p == int.class) return 0;
    if (p == long.class) return 0L;
    if (p == float.class) return 0f;
    return 0d;
  }
}
