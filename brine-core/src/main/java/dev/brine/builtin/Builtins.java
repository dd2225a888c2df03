package dev.brine.builtin;

import static dev.brine.registry.TypeIds.*;

import dev.brine.registry.TypeRegistry;
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
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
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
 * The default registration table: every built-in type with its fixed id ({@link
 * dev.brine.registry.TypeIds}) and serializer. Read top to bottom, it is the list of what Brine
 * handles without registration. JDK classes that are written with the id of another (the immutable
 * list, set and map implementations) are aliases and come back as the documented replacement.
 */
public final class Builtins {
  private Builtins() {}

  /** Registers all built-ins, numbers compressed (varints). */
  public static void registerAll(TypeRegistry r) {
    registerAll(r, true);
  }

  /**
   * Registers all built-ins; with {@code compressNumbers} false, Integer and Long values are written
   * fixed-width (4 and 8 bytes) instead of as varints.
   */
  @SuppressWarnings("unchecked") // the finishers' casts: each receives the collection its own factory made
  public static void registerAll(TypeRegistry r, boolean compressNumbers) {
    r.lazyTypes(new JdkTypes(java.util.List.of())); // the JDK block: resolved on first use, nothing loaded now
    // scalars: immutable, leaves
    r.registerFixed(BOOLEAN, Boolean.class, ScalarSerializers.BOOLEAN, false, false);
    r.registerFixed(BYTE, Byte.class, ScalarSerializers.BYTE, false, false);
    r.registerFixed(SHORT, Short.class, ScalarSerializers.SHORT, false, false);
    r.registerFixed(CHAR, Character.class, ScalarSerializers.CHAR, false, false);
    r.registerFixed(INT, Integer.class, compressNumbers ? ScalarSerializers.INT : ScalarSerializers.FIXED_INT, false, false);
    r.registerFixed(LONG, Long.class, compressNumbers ? ScalarSerializers.LONG : ScalarSerializers.FIXED_LONG, false, false);
    r.registerFixed(FLOAT, Float.class, ScalarSerializers.FLOAT, false, false);
    r.registerFixed(DOUBLE, Double.class, ScalarSerializers.DOUBLE, false, false);
    r.registerFixed(STRING, String.class, ScalarSerializers.STRING, false, false);
    r.registerFixed(BIG_INTEGER, BigInteger.class, ScalarSerializers.BIG_INTEGER, false, false);
    r.registerFixed(BIG_DECIMAL, BigDecimal.class, ScalarSerializers.BIG_DECIMAL, false, false);
    r.registerFixed(UUID, UUID.class, ScalarSerializers.UUID_SERIALIZER, false, false);

    // arrays: mutable, so tracked
    r.registerFixed(BOOLEAN_ARRAY, boolean[].class, ArraySerializers.BOOLEANS, true, false);
    r.registerFixed(BYTE_ARRAY, byte[].class, ArraySerializers.BYTES, true, false);
    r.registerFixed(SHORT_ARRAY, short[].class, ArraySerializers.SHORTS, true, false);
    r.registerFixed(CHAR_ARRAY, char[].class, ArraySerializers.CHARS, true, false);
    r.registerFixed(INT_ARRAY, int[].class, ArraySerializers.INTS, true, false);
    r.registerFixed(LONG_ARRAY, long[].class, ArraySerializers.LONGS, true, false);
    r.registerFixed(FLOAT_ARRAY, float[].class, ArraySerializers.FLOATS, true, false);
    r.registerFixed(DOUBLE_ARRAY, double[].class, ArraySerializers.DOUBLES, true, false);
    r.registerFixed(STRING_ARRAY, String[].class, ArraySerializers.STRINGS, true, false);
    r.registerFixed(OBJECT_ARRAY, Object[].class, new ArraySerializers.ObjectArraySerializer(Object.class, null), true, true);

    // collections
    r.registerFixed(ARRAY_LIST, ArrayList.class, list(ArrayList::new, null), true, true);
    r.registerFixed(LINKED_LIST, LinkedList.class, list(n -> new LinkedList<>(), null), true, true);
    r.registerFixed(ARRAY_DEQUE, ArrayDeque.class, list(ArrayDeque::new, null), true, true);
    r.registerFixed(HASH_SET, HashSet.class, list(n -> new HashSet<>(capacity(n)), null), true, true);
    r.registerFixed(LINKED_HASH_SET, LinkedHashSet.class, list(n -> new LinkedHashSet<>(capacity(n)), null), true, true);
    r.registerFixed(TREE_SET, TreeSet.class, sorted(TreeSet::new, null), true, true);
    r.registerFixed(ENUM_SET, EnumSet.class, UtilSerializers.ENUM_SET, true, false,
        EnumSet.noneOf(java.time.DayOfWeek.class).getClass(), jumboEnumSetClass());
    // The classes written with ids 32, 33, 39, 55, 56 and 35 are mapped to them on first use by JdkTypes
    // (some need a per-value hook); the ids themselves, for reading, are registered here.
    r.registerFixed(IMMUTABLE_LIST, List.class, list(ArrayList::new, JdkCollections::listOf), true, true);
    r.registerFixed(IMMUTABLE_SET, Set.class,
        list(n -> new LinkedHashSet<>(capacity(n)), c -> Collections.unmodifiableSet((Set<Object>) c)), true, true);
    r.registerFixed(IMMUTABLE_SORTED_SET, SortedSet.class,
        sorted(TreeSet::new, c -> Collections.unmodifiableSortedSet((SortedSet<Object>) c)), true, true);

    // maps
    r.registerFixed(HASH_MAP, HashMap.class, MapSerializer.of(n -> new HashMap<>(capacity(n)), null), true, true);
    r.registerId(LINKED_HASH_MAP, LinkedHashMap.class, MapSerializer.of(n -> new LinkedHashMap<>(capacity(n)), null), true, true);
    r.registerFixed(TREE_MAP, TreeMap.class, MapSerializer.sorted(TreeMap::new, null), true, true);
    r.registerFixed(ENUM_MAP, EnumMap.class, new UtilSerializers.EnumMapSerializer(), true, true);
    r.registerFixed(CONCURRENT_HASH_MAP, ConcurrentHashMap.class, MapSerializer.of(n -> new ConcurrentHashMap<>(capacity(n)), null), true, true);
    r.registerFixed(IMMUTABLE_MAP, Map.class, MapSerializer.of(n -> new LinkedHashMap<>(capacity(n)), JdkCollections::mapOf),
        true, true);
    r.registerFixed(IMMUTABLE_SORTED_MAP, SortedMap.class,
        MapSerializer.sorted(TreeMap::new, m -> Collections.unmodifiableSortedMap((SortedMap<Object, Object>) m)), true, true);

    // other JDK values
    r.registerFixed(OPTIONAL, Optional.class, UtilSerializers.OPTIONAL, false, true);
    r.registerFixed(OPTIONAL_INT, OptionalInt.class, UtilSerializers.OPTIONAL_INT, false, false);
    r.registerFixed(OPTIONAL_LONG, OptionalLong.class, UtilSerializers.OPTIONAL_LONG, false, false);
    r.registerFixed(OPTIONAL_DOUBLE, OptionalDouble.class, UtilSerializers.OPTIONAL_DOUBLE, false, false);
    r.registerFixed(INSTANT, Instant.class, TimeSerializers.INSTANT, false, false);
    r.registerFixed(LOCAL_DATE, LocalDate.class, TimeSerializers.LOCAL_DATE, false, false);
    r.registerFixed(LOCAL_TIME, LocalTime.class, TimeSerializers.LOCAL_TIME, false, false);
    r.registerFixed(LOCAL_DATE_TIME, LocalDateTime.class, TimeSerializers.LOCAL_DATE_TIME, false, false);
    r.registerFixed(ZONED_DATE_TIME, ZonedDateTime.class, TimeSerializers.ZONED_DATE_TIME, false, false);
    r.registerFixed(OFFSET_DATE_TIME, OffsetDateTime.class, TimeSerializers.OFFSET_DATE_TIME, false, false);
    r.registerFixed(DURATION, Duration.class, TimeSerializers.DURATION, false, false);
    r.registerFixed(PERIOD, Period.class, TimeSerializers.PERIOD, false, false);
    r.registerFixed(ZONE_ID, ZoneId.class, TimeSerializers.ZONE_ID, false, false,
        ZoneOffset.class, zoneRegionClass());
    r.registerFixed(DATE, Date.class, UtilSerializers.DATE, true, false);
    r.registerFixed(BIT_SET, BitSet.class, UtilSerializers.BIT_SET, true, false);
    r.registerFixed(CLASS, Class.class, UtilSerializers.CLASS, false, false);
    r.registerFixed(REVERSE_ORDER, Collections.reverseOrder().getClass(), UtilSerializers.REVERSE_ORDER, false, false);
  }

  private static int capacity(int n) {
    return (int) Math.min(1 << 30, n * 4L / 3 + 1);
  }

  @SuppressWarnings("unchecked")
  private static CollectionSerializer list(java.util.function.IntFunction<? extends Collection<?>> f,
      java.util.function.UnaryOperator<Collection<?>> finish) {
    return CollectionSerializer.of(
        n -> (Collection<Object>) f.apply(n),
        finish == null ? null : c -> (Collection<Object>) finish.apply(c));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static CollectionSerializer sorted(java.util.function.Function<java.util.Comparator<Object>, ? extends Collection<?>> f,
      java.util.function.UnaryOperator<Collection<?>> finish) {
    return CollectionSerializer.sorted(
        (java.util.function.Function<java.util.Comparator<Object>, Collection<Object>>) (java.util.function.Function) f,
        finish == null ? null : c -> (Collection<Object>) finish.apply(c));
  }

  private static Class<?> zoneRegionClass() {
    // the class of region ids such as Europe/Paris, found by name: ZoneId.of would load the time-zone
    // rules database at build time (milliseconds of a cold start) only to learn a class name
    try {
      return Class.forName("java.time.ZoneRegion", false, ZoneId.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return ZoneId.of("Europe/Paris").getClass();
    }
  }

  private static Class<?> jumboEnumSetClass() {
    // An enum with more than 64 constants is stored in a JumboEnumSet; find that class by name.
    try {
      return Class.forName("java.util.JumboEnumSet");
    } catch (ClassNotFoundException e) {
      return EnumSet.noneOf(java.time.DayOfWeek.class).getClass();
    }
  }
}
