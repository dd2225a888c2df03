package dev.brine.plan;

import dev.brine.BrineException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A format-neutral description of a class's state: its fields in declaration order with their
 * stable numbers, whether it is a record, and how to construct it. Every back-end reads it: {@link
 * ClassPlan} (Brine's own wire order) and the protobuf and JSON mappers.
 *
 * <p>Fields: for a record, its components in declaration order; otherwise the non-static,
 * non-transient fields of each class from the topmost superclass down, each class's in the order
 * the class file declares them (the source order with javac), synthetic fields included (see {@link
 * FieldModel#synthetic()}).
 *
 * <p>Numbers: a field annotated {@link dev.brine.Field @Field(id = n)} has number {@code n}; any
 * other has its position, 1, 2, 3 …. Numbers are 1 to {@value #MAX_ID} and unique within the class
 * and its superclasses; a class that breaks this is refused with a {@link BrineException} that names
 * both fields.
 */
public final class ClassModel {
  /** The largest field number ({@code 2^29 - 1}, protobuf's largest). */
  public static final int MAX_ID = (1 << 29) - 1;

  /** The class. */
  public final Class<?> type;
  /** Whether it is a record (constructed through its canonical constructor). */
  public final boolean record;
  /** The fields in declaration order. */
  public final List<FieldModel> fields;
  private final List<FieldModel> byId;

  private ClassModel(Class<?> type, List<FieldModel> fields) {
    this.type = type;
    this.record = type.isRecord();
    this.fields = fields;
    List<FieldModel> sorted = new ArrayList<>(fields);
    sorted.sort(FieldOrder.BY_ID);
    this.byId = List.copyOf(sorted);
  }

  /**
   * Describes {@code type}.
   *
   * @throws BrineException if a {@link dev.brine.Field} id is out of range or two fields share a number
   */
  public static ClassModel of(Class<?> type) {
    if (type.isPrimitive() || type.isArray() || type.isInterface()) {
      throw new BrineException(type.getName() + " is not a class with fields");
    }
    List<Field> declared = declaredFields(type);
    List<FieldModel> models = new ArrayList<>(declared.size());
    Map<Integer, FieldModel> seen = new HashMap<>();
    for (int i = 0; i < declared.size(); i++) {
      Field f = declared.get(i);
      dev.brine.Field a = f.getAnnotation(dev.brine.Field.class);
      int id = a != null ? a.id() : i + 1;
      if (a != null && (id < 1 || id > MAX_ID)) {
        throw new BrineException("@Field(id = " + id + ") on " + where(f) + ": ids are 1 to " + MAX_ID);
      }
      FieldModel m = new FieldModel(f, id, a != null, i);
      FieldModel other = seen.putIfAbsent(id, m);
      if (other != null) {
        throw new BrineException(type.getName() + ": " + describe(other) + " and " + describe(m)
            + " have the same number " + id + "; give one of them another @Field(id = ...)");
      }
      models.add(m);
    }
    return new ClassModel(type, List.copyOf(models));
  }

  private static String where(Field f) {
    return f.getDeclaringClass().getName() + "." + f.getName();
  }

  private static String describe(FieldModel m) {
    return where(m.field) + (m.explicitId ? " (@Field(id = " + m.id + "))" : " (position " + m.id + ", no @Field)");
  }

  /** The serialized fields of {@code type} in declaration order (see the class comment). */
  static List<Field> declaredFields(Class<?> type) {
    List<Field> fields = new ArrayList<>();
    if (type.isRecord()) {
      for (RecordComponent rc : type.getRecordComponents()) {
        try {
          fields.add(type.getDeclaredField(rc.getName()));
        } catch (NoSuchFieldException e) {
          throw new BrineException("record " + type.getName() + " has no field for component " + rc.getName(), e);
        }
      }
      return fields;
    }
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      chain.add(0, c);
    }
    for (Class<?> c : chain) {
      for (Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
          fields.add(f);
        }
      }
    }
    return fields;
  }

  /** The fields in ascending number order. */
  public List<FieldModel> fieldsById() {
    return byId;
  }

  /** The field with number {@code id}, or null. */
  public FieldModel field(int id) {
    for (FieldModel f : byId) {
      if (f.id == id) {
        return f;
      }
    }
    return null;
  }

  /**
   * A record's canonical constructor (its parameters are the components in order), accessible.
   *
   * @throws BrineException if the class is not a record or the constructor cannot be made accessible
   */
  public Constructor<?> canonicalConstructor() {
    if (!record) {
      throw new BrineException(type.getName() + " is not a record");
    }
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] params = new Class<?>[components.length];
    for (int i = 0; i < params.length; i++) {
      params[i] = components[i].getType();
    }
    try {
      Constructor<?> c = type.getDeclaredConstructor(params);
      c.setAccessible(true);
      return c;
    } catch (NoSuchMethodException | RuntimeException e) {
      throw new BrineException("cannot use the canonical constructor of " + type.getName() + ": " + e, e);
    }
  }

  /**
   * Creates instances of a class that is not a record: through its no-arg constructor, or without
   * one as {@link Instantiator} describes.
   *
   * @throws BrineException if the class is a record, abstract, or cannot be instantiated
   */
  public Instantiator instantiator() {
    if (record) {
      throw new BrineException(type.getName() + " is a record: use its canonical constructor");
    }
    return Instantiator.of(type);
  }

  @Override
  public String toString() {
    return type.getSimpleName() + fields;
  }
}
