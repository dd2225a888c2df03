package dev.brine.bench.ab;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * An A/B of two builds (or two cells) in one JVM, interleaved: each side is a benchmarks jar in a class
 * loader of its own with a probe (such as {@link CompatProbe}: an {@code IntToLongFunction}
 * that runs {@code n} operations), and the two run in alternating batches of a few milliseconds, so
 * that the shared machine's slow phases hit both alike. Prints each side's median and minimum ns/op and
 * the median of the per-round ratios A/B (above 1: B is faster) with its quartiles.
 *
 * <p>One JVM still compiles each side once: its JIT outcome varies from run to run (±10 % on some
 * cells), so a decision takes the median of several runs (docs/performance.md, step 114).
 *
 * <pre>java -cp benchmarks.jar dev.brine.bench.ab.Interleaved jarA jarB rounds batchMillis probeClass argsA [argsB]</pre>
 *
 * with the probe's arguments comma-separated, for example {@code dev.brine.bench.ab.CompatProbe
 * SimpleObject,compat,deser} (both sides alike) or {@code ... SimpleObject,default,ser
 * SimpleObject,compat,ser} (two cells of one jar).
 */
public final class Interleaved {
  private Interleaved() {}

  /**
   * Runs the A/B.
   *
   * @param a jarA jarB rounds batchMillis probeClass argsA [argsB]
   * @throws Exception when a probe cannot be made
   */
  public static void main(String[] a) throws Exception {
    if (a.length < 6) {
      System.err.println("usage: Interleaved jarA jarB rounds batchMillis probeClass argsA [argsB]");
      System.exit(2);
    }
    int rounds = Integer.parseInt(a[2]);
    long millis = Long.parseLong(a[3]);
    String[][] args = {a[5].split(","), (a.length > 6 ? a[6] : a[5]).split(",")};
    IntToLongFunction[] side = new IntToLongFunction[2];
    for (int k = 0; k < 2; k++) {
      URLClassLoader l = new URLClassLoader(new URL[] {new File(a[k]).toURI().toURL()}, ClassLoader.getPlatformClassLoader());
      side[k] = (IntToLongFunction) Class.forName(a[4], true, l).getConstructor(String[].class).newInstance((Object) args[k]);
    }
    long sink = 0;
    int batch = 1000;
    for (int w = 0; w < 30; w++) {
      sink += side[0].applyAsLong(batch) + side[1].applyAsLong(batch);
    }
    long t = System.nanoTime();
    sink += side[0].applyAsLong(batch);
    batch = (int) Math.max(100, batch * millis * 1_000_000L / Math.max(1, System.nanoTime() - t));
    for (long end = System.nanoTime() + 5_000_000_000L; System.nanoTime() < end; ) {
      sink += side[0].applyAsLong(batch) + side[1].applyAsLong(batch);
    }
    double[][] ns = new double[2][rounds];
    double[] ratio = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < 2; i++) {
        int k = (r & 1) == 0 ? i : 1 - i; // which side goes first alternates
        long t0 = System.nanoTime();
        sink += side[k].applyAsLong(batch);
        ns[k][r] = (System.nanoTime() - t0) / (double) batch;
      }
      ratio[r] = ns[0][r] / ns[1][r];
    }
    int faster = 0;
    for (double x : ratio) {
      faster += x > 1 ? 1 : 0;
    }
    double[] sa = ns[0].clone();
    double[] sb = ns[1].clone();
    double[] sr = ratio.clone();
    Arrays.sort(sa);
    Arrays.sort(sb);
    Arrays.sort(sr);
    System.out.printf("%s | %s: A median %.1f min %.1f, B median %.1f min %.1f ns/op; A/B median %.3f [quartiles %.3f %.3f],"
        + " B faster in %d of %d rounds (batch %d, %d)%n", a[5], a.length > 6 ? a[6] : a[5], sa[rounds / 2], sa[0],
        sb[rounds / 2], sb[0], sr[rounds / 2], sr[rounds / 4], sr[3 * rounds / 4], faster, rounds, batch, sink & 1);
  }
}
