package dev.brine.builtin;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * The JDK's collection classes that have no public constructor, only factories and views: shared
 * empty instances, {@code List.of}/{@code Set.of}/{@code Stream.toList()}, {@code Arrays.asList},
 * {@code subList} views, singletons, {@code nCopies} and map entries (docs/format.md, "JDK block").
 * Each is read back through the same public factory, so it comes back as its own class: a shared
 * instance as itself, {@code Arrays.asList} as a fixed-size writable list, a sublist as a sublist.
 */
final class JdkCollections {
  private JdkCollections() {}

  // ---------------------------------------------------------------- helpers

  /** Writes {@code c}'s size and elements in the collection layout (docs/format.md, "Collections"). */
  static void writeCollection(WriteSession ctx, Collection<?> c) {
    int n = c.size();
    ctx.writeVarUInt32(n);
    if (n > 0) {
      CollectionSerializer.writeElements(ctx, c, n, null);
    }
  }

  /** Reads what {@link #writeCollection} wrote into {@code into}, checking that {@code n} elements went in. */
  static <C extends Collection<Object>> C readCollection(ReadSession ctx, C into, int n, int at) {
    CollectionSerializer.readElements(ctx, into, n, null);
    if (into.size() != n) {
      throw new MalformedInputException("collection at offset " + at + " declares " + n + " elements but "
          + into.size() + " distinct ones were read");
    }
    return into;
  }

  /** Reads a size and that many elements into a new list. */
  static ArrayList<Object> readList(ReadSession ctx) {
    int at = ctx.position();
    int n = ctx.readLength("collection size", 1);
    return readCollection(ctx, new ArrayList<>(n), n, at);
  }

  private static int kind(ReadContext ctx, int kinds, String what) {
    int at = ctx.position();
    int k = ctx.readInt8() & 0xFF;
    if (k >= kinds) {
      throw new MalformedInputException("unknown " + what + " kind " + k + " at offset " + at);
    }
    return k;
  }

  // ---------------------------------------------------------------- shared instances

  /** The shared instances written as {@link dev.brine.registry.TypeIds#JDK_CONSTANT}, by index (never reorder). */
  static final Object[] CONSTANTS = {
    Collections.emptyList(), Collections.emptySet(), Collections.emptyMap(), Collections.emptySortedSet(),
    Collections.emptySortedMap(), String.CASE_INSENSITIVE_ORDER, Comparator.naturalOrder(),
  };

  /** A shared JDK instance: its index in {@link #CONSTANTS}; read back as that same instance. */
  static final Serializer<Object> CONSTANT = new Serializer<>() {
    @Override public void write(WriteContext c, Object v) {
      for (int i = 0; i < CONSTANTS.length; i++) {
        if (CONSTANTS[i] == v || CONSTANTS[i].getClass() == v.getClass()) {
          c.writeVarUInt32(i);
          return;
        }
      }
      throw new BrineException("no shared JDK instance of " + v.getClass().getName());
    }

    @Override public Object read(ReadContext c) {
      int at = c.position();
      int i = c.readVarUInt32();
      if (i < 0 || i >= CONSTANTS.length) {
        throw new MalformedInputException("unknown shared JDK instance #" + Integer.toUnsignedString(i) + " at offset " + at);
      }
      return CONSTANTS[i];
    }
  };

  // ---------------------------------------------------------------- List.of, Set.of, Map.of, Stream.toList

  /**
   * A {@code Stream.toList()} list, which allows nulls but has the class of {@code List.of}'s: written
   * with its own id, so that it comes back through {@code Stream.toList()} (see {@link JdkHooks#listNReplace}).
   */
  static final class NullsAllowedList {
    final List<?> list;

    NullsAllowedList(List<?> list) {
      this.list = list;
    }
  }

  /** {@link NullsAllowedList}: a collection, read back through {@code Stream.toList()}. */
  static final Serializer<Object> NULLS_ALLOWED_LIST = new Serializer<>() {
    @Override public void write(WriteContext c, Object v) {
      writeCollection((WriteSession) c, ((NullsAllowedList) v).list);
    }

    @Override public Object read(ReadContext c) {
      return Stream.of(readList((ReadSession) c).toArray()).toList();
    }
  };

  /** {@code Set.of}: a collection, read back through {@code Set.of} (a repeated element is malformed). */
  static final Serializer<Set<?>> SET_OF = new Serializer<>() {
    @Override public void write(WriteContext c, Set<?> v) {
      writeCollection((WriteSession) c, v);
    }

    @Override public Set<?> read(ReadContext c) {
      return Set.of(readList((ReadSession) c).toArray());
    }
  };

  // ---------------------------------------------------------------- Arrays.asList

  /** {@code Arrays.asList}: a collection, read back as {@code Arrays.asList(Object[])} (fixed size, writable). */
  static final Serializer<List<?>> ARRAYS_AS_LIST = new Serializer<>() {
    @Override public void write(WriteContext c, List<?> v) {
      writeCollection((WriteSession) c, v);
    }

    @Override public List<?> read(ReadContext c0) {
      ReadSession c = (ReadSession) c0;
      int at = c.position();
      int n = c.readLength("collection size", 1);
      Object[] array = new Object[n];
      List<Object> list = Arrays.asList(array);
      c.reference(list); // it may contain itself
      ArrayList<Object> elements = readCollection(c, new ArrayList<>(n), n, at);
      for (int i = 0; i < n; i++) {
        array[i] = elements.get(i);
      }
      return list;
    }
  };

  // ---------------------------------------------------------------- subList views

  private static final List<String> SUB_LIST_CLASSES = JdkNames.SUB_LISTS;

  /** The class names of the sublist views {@link #SUB_LIST} writes, by kind. */
  static List<String> subListClasses() {
    return SUB_LIST_CLASSES;
  }

  /** A writable random-access list that is not an ArrayList, whose {@code subList} is {@code AbstractList$RandomAccessSubList}. */
  private static final class RandomAccessList extends AbstractList<Object> implements RandomAccess {
    private final ArrayList<Object> items;

    RandomAccessList(ArrayList<Object> items) {
      this.items = items;
    }

    @Override public Object get(int i) { return items.get(i); }
    @Override public int size() { return items.size(); }
    @Override public Object set(int i, Object o) { return items.set(i, o); }
    @Override public void add(int i, Object o) { items.add(i, o); modCount++; }
    @Override public Object remove(int i) { modCount++; return items.remove(i); }
  }

  /**
   * A {@code subList} view: {@code kind:u8} (its class, {@link #subListClasses}) and its elements;
   * read back as the same kind of view over a new list of the same kind holding just those elements.
   */
  static final Serializer<List<?>> SUB_LIST = new Serializer<>() {
    @Override public void write(WriteContext c, List<?> v) {
      int kind = SUB_LIST_CLASSES.indexOf(v.getClass().getName());
      if (kind < 0) {
        throw new BrineException("no sublist kind for " + v.getClass().getName());
      }
      c.writeInt8(kind);
      writeCollection((WriteSession) c, v);
    }

    @Override public List<?> read(ReadContext c) {
      int kind = kind(c, SUB_LIST_CLASSES.size(), "sublist");
      ArrayList<Object> e = readList((ReadSession) c);
      int n = e.size();
      switch (kind) {
        case 0: return e.subList(0, n);
        case 1: return new LinkedList<>(e).subList(0, n);
        case 2: return new RandomAccessList(e).subList(0, n);
        case 3: return (Makers.hasNull(e) ? Stream.of(e.toArray()).toList() : List.of(e.toArray())).subList(0, n);
        default: return new CopyOnWriteArrayList<>(e).subList(0, n);
      }
    }
  };

  // ---------------------------------------------------------------- singletons and nCopies

  /** {@code Collections.singletonList/singleton/singletonMap}: {@code kind:u8} (0, 1, 2) and the tagged value(s). */
  static final Serializer<Object> SINGLETON = new Serializer<>() {
    @Override public void write(WriteContext c, Object v) {
      if (v instanceof List) {
        c.writeInt8(0);
        c.writeObject(((List<?>) v).get(0));
      } else if (v instanceof Set) {
        c.writeInt8(1);
        c.writeObject(((Set<?>) v).iterator().next());
      } else {
        Map.Entry<?, ?> e = ((Map<?, ?>) v).entrySet().iterator().next();
        c.writeInt8(2);
        c.writeObject(e.getKey());
        c.writeObject(e.getValue());
      }
    }

    @Override public Object read(ReadContext c) {
      switch (kind(c, 3, "singleton collection")) {
        case 0: return Collections.singletonList(c.readObject());
        case 1: return Collections.singleton(c.readObject());
        default: return Collections.singletonMap(c.readObject(), c.readObject());
      }
    }
  };

  /** {@code Collections.nCopies}: {@code n:varuint32} and the tagged element. */
  static final Serializer<List<?>> N_COPIES = new Serializer<>() {
    @Override public void write(WriteContext c, List<?> v) {
      c.writeVarUInt32(v.size());
      c.writeObject(v.isEmpty() ? null : v.get(0));
    }

    @Override public List<?> read(ReadContext c) {
      int n = c.readLength("nCopies size", 0);
      return Collections.nCopies(n, c.readObject());
    }
  };

  // ---------------------------------------------------------------- map entries

  private static final List<String> ENTRY_CLASSES = JdkNames.ENTRIES;

  /** The class names of the entries {@link #MAP_ENTRY} writes, by kind. */
  static List<String> entryClasses() {
    return ENTRY_CLASSES;
  }

  /**
   * A map entry: {@code kind:u8} (its class, {@link #entryClasses}), key and value as tagged values.
   * {@code Map.entry} and the {@code AbstractMap} entries come back through their factories; an
   * entry of a {@code HashMap}, {@code LinkedHashMap}, {@code TreeMap} or {@code ConcurrentHashMap}
   * comes back as an entry of the same class in a new one-entry map.
   */
  static final Serializer<Map.Entry<?, ?>> MAP_ENTRY = new Serializer<>() {
    @Override public void write(WriteContext c, Map.Entry<?, ?> v) {
      int kind = ENTRY_CLASSES.indexOf(v.getClass().getName());
      if (kind < 0) {
        throw new BrineException("no map entry kind for " + v.getClass().getName());
      }
      c.writeInt8(kind);
      c.writeObject(v.getKey());
      c.writeObject(v.getValue());
    }

    @Override public Map.Entry<?, ?> read(ReadContext c) {
      int kind = kind(c, ENTRY_CLASSES.size(), "map entry");
      Object k = c.readObject();
      Object v = c.readObject();
      switch (kind) {
        case 0: return Map.entry(k, v);
        case 1: return new AbstractMap.SimpleEntry<>(k, v);
        case 2: return new AbstractMap.SimpleImmutableEntry<>(k, v);
        case 3: return only(new HashMap<>(), k, v);
        case 4: return only(new LinkedHashMap<>(), k, v);
        case 5: return only(new TreeMap<>((a, b) -> 0), k, v);
        default: return only(new ConcurrentHashMap<>(), k, v);
      }
    }
  };

  private static Map.Entry<?, ?> only(Map<Object, Object> m, Object k, Object v) {
    m.put(k, v);
    return m.entrySet().iterator().next();
  }

  // ---------------------------------------------------------------- access-ordered LinkedHashMap

  /** An access-ordered {@code LinkedHashMap}, written with its own id (see {@link JdkHooks#linkedHashMapReplace}): a view of it. */
  static final class AccessOrderedMap extends AbstractMap<Object, Object> {
    private final Map<Object, Object> map;

    AccessOrderedMap(Map<Object, Object> map) {
      this.map = map;
    }

    @Override public Set<Map.Entry<Object, Object>> entrySet() { return map.entrySet(); }
    @Override public int size() { return map.size(); }
  }

  /** {@link AccessOrderedMap}: a map in its current order, read back as an access-ordered LinkedHashMap. */
  static MapSerializer accessOrdered() {
    return MapSerializer.of(n -> new LinkedHashMap<>(capacity(n), 0.75f, true), null);
  }

  static int capacity(int n) {
    return (int) Math.min(1 << 30, n * 4L / 3 + 1);
  }
}
