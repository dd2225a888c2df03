package dev.brine.columnar;

/**
 * Minimum and maximum of one column in one block, from the footer (or the chunk header after
 * recovery). Integral and DECIMAL columns keep exact stored integers ({@link #minLong()} is the
 * scaled value for DECIMAL); FLOAT/FLOAT64 chunks keep doubles; dictionary columns have none.
 *
 * @param kind 0 none, 1 long, 2 double
 * @param min raw minimum (a long, or double bits)
 * @param max raw maximum (a long, or double bits)
 */
public record ColumnStats(int kind, long min, long max) {
  /**
   * Whether min/max are known.
   *
   * @return false for dictionary columns
   */
  public boolean present() {
    return kind != Layout.STATS_NONE;
  }

  /**
   * Minimum as a long (for integral/DECIMAL chunks: the stored integer).
   *
   * @return the minimum
   */
  public long minLong() {
    return min;
  }

  /**
   * Maximum as a long.
   *
   * @return the maximum
   */
  public long maxLong() {
    return max;
  }

  /**
   * Minimum as a double (raw integers for long stats, not descaled).
   *
   * @return the minimum
   */
  public double minDouble() {
    return kind == Layout.STATS_DOUBLE ? Double.longBitsToDouble(min) : min;
  }

  /**
   * Maximum as a double (raw integers for long stats, not descaled).
   *
   * @return the maximum
   */
  public double maxDouble() {
    return kind == Layout.STATS_DOUBLE ? Double.longBitsToDouble(max) : max;
  }
}
