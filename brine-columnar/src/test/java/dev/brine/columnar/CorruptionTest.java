package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brine.BrineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flips one bit at every offset: reading must fail with a BrineException or return the exact rows. */
class CorruptionTest {
  @TempDir Path tmp;

  @Test
  void everySingleBitFlipIsDetectedOrHarmless() throws IOException {
    for (boolean packing : new boolean[] {true, false}) {
      Path p = tmp.resolve("f.brc");
      List<Rows.AllTypes> rows = Rows.random(11, 24);
      Rows.write(p, rows, Rows.AllTypes.class, 16, packing);
      byte[] good = Files.readAllBytes(p);
      Path bad = tmp.resolve("bad.brc");
      for (int off = 0; off < good.length; off++) {
        byte[] b = good.clone();
        b[off] ^= (byte) (1 << (off % 8));
        Files.write(bad, b);
        for (boolean recover : new boolean[] {false, true}) {
          try (ColumnarReader r = ColumnarReader.open(bad, ColumnarReader.Options.defaults().recover(recover))) {
            List<Rows.AllTypes> got = Rows.readAll(r, Rows.AllTypes.class);
            if (r.tornTail().isPresent()) {
              assertEquals(rows.subList(0, got.size()), got, "prefix after flip at " + off);
            } else {
              assertEquals(rows, got, "silent change after a flip at offset " + off);
            }
          } catch (BrineException expected) {
            // detected
          }
        }
        // without checksums values may change, but nothing but BrineException may escape
        try (ColumnarReader r = ColumnarReader.open(bad, ColumnarReader.Options.defaults().verifyChecksums(false))) {
          Rows.readAll(r, Rows.AllTypes.class);
        } catch (BrineException expected) {
          // detected structurally
        }
      }
    }
  }
}
