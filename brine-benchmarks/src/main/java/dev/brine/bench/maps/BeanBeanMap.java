package dev.brine.bench.maps;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/** Holder of a typed {@code Map<Bean, Bean>} (Bean→Bean), the map workload of seed 002. */
public final class BeanBeanMap implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The map (a {@link java.util.HashMap} in the workload). */
  public Map<Bean, Bean> map;

  /** For deserializers. */
  public BeanBeanMap() {
  }

  /**
   * Wraps a map.
   *
   * @param map the map
   */
  public BeanBeanMap(Map<Bean, Bean> map) {
    this.map = map;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BeanBeanMap && Objects.equals(map, ((BeanBeanMap) o).map);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(map);
  }

  @Override
  public String toString() {
    return "BeanBeanMap{" + (map == null ? "null" : map.size() + " entries") + "}";
  }
}
