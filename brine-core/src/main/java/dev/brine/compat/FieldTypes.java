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
}
