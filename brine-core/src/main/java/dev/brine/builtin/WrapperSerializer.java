package dev.brine.builtin;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * The views of {@link Collections}: {@code unmodifiable*}, {@code synchronized*}, {@code checked*},
 * {@code newSetFromMap} and {@code asLifoQueue} ({@link dev.brine.registry.TypeIds#COLLECTION_WRAPPER}).
 * Payload: {@code kind:u8} (the wrapper's class, {@link #CLASSES}), then for an unmodifiable list its
 * elements in the collection layout, for a checked view its element class (and value class) as tagged
 * {@code Class} values, and for every other view the collection or map it wraps as a tagged value.
 * The wrapped collection is found through Java serialization's public API ({@link JavaForm}), so a
 * view of a {@code TreeSet} with a comparator or of an {@code IdentityHashMap} comes back as a view
 * of the same, and with reference tracking a view and the collection it wraps stay one object.
 */
final class WrapperSerializer implements Serializer<Object> {
  /** The wrapper classes by kind (never reorder). */
  static final List<String> CLASSES = JdkNames.WRAPPERS;

  private static final int UNMODIFIABLE_RA_LIST = 1;
  private static final int UNMODIFIABLE_LIST = 2;
  private static final int UNMODIFIABLE_SET = 3;
  private static final int FIRST_CHECKED = 18;
  private static final int CHECKED_MAP = 25;
  private static final int LAST_CHECKED = 27;
  private static final int SET_FROM_MAP = 28;
  private static final int AS_LIFO_QUEUE = 29;
  private static final int SEQUENCED_SET_FROM_MAP = 33;

  /** A view written under another id's class (an {@code unmodifiableSet} of a set that is not a HashSet) with its kind and what it wraps. */
  static final class Wrapped {
    final int kind;
    final Object inner;

    Wrapped(int kind, Object inner) {
      this.kind = kind;
      this.inner = inner;
    }
  }

  /**
   * The writeReplace hook of {@code Collections$UnmodifiableSet} (id 33, read back as an unmodifiable
   * LinkedHashSet): itself when it wraps a HashSet or LinkedHashSet, whose semantics that keeps, and
   * otherwise a {@link Wrapped} view that keeps the set it wraps.
   */
  static Object unmodifiableSetReplace(Object value) {
    Object inner = inner(value);
    if (inner.getClass() == HashSet.class || inner.getClass() == LinkedHashSet.class) {
      return value;
    }
    return new Wrapped(UNMODIFIABLE_SET, inner);
  }

  private static Object inner(Object view) {
    return firstContainer(JavaForm.capture(view, true), view);
  }

  @Override
  public void write(WriteContext c0, Object v) {
    WriteSession c = (WriteSession) c0;
    if (v instanceof Wrapped) {
      c.writeInt8(((Wrapped) v).kind);
      c.writeObject(((Wrapped) v).inner);
      return;
    }
    int kind = CLASSES.indexOf(v.getClass().getName());
    if (kind < 0) {
      throw new BrineException("no Collections view kind for " + v.getClass().getName());
    }
    c.writeInt8(kind);
    if (kind == UNMODIFIABLE_RA_LIST || kind == UNMODIFIABLE_LIST) {
      JdkCollections.writeCollection(c, (Collection<?>) v);
      return;
    }
    if (kind >= FIRST_CHECKED && kind <= LAST_CHECKED) {
      JavaForm.Capture capture = JavaForm.capture(v, true);
      List<Class<?>> types = withoutSuperclasses(capture.classes);
      if (types.isEmpty()) {
        throw new BrineException("cannot find the element type of a " + v.getClass().getName());
      }
      c.writeObject(types.get(0));
      if (kind >= CHECKED_MAP) {
        c.writeObject(types.size() > 1 ? types.get(1) : types.get(0));
      }
      c.writeObject(firstContainer(capture, v));
      return;
    }
    c.writeObject(inner(v));
  }

  /**
   * The collection or map a view's fields hold. One that Java serialization writes through a
   * serialization proxy shows only the proxy: the JDK's immutable collections ({@code List.of}, {@code
   * Set.of}, {@code Map.of}, {@code Stream.toList()}: {@code java.util.CollSer}) and {@code EnumSet}s
   * ({@code EnumSet$SerializationProxy}). For those an equal collection of the same kind is made from the
   * view's own contents ({@link ProxiedCollections}): the view comes back right, but with references on it
   * no longer wraps the very object the original wrapped if that object is also written elsewhere.
   */
  private static Object firstContainer(JavaForm.Capture capture, Object view) {
    for (Object o : capture.objects) {
      if (o instanceof Collection || o instanceof Map) {
        return o;
      }
      Object copy = ProxiedCollections.copy(o, view);
      if (copy != null) {
        return copy;
      }
    }
    throw new BrineException("cannot find the collection inside a " + view.getClass().getName());
  }

  /**
   * The classes a checked view's fields hold: Java serialization describes a class and then its
   * Serializable superclasses, so a class that is the superclass of the one before it is dropped (a
   * value class that was already described, the key class itself or one of its superclasses, is not
   * described again: the key class is then taken for it).
   */
  private static List<Class<?>> withoutSuperclasses(List<Class<?>> classes) {
    List<Class<?>> out = new ArrayList<>();
    Class<?> previous = null;
    for (Class<?> k : classes) {
      if (previous == null || previous.getSuperclass() != k) {
        out.add(k);
      }
      previous = k;
    }
    return out;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Object read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
    int at = c.position();
    int kind = c.readInt8() & 0xFF;
    if (kind >= CLASSES.size()) {
      throw new MalformedInputException("unknown Collections view kind " + kind + " at offset " + at);
    }
    if (kind == UNMODIFIABLE_RA_LIST || kind == UNMODIFIABLE_LIST) {
      int sizeAt = c.position();
      int n = c.readLength("collection size", 1);
      List<Object> inner = kind == UNMODIFIABLE_RA_LIST ? new ArrayList<>(n) : new LinkedList<>();
      List<Object> view = Collections.unmodifiableList(inner);
      c.reference(view);
      JdkCollections.readCollection(c, inner, n, sizeAt);
      return view;
    }
    Class type = null;
    Class valueType = null;
    if (kind >= FIRST_CHECKED && kind <= LAST_CHECKED) {
      type = c.readObject(Class.class);
      if (kind >= CHECKED_MAP) {
        valueType = c.readObject(Class.class);
      }
      if (type == null || (kind >= CHECKED_MAP && valueType == null)) {
        throw new MalformedInputException("checked view without its element class at offset " + at);
      }
    }
    Object inner = c.readObject();
    if (inner == null) { // no view wraps null (the JDK's factories throw)
      throw new MalformedInputException("Collections view of kind " + kind + " at offset " + at + " wraps null");
    }
    if (type != null) {
      checkTypes(inner, type, valueType, at);
    }
    try {
      switch (kind) {
        case 0: return Collections.unmodifiableCollection((Collection) inner);
        case 3: return Collections.unmodifiableSet((Set) inner);
        case 4: return Collections.unmodifiableSortedSet((SortedSet) inner);
        case 5: return Collections.unmodifiableNavigableSet((NavigableSet) inner);
        case 6: return Collections.unmodifiableMap((Map) inner);
        case 7: return Collections.unmodifiableSortedMap((SortedMap) inner);
        case 8: return Collections.unmodifiableNavigableMap((NavigableMap) inner);
        case 9: return Collections.synchronizedCollection((Collection) inner);
        case 10: case 11: return Collections.synchronizedList((List) inner);
        case 12: return Collections.synchronizedSet((Set) inner);
        case 13: return Collections.synchronizedSortedSet((SortedSet) inner);
        case 14: return Collections.synchronizedNavigableSet((NavigableSet) inner);
        case 15: return Collections.synchronizedMap((Map) inner);
        case 16: return Collections.synchronizedSortedMap((SortedMap) inner);
        case 17: return Collections.synchronizedNavigableMap((NavigableMap) inner);
        case 18: return Collections.checkedCollection((Collection) inner, type);
        case 19: case 20: return Collections.checkedList((List) inner, type);
        case 21: return Collections.checkedSet((Set) inner, type);
        case 22: return Collections.checkedSortedSet((SortedSet) inner, type);
        case 23: return Collections.checkedNavigableSet((NavigableSet) inner, type);
        case 24: return Collections.checkedQueue((Queue) inner, type);
        case 25: return Collections.checkedMap((Map) inner, type, valueType);
        case 26: return Collections.checkedSortedMap((SortedMap) inner, type, valueType);
        case 27: return Collections.checkedNavigableMap((NavigableMap) inner, type, valueType);
        case SET_FROM_MAP: case SEQUENCED_SET_FROM_MAP: return setFromMap(kind, (Map) inner);
        case AS_LIFO_QUEUE: return Collections.asLifoQueue((Deque) inner);
        default: return sequenced(kind, inner);
      }
    } catch (ClassCastException | NullPointerException e) {
      throw new MalformedInputException("Collections view of kind " + kind + " at offset " + at + " wraps "
          + (inner == null ? "null" : "a " + inner.getClass().getName()), e);
    }
  }

  /** A checked view's contents must already be of its classes (the view checks only what is added later). */
  private static void checkTypes(Object inner, Class<?> type, Class<?> valueType, int at) {
    boolean ok = true;
    if (inner instanceof Map) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) inner).entrySet()) {
        ok &= (e.getKey() == null || type.isInstance(e.getKey())) && (e.getValue() == null || valueType.isInstance(e.getValue()));
      }
    } else if (inner instanceof Collection) {
      for (Object o : (Collection<?>) inner) {
        ok &= o == null || type.isInstance(o);
      }
    }
    if (!ok) {
      throw new MalformedInputException("checked view at offset " + at + " holds a value that is not a " + type.getName()
          + (valueType != null ? " / " + valueType.getName() : ""));
    }
  }

  /** {@code newSetFromMap} needs an empty map: the map read is emptied and its keys added back through the set. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object setFromMap(int kind, Map map) {
    List<Object> keys = new ArrayList<>(map.keySet());
    map.clear();
    Set<Object> set = kind == SET_FROM_MAP ? Collections.newSetFromMap(map) : (Set<Object>) jdk21("newSequencedSetFromMap", map);
    set.addAll(keys);
    return set;
  }

  private static Object sequenced(int kind, Object inner) {
    String[] names = {"unmodifiableSequencedCollection", "unmodifiableSequencedSet", "unmodifiableSequencedMap"};
    return jdk21(names[kind - 30], inner);
  }

  /** A one-argument static method of Collections that exists from JDK 21 on, called through reflection (public API). */
  private static Object jdk21(String method, Object arg) {
    for (java.lang.reflect.Method m : Collections.class.getMethods()) {
      if (m.getName().equals(method) && m.getParameterCount() == 1) {
        try {
          return m.invoke(null, arg);
        } catch (java.lang.reflect.InvocationTargetException e) {
          throw new MalformedInputException("Collections." + method + " refused its argument: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException | IllegalArgumentException e) {
          throw new MalformedInputException("Collections." + method + " refused its argument: " + e, e);
        }
      }
    }
    throw new MalformedInputException("Collections." + method + " needs JDK 21 or later");
  }
}
