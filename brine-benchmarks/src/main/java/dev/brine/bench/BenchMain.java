package dev.brine.bench;

import dev.brine.bench.onebrc.OnebrcBench;
import dev.brine.bench.report.ChartWriter;
import dev.brine.bench.report.PayloadSizes;
import dev.brine.bench.report.ReportWriter;
import dev.brine.bench.report.Result;
import dev.brine.bench.report.ResultParser;
import dev.brine.bench.spark.SparkBench;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.SortedSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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
  private static final String COLD_PACKAGE = "dev.brine.bench.coldstart.";
  /** The run's command and settings, kept beside its results so that {@code --report-only} can show them. */
  static final String RUN_FILE = "run.txt";
  /** Seconds the quick steady-state pass may take, leaving room for cold start and the report. */
  private static final double QUICK_BUDGET_S = 450;
  /**
   * Cost of one JMH fork besides its iterations (JVM start, JMH, library set-up): measured 1.2 s per fork on the
   * 2-core machine at load average 7 (147 runs in 295 s with 0.86 s of iterations each); 1.5 s keeps a margin.
   */
  private static final double FORK_OVERHEAD_S = 1.5;

  private BenchMain() {
  }

  /** The command line: {@code bench [OPTIONS]}, {@code bench onebrc [OPTIONS]}, {@code bench spark [OPTIONS]}. */
  @Command(name = "bench", mixinStandardHelpOptions = true, version = "brine bench 0.1.0-SNAPSHOT",
      sortOptions = false, usageHelpAutoWidth = true,
      description = "Run the JMH suite (Brine side by side with Fory, Kryo, protobuf, JDK serialization, Jackson, " +
          "Sedona, JTS WKB and hand-written code) and write DIR/report.md with its charts.",
      footer = {"", "Charts: DIR/report.png (every workload, relative to Fory, log scale, JMH error bars) and " +
          "DIR/report-<workload>.png (one panel per workload)."})
  static final class Args implements Callable<Integer> {
    @Option(names = "--quick", description = "1 fork, 1 warmup + 3 measurement iterations sized to fit ~8 min, " +
        "numeric @Params at their middle value (map size 256), text @Params at their first three; 3 cold-start " +
        "forks")
    boolean quick;

    @Option(names = "--include", paramLabel = "REGEX",
        description = "JMH include pattern (matched with find() against class.method); default all")
    String include = ALL;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "JMH exclude pattern")
    String exclude;

    @Option(names = "--prof", paramLabel = "NAME",
        description = "JMH profiler for the steady-state pass, e.g. gc (adds B/op to the report)")
    String prof;

    @Option(names = "--forks", paramLabel = "N", description = "forks for the steady-state pass (default: the " +
        "annotation, 2)")
    Integer forks;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V1,V2",
        description = "run a @Param at these values only (repeatable), e.g. -p n=16")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--warmup-iterations", paramLabel = "N",
        description = "warmup iterations of the steady-state pass (default: the annotation, 3 of 1 s)")
    Integer warmupIterations;

    @Option(names = "--iterations", paramLabel = "N",
        description = "measurement iterations of the steady-state pass (default: the annotation, 5 of 1 s)")
    Integer iterations;

    @Option(names = "--jvm", paramLabel = "JAVA", description = "java executable for the forked benchmark JVMs")
    String jvm;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default ${DEFAULT-VALUE})")
    Path out = Path.of("build", "bench");

    @Option(names = "--report-only", description = "regenerate the report from the JSON files already in DIR")
    boolean reportOnly;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (forks != null && forks < 1) {
        throw new ParameterException(spec.commandLine(), "--forks must be at least 1, got " + forks);
      }
      if (warmupIterations != null && warmupIterations < 0 || iterations != null && iterations < 1) {
        throw new ParameterException(spec.commandLine(),
            "--warmup-iterations must be at least 0 and --iterations at least 1");
      }
      return BenchMain.run(this, String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    }
  }

  /**
   * Entry point.
   *
   * @param argv see {@code bench --help}
   */
  public static void main(String[] argv) {
    System.exit(commandLine().execute(argv));
  }

  /**
   * The command line with its subcommands and the error handling they share: a missing or malformed value is a
   * usage error (message and usage, exit 2), a failure while running one line (exit 1), never a stack trace.
   *
   * @return a fresh command line
   */
  public static CommandLine commandLine() {
    CommandLine cmd = new CommandLine(new Args())
        .addSubcommand(OnebrcBench.commandLine())
        .addSubcommand(SparkBench.commandLine());
    return BenchErrors.install(cmd);
  }

  static int run(Args a, String args) throws Exception {
    if (!a.reportOnly) {
      Files.createDirectories(a.out);
      try (Stream<Path> old = Files.list(a.out)) {
        for (Path f : old.filter(BenchMain::isResultFile).toList()) {
          Files.delete(f);
        }
      }
      Map<String, List<BenchmarkListEntry>> steady = new LinkedHashMap<>();
      Map<String, List<BenchmarkListEntry>> cold = new LinkedHashMap<>();
      select(a).forEach((cls, entries) -> (cls.startsWith(COLD_PACKAGE) ? cold : steady).put(cls, entries));
      if (steady.isEmpty() && cold.isEmpty()) {
        System.err.println("bench: no benchmark matches --include " + a.include);
        return 1;
      }
      runSteady(a, steady);
      runColdStart(a, cold);
    }
    List<Result> results = readResults(a.out);
    if (results.isEmpty()) {
      System.err.println("bench: no results in " + a.out + " (nothing matched, or every benchmark failed)");
      return 1;
    }
    writeReport(a, args, results);
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
    return b;
  }

  /** The selected benchmarks, grouped by class in JMH's order. */
  static Map<String, List<BenchmarkListEntry>> select(Args a) {
    SortedSet<BenchmarkListEntry> found = BenchmarkList.defaultList().find(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of(a.include),
        a.exclude == null ? List.of() : List.of(a.exclude));
    Map<String, List<BenchmarkListEntry>> byClass = new LinkedHashMap<>();
    for (BenchmarkListEntry e : found) {
      byClass.computeIfAbsent(e.getUserClassQName(), k -> new ArrayList<>()).add(e);
    }
    return byClass;
  }

  /**
   * Quick mode's parameter subset: a numeric {@code @Param} keeps only its middle value (e.g. map size 256), a
   * text one keeps its first three values; everything else stays as declared.
   */
  static Map<String, String[]> quickParams(List<BenchmarkListEntry> entries) {
    Map<String, String[]> out = new LinkedHashMap<>();
    for (BenchmarkListEntry e : entries) {
      Map<String, String[]> p = e.getParams().orElse(Map.of());
      for (Map.Entry<String, String[]> x : p.entrySet()) {
        String[] v = x.getValue();
        if (v.length <= 1 || out.containsKey(x.getKey())) {
          continue;
        }
        out.put(x.getKey(), quickValues(v));
      }
    }
    return out;
  }

  /**
   * The quick subset of one {@code @Param}'s values.
   *
   * @param v declared values
   * @return the middle value if all are numeric, else the first three
   */
  static String[] quickValues(String[] v) {
    boolean numeric = Arrays.stream(v).allMatch(s -> s.matches("-?[0-9]+(\\.[0-9]+)?"));
    return numeric ? new String[] {v[v.length / 2]} : Arrays.copyOf(v, Math.min(3, v.length));
  }

  /** Number of (method, params) runs one fork each, after the quick parameter subset. */
  static int runs(List<BenchmarkListEntry> entries, Map<String, String[]> override) {
    int n = 0;
    for (BenchmarkListEntry e : entries) {
      int combos = 1;
      for (Map.Entry<String, String[]> x : e.getParams().orElse(Map.of()).entrySet()) {
        String[] o = override.get(x.getKey());
        combos *= o != null ? o.length : x.getValue().length;
      }
      n += combos;
    }
    return n;
  }

  private static void runSteady(Args a, Map<String, List<BenchmarkListEntry>> classes) throws RunnerException {
    Map<String, Map<String, String[]>> overrides = new LinkedHashMap<>();
    int total = 0;
    for (Map.Entry<String, List<BenchmarkListEntry>> c : classes.entrySet()) {
      Map<String, String[]> o = a.quick ? quickParams(c.getValue()) : Map.of();
      overrides.put(c.getKey(), o);
      total += runs(c.getValue(), o);
    }
    long iterationMs = 0;
    if (a.quick && total > 0) {
      // fit the steady pass into QUICK_BUDGET: each run costs a fork (~FORK_OVERHEAD) plus its iterations
      double perRun = QUICK_BUDGET_S / total - FORK_OVERHEAD_S;
      iterationMs = Math.round(Math.max(0.8, Math.min(2.5, perRun)) * 1000 / 4);
      System.out.printf(Locale.ROOT, "bench --quick: %d runs in %d classes; warmup 1x%d ms, measurement 3x%d ms"
          + " (about %.1f min)%n", total, classes.size(), iterationMs, iterationMs,
          total * (FORK_OVERHEAD_S + 4 * iterationMs / 1000.0) / 60);
    }
    for (Map.Entry<String, List<BenchmarkListEntry>> c : classes.entrySet()) {
      StringBuilder names = new StringBuilder();
      for (BenchmarkListEntry e : c.getValue()) {
        names.append(names.length() == 0 ? "" : "|").append(Pattern.quote(e.getUsername()));
      }
      ChainedOptionsBuilder b = base(a, a.out.resolve("jmh-" + c.getKey() + ".json"))
          .include("^(?:" + names + ")$");
      if (a.quick) {
        b.forks(1).warmupIterations(1).warmupTime(TimeValue.milliseconds(iterationMs))
            .measurementIterations(3).measurementTime(TimeValue.milliseconds(iterationMs));
        overrides.get(c.getKey()).forEach(b::param);
      }
      if (a.forks != null) {
        b.forks(a.forks);
      }
      if (a.warmupIterations != null) {
        b.warmupIterations(a.warmupIterations);
      }
      if (a.iterations != null) {
        b.measurementIterations(a.iterations);
      }
      a.params.forEach((name, values) -> b.param(name, values.split(",")));
      if (a.prof != null) {
        b.addProfiler(a.prof);
      }
      run(b);
    }
  }

  private static void runColdStart(Args a, Map<String, List<BenchmarkListEntry>> classes) throws RunnerException {
    for (Map.Entry<String, List<BenchmarkListEntry>> c : classes.entrySet()) {
      StringBuilder names = new StringBuilder();
      for (BenchmarkListEntry e : c.getValue()) {
        names.append(names.length() == 0 ? "" : "|").append(Pattern.quote(e.getUsername()));
      }
      ChainedOptionsBuilder b = base(a, a.out.resolve("jmh-" + c.getKey() + ".json"))
          .include("^(?:" + names + ")$");
      if (a.quick) {
        b.forks(3);
      }
      run(b);
    }
  }

  /**
   * Waits (up to 30 min) while another JMH run on this machine holds JMH's lock file, instead of failing: on a
   * shared 2-core machine two benchmark runs would only spoil each other's numbers.
   */
  static void awaitJmhLock() {
    Path lock = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(30);
    boolean told = false;
    while (System.nanoTime() < deadline) {
      try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock l = ch.tryLock()) {
        if (l != null) {
          return;
        }
      } catch (IOException | OverlappingFileLockException e) {
        return; // let JMH report whatever is wrong
      }
      if (!told) {
        System.err.println("bench: another JMH run holds " + lock + "; waiting for it to finish");
        told = true;
      }
      try {
        Thread.sleep(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static void run(ChainedOptionsBuilder b) throws RunnerException {
    awaitJmhLock();
    try {
      new Runner(b.build()).run();
    } catch (NoBenchmarksException e) {
      System.err.println("bench: no benchmark matched");
    }
  }

  /**
   * Every {@code jmh-*.json} result file in the output directory, parsed.
   *
   * @param dir output directory
   * @return results, files in name order
   * @throws IOException on read failure
   */
  static List<Result> readResults(Path dir) throws IOException {
    List<Result> results = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return results;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(BenchMain::isResultFile).sorted().toList()) {
        results.addAll(ResultParser.parse(f));
      }
    }
    return results;
  }

  /** When the results were measured: the newest result file's time (so --report-only keeps the run's date). */
  static Instant runDate(Path dir) throws IOException {
    Instant newest = null;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(BenchMain::isResultFile).toList()) {
        Instant t = Files.getLastModifiedTime(f).toInstant();
        newest = newest == null || t.isAfter(newest) ? t : newest;
      }
    }
    return (newest == null ? Instant.now() : newest).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
  }

  private static boolean isResultFile(Path f) {
    String n = f.getFileName().toString();
    return n.startsWith("jmh-") && n.endsWith(".json");
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
    String settings = (a.quick ? "quick (1 fork, 1 warmup + 3 measurement iterations sized to the time budget;"
        + " numeric @Params at their middle value, text @Params at their first three; cold start 3 forks)"
        : "annotation defaults (2 forks, 3×1 s warmup, 5×1 s measurement; cold start 5 forks)")
        + (a.forks == null ? "" : ", forks " + a.forks)
        + (a.warmupIterations == null ? "" : ", warmup iterations " + a.warmupIterations)
        + (a.iterations == null ? "" : ", measurement iterations " + a.iterations)
        + (a.params.isEmpty() ? "" : ", params " + a.params)
        + (a.prof == null ? "" : ", profiler " + a.prof);
    String command = "./brine bench" + (args.isEmpty() ? "" : " " + args);
    Path recorded = a.out.resolve(RUN_FILE);
    if (!a.reportOnly) {
      Files.writeString(recorded, command + "\n" + settings + "\n");
    } else if (Files.isRegularFile(recorded)) { // the run's own command and settings, not --report-only's
      List<String> lines = Files.readAllLines(recorded);
      if (lines.size() >= 2) {
        command = lines.get(0);
        settings = lines.get(1);
      }
    }
    String date = runDate(a.out).toString();
    String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
        + (a.jvm == null ? "" : " (forks use " + a.jvm + ")");
    boolean chart = ChartWriter.write(png, results, List.of(command, "Run " + date + "; " + jvm + "; "
        + Runtime.getRuntime().availableProcessors() + " CPUs", "Settings: " + settings));
    List<String> header = List.of(
        "Command: `" + command + "`",
        "Date: " + date,
        "JVM: " + jvm,
        "Machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
            + System.getProperty("os.arch"),
        "Settings: " + settings);
    Path md = a.out.resolve("report.md");
    ReportWriter.write(md, header, results, sizes, chart ? "report.png" : null);
    System.out.println("bench: wrote " + md + (chart ? " and " + png : ""));
  }
}
