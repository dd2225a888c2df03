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

  /** Creates a field plan. */
  public FieldPlan(Field field, FieldKind kind, ClassInfo declared, ClassInfo element, ClassInfo value) {
    this.field = field;
    this.kind = kind;
    this.declared = declared;
    this.element = element;
    this.value = value;
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
