package dev.brine.columnar;

import dev.brine.LimitExceededException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Write side of one column: buffers the values of the current block, then chooses the encoding
 * and writes the chunk. {@link #prepare} fixes the encoding and returns the chunk length;
 * {@link #encode} writes exactly that many bytes at the buffer's position.
 */
abstract class ChunkBuilder {
  /**
   * The rows an array starts with: a block's arrays grow to its row count as rows come (doubling), so a
   * writer configured for large blocks takes memory for the rows it holds, not for the largest block.
   */
  static final int START_ROWS = 4096;

  int rows;
  int statsKind;
  long min;
  long max;

  abstract int prepare();

  abstract void encode(ByteBuffer out);

  void reset() {
    rows = 0;
  }

  /** Drops values after the first {@code keep} (undoes a partially added row). */
  void truncate(int keep) {
    rows = Math.min(rows, keep);
  }

  /** Bytes currently buffered beyond the fixed per-row width (dictionaries). */
  long extraBytes() {
    return 0;
  }

  /** Bits needed for {@code hi - lo} as an unsigned offset, or 64 if the range overflows. */
  static int bitsFor(long lo, long hi) {
    long range = hi - lo;
    return range < 0 ? 64 : 64 - Long.numberOfLeadingZeros(range);
  }

  /** Whether packing {@code rows} values in {@code bits} beats {@code width}-byte values. */
  static boolean packs(boolean packing, int rows, int bits, int width) {
    return packing && bits <= Layout.MAX_PACKED_BITS && Layout.packedBytes(rows, bits) < (long) rows * width;
  }

  /** Writes values {@code get(i) - base} as a little-endian bit stream plus one slack word. */
  static void putPacked(ByteBuffer out, java.util.function.IntToLongFunction get, int rows, long base, int bits) {
    int words = Layout.packedBytes(rows, bits) / 8;
    long word = 0;
    int wi = 0;
    long bit = 0;
    for (int i = 0; i < rows && bits > 0; i++, bit += bits) {
      long v = get.applyAsLong(i) - base;
      int w = (int) (bit >>> 6);
      int off = (int) (bit & 63);
      while (wi < w) {
        out.putLong(word);
        word = 0;
        wi++;
      }
      word |= v << off;
      if (off + bits > 64) {
        out.putLong(word);
        wi++;
        word = v >>> (64 - off);
      }
    }
    while (wi < words) {
      out.putLong(word);
      word = 0;
      wi++;
    }
  }

  static ChunkBuilder forType(ColumnType t, int capacity, boolean packing) {
    if (t.isIntegral()) {
      return new Longs(capacity, packing);
    } else if (t == ColumnType.DOUBLE) {
      return new Doubles(capacity, packing);
    } else if (t == ColumnType.FLOAT) {
      return new Floats(capacity);
    }
    return new Dictionary(capacity, packing);
  }

  static void header(ByteBuffer out, Encoding e, int flags, int width, int scale, int dictCount,
      long min, long max) {
    out.put((byte) e.code()).put((byte) flags).put((byte) width).put((byte) scale);
    out.putInt(dictCount).putLong(min).putLong(max);
  }

  static void putWidth(ByteBuffer out, int width, long v) {
    switch (width) {
      case 1 -> out.put((byte) v);
      case 2 -> out.putShort((short) v);
      case 4 -> out.putInt((int) v);
      default -> out.putLong(v);
    }
  }

  static final class Longs extends ChunkBuilder {
    long[] values;
    private final boolean packing;
    private int width;
    private int bits;

    Longs(int capacity, boolean packing) {
      values = new long[Math.min(capacity, START_ROWS)];
      this.packing = packing;
    }

    void add(long v) {
      if (rows == values.length) {
        values = java.util.Arrays.copyOf(values, values.length * 2);
      }
      values[rows++] = v;
    }

    @Override
    int prepare() {
      long lo = Long.MAX_VALUE;
      long hi = Long.MIN_VALUE;
      for (int i = 0; i < rows; i++) {
        lo = Math.min(lo, values[i]);
        hi = Math.max(hi, values[i]);
      }
      min = lo;
      max = hi;
      statsKind = Layout.STATS_LONG;
      width = Layout.widthFor(lo, hi);
      bits = bitsFor(lo, hi);
      if (packs(packing, rows, bits, width)) {
        return Layout.CHUNK_HEADER + Layout.packedBytes(rows, bits);
      }
      bits = -1;
      return Layout.CHUNK_HEADER + rows * width;
    }

    @Override
    void encode(ByteBuffer out) {
      if (bits >= 0) {
        header(out, Encoding.INT, Layout.FLAG_PACKED, bits, 0, 0, min, max);
        long[] v = values;
        putPacked(out, i -> v[i], rows, min, bits);
        return;
      }
      header(out, Encoding.INT, 0, width, 0, 0, min, max);
      for (int i = 0; i < rows; i++) {
        putWidth(out, width, values[i]);
      }
    }
  }

  static final class Doubles extends ChunkBuilder {
    static final int MAX_SCALE = 9;
    private static final double[] POW = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
    double[] values;
    private long[] scaled;
    private final boolean packing;
    private int scale;
    private int width;
    private int bits;

    Doubles(int capacity, boolean packing) {
      values = new double[Math.min(capacity, START_ROWS)];
      this.packing = packing;
    }

    void add(double v) {
      if (rows == values.length) {
        values = java.util.Arrays.copyOf(values, values.length * 2);
      }
      values[rows++] = v;
    }

    private static boolean exact(double v, int s) {
      double x = v * POW[s];
      if (!(Math.abs(x) < 0x1p52)) {
        return false; // NaN, infinities and values too large to scale exactly
      }
      long r = Math.round(x);
      return r / POW[s] == v && (r != 0 || Double.doubleToRawLongBits(v) == 0L);
    }

    @Override
    int prepare() {
      int s = 0;
      boolean decimal = true;
      for (int i = 0; i < rows && decimal; i++) {
        while (!exact(values[i], s)) {
          if (++s > MAX_SCALE) {
            decimal = false;
            break;
          }
        }
      }
      if (decimal) {
        if (scaled == null || scaled.length < rows) {
          scaled = new long[values.length];
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int i = 0; i < rows && decimal; i++) {
          long r = Math.round(values[i] * POW[s]);
          decimal = r / POW[s] == values[i] && (r != 0 || Double.doubleToRawLongBits(values[i]) == 0L);
          scaled[i] = r;
          lo = Math.min(lo, r);
          hi = Math.max(hi, r);
        }
        if (decimal) {
          scale = s;
          width = Layout.widthFor(lo, hi);
          min = lo;
          max = hi;
          statsKind = Layout.STATS_LONG;
          bits = bitsFor(lo, hi);
          if (packs(packing, rows, bits, width)) {
            return Layout.CHUNK_HEADER + Layout.packedBytes(rows, bits);
          }
          bits = -1;
          return Layout.CHUNK_HEADER + rows * width;
        }
      }
      scale = -1;
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < rows; i++) {
        lo = Math.min(lo, values[i]);
        hi = Math.max(hi, values[i]);
      }
      min = Double.doubleToLongBits(lo);
      max = Double.doubleToLongBits(hi);
      statsKind = Layout.STATS_DOUBLE;
      return Layout.CHUNK_HEADER + rows * 8;
    }

    @Override
    void encode(ByteBuffer out) {
      if (scale >= 0 && bits >= 0) {
        header(out, Encoding.DECIMAL, Layout.FLAG_PACKED, bits, scale, 0, min, max);
        long[] v = scaled;
        putPacked(out, i -> v[i], rows, min, bits);
      } else if (scale >= 0) {
        header(out, Encoding.DECIMAL, 0, width, scale, 0, min, max);
        for (int i = 0; i < rows; i++) {
          putWidth(out, width, scaled[i]);
        }
      } else {
        header(out, Encoding.FLOAT64, 0, 8, 0, 0, min, max);
        for (int i = 0; i < rows; i++) {
          out.putDouble(values[i]);
        }
      }
    }
  }

  static final class Floats extends ChunkBuilder {
    float[] values;

    Floats(int capacity) {
      values = new float[Math.min(capacity, START_ROWS)];
    }

    void add(float v) {
      if (rows == values.length) {
        values = java.util.Arrays.copyOf(values, values.length * 2);
      }
      values[rows++] = v;
    }

    @Override
    int prepare() {
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < rows; i++) {
        lo = Math.min(lo, values[i]);
        hi = Math.max(hi, values[i]);
      }
      min = Double.doubleToLongBits(lo);
      max = Double.doubleToLongBits(hi);
      statsKind = Layout.STATS_DOUBLE;
      return Layout.CHUNK_HEADER + rows * 4;
    }

    @Override
    void encode(ByteBuffer out) {
      header(out, Encoding.FLOAT32, 0, 4, 0, 0, min, max);
      for (int i = 0; i < rows; i++) {
        out.putFloat(values[i]);
      }
    }
  }

  static final class Dictionary extends ChunkBuilder {
    private final Map<String, Integer> index = new HashMap<>();
    private final List<byte[]> entries = new ArrayList<>();
    private long dictBytes;
    int[] ords;
    private long[] nulls;
    private boolean anyNull;
    private final boolean packing;
    private int width;
    private int bits;

    Dictionary(int capacity, boolean packing) {
      this.packing = packing;
      ords = new int[Math.min(capacity, START_ROWS)];
      nulls = new long[(ords.length + 63) >>> 6];
    }

    void add(String s) {
      if (rows == ords.length) {
        ords = java.util.Arrays.copyOf(ords, ords.length * 2);
        nulls = java.util.Arrays.copyOf(nulls, (ords.length + 63) >>> 6);
      }
      if (s == null) {
        nulls[rows >>> 6] |= 1L << rows;
        anyNull = true;
        ords[rows++] = 0;
        return;
      }
      Integer o = index.get(s);
      if (o == null) {
        byte[] u = Wtf8.encode(s); // UTF-8; an unpaired surrogate kept (getBytes would write '?')
        o = entries.size();
        index.put(s, o);
        entries.add(u);
        dictBytes += 4 + u.length;
      }
      ords[rows++] = o;
    }

    @Override
    long extraBytes() {
      return dictBytes;
    }

    @Override
    void truncate(int keep) {
      for (int r = keep; r < rows; r++) {
        nulls[r >>> 6] &= ~(1L << r);
      }
      super.truncate(keep);
    }

    @Override
    void reset() {
      super.reset();
      index.clear();
      entries.clear();
      dictBytes = 0;
      if (anyNull) {
        Arrays.fill(nulls, 0L);
        anyNull = false;
      }
    }

    private int nullBytes() {
      return anyNull ? Layout.align8((rows + 7) >>> 3) : 0;
    }

    @Override
    int prepare() {
      statsKind = Layout.STATS_NONE;
      min = 0;
      max = 0;
      width = Layout.ordinalWidthFor(entries.size());
      bits = bitsFor(0, Math.max(0, entries.size() - 1));
      long data;
      if (packs(packing, rows, bits, width)) {
        data = Layout.packedBytes(rows, bits);
      } else {
        bits = -1;
        data = (long) rows * width;
      }
      long size = Layout.CHUNK_HEADER + nullBytes() + Layout.align8(4 + dictBytes) + data;
      if (size > Layout.MAX_BODY / 2) {
        throw new LimitExceededException("dictionary chunk of " + size + " bytes is too large");
      }
      return (int) size;
    }

    @Override
    void encode(ByteBuffer out) {
      int flags = (anyNull ? Layout.FLAG_NULLS : 0) | (bits >= 0 ? Layout.FLAG_PACKED : 0);
      header(out, Encoding.DICTIONARY, flags, bits >= 0 ? bits : width, 0, entries.size(), 0, 0);
      if (anyNull) {
        int nb = nullBytes();
        int start = out.position();
        for (int i = 0; i < (rows + 7) >>> 3; i++) {
          out.put((byte) (nulls[i >>> 3] >>> ((i & 7) * 8)));
        }
        out.position(start + nb);
      }
      int start = out.position();
      out.putInt((int) dictBytes);
      for (byte[] e : entries) {
        out.putInt(e.length).put(e);
      }
      out.position(start + Layout.align8(4 + (int) dictBytes));
      if (bits >= 0) {
        int[] o = ords;
        putPacked(out, i -> o[i], rows, 0, bits);
        return;
      }
      for (int i = 0; i < rows; i++) {
        putWidth(out, width, ords[i]);
      }
    }
  }
}
