package dev.brine.compat;

import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a value in a slot whose type erasure hid must be ({@link ErasedChecks}): an instance of a class,
 * and inside it — a collection's or iterable's elements, a map's keys and values, an entry's key and
 * value, an {@code Optional}'s content, an array's elements, the fields of a generic class of one's own
 * that use its type variables — what the type arguments say. Made by {@link TypeChecks}; immutable once
 * built but for {@link #subclasses}, a cache filled as values are walked.
 */
final class TypeCheck {
  static final int LEAF = 0;
  static final int ITERABLE = 1;
  static final int MAP = 2;
  static final int OPTIONAL = 3;
  static final int ARRAY = 4;
  static final int OBJECT = 5;
  static final int ENTRY = 6;

  /** What the value is walked as (a composite with nothing inside to check becomes a LEAF once built). */
  int kind;
  /** The class the value must be an instance of, or null. */
  final Class<?> instance;
  /** Element, key, content or component check (null: any). */
  TypeCheck element;
  /** A map's or entry's value check (null: any). */
  TypeCheck value;
  /** OBJECT: the generic class's fields whose values are checked, and their checks. */
  Field[] fields;
  TypeCheck[] fieldChecks;
  /** OBJECT: the class's type variables (its own, then its enclosing classes') and what binds each (null: any). */
  TypeVariable<?>[] vars;
  TypeCheck[] args;
  /** Whether something inside the value is checked; settled by {@link TypeChecks#settle}. */
  boolean inside;
  /** Whether every check inside is a leaf: a value of it queues nothing; settled by {@link TypeChecks#settle}. */
  boolean shallow;

  /**
   * OBJECT: per subclass of {@link #instance} met in a value, whether its own class binds every type
   * variable to a class these arguments accept ({@link #subclassFits}).
   */
  private final Map<Class<?>, Boolean> subclasses;

  TypeCheck(int kind, Class<?> instance) {
    this.kind = kind;
    this.instance = instance;
    this.subclasses = kind == OBJECT ? new ConcurrentHashMap<>() : null;
  }

  /** Whether a value in a slot of class {@code slot} (which the JVM checks) leaves anything to check. */
  boolean usefulIn(Class<?> slot) {
    return (instance != null && !instance.isAssignableFrom(slot)) || inside;
  }

  /** Whether check {@code c} (null: none) of a value in a slot of class {@code slot} checks anything. */
  static boolean useful(TypeCheck c, Class<?> slot) {
    return c != null && c.usefulIn(slot);
  }

  /**
   * OBJECT: whether a value of subclass {@code sub} needs no walk of its fields: {@code sub} binds every type
   * variable of the generic class to a class ({@code class StrNode extends Node<String>}) that this check's
   * arguments accept. Such a value's fields were checked against those classes by its own class's checks
   * when it was read, so a chain of such nodes is walked once, not once per node.
   */
  boolean subclassFits(Class<?> sub) {
    Boolean fits = subclasses.get(sub);
    if (fits == null) {
      fits = computeFits(sub);
      subclasses.putIfAbsent(sub, fits);
    }
    return fits;
  }

  private boolean computeFits(Class<?> sub) {
    Map<TypeVariable<?>, Type> bound = new HashMap<>();
    try {
      for (Class<?> k = sub; k != null && k != instance; k = k.getSuperclass()) {
        if (k.getGenericSuperclass() instanceof ParameterizedType p && p.getRawType() instanceof Class<?> sup) {
          TypeVariable<?>[] vs = sup.getTypeParameters();
          Type[] as = p.getActualTypeArguments();
          for (int i = 0; i < vs.length && i < as.length; i++) {
            Type a = as[i];
            bound.put(vs[i], a instanceof TypeVariable<?> v && bound.containsKey(v) ? bound.get(v) : a);
          }
        }
      }
    } catch (RuntimeException | LinkageError e) {
      return false; // a signature naming a class that is not here: walk the fields instead
    }
    for (int i = 0; i < vars.length; i++) {
      if (vars[i].getGenericDeclaration() != instance) {
        return false; // an enclosing class's variable: no subclass binds it
      }
      TypeCheck want = args[i];
      if (want == null) {
        continue;
      }
      if (!(bound.get(vars[i]) instanceof Class<?> c) || want.kind != LEAF || want.instance == null
          || !want.instance.isAssignableFrom(c)) {
        return false;
      }
    }
    return true;
  }
}
