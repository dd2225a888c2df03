package dev.brine.bench.maps;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/** Holder of a typed {@code Map<Integer, Integer>} (Integer→Integer), the map workload of seed 002. */
public final class IntIntMap implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The map (a {@link java.util.HashMap} in the workload). */
  public Map<Integer, Integer> map;

  /** For deserializers. */
  public IntIntMap() {
  }

  /**
   * Wraps a map.
   *
   * @param map the map
   */
  public IntIntMap(Map<Integer, Integer> map) {
    this.map = map;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IntIntMap && Objects.equals(map, ((IntIntMap) o).map);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(map);
  }

  @Override
  public String toString() {
    return "IntIntMap{" + (map == null ? "null" : map.size() + " entries") + "}";
  }
}
