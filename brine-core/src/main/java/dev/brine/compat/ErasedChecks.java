package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.plan.ClassModel;
import dev.brine.plan.FieldModel;
import java.lang.reflect.Field;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a class definition cannot say about a class's fields, checked on the values read: the type
 * arguments erasure hides. A definition names a field's class, and a container's element, key and value
 * classes when they are final; it does not name {@code In} in a {@code List<In>} when {@code In} is not
 * final, a collection's elements' own elements ({@code List<List<Integer>>}), an {@code Optional<T>}'s
 * {@code T} when it is not final, nor what a generic class of one's own holds ({@code Box<Integer>}, also
 * through a superclass {@code extends Box<Integer>} or an enclosing {@code Outer<Integer>.Inner}). Two
 * versions of a class whose fields changed only there have the same definition, so the reader's own
 * serializer reads the writer's values; these checks then find a value of a class the reader's field does
 * not take — a {@code BrineException} naming the field, instead of a value that fails later in the
 * application with a {@code ClassCastException}.
 *
 * <p>Built once per class ({@link TypeChecks}); null (no cost) for a class whose fields need none. A check
 * walks only the parts of a value that erasure hid ({@link CheckWalk}).
 */
final class ErasedChecks {
  /** The fields checked, accessible. */
  private final Field[] fields;
  /** Per field: the check of its value (its own class already holds: the JVM checked it). */
  private final TypeCheck[] checks;
  private final Class<?> type;

  private ErasedChecks(Class<?> type, Field[] fields, TypeCheck[] checks) {
    this.type = type;
    this.fields = fields;
    this.checks = checks;
  }

  /** The checks of {@code type}'s serialized fields, or null when none of them needs one. */
  static ErasedChecks of(Class<?> type) {
    TypeChecks b = new TypeChecks();
    Map<TypeVariable<?>, TypeCheck> env = new HashMap<>();
    b.bindSuperclasses(type, env);
    List<Field> fs = new ArrayList<>();
    List<TypeCheck> cs = new ArrayList<>();
    for (FieldModel m : ClassModel.of(type).fields) {
      Field f = m.field;
      if (!f.getType().isPrimitive()) {
        fs.add(f); // a signature naming a class that is not here gives its class: nothing more to check
        cs.add(b.compileSafely(dev.brine.plan.ClassPlan.genericTypeOrRaw(f), env, true));
      }
    }
    b.settle();
    for (int i = fs.size() - 1; i >= 0; i--) {
      if (!TypeCheck.useful(cs.get(i), fs.get(i).getType()) || !fs.get(i).trySetAccessible()) {
        fs.remove(i);
        cs.remove(i);
      }
    }
    return fs.isEmpty() ? null : new ErasedChecks(type, fs.toArray(new Field[0]), cs.toArray(new TypeCheck[0]));
  }

  /** Checks the fields of {@code obj}, just read as a {@link #type}; throws naming the first misfit's field. */
  void check(Object obj, ReadSession ctx) {
    if (obj == null) {
      return;
    }
    CheckWalk walk = null;
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
        walk = CheckWalk.of(ctx);
      }
      Object misfit = walk.run(v, checks[i]);
      if (misfit != null) {
        Field f = fields[i];
        throw new BrineException("compatible mode: field " + f.getDeclaringClass().getName() + "." + f.getName() + " of "
            + type.getName() + " is a " + typeName(f) + bound(f) + " here but the payload holds "
            + (misfit == v ? "a " : "one with a ") + misfit.getClass().getName() + " (before offset " + ctx.position()
            + "): the writer's value of it is not one this side's type takes (a changed type argument; a field of a"
            + " type variable takes no widening)");
      }
    }
  }

  private static String typeName(Field f) {
    try {
      return f.getGenericType().getTypeName();
    } catch (RuntimeException | LinkageError e) {
      return f.getType().getName();
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
}
