package dev.brine.bench.maps;

import java.io.Serializable;
import java.util.Objects;

/** Seed 002's map key/value bean: a small object with value equality (so it can be a map key). */
public final class Bean implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Id. */
  public int id;
  /** A long value. */
  public long value;
  /** Name, nullable. */
  public String name;

  /** For deserializers. */
  public Bean() {
  }

  /**
   * Creates a bean.
   *
   * @param id id
   * @param value value
   * @param name name
   */
  public Bean(int id, long value, String name) {
    this.id = id;
    this.value = value;
    this.name = name;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Bean && id == ((Bean) o).id && value == ((Bean) o).value
        && Objects.equals(name, ((Bean) o).name);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * id + Long.hashCode(value)) + Objects.hashCode(name);
  }

  @Override
  public String toString() {
    return "Bean(" + id + ", " + value + ", " + name + ")";
  }
}
