package dev.brine.protobuf.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/** Repeated fields and maps. */
public record Containers(
    List<String> names, List<Integer> ints, List<Long> longs, List<Double> doubles, List<Boolean> flags,
    List<Color> colors, Set<Long> longSet, SortedSet<String> sorted, ArrayList<Inner> inners, List<byte[]> blobs,
    Map<String, Integer> counts, Map<Long, Inner> byId, SortedMap<Integer, String> sortedMap, Map<Boolean, Color> flagged,
    List<java.time.Instant> times) {}
