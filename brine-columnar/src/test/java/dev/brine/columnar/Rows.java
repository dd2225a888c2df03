package dev.brine.columnar;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

/** Test records and helpers. */
final class Rows {
  private Rows() {}

  enum Color { RED, GREEN, BLUE }

  record AllTypes(boolean b, byte by, short s, char c, int i, long l, float f, double d, String str, Color e) {}

  record GoldenRow(int id, double temp, String name, Color color, boolean flag, long big, float ratio) {}

  static <T extends Record> List<T> readAll(ColumnarReader r, Class<T> type) {
    List<T> out = new ArrayList<>();
    Iterator<T> it = r.records(type);
    while (it.hasNext()) {
      out.add(it.next());
    }
    return out;
  }

  static <T extends Record> void write(Path p, List<T> rows, Class<T> type, int rowsPerBlock, boolean packing) {
    try (ColumnarWriter<T> w = ColumnarWriter.create(p, type, rowsPerBlock, packing)) {
      rows.forEach(w::write);
      w.commit();
    }
  }

  private static final String[] STRINGS = {"", "a", "Oslo", "Zürich", "東京", "\uD83D\uDE00 emoji", "x;y", "long-"
      + "x".repeat(300), "cut \uD83D", "\uDE00 low first", "\uD800\uD83D\uDE00"}; // the last three: unpaired surrogates

  static List<AllTypes> random(long seed, int n) {
    Random r = new Random(seed);
    int mode = r.nextInt(4); // 0: edge-heavy, 1: small ranges, 2: one-decimal doubles, 3: wide random
    List<AllTypes> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      long l = switch (mode) {
        case 0 -> pick(r, Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1);
        case 1 -> r.nextInt(100) - 50;
        default -> r.nextLong();
      };
      double d = switch (mode) {
        case 0 -> pickD(r, Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 0.1 + 0.2);
        case 1 -> r.nextInt(2000) - 1000;
        case 2 -> (r.nextInt(1999) - 999) / 10.0;
        default -> r.nextGaussian() * 1e6;
      };
      String s = r.nextInt(8) == 0 ? null : STRINGS[r.nextInt(STRINGS.length)] + (mode == 3 ? r.nextInt(1000) : 0);
      Color e = r.nextInt(5) == 0 ? null : Color.values()[r.nextInt(3)];
      out.add(new AllTypes(r.nextBoolean(), (byte) (mode == 0 ? pick(r, Byte.MIN_VALUE, Byte.MAX_VALUE) : r.nextInt()),
          (short) (mode == 0 ? pick(r, Short.MIN_VALUE, Short.MAX_VALUE) : r.nextInt()),
          (char) (mode == 0 ? pick(r, 0, Character.MAX_VALUE) : r.nextInt(65536)),
          mode == 0 ? (int) pick(r, Integer.MIN_VALUE, Integer.MAX_VALUE) : mode == 1 ? r.nextInt(10) : r.nextInt(),
          l, mode == 0 ? (float) pickD(r, Float.NaN, -0.0f, Float.MAX_VALUE, Float.MIN_VALUE) : r.nextFloat(), d, s, e));
    }
    return out;
  }

  private static long pick(Random r, long... v) {
    return v[r.nextInt(v.length)];
  }

  private static double pickD(Random r, double... v) {
    return v[r.nextInt(v.length)];
  }
}
