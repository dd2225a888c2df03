package dev.brine.bench.unseen;

import dev.brine.bench.ab.CodecLoop;
import dev.brine.bench.support.Libraries;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of {@link UnseenBench}'s shapes: {@code shape,library,ser|deser}
 * with library {@code brine} or {@code fory}, configured and called as the suite does ({@link Libraries}, {@code
 * deserialize(bytes, type)}).
 */
public final class ShapeProbe implements IntToLongFunction {
  private final CodecLoop loop;

  /**
   * Builds the probe.
   *
   * @param a shape (as {@code UnseenBench.shape}), library, direction
   */
  public ShapeProbe(String[] a) {
    UnseenBench bench = new UnseenBench();
    bench.shape = a[0];
    Object value = bench.createValue();
    @SuppressWarnings("unchecked")
    Class<Object> type = (Class<Object>) value.getClass();
    List<Class<?>> classes = bench.userClasses();
    boolean isFory = a[1].equals("fory");
    loop = new CodecLoop(isFory ? null : Libraries.brine(classes), isFory ? Libraries.fory(classes) : null, value, type,
        a[2].equals("ser"));
  }

  @Override
  public long applyAsLong(int n) {
    return loop.run(n);
  }
}
