package dev.brine.bench.coldstart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Cold start as a user meets it: each sample is a fresh child JVM ({@link ColdStartChild}) that builds the
 * library with a never-seen 100-field class registered, then serializes and deserializes one value; the
 * child times each step with {@code System.nanoTime}. No JMH, no warm-up, nothing loaded before the first
 * clock read. Prints the median, minimum and maximum of each step per library.
 *
 * <p>Run: {@code java -cp brine-benchmarks/target/benchmarks.jar dev.brine.bench.coldstart.ColdStartHarness
 * [samples] [libraries...]} (default 10 samples, brine and fory). Extra child JVM flags go in {@code
 * -Dcoldstart.jvmArgs="..."}.
 */
public final class ColdStartHarness {
  private ColdStartHarness() {}

  /**
   * Runs the samples and prints the table.
   *
   * @param args {@code [samples] [library ...]}
   * @throws IOException if a child cannot be started
   * @throws InterruptedException if interrupted while waiting for a child
   */
  public static void main(String[] args) throws IOException, InterruptedException {
    int samples = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    List<String> libs = args.length > 1 ? Arrays.asList(args).subList(1, args.length) : List.of("brine", "fory");
    String java = ProcessHandle.current().info().command().orElse("java");
    String cp = System.getProperty("java.class.path");
    String extra = System.getProperty("coldstart.jvmArgs", "").trim();
    System.out.printf(Locale.ROOT, "%-6s %-20s %9s %9s %9s%n", "lib", "step (ms)", "median", "min", "max");
    for (String lib : libs) {
      long[][] t = new long[3][samples];
      long bytes = 0;
      for (int i = 0; i < samples; i++) {
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp));
        if (!extra.isEmpty()) {
          cmd.addAll(Arrays.asList(extra.split("\\s+")));
        }
        cmd.add(ColdStartChild.class.getName());
        cmd.add(lib);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.waitFor() != 0) {
          throw new IllegalStateException("child for " + lib + " failed: " + out);
        }
        String[] f = out.substring(out.lastIndexOf('\n') + 1).split(" ");
        for (int k = 0; k < 3; k++) {
          t[k][i] = Long.parseLong(f[k]);
        }
        bytes = Long.parseLong(f[3]);
      }
      String[] names = {"build", "first serialize", "first deserialize"};
      for (int k = 0; k < 3; k++) {
        long[] s = t[k].clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%-6s %-20s %9.2f %9.2f %9.2f%n", lib, names[k], s[samples / 2] / 1e6,
            s[0] / 1e6, s[samples - 1] / 1e6);
      }
      System.out.printf(Locale.ROOT, "%-6s %-20s %9d%n", lib, "payload bytes", bytes);
    }
  }
}
