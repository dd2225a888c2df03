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
 * Fory), {@code forycompat} (Fory's compatible mode with scoped meta-share, as {@code CompatibleBench}) or
 * {@code floor} ({@code CompatibleBench}'s {@code compatfloor}: the default mode's call plus copying, or comparing
 * once, as many bytes as compatible mode's definitions add) or {@code copyfloor} (serialize: the default mode's call
 * plus copying the definitions' bytes twice, into a buffer and out of it).
 * Reads as {@code CompatibleBench} does: {@code deserialize(bytes)}.
 */
public final class CompatProbe implements IntToLongFunction {
  private final CodecLoop loop;
  private final IntToLongFunction floor;
  private static final Object[] SINK = new Object[16];

  /**
   * Builds the probe.
   *
   * @param a workload (MediaContent, SimpleObject, LargerMessage, Struct), library, direction
   */
  public CompatProbe(String[] a) {
    Object value = CompatWorkloads.value(a[0]);
    List<Class<?>> classes = CompatWorkloads.classes(a[0]);
    if (a[1].equals("floor") || a[1].equals("copyfloor")) {
      loop = null;
      floor = floor(value, classes, a[2].equals("ser"), a[1].equals("copyfloor"));
      return;
    }
    floor = null;
    boolean isFory = a[1].startsWith("fory");
    Brine brine = isFory ? null : Brine.builder().compatible(a[1].equals("compat")).register(classes.toArray(new Class<?>[0])).build();
    Fory fory = !isFory ? null : a[1].equals("forycompat") ? CompatWorkloads.foryCompatible(classes, true) : Libraries.fory(classes);
    loop = new CodecLoop(brine, fory, value, null, a[2].equals("ser"));
  }

  @Override
  public long applyAsLong(int n) {
    return floor != null ? floor.applyAsLong(n) : loop.run(n);
  }

  /**
   * {@code CompatibleBench.(de)serialize_compatfloor} as a loop of {@code n} calls; {@code copies} (serialize
   * only): instead of copying the whole payload again, the definitions' bytes alone are copied into a reused
   * buffer and from it into a new array of their size — what writing them costs a session that then copies its
   * buffer out, without the payload's second copy that {@code compatfloor} makes.
   */
  private static IntToLongFunction floor(Object value, List<Class<?>> classes, boolean ser, boolean copies) {
    Brine brine = Brine.builder().register(classes.toArray(new Class<?>[0])).build();
    Brine compat = Brine.builder().compatible(true).register(classes.toArray(new Class<?>[0])).build();
    byte[] plain = brine.serialize(value);
    byte[] withDefs = compat.serialize(value);
    byte[] defs = java.util.Arrays.copyOfRange(withDefs, 1, 1 + Math.max(0, withDefs.length - plain.length));
    byte[] known = defs.clone();
    if (ser && copies) {
      byte[] buffer = new byte[defs.length + 64];
      return n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          byte[] p = brine.serialize(value);
          System.arraycopy(defs, 0, buffer, i & 63, defs.length);
          s += p.length + java.util.Arrays.copyOfRange(buffer, i & 63, (i & 63) + defs.length).length;
        }
        return s;
      };
    }
    if (ser) {
      return n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          byte[] p = brine.serialize(value);
          byte[] out = new byte[defs.length + p.length];
          System.arraycopy(defs, 0, out, 0, defs.length);
          System.arraycopy(p, 0, out, defs.length, p.length);
          s += out.length;
        }
        return s;
      };
    }
    return n -> {
      for (int i = 0; i < n; i++) {
        if (!java.util.Arrays.equals(withDefs, 1, 1 + defs.length, known, 0, defs.length)) {
          throw new IllegalStateException("definitions changed");
        }
        SINK[i & 15] = brine.deserialize(plain);
      }
      return 0;
    };
  }
}
