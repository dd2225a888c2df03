package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.plan.ClassModel;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldModel;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compiles generic types into {@link TypeCheck}s, one builder per class. Nodes are interned by structure
 * (kind, class, and the nodes inside), so a type met twice is one node and a recursive generic class
 * ({@code Node<T>} with a {@code Node<T> next}) refers to its own node; a class nested in ever new
 * arguments ({@code Nest<T>} with a {@code Nest<List<T>>}) is followed {@value #MAX_NODES_PER_CLASS}
 * levels. A signature that names a class missing at run time ({@code TypeNotPresentException}) gives
 * no check for that field, as the serializers need none.
 */
final class TypeChecks {
  private static final int MAX_NODES_PER_CLASS = 16;

  private final Map<List<Object>, TypeCheck> interned = new HashMap<>();
  private final List<TypeCheck> all = new ArrayList<>();
  /** OBJECT nodes made per generic class, bounded: polymorphic recursion would make them without end. */
  private final Map<Class<?>, Integer> perClass = new HashMap<>();

  /** The check of a value of generic type {@code t}, or null (nothing to check; also for a broken signature). */
  TypeCheck compileSafely(Type t, Map<TypeVariable<?>, TypeCheck> env, boolean top) {
    try {
      return compile(t, env, top);
    } catch (TypeNotPresentException | java.lang.reflect.MalformedParameterizedTypeException | LinkageError e) {
      return null; // a class the signature names is not here (an optional dependency): nothing to check against
    }
  }

  /** Binds the type variables of {@code type}'s superclasses to the checks of the arguments it gives them. */
  void bindSuperclasses(Class<?> type, Map<TypeVariable<?>, TypeCheck> env) {
    try {
      for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
        if (k.getGenericSuperclass() instanceof ParameterizedType p && p.getRawType() instanceof Class<?> sup) {
          TypeVariable<?>[] vars = sup.getTypeParameters();
          Type[] args = p.getActualTypeArguments();
          for (int i = 0; i < vars.length && i < args.length; i++) {
            env.put(vars[i], compileSafely(args[i], env, false));
          }
        }
      }
    } catch (TypeNotPresentException | java.lang.reflect.MalformedParameterizedTypeException | LinkageError e) {
      // a superclass's signature names a class that is not here: its variables stay unbound (unchecked)
    }
  }

  /**
   * The check of a value of generic type {@code t}, type variables bound by {@code env}; null when nothing
   * is to be checked. {@code top}: a field's own type, whose final element classes its definition names (a
   * change there goes through a mapping, which refuses it).
   */
  private TypeCheck compile(Type t, Map<TypeVariable<?>, TypeCheck> env, boolean top) {
    if (t instanceof Class<?> c) {
      return c == Object.class || c.isPrimitive() ? null : node(TypeCheck.LEAF, c, null, null);
    }
    if (t instanceof WildcardType w) {
      return compile(w.getUpperBounds()[0], env, false);
    }
    if (t instanceof TypeVariable<?> v) {
      if (env.containsKey(v)) {
        return env.get(v);
      }
      Class<?> bound = FieldTypes.erasure(v.getBounds()[0]);
      return bound == Object.class ? null : node(TypeCheck.LEAF, bound, null, null);
    }
    if (t instanceof GenericArrayType a) {
      return node(TypeCheck.ARRAY, FieldTypes.erasure(t), compile(a.getGenericComponentType(), env, false), null);
    }
    if (!(t instanceof ParameterizedType p) || !(p.getRawType() instanceof Class<?> raw)) {
      return null;
    }
    Type[] args = p.getActualTypeArguments();
    if (jdk(raw) && Iterable.class.isAssignableFrom(raw) && args.length == 1) {
      return node(TypeCheck.ITERABLE, raw, argument(args[0], env, top && java.util.Collection.class.isAssignableFrom(raw)), null);
    }
    if (jdk(raw) && java.util.Map.class.isAssignableFrom(raw) && args.length == 2) {
      return node(TypeCheck.MAP, raw, argument(args[0], env, top), argument(args[1], env, top));
    }
    if (jdk(raw) && Map.Entry.class.isAssignableFrom(raw) && args.length == 2) {
      return node(TypeCheck.ENTRY, raw, compile(args[0], env, false), compile(args[1], env, false));
    }
    if (raw == Optional.class) {
      return node(TypeCheck.OPTIONAL, raw, compile(args[0], env, false), null);
    }
    if (jdk(raw) || raw.isInterface() || raw.isEnum() || raw.isArray()) {
      return node(TypeCheck.LEAF, raw, null, null); // a JDK class's own state is its serializer's business
    }
    return object(raw, p, env);
  }

  /**
   * A container's element, key or value check: for a field's own collection or map ({@code top}), a final
   * class is named by the definition ({@code ClassPlan}'s declared element) and left out.
   */
  private TypeCheck argument(Type a, Map<TypeVariable<?>, TypeCheck> env, boolean top) {
    TypeCheck c = compile(a, env, false);
    if (c != null && top && a instanceof Class<?> k && ClassPlan.exact(k) && !k.isArray() && !replaced(k)) {
      return null;
    }
    return c;
  }

  /** Whether {@code k} has a {@code writeReplace} (then a definition does not name it as an element class). */
  private static boolean replaced(Class<?> k) {
    for (Class<?> c = k; c != null && c != Object.class; c = c.getSuperclass()) {
      for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
        if (m.getName().equals("writeReplace") && m.getParameterCount() == 0) {
          return true;
        }
      }
    }
    return false;
  }

  /** The interned node of this structure. */
  private TypeCheck node(int kind, Class<?> instance, TypeCheck element, TypeCheck value) {
    List<Object> key = Arrays.asList(kind, instance, element, value);
    TypeCheck c = interned.get(key);
    if (c == null) {
      c = new TypeCheck(kind, instance);
      c.element = element;
      c.value = value;
      interned.put(key, c);
      all.add(c);
    }
    return c;
  }

  /**
   * A generic class of one's own: the fields whose generic types use its type variables (or those of the
   * classes enclosing it, for an inner class), bound to the arguments of {@code p}.
   */
  private TypeCheck object(Class<?> raw, ParameterizedType p, Map<TypeVariable<?>, TypeCheck> env) {
    List<TypeVariable<?>> vars = new ArrayList<>();
    List<TypeCheck> args = new ArrayList<>();
    for (Type t = p; t instanceof ParameterizedType q && q.getRawType() instanceof Class<?> r; t = q.getOwnerType()) {
      TypeVariable<?>[] vs = r.getTypeParameters();
      Type[] as = q.getActualTypeArguments();
      for (int i = 0; i < vs.length && i < as.length; i++) {
        vars.add(vs[i]);
        args.add(compile(as[i], env, false));
      }
    }
    List<Object> key = new ArrayList<>(args.size() + 2);
    key.add(TypeCheck.OBJECT);
    key.add(raw);
    key.addAll(args);
    TypeCheck known = interned.get(key);
    if (known != null) {
      return known;
    }
    if (perClass.merge(raw, 1, Integer::sum) > MAX_NODES_PER_CLASS) {
      return null; // a class whose fields nest it in ever new arguments (Nest<T> with a Nest<List<T>>): not followed
    }
    TypeCheck c = new TypeCheck(TypeCheck.OBJECT, raw);
    interned.put(key, c); // before its fields: a field of the same generic type finds this node
    all.add(c);
    c.vars = vars.toArray(new TypeVariable<?>[0]);
    c.args = args.toArray(new TypeCheck[0]);
    Map<TypeVariable<?>, TypeCheck> inner = new HashMap<>();
    for (int i = 0; i < c.vars.length; i++) {
      inner.put(c.vars[i], c.args[i]);
    }
    bindSuperclasses(raw, inner);
    List<Field> fs = new ArrayList<>();
    List<TypeCheck> cs = new ArrayList<>();
    List<FieldModel> models;
    try {
      models = ClassModel.of(raw).fields;
    } catch (BrineException e) {
      models = List.of(); // not a class Brine writes field by field: its own serializer's business
    }
    for (FieldModel m : models) {
      Field f = m.field;
      try {
        if (f.getType().isPrimitive() || !usesVariables(f.getGenericType())) {
          continue; // a field without type variables is checked by its class's own checks
        }
      } catch (TypeNotPresentException | java.lang.reflect.MalformedParameterizedTypeException | LinkageError e) {
        continue;
      }
      TypeCheck fc = compileSafely(f.getGenericType(), inner, false);
      if (fc != null) {
        fs.add(f);
        cs.add(fc);
      }
    }
    c.fields = fs.toArray(new Field[0]);
    c.fieldChecks = cs.toArray(new TypeCheck[0]);
    return c;
  }

  /**
   * Settles which checks have something inside to check (a least fixed point: recursive generic classes
   * refer to their own nodes), then drops what has not: an OBJECT's fields that check nothing, a
   * composite with nothing inside walked as a LEAF. So a {@code Node<T>} read on its own, whose {@code T}
   * nothing binds, walks none of its chain.
   */
  void settle() {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (TypeCheck c : all) {
        if (!c.inside && computeInside(c)) {
          c.inside = true;
          changed = true;
        }
      }
    }
    for (TypeCheck c : all) {
      if (c.kind == TypeCheck.OBJECT && c.inside) {
        List<Field> fs = new ArrayList<>();
        List<TypeCheck> cs = new ArrayList<>();
        for (int i = 0; i < c.fields.length; i++) {
          if (TypeCheck.useful(c.fieldChecks[i], c.fields[i].getType()) && c.fields[i].trySetAccessible()) {
            fs.add(c.fields[i]);
            cs.add(c.fieldChecks[i]);
          }
        }
        c.fields = fs.toArray(new Field[0]);
        c.fieldChecks = cs.toArray(new TypeCheck[0]);
      }
      if (!c.inside) {
        c.kind = TypeCheck.LEAF;
      }
    }
    for (TypeCheck c : all) {
      c.shallow = c.kind != TypeCheck.LEAF && leavesOnly(c);
    }
  }

  /** Whether every check inside {@code c} is a leaf (or none): walking a value of it queues nothing. */
  private static boolean leavesOnly(TypeCheck c) {
    if (c.kind == TypeCheck.OBJECT) {
      for (TypeCheck f : c.fieldChecks) {
        if (f.kind != TypeCheck.LEAF) {
          return false;
        }
      }
      return true;
    }
    return (c.element == null || c.element.kind == TypeCheck.LEAF) && (c.value == null || c.value.kind == TypeCheck.LEAF);
  }

  private static boolean computeInside(TypeCheck c) {
    switch (c.kind) {
      case TypeCheck.ITERABLE: case TypeCheck.OPTIONAL: case TypeCheck.ARRAY:
        return TypeCheck.useful(c.element, Object.class);
      case TypeCheck.MAP: case TypeCheck.ENTRY:
        return TypeCheck.useful(c.element, Object.class) || TypeCheck.useful(c.value, Object.class);
      case TypeCheck.OBJECT:
        for (int i = 0; i < c.fields.length; i++) {
          if (TypeCheck.useful(c.fieldChecks[i], c.fields[i].getType())) {
            return true;
          }
        }
        return false;
      default:
        return false;
    }
  }

  /** Whether generic type {@code t} mentions a type variable. */
  private static boolean usesVariables(Type t) {
    if (t instanceof TypeVariable<?>) {
      return true;
    }
    if (t instanceof ParameterizedType p) {
      for (Type a : p.getActualTypeArguments()) {
        if (usesVariables(a)) {
          return true;
        }
      }
      return p.getOwnerType() != null && usesVariables(p.getOwnerType());
    }
    if (t instanceof GenericArrayType a) {
      return usesVariables(a.getGenericComponentType());
    }
    if (t instanceof WildcardType w) {
      return usesVariables(w.getUpperBounds()[0]);
    }
    return false;
  }

  /** A class of the JDK (whose collections and maps are written element by element, not field by field). */
  private static boolean jdk(Class<?> c) {
    String n = c.getName();
    return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
  }
}
