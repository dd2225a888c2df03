package dev.brine.bench.unseen;

import dev.brine.Brine;

import dev.brine.bench.ab.CodecLoop;
import dev.brine.bench.support.Libraries;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of {@link UnseenBench}'s shapes: {@code shape,library,ser|deser}
 * with library {@code brine}, {@code brine16} (Brine with {@code compressStrings(false)}) or {@code fory}, configured
 * and called as the suite does ({@link Libraries}, {@code
 * deserialize(bytes, type)}); {@code prim30,floor,ser} and {@code prim30,floorcopy,ser} time {@link Prim30Floor}'s
 * two writers.
 */
public final class ShapeProbe implements IntToLongFunction {
  private final CodecLoop loop;
  private final Prim30 floorValue;
  private final byte[] scratch;

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
    if (a[1].startsWith("floor")) {
      if (!(value instanceof Prim30 p) || !a[2].equals("ser")) {
        throw new IllegalArgumentException("the floor is prim30,floor,ser only");
      }
      floorValue = p;
      scratch = a[1].equals("floorcopy") ? new byte[256] : null;
      loop = null;
      return;
    }
    floorValue = null;
    scratch = null;
    boolean isFory = a[1].equals("fory");
    Brine brine = isFory ? null : a[1].equals("brine16") ? Libraries.brineUtf16(classes) : Libraries.brine(classes);
    loop = new CodecLoop(brine, isFory ? Libraries.fory(classes) : null, value, type, a[2].equals("ser"));
  }

  @Override
  public long applyAsLong(int n) {
    if (floorValue != null) {
      long s = 0;
      if (scratch != null) {
        for (int i = 0; i < n; i++) {
          s += Prim30Floor.writeCopy(floorValue, scratch).length;
        }
      } else {
        for (int i = 0; i < n; i++) {
          s += Prim30Floor.write(floorValue).length;
        }
      }
      return s;
    }
    return loop.run(n);
  }
}
