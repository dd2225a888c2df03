package dev.brine.bench.unseen;

import java.util.Arrays;

/** A time series chunk: primitive arrays of every common number type and a few scalars. */
public class Series implements java.io.Serializable {
  public long seriesId;
  public int step;
  public long[] times;
  public double[] values;
  public int[] counts;
  public float[] weights;
  public short quality;

  /** @return the benchmark's value: arrays of 24 elements */
  public static Series create() {
    return create(24);
  }

  /**
   * @param n the length of each array
   * @return a series whose four arrays hold {@code n} elements each
   */
  public static Series create(int n) {
    Series s = new Series();
    s.seriesId = 4_400_123L;
    s.step = 60;
    s.times = new long[n];
    s.values = new double[n];
    s.counts = new int[n];
    s.weights = new float[n];
    for (int i = 0; i < n; i++) {
      s.times[i] = 1_732_000_000_000L + 60_000L * i;
      s.values[i] = 17.25 + i * 0.5;
      s.counts[i] = 100 + i * 37;
      s.weights[i] = 1.0f / (i + 1);
    }
    s.quality = 3;
    return s;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Series s && seriesId == s.seriesId && step == s.step && Arrays.equals(times, s.times)
        && Arrays.equals(values, s.values) && Arrays.equals(counts, s.counts) && Arrays.equals(weights, s.weights)
        && quality == s.quality;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(seriesId);
  }
}
