package dev.brine.bench;

import dev.brine.bench.report.ChartWriter;
import dev.brine.bench.report.PayloadSizes;
import dev.brine.bench.report.ReportWriter;
import dev.brine.bench.report.Result;
import dev.brine.bench.report.ResultParser;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the JMH suite programmatically and writes {@code build/bench/report.md} and {@code report.png} (relative to
 * the current directory). Started by {@code ./brine bench} as {@code java -cp benchmarks.jar
 * dev.brine.bench.BenchMain <args>}.
 *
 * <p>Two passes: the steady-state benchmarks (every class except cold start, with the given forks/iterations)
 * and the cold-start benchmarks (single shot, fresh JVM per sample; their own fork count). Both write JMH JSON
 * ({@code jmh-throughput.json}, {@code jmh-coldstart.json}); the report is generated from those files, so it can
 * be regenerated with {@code --report-only}.
 */
public final class BenchMain {
  private static final String ALL = "dev\\.brine\\.bench\\.";
  private static final String COLD = "dev\\.brine\\.bench\\.coldstart\\.";
  static final String USAGE = String.join("\n",
      "usage: bench [--quick] [--include REGEX] [--exclude REGEX] [--prof NAME] [--forks N] [--jvm JAVA]",
      "             [--out DIR] [--report-only]",
      "       bench onebrc ARGS...   (dev.brine.bench.onebrc.OnebrcBench)",
      "       bench spark ARGS...    (reserved)",
      "  --quick         1 fork, 2x0.5 s warmup, 3x0.5 s measurement, maps at size 256 only, 3 cold-start forks",
      "  --include REGEX JMH include pattern (matched with find() against class.method); default all",
      "  --exclude REGEX JMH exclude pattern",
      "  --prof NAME     JMH profiler for the steady-state pass, e.g. gc (adds B/op to the report)",
      "  --forks N       forks for the steady-state pass (default: the annotation, 2)",
      "  --jvm JAVA      java executable for the forked benchmark JVMs",
      "  --out DIR       output directory (default build/bench)",
      "  --report-only   regenerate the report from the JSON files already in DIR");

  private BenchMain() {
  }

  /** Parsed command line. */
  static final class Args {
    boolean quick;
    boolean reportOnly;
    String include = ALL;
    String exclude;
    String prof;
    Integer forks;
    String jvm;
    Path out = Path.of("build", "bench");
  }

  /**
   * Entry point.
   *
   * @param argv see {@link #USAGE}
   * @throws Exception on benchmark or I/O failure (exit code 1 via the JVM)
   */
  public static void main(String[] argv) throws Exception {
    if (argv.length > 0 && (argv[0].equals("onebrc") || argv[0].equals("spark"))) {
      System.exit(dispatch(argv[0], Arrays.copyOfRange(argv, 1, argv.length)));
    }
    Args a;
    try {
      a = parse(argv);
    } catch (IllegalArgumentException e) {
      System.err.println("bench: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    if (a == null) {
      System.out.println(USAGE);
      return;
    }
    Path steady = a.out.resolve("jmh-throughput.json");
    Path cold = a.out.resolve("jmh-coldstart.json");
    if (!a.reportOnly) {
      Files.createDirectories(a.out);
      Files.deleteIfExists(steady);
      Files.deleteIfExists(cold);
      runSteady(a, steady);
      runColdStart(a, cold);
    }
    List<Result> results = new ArrayList<>(ResultParser.parse(steady));
    results.addAll(ResultParser.parse(cold));
    if (results.isEmpty()) {
      System.err.println("bench: no results in " + a.out + " (nothing matched, or every benchmark failed)");
      System.exit(1);
    }
    writeReport(a, String.join(" ", argv), results);
  }

  static Args parse(String[] argv) {
    Args a = new Args();
    for (int i = 0; i < argv.length; i++) {
      String s = argv[i];
      switch (s) {
        case "-h", "--help" -> {
          return null;
        }
        case "--quick" -> a.quick = true;
        case "--report-only" -> a.reportOnly = true;
        case "--include" -> a.include = value(argv, ++i, s);
        case "--exclude" -> a.exclude = value(argv, ++i, s);
        case "--prof" -> a.prof = value(argv, ++i, s);
        case "--jvm" -> a.jvm = value(argv, ++i, s);
        case "--out" -> a.out = Path.of(value(argv, ++i, s));
        case "--forks" -> {
          try {
            a.forks = Integer.parseInt(value(argv, ++i, s));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--forks needs a number");
          }
        }
        default -> throw new IllegalArgumentException("unknown argument " + s);
      }
    }
    return a;
  }

  private static String value(String[] argv, int i, String opt) {
    if (i >= argv.length) {
      throw new IllegalArgumentException(opt + " needs a value");
    }
    return argv[i];
  }

  private static int dispatch(String topic, String[] rest) throws Exception {
    if (topic.equals("spark")) {
      System.err.println("bench spark: reserved for the Spark benchmarks (not written yet)");
      return 2;
    }
    Class<?> cls;
    try {
      cls = Class.forName("dev.brine.bench.onebrc.OnebrcBench");
    } catch (ClassNotFoundException e) {
      System.err.println("bench onebrc: dev.brine.bench.onebrc.OnebrcBench is not in this benchmarks.jar");
      return 2;
    }
    Method main = cls.getMethod("main", String[].class);
    try {
      main.invoke(null, (Object) rest);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception) {
        throw (Exception) e.getCause();
      }
      throw e;
    }
    return 0;
  }

  private static ChainedOptionsBuilder base(Args a, Path result) {
    ChainedOptionsBuilder b = new OptionsBuilder()
        .resultFormat(ResultFormatType.JSON)
        .result(result.toString())
        .shouldFailOnError(false)
        .jvmArgsAppend("-Djava.awt.headless=true");
    if (a.jvm != null) {
      b.jvm(a.jvm);
    }
    if (a.exclude != null) {
      b.exclude(a.exclude);
    }
    return b;
  }

  private static void runSteady(Args a, Path result) throws RunnerException {
    ChainedOptionsBuilder b = base(a, result).include(a.include).exclude(COLD);
    if (a.quick) {
      b.forks(1).warmupIterations(2).warmupTime(TimeValue.milliseconds(500))
          .measurementIterations(3).measurementTime(TimeValue.milliseconds(500))
          .param("size", "256");
    }
    if (a.forks != null) {
      b.forks(a.forks);
    }
    if (a.prof != null) {
      b.addProfiler(a.prof);
    }
    run(b);
  }

  private static void runColdStart(Args a, Path result) throws RunnerException {
    // only the cold-start benchmarks that the user's include pattern also selects
    String both = "^(?=.*" + COLD + ")(?=.*(?:" + a.include + ")).*";
    SortedSet<BenchmarkListEntry> found = BenchmarkList.defaultList().find(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of(both),
        a.exclude == null ? List.of() : List.of(a.exclude));
    if (found.isEmpty()) {
      return;
    }
    ChainedOptionsBuilder b = base(a, result).include(both);
    if (a.quick) {
      b.forks(3);
    }
    run(b);
  }

  private static void run(ChainedOptionsBuilder b) throws RunnerException {
    try {
      new Runner(b.build()).run();
    } catch (NoBenchmarksException e) {
      System.err.println("bench: no benchmark matched");
    }
  }

  private static void writeReport(Args a, String args, List<Result> results) throws IOException {
    Map<String, Map<String, Integer>> sizes = new LinkedHashMap<>();
    for (Result r : results) {
      if (!"thrpt".equals(r.mode())) {
        continue;
      }
      String key = r.packageName() + "." + r.className() + "\u0000" + r.paramsLabel();
      if (!sizes.containsKey(key)) {
        sizes.put(key, PayloadSizes.measure(r.packageName() + "." + r.className(), r.params()));
      }
    }
    Path png = a.out.resolve("report.png");
    boolean chart = ChartWriter.write(png, results);
    List<String> header = List.of(
        "Command: `./brine bench" + (args.isEmpty() ? "" : " " + args) + "`",
        "Date: " + Instant.now(),
        "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
            + (a.jvm == null ? "" : " (forks use " + a.jvm + ")"),
        "Machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
            + System.getProperty("os.arch"),
        "Settings: " + (a.quick ? "quick (1 fork, 2×0.5 s warmup, 3×0.5 s measurement; maps size 256; cold start 3 forks)"
            : "full (annotation defaults: 2 forks, 3×1 s warmup, 5×1 s measurement; cold start 5 forks)")
            + (a.forks == null ? "" : ", forks overridden to " + a.forks)
            + (a.prof == null ? "" : ", profiler " + a.prof));
    Path md = a.out.resolve("report.md");
    ReportWriter.write(md, header, results, sizes, chart ? "report.png" : null);
    System.out.println("bench: wrote " + md + (chart ? " and " + png : ""));
  }
}
