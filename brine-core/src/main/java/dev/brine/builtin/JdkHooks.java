package dev.brine.builtin;

import dev.brine.registry.ClassInfo;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The per-value hooks Brine gives a few JDK classes (docs/types.md): {@code List.of}'s class tells a
 * {@code Stream.toList()} list apart, {@code LinkedHashMap} an access-ordered map, {@code
 * unmodifiableSet} one of a sorted set, and a serializable lambda's class gives its {@code
 * SerializedLambda}. One small class of plain static calls, chosen by a kind: nothing else of the
 * built-ins is loaded when a hook first runs, and no method handle is invoked (whose first call from
 * interpreted code spins classes of its own: milliseconds of a cold start).
 */
final class JdkHooks implements ClassInfo.Hook {
  /** {@code ImmutableCollections.ListN}: {@link #listNReplace}. */
  static final int LIST_N = 0;
  /** {@code LinkedHashMap}: {@link #linkedHashMapReplace}. */
  static final int LINKED_HASH_MAP = 1;
  /** {@code Collections$UnmodifiableSet}: {@link WrapperSerializer#unmodifiableSetReplace}. */
  static final int UNMODIFIABLE_SET = 2;
  /** A serializable lambda's class: {@link LambdaSerializer#replace}. */
  static final int LAMBDA = 3;

  /** The keys a one-entry {@code LinkedHashMap}'s clone is probed with. */
  private static final Object PROBE_A = new Object();
  private static final Object PROBE_B = new Object();

  private final int kind;

  JdkHooks(int kind) {
    this.kind = kind;
  }

  @Override
  public Object apply(Object value) {
    switch (kind) {
      case LIST_N: return listNReplace(value);
      case LINKED_HASH_MAP: return linkedHashMapReplace(value);
      case UNMODIFIABLE_SET: return WrapperSerializer.unmodifiableSetReplace(value);
      default: return LambdaSerializer.replace(value);
    }
  }

  /**
   * The writeReplace hook of {@code ImmutableCollections.ListN}: a list made by {@code Stream.toList()}
   * (it holds a null, has 1 or 2 elements — {@code List.of} makes those a {@code List12} — or is an
   * empty list other than {@code List.of()}) is written as a {@link JdkCollections.NullsAllowedList}; any other is
   * itself. A {@code Stream.toList()} list of 3 or more non-null elements cannot be told from {@code
   * List.of}'s without an exception and comes back as {@code List.of}'s (docs/types.md).
   */
  static Object listNReplace(Object value) {
    List<?> l = (List<?>) value;
    int n = l.size();
    if (n == 0 ? l != List.of() : n <= 2 || Makers.hasNull(l)) {
      return new JdkCollections.NullsAllowedList(l);
    }
    return l;
  }

  /**
   * The writeReplace hook of {@code LinkedHashMap}: an access-ordered map is written as an {@link
   * JdkCollections.AccessOrderedMap}, an insertion-ordered one as itself (id 35, as before). Access order is told
   * through the public API: with two or more entries, {@code get} of the first key moves it last only
   * in access order (an insertion-ordered map is not touched; an access-ordered one has its order put
   * back by getting every other key in order); a smaller map is cloned and the clone probed.
   */
  @SuppressWarnings("unchecked")
  static Object linkedHashMapReplace(Object value) {
    LinkedHashMap<Object, Object> m = (LinkedHashMap<Object, Object>) value;
    if (m.getClass() != LinkedHashMap.class) {
      return m;
    }
    if (m.size() < 2) {
      LinkedHashMap<Object, Object> probe = (LinkedHashMap<Object, Object>) m.clone();
      probe.clear();
      probe.put(PROBE_A, null);
      probe.put(PROBE_B, null);
      probe.get(PROBE_A);
      return probe.keySet().iterator().next() == PROBE_A ? m : new JdkCollections.AccessOrderedMap(m);
    }
    Object first = m.keySet().iterator().next();
    m.get(first);
    if (m.keySet().iterator().next() == first) {
      return m; // insertion order: get changed nothing
    }
    Object[] keys = m.keySet().toArray(); // the others in order, then the first, now last
    for (int i = 0; i < keys.length - 1; i++) {
      m.get(keys[i]); // put the access order back as it was
    }
    return new JdkCollections.AccessOrderedMap(m);
  }
}
