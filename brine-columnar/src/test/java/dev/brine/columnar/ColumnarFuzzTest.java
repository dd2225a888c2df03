package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brine.BrineException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Coverage-guided fuzzing of {@link ColumnarReader} (docs/fuzzing.md). A normal build runs the target
 * on its committed inputs only ({@code ColumnarFuzzTestInputs/openAndReadAll/}).
 *
 * <p>The fuzz bytes get their CRC32C fields recomputed ({@link #reseal}) so that mutations reach the
 * structure checks behind the checksums; then the file is opened (plainly, and with recovery and
 * small mappings) and every block, column, row and record the public API offers is read. The
 * property: a BrineException with a message, or values; never another throwable.
 */
class ColumnarFuzzTest {
  private static final Path FILE;

  static {
    try {
      FILE = Files.createTempFile("brine-columnar-fuzz", ".brc");
      FILE.toFile().deleteOnExit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "4m")
  void openAndReadAll(byte[] input) throws IOException {
    Files.write(FILE, reseal(input));
    readAll(ColumnarReader.Options.defaults());
    readAll(ColumnarReader.Options.defaults().recover(true).regionSize(64));
  }

  private static void readAll(ColumnarReader.Options options) {
    try (ColumnarReader r = ColumnarReader.open(FILE, options)) {
      Schema schema = r.schema();
      long rows = 0;
      for (int b = 0; b < r.blockCount(); b++) {
        Block block = r.block(b);
        assertEquals(r.blockRowCount(b), block.rowCount());
        rows += block.rowCount();
        for (int c = 0; c < schema.size(); c++) {
          r.stats(b, c);
          Column col = block.column(c);
          assertEquals(block.rowCount(), col.rowCount());
          for (int row = 0; row < col.rowCount(); row++) {
            col.isNull(row);
            switch (schema.fields().get(c).type()) {
              case FLOAT, DOUBLE -> col.getDouble(row);
              case STRING, ENUM -> col.getString(row);
              default -> col.getLong(row);
            }
          }
        }
      }
      assertEquals(r.rowCount(), rows);
      r.tornTail();
      for (Class<? extends Record> type : List.of(Rows.AllTypes.class, Rows.GoldenRow.class)) {
        readRecords(r, type);
      }
    } catch (BrineException e) {
      assertNotNull(e.getMessage(), () -> "no message: " + e);
      assertFalse(e.getMessage().isBlank(), () -> "blank message: " + e);
    }
  }

  private static void readRecords(ColumnarReader r, Class<? extends Record> type) {
    Iterator<? extends Record> it;
    try {
      it = r.records(type);
    } catch (BrineException e) {
      return; // the file's columns do not match this record
    }
    while (it.hasNext()) {
      it.next();
    }
  }

  /** Recomputes the header, block and footer CRC32C fields wherever the layout can be followed. */
  static byte[] reseal(byte[] input) {
    byte[] b = input.clone();
    ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    if (b.length < Layout.FILE_HEADER_FIXED + 4) {
      return b;
    }
    int schemaLen = bb.getInt(8);
    if (schemaLen < 0 || Layout.FILE_HEADER_FIXED + (long) schemaLen + 4 > b.length) {
      return b;
    }
    int crcAt = Layout.FILE_HEADER_FIXED + schemaLen;
    bb.putInt(crcAt, Layout.crc(b, 0, crcAt));
    long pos = Layout.align8(crcAt + 4L);
    while (pos + Layout.BLOCK_HEADER <= b.length && bb.getInt((int) pos) == Layout.BLOCK_MAGIC) {
      int at = (int) pos;
      int body = bb.getInt(at + 8);
      if (body < 0 || at + (long) Layout.BLOCK_HEADER + body > b.length) {
        break;
      }
      bb.putInt(at + 16, Layout.crc(b, at + Layout.BLOCK_HEADER, at + Layout.BLOCK_HEADER + body));
      bb.putInt(at + 28, Layout.crc(b, at, at + 28));
      pos = Layout.align8(pos + Layout.BLOCK_HEADER + body);
    }
    if (b.length >= Layout.TRAILER) {
      long footer = bb.getLong(b.length - Layout.TRAILER);
      if (footer >= 0 && footer <= b.length - Layout.TRAILER) {
        bb.putInt(b.length - 8, Layout.crc(b, (int) footer, b.length - Layout.TRAILER));
      }
    }
    return b;
  }

  /** Rewrites the seed files: {@code mvn -pl brine-columnar -am test -Dtest=ColumnarFuzzTest#writeSeeds -Dbrine.writeSeeds=true -Dsurefire.failIfNoSpecifiedTests=false}. */
  @Test
  void writeSeeds() throws IOException {
    assumeTrue(Boolean.getBoolean("brine.writeSeeds"), "writes seed files only with -Dbrine.writeSeeds=true");
    Path dir = Files.createDirectories(Path.of("src/test/resources/dev/brine/columnar/ColumnarFuzzTestInputs/openAndReadAll"));
    Rows.write(dir.resolve("seed-alltypes-packed"), Rows.random(1, 12), Rows.AllTypes.class, 8, true);
    Rows.write(dir.resolve("seed-alltypes-plain"), Rows.random(2, 6), Rows.AllTypes.class, 4, false);
    Rows.write(dir.resolve("seed-golden"), List.of(new Rows.GoldenRow(1, 21.5, "Oslo", Rows.Color.RED, true, 1L << 40, 0.5f),
        new Rows.GoldenRow(2, -3.25, "Zürich", null, false, -7, Float.NaN)), Rows.GoldenRow.class, 1, true);
    byte[] full = Files.readAllBytes(dir.resolve("seed-golden"));
    Files.write(dir.resolve("seed-golden-torn"), java.util.Arrays.copyOf(full, full.length - 20));
  }
}
