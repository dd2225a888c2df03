package dev.brine.bench.ab;

import dev.brine.Brine;
import dev.brine.bench.compat.CompatWorkloads;
import java.util.List;
import java.util.function.IntToLongFunction;

/** {@link Interleaved}'s probe of {@code CompatibleBench}'s workloads: {@code workload,default|compat,ser|deser}. */
public final class CompatProbe implements IntToLongFunction {
  private static final Object[] SINK = new Object[16];
  private final Brine brine;
  private final Object value;
  private final byte[] bytes;
  private final boolean serialize;

  /**
   * Builds the probe.
   *
   * @param a workload (MediaContent, SimpleObject, LargerMessage, Struct), mode, direction
   */
  public CompatProbe(String[] a) {
    value = CompatWorkloads.value(a[0]);
    List<Class<?>> classes = CompatWorkloads.classes(a[0]);
    brine = Brine.builder().compatible(a[1].equals("compat")).register(classes.toArray(new Class<?>[0])).build();
    bytes = brine.serialize(value);
    serialize = a[2].equals("ser");
  }

  @Override
  public long applyAsLong(int n) {
    long s = 0;
    if (serialize) {
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
