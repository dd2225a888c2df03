package dev.brine.protobuf.model;

import java.util.List;
import java.util.Objects;

/** A POJO: private fields, a final one, inherited ones, no no-arg constructor, an explicit id. */
public class Pojo extends PojoBase {
  private final String name;
  private int count;
  @dev.brine.Field(id = 20)
  private List<String> tags;
  private transient int skipped = 9;

  public Pojo(long id, String name, int count, List<String> tags) {
    super(id);
    this.name = name;
    this.count = count;
    this.tags = tags;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pojo && ((Pojo) o).id() == id() && Objects.equals(((Pojo) o).name, name)
        && ((Pojo) o).count == count && Objects.equals(((Pojo) o).tags, tags);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id(), name, count, tags);
  }

  @Override
  public String toString() {
    return "Pojo{" + id() + ", " + name + ", " + count + ", " + tags + "}";
  }
}
