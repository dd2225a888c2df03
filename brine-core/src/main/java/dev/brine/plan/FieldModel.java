package dev.brine.plan;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;

/**
 * One field of a {@link ClassModel}: its name, its stable number, its declared (generic) type. Plain
 * data, the same for every format: Brine's own format, its compatible mode, protobuf and JSON read
 * their field lists from it.
 */
public final class FieldModel {
  /** The field (a record's component field for records). */
  public final Field field;
  /** The field's name (the component's name for records). */
  public final String name;
  /**
   * The field's stable number: its {@link dev.brine.Field#id()} when annotated, else its position
   * (1, 2, 3 … in the class model's declaration order).
   */
  public final int id;
  /** Whether {@link #id} comes from a {@link dev.brine.Field} annotation. */
  public final boolean explicitId;
  /** The position of the field in {@link ClassModel#fields}, from 0. */
  public final int index;

  FieldModel(Field field, int id, boolean explicitId, int index) {
    this.field = field;
    this.name = field.getName();
    this.id = id;
    this.explicitId = explicitId;
    this.index = index;
  }

  /** The declared class of the field. */
  public Class<?> type() {
    return field.getType();
  }

  /** The declared type with its type arguments ({@code List<String>}), as {@link Field#getGenericType()}. */
  public Type genericType() {
    return field.getGenericType();
  }

  /** The class that declares the field (a superclass for inherited fields). */
  public Class<?> declaringClass() {
    return field.getDeclaringClass();
  }

  /** Whether the field is final (a POJO's final field is set reflectively; a record's through its constructor). */
  public boolean isFinal() {
    return Modifier.isFinal(field.getModifiers());
  }

  /** Whether the compiler made the field (an inner class's {@code this$0}, a captured variable). */
  public boolean synthetic() {
    return field.isSynthetic();
  }

  @Override
  public String toString() {
    return field.getDeclaringClass().getSimpleName() + "." + name + "#" + id;
  }
}
