package dev.brine.bench.unseen;

import dev.brine.bench.ab.CodecLoop;
import dev.brine.bench.support.Libraries;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of {@link Series} with arrays of any length and any of them null:
 * {@code n,library,ser|deser,mask} — {@code n} elements in each array, library {@code brine} or {@code fory},
 * and a mask of the arrays kept (1 {@code times}, 2 {@code values}, 4 {@code counts}, 8 {@code weights}; 15 all,
 * 0 none). What one more array, or one more element per array, costs each library (journal step 126).
 */
public final class SeriesProbe implements IntToLongFunction {
  private final CodecLoop loop;

  /**
   * Builds the probe.
   *
   * @param a elements per array, library, direction, and optionally the mask (default 15)
   */
  public SeriesProbe(String[] a) {
    Series value = Series.create(Integer.parseInt(a[0]));
    int mask = a.length > 3 ? Integer.parseInt(a[3]) : 15;
    if ((mask & 1) == 0) {
      value.times = null;
    }
    if ((mask & 2) == 0) {
      value.values = null;
    }
    if ((mask & 4) == 0) {
      value.counts = null;
    }
    if ((mask & 8) == 0) {
      value.weights = null;
    }
    List<Class<?>> classes = List.of(Series.class);
    boolean isFory = a[1].equals("fory");
    @SuppressWarnings("unchecked")
    Class<Object> type = (Class<Object>) (Class<?>) Series.class;
    loop = new CodecLoop(isFory ? null : Libraries.brine(classes), isFory ? Libraries.fory(classes) : null, value, type,
        a[2].equals("ser"));
  }

  @Override
  public long applyAsLong(int n) {
    return loop.run(n);
  }
}
