package dev.brine.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line (captured output and exit codes) and the quick-mode parameter subset (no benchmark is run). */
class BenchMainTest {
  /** What a command line printed and returned. */
  record Run(int code, String out, String err) {}

  /** Runs {@code bench ARGS} (BenchMain's command line) with captured output. */
  static Run bench(String... args) {
    CommandLine cmd = BenchMain.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static void assertUsageError(Run r, String message, String usage) {
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains(message), r.err());
    assertTrue(r.err().contains(usage), r.err());
    assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
  }

  @Test
  void parsesOptions() {
    BenchMain.Args a = new BenchMain.Args();
    new CommandLine(a).parseArgs("--quick", "--include", "Map", "--prof", "gc", "--forks", "3",
        "--out", "x/y", "--report-only", "--jvm", "/j", "--exclude", "Cold");
    assertTrue(a.quick);
    assertTrue(a.reportOnly);
    assertEquals("Map", a.include);
    assertEquals("Cold", a.exclude);
    assertEquals("gc", a.prof);
    assertEquals(3, a.forks);
    assertEquals("/j", a.jvm);
    assertEquals(Path.of("x/y"), a.out);
  }

  @Test
  void helpPrintsTheUsageOfEveryCommand() {
    Run r = bench("--help");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("Usage: bench") && r.out().contains("--include=REGEX") && r.out().contains("onebrc"), r.out());
    Run s = bench("spark", "--help");
    assertEquals(0, s.code());
    assertTrue(s.out().contains("Usage: bench spark") && s.out().contains("--records=N"), s.out());
    Run o = bench("onebrc", "--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("Usage: bench onebrc") && o.out().contains("--rows=N"), o.out());
  }

  @Test
  void aMissingOrMalformedValueIsAUsageError() {
    assertUsageError(bench("--bogus"), "Unknown option: '--bogus'", "Usage: bench");
    assertUsageError(bench("--include"), "Missing required parameter for option '--include'", "Usage: bench");
    assertUsageError(bench("--forks", "many"), "Invalid value for option '--forks'", "Usage: bench");
    assertUsageError(bench("--forks", "0"), "--forks must be at least 1", "Usage: bench");
    assertUsageError(bench("--out"), "Missing required parameter for option '--out'", "Usage: bench");
  }

  @Test
  void subcommandsReportBadValuesTheSameWay() {
    assertUsageError(bench("onebrc", "--rows"), "Missing required parameter for option '--rows'", "Usage: bench onebrc");
    assertUsageError(bench("onebrc", "--rows", "abc"), "'abc' is not a count", "Usage: bench onebrc");
    assertUsageError(bench("onebrc", "--rows", "0"), "--rows must be 1..", "Usage: bench onebrc");
    assertUsageError(bench("onebrc", "--threads", "x"), "Invalid value for option '--threads'", "Usage: bench onebrc");
    assertUsageError(bench("onebrc", "--runs", "0"), "--threads and --runs must be at least 1", "Usage: bench onebrc");
    assertUsageError(bench("spark", "--records"), "Missing required parameter for option '--records'", "Usage: bench spark");
    assertUsageError(bench("spark", "--records", "1e6"), "'1e6' is not a count", "Usage: bench spark");
    assertUsageError(bench("spark", "--runs", "0"), "must be positive", "Usage: bench spark");
    assertUsageError(bench("spark", "--serializers", "fory"), "unknown serializer fory", "Usage: bench spark");
    assertUsageError(bench("spark", "--conf", "spark.x"), "--conf needs spark.KEY=VALUE", "Usage: bench spark");
    assertUsageError(bench("spark", "--nope"), "Unknown option: '--nope'", "Usage: bench spark");
  }

  @Test
  void aSubcommandKnowsItsOwnArguments() {
    CommandLine cmd = BenchMain.commandLine();
    CommandLine.ParseResult r = cmd.parseArgs("spark", "--records", "10", "--runs", "1");
    CommandLine spark = r.subcommand().commandSpec().commandLine();
    assertEquals(java.util.List.of("--records", "10", "--runs", "1"), dev.brine.bench.spark.SparkBenchAccess.ownArgs(spark));
  }

  @Test
  void reportOnlyOnAnEmptyDirectoryFailsWithOneLine(@TempDir Path dir) {
    Run r = bench("--report-only", "--out", dir.toString());
    assertEquals(1, r.code());
    assertFalse(r.err().contains("\tat "), r.err());
  }

  @Test
  void quickKeepsTheMiddleNumberAndTheFirstThreeWords() {
    assertArrayEquals(new String[] {"256"}, BenchMain.quickValues(new String[] {"64", "128", "256", "512"}));
    assertArrayEquals(new String[] {"16"}, BenchMain.quickValues(new String[] {"4", "16", "48"}));
    assertArrayEquals(new String[] {"a", "b", "c"}, BenchMain.quickValues(new String[] {"a", "b", "c", "d"}));
    assertArrayEquals(new String[] {"primitive", "boxed"}, BenchMain.quickValues(new String[] {"primitive", "boxed"}));
  }
}
