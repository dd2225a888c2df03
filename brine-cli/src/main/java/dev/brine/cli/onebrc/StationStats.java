package dev.brine.cli.onebrc;

/**
 * Running min/max/sum/count of one station, in tenths of a degree (exact integers). Mutable,
 * not thread-safe: each scanning thread keeps its own and {@link #merge}s at the end.
 */
public final class StationStats {
  private int min = Integer.MAX_VALUE;
  private int max = Integer.MIN_VALUE;
  private long sum;
  private long count;

  /** Creates empty statistics. */
  public StationStats() {}

  /**
   * Adds one measurement.
   *
   * @param tenths the temperature times ten
   */
  public void add(int tenths) {
    min = Math.min(min, tenths);
    max = Math.max(max, tenths);
    sum += tenths;
    count++;
  }

  /**
   * Adds a pre-aggregated group.
   *
   * @param min minimum in tenths
   * @param max maximum in tenths
   * @param sum sum in tenths
   * @param count number of measurements (0 is ignored)
   */
  public void add(int min, int max, long sum, long count) {
    if (count == 0) {
      return;
    }
    this.min = Math.min(this.min, min);
    this.max = Math.max(this.max, max);
    this.sum += sum;
    this.count += count;
  }

  /**
   * Adds another station's statistics to this one.
   *
   * @param o the other statistics
   */
  public void merge(StationStats o) {
    add(o.min, o.max, o.sum, o.count);
  }

  /**
   * Minimum in tenths.
   *
   * @return the minimum
   */
  public int min() {
    return min;
  }

  /**
   * Maximum in tenths.
   *
   * @return the maximum
   */
  public int max() {
    return max;
  }

  /**
   * Sum in tenths.
   *
   * @return the sum
   */
  public long sum() {
    return sum;
  }

  /**
   * Number of measurements.
   *
   * @return the count
   */
  public long count() {
    return count;
  }

  /**
   * The 1BRC text {@code min/mean/max}, each with one decimal; the mean is rounded half up
   * from the exact mean of tenths, as the reference implementation's {@code Math.round(x*10)/10}.
   *
   * @return e.g. {@code -23.0/18.0/59.2}
   */
  @Override
  public String toString() {
    long mean = Math.round((double) sum / count);
    return tenths(min) + "/" + tenths(mean) + "/" + tenths(max);
  }

  static String tenths(long t) {
    long a = Math.abs(t);
    return (t < 0 ? "-" : "") + (a / 10) + "." + (a % 10);
  }
}
