package dev.brine.bench.onebrc;

import dev.brine.bench.BenchErrors;
import dev.brine.bench.report.BarPanel;
import dev.brine.bench.report.Figure;
import dev.brine.bench.report.Samples;
import dev.brine.columnar.ColumnarReader;
import dev.brine.cli.onebrc.ColumnarAggregator;
import dev.brine.cli.onebrc.OneBrc;
import dev.brine.cli.onebrc.StationStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./brine bench onebrc --rows N [--threads T] [--dir D]}: aggregates the same generated 1BRC
 * data through a Brine record file (mmap), DuckDB (database-file table and a Parquet file written
 * by DuckDB, via JDBC), a protobuf delimited stream, DataInputStream and ObjectInputStream, plus
 * the memory-bandwidth reference (sequential sum over the mapped Brine file). Writes
 * {@code build/bench/onebrc.md}.
 *
 * <p>Brine runs three ways: opening (mapping and CRC-checking) the file on every run, the same
 * without block checksums, and with one reader kept open across runs (blocks validated once),
 * which is how the DuckDB connection is used. Each contender runs once to warm up, then {@code --runs} times; the table shows best and
 * median. Stream peers are sequential by nature and can run on a prefix ({@code --peer-rows}) so
 * slow formats do not take the whole budget; rows/s makes them comparable.
 */
public final class OnebrcBench {
  private OnebrcBench() {}

  /**
   * {@code bench onebrc}'s options (picocli: a missing or malformed value is a usage error with the usage text,
   * exit 2, never an exception trace).
   */
  @Command(name = "onebrc", mixinStandardHelpOptions = true, version = "brine bench 0.1.0-SNAPSHOT",
      sortOptions = false, usageHelpAutoWidth = true,
      description = "1BRC aggregate: the same generated data through a Brine record file, DuckDB (table and " +
          "Parquet), protobuf, DataInputStream and ObjectInputStream; writes FILE (and a chart beside it).")
  static final class Options implements Callable<Integer> {
    @Option(names = "--rows", paramLabel = "N", converter = Count.class,
        description = "rows in the data set (default 100_000_000; underscores allowed)")
    long rows = 100_000_000L;

    @Option(names = "--threads", paramLabel = "T",
        description = "thread count for the parallel run (default ${DEFAULT-VALUE}); 1 thread is always measured")
    int threads = 2;

    @Option(names = "--dir", paramLabel = "D", description = "scratch directory for the data files (default " +
        "${DEFAULT-VALUE})")
    Path dir = Path.of("build", "bench", "onebrc-data");

    @Option(names = "--out", paramLabel = "FILE", description = "report (default ${DEFAULT-VALUE}); the chart is " +
        "FILE with .png")
    Path out = Path.of("build", "bench", "onebrc.md");

    @Option(names = "--runs", paramLabel = "R", description = "timed runs per contender after one warm-up (default " +
        "${DEFAULT-VALUE})")
    int runs = 3;

    @Option(names = "--peer-rows", paramLabel = "P", converter = Count.class,
        description = "rows for the stream peers (protobuf, DataInputStream, JDK); default min(N, 10_000_000)")
    long peerRows = -1;

    @Option(names = "--seed", paramLabel = "S", description = "random seed (default ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--keep", description = "keep the data files, and reuse them when rows/seed/peer-rows match")
    boolean keep;

    @Spec CommandSpec spec;

    /** Checks the values together and fills in the defaults that depend on others. */
    void validate(CommandLine cmd) {
      if (rows < 1 || rows > Integer.MAX_VALUE - 8) {
        throw new ParameterException(cmd, "--rows must be 1.." + (Integer.MAX_VALUE - 8) + " (in-memory generation), got " + rows);
      }
      if (threads < 1 || runs < 1) {
        throw new ParameterException(cmd, "--threads and --runs must be at least 1");
      }
      if (peerRows < 0) {
        peerRows = Math.min(rows, 10_000_000L);
      }
      peerRows = Math.min(peerRows, rows);
    }

    @Override
    public Integer call() throws Exception {
      validate(spec.commandLine());
      run(this);
      return 0;
    }
  }

  /** A count that may be written with underscores ({@code 100_000_000}). */
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

  /**
   * Parses and checks options without running (tests, programmatic use).
   *
   * @param args command-line arguments after {@code bench onebrc}
   * @return the options
   * @throws ParameterException for a missing, malformed or out-of-range value
   */
  static Options parse(String[] args) {
    Options o = new Options();
    CommandLine cmd = new CommandLine(o);
    cmd.parseArgs(args);
    o.validate(cmd);
    return o;
  }

  /** One line of the report. */
  record Line(String name, int threads, long rows, long bytes, double bestMs, double medianMs, double[] runsMs) {
    double rowsPerSec() {
      return rows / (bestMs / 1e3);
    }

    /** Nanoseconds per row of every timed run. */
    double[] nanosPerRow() {
      double[] ns = new double[runsMs.length];
      for (int i = 0; i < ns.length; i++) {
        ns[i] = runsMs[i] * 1e6 / rows;
      }
      return ns;
    }
  }

  /** A timed action returning a result to check. */
  interface Action {
    Object run() throws Exception;
  }

  /**
   * The {@code bench onebrc} command line (BenchMain adds it as a subcommand).
   *
   * @return a fresh command line
   */
  public static CommandLine commandLine() {
    return new CommandLine(new Options());
  }

  /**
   * Entry point ({@code bench onebrc} is normally reached through {@code BenchMain}).
   *
   * @param args see {@code bench onebrc --help}
   */
  public static void main(String[] args) {
    System.exit(BenchErrors.install(commandLine()).execute(args));
  }

  static List<Line> run(Options o) throws Exception {
    Files.createDirectories(o.dir);
    long need = o.rows * 24 + o.peerRows * 80;
    long free = Files.getFileStore(o.dir.toAbsolutePath()).getUsableSpace();
    if (free < need) {
      throw new IOException("need about " + need / (1 << 20) + " MiB in " + o.dir + ", only " + free / (1 << 20)
          + " MiB free: lower --rows");
    }
    Path text = o.dir.resolve("measurements.txt");
    Path brc = o.dir.resolve("measurements.brc");
    Path db = o.dir.resolve("measurements.duckdb");
    Path parquet = o.dir.resolve("measurements.parquet");
    Path proto = o.dir.resolve("measurements.pb");
    Path dis = o.dir.resolve("measurements.dis");
    Path jdk = o.dir.resolve("measurements.ser");
    Path manifest = o.dir.resolve("manifest.txt");
    String id = o.rows + " " + o.seed + " " + o.peerRows + " v1";
    if (o.keep && Files.exists(manifest) && Files.readString(manifest).equals(id) && Files.exists(db)) {
      log("reusing the data files in %s (%s)", o.dir, id);
    } else {
      Files.deleteIfExists(manifest);
      for (Path p : List.of(db, Path.of(db + ".wal"))) {
        Files.deleteIfExists(p);
      }
      log("generating %,d rows (seed %d)", o.rows, o.seed);
      OnebrcData data = new OnebrcData((int) o.rows, o.seed);
      log("writing text, Brine, DuckDB, Parquet");
      data.writeText(text);
      data.writeBrine(brc);
      OnebrcData.writeDuckDb(text, db, parquet);
      log("writing stream peers (%,d rows)", o.peerRows);
      data.writeProtobuf(proto, (int) o.peerRows);
      data.writeDataOutput(dis, (int) o.peerRows);
      data.writeJdk(jdk, (int) o.peerRows);
      if (o.keep) {
        Files.writeString(manifest, id);
      }
    }

    String reference = OneBrc.format(Contenders.brine(brc, 1, true));
    List<Line> lines = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db.toAbsolutePath());
        ColumnarReader kept = ColumnarReader.open(brc)) {
      int[] threadCounts = o.threads == 1 ? new int[] {1} : new int[] {1, o.threads};
      for (int t : threadCounts) {
        lines.add(time("aggregate_brine", t, o.rows, Files.size(brc), o.runs, reference,
            () -> Contenders.brine(brc, t, true)));
        lines.add(time("aggregate_brine (no CRC check)", t, o.rows, Files.size(brc), o.runs, reference,
            () -> Contenders.brine(brc, t, false)));
        lines.add(time("aggregate_brine (reader kept open)", t, o.rows, Files.size(brc), o.runs, reference,
            () -> ColumnarAggregator.aggregate(kept, t)));
        lines.add(time("aggregate_duckdb (table)", t, o.rows, Files.size(db), o.runs, reference,
            () -> Contenders.duckdb(c, "measurements", t)));
        lines.add(time("aggregate_duckdbparquet (zstd)", t, o.rows, Files.size(parquet), o.runs, reference,
            () -> Contenders.duckdb(c, "read_parquet('" + parquet.toAbsolutePath() + "')", t)));
        lines.add(time("sequentialsum_bandwidth (mapped .brc)", t, o.rows, Files.size(brc), o.runs, null,
            () -> Contenders.sequentialSum(brc, t)));
      }
    }
    String peerRef = o.peerRows == o.rows ? reference : null;
    lines.add(time("aggregate_protobuf (delimited)", 1, o.peerRows, Files.size(proto), o.runs, peerRef,
        () -> Contenders.protobuf(proto)));
    lines.add(time("aggregate_datainput", 1, o.peerRows, Files.size(dis), o.runs, peerRef,
        () -> Contenders.dataInput(dis)));
    lines.add(time("aggregate_jdk (ObjectInputStream)", 1, o.peerRows, Files.size(jdk), o.runs, peerRef,
        () -> Contenders.jdk(jdk)));
    String md = report(o, lines, Files.size(text));
    Files.createDirectories(o.out.toAbsolutePath().getParent());
    Path png = chartFile(o.out);
    if (chart(png, lines, caption(o))) {
      md += "\n![1BRC aggregate relative to DuckDB](" + png.getFileName() + ")\n";
    }
    Files.writeString(o.out, md);
    System.out.println(md);
    if (!o.keep) {
      for (Path p : List.of(text, brc, db, Path.of(db + ".wal"), parquet, proto, dis, jdk)) {
        Files.deleteIfExists(p);
      }
    }
    return lines;
  }

  private static Line time(String name, int threads, long rows, long bytes, int runs, String expected, Action a)
      throws Exception {
    check(name, expected, a.run()); // warm-up, and the result must match Brine's
    double[] ms = new double[runs];
    for (int r = 0; r < runs; r++) {
      long t0 = System.nanoTime();
      Object res = a.run();
      ms[r] = (System.nanoTime() - t0) / 1e6;
      check(name, expected, res);
    }
    Arrays.sort(ms);
    Line l = new Line(name, threads, rows, bytes, ms[0], Samples.median(ms), ms);
    log("%-40s %d thr  best %10.1f ms  median %10.1f ms", name, threads, l.bestMs(), l.medianMs());
    return l;
  }

  @SuppressWarnings("unchecked")
  private static void check(String name, String expected, Object result) {
    if (expected != null && result instanceof Map<?, ?> m) {
      String got = OneBrc.format((Map<String, StationStats>) m);
      if (!got.equals(expected)) {
        throw new IllegalStateException(name + " disagrees with Brine's result");
      }
    }
  }

  static String report(Options o, List<Line> lines, long textBytes) {
    StringBuilder sb = new StringBuilder();
    sb.append("# 1BRC aggregate: Brine record file vs peers\n\n");
    sb.append(String.format(Locale.ROOT, "Rows: %,d (stream peers: %,d). Runs: 1 warm-up + %d, best and median. "
        + "Java %s, %d processors. Text input: %,d bytes.%n%n", o.rows, o.peerRows, o.runs,
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), textBytes));
    sb.append("| contender | threads | rows | best ms | median ms | Mrows/s | bytes on disk | bytes/row | vs DuckDB table |\n");
    sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    Map<Integer, Double> duck = new TreeMap<>();
    Map<Integer, Double> bandwidth = new TreeMap<>();
    for (Line l : lines) {
      if (l.name().startsWith("aggregate_duckdb (table)")) {
        duck.put(l.threads(), l.rowsPerSec());
      }
      if (l.name().startsWith("sequentialsum")) {
        bandwidth.put(l.threads(), l.bytes() / (l.bestMs() / 1e3));
      }
    }
    for (Line l : lines) {
      Double d = duck.get(l.threads());
      String ratio = d == null || l.name().startsWith("sequentialsum") ? "" :
          String.format(Locale.ROOT, "%.2fx time", d / l.rowsPerSec());
      sb.append(String.format(Locale.ROOT, "| %s | %d | %,d | %.1f | %.1f | %.1f | %,d | %.2f | %s |%n", l.name(),
          l.threads(), l.rows(), l.bestMs(), l.medianMs(), l.rowsPerSec() / 1e6, l.bytes(),
          (double) l.bytes() / l.rows(), ratio));
    }
    sb.append("\n\"vs DuckDB table\" is (contender time per row) / (DuckDB table time per row) at the same thread count:"
        + " below 1 is faster than DuckDB.\n\n");
    for (Line l : lines) {
      if (l.name().equals("aggregate_brine")) {
        Double bw = bandwidth.get(l.threads());
        if (bw != null) {
          double limitMs = l.bytes() / bw * 1e3;
          sb.append(String.format(Locale.ROOT, "- %d thread(s): sequential sum reads %.2f GB/s; Brine scans %,d bytes"
              + " in %.1f ms = %.2fx the bandwidth limit (%.1f ms).%n", l.threads(), bw / 1e9, l.bytes(), l.bestMs(),
              l.bestMs() / limitMs, limitMs));
        }
      }
    }
    return sb.toString();
  }

  /** The chart beside the report: {@code onebrc.md} → {@code onebrc.png}. */
  static Path chartFile(Path report) {
    String name = report.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return report.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".png");
  }

  private static List<String> caption(Options o) {
    return List.of(String.format(Locale.ROOT, "./brine bench onebrc --rows %d --peer-rows %d --threads %d --runs %d"
        + " --seed %d", o.rows, o.peerRows, o.threads, o.runs, o.seed), String.format(Locale.ROOT,
        "Run %s; Java %s; %d CPUs. Bars: median of %d timed runs after a warm-up; whiskers: the farthest run.",
        java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), o.runs));
  }

  /**
   * Draws the 1BRC figure: every contender's speed (time per row) relative to DuckDB's table at the same thread
   * count, and bytes per row on disk.
   *
   * @param png target file
   * @param lines the measured lines
   * @param caption lines under the panels
   * @return true if written
   * @throws IOException on write failure
   */
  static boolean chart(Path png, List<Line> lines, List<String> caption) throws IOException {
    Map<Integer, Line> duck = new TreeMap<>();
    List<String> contenders = new ArrayList<>();
    List<Integer> threads = new ArrayList<>();
    for (Line l : lines) {
      if (l.name().startsWith("aggregate_duckdb (table)")) {
        duck.put(l.threads(), l);
      } else if (!l.name().startsWith("sequentialsum") && !contenders.contains(l.name())) {
        contenders.add(l.name());
      }
      if (!threads.contains(l.threads())) {
        threads.add(l.threads());
      }
    }
    List<String> labels = contenders.stream().map(n -> n.replaceFirst("^aggregate_", "")).toList();
    BarPanel speed = new BarPanel("Aggregate: speed relative to DuckDB (table), same threads", "DuckDB time ÷ time",
        BarPanel.Scale.RATIO, labels);
    for (int t : threads) {
      Line ref = duck.get(t);
      double[] ratio = new double[contenders.size()];
      double[] error = new double[contenders.size()];
      Arrays.fill(ratio, Double.NaN);
      Arrays.fill(error, Double.NaN);
      for (Line l : lines) {
        int i = contenders.indexOf(l.name());
        if (i >= 0 && l.threads() == t && ref != null) {
          double[] mine = l.nanosPerRow();
          double[] theirs = ref.nanosPerRow();
          ratio[i] = Samples.median(theirs) / Samples.median(mine);
          error[i] = Math.hypot(Samples.relativeSpread(mine), Samples.relativeSpread(theirs));
        }
      }
      speed.series(t == 1 ? "1 thread" : t + " threads", ratio, error);
    }
    List<String> formats = new ArrayList<>();
    List<Double> perRow = new ArrayList<>();
    for (Line l : lines) {
      String format = l.name().replaceFirst("^aggregate_", "").replaceFirst(" \\((no CRC check|reader kept open)\\)$", "");
      if (!l.name().startsWith("sequentialsum") && !formats.contains(format)) {
        formats.add(format);
        perRow.add((double) l.bytes() / l.rows());
      }
    }
    BarPanel size = new BarPanel("Bytes per row on disk", "bytes / row", BarPanel.Scale.LINEAR, formats)
        .series("bytes per row", perRow.stream().mapToDouble(Double::doubleValue).toArray(), new double[formats.size()]);
    return Figure.write(png, "1BRC: aggregate min/mean/max per station from a file, Brine vs DuckDB and stream "
        + "formats", List.of(speed, size), caption);
  }

  private static void log(String fmt, Object... args) {
    System.err.printf(Locale.ROOT, "[onebrc] " + fmt + "%n", args);
  }
}
