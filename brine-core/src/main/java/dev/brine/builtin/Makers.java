package dev.brine.builtin;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * The factories and finishers of the built-in collection and map serializers ({@link Builtins}), as two
 * named classes switching on a kind rather than a lambda each: every lambda costs a class spun at start-up
 * (a millisecond or so of a cold start, two dozen of them in the table).
 */
final class Makers {
  private Makers() {}

  /** Makes an empty collection or map for {@code n} elements (or, for the sorted kinds, from a comparator). */
  static final class Make implements IntFunction<Object>, Function<Comparator<Object>, Object> {
    static final int ARRAY_LIST = 0;
    static final int LINKED_LIST = 1;
    static final int ARRAY_DEQUE = 2;
    static final int HASH_SET = 3;
    static final int LINKED_HASH_SET = 4;
    static final int TREE_SET = 5;
    static final int HASH_MAP = 6;
    static final int LINKED_HASH_MAP = 7;
    static final int TREE_MAP = 8;
    static final int CONCURRENT_HASH_MAP = 9;

    private final int kind;

    Make(int kind) {
      this.kind = kind;
    }

    @Override
    public Object apply(int n) {
      switch (kind) {
        case ARRAY_LIST: return new ArrayList<>(n);
        case LINKED_LIST: return new LinkedList<>();
        case ARRAY_DEQUE: return new ArrayDeque<>(n);
        case HASH_SET: return new HashSet<>(capacity(n));
        case LINKED_HASH_SET: return new LinkedHashSet<>(capacity(n));
        case HASH_MAP: return new HashMap<>(capacity(n));
        case LINKED_HASH_MAP: return new LinkedHashMap<>(capacity(n));
        case CONCURRENT_HASH_MAP: return new ConcurrentHashMap<>(capacity(n));
        default: throw new IllegalStateException("kind " + kind + " is made from a comparator");
      }
    }

    @Override
    public Object apply(Comparator<Object> comparator) {
      switch (kind) {
        case TREE_SET: return new TreeSet<>(comparator);
        case TREE_MAP: return new TreeMap<>(comparator);
        default: throw new IllegalStateException("kind " + kind + " is made from a size");
      }
    }
  }

  /** Turns a filled collection or map into the value read (the immutable replacements). */
  static final class Finish implements UnaryOperator<Object> {
    static final int LIST_OF = 0;
    static final int UNMODIFIABLE_SET = 1;
    static final int UNMODIFIABLE_SORTED_SET = 2;
    static final int MAP_OF = 3;
    static final int UNMODIFIABLE_SORTED_MAP = 4;

    private final int kind;

    Finish(int kind) {
      this.kind = kind;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object apply(Object c) {
      switch (kind) {
        case LIST_OF: return listOf((Collection<?>) c);
        case UNMODIFIABLE_SET: return Collections.unmodifiableSet((Set<Object>) c);
        case UNMODIFIABLE_SORTED_SET: return Collections.unmodifiableSortedSet((SortedSet<Object>) c);
        case MAP_OF: return mapOf((Map<Object, Object>) c);
        default: return Collections.unmodifiableSortedMap((SortedMap<Object, Object>) c);
      }
    }

    /** Id 32 read back through {@code List.of} (so {@code List.of()} is the shared instance); with a null (older payloads) unmodifiable. */
    private static Collection<?> listOf(Collection<?> c) {
      return hasNull(c) ? Collections.unmodifiableList((List<?>) c) : List.of(c.toArray());
    }

    /** Id 39 read back through {@code Map.ofEntries}; with a null key or value (older payloads) unmodifiable. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Map<Object, Object> mapOf(Map<Object, Object> m) {
      if (m.containsKey(null) || m.containsValue(null)) {
        return Collections.unmodifiableMap(m);
      }
      return Map.ofEntries(m.entrySet().toArray(new Map.Entry[0]));
    }
  }

  /** Whether {@code c} holds a null element. */
  static boolean hasNull(Collection<?> c) {
    for (Object o : c) {
      if (o == null) {
        return true;
      }
    }
    return false;
  }

  static int capacity(int n) {
    return (int) Math.min(1 << 30, n * 4L / 3 + 1);
  }
}
