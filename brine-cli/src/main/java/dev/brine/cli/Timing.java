package dev.brine.cli;

import java.util.Arrays;
import java.util.Locale;

/**
 * The demo's stopwatch: warms an operation up, then times it in several runs of fixed length and reports the
 * median time per operation with the fastest and slowest run, so one noisy run cannot mislead. Shows a progress
 * bar on a terminal ({@link Progress}).
 *
 * @param runs timed runs
 * @param runMs length of each run
 * @param warmupMs warm-up before the runs
 * @param bars whether to show progress bars
 */
record Timing(int runs, int runMs, int warmupMs, boolean bars) {

  /**
   * Nanoseconds per operation in each run.
   *
   * @param nanos one value per run
   */
  record Result(double[] nanos) {
    double median() {
      double[] s = nanos.clone();
      Arrays.sort(s);
      return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    double min() {
      return Arrays.stream(nanos).min().orElse(Double.NaN);
    }

    double max() {
      return Arrays.stream(nanos).max().orElse(Double.NaN);
    }

    /** {@code 1.84 µs  (median of 7 runs; range 1.71–2.40 µs)}. */
    String describe() {
      double unit = median() >= 1_000_000 ? 1e6 : median() >= 1_000 ? 1e3 : 1;
      String name = unit == 1e6 ? "ms" : unit == 1e3 ? "µs" : "ns";
      return String.format(Locale.ROOT, "%s %s  (median of %d runs; range %s–%s %s)", num(median() / unit), name,
          nanos.length, num(min() / unit), num(max() / unit), name);
    }

    private static String num(double v) {
      return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }
  }

  /**
   * Warms {@code op} up, then times it.
   *
   * @param task what is measured (the progress bar's label)
   * @param op the operation
   * @return time per operation in each run
   */
  Result measure(String task, Runnable op) {
    double[] nanos = new double[runs];
    try (Progress p = Progress.start(task, warmupMs + (long) runs * runMs, bars)) {
      long warmEnd = System.nanoTime() + warmupMs * 1_000_000L;
      long t = System.nanoTime();
      while (t < warmEnd) {
        for (int i = 0; i < 100; i++) {
          op.run();
        }
        long now = System.nanoTime();
        p.advance((now - t) / 1_000_000);
        t = now;
      }
      for (int r = 0; r < runs; r++) {
        long start = System.nanoTime();
        long end = start + runMs * 1_000_000L;
        long ops = 0;
        long now;
        do {
          for (int i = 0; i < 100; i++) {
            op.run();
          }
          ops += 100;
          now = System.nanoTime();
        } while (now < end);
        nanos[r] = (double) (now - start) / ops;
        p.advance(runMs);
      }
    }
    return new Result(nanos);
  }
}
