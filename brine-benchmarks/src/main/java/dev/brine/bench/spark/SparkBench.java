package dev.brine.bench.spark;

import dev.brine.bench.BenchErrors;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./brine bench spark}: one Spark job suite run under Brine, Spark's KryoSerializer (classes
 * registered) and Spark's JavaSerializer, alternating, in local[2]. Reports median wall time per job
 * and in total, shuffle bytes written per job and in total (task metrics through a SparkListener) and
 * the size of the serialized cache, and writes {@code build/bench/spark.md} ({@link SparkReport}).
 *
 * <p>The suite: {@code --records} BenchRecords (strings, numbers, a list, a map) generated in the
 * tasks, cached with MEMORY_ONLY_SER; then a groupByKey by city, a reduceByKey by customer, a join on
 * id with a second keyed RDD and a sortByKey on amount, all over the cache.
 *
 * <p>This class only parses, launches and reports; it never touches Spark, which is not on the
 * benchmark jar's class path: Spark needs its {@code --add-opens} list, and Spark 4 ships Kryo 4 in
 * the packages Kryo 5 (the JMH peer) uses. So {@link SparkSuite} runs in child JVMs with the flags
 * and with Spark's class path (written at build time to {@code spark-classpath.txt} in the jar) ahead
 * of the benchmark jar.
 *
 * <p>By default every measured run gets its own fresh child JVM that loads only that run's
 * serializer (one unreported warm-up run, then the measured run, as a Spark application has one
 * serializer per JVM and as JMH forks); the child writes its numbers to a file ({@link Run#toLine})
 * and this class alternates the serializers, rotates who goes first each round, checks the checksums
 * and writes the report. With {@code --one-jvm} a single child runs every serializer's runs,
 * rotating, and reports itself.
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

  /** The suite's jobs, in the order they run; their times and shuffle bytes are indexed alike. */
  static final String[] JOBS = {"cache", "groupByKey", "reduceByKey", "join", "sortByKey"};

  /** Index in {@link #JOBS} of the first job that shuffles (the cache job does not). */
  static final int FIRST_SHUFFLE_JOB = 1;

  /**
   * {@code bench spark}'s options (picocli: a missing or malformed value is a usage error with the usage text,
   * exit 2, never an exception trace).
   */
  @Command(name = "spark", mixinStandardHelpOptions = true, version = "brine bench 0.1.0-SNAPSHOT",
      sortOptions = false, usageHelpAutoWidth = true,
      description = "Spark job suite (cache, groupByKey, reduceByKey, join, sortByKey) under Brine, Kryo and Java " +
          "serialization, alternating; writes FILE (median times, shuffle and cached bytes) and a chart beside " +
          "it.")
  static final class Args implements Callable<Integer> {
    @Option(names = "--records", paramLabel = "N", converter = Count.class,
        description = "records in the suite (default 1_000_000; underscores allowed)")
    long records = 1_000_000;

    @Option(names = "--runs", paramLabel = "R",
        description = "runs per serializer, alternating (default ${DEFAULT-VALUE}); the median is reported")
    int runs = 3;

    @Option(names = "--serializers", paramLabel = "LIST", split = ",",
        description = "which to run, of brine, kryo, java (default brine,kryo,java)")
    List<String> serializers = List.of("brine", "kryo", "java");

    @Option(names = "--one-jvm", description = "run all serializers' runs in one JVM, rotating (default: a fresh JVM " +
        "per measured run, loading only its serializer: one warm-up run, then the measured run)")
    boolean oneJvm;

    @Option(names = "--out", paramLabel = "FILE", description = "report (default ${DEFAULT-VALUE}); the chart is " +
        "FILE with .png")
    Path out = Path.of("build", "bench", "spark.md");

    @Option(names = "--jfr", paramLabel = "FILE", description = "record a JFR profile of each child JVM: " +
        "FILE-<serializer>-r<round>.jfr, or FILE itself with --one-jvm or --sizes")
    String jfr;

    @Option(names = "--heap", paramLabel = "SIZE", description = "child JVM heap (default ${DEFAULT-VALUE})")
    String heap = "6g";

    @Option(names = "--warmup", paramLabel = "N", converter = Count.class,
        description = "records of the unreported warm-up run per serializer (default min(records, 100_000); 0: none)")
    long warmup = -1;

    @Option(names = "--sizes", description = "only print bytes per record of each serializer's stream (no Spark " +
        "jobs)")
    boolean sizes;

    @Option(names = "--conf", paramLabel = "K=V",
        description = "a Spark setting for every run, after the suite's own (e.g. spark.shuffle.compress=false)")
    List<String> conf = new ArrayList<>();

    /** Internal (parent to child): measure one run of the one serializer and write it to this file. */
    @Option(names = "--result", hidden = true)
    Path result;

    /** The arguments as given, for the report. */
    List<String> raw = new ArrayList<>();

    @Spec CommandSpec spec;

    /** Checks the values together and fills in the defaults that depend on others. */
    void validate(CommandLine cmd) {
      for (String s : serializers) {
        if (!List.of("brine", "kryo", "java").contains(s)) {
          throw new ParameterException(cmd, "unknown serializer " + s + " (brine, kryo, java)");
        }
      }
      for (String kv : conf) {
        if (!kv.startsWith("spark.") || kv.indexOf('=') < 0) {
          throw new ParameterException(cmd, "--conf needs spark.KEY=VALUE, got " + kv);
        }
      }
      if (records < 1 || runs < 1) {
        throw new ParameterException(cmd, "--records and --runs must be positive");
      }
      if (result != null && serializers.size() != 1) {
        throw new ParameterException(cmd, "--result measures one serializer");
      }
      if (warmup < 0) {
        warmup = Math.min(records, 100_000);
      }
      raw = ownArgs(cmd);
    }

    @Override
    public Integer call() throws Exception {
      validate(spec.commandLine());
      return SparkBench.run(this);
    }
  }

  /**
   * The arguments given to this command: picocli's original arguments start at the top command, so when this
   * runs as {@code bench spark} they begin with the parent's and the subcommand's own name.
   */
  static List<String> ownArgs(CommandLine cmd) {
    if (cmd.getParseResult() == null) {
      return List.of();
    }
    List<String> all = cmd.getParseResult().originalArgs();
    int at = cmd.getParent() == null ? -1 : all.indexOf(cmd.getCommandName());
    return List.copyOf(all.subList(at + 1, all.size()));
  }

  /** A count that may be written with underscores ({@code 1_000_000}). */
  static final class Count implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return Long.parseLong(value.replace("_", ""));
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException("'" + value + "' is not a count");
      }
    }
  }

  /** One run's numbers, indexed by {@link #JOBS}; {@link #toLine} and {@link #parse} carry it between JVMs. */
  record Run(String serializer, long[] jobNanos, long totalNanos, long[] jobShuffleBytes, long cachedBytes,
      long checksum) {

    /** Shuffle bytes written by all jobs. */
    long shuffleBytes() {
      return LongStream.of(jobShuffleBytes).sum();
    }

    /** One line: serializer, total, cached bytes, checksum, then each job's nanos and shuffle bytes. */
    String toLine() {
      return serializer + " " + totalNanos + " " + cachedBytes + " " + checksum + " " + join(jobNanos) + " "
          + join(jobShuffleBytes);
    }

    /** The inverse of {@link #toLine}. */
    static Run parse(String line) {
      String[] f = line.trim().split("\\s+");
      int jobs = JOBS.length;
      if (f.length != 4 + 2 * jobs) {
        throw new IllegalArgumentException("not a run: " + line);
      }
      long[] n = Arrays.stream(f, 1, f.length).mapToLong(Long::parseLong).toArray();
      return new Run(f[0], Arrays.copyOfRange(n, 3, 3 + jobs), n[0], Arrays.copyOfRange(n, 3 + jobs, 3 + 2 * jobs),
          n[1], n[2]);
    }

    private static String join(long[] xs) {
      return LongStream.of(xs).mapToObj(Long::toString).collect(Collectors.joining(" "));
    }
  }

  /** Measures one run of a serializer; {@code round} counts from 1. */
  @FunctionalInterface
  interface Measure {
    /**
     * Runs the suite once.
     *
     * @param serializer brine, kryo or java
     * @param round the round, from 1
     * @return the run's numbers
     * @throws Exception if the run fails
     */
    Run run(String serializer, int round) throws Exception;
  }

  /**
   * The {@code bench spark} command line (BenchMain adds it as a subcommand).
   *
   * @return a fresh command line
   */
  public static CommandLine commandLine() {
    return new CommandLine(new Args());
  }

  /**
   * Entry point ({@code bench spark} is normally reached through {@code BenchMain}).
   *
   * @param argv see {@code bench spark --help}
   */
  public static void main(String[] argv) {
    System.exit(BenchErrors.install(commandLine()).execute(argv));
  }

  /** Runs the suite as {@code a} asks; returns the exit code. */
  static int run(Args a) throws Exception {
    if (a.sizes || a.oneJvm) {
      return launch(childCommand(a, a.jfr, a.raw));
    }
    finish(a, alternate(a, (s, round) -> runChild(a, s, round)));
    return 0;
  }

  /**
   * Parses and checks arguments without running (the child JVMs, tests).
   *
   * @param argv command-line arguments after {@code bench spark}
   * @return the arguments, or null if help was asked for (then the usage is printed)
   * @throws ParameterException for a missing, malformed or out-of-range value
   */
  static Args parse(String[] argv) {
    Args a = new Args();
    CommandLine cmd = new CommandLine(a);
    cmd.parseArgs(argv);
    if (cmd.isUsageHelpRequested()) {
      cmd.usage(System.out);
      return null;
    }
    a.validate(cmd);
    return a;
  }

  /** Spark's class path, as written at build time; empty if absent (then the current one must do). */
  static String sparkClassPath() throws IOException {
    try (InputStream in = SparkBench.class.getResourceAsStream("/spark-classpath.txt")) {
      return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    }
  }

  /** The command of a {@link SparkSuite} child JVM: Spark's flags and class path, a JFR recording if {@code jfr}. */
  static List<String> childCommand(Args a, String jfr, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + a.heap);
    cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
    cmd.addAll(Arrays.asList(OPENS));
    if (jfr != null) {
      cmd.add("-XX:StartFlightRecording=filename=" + jfr + ",settings=profile");
    }
    String sparkCp = sparkClassPath();
    String own = System.getProperty("java.class.path");
    cmd.add("-cp");
    cmd.add(sparkCp.isEmpty() ? own : sparkCp + File.pathSeparator + own);
    cmd.add(SparkSuite.class.getName());
    cmd.addAll(args);
    return cmd;
  }

  /** Runs a child JVM with this one's standard streams; returns its exit code. */
  static int launch(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      p.destroy();
      throw e;
    }
  }

  /** One measured run of {@code serializer} in a fresh child JVM (after its warm-up run there). */
  static Run runChild(Args a, String serializer, int round) throws Exception {
    Path result = Files.createTempFile("brine-bench-spark-" + serializer, ".run");
    try {
      String jfr = a.jfr == null ? null : jfrFile(a.jfr, serializer, round);
      int rc = launch(childCommand(a, jfr, childArgs(a, serializer, result)));
      if (rc != 0) {
        throw new IllegalStateException("bench spark: the " + serializer + " JVM of round " + round + " exited with " + rc);
      }
      return Run.parse(Files.readString(result));
    } finally {
      Files.deleteIfExists(result);
    }
  }

  /** The arguments of a child that measures one run of {@code serializer} into {@code result}. */
  static List<String> childArgs(Args a, String serializer, Path result) {
    List<String> args = new ArrayList<>(List.of("--records", Long.toString(a.records), "--warmup",
        Long.toString(a.warmup), "--serializers", serializer, "--result", result.toString()));
    for (String kv : a.conf) {
      args.add("--conf");
      args.add(kv);
    }
    return args;
  }

  /** {@code jfr} with {@code -<serializer>-r<round>} before its {@code .jfr} extension (added if absent). */
  static String jfrFile(String jfr, String serializer, int round) {
    String base = jfr.endsWith(".jfr") ? jfr.substring(0, jfr.length() - 4) : jfr;
    return base + "-" + serializer + "-r" + round + ".jfr";
  }

  /**
   * Measures {@code a.runs} rounds of every serializer, alternating and rotating who goes first each
   * round, and prints each run as it ends.
   */
  static List<Run> alternate(Args a, Measure measure) throws Exception {
    List<Run> runs = new ArrayList<>();
    List<String> order = new ArrayList<>(a.serializers);
    for (int round = 1; round <= a.runs; round++) {
      for (String s : order) {
        Run r = measure.run(s, round);
        runs.add(r);
        System.out.printf(Locale.ROOT, "bench spark: round %d %-5s total %.2f s, shuffle %,d B, cached %,d B%n",
            round, s, r.totalNanos() / 1e9, r.shuffleBytes(), r.cachedBytes());
      }
      order.add(order.remove(0));
    }
    return runs;
  }

  /** Checks that every run computed the same results, then writes and prints the report. */
  static void finish(Args a, List<Run> runs) throws IOException {
    checkChecksums(runs);
    String report = SparkReport.report(a, runs);
    Files.createDirectories(a.out.toAbsolutePath().getParent());
    String name = a.out.getFileName().toString();
    Path png = a.out.resolveSibling((name.lastIndexOf('.') > 0 ? name.substring(0, name.lastIndexOf('.')) : name)
        + ".png");
    if (SparkReport.chart(png, a, runs)) {
      report += "\n![Spark job suite](" + png.getFileName() + ")\n";
    }
    Files.writeString(a.out, report);
    System.out.println(report);
    System.out.println("bench spark: wrote " + a.out);
  }

  /** Fails if the runs' job results differ (between serializers or runs). */
  static void checkChecksums(List<Run> runs) {
    long sum = runs.get(0).checksum();
    for (Run r : runs) {
      if (r.checksum() != sum) {
        throw new IllegalStateException("results differ between serializers: " + r.serializer());
      }
    }
  }
}
