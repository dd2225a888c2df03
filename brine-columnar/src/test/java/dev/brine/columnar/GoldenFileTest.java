package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.columnar.onebrc.Measurement;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files pin the v1 byte layout (docs/format-columnar.md): writing the fixed rows must give
 * the stored bytes, and reading the stored bytes must give the rows. Regenerate only for a new
 * format version: {@code -Dbrine.golden.write=true} writes missing files.
 */
class GoldenFileTest {
  @TempDir Path tmp;

  static List<Rows.GoldenRow> goldenRows() {
    List<Rows.GoldenRow> r = new ArrayList<>();
    // block 0: one-decimal temperatures (DECIMAL), small ints, a null name
    r.add(new Rows.GoldenRow(1, 12.3, "Oslo", Rows.Color.RED, true, 10, 0.5f));
    r.add(new Rows.GoldenRow(2, -99.9, "Zürich", Rows.Color.GREEN, false, 11, 1.5f));
    r.add(new Rows.GoldenRow(3, 99.9, null, Rows.Color.BLUE, true, 12, -2f));
    r.add(new Rows.GoldenRow(4, 0.0, "Oslo", null, false, 13, 0f));
    // block 1: a double that is not a short decimal (FLOAT64), a full-range long
    r.add(new Rows.GoldenRow(-5, 0.1 + 0.2, "東京", Rows.Color.RED, true, Long.MIN_VALUE, Float.NaN));
    r.add(new Rows.GoldenRow(6, 1.0, "東京", Rows.Color.RED, true, Long.MAX_VALUE, 3.25f));
    r.add(new Rows.GoldenRow(7, -0.0, "", Rows.Color.GREEN, false, 0, -0f));
    r.add(new Rows.GoldenRow(Integer.MAX_VALUE, Double.NaN, "x", Rows.Color.BLUE, true, -1, 1e30f));
    // block 2: integral doubles (scale 0)
    r.add(new Rows.GoldenRow(9, 250, "Oslo", Rows.Color.RED, false, 1000, 1f));
    r.add(new Rows.GoldenRow(10, -3, "Oslo", Rows.Color.RED, false, 1001, 2f));
    return r;
  }

  static <T> List<T> repeat(List<T> l, int n) {
    List<T> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.addAll(l);
    }
    return out;
  }

  static List<Measurement> goldenMeasurements() {
    List<Measurement> m = new ArrayList<>();
    String[] names = {"Abha", "Hamburg", "Ségou", "Xi'an", "Abha"};
    for (int i = 0; i < 200; i++) {
      m.add(new Measurement(names[i % names.length], ((i * 37) % 400 - 200) / 10.0));
    }
    return m;
  }

  private void check(String name, byte[] written, Runnable readCheck) throws IOException {
    Path src = Paths.get("src/test/resources/golden/v1").resolve(name);
    try (InputStream in = GoldenFileTest.class.getResourceAsStream("/golden/v1/" + name)) {
      if (in == null) {
        if (Boolean.getBoolean("brine.golden.write")) {
          Files.createDirectories(src.getParent());
          Files.write(src, written);
          return;
        }
        throw new AssertionError("missing golden file golden/v1/" + name + " (run with -Dbrine.golden.write=true "
            + "once for a new format version)");
      }
      byte[] golden = in.readAllBytes();
      assertArrayEquals(golden, written, "writer output differs from golden/v1/" + name + ": format change?");
      Path copy = tmp.resolve("golden-" + name);
      Files.write(copy, golden);
      readCheck.run();
    }
  }

  @Test
  void goldenFilesMatchBothWays() throws IOException {
    for (boolean packing : new boolean[] {true, false}) {
      String name = packing ? "rows-packed.brc" : "rows-bytes.brc";
      Path p = tmp.resolve(name);
      List<Rows.GoldenRow> rows = packing ? repeat(goldenRows(), 8) : goldenRows();
      Rows.write(p, rows, Rows.GoldenRow.class, packing ? 32 : 4, packing);
      check(name, Files.readAllBytes(p), () -> {
        try (ColumnarReader r = ColumnarReader.open(tmp.resolve("golden-" + name))) {
          assertEquals(rows, Rows.readAll(r, Rows.GoldenRow.class));
        }
      });
    }
    // strings with unpaired surrogates: WTF-8 entries (docs/format-columnar.md)
    List<Measurement> cut = List.of(new Measurement("cut \uD83D", 1.5), new Measurement("\uDE00", -2),
        new Measurement("\uD83D\uDE00", 0), new Measurement("cut \uD83D", 3));
    Path s = tmp.resolve("surrogates.brc");
    Rows.write(s, cut, Measurement.class, 64, true);
    check("surrogates.brc", Files.readAllBytes(s), () -> {
      try (ColumnarReader r = ColumnarReader.open(tmp.resolve("golden-surrogates.brc"))) {
        assertEquals(cut, Rows.readAll(r, Measurement.class));
      }
    });
    Path p = tmp.resolve("measurements.brc");
    Rows.write(p, goldenMeasurements(), Measurement.class, 64, true);
    check("measurements.brc", Files.readAllBytes(p), () -> {
      try (ColumnarReader r = ColumnarReader.open(tmp.resolve("golden-measurements.brc"))) {
        assertEquals(goldenMeasurements(), Rows.readAll(r, Measurement.class));
      }
    });
  }

  @Test
  void goldenFilesCoverEveryEncoding() throws IOException {
    Set<String> seen = new HashSet<>();
    for (String name : new String[] {"rows-packed.brc", "rows-bytes.brc", "measurements.brc"}) {
      Path copy = tmp.resolve(name);
      try (InputStream in = GoldenFileTest.class.getResourceAsStream("/golden/v1/" + name)) {
        if (in == null) {
          throw new AssertionError("missing golden/v1/" + name);
        }
        Files.write(copy, in.readAllBytes());
      }
      try (ColumnarReader r = ColumnarReader.open(copy)) {
        for (int b = 0; b < r.blockCount(); b++) {
          for (int c = 0; c < r.schema().size(); c++) {
            Column col = r.block(b).column(c);
            seen.add(col.encoding() + (col.isPacked() ? "+packed" : "+" + col.width()));
            if (col.hasNulls()) {
              seen.add("nulls");
            }
          }
        }
      }
    }
    for (String want : new String[] {"INT+packed", "INT+1", "INT+8", "DECIMAL+packed", "DECIMAL+2", "FLOAT64+8",
        "FLOAT32+4", "DICTIONARY+packed", "DICTIONARY+1", "nulls"}) {
      assertTrue(seen.contains(want), "no golden chunk with " + want + " in " + seen);
    }
  }
}
