package dev.brine.plan;

import dev.brine.BrineException;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeRegistry;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The serialized fields of a class, in wire order: for a record its components in declaration order;
 * otherwise the non-static, non-transient fields (synthetic ones such as an inner class's {@code
 * this$0} included) of each class from the topmost superclass down, sorted by name within each class. Plain data: the interpreter and the ASM generator both consume it.
 */
public final class ClassPlan {
  /** The class. */
  public final Class<?> type;
  /** Whether it is a record (rebuilt through its canonical constructor). */
  public final boolean record;
  /** The fields in wire order. */
  public final List<FieldPlan> fields;

  private ClassPlan(Class<?> type, boolean record, List<FieldPlan> fields) {
    this.type = type;
    this.record = record;
    this.fields = fields;
  }

  /**
   * Builds the plan of {@code type}, resolving declared field classes through {@code registry}. The
   * fields are those of {@link ClassModel#of(Class)} (which also checks the class's {@link
   * dev.brine.Field} ids); a class that is not a record writes them sorted by name within each class.
   *
   * @throws BrineException if the class's field ids are invalid
   */
  public static ClassPlan of(Class<?> type, TypeRegistry registry) {
    List<Field> fields = new ArrayList<>();
    for (FieldModel m : ClassModel.of(type).fields) {
      fields.add(m.field);
    }
    if (!type.isRecord()) {
      // declaration order groups fields by class, topmost superclass first; sort each group by name
      fields.sort(FieldOrder.BY_CLASS_THEN_NAME);
    }
    List<FieldPlan> plans = new ArrayList<>(fields.size());
    for (Field f : fields) {
      plans.add(plan(f, registry));
    }
    return new ClassPlan(type, type.isRecord(), List.copyOf(plans));
  }

  private static FieldPlan plan(Field f, TypeRegistry registry) {
    Class<?> t = f.getType();
    if (t.isPrimitive()) {
      FieldKind k;
      if (t == boolean.class) k = FieldKind.BOOLEAN;
      else if (t == byte.class) k = FieldKind.BYTE;
      else if (t == short.class) k = FieldKind.SHORT;
      else if (t == char.class) k = FieldKind.CHAR;
      else if (t == int.class) k = FieldKind.INT;
      else if (t == long.class) k = FieldKind.LONG;
      else if (t == float.class) k = FieldKind.FLOAT;
      else k = FieldKind.DOUBLE;
      return new FieldPlan(f, k, null, null, null);
    }
    if (t == String.class) {
      return new FieldPlan(f, FieldKind.STRING, null, null, null);
    }
    if (exact(t)) {
      try {
        ClassInfo info = registry.forDeclared(t);
        if (info.writeReplace == null) {
          return new FieldPlan(f, FieldKind.DECLARED, info, null, null);
        }
        return new FieldPlan(f, FieldKind.OBJECT, null, null, null); // replaced by another class: tag it
      } catch (BrineException e) {
        // No serializer can be made for the declared class (e.g. an encapsulated JDK class): write the
        // field tagged, so null values still work and others fail with a clear message when written.
        return new FieldPlan(f, FieldKind.OBJECT, null, null, null);
      }
    }
    if (Collection.class.isAssignableFrom(t) || Map.class.isAssignableFrom(t)) {
      Type g = genericTypeOrRaw(f);
      ClassInfo e = null;
      ClassInfo v = null;
      if (g instanceof ParameterizedType) {
        Type[] args = ((ParameterizedType) g).getActualTypeArguments();
        boolean map = Map.class.isAssignableFrom(t);
        if (args.length >= 1) {
          e = exactInfo(args[0], registry);
        }
        if (map && args.length >= 2) {
          v = exactInfo(args[1], registry);
        }
        if (!map || args.length != 2) {
          v = null;
        }
      }
      return new FieldPlan(f, FieldKind.CONTAINER, null, e, v);
    }
    return new FieldPlan(f, FieldKind.OBJECT, null, null, null);
  }

  /**
   * The field's generic type, or its class when its signature names a class missing at run time (an
   * optional dependency: {@code TypeNotPresentException}); its elements are then written with their tags.
   */
  public static Type genericTypeOrRaw(Field f) {
    try {
      return f.getGenericType();
    } catch (TypeNotPresentException | java.lang.reflect.MalformedParameterizedTypeException | LinkageError e) {
      return f.getType();
    }
  }

  private static ClassInfo exactInfo(Type t, TypeRegistry registry) {
    if (t instanceof WildcardType) {
      return null;
    }
    if (t instanceof Class && exact((Class<?>) t) && !((Class<?>) t).isPrimitive()) {
      try {
        ClassInfo info = registry.forDeclared((Class<?>) t);
        return info.writeReplace == null ? info : null;
      } catch (BrineException e) {
        return null;
      }
    }
    return null;
  }

  /**
   * Whether a variable of type {@code t} can only hold instances of {@code t} itself (final classes,
   * enums, arrays of such), so the reader knows the class without a tag.
   */
  public static boolean exact(Class<?> t) {
    if (t.isPrimitive()) {
      return true;
    }
    if (t.isArray()) {
      return exact(t.getComponentType());
    }
    if (t.isEnum()) {
      return true;
    }
    return Modifier.isFinal(t.getModifiers()) && !t.isInterface();
  }
}
