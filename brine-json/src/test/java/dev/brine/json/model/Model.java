package dev.brine.json.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** The JSON test model. */
public final class Model {
  private Model() {
  }

  /** An enum, written by name. */
  public enum Color { RED, GREEN, BLUE }

  /** A nested record. */
  public record Line(String sku, int quantity, double price) {}

  /** Numbers, strings, containers, nested records: what Jackson writes the same way by default. */
  public record Order(long id, String customer, List<Line> lines, Map<String, Integer> counts, Color color,
      boolean gift, Integer maybe, float ratio, short small, char letter, Set<Color> colors, String[] notes,
      int[] numbers, Map<Integer, Line> byNumber, BigDecimal total) {}

  /** Numbers in every shape: primitive, boxed, in arrays. */
  public record Numbers(double d, Double boxed, float f, long l, Long boxedLong, int i, double[] ds, long[] ls) {}

  /** A POJO with public fields (Jackson's default visibility sees them). */
  public static final class Bean {
    public int id;
    public String name;
    public List<String> tags;
    public Line line;
    public double[] values;
    public Boolean flag;

    /** For readers. */
    public Bean() {
    }
  }

  /** Types Jackson needs modules for (jdk8, jsr310): round trips only. */
  public record Extras(Optional<String> maybe, Instant at, UUID id, byte[] blob, Optional<Line> line) {}

  /** A POJO with private and final fields and no no-arg constructor. */
  public static final class Private {
    private final String name;
    private long count;

    /** Creates one. */
    public Private(String name, long count) {
      this.name = name;
      this.count = count;
    }

    /** The name. */
    public String name() {
      return name;
    }

    /** The count. */
    public long count() {
      return count;
    }
  }
}
