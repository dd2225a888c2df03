package dev.brine.protobuf.plan;

import dev.brine.BrineException;
import dev.brine.plan.ClassModel;
import dev.brine.plan.FieldModel;
import dev.brine.protobuf.ProtoEncoding;
import dev.brine.protobuf.ProtoScalar;
import dev.brine.protobuf.plan.ProtoField.Container;
import dev.brine.protobuf.plan.ProtoField.Shape;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Maps classes to protobuf messages (docs/formats.md has the table): reads each class's {@link
 * ClassModel} and decides every field's proto type. Everything it cannot map — a polymorphic field
 * ({@code Object}, an interface, an abstract class), a class that contains itself (directly or
 * through other classes), a nested collection — is a {@link BrineException} naming the field, so a
 * mapper is never built for classes it would fail on at run time.
 */
public final class Planner {
  private final Map<Class<?>, MessagePlan> plans = new LinkedHashMap<>();
  private final Map<Class<?>, EnumInfo> enums = new LinkedHashMap<>();
  private final Deque<Class<?>> path = new ArrayDeque<>();

  /** The plans made so far, in the order their planning started. */
  public Map<Class<?>, MessagePlan> plans() {
    return plans;
  }

  /** The enums met so far. */
  public Map<Class<?>, EnumInfo> enums() {
    return enums;
  }

  /**
   * The plan of {@code type} and of every class it reaches.
   *
   * @throws BrineException if a class or field cannot be mapped (the message says which and why)
   */
  public MessagePlan plan(Class<?> type) {
    MessagePlan done = plans.get(type);
    if (done != null) {
      if (done.fields == null) {
        StringBuilder cycle = new StringBuilder();
        boolean in = false;
        for (java.util.Iterator<Class<?>> it = path.descendingIterator(); it.hasNext(); ) {
          Class<?> c = it.next();
          in |= c == type;
          if (in) {
            cycle.append(c.getSimpleName()).append(" -> ");
          }
        }
        throw new BrineException("protobuf: " + type.getName() + " contains itself (" + cycle + type.getSimpleName()
            + "); recursive message types are not supported");
      }
      return done;
    }
    checkMessageClass(type);
    ClassModel model = ClassModel.of(type);
    MessagePlan plan = new MessagePlan(type, model);
    plans.put(type, plan);
    path.push(type);
    try {
      List<ProtoField> fields = new ArrayList<>();
      for (FieldModel f : model.fieldsById()) {
        if (f.synthetic()) {
          throw new BrineException("protobuf: " + type.getName() + " has the compiler-made field " + f.name
              + " (an inner class's outer instance or a captured variable): make the class static or a record");
        }
        fields.add(field(f));
      }
      plan.fields = List.copyOf(fields);
    } catch (BrineException e) {
      plans.remove(type);
      throw e;
    } finally {
      path.pop();
    }
    return plan;
  }

  private static void checkMessageClass(Class<?> type) {
    String why = null;
    if (type.isPrimitive() || type.isArray() || type.isEnum()) {
      why = "is not a message class";
    } else if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      why = "is abstract: a polymorphic value cannot be mapped to a protobuf message";
    } else if (type == Object.class) {
      why = "is Object: a polymorphic value cannot be mapped to a protobuf message";
    } else if (type.getName().startsWith("java.") || type.getName().startsWith("javax.")) {
      why = "is a JDK class without a protobuf mapping";
    } else if (type.getTypeParameters().length > 0) {
      why = "is generic: its fields' types are not known";
    }
    if (why != null) {
      throw new BrineException("protobuf: " + type.getName() + " " + why);
    }
  }

  private ProtoField field(FieldModel f) {
    try {
      return mapField(f);
    } catch (BrineException e) {
      throw new BrineException("protobuf: field " + f.declaringClass().getName() + "." + f.name + " ("
          + f.genericType().getTypeName() + "): " + e.getMessage().replaceFirst("^protobuf: ", ""), e);
    }
  }

  private ProtoField mapField(FieldModel f) {
    Class<?> raw = f.type();
    Type g = f.genericType();
    ProtoEncoding enc = f.field.getAnnotation(ProtoEncoding.class);
    ProtoScalar scalar = enc == null ? null : enc.value();
    if (raw.isPrimitive()) {
      return new ProtoField(f, Shape.SINGULAR, Container.NONE, null, scalar(raw, scalar), null);
    }
    if (raw == OptionalInt.class) {
      return new ProtoField(f, Shape.OPTIONAL, Container.OPTIONAL_INT, null, scalar(int.class, scalar), null);
    }
    if (raw == OptionalLong.class) {
      return new ProtoField(f, Shape.OPTIONAL, Container.OPTIONAL_LONG, null, scalar(long.class, scalar), null);
    }
    if (raw == OptionalDouble.class) {
      return new ProtoField(f, Shape.OPTIONAL, Container.OPTIONAL_DOUBLE, null, scalar(double.class, scalar), null);
    }
    if (raw == Optional.class) {
      return new ProtoField(f, Shape.OPTIONAL, Container.OPTIONAL, null, scalar(argument(g, 0), scalar), null);
    }
    if (raw == byte[].class) {
      return new ProtoField(f, Shape.OPTIONAL, Container.NONE, null, scalar(raw, scalar), null);
    }
    if (raw.isArray()) {
      return new ProtoField(f, Shape.REPEATED, Container.ARRAY, null, scalar(raw.getComponentType(), scalar), null);
    }
    if (Collection.class.isAssignableFrom(raw)) {
      return new ProtoField(f, Shape.REPEATED, Container.COLLECTION, collectionClass(raw),
          scalar(argument(g, 0), scalar), null);
    }
    if (Map.class.isAssignableFrom(raw)) {
      ValueType key = scalar(argument(g, 0), null);
      switch (key.kind) {
        case INT32: case INT64: case UINT32: case UINT64: case SINT32: case SINT64: case FIXED32: case FIXED64:
        case SFIXED32: case SFIXED64: case BOOL: case STRING: case TEXT:
          break;
        default:
          throw new BrineException("protobuf map keys are integers, bools or strings, not " + key.java.getName());
      }
      return new ProtoField(f, Shape.MAP, Container.MAP, mapClass(raw), scalar(argument(g, 1), scalar), key);
    }
    if (raw.isEnum()) {
      return new ProtoField(f, Shape.SINGULAR, Container.NONE, null, scalar(raw, scalar), null);
    }
    return new ProtoField(f, Shape.OPTIONAL, Container.NONE, null, scalar(raw, scalar), null);
  }

  private static Type argument(Type g, int i) {
    if (!(g instanceof ParameterizedType)) {
      throw new BrineException("a raw container type: declare its element types (List<String>, Map<String, Integer>)");
    }
    return ((ParameterizedType) g).getActualTypeArguments()[i];
  }

  /** The type of one value (a field's, an element's, a map key's or value's). */
  private ValueType scalar(Type t, ProtoScalar enc) {
    if (!(t instanceof Class)) {
      throw new BrineException("element type " + t.getTypeName()
          + " cannot be mapped: elements must be plain classes (no wildcards, type variables or nested containers)");
    }
    Class<?> c = (Class<?>) t;
    Class<?> p = unbox(c);
    if (enc != null && p != int.class && p != long.class) {
      throw new BrineException("@ProtoEncoding applies to int and long values, not " + c.getName());
    }
    if (p == int.class) {
      ProtoScalar s = enc == null ? ProtoScalar.INT32 : enc;
      if (s.is64()) {
        throw new BrineException("@ProtoEncoding(" + s + ") is a 64-bit encoding; an int takes a 32-bit one");
      }
      return new ValueType(ProtoKind.valueOf(s.name()), c, null, null);
    }
    if (p == long.class) {
      ProtoScalar s = enc == null ? ProtoScalar.INT64 : enc;
      if (!s.is64()) {
        throw new BrineException("@ProtoEncoding(" + s + ") is a 32-bit encoding; a long takes a 64-bit one");
      }
      return new ValueType(ProtoKind.valueOf(s.name()), c, null, null);
    }
    if (p == short.class || p == byte.class) {
      return new ValueType(ProtoKind.INT32, c, null, null);
    }
    if (p == char.class) {
      return new ValueType(ProtoKind.UINT32, c, null, null);
    }
    if (p == float.class) {
      return new ValueType(ProtoKind.FLOAT, c, null, null);
    }
    if (p == double.class) {
      return new ValueType(ProtoKind.DOUBLE, c, null, null);
    }
    if (p == boolean.class) {
      return new ValueType(ProtoKind.BOOL, c, null, null);
    }
    if (c == String.class) {
      return new ValueType(ProtoKind.STRING, c, null, null);
    }
    if (c == byte[].class) {
      return new ValueType(ProtoKind.BYTES, c, null, null);
    }
    if (c == Instant.class) {
      return new ValueType(ProtoKind.TIMESTAMP, c, null, null);
    }
    if (c == Duration.class) {
      return new ValueType(ProtoKind.DURATION, c, null, null);
    }
    if (TextTypes.isText(c)) {
      return new ValueType(ProtoKind.TEXT, c, null, null);
    }
    if (c.isEnum()) {
      return new ValueType(ProtoKind.ENUM, c, enums.computeIfAbsent(c, EnumInfo::new), null);
    }
    if (c.isArray() || Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c) || c == Optional.class) {
      throw new BrineException(c.getSimpleName() + " as an element: protobuf has no nested repeated fields or maps "
          + "(wrap the inner one in a message class)");
    }
    return new ValueType(ProtoKind.MESSAGE, c, null, plan(c));
  }

  private static Class<?> unbox(Class<?> c) {
    if (c == Integer.class) return int.class;
    if (c == Long.class) return long.class;
    if (c == Short.class) return short.class;
    if (c == Byte.class) return byte.class;
    if (c == Character.class) return char.class;
    if (c == Float.class) return float.class;
    if (c == Double.class) return double.class;
    if (c == Boolean.class) return boolean.class;
    return c;
  }

  private static Class<?> collectionClass(Class<?> raw) {
    if (raw.isInterface()) {
      if (raw == SortedSet.class || raw == NavigableSet.class) return TreeSet.class;
      if (Set.class.isAssignableFrom(raw)) return raw == Set.class ? LinkedHashSet.class : unsupported(raw);
      if (raw == Queue.class || raw == Deque.class) return ArrayDeque.class;
      if (raw == List.class || raw == Collection.class) return ArrayList.class;
      return unsupported(raw);
    }
    return instantiable(raw);
  }

  private static Class<?> mapClass(Class<?> raw) {
    if (raw.isInterface()) {
      if (raw == SortedMap.class || raw == NavigableMap.class) return TreeMap.class;
      if (raw == Map.class) return LinkedHashMap.class;
      return unsupported(raw);
    }
    return instantiable(raw);
  }

  private static Class<?> instantiable(Class<?> raw) {
    if (Modifier.isAbstract(raw.getModifiers())) {
      return unsupported(raw);
    }
    try {
      if (Modifier.isPublic(raw.getConstructor().getModifiers())) {
        return raw;
      }
    } catch (NoSuchMethodException e) {
      // below
    }
    return unsupported(raw);
  }

  private static Class<?> unsupported(Class<?> raw) {
    throw new BrineException(raw.getName() + " cannot be created when reading: declare List, Set, SortedSet, "
        + "Collection, Map or SortedMap, or a class with a public no-arg constructor");
  }
}
