package dev.brine.builtin;

import dev.brine.BrineException;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Spliterator;

/**
 * The collections Java serialization writes through a serialization proxy, seen from a {@code
 * Collections} view that wraps one ({@link WrapperSerializer}): {@link JavaForm} shows the proxy, not the
 * collection (its {@code writeReplace} runs first), so an equal collection of the same kind is made from
 * the view's contents through public API only.
 */
final class ProxiedCollections {
  private ProxiedCollections() {}

  /** The proxy of the JDK's immutable collections ({@code List.of}, {@code Set.of}, {@code Map.of}, {@code Stream.toList()}). */
  private static final String IMMUTABLE = "java.util.CollSer";
  /** The proxy of every {@code EnumSet}. */
  private static final String ENUM_SET = "java.util.EnumSet$SerializationProxy";

  /**
   * An equal collection of the kind {@code proxy} stands for, with {@code view}'s contents; null if
   * {@code proxy} is not one of the proxies above.
   */
  static Object copy(Object proxy, Object view) {
    String name = proxy.getClass().getName();
    if (name.equals(IMMUTABLE)) {
      return immutable(view);
    }
    if (name.equals(ENUM_SET)) {
      return enumSet(proxy, view);
    }
    return null;
  }

  /**
   * The immutable map, set or list {@code view} shows: a map view wraps a map, a set view a set, a list
   * view a list; a view of any collection ({@code unmodifiableCollection} and the like) a set when the
   * wrapped collection's own spliterator, which such a view passes on, has no encounter order (an
   * immutable list always has one; a set of one element may report one on newer JDKs, and a list or a set
   * of one immutable element cannot be told apart through such a view). A list is {@code List.of}'s
   * when a query for null throws as there, {@code Stream.toList()}'s (nulls allowed) when it does not.
   */
  private static Object immutable(Object view) {
    if (view instanceof Map) {
      return Map.copyOf((Map<?, ?>) view);
    }
    Collection<?> c = (Collection<?>) view;
    if (view instanceof Set || !(view instanceof List) && (c.spliterator().characteristics() & Spliterator.ORDERED) == 0) {
      return Set.copyOf(c);
    }
    return nullsAllowed(c) ? Arrays.stream(c.toArray()).toList() : List.copyOf(c);
  }

  private static boolean nullsAllowed(Collection<?> c) {
    try {
      c.contains(null);
      return true;
    } catch (NullPointerException e) {
      return false;
    }
  }

  /**
   * The {@code EnumSet} {@code view} shows. Its element class is the proxy's {@code Class} field, which
   * {@link JavaForm} reports among the classes it describes (so an empty set keeps its element class).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumSet(Object proxy, Object view) {
    Class<?> k = JavaForm.firstEnumClass(proxy);
    if (k == null) {
      throw new BrineException("cannot find the element class of the EnumSet inside a " + view.getClass().getName());
    }
    EnumSet set = EnumSet.noneOf((Class) k);
    set.addAll((Collection) view);
    return set;
  }
}
