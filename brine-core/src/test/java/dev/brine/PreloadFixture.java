package dev.brine;

import java.util.List;

/**
 * The first calls of a fresh JVM, for {@link PreloadTest}: build with one registered class of numbers, a
 * string and a list, then one serialize and one deserialize.
 */
public final class PreloadFixture {
  private PreloadFixture() {}

  /** A class of the kinds {@link Preload} prepares for. */
  public static final class Row {
    public int count;
    public long id;
    public double score;
    public String name;
    public List<String> tags;
  }

  /**
   * Runs the calls; prints {@code done} after them.
   *
   * @param args {@code off}: without {@link Preload}'s head start
   */
  public static void main(String[] args) {
    Preload.off = args.length > 0 && args[0].equals("off");
    Row row = new Row();
    row.count = 3;
    row.id = 1L << 40;
    row.score = 0.5;
    row.name = "row";
    row.tags = new java.util.ArrayList<>(List.of("a", "b"));
    Brine brine = Brine.builder().register(Row.class).build();
    Row back = brine.deserialize(brine.serialize(row), Row.class);
    if (back.id != row.id || !back.tags.equals(row.tags)) {
      throw new IllegalStateException("not read back");
    }
    System.out.println("done");
  }
}
