package dev.brine.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./brine bench [--quick] [--include REGEX] ...}: runs the JMH suite in a child JVM
 * ({@code java -cp brine-benchmarks/target/benchmarks.jar dev.brine.bench.BenchMain ARGS}, output inherited) so
 * JMH and the peer libraries stay out of the CLI jar. The report lands in {@code build/bench/} of the current
 * directory. {@code bench onebrc ...} and {@code bench spark ...} are forwarded the same way.
 */
@Command(name = "bench",
    description = {"Run the benchmarks side by side with the peers (Fory, Kryo, protobuf, JDK,",
        "Jackson, hand-written); write build/bench/report.md and report.png."},
    footer = {"", "Everything after 'bench' goes to dev.brine.bench.BenchMain in a child JVM, which parses it: "
        + "'./brine bench --help' lists its options, 'bench onebrc --help' and 'bench spark --help' those of the "
        + "1BRC and Spark suites. Jar: brine-benchmarks/target/benchmarks.jar (or $BRINE_BENCH_JAR)."})
public final class BenchCommand implements Callable<Integer> {
  @Unmatched
  List<String> args = new ArrayList<>();

  @Spec CommandSpec spec;

  /** Creates the command (picocli instantiates it). */
  public BenchCommand() {}

  @Override
  public Integer call() throws IOException, InterruptedException {
    Path jar = benchmarksJar();
    if (!Files.isRegularFile(jar)) {
      spec.commandLine().getErr().println("brine bench: " + jar + " not found; build it with: mvn -B -q -DskipTests "
          + "install (./brine does that when needed)");
      spec.commandLine().getErr().flush();
      return 2;
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(jar.toString());
    cmd.add("dev.brine.bench.BenchMain");
    cmd.addAll(args);
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      p.destroy();
      throw e;
    }
  }

  /** BRINE_BENCH_JAR, else {@code <brine.home>/brine-benchmarks/target/benchmarks.jar}, else relative to here. */
  static Path benchmarksJar() {
    String env = System.getenv("BRINE_BENCH_JAR");
    if (env != null && !env.isEmpty()) {
      return Path.of(env);
    }
    String home = System.getProperty("brine.home", ".");
    return Path.of(home, "brine-benchmarks", "target", "benchmarks.jar");
  }
}
