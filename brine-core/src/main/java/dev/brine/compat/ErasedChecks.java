package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.plan.ClassModel;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldModel;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a class definition cannot say about a class's fields, checked on the values read: the type
 * arguments erasure hides. A definition names a field's class, and a container's element, key and value
 * classes when they are final; it does not name {@code In} in a {@code List<In>} when {@code In} is not
 * final, a collection's elements' own elements ({@code List<List<Integer>>}), an {@code Optional<T>}'s
 * {@code T} when it is not final, nor what a generic class of one's own holds ({@code Box<Integer>}, also
 * through a superclass {@code extends Box<Integer>}). Two versions of a class whose fields changed only
 * there have the same definition, so the reader's own serializer reads the writer's values; these checks
 * then find a value of a class the reader's field does not take — a {@code BrineException} naming the
 * field, instead of a value that fails later in the application with a {@code ClassCastException}.
 *
 * <p>Built once per class; null (no cost) for a class whose fields need none. A check walks only the parts
 * of a value that erasure hid (the elements of such a container, the fields of such a generic class),
 * with a work list and an identity set, so deep and cyclic values (references on) end.
 */
final class ErasedChecks {
  /** The fields checked, accessible. */
  private final Field[] fields;
  /** Per field: the check of its value (its own class already holds: the JVM checked it). */
  private final Check[] checks;
  private final Class<?> type;

  private ErasedChecks(Class<?> type, Field[] fields, Check[] checks) {
    this.type = type;
    this.fields = fields;
    this.checks = checks;
  }

  /** The checks of {@code type}'s serialized fields, or null when none of them needs one. */
  static ErasedChecks of(Class<?> type) {
    Builder b = new Builder();
    Map<TypeVariable<?>, Check> env = new HashMap<>();
    b.bindSuperclasses(type, env);
    List<Field> fs = new ArrayList<>();
    List<Check> cs = new ArrayList<>();
    for (FieldModel m : ClassModel.of(type).fields) {
      Field f = m.field;
      if (!f.getType().isPrimitive()) {
        fs.add(f);
        cs.add(b.compile(f.getGenericType(), env, true));
      }
    }
    b.settle();
    for (int i = fs.size() - 1; i >= 0; i--) {
      if (!Check.useful(cs.get(i), fs.get(i).getType()) || !fs.get(i).trySetAccessible()) {
        fs.remove(i);
        cs.remove(i);
      }
    }
    return fs.isEmpty() ? null : new ErasedChecks(type, fs.toArray(new Field[0]), cs.toArray(new Check[0]));
  }

  /** Checks the fields of {@code obj}, just read as a {@link #type}; throws naming the first misfit's field. */
  void check(Object obj, ReadSession ctx) {
    if (obj == null) {
      return;
    }
    Walk walk = null;
    for (int i = 0; i < fields.length; i++) {
      Object v;
      try {
        v = fields[i].get(obj);
      } catch (IllegalAccessException e) {
        continue; // made accessible when built
      }
      if (v == null) {
        continue;
      }
      if (walk == null) {
        walk = new Walk();
      }
      Object misfit = walk.run(v, checks[i]);
      if (misfit != null) {
        Field f = fields[i];
        throw new BrineException("compatible mode: field " + f.getDeclaringClass().getName() + "." + f.getName() + " of "
            + type.getName() + " is a " + f.getGenericType().getTypeName() + bound(f) + " here but the payload holds "
            + (misfit == v ? "a " : "one with a ") + misfit.getClass().getName() + " (before offset " + ctx.position()
            + "): a type argument of the writer's class of it is not this side's");
      }
    }
  }

  /** For a field of a superclass: how this class binds its type variables (" in a X<Y>"), else "". */
  private String bound(Field f) {
    if (f.getDeclaringClass() == type) {
      return "";
    }
    for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
      if (k.getSuperclass() == f.getDeclaringClass()) {
        return " in a " + k.getGenericSuperclass().getTypeName();
      }
    }
    return "";
  }

  /** What a value in a slot whose class erasure hid must be. */
  private static final class Check {
    static final int LEAF = 0;
    static final int COLLECTION = 1;
    static final int MAP = 2;
    static final int OPTIONAL = 3;
    static final int ARRAY = 4;
    static final int OBJECT = 5;

    /** What the value is walked as (an OBJECT without checked fields becomes a LEAF once built). */
    int kind;
    /** The class the value must be an instance of, or null. */
    Class<?> instance;
    /** Element, key, content or component check (null: any). */
    Check element;
    /** A map's value check (null: any). */
    Check value;
    /** OBJECT: the generic class's fields whose values are checked, and their checks. */
    Field[] fields;
    Check[] fieldChecks;

    Check(int kind, Class<?> instance) {
      this.kind = kind;
      this.instance = instance;
    }

    /** Whether something inside the value (elements, content, fields) is checked; settled by {@link Builder#settle}. */
    boolean inside;

    /** Whether a value in a slot of class {@code slot} (which the JVM checks) leaves anything to check. */
    boolean usefulIn(Class<?> slot) {
      return (instance != null && !instance.isAssignableFrom(slot)) || inside;
    }

    /** Whether check {@code c} (null: none) of a value in a slot of class {@code slot} checks anything. */
    static boolean useful(Check c, Class<?> slot) {
      return c != null && c.usefulIn(slot);
    }
  }

  /** Compiles generic types into checks; one node per generic class and arguments, so recursive types end. */
  private static final class Builder {
    private final Map<List<Object>, Check> objects = new HashMap<>();
    private final List<Check> all = new ArrayList<>();
    /** OBJECT nodes made per generic class, bounded: polymorphic recursion would make them without end. */
    private final Map<Class<?>, Integer> perClass = new HashMap<>();
    private static final int MAX_NODES_PER_CLASS = 16;

    private Check made(Check c) {
      all.add(c);
      return c;
    }

    /** Binds the type variables of {@code type}'s superclasses to the checks of the arguments it gives them. */
    void bindSuperclasses(Class<?> type, Map<TypeVariable<?>, Check> env) {
      for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
        if (k.getGenericSuperclass() instanceof ParameterizedType p && p.getRawType() instanceof Class<?> sup) {
          TypeVariable<?>[] vars = sup.getTypeParameters();
          Type[] args = p.getActualTypeArguments();
          for (int i = 0; i < vars.length && i < args.length; i++) {
            env.put(vars[i], compile(args[i], env, false));
          }
        }
      }
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
        for (Check c : all) {
          if (!c.inside && computeInside(c)) {
            c.inside = true;
            changed = true;
          }
        }
      }
      for (Check c : all) {
        if (c.kind == Check.OBJECT && c.inside) {
          List<Field> fs = new ArrayList<>();
          List<Check> cs = new ArrayList<>();
          for (int i = 0; i < c.fields.length; i++) {
            if (Check.useful(c.fieldChecks[i], c.fields[i].getType()) && c.fields[i].trySetAccessible()) {
              fs.add(c.fields[i]);
              cs.add(c.fieldChecks[i]);
            }
          }
          c.fields = fs.toArray(new Field[0]);
          c.fieldChecks = cs.toArray(new Check[0]);
        }
        if (!c.inside) {
          c.kind = Check.LEAF;
        }
      }
    }

    private static boolean computeInside(Check c) {
      switch (c.kind) {
        case Check.COLLECTION: case Check.OPTIONAL: case Check.ARRAY:
          return Check.useful(c.element, Object.class);
        case Check.MAP:
          return Check.useful(c.element, Object.class) || Check.useful(c.value, Object.class);
        case Check.OBJECT:
          for (int i = 0; i < c.fields.length; i++) {
            if (Check.useful(c.fieldChecks[i], c.fields[i].getType())) {
              return true;
            }
          }
          return false;
        default:
          return false;
      }
    }

    /**
     * The check of a value of generic type {@code t}, type variables bound by {@code env}; null when
     * nothing is to be checked. {@code top}: a field's own type, whose final element classes its
     * definition names (a change there goes through a mapping, which refuses it).
     */
    Check compile(Type t, Map<TypeVariable<?>, Check> env, boolean top) {
      if (t instanceof Class<?> c) {
        return c == Object.class || c.isPrimitive() ? null : made(new Check(Check.LEAF, c));
      }
      if (t instanceof WildcardType w) {
        return compile(w.getUpperBounds()[0], env, false);
      }
      if (t instanceof TypeVariable<?> v) {
        if (env.containsKey(v)) {
          return env.get(v);
        }
        Class<?> bound = FieldTypes.erasure(v.getBounds()[0]);
        return bound == Object.class ? null : made(new Check(Check.LEAF, bound));
      }
      if (t instanceof GenericArrayType a) {
        Check el = compile(a.getGenericComponentType(), env, false);
        Check c = made(new Check(Check.ARRAY, FieldTypes.erasure(t)));
        c.element = el;
        return c;
      }
      if (!(t instanceof ParameterizedType p) || !(p.getRawType() instanceof Class<?> raw)) {
        return null;
      }
      Type[] args = p.getActualTypeArguments();
      if (jdk(raw) && Collection.class.isAssignableFrom(raw) && args.length == 1) {
        Check c = made(new Check(Check.COLLECTION, raw));
        c.element = argument(args[0], env, top);
        return c;
      }
      if (jdk(raw) && Map.class.isAssignableFrom(raw) && args.length == 2) {
        Check c = made(new Check(Check.MAP, raw));
        c.element = argument(args[0], env, top);
        c.value = argument(args[1], env, top);
        return c;
      }
      if (raw == Optional.class) {
        Check c = made(new Check(Check.OPTIONAL, raw));
        c.element = compile(args[0], env, false);
        return c;
      }
      if (jdk(raw) || raw.isInterface() || raw.isEnum() || raw.isArray()) {
        return made(new Check(Check.LEAF, raw));
      }
      return object(raw, args, env);
    }

    /**
     * A container's element, key or value check: for a field's own container, a final class is named by
     * the definition and left out (its nested arguments are still checked).
     */
    private Check argument(Type a, Map<TypeVariable<?>, Check> env, boolean top) {
      Check c = compile(a, env, false);
      if (c != null && top && a instanceof Class<?> k && ClassPlan.exact(k) && !k.isArray()) {
        return null;
      }
      return c;
    }

    /** A generic class of one's own: the fields whose generic types use its type variables, bound to {@code args}. */
    private Check object(Class<?> raw, Type[] args, Map<TypeVariable<?>, Check> env) {
      TypeVariable<?>[] vars = raw.getTypeParameters();
      List<Object> key = new ArrayList<>(args.length + 1);
      key.add(raw);
      Map<TypeVariable<?>, Check> inner = new HashMap<>();
      for (int i = 0; i < vars.length && i < args.length; i++) {
        Check a = compile(args[i], env, false);
        inner.put(vars[i], a);
        key.add(a == null ? "any" : a);
      }
      Check known = objects.get(key);
      if (known != null) {
        return known;
      }
      if (perClass.merge(raw, 1, Integer::sum) > MAX_NODES_PER_CLASS) {
        return null; // a class whose fields nest it in ever new arguments (Nest<T> with a Nest<List<T>>): not followed
      }
      Check c = made(new Check(Check.OBJECT, raw));
      objects.put(key, c); // before its fields: a field of the same generic type finds this node
      bindSuperclasses(raw, inner);
      List<Field> fs = new ArrayList<>();
      List<Check> cs = new ArrayList<>();
      List<FieldModel> models;
      try {
        models = ClassModel.of(raw).fields;
      } catch (BrineException e) {
        models = List.of(); // not a class Brine writes field by field: its own serializer's business
      }
      for (FieldModel m : models) {
        Field f = m.field;
        if (f.getType().isPrimitive() || !usesVariables(f.getGenericType())) {
          continue; // a field without type variables is checked by its class's own checks
        }
        Check fc = compile(f.getGenericType(), inner, false);
        if (fc != null) {
          fs.add(f);
          cs.add(fc);
        }
      }
      c.fields = fs.toArray(new Field[0]);
      c.fieldChecks = cs.toArray(new Check[0]);
      return c;
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
      return false;
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

  /** One check of one field's value: a work list of (value, check), composite values visited once. */
  private static final class Walk {
    /** Composite values still to visit, each followed by its check (made on the first: most checks visit none). */
    private ArrayDeque<Object> todo;
    /** Per composite value visited: its check, or a list of its checks (a value shared by slots of two types). */
    private IdentityHashMap<Object, Object> seen;

    /** The first value that fails its check, or null. */
    Object run(Object root, Check rootCheck) {
      if (todo != null) {
        todo.clear();
      }
      Object m = visit(root, rootCheck, true);
      while (m == null && todo != null && !todo.isEmpty()) {
        Check c = (Check) todo.pollLast();
        Object v = todo.pollLast();
        m = visit(v, c, false);
      }
      return m;
    }

    private Object visit(Object v, Check c, boolean root) {
      if (c.instance != null && !c.instance.isInstance(v)) {
        return v;
      }
      if (c.kind == Check.LEAF || (!root && !firstVisit(v, c))) {
        return null;
      }
      switch (c.kind) {
        case Check.COLLECTION:
          if (v instanceof Collection<?> col && c.element != null) {
            for (Object e : col) {
              Object m = elementMisfit(e, c.element);
              if (m != null) {
                return m;
              }
            }
          }
          return null;
        case Check.MAP:
          if (v instanceof Map<?, ?> map && (c.element != null || c.value != null)) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
              Object m = c.element == null ? null : elementMisfit(e.getKey(), c.element);
              if (m == null && c.value != null) {
                m = elementMisfit(e.getValue(), c.value);
              }
              if (m != null) {
                return m;
              }
            }
          }
          return null;
        case Check.OPTIONAL:
          return v instanceof Optional<?> o && o.isPresent() && c.element != null ? elementMisfit(o.get(), c.element) : null;
        case Check.ARRAY:
          if (v instanceof Object[] a && c.element != null) {
            for (Object e : a) {
              Object m = elementMisfit(e, c.element);
              if (m != null) {
                return m;
              }
            }
          }
          return null;
        default: // OBJECT
          for (int i = 0; i < c.fields.length; i++) {
            Object fv;
            try {
              fv = c.fields[i].get(v);
            } catch (IllegalAccessException | IllegalArgumentException e) {
              continue;
            }
            Object m = elementMisfit(fv, c.fieldChecks[i]);
            if (m != null) {
              return m;
            }
          }
          return null;
      }
    }

    /** A leaf checked at once; a composite value queued (so depth costs no stack). */
    private Object elementMisfit(Object e, Check c) {
      if (e == null) {
        return null;
      }
      if (c.kind == Check.LEAF) {
        return c.instance != null && !c.instance.isInstance(e) ? e : null;
      } else {
        if (todo == null) {
          todo = new ArrayDeque<>();
        }
        todo.addLast(e);
        todo.addLast(c);
      }
      return null;
    }

    /** Whether {@code v} has not been visited with check {@code c} yet (and records it). */
    private boolean firstVisit(Object v, Check c) {
      if (seen == null) {
        seen = new IdentityHashMap<>();
      }
      Object before = seen.putIfAbsent(v, c);
      if (before == null) {
        return true;
      }
      if (before == c) {
        return false;
      }
      @SuppressWarnings("unchecked")
      List<Check> all = before instanceof List<?> l ? (List<Check>) l : new ArrayList<>(List.of((Check) before));
      if (all.contains(c)) {
        return false;
      }
      all.add(c);
      seen.put(v, all);
      return true;
    }
  }
}
