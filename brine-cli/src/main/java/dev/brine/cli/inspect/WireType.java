package dev.brine.cli.inspect;

import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A type as a payload names it (docs/format.md, "Type ids"): a built-in with a layout this package decodes (ids
 * 2–58 and the JDK block, 8352–8447), an array of a component type, a module type with a documented layout, or
 * a class whose payload cannot be split without it (a user registration, a class written by name, an
 * undocumented module type).
 *
 * @param id the wire id
 * @param name what to call it, e.g. {@code ArrayList} or {@code registered class #65}
 * @param kind how its payload is laid out
 * @param exact whether an array of it holds declared slots instead of tagged values (a final class, an enum, or
 *     an array of such, as the writer decides)
 * @param tracked whether it gets a reference index when references are on
 * @param component the component of an array type, else null
 */
record WireType(int id, String name, Kind kind, boolean exact, boolean tracked, WireType component) {

  /** Payload layouts. */
  enum Kind {
    BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, STRING,
    BOOLEAN_ARRAY, BYTE_ARRAY, SHORT_ARRAY, CHAR_ARRAY, INT_ARRAY, LONG_ARRAY, FLOAT_ARRAY, DOUBLE_ARRAY,
    STRING_ARRAY, OBJECT_ARRAY, ARRAY,
    BIG_INTEGER, BIG_DECIMAL, UUID,
    COLLECTION, SORTED_COLLECTION, ENUM_SET, MAP, SORTED_MAP, ENUM_MAP,
    OPTIONAL, OPTIONAL_INT, OPTIONAL_LONG, OPTIONAL_DOUBLE,
    INSTANT, LOCAL_DATE, LOCAL_TIME, LOCAL_DATE_TIME, ZONED_DATE_TIME, OFFSET_DATE_TIME, DURATION, PERIOD, ZONE_ID,
    DATE, BIT_SET, REVERSE_ORDER, CLASS,
    /** An enum constant known to be one (the keys of an EnumMap): its ordinal. */
    ENUM_ORDINAL,
    /** brine-geometry: varuint32 length + the native geometry bytes. */
    GEOMETRY,
    /** A module type with no payload (Scala's None, Nil). */
    NOTHING,
    /** A module type whose payload is a fixed number of tagged values (Some, tuples, wrappers). */
    TAGGED,
    /** A module type whose payload is a count and as many tagged values. */
    COUNT_TAGGED,
    /** A module type whose payload is a count and as many tagged key, value pairs. */
    COUNT_PAIRS,
    /** A type of the core's JDK block: its layout steps are in {@link JdkBlock}. */
    JDK,
    /** varuint32 length + a Java serialization stream. */
    JAVA_STREAM,
    /** Compatible mode: an enum (tag 60) named by its definition; each value is a definition reference and the ordinal. */
    COMPAT_ENUM,
    /**
     * Compatible mode: a class or record (tag 63) named by its definition (an array's component); each value is a
     * definition reference and fields only the class can split.
     */
    COMPAT_CLASS,
    /** Fields without tags or lengths, or a layout only the class knows. */
    OPAQUE
  }

  /** For {@link Kind#TAGGED}: how many tagged values the payload holds. */
  int taggedValues() {
    return switch (id) {
      case 8226 -> 2;
      case 8227 -> 3;
      default -> 1;
    };
  }

  /** How it is shown: {@code ArrayList (type 25)}. */
  String display() {
    return name + " (type " + id + ")";
  }

  private static final WireType[] BUILTINS = new WireType[62];

  private static void builtin(int id, String name, Kind kind, Class<?> javaClass, boolean tracked) {
    BUILTINS[id] = new WireType(id, name, kind, exact(javaClass), tracked, null);
  }

  /** As the writer decides whether an array's elements need their class: final, an enum, or an array of such. */
  private static boolean exact(Class<?> t) {
    if (t.isPrimitive()) {
      return true;
    }
    if (t.isArray()) {
      return exact(t.getComponentType());
    }
    return t.isEnum() || Modifier.isFinal(t.getModifiers()) && !t.isInterface();
  }

  static {
    builtin(2, "Boolean", Kind.BOOLEAN, Boolean.class, false);
    builtin(3, "Byte", Kind.BYTE, Byte.class, false);
    builtin(4, "Short", Kind.SHORT, Short.class, false);
    builtin(5, "Character", Kind.CHAR, Character.class, false);
    builtin(6, "Integer", Kind.INT, Integer.class, false);
    builtin(7, "Long", Kind.LONG, Long.class, false);
    builtin(8, "Float", Kind.FLOAT, Float.class, false);
    builtin(9, "Double", Kind.DOUBLE, Double.class, false);
    builtin(10, "String", Kind.STRING, String.class, false);
    builtin(11, "boolean[]", Kind.BOOLEAN_ARRAY, boolean[].class, true);
    builtin(12, "byte[]", Kind.BYTE_ARRAY, byte[].class, true);
    builtin(13, "short[]", Kind.SHORT_ARRAY, short[].class, true);
    builtin(14, "char[]", Kind.CHAR_ARRAY, char[].class, true);
    builtin(15, "int[]", Kind.INT_ARRAY, int[].class, true);
    builtin(16, "long[]", Kind.LONG_ARRAY, long[].class, true);
    builtin(17, "float[]", Kind.FLOAT_ARRAY, float[].class, true);
    builtin(18, "double[]", Kind.DOUBLE_ARRAY, double[].class, true);
    builtin(19, "String[]", Kind.STRING_ARRAY, String[].class, true);
    builtin(20, "Object[]", Kind.OBJECT_ARRAY, Object[].class, true);
    builtin(22, "BigInteger", Kind.BIG_INTEGER, BigInteger.class, false);
    builtin(23, "BigDecimal", Kind.BIG_DECIMAL, BigDecimal.class, false);
    builtin(24, "UUID", Kind.UUID, UUID.class, false);
    builtin(25, "ArrayList", Kind.COLLECTION, ArrayList.class, true);
    builtin(26, "LinkedList", Kind.COLLECTION, LinkedList.class, true);
    builtin(27, "ArrayDeque", Kind.COLLECTION, ArrayDeque.class, true);
    builtin(28, "HashSet", Kind.COLLECTION, HashSet.class, true);
    builtin(29, "LinkedHashSet", Kind.COLLECTION, LinkedHashSet.class, true);
    builtin(30, "TreeSet", Kind.SORTED_COLLECTION, TreeSet.class, true);
    builtin(31, "EnumSet", Kind.ENUM_SET, EnumSet.class, true);
    builtin(32, "immutable List", Kind.COLLECTION, List.class, true);
    builtin(33, "immutable Set", Kind.COLLECTION, Set.class, true);
    builtin(34, "HashMap", Kind.MAP, HashMap.class, true);
    builtin(35, "LinkedHashMap", Kind.MAP, LinkedHashMap.class, true);
    builtin(36, "TreeMap", Kind.SORTED_MAP, TreeMap.class, true);
    builtin(37, "EnumMap", Kind.ENUM_MAP, EnumMap.class, true);
    builtin(38, "ConcurrentHashMap", Kind.MAP, ConcurrentHashMap.class, true);
    builtin(39, "immutable Map", Kind.MAP, Map.class, true);
    builtin(40, "Optional", Kind.OPTIONAL, Optional.class, false);
    builtin(41, "OptionalInt", Kind.OPTIONAL_INT, OptionalInt.class, false);
    builtin(42, "OptionalLong", Kind.OPTIONAL_LONG, OptionalLong.class, false);
    builtin(43, "OptionalDouble", Kind.OPTIONAL_DOUBLE, OptionalDouble.class, false);
    builtin(44, "Instant", Kind.INSTANT, Instant.class, false);
    builtin(45, "LocalDate", Kind.LOCAL_DATE, LocalDate.class, false);
    builtin(46, "LocalTime", Kind.LOCAL_TIME, LocalTime.class, false);
    builtin(47, "LocalDateTime", Kind.LOCAL_DATE_TIME, LocalDateTime.class, false);
    builtin(48, "ZonedDateTime", Kind.ZONED_DATE_TIME, ZonedDateTime.class, false);
    builtin(49, "OffsetDateTime", Kind.OFFSET_DATE_TIME, OffsetDateTime.class, false);
    builtin(50, "Duration", Kind.DURATION, Duration.class, false);
    builtin(51, "Period", Kind.PERIOD, Period.class, false);
    builtin(52, "ZoneId", Kind.ZONE_ID, ZoneId.class, false);
    builtin(53, "Date", Kind.DATE, Date.class, true);
    builtin(54, "BitSet", Kind.BIT_SET, BitSet.class, true);
    builtin(55, "immutable SortedSet", Kind.SORTED_COLLECTION, SortedSet.class, true);
    builtin(56, "immutable SortedMap", Kind.SORTED_MAP, SortedMap.class, true);
    builtin(57, "Collections.reverseOrder()", Kind.REVERSE_ORDER, Comparator.class, false);
    builtin(58, "Class", Kind.CLASS, Class.class, false);
  }

  /** Ids 62 (by name) and 21 (array) are resolved by the decoder; this is every other id. */
  static WireType forId(int id) {
    if (id >= 2 && id < BUILTINS.length && BUILTINS[id] != null) {
      return BUILTINS[id];
    }
    if (id >= 64 && id < 8192 || id >= JdkBlock.END) {
      return new WireType(id, "registered class #" + id, Kind.OPAQUE, false, true, null);
    }
    if (id >= JdkBlock.FIRST && id < JdkBlock.END) {
      return JdkBlock.type(id);
    }
    if (id >= 8192 && id < JdkBlock.FIRST) {
      return module(id);
    }
    return null; // 0, 1 and the unused built-in ids: the decoder reports them
  }

  /** An array of {@code component} (tag 21 followed by the component's descriptor). */
  static WireType arrayOf(WireType component) {
    return new WireType(21, component.name + "[]", Kind.ARRAY, component.exact, true, component);
  }

  /** A class written by name (tag 62): its payload is the class's. */
  static WireType byName(String className) {
    return new WireType(62, className, Kind.OPAQUE, false, true, null);
  }

  /** The enum of an EnumMap's keys: each key is the constant's ordinal (compatible mode: its definition reference and ordinal). */
  static WireType enumKeys(WireType enumClass) {
    if (enumClass.kind == Kind.COMPAT_ENUM) {
      return enumClass;
    }
    return new WireType(enumClass.id, enumClass.name, Kind.ENUM_ORDINAL, true, false, null);
  }

  /** Compatible mode: the enum a definition names (an array's component, an EnumSet's or EnumMap's enum). */
  static WireType compatEnum(String className) {
    return new WireType(60, "enum " + className, Kind.COMPAT_ENUM, true, false, null);
  }

  /** Compatible mode: the class or record a definition names (an array's component). */
  static WireType compatClass(String className) {
    return new WireType(63, className, Kind.COMPAT_CLASS, false, true, null);
  }

  /** Whether this is a compatible-mode class, or an array of one: whether its arrays' elements are slots depends on the class. */
  boolean compatClassArray() {
    return kind == Kind.COMPAT_CLASS || component != null && component.compatClassArray();
  }

  private static final String[] GEOMETRIES = {"Point", "LineString", "LinearRing", "Polygon", "MultiPoint",
      "MultiLineString", "MultiPolygon", "GeometryCollection"};

  /** The module range (docs/format-geometry.md, docs/spark.md "Default registrations"). */
  private static WireType module(int id) {
    if (id >= 8192 && id < 8192 + GEOMETRIES.length) {
      return new WireType(id, "JTS " + GEOMETRIES[id - 8192] + " (brine-geometry)", Kind.GEOMETRY, false, true, null);
    }
    String spark;
    Kind kind;
    if (id == 8224 || id == 8228) {
      spark = id == 8224 ? "scala.None" : "scala Nil";
      kind = Kind.NOTHING;
    } else if (id == 8225 || id == 8226 || id == 8227) {
      spark = id == 8225 ? "scala.Some" : id == 8226 ? "scala.Tuple2" : "scala.Tuple3";
      kind = Kind.TAGGED;
    } else if (id == 8229 || id >= 8230 && id <= 8236 || id >= 8243 && id <= 8249) {
      spark = id == 8229 ? "scala List" : id <= 8236 ? "scala Vector" : id == 8249 ? "Spark CompactBuffer"
          : "scala immutable Set";
      kind = Kind.COUNT_TAGGED;
    } else if (id >= 8237 && id <= 8242) {
      spark = "scala immutable Map";
      kind = Kind.COUNT_PAIRS;
    } else if (id >= 8250 && id <= 8267) {
      spark = (id <= 8258 ? "scala immutable" : "scala mutable") + " ArraySeq";
      kind = Kind.TAGGED;
    } else if (id >= 8268 && id <= 8270) {
      spark = id == 8268 ? "Spark CompressedMapStatus" : id == 8269 ? "Spark HighlyCompressedMapStatus"
          : "Spark BlockManagerId";
      kind = Kind.JAVA_STREAM;
    } else if (id == 8271 || id == 8272) {
      spark = id == 8271 ? "scala IterableWrapper" : "scala ClassTag";
      kind = Kind.TAGGED;
    } else {
      return new WireType(id, "module type #" + id, Kind.OPAQUE, false, true, null);
    }
    return new WireType(id, spark + " (brine-spark)", kind, false, true, null);
  }
}
