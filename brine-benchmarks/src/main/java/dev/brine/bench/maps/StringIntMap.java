package dev.brine.bench.maps;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/** Holder of a typed {@code Map<String, Integer>} (String→Integer), the map workload of seed 002. */
public final class StringIntMap implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The map (a {@link java.util.HashMap} in the workload). */
  public Map<String, Integer> map;

  /** For deserializers. */
  public StringIntMap() {
  }

  /**
   * Wraps a map.
   *
   * @param map the map
   */
  public StringIntMap(Map<String, Integer> map) {
    this.map = map;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StringIntMap && Objects.equals(map, ((StringIntMap) o).map);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(map);
  }

  @Override
  public String toString() {
    return "StringIntMap{" + (map == null ? "null" : map.size() + " entries") + "}";
  }
}
