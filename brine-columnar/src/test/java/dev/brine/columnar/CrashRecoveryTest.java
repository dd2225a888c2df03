package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrashRecoveryTest {
  @TempDir Path tmp;

  @Test
  void truncatedFilesKeepTheirCompleteBlocksAtEveryOffset() throws IOException {
    Path full = tmp.resolve("full.brc");
    List<Rows.AllTypes> rows = Rows.random(7, 60);
    Rows.write(full, rows, Rows.AllTypes.class, 8, true);
    byte[] bytes = Files.readAllBytes(full);
    long[] blockEnds;
    long headerEnd;
    try (ColumnarReader r = ColumnarReader.open(full)) {
      headerEnd = r.block(0).offset();
      blockEnds = new long[r.blockCount()];
      java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      for (int b = 0; b < r.blockCount(); b++) {
        blockEnds[b] = r.block(b).offset() + 32 + bb.getInt((int) r.block(b).offset() + 8);
      }
    }
    Path cut = tmp.resolve("cut.brc");
    java.util.Set<Long> near = new java.util.HashSet<>();
    for (long e : blockEnds) {
      for (long d = -3; d <= 3; d++) {
        near.add(e + d);
      }
    }
    for (int len = 0; len < bytes.length; len++) {
      if (len > headerEnd + 40 && len % 5 != 0 && !near.contains((long) len) && len < bytes.length - 40) {
        continue; // every offset near the header, block ends and the footer; every 5th elsewhere
      }
      Files.write(cut, Arrays.copyOf(bytes, len));
      assertThrows(MalformedInputException.class, () -> ColumnarReader.open(cut).close(), "strict open at " + len);
      int complete = 0;
      while (complete < blockEnds.length && blockEnds[complete] <= len) {
        complete++;
      }
      int expectRows = Math.min(rows.size(), complete * 8);
      try (ColumnarReader r = ColumnarReader.open(cut, ColumnarReader.Options.defaults().recover(true))) {
        assertTrue(r.tornTail().isPresent(), "torn tail reported at " + len);
        assertEquals(expectRows, r.rowCount(), "rows at length " + len + ": " + r.tornTail().get());
        assertEquals(rows.subList(0, expectRows), Rows.readAll(r, Rows.AllTypes.class), "at " + len);
        assertEquals(len - r.tornTail().get().offset(), r.tornTail().get().bytes());
      } catch (MalformedInputException e) {
        // only a file without a complete header may be rejected when recovering
        assertTrue(len < headerEnd, "recover failed at " + len + ": " + e.getMessage());
      }
    }
  }

  @Test
  void aKilledWriterLeavesItsFlushedBlocksReadable() throws IOException {
    Path p = tmp.resolve("killed.brc");
    List<Rows.AllTypes> rows = Rows.random(3, 100);
    ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(p, Rows.AllTypes.class, 16);
    try {
      for (int i = 0; i < 70; i++) {
        w.write(rows.get(i));
      }
      w.flush(); // 64 rows in 4 full blocks + 6 rows flushed as a short block
      for (int i = 70; i < 75; i++) {
        w.write(rows.get(i)); // buffered only: lost when the process dies
      }
      assertFalse(Files.exists(p), "nothing is published before commit()");
      Path copy = tmp.resolve("copy.brc");
      Files.copy(w.temporaryFile(), copy); // what a crash leaves on disk
      BrineException strict = assertThrows(BrineException.class, () -> ColumnarReader.open(copy));
      assertTrue(strict.getMessage().contains("recover"), strict.getMessage());
      try (ColumnarReader r = ColumnarReader.open(copy, ColumnarReader.Options.defaults().recover(true))) {
        assertEquals(70, r.rowCount());
        assertEquals(5, r.blockCount());
        assertEquals(rows.subList(0, 70), Rows.readAll(r, Rows.AllTypes.class));
        TornTail t = r.tornTail().orElseThrow();
        assertEquals(0, t.bytes());
        assertTrue(t.toString().contains("5 complete blocks"), t.toString());
      }
    } finally {
      w.commit();
    }
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertFalse(r.tornTail().isPresent());
      assertEquals(rows.subList(0, 75), Rows.readAll(r, Rows.AllTypes.class));
    }
  }
}
