package dev.brine.builtin;

import static dev.brine.registry.TypeIds.*;

import dev.brine.builtin.Makers.Finish;
import dev.brine.builtin.Makers.Make;
import dev.brine.registry.TypeRegistry;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
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

    // arrays, EnumSet, EnumMap, Optional*, java.time, Date, BitSet, Class and reverseOrder() keep their
    // ids here but are registered on first use by JdkTypes (by class name or id): loading their classes and
    // creating their serializers at build time was milliseconds of every cold start

    // collections
    r.registerFixed(ARRAY_LIST, ArrayList.class, list(Make.ARRAY_LIST, -1), true, true);
    r.registerFixed(LINKED_LIST, LinkedList.class, list(Make.LINKED_LIST, -1), true, true);
    r.registerFixed(ARRAY_DEQUE, ArrayDeque.class, list(Make.ARRAY_DEQUE, -1), true, true);
    r.registerFixed(HASH_SET, HashSet.class, list(Make.HASH_SET, -1), true, true);
    r.registerFixed(LINKED_HASH_SET, LinkedHashSet.class, list(Make.LINKED_HASH_SET, -1), true, true);
    r.registerFixed(TREE_SET, TreeSet.class, sorted(Make.TREE_SET, -1), true, true);
    // The classes written with ids 32, 33, 39, 55, 56 and 35 are mapped to them on first use by JdkTypes
    // (some need a per-value hook); the ids themselves, for reading, are registered here.
    r.registerFixed(IMMUTABLE_LIST, List.class, list(Make.ARRAY_LIST, Finish.LIST_OF), true, true);
    r.registerFixed(IMMUTABLE_SET, Set.class, list(Make.LINKED_HASH_SET, Finish.UNMODIFIABLE_SET), true, true);
    r.registerFixed(IMMUTABLE_SORTED_SET, SortedSet.class, sorted(Make.TREE_SET, Finish.UNMODIFIABLE_SORTED_SET), true, true);

    // maps
    r.registerFixed(HASH_MAP, HashMap.class, map(Make.HASH_MAP, -1), true, true);
    r.registerId(LINKED_HASH_MAP, LinkedHashMap.class, map(Make.LINKED_HASH_MAP, -1), true, true);
    r.registerFixed(TREE_MAP, TreeMap.class, sortedMap(Make.TREE_MAP, -1), true, true);
    r.registerFixed(CONCURRENT_HASH_MAP, ConcurrentHashMap.class, map(Make.CONCURRENT_HASH_MAP, -1), true, true);
    r.registerFixed(IMMUTABLE_MAP, Map.class, map(Make.LINKED_HASH_MAP, Finish.MAP_OF), true, true);
    r.registerFixed(IMMUTABLE_SORTED_MAP, SortedMap.class, sortedMap(Make.TREE_MAP, Finish.UNMODIFIABLE_SORTED_MAP), true, true);
  }

  // Named factories (Makers), not lambdas: each lambda is a class spun at its first use (start-up time).
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static CollectionSerializer list(int make, int finish) {
    return CollectionSerializer.of((java.util.function.IntFunction) new Make(make),
        finish < 0 ? null : (java.util.function.UnaryOperator) new Finish(finish));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static CollectionSerializer sorted(int make, int finish) {
    return CollectionSerializer.sorted((java.util.function.Function) new Make(make),
        finish < 0 ? null : (java.util.function.UnaryOperator) new Finish(finish));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static MapSerializer map(int make, int finish) {
    return MapSerializer.of((java.util.function.IntFunction) new Make(make),
        finish < 0 ? null : (java.util.function.UnaryOperator) new Finish(finish));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static MapSerializer sortedMap(int make, int finish) {
    return MapSerializer.sorted((java.util.function.Function) new Make(make),
        finish < 0 ? null : (java.util.function.UnaryOperator) new Finish(finish));
  }
}
