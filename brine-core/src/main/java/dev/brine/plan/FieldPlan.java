package dev.brine.plan;

import dev.brine.registry.ClassInfo;
import java.lang.reflect.Field;

/**
 * One serialized field: what it is and how it is written. Plain data shared by the interpreted
 * serializer and the code generator.
 */
public final class FieldPlan {
  /** The field. */
  public final Field field;
  /** How it is written. */
  public final FieldKind kind;
  /** For {@link FieldKind#DECLARED}: the declared class's info. */
  public final ClassInfo declared;
  /** For {@link FieldKind#CONTAINER}: the element (or key) class when it is final, else null. */
  public final ClassInfo element;
  /** For {@link FieldKind#CONTAINER} maps: the value class when it is final, else null. */
  public final ClassInfo value;
  /**
   * For an {@code Optional<T>} field whose {@code T} is a final class: {@code T}, else null. A read checks
   * the content's class (erasure lets any {@code Optional} into the field: a payload of another version
   * of the class, or bad input, would leave a {@code ClassCastException} for the application to meet).
   */
  public final Class<?> optionalContent;

  /** Creates a field plan. */
  public FieldPlan(Field field, FieldKind kind, ClassInfo declared, ClassInfo element, ClassInfo value) {
    this.field = field;
    this.kind = kind;
    this.declared = declared;
    this.element = element;
    this.value = value;
    this.optionalContent = optionalContent(field);
  }

  private static Class<?> optionalContent(Field f) {
    if (f.getType() != java.util.Optional.class
        || !(ClassPlan.genericTypeOrRaw(f) instanceof java.lang.reflect.ParameterizedType pt)
        || !(pt.getActualTypeArguments()[0] instanceof Class<?> c)) {
      return null;
    }
    return java.lang.reflect.Modifier.isFinal(c.getModifiers()) && !c.isArray() ? c : null;
  }

  /** The field's name. */
  public String name() {
    return field.getName();
  }

  /** The field's declared type. */
  public Class<?> type() {
    return field.getType();
  }

  @Override
  public String toString() {
    return field.getDeclaringClass().getSimpleName() + "." + field.getName() + ":" + kind;
  }
}
