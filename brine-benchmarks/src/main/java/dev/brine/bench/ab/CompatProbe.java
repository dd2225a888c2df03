package dev.brine.bench.ab;

import dev.brine.Brine;
import dev.brine.bench.compat.CompatWorkloads;
import dev.brine.bench.support.Libraries;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.apache.fory.Fory;

/**
 * {@link Interleaved}'s probe of {@code CompatibleBench}'s workloads: {@code workload,library,ser|deser} with
 * library {@code default} or {@code compat} (Brine in either mode), {@code fory} (the suite's schema-consistent
 * Fory) or {@code forycompat} (Fory's compatible mode with scoped meta-share, as {@code CompatibleBench}).
 * Reads as {@code CompatibleBench} does: {@code deserialize(bytes)}.
 */
public final class CompatProbe implements IntToLongFunction {
  private final CodecLoop loop;

  /**
   * Builds the probe.
   *
   * @param a workload (MediaContent, SimpleObject, LargerMessage, Struct), library, direction
   */
  public CompatProbe(String[] a) {
    Object value = CompatWorkloads.value(a[0]);
    List<Class<?>> classes = CompatWorkloads.classes(a[0]);
    boolean isFory = a[1].startsWith("fory");
    Brine brine = isFory ? null : Brine.builder().compatible(a[1].equals("compat")).register(classes.toArray(new Class<?>[0])).build();
    Fory fory = !isFory ? null : a[1].equals("forycompat") ? CompatWorkloads.foryCompatible(classes, true) : Libraries.fory(classes);
    loop = new CodecLoop(brine, fory, value, null, a[2].equals("ser"));
  }

  @Override
  public long applyAsLong(int n) {
    return loop.run(n);
  }
}
