package dev.brine.bench.report;

import java.util.Arrays;

/**
 * The summary the timing harnesses (1BRC, Spark) chart for repeated runs: the median, and as its whisker the
 * farthest any run lay from it, so the whisker covers every run.
 */
public final class Samples {
  private Samples() {}

  /**
   * The median.
   *
   * @param xs the runs (not empty)
   * @return the middle value, or the mean of the two middle values
   */
  public static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  /**
   * How far the farthest run lies from the median.
   *
   * @param xs the runs (not empty)
   * @return max |x - median|
   */
  public static double spread(double[] xs) {
    double m = median(xs);
    double d = 0;
    for (double x : xs) {
      d = Math.max(d, Math.abs(x - m));
    }
    return d;
  }

  /**
   * {@link #spread} as a fraction of the median.
   *
   * @param xs the runs (not empty)
   * @return spread / median (0 when the median is 0)
   */
  public static double relativeSpread(double[] xs) {
    double m = median(xs);
    return m == 0 ? 0 : spread(xs) / Math.abs(m);
  }
}
