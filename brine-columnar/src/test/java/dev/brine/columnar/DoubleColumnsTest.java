package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Double and float columns at the edges of the scaled-decimal encoding: decimals of every scale from 0 to
 * 18 digits, magnitudes around 2^53 and 2^63 once scaled, negative zero and NaNs with payloads among
 * decimals, one odd value in a block of decimals; every value comes back bit for bit, through records and
 * through the column cursor.
 */
class DoubleColumnsTest {
  record D(double d, float f, long l) {}

  @Property(tries = 120)
  void doublesComeBackBitForBit(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int n,
      @ForAll @IntRange(min = 1, max = 97) int rowsPerBlock, @ForAll boolean packing) throws IOException {
    Random r = new Random(seed);
    int scale = r.nextInt(19);
    int style = r.nextInt(5);
    List<D> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double d;
      switch (style) {
        case 0: d = (r.nextLong() >> r.nextInt(64)) / Math.pow(10, scale); break; // a decimal of this scale
        case 1: d = ((1L << 53) + r.nextInt(1000) - 500) / Math.pow(10, scale); break; // around 2^53 scaled
        case 2: d = r.nextInt(3) == 0 ? edge(r) : (r.nextInt(20001) - 10000) / Math.pow(10, scale); break;
        case 3: d = Math.scalb(r.nextDouble(), r.nextInt(2100) - 1075); break;
        default: d = r.nextInt(50) == 0 ? Double.longBitsToDouble(r.nextLong()) : (r.nextInt(999) - 499) / 10.0;
      }
      float f = r.nextInt(4) == 0 ? Float.intBitsToFloat(r.nextInt()) : (float) d;
      rows.add(new D(d, f, r.nextInt(4) == 0 ? Long.MIN_VALUE + r.nextInt(3) : r.nextLong() >> r.nextInt(64)));
    }
    Path p = Files.createTempFile("dbl", ".brc");
    try {
      Rows.write(p, rows, D.class, rowsPerBlock, packing);
      try (ColumnarReader rd = ColumnarReader.open(p)) {
        List<D> back = Rows.readAll(rd, D.class);
        int row = 0;
        for (int b = 0; b < rd.blockCount(); b++) {
          Block blk = rd.block(b);
          for (int i = 0; i < blk.rowCount(); i++, row++) {
            D want = rows.get(row);
            String at = "row " + row + " (scale " + scale + ", style " + style + ")";
            assertEquals(Double.doubleToRawLongBits(want.d()), Double.doubleToRawLongBits(back.get(row).d()), at + ": " + want.d() + " / " + back.get(row).d());
            assertEquals(Double.doubleToRawLongBits(want.d()), Double.doubleToRawLongBits(blk.column(0).getDouble(i)), at);
            assertEquals(Float.floatToRawIntBits(want.f()), Float.floatToRawIntBits(back.get(row).f()), at + ": " + want.f());
            assertEquals(Float.floatToRawIntBits(want.f()), Float.floatToRawIntBits(blk.column(1).getFloat(i)), at);
            assertEquals(want.l(), back.get(row).l(), at);
            assertEquals(want.l(), blk.column(2).getLong(i), at);
          }
        }
        assertEquals(n, row);
      }
    } finally {
      Files.deleteIfExists(p);
    }
  }

  private static double edge(Random r) {
    double[] e = {-0.0, Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000123L),
        Double.MIN_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, 9.007199254740993E15, 0.1 + 0.2, 1e-310};
    return e[r.nextInt(e.length)];
  }
}
