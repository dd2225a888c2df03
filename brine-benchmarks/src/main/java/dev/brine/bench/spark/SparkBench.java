package dev.brine.bench.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./brine bench spark}: one Spark job suite run under Brine, Spark's KryoSerializer (classes
 * registered) and Spark's JavaSerializer, alternating, in local[2]. Reports median wall time per job
 * and in total, shuffle bytes written (task metrics through a SparkListener) and the size of the
 * serialized cache, and writes {@code build/bench/spark.md}.
 *
 * <p>The suite: {@code --records} BenchRecords (strings, numbers, a list, a map) generated in the
 * tasks, cached with MEMORY_ONLY_SER; then a groupByKey by city, a reduceByKey by customer, a join on
 * id with a second keyed RDD and a sortByKey on amount, all over the cache.
 *
 * <p>This class only parses, launches and reports; it never touches Spark, which is not on the
 * benchmark jar's class path: Spark needs its {@code --add-opens} list, and Spark 4 ships Kryo 4 in
 * the packages Kryo 5 (the JMH peer) uses. So {@link #main} starts {@link SparkSuite} in a child JVM
 * with the flags and with Spark's class path (written at build time to {@code spark-classpath.txt}
 * in the jar) ahead of the benchmark jar.
 */
public final class SparkBench {
  private SparkBench() {}

  static final String[] OPENS = {"--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED", "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED", "-Djdk.reflect.useDirectMethodHandle=false",
      "-Dio.netty.tryReflectionSetAccessible=true"};

  static final String USAGE = String.join("\n",
      "usage: bench spark [--records N] [--runs R] [--serializers brine,kryo,java] [--out FILE] [--jfr FILE] [--heap SIZE] [--warmup N] [--sizes]",
      "  --records N      records in the suite (default 1000000)",
      "  --runs R         runs per serializer, alternating (default 3); the median is reported",
      "  --serializers L  which to run (default brine,kryo,java)",
      "  --out FILE       report (default build/bench/spark.md)",
      "  --jfr FILE       record a JFR profile of the child JVM (Brine runs only if --serializers brine)",
      "  --heap SIZE      child JVM heap (default 6g)",
      "  --sizes          only print bytes per record of each serializer's stream (no Spark jobs)",
      "  --warmup N       records of the unreported warm-up run per serializer (default min(records, 100000); 0: none)");

  /** Parsed arguments. */
  static final class Args {
    long records = 1_000_000;
    int runs = 3;
    List<String> serializers = List.of("brine", "kryo", "java");
    Path out = Path.of("build", "bench", "spark.md");
    String jfr;
    String heap = "6g";
    long warmup = -1;
    boolean sizes;
    List<String> raw = new ArrayList<>();
  }

  /**
   * Entry point (called by BenchMain for {@code bench spark ARGS}).
   *
   * @param argv see {@link #USAGE}
   * @throws Exception if the child JVM cannot be started or the suite fails
   */
  public static void main(String[] argv) throws Exception {
    Args a;
    try {
      a = parse(argv);
    } catch (IllegalArgumentException e) {
      System.err.println("bench spark: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    if (a == null) {
      System.out.println(USAGE);
      return;
    }
    int rc = launchChild(a);
    if (rc != 0) {
      System.exit(rc);
    }
  }

  static Args parse(String[] argv) {
    Args a = new Args();
    a.raw.addAll(Arrays.asList(argv));
    for (int i = 0; i < argv.length; i++) {
      String s = argv[i];
      switch (s) {
        case "-h", "--help" -> {
          return null;
        }
        case "--records" -> a.records = number(argv, ++i, s);
        case "--runs" -> a.runs = (int) number(argv, ++i, s);
        case "--serializers" -> a.serializers = List.of(value(argv, ++i, s).split(","));
        case "--out" -> a.out = Path.of(value(argv, ++i, s));
        case "--jfr" -> a.jfr = value(argv, ++i, s);
        case "--heap" -> a.heap = value(argv, ++i, s);
        case "--warmup" -> a.warmup = number(argv, ++i, s);
        case "--sizes" -> a.sizes = true;
        default -> throw new IllegalArgumentException("unknown argument " + s);
      }
    }
    for (String s : a.serializers) {
      if (!List.of("brine", "kryo", "java").contains(s)) {
        throw new IllegalArgumentException("unknown serializer " + s + " (brine, kryo, java)");
      }
    }
    if (a.warmup < 0) {
      a.warmup = Math.min(a.records, 100_000);
    }
    if (a.records < 1 || a.runs < 1) {
      throw new IllegalArgumentException("--records and --runs must be positive");
    }
    return a;
  }

  private static String value(String[] argv, int i, String opt) {
    if (i >= argv.length) {
      throw new IllegalArgumentException(opt + " needs a value");
    }
    return argv[i];
  }

  private static long number(String[] argv, int i, String opt) {
    try {
      return Long.parseLong(value(argv, i, opt).replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(opt + " needs a number");
    }
  }

  /** Spark's class path, as written at build time; empty if absent (then the current one must do). */
  static String sparkClassPath() throws IOException {
    try (InputStream in = SparkBench.class.getResourceAsStream("/spark-classpath.txt")) {
      return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    }
  }

  static int launchChild(Args a) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + a.heap);
    cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
    cmd.addAll(Arrays.asList(OPENS));
    if (a.jfr != null) {
      cmd.add("-XX:StartFlightRecording=filename=" + a.jfr + ",settings=profile");
    }
    String sparkCp = sparkClassPath();
    String own = System.getProperty("java.class.path");
    cmd.add("-cp");
    cmd.add(sparkCp.isEmpty() ? own : sparkCp + java.io.File.pathSeparator + own);
    cmd.add(SparkBench.class.getPackageName() + ".SparkSuite");
    cmd.addAll(a.raw);
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    return p.waitFor();
  }

  static final String[] JOBS = {"cache", "groupByKey", "reduceByKey", "join", "sortByKey"};

  /** One run's numbers. */
  record Run(String serializer, long[] jobNanos, long totalNanos, long shuffleBytes, long cachedBytes, long checksum) {}

  static long median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  static String report(Args a, List<Run> runs) {
    Map<String, List<Run>> by = new LinkedHashMap<>();
    for (Run r : runs) {
      by.computeIfAbsent(r.serializer, k -> new ArrayList<>()).add(r);
    }
    Map<String, long[]> med = new LinkedHashMap<>(); // per serializer: total, jobs..., shuffle, cached
    for (var e : by.entrySet()) {
      List<Run> rs = e.getValue();
      long[] m = new long[JOBS.length + 3];
      m[0] = median(rs.stream().mapToLong(Run::totalNanos).toArray());
      for (int j = 0; j < JOBS.length; j++) {
        int jj = j;
        m[1 + j] = median(rs.stream().mapToLong(r -> r.jobNanos[jj]).toArray());
      }
      m[JOBS.length + 1] = median(rs.stream().mapToLong(Run::shuffleBytes).toArray());
      m[JOBS.length + 2] = median(rs.stream().mapToLong(Run::cachedBytes).toArray());
      med.put(e.getKey(), m);
    }
    StringBuilder sb = new StringBuilder();
    sb.append("# Spark job suite: Brine vs Kryo vs Java serialization\n\n");
    sb.append(String.format(Locale.ROOT, "Command: `./brine bench spark %s`; %,d records, %d runs per serializer "
        + "(alternating), local[2], JDK %s, %d cores. Medians.%n%n", String.join(" ", a.raw), a.records, a.runs,
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors()));
    sb.append("| serializer | total s | ");
    for (String j : JOBS) {
      sb.append(j).append(" s | ");
    }
    sb.append("shuffle bytes written | cached bytes |\n|---|---:|");
    sb.append("---:|".repeat(JOBS.length)).append("---:|---:|\n");
    for (var e : med.entrySet()) {
      long[] m = e.getValue();
      sb.append("| ").append(e.getKey()).append(String.format(Locale.ROOT, " | %.2f |", m[0] / 1e9));
      for (int j = 0; j < JOBS.length; j++) {
        sb.append(String.format(Locale.ROOT, " %.2f |", m[1 + j] / 1e9));
      }
      sb.append(String.format(Locale.ROOT, " %,d | %,d |%n", m[JOBS.length + 1], m[JOBS.length + 2]));
    }
    long[] kryo = med.get("kryo");
    long[] brine = med.get("brine");
    if (kryo != null && brine != null) {
      sb.append(String.format(Locale.ROOT, "%nBrine vs Kryo: %.2fx faster end to end (target >= 1.25x); shuffle bytes "
          + "%.2fx and cached bytes %.2fx of Kryo's (target <= 0.8x).%n", (double) kryo[0] / brine[0],
          (double) brine[JOBS.length + 1] / kryo[JOBS.length + 1], (double) brine[JOBS.length + 2] / kryo[JOBS.length + 2]));
    }
    sb.append("\nAll runs:\n\n| serializer | total s | shuffle bytes | cached bytes |\n|---|---:|---:|---:|\n");
    for (Run r : runs) {
      sb.append(String.format(Locale.ROOT, "| %s | %.2f | %,d | %,d |%n", r.serializer, r.totalNanos / 1e9,
          r.shuffleBytes, r.cachedBytes));
    }
    return sb.toString();
  }
}
