package dev.brine.bench.unseen;

import dev.brine.Brine;
import dev.brine.bench.support.Libraries;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.apache.fory.Fory;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of {@link UnseenBench}'s shapes: {@code shape,library,ser|deser}
 * with library {@code brine} or {@code fory}, configured and called as the suite does ({@link Libraries}, {@code deserialize(bytes, type)}).
 */
public final class ShapeProbe implements IntToLongFunction {
  private static final Object[] SINK = new Object[16];
  private final Brine brine;
  private final Fory fory;
  private final Object value;
  private final Class<Object> type;
  private final byte[] bytes;
  private final boolean serialize;

  /**
   * Builds the probe.
   *
   * @param a shape (as {@code UnseenBench.shape}), library, direction
   */
  public ShapeProbe(String[] a) {
    UnseenBench bench = new UnseenBench();
    bench.shape = a[0];
    value = bench.createValue();
    @SuppressWarnings("unchecked")
    Class<Object> t = (Class<Object>) value.getClass();
    type = t;
    List<Class<?>> classes = bench.userClasses();
    boolean isFory = a[1].equals("fory");
    brine = isFory ? null : Libraries.brine(classes);
    fory = isFory ? Libraries.fory(classes) : null;
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
          SINK[i & 15] = fory.deserialize(bytes, type);
        }
      }
    } else if (serialize) {
      for (int i = 0; i < n; i++) {
        s += brine.serialize(value).length;
      }
    } else {
      for (int i = 0; i < n; i++) {
        SINK[i & 15] = brine.deserialize(bytes, type);
      }
    }
    return s;
  }
}
