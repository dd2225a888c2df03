package dev.brine.bench.spark;

import java.util.List;
import picocli.CommandLine;

/** Test access to SparkBench's package-private helpers from other packages. */
public final class SparkBenchAccess {
  private SparkBenchAccess() {}

  /** {@link SparkBench#ownArgs}. */
  public static List<String> ownArgs(CommandLine cmd) {
    return SparkBench.ownArgs(cmd);
  }
}
