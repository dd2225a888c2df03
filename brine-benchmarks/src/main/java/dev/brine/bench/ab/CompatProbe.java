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
 */
public final class CompatProbe implements IntToLongFunction {
  private static final Object[] SINK = new Object[16];
  private final Brine brine;
  private final Fory fory;
  private final Object value;
  private final byte[] bytes;
  private final boolean serialize;

  /**
   * Builds the probe.
   *
   * @param a workload (MediaContent, SimpleObject, LargerMessage, Struct), library, direction
   */
  public CompatProbe(String[] a) {
    value = CompatWorkloads.value(a[0]);
    List<Class<?>> classes = CompatWorkloads.classes(a[0]);
    boolean isFory = a[1].startsWith("fory");
    brine = isFory ? null : Brine.builder().compatible(a[1].equals("compat")).register(classes.toArray(new Class<?>[0])).build();
    fory = !isFory ? null : a[1].equals("forycompat") ? CompatWorkloads.foryCompatible(classes, true) : Libraries.fory(classes);
    bytes = isFory ? fory.serialize(value) : brine.serialize(value);
    serialize = a[2].equals("ser");
  }

  @Override
  public long applyAsLong(int n) {
    long s = 0;
    if (fory != null) {
      if (serialize) {
        for (int i = 0; i < n; i++) {
          s += fory.serialize(value).length;
        }
      } else {
        for (int i = 0; i < n; i++) {
          SINK[i & 15] = fory.deserialize(bytes);
        }
      }
    } else if (serialize) {
      for (int i = 0; i < n; i++) {
        s += brine.serialize(value).length;
      }
    } else {
      for (int i = 0; i < n; i++) {
        SINK[i & 15] = brine.deserialize(bytes);
      }
    }
    return s;
  }
}
