package dev.brine.zoo;

import com.google.common.collect.*;
import java.util.List;
import java.util.Map;

/** Popular libraries' part of the type table (docs/types.md): Guava, Joda-Time, Apache Commons Lang. */
final class LibraryZoo {
  private LibraryZoo() {}

  static void fill(Zoo z) {
    z.category("Guava")
        .same("ImmutableList.of()", ImmutableList::of).eq("ImmutableList.of(1)", () -> ImmutableList.of(1))
        .eq("ImmutableList.of(1, 2, 3)", () -> ImmutableList.of(1, 2, 3))
        .eq("ImmutableSet", () -> ImmutableSet.of("a", "b")).eq("ImmutableSortedSet reversed", () -> ImmutableSortedSet.reverseOrder().add(1, 3, 2).build())
        .check("ImmutableMap (order)", () -> ImmutableMap.of("b", 1, "a", 2), (a, b) -> a.equals(b) && a.keySet().asList().equals(b.keySet().asList()))
        .eq("ImmutableSortedMap", () -> ImmutableSortedMap.of("b", 1, "a", 2))
        .eq("ImmutableBiMap", () -> ImmutableBiMap.of("k", 1))
        .eq("ImmutableListMultimap", () -> ImmutableListMultimap.of("k", 1, "k", 2))
        .eq("ImmutableSetMultimap", () -> ImmutableSetMultimap.of("k", 1))
        .eq("ArrayListMultimap", () -> { ArrayListMultimap<String, Integer> m = ArrayListMultimap.create(); m.put("k", 1); m.put("k", 1); return m; })
        .eq("HashMultimap", () -> { HashMultimap<String, Integer> m = HashMultimap.create(); m.put("k", 1); return m; })
        .eq("LinkedHashMultimap", () -> { LinkedHashMultimap<String, Integer> m = LinkedHashMultimap.create(); m.put("k", 1); return m; })
        .eq("TreeMultimap", () -> { TreeMultimap<String, Integer> m = TreeMultimap.create(); m.put("k", 1); return m; })
        .eq("HashMultiset", () -> HashMultiset.create(List.of("a", "a", "b")))
        .eq("ImmutableMultiset", () -> ImmutableMultiset.of("a", "a"))
        .eq("HashBasedTable", () -> { HashBasedTable<String, String, Integer> t = HashBasedTable.create(); t.put("r", "c", 1); return t; })
        .eq("ImmutableTable", () -> ImmutableTable.of("r", "c", 1))
        .eq("HashBiMap", () -> { HashBiMap<String, Integer> m = HashBiMap.create(); m.put("k", 1); return m; })
        .eq("Range", () -> Range.closedOpen(1, 5))
        .eq("ImmutableRangeSet", () -> ImmutableRangeSet.of(Range.atLeast(3)))
        .eq("Guava Optional", () -> com.google.common.base.Optional.of("g"))
        .same("Ordering.natural()", Ordering::natural)
        .eq("Lists.newArrayList", () -> Lists.newArrayList(1, 2))
        .eq("Maps.newTreeMap", () -> Maps.newTreeMap(new java.util.TreeMap<>(Map.of("a", 1))));

    z.category("Joda-Time")
        .eq("DateTime", () -> new org.joda.time.DateTime(2024, 10, 27, 2, 30, org.joda.time.DateTimeZone.forID("Europe/Paris")))
        .eq("DateTime UTC", () -> new org.joda.time.DateTime(0L, org.joda.time.DateTimeZone.UTC))
        .eq("LocalDate", () -> new org.joda.time.LocalDate(2024, 2, 29))
        .eq("LocalDateTime", () -> new org.joda.time.LocalDateTime(2024, 2, 29, 1, 2))
        .eq("Instant", () -> new org.joda.time.Instant(123L))
        .eq("Duration", () -> org.joda.time.Duration.standardHours(5))
        .eq("Period", () -> org.joda.time.Period.days(3).plusHours(2))
        .eq("Interval", () -> new org.joda.time.Interval(0L, 1000L, org.joda.time.DateTimeZone.UTC))
        .same("DateTimeZone.UTC", () -> org.joda.time.DateTimeZone.UTC)
        .eq("DateTimeZone", () -> org.joda.time.DateTimeZone.forID("Asia/Tokyo"))
        .same("ISOChronology UTC", org.joda.time.chrono.ISOChronology::getInstanceUTC);

    z.category("Apache Commons Lang")
        .eq("ImmutablePair", () -> org.apache.commons.lang3.tuple.Pair.of("l", 1))
        .eq("MutablePair", () -> org.apache.commons.lang3.tuple.MutablePair.of("l", 1))
        .eq("ImmutableTriple", () -> org.apache.commons.lang3.tuple.Triple.of(1, "m", 2.0))
        .eq("Range", () -> org.apache.commons.lang3.Range.of(1, 9))
        .eq("MutableInt", () -> new org.apache.commons.lang3.mutable.MutableInt(5))
        .eq("Fraction", () -> org.apache.commons.lang3.math.Fraction.getFraction(3, 4));
  }
}
