package dev.brine.compat;

import dev.brine.context.ReadSession;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One walk of {@link TypeCheck}s over values just read: a work list of (value, check), so depth costs no
 * stack. With references on, values may be shared and cyclic: each composite value is visited once per
 * check for the whole call (the walk is kept in the session's {@link ReadSession#callScratch}), so a
 * structure many objects share is walked once, not once per object. With references off nothing is
 * shared, and no identity set is kept.
 *
 * <p>A value of another class than its slot's that is its class's own singleton (held by a static final
 * field of that class: an {@code Unset.INSTANCE} cast to {@code T}, the sentinel of a lazy initializer)
 * is let through: the class put it there itself, and it reads back as the same instance. Enum constants
 * are checked.
 */
final class CheckWalk {
  /** Composite values still to visit, each followed by its check (made on the first: most checks visit none). */
  private ArrayDeque<Object> todo;
  /** With references: per composite value visited, its check, or a list of its checks (shared by slots of two types). */
  private final IdentityHashMap<Object, Object> seen;

  private CheckWalk(boolean shared) {
    this.seen = shared ? new IdentityHashMap<>() : null;
  }

  /** The walk for a check of this call: one per call with references, else a new one. */
  static CheckWalk of(ReadSession ctx) {
    if (!ctx.trackingReferences()) {
      return new CheckWalk(false);
    }
    if (ctx.callScratch() instanceof CheckWalk w) {
      return w;
    }
    CheckWalk w = new CheckWalk(true);
    ctx.callScratch(w);
    return w;
  }

  /** The first value that fails its check, or null. */
  Object run(Object root, TypeCheck rootCheck) {
    if (todo != null) {
      todo.clear();
    }
    Object m = visit(root, rootCheck, true);
    while (m == null && todo != null && !todo.isEmpty()) {
      TypeCheck c = (TypeCheck) todo.pollLast();
      Object v = todo.pollLast();
      m = visit(v, c, false);
    }
    return m;
  }

  private Object visit(Object v, TypeCheck c, boolean root) {
    if (c.instance != null && !c.instance.isInstance(v) && !singleton(v)) {
      return v;
    }
    if (c.kind == TypeCheck.LEAF || (seen != null && !small(v, c) && !firstVisit(v, c))) {
      return null;
    }
    switch (c.kind) {
      case TypeCheck.ITERABLE:
        if (v instanceof Iterable<?> it && c.element != null) {
          for (Object e : it) {
            Object m = inner(e, c.element);
            if (m != null) {
              return m;
            }
          }
        }
        return null;
      case TypeCheck.MAP:
        if (v instanceof Map<?, ?> map) {
          for (Map.Entry<?, ?> e : map.entrySet()) {
            Object m = inner(e.getKey(), c.element);
            if (m == null) {
              m = inner(e.getValue(), c.value);
            }
            if (m != null) {
              return m;
            }
          }
        }
        return null;
      case TypeCheck.ENTRY:
        if (v instanceof Map.Entry<?, ?> e) {
          Object m = inner(e.getKey(), c.element);
          return m != null ? m : inner(e.getValue(), c.value);
        }
        return null;
      case TypeCheck.OPTIONAL:
        return v instanceof Optional<?> o && o.isPresent() ? inner(o.get(), c.element) : null;
      case TypeCheck.ARRAY:
        if (v instanceof Object[] a && c.element != null) {
          for (Object e : a) {
            Object m = inner(e, c.element);
            if (m != null) {
              return m;
            }
          }
        }
        return null;
      default: // OBJECT
        if (v.getClass() != c.instance && c.subclassFits(v.getClass())) {
          return null; // its own class's checks checked its fields against the classes it binds
        }
        for (int i = 0; i < c.fields.length; i++) {
          Object fv;
          try {
            fv = c.fields[i].get(v);
          } catch (IllegalAccessException | IllegalArgumentException e) {
            continue;
          }
          Object m = inner(fv, c.fieldChecks[i]);
          if (m != null) {
            return m;
          }
        }
        return null;
    }
  }

  /** A value inside another: a leaf checked at once, a composite queued. */
  private Object inner(Object e, TypeCheck c) {
    if (e == null || c == null) {
      return null;
    }
    if (c.kind == TypeCheck.LEAF) {
      return c.instance != null && !c.instance.isInstance(e) && !singleton(e) ? e : null;
    }
    if (todo == null) {
      todo = new ArrayDeque<>();
    }
    todo.addLast(e);
    todo.addLast(c);
    return null;
  }

  /**
   * Whether walking {@code v} again costs no more than {@link #SMALL} leaf checks and queues nothing: such a
   * value is not recorded in the identity set (a List<List<Integer>> of many short lists pays no hashing).
   * Each extra visit comes from a back-reference in the payload, so the work stays linear in its length.
   */
  private static boolean small(Object v, TypeCheck c) {
    if (!c.shallow) {
      return false;
    }
    switch (c.kind) {
      case TypeCheck.ITERABLE:
        return v instanceof java.util.Collection<?> col && col.size() <= SMALL;
      case TypeCheck.MAP:
        return v instanceof Map<?, ?> m && m.size() <= SMALL;
      case TypeCheck.ARRAY:
        return v instanceof Object[] a && a.length <= SMALL;
      default: // OBJECT (its fields), OPTIONAL, ENTRY: a fixed number of leaves
        return true;
    }
  }

  private static final int SMALL = 16;

  /** Whether {@code v} has not been visited with check {@code c} yet (and records it). */
  private boolean firstVisit(Object v, TypeCheck c) {
    Object before = seen.putIfAbsent(v, c);
    if (before == null) {
      return true;
    }
    if (before == c) {
      return false;
    }
    @SuppressWarnings("unchecked")
    List<TypeCheck> all = before instanceof List<?> l ? (List<TypeCheck>) l : new ArrayList<>(List.of((TypeCheck) before));
    if (all.contains(c)) {
      return false;
    }
    all.add(c);
    seen.put(v, all);
    return true;
  }

  /** Whether {@code v} (of a class that is not an enum) is held by a static final field of its own class. */
  private static boolean singleton(Object v) {
    if (v instanceof Enum) {
      return false;
    }
    for (Object o : SINGLETONS.get(v.getClass())) {
      if (o == v) {
        return true;
      }
    }
    return false;
  }

  /** Per class, the instances its static final fields of its own type hold (read once: the class is initialized). */
  private static final ClassValue<List<Object>> SINGLETONS = new ClassValue<>() {
    @Override
    protected List<Object> computeValue(Class<?> c) {
      List<Object> out = new ArrayList<>();
      try {
        for (Field f : c.getDeclaredFields()) {
          int mod = f.getModifiers();
          if (Modifier.isStatic(mod) && Modifier.isFinal(mod) && f.getType().isAssignableFrom(c) && f.trySetAccessible()) {
            Object o = f.get(null);
            if (o != null && o.getClass() == c) {
              out.add(o);
            }
          }
        }
      } catch (IllegalAccessException | RuntimeException | LinkageError e) {
        // not readable: no singleton known
      }
      return out;
    }
  };
}
