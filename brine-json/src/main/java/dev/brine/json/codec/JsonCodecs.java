package dev.brine.json.codec;

import dev.brine.BrineException;
import dev.brine.plan.ClassModel;
import dev.brine.plan.FieldModel;
import java.lang.System.Logger.Level;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Maps Java types to JSON codecs (docs/formats.md has the table) for one mapper: each class from
 * its core {@link ClassModel}, its object codec generated with ASM or interpreted. What cannot be
 * mapped — a polymorphic field ({@code Object}, an interface, an abstract class), a class that
 * contains itself, a raw container — is a {@link BrineException} naming the field when the mapper
 * is built. Not thread-safe: used while a mapper is built.
 */
public final class JsonCodecs {
  private static final System.Logger LOG = System.getLogger("dev.brine");
  private final boolean codegen;
  private final Map<Class<?>, ObjectCodec> objects = new LinkedHashMap<>();
  private final Set<Class<?>> inProgress = new HashSet<>();

  /** Creates an empty set of codecs. */
  public JsonCodecs(boolean codegen) {
    this.codegen = codegen;
  }

  /** The object codecs made so far, by class. */
  public Map<Class<?>, ObjectCodec> objects() {
    return objects;
  }

  /**
   * The codec of class {@code type} as a JSON object, made with those of the classes it contains.
   *
   * @throws BrineException if the class or one of its fields cannot be mapped
   */
  public ObjectCodec object(Class<?> type) {
    ObjectCodec done = objects.get(type);
    if (done != null) {
      return done;
    }
    if (!inProgress.add(type)) {
      throw new BrineException("json: " + type.getName() + " contains itself; recursive types are not supported");
    }
    try {
      checkObjectClass(type);
      ClassModel model = ClassModel.of(type);
      List<JsonCodec> codecs = new ArrayList<>();
      for (FieldModel f : model.fields) {
        if (f.synthetic()) {
          throw new BrineException("json: " + type.getName() + " has the compiler-made field " + f.name
              + " (an inner class's outer instance): make the class static or a record");
        }
        try {
          codecs.add(codec(f.genericType()));
        } catch (BrineException e) {
          throw new BrineException("json: field " + type.getName() + "." + f.name + " ("
              + f.genericType().getTypeName() + "): " + e.getMessage().replaceFirst("^json: ", ""), e);
        }
      }
      ObjectCodec c = null;
      if (codegen) {
        try {
          c = ObjectCodecGenerator.generate(model, codecs);
        } catch (BrineException | LinkageError e) {
          LOG.log(Level.DEBUG, "json: interpreting " + type.getName() + " (" + e.getMessage() + ")");
        }
      }
      if (c == null) {
        c = new ReflectiveObjectCodec(model, codecs);
      }
      objects.put(type, c);
      return c;
    } finally {
      inProgress.remove(type);
    }
  }

  private static void checkObjectClass(Class<?> type) {
    String why = null;
    if (type.isPrimitive() || type.isArray() || type.isEnum()) {
      why = "is not a class with fields";
    } else if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || type == Object.class) {
      why = "is abstract: a polymorphic value cannot be mapped without type information";
    } else if (type.getName().startsWith("java.") || type.getName().startsWith("javax.")) {
      why = "is a JDK class without a JSON mapping";
    } else if (type.getTypeParameters().length > 0) {
      why = "is generic: its fields' types are not known";
    }
    if (why != null) {
      throw new BrineException("json: " + type.getName() + " " + why);
    }
  }

  /** The codec of a declared type. */
  JsonCodec codec(Type t) {
    if (t instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) t;
      Class<?> raw = (Class<?>) p.getRawType();
      Type[] args = p.getActualTypeArguments();
      if (raw == Optional.class) {
        return new Values.OptionalCodec(codec(args[0]));
      }
      if (Collection.class.isAssignableFrom(raw)) {
        return new Values.ArrayCodec(codec(args[0]), null, collectionClass(raw));
      }
      if (Map.class.isAssignableFrom(raw)) {
        return new Values.MapCodec(keyParser(args[0]), codec(args[1]), mapClass(raw));
      }
      if (raw.getTypeParameters().length > 0 && !raw.getName().startsWith("java.")) {
        throw new BrineException(raw.getName() + " is generic: its fields' types are not known");
      }
      throw new BrineException("no JSON mapping for " + t.getTypeName());
    }
    if (!(t instanceof Class)) {
      throw new BrineException("type " + t.getTypeName() + " cannot be mapped: use plain classes (no wildcards or type variables)");
    }
    Class<?> c = (Class<?>) t;
    if (c == int.class || c == Integer.class || c == short.class || c == Short.class || c == byte.class || c == Byte.class) {
      return new Values.IntCodec(c);
    }
    if (c == long.class || c == Long.class) return new Values.LongCodec(c.isPrimitive());
    if (c == double.class || c == Double.class) return new Values.DoubleCodec(c.isPrimitive(), false);
    if (c == float.class || c == Float.class) return new Values.DoubleCodec(c.isPrimitive(), true);
    if (c == boolean.class || c == Boolean.class) return new Values.BooleanCodec(c.isPrimitive());
    if (c == char.class || c == Character.class) return new Values.CharCodec(c.isPrimitive());
    if (c == String.class) return new Values.StringCodec();
    if (c == byte[].class) return new Values.BytesCodec();
    if (c == char[].class) return new Values.CharsCodec(new Values.ArrayCodec(codec(char.class), char.class, null));
    if (c.isEnum()) return new Values.EnumCodec(c);
    if (c == BigDecimal.class) return new Values.BigCodec(false);
    if (c == BigInteger.class) return new Values.BigCodec(true);
    Function<String, Object> text = textParser(c);
    if (text != null) return new Values.TextCodec(c, text);
    if (c.isArray()) {
      return new Values.ArrayCodec(codec(c.getComponentType()), c.getComponentType(), null);
    }
    if (Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c) || c == Optional.class) {
      throw new BrineException("a raw " + c.getSimpleName() + ": declare its type arguments");
    }
    return object(c);
  }

  private static Function<String, Object> textParser(Class<?> c) {
    return dev.brine.plan.TextValues.parser(c); // the same text brine-protobuf writes (one model, both formats)
  }

  private static Function<String, Object> keyParser(Type t) {
    if (!(t instanceof Class)) {
      throw new BrineException("map key type " + t.getTypeName() + " cannot be mapped");
    }
    Class<?> c = (Class<?>) t;
    if (c == String.class) return s -> s;
    if (c == Integer.class || c == Long.class || c == Short.class || c == Byte.class || c == Double.class
        || c == Float.class || c == BigInteger.class || c == BigDecimal.class) {
      return s -> Values.parseNumberKey(c, s);
    }
    if (c == Boolean.class) {
      return s -> {
        if (!s.equals("true") && !s.equals("false")) throw new IllegalArgumentException("not a boolean");
        return Boolean.valueOf(s);
      };
    }
    if (c.isEnum()) {
      return s -> enumConstant(c, s);
    }
    Function<String, Object> text = textParser(c);
    if (text != null) return text;
    throw new BrineException("map keys of " + c.getName() + " cannot be written as JSON names "
        + "(strings, numbers, booleans, enums, UUIDs and java.time values can)");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> c, String s) {
    return Enum.valueOf((Class) c, s);
  }

  private static Class<?> collectionClass(Class<?> raw) {
    if (raw.isInterface()) {
      if (raw == SortedSet.class || raw == NavigableSet.class) return TreeSet.class;
      if (raw == Set.class) return LinkedHashSet.class;
      if (raw == Queue.class || raw == Deque.class) return ArrayDeque.class;
      if (raw == List.class || raw == Collection.class || raw == Iterable.class) return null; // ArrayList
      throw cannotCreate(raw);
    }
    return instantiable(raw);
  }

  private static Class<?> mapClass(Class<?> raw) {
    if (raw.isInterface()) {
      if (raw == SortedMap.class || raw == NavigableMap.class) return TreeMap.class;
      if (raw == Map.class) return LinkedHashMap.class;
      throw cannotCreate(raw);
    }
    return instantiable(raw);
  }

  private static Class<?> instantiable(Class<?> raw) {
    try {
      if (!Modifier.isAbstract(raw.getModifiers()) && Modifier.isPublic(raw.getConstructor().getModifiers())) {
        return raw == ArrayList.class ? null : raw;
      }
    } catch (NoSuchMethodException e) {
      // below
    }
    throw cannotCreate(raw);
  }

  private static BrineException cannotCreate(Class<?> raw) {
    return new BrineException(raw.getName() + " cannot be created when reading: declare List, Set, SortedSet, "
        + "Collection, Map or SortedMap, or a class with a public no-arg constructor");
  }
}
