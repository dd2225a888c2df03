package dev.brine.builtin;

import java.util.List;

/**
 * Names of JDK classes the JDK block writes by kind, as strings: the table ({@link JdkTypes}) matches
 * classes by name without loading anything, and the kind byte of a payload is an index here (never
 * reorder, only append).
 */
final class JdkNames {
  private JdkNames() {}

  /** The Collections views by kind (never reorder; the JDK 21 sequenced views last). */
  static final List<String> WRAPPERS = List.of(
      "java.util.Collections$UnmodifiableCollection",
      "java.util.Collections$UnmodifiableRandomAccessList",
      "java.util.Collections$UnmodifiableList",
      "java.util.Collections$UnmodifiableSet",
      "java.util.Collections$UnmodifiableSortedSet",
      "java.util.Collections$UnmodifiableNavigableSet",
      "java.util.Collections$UnmodifiableMap",
      "java.util.Collections$UnmodifiableSortedMap",
      "java.util.Collections$UnmodifiableNavigableMap",
      "java.util.Collections$SynchronizedCollection",
      "java.util.Collections$SynchronizedRandomAccessList",
      "java.util.Collections$SynchronizedList",
      "java.util.Collections$SynchronizedSet",
      "java.util.Collections$SynchronizedSortedSet",
      "java.util.Collections$SynchronizedNavigableSet",
      "java.util.Collections$SynchronizedMap",
      "java.util.Collections$SynchronizedSortedMap",
      "java.util.Collections$SynchronizedNavigableMap",
      "java.util.Collections$CheckedCollection",
      "java.util.Collections$CheckedRandomAccessList",
      "java.util.Collections$CheckedList",
      "java.util.Collections$CheckedSet",
      "java.util.Collections$CheckedSortedSet",
      "java.util.Collections$CheckedNavigableSet",
      "java.util.Collections$CheckedQueue",
      "java.util.Collections$CheckedMap",
      "java.util.Collections$CheckedSortedMap",
      "java.util.Collections$CheckedNavigableMap",
      "java.util.Collections$SetFromMap",
      "java.util.Collections$AsLIFOQueue",
      "java.util.Collections$UnmodifiableSequencedCollection",
      "java.util.Collections$UnmodifiableSequencedSet",
      "java.util.Collections$UnmodifiableSequencedMap",
      "java.util.Collections$SequencedSetFromMap");

  /** The subList views by kind. */
  static final List<String> SUB_LISTS = List.of("java.util.ArrayList$SubList",
      "java.util.AbstractList$SubList", "java.util.AbstractList$RandomAccessSubList",
      "java.util.ImmutableCollections$SubList", "java.util.concurrent.CopyOnWriteArrayList$COWSubList");

  /** The map entries by kind. */
  static final List<String> ENTRIES = List.of("java.util.KeyValueHolder",
      "java.util.AbstractMap$SimpleEntry", "java.util.AbstractMap$SimpleImmutableEntry", "java.util.HashMap$Node",
      "java.util.LinkedHashMap$Entry", "java.util.TreeMap$Entry", "java.util.concurrent.ConcurrentHashMap$MapEntry");

  /** The holder written for a {@code Stream.toList()} list. */
  static final String NULLS_ALLOWED_LIST = "dev.brine.builtin.JdkCollections$NullsAllowedList";
  /** The holder written for an access-ordered LinkedHashMap. */
  static final String ACCESS_ORDERED_MAP = "dev.brine.builtin.JdkCollections$AccessOrderedMap";
  /** The holder written for a Collections view under another id's class. */
  static final String WRAPPED = "dev.brine.builtin.WrapperSerializer$Wrapped";
}
