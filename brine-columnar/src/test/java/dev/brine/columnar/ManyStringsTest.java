package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dictionaries past 2^8, 2^16 and 2^17 distinct strings in one block, with nulls, packed and whole-byte. */
class ManyStringsTest {
  record S(String s, int i) {}

  @Test
  void largeDictionariesRoundTrip(@TempDir Path dir) {
    for (int distinct : new int[] {255, 256, 257, 65_535, 65_536, 65_537, 140_000}) {
      for (boolean packing : new boolean[] {true, false}) {
        List<S> rows = new ArrayList<>();
        for (int i = 0; i < distinct + 3; i++) {
          rows.add(new S(i % 97 == 5 ? null : "s" + (i % distinct) + (i % 3 == 0 ? "é" : ""), i));
        }
        Path p = dir.resolve("s" + distinct + packing + ".brc");
        Rows.write(p, rows, S.class, 1 << 20, packing);
        try (ColumnarReader r = ColumnarReader.open(p)) {
          assertEquals(rows, Rows.readAll(r, S.class), distinct + " distinct, packing " + packing);
          Block b = r.block(0);
          for (int i = 0; i < rows.size(); i += 1 + i / 50) {
            assertEquals(rows.get(i).s(), b.column(0).getString(i));
          }
        }
      }
    }
  }
}
