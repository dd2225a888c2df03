package dev.brine.bench.unseen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A record-like event with collections of leaf values: a {@code List<String>} of tags, a {@code
 * List<Long>} of ids and a {@code Map<String, Integer>} of counters, next to a few scalars; a class
 * no other benchmark uses.
 */
public final class Tagged implements java.io.Serializable {
  public long id;
  public String kind;
  public List<String> tags;
  public List<Long> refs;
  public Map<String, Integer> counters;

  /** @return the benchmark's value */
  public static Tagged create() {
    Tagged t = new Tagged();
    t.id = 9_007_199_254_740_993L;
    t.kind = "page-view";
    t.tags = new ArrayList<>(List.of("web", "eu-west-1", "mobile", "campaign:spring", "ab:b", "logged-in", "fr", "v2"));
    t.refs = new ArrayList<>(List.of(1L, 42L, 1_000_000L, -7L, 1_732_000_000_000L, 99L));
    t.counters = new HashMap<>(Map.of("clicks", 3, "scrolls", 17, "ms", 12_345, "errors", 0));
    return t;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Tagged t && id == t.id && Objects.equals(kind, t.kind) && Objects.equals(tags, t.tags)
        && Objects.equals(refs, t.refs) && Objects.equals(counters, t.counters);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, kind, tags, refs, counters);
  }
}
