package dev.brine.bench.spark;

import static dev.brine.bench.spark.SparkBench.FIRST_SHUFFLE_JOB;
import static dev.brine.bench.spark.SparkBench.JOBS;

import dev.brine.bench.report.BarPanel;
import dev.brine.bench.report.Figure;
import dev.brine.bench.report.Samples;
import dev.brine.bench.spark.SparkBench.Args;
import dev.brine.bench.spark.SparkBench.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The Markdown report of {@link SparkBench}: per serializer the median wall time (total and per job),
 * shuffle bytes written (total and per job), cached bytes, the Brine/Kryo ratios, and every run.
 */
final class SparkReport {
  private SparkReport() {}

  /** One serializer's medians, indexed by {@link SparkBench#JOBS}. */
  record Summary(long totalNanos, long[] jobNanos, long[] jobShuffleBytes, long shuffleBytes, long cachedBytes) {

    /** The medians of {@code runs}, each number on its own. */
    static Summary of(List<Run> runs) {
      long[] nanos = new long[JOBS.length];
      long[] shuffle = new long[JOBS.length];
      for (int j = 0; j < JOBS.length; j++) {
        int job = j;
        nanos[j] = median(runs, r -> r.jobNanos()[job]);
        shuffle[j] = median(runs, r -> r.jobShuffleBytes()[job]);
      }
      return new Summary(median(runs, Run::totalNanos), nanos, shuffle, median(runs, Run::shuffleBytes),
          median(runs, Run::cachedBytes));
    }
  }

  static long median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  static long median(List<Run> runs, ToLongFunction<Run> f) {
    return median(runs.stream().mapToLong(f).toArray());
  }

  /** Medians per serializer, in the order the serializers first ran. */
  static Map<String, Summary> summaries(List<Run> runs) {
    Map<String, List<Run>> by = new LinkedHashMap<>();
    for (Run r : runs) {
      by.computeIfAbsent(r.serializer(), k -> new ArrayList<>()).add(r);
    }
    Map<String, Summary> med = new LinkedHashMap<>();
    by.forEach((s, rs) -> med.put(s, Summary.of(rs)));
    return med;
  }

  static String report(Args a, List<Run> runs) {
    Map<String, Summary> med = summaries(runs);
    StringBuilder sb = new StringBuilder();
    header(sb, a);
    times(sb, med);
    shuffle(sb, med);
    ratios(sb, med.get("brine"), med.get("kryo"));
    allRuns(sb, runs, a.serializers.size());
    return sb.toString();
  }

  private static void header(StringBuilder sb, Args a) {
    String warmUp = a.warmup == 0 ? "without a warm-up run"
        : String.format(Locale.ROOT, "after an unreported warm-up run of %,d records", a.warmup);
    String setup = a.oneJvm ? "all runs in one JVM, each serializer " + warmUp
        : "each run in its own JVM loading only its serializer, " + warmUp + " there";
    sb.append("# Spark job suite: Brine vs Kryo vs Java serialization\n\n");
    sb.append(String.format(Locale.ROOT, "Command: `./brine bench spark %s`; %,d records, %d runs per serializer "
        + "(alternating, rotating who goes first), %s; local[2], JDK %s, %d cores. Medians.%n%n",
        String.join(" ", a.raw), a.records, a.runs, setup, System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors()));
  }

  private static void times(StringBuilder sb, Map<String, Summary> med) {
    sb.append("| serializer | total s | ");
    for (String j : JOBS) {
      sb.append(j).append(" s | ");
    }
    sb.append("shuffle bytes written | cached bytes |\n|---|---:|");
    sb.append("---:|".repeat(JOBS.length)).append("---:|---:|\n");
    med.forEach((s, m) -> {
      sb.append("| ").append(s).append(String.format(Locale.ROOT, " | %.2f |", m.totalNanos() / 1e9));
      for (long n : m.jobNanos()) {
        sb.append(String.format(Locale.ROOT, " %.2f |", n / 1e9));
      }
      sb.append(String.format(Locale.ROOT, " %,d | %,d |%n", m.shuffleBytes(), m.cachedBytes()));
    });
  }

  private static void shuffle(StringBuilder sb, Map<String, Summary> med) {
    sb.append("\nShuffle bytes written per job (after Spark's LZ4):\n\n| serializer | ");
    for (int j = FIRST_SHUFFLE_JOB; j < JOBS.length; j++) {
      sb.append(JOBS[j]).append(" | ");
    }
    sb.append("total |\n|---|").append("---:|".repeat(JOBS.length - FIRST_SHUFFLE_JOB + 1)).append('\n');
    med.forEach((s, m) -> {
      sb.append("| ").append(s).append(" |");
      for (int j = FIRST_SHUFFLE_JOB; j < JOBS.length; j++) {
        sb.append(String.format(Locale.ROOT, " %,d |", m.jobShuffleBytes()[j]));
      }
      sb.append(String.format(Locale.ROOT, " %,d |%n", m.shuffleBytes()));
    });
  }

  private static void ratios(StringBuilder sb, Summary brine, Summary kryo) {
    if (brine == null || kryo == null) {
      return;
    }
    sb.append(String.format(Locale.ROOT, "%nBrine vs Kryo: %.2fx faster end to end (target >= 1.25x); shuffle bytes "
        + "%.2fx and cached bytes %.2fx of Kryo's (target <= 0.8x).%n", ratio(kryo.totalNanos(), brine.totalNanos()),
        ratio(brine.shuffleBytes(), kryo.shuffleBytes()), ratio(brine.cachedBytes(), kryo.cachedBytes())));
    sb.append("\n| Brine vs Kryo | total |");
    for (String j : JOBS) {
      sb.append(' ').append(j).append(" |");
    }
    sb.append("\n|---|---:|").append("---:|".repeat(JOBS.length)).append('\n');
    sb.append(String.format(Locale.ROOT, "| speed-up (Kryo s / Brine s) | %.2f |", ratio(kryo.totalNanos(), brine.totalNanos())));
    for (int j = 0; j < JOBS.length; j++) {
      sb.append(String.format(Locale.ROOT, " %.2f |", ratio(kryo.jobNanos()[j], brine.jobNanos()[j])));
    }
    sb.append(String.format(Locale.ROOT, "%n| shuffle bytes (Brine / Kryo) | %.3f |", ratio(brine.shuffleBytes(), kryo.shuffleBytes())));
    for (int j = 0; j < JOBS.length; j++) {
      sb.append(j < FIRST_SHUFFLE_JOB ? " |" : String.format(Locale.ROOT, " %.3f |",
          ratio(brine.jobShuffleBytes()[j], kryo.jobShuffleBytes()[j])));
    }
    sb.append('\n');
  }

  /**
   * Draws the Spark figure: median wall time of the suite and of each job per serializer (whiskers: the farthest
   * run), and shuffle bytes written and cached bytes.
   *
   * @param png target file
   * @param a the arguments (for the caption)
   * @param runs every measured run
   * @return true if written
   * @throws java.io.IOException on write failure
   */
  static boolean chart(java.nio.file.Path png, Args a, List<Run> runs) throws java.io.IOException {
    Map<String, List<Run>> by = new LinkedHashMap<>();
    for (Run r : runs) {
      by.computeIfAbsent(r.serializer(), k -> new ArrayList<>()).add(r);
    }
    List<String> categories = new ArrayList<>(List.of("whole suite"));
    categories.addAll(Arrays.asList(JOBS));
    BarPanel time = new BarPanel("Wall time, lower is better", "seconds", BarPanel.Scale.LINEAR, categories);
    BarPanel bytes = new BarPanel("Bytes, lower is better", "MB", BarPanel.Scale.LINEAR,
        List.of("shuffle written (after LZ4)", "cached (MEMORY_ONLY_SER)"));
    by.forEach((serializer, rs) -> {
      double[] value = new double[categories.size()];
      double[] error = new double[categories.size()];
      for (int c = 0; c < categories.size(); c++) {
        int job = c - 1;
        double[] secs = rs.stream().mapToDouble(r -> (job < 0 ? r.totalNanos() : r.jobNanos()[job]) / 1e9).toArray();
        value[c] = Samples.median(secs);
        error[c] = Samples.spread(secs);
      }
      time.series(serializer, value, error);
      double[] shuffle = rs.stream().mapToDouble(r -> r.shuffleBytes() / 1e6).toArray();
      double[] cached = rs.stream().mapToDouble(r -> r.cachedBytes() / 1e6).toArray();
      bytes.series(serializer, new double[] {Samples.median(shuffle), Samples.median(cached)},
          new double[] {Samples.spread(shuffle), Samples.spread(cached)});
    });
    List<String> caption = List.of("./brine bench spark " + String.join(" ", a.raw), String.format(Locale.ROOT,
        "Run %s; %,d records, local[2], Java %s, %d CPUs; %s. Bars: median of %d runs per serializer; whiskers: the "
        + "farthest run.", java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS), a.records,
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
        a.oneJvm ? "all runs in one JVM" : "a fresh JVM per run", a.runs));
    return Figure.write(png, "Spark job suite: Brine vs Kryo vs Java serialization", List.of(time, bytes), caption);
  }

  private static double ratio(long x, long y) {
    return y == 0 ? Double.NaN : (double) x / y;
  }

  private static void allRuns(StringBuilder sb, List<Run> runs, int perRound) {
    sb.append("\nAll runs, in order:\n\n| round | serializer | total s | shuffle bytes | cached bytes |\n"
        + "|---:|---|---:|---:|---:|\n");
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      sb.append(String.format(Locale.ROOT, "| %d | %s | %.2f | %,d | %,d |%n", i / perRound + 1, r.serializer(),
          r.totalNanos() / 1e9, r.shuffleBytes(), r.cachedBytes()));
    }
  }
}
