package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.*;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code Collections} views over collections that Java serialization writes through a proxy — the JDK's
 * immutable collections and {@code EnumSet}s — come back as the same view of an equal collection of the
 * same kind (a view found by fuzzing could not be written at all: {@code unmodifiableMap(Map.of())}); an
 * empty {@code EnumMap} where no field declares its key class is written with the class its own
 * serialized form names.
 */
class ProxiedViewsTest {
  enum Flag { LOW, MID, HIGH }

  static final class Holder {
    Map<String, Integer> map;
    Set<Flag> flags;
    Collection<String> names;
    List<String> withNull;
  }

  private static final Brine COMPAT = Brine.builder().compatible(true).register(Holder.class, Flag.class).build();

  /** Every view kind whose wrapped collection may be an immutable one, over List.of, Set.of, Map.of and Stream.toList(). */
  static List<Supplier<Object>> immutableViews() {
    List<String> some = List.of("a", "b", "c");
    List<String> nulls = Stream.of("a", null, "c").toList();
    return List.of(
        () -> Collections.unmodifiableMap(Map.of()),
        () -> Collections.unmodifiableMap(Map.of("a", 1, "b", 2)),
        () -> Collections.synchronizedMap(Map.of("x", 2)),
        () -> Collections.checkedMap(Map.of("k", 1), String.class, Integer.class),
        () -> Collections.unmodifiableSet(Set.of(1, 2)),
        () -> Collections.unmodifiableSet(Set.of()),
        () -> Collections.synchronizedSet(Set.of("s")),
        () -> Collections.unmodifiableCollection(some),
        () -> Collections.unmodifiableCollection(Set.of(3, 4, 5)),
        () -> Collections.unmodifiableCollection(Set.of()),
        () -> Collections.checkedCollection(Set.of("p", "q"), String.class),
        () -> Collections.unmodifiableCollection(nulls),
        () -> Collections.synchronizedCollection(List.of()),
        () -> Collections.synchronizedList(some),
        () -> Collections.synchronizedList(nulls),
        () -> Collections.synchronizedList(Stream.of("one").toList()),
        () -> Collections.checkedList(List.of("a"), String.class),
        () -> Collections.checkedCollection(List.of("q"), String.class));
  }

  @Test
  void viewsOfImmutableCollectionsComeBackAsTheSameViewOfTheSameKind() {
    for (Supplier<Object> s : immutableViews()) {
      Object view = s.get();
      Modes.each(view, back -> {
        assertSame(view.getClass(), back.getClass(), view.getClass().getName());
        assertEquals(contents(view), contents(back), view.getClass().getName() + " " + view);
        assertEquals(throwsOnNullQuery(view), throwsOnNullQuery(back), "null queries: " + view.getClass().getName() + " " + view);
        if (view instanceof Collection<?> c) {
          assertEquals(ordered(c), ordered((Collection<?>) back), "a set stays a set: " + view);
        }
        assertThrows(UnsupportedOperationException.class, () -> mutate(back), "still immutable: " + view);
      });
    }
  }

  @Test
  void viewsOfEnumSetsKeepTheirElementClassEvenWhenEmpty() {
    for (EnumSet<Flag> inner : List.of(EnumSet.of(Flag.HIGH, Flag.LOW), EnumSet.noneOf(Flag.class), EnumSet.allOf(Flag.class))) {
      Modes.each(Collections.synchronizedSet(inner), back -> {
        assertEquals(inner, back);
        back.add(Flag.MID); // the wrapped set is a mutable EnumSet again: in ordinal order whatever the insertion order
        Set<Flag> expected = EnumSet.copyOf(inner);
        expected.add(Flag.MID);
        assertEquals(List.copyOf(expected), List.copyOf(back));
      }, Flag.class);
      Modes.each(Collections.unmodifiableSet(inner), back -> assertEquals(inner, back), Flag.class);
      Modes.each(Collections.checkedSet(inner, Flag.class), back -> {
        assertEquals(inner, back);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Set<Object> raw = (Set) back;
        assertThrows(ClassCastException.class, () -> raw.add("not a flag"));
      }, Flag.class);
    }
  }

  @Test
  void anEmptyEnumMapKeepsItsKeyClassWhereNoFieldDeclaresIt() {
    Object[] values = {new EnumMap<Flag, String>(Flag.class), new ArrayList<>(List.of(new EnumMap<Flag, Integer>(Flag.class))),
        Collections.unmodifiableMap(new EnumMap<Flag, String>(Flag.class))};
    for (Object v : values) {
      Modes.each(v, back -> assertEquals(v, back), Flag.class);
      Object again = COMPAT.deserialize(COMPAT.serialize(v));
      assertEquals(v, again);
    }
    Modes.each(new EnumMap<Flag, String>(Flag.class), back -> {
      @SuppressWarnings({"unchecked", "rawtypes"})
      Map<Object, Object> raw = (Map) back;
      assertInstanceOf(EnumMap.class, raw);
      raw.put(Flag.HIGH, "h");
      assertThrows(ClassCastException.class, () -> raw.put("not a flag", "x"), "keyed by Flag");
    }, Flag.class);
  }

  @Test
  void insideAClassInCompatibleModeToo() {
    Holder h = new Holder();
    h.map = Collections.unmodifiableMap(Map.of("a", 1));
    h.flags = Collections.unmodifiableSet(EnumSet.of(Flag.MID));
    h.names = Collections.unmodifiableCollection(List.of("x", "y"));
    h.withNull = Collections.synchronizedList(Stream.of((String) null).toList());
    Holder back = (Holder) COMPAT.deserialize(COMPAT.serialize(h));
    assertEquals(h.map, back.map);
    assertEquals(h.flags, back.flags);
    assertEquals(List.copyOf(h.names), List.copyOf(back.names));
    assertEquals(Arrays.asList((String) null), back.withNull);
    assertTrue(back.withNull.contains(null));
  }

  private static Object contents(Object view) {
    if (view instanceof Map<?, ?> m) {
      return new HashMap<>(m);
    }
    Collection<?> c = (Collection<?>) view;
    return ordered(c) ? new ArrayList<>(c) : new HashSet<>(c);
  }

  private static boolean ordered(Collection<?> c) {
    return (c.spliterator().characteristics() & Spliterator.ORDERED) != 0;
  }

  private static boolean throwsOnNullQuery(Object view) {
    try {
      if (view instanceof Map<?, ?> m) {
        m.containsKey(null);
      } else {
        ((Collection<?>) view).contains(null);
      }
      return false;
    } catch (NullPointerException e) {
      return true;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void mutate(Object view) {
    if (view instanceof Map m) {
      m.put("z", 9);
    } else {
      ((Collection) view).add("z");
    }
  }
}
