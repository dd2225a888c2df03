package dev.brine.reflect;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * How the interpreted serializers read and write one field: through a field {@link VarHandle} on JDK 18
 * and later, through {@link Field} on JDK 17.
 *
 * <p>Why two ways: since JDK 18 core reflection is built on method handles (JEP 416), and the first
 * {@code Field.get*}/{@code set} of each field creates a method-handle accessor, spinning lambda-form
 * classes for each field type: a fresh JDK 25 spent ≈ 20 ms of a 100-field class's first serialize
 * there. A field {@code VarHandle} is an instance of a class the JDK ships, so a fresh JVM pays a few
 * microseconds per field. On JDK 17 reflection uses its native accessors, which are cheaper than
 * either at first use. Volatile fields (for their memory semantics) and the writes of final fields
 * (which a {@code VarHandle} refuses) keep reflection everywhere; so does a field whose class cannot
 * be opened with {@link MethodHandles#privateLookupIn} (the caller then needed {@code setAccessible},
 * which has already succeeded).
 */
final class FieldAccess {
  /** Whether field handles are used (JDK 18+; a constant to the JIT). */
  private static final boolean HANDLES = Runtime.version().feature() >= 18;

  /** The field (accessible). */
  final Field field;
  private final VarHandle get;
  private final VarHandle set;

  /** The field's primitive type as its descriptor letter, or 'L'. */
  private final char prim;

  private FieldAccess(Field field, VarHandle get, VarHandle set) {
    this.field = field;
    Class<?> t = field.getType();
    this.prim = !t.isPrimitive() ? 'L' : t == boolean.class ? 'Z' : t == byte.class ? 'B' : t == short.class ? 'S'
        : t == char.class ? 'C' : t == int.class ? 'I' : t == long.class ? 'J' : t == float.class ? 'F' : 'D';
    this.get = get;
    this.set = set;
  }

  /**
   * The accessors of {@code fields} (already made accessible), in the same order; one private lookup
   * per declaring class.
   */
  static FieldAccess[] of(Field[] fields) {
    FieldAccess[] out = new FieldAccess[fields.length];
    Class<?> owner = null;
    MethodHandles.Lookup lookup = null;
    for (int i = 0; i < fields.length; i++) {
      Field f = fields[i];
      VarHandle h = null;
      if (HANDLES && !Modifier.isVolatile(f.getModifiers())) {
        if (f.getDeclaringClass() != owner) {
          owner = f.getDeclaringClass();
          try {
            lookup = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
          } catch (IllegalAccessException | RuntimeException e) {
            lookup = null; // a package not opened to Brine: setAccessible worked, so reflection will
          }
        }
        if (lookup != null) {
          try {
            h = lookup.unreflectVarHandle(f);
          } catch (IllegalAccessException | RuntimeException e) {
            h = null;
          }
        }
      }
      out[i] = new FieldAccess(f, h, h == null || Modifier.isFinal(f.getModifiers()) ? null : h);
    }
    return out;
  }

  /** The field's value (a primitive boxed). */
  Object get(Object obj) throws IllegalAccessException {
    return get != null ? (Object) get.get(obj) : field.get(obj);
  }

  boolean getBoolean(Object obj) throws IllegalAccessException {
    return get != null ? (boolean) get.get(obj) : field.getBoolean(obj);
  }

  byte getByte(Object obj) throws IllegalAccessException {
    return get != null ? (byte) get.get(obj) : field.getByte(obj);
  }

  short getShort(Object obj) throws IllegalAccessException {
    return get != null ? (short) get.get(obj) : field.getShort(obj);
  }

  char getChar(Object obj) throws IllegalAccessException {
    return get != null ? (char) get.get(obj) : field.getChar(obj);
  }

  int getInt(Object obj) throws IllegalAccessException {
    return get != null ? (int) get.get(obj) : field.getInt(obj);
  }

  long getLong(Object obj) throws IllegalAccessException {
    return get != null ? (long) get.get(obj) : field.getLong(obj);
  }

  float getFloat(Object obj) throws IllegalAccessException {
    return get != null ? (float) get.get(obj) : field.getFloat(obj);
  }

  double getDouble(Object obj) throws IllegalAccessException {
    return get != null ? (double) get.get(obj) : field.getDouble(obj);
  }

  /**
   * Sets the field; a primitive field unboxes {@code v} (which the callers never pass as null for one).
   * The handle is called with the field's own type (not {@code Object}, which would make the JDK spin
   * unboxing adapters for each field type).
   */
  void set(Object obj, Object v) throws IllegalAccessException {
    if (set == null) {
      field.set(obj, v);
      return;
    }
    switch (prim) {
      case 'Z': set.set(obj, (boolean) (Boolean) v); break;
      case 'B': set.set(obj, (byte) (Byte) v); break;
      case 'S': set.set(obj, (short) (Short) v); break;
      case 'C': set.set(obj, (char) (Character) v); break;
      case 'I': set.set(obj, (int) (Integer) v); break;
      case 'J': set.set(obj, (long) (Long) v); break;
      case 'F': set.set(obj, (float) (Float) v); break;
      case 'D': set.set(obj, (double) (Double) v); break;
      default: set.set(obj, v); break;
    }
  }
}
