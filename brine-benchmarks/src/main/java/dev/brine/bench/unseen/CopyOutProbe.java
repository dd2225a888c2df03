package dev.brine.bench.unseen;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of the last step of every {@code serialize}: copying {@code n}
 * finished bytes out of a writer's array into a new one. {@code n,way[,fresh]}: way {@code copyof} is {@code
 * Arrays.copyOf} (what Brine does: C2 allocates the array without zeroing it and copies whole words into it), way
 * {@code zeroed} stores the last byte first and copies the rest with {@code System.arraycopy}, so the array is
 * zeroed before the copy (as Fory's copy through {@code Unsafe} into a new array is); with {@code fresh}, each copy
 * follows a 192-byte block written into the source's tail through a little-endian {@code LongBuffer} view, as a
 * {@code long[]} field is (journal step 126).
 */
public final class CopyOutProbe implements IntToLongFunction {
  private final byte[] source = new byte[8192];
  private final long[] block = new long[24];
  private final int n;
  private final boolean zeroed;
  private final boolean fresh;
  private final LongBuffer view;
  private final int blockAt;
  private byte counter;

  /**
   * Builds the probe.
   *
   * @param a length (at least 200), way, and optionally {@code fresh}
   */
  public CopyOutProbe(String[] a) {
    n = Integer.parseInt(a[0]);
    if (n < 200 || n > source.length) {
      throw new IllegalArgumentException("length " + n + " outside 200.." + source.length);
    }
    zeroed = switch (a[1]) {
      case "copyof" -> false;
      case "zeroed" -> true;
      default -> throw new IllegalArgumentException("unknown way " + a[1] + " (copyof, zeroed)");
    };
    fresh = a.length > 2 && a[2].equals("fresh");
    blockAt = n - 193;
    view = ByteBuffer.wrap(source, blockAt & 7, source.length - (blockAt & 7)).slice().order(ByteOrder.LITTLE_ENDIAN)
        .asLongBuffer();
  }

  private static byte[] zeroedCopy(byte[] source, int n) {
    byte[] out = new byte[n];
    out[n - 1] = source[n - 1];
    System.arraycopy(source, 0, out, 0, n - 1);
    return out;
  }

  @Override
  public long applyAsLong(int k) {
    long s = 0;
    for (int i = 0; i < k; i++) {
      if (fresh) {
        view.put(blockAt >>> 3, block);
        source[n - 1] = counter++;
      }
      s += (zeroed ? zeroedCopy(source, n) : Arrays.copyOf(source, n)).length;
    }
    return s;
  }
}
