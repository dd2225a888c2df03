package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-crafted bad files, including lies with recomputed checksums. */
class BadFileTest {
  @TempDir Path tmp;

  private Path good() {
    Path p = tmp.resolve("good.brc");
    Rows.write(p, Rows.random(5, 20), Rows.AllTypes.class, 8, true);
    return p;
  }

  private static String fail(Path p, boolean readAll) {
    BrineException e = assertThrows(BrineException.class, () -> {
      try (ColumnarReader r = ColumnarReader.open(p)) {
        if (readAll) {
          Rows.readAll(r, Rows.AllTypes.class);
        }
      }
    });
    assertTrue(e instanceof MalformedInputException, e.toString());
    assertTrue(e.getMessage().contains("offset") || e.getMessage().contains("row"), e.getMessage());
    return e.getMessage();
  }

  private Path write(byte[] b) throws IOException {
    Path p = tmp.resolve("bad.brc");
    Files.write(p, b);
    return p;
  }

  private static void crc(ByteBuffer b, int from, int to, int at) {
    CRC32C c = new CRC32C();
    c.update(b.array(), from, to - from);
    b.putInt(at, (int) c.getValue());
  }

  @Test
  void emptyShortAndForeignFiles() throws IOException {
    assertTrue(fail(write(new byte[0]), false).contains("too short"));
    assertTrue(fail(write("PAR1 not a brine file at all".getBytes()), false).contains("wrong magic"));
    byte[] b = Files.readAllBytes(good());
    b[4] = 9;
    assertTrue(fail(write(b), false).contains("version"));
  }

  @Test
  void lyingSchemaLength() throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(good())).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(8, Integer.MAX_VALUE);
    assertTrue(fail(write(b.array()), false).contains("schema length"));
    b.putInt(8, -5);
    assertTrue(fail(write(b.array()), false).contains("schema length"));
  }

  @Test
  void lyingFooterWithValidChecksum() throws IOException {
    byte[] orig = Files.readAllBytes(good());
    ByteBuffer b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    int size = orig.length;
    int footer = (int) b.getLong(size - 16);
    // claim a million blocks
    b.putInt(footer + 8, 1_000_000);
    crc(b, footer, size - 16, size - 8);
    assertTrue(fail(write(b.array()), false).contains("footer"));
    // first block claims a huge body
    b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(footer + 24 + 12, Integer.MAX_VALUE - 100);
    crc(b, footer, size - 16, size - 8);
    assertTrue(fail(write(b.array()), false).contains("does not match"));
    // footer offset pointing before the header end
    b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(size - 16, 8);
    assertTrue(fail(write(b.array()), false).contains("no valid footer"));
  }

  @Test
  void lyingChunkLengthsWithValidChecksums() throws IOException {
    Path g = good();
    long first;
    try (ColumnarReader r = ColumnarReader.open(g)) {
      first = r.block(0).offset();
    }
    byte[] orig = Files.readAllBytes(g);
    int blk = (int) first;
    int body = blk + 32;
    int bodyLen = ByteBuffer.wrap(orig).order(ByteOrder.LITTLE_ENDIAN).getInt(blk + 8);
    // column 0 chunk length larger than the body
    ByteBuffer b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(body + 4, bodyLen * 2);
    crc(b, body, body + bodyLen, blk + 16);
    crc(b, blk, blk + 28, blk + 28);
    String m = fail(write(b.array()), true);
    assertTrue(m.contains("outside the body"), m);
    // dictionary count lie in the STRING column (index 8)
    b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    int chunk = body + b.getInt(body + 8 * 8);
    b.putInt(chunk + 4, 1 << 30);
    crc(b, body, body + bodyLen, blk + 16);
    crc(b, blk, blk + 28, blk + 28);
    assertTrue(fail(write(b.array()), true).contains("dictionary"));
    // row count lie in the block header (header checksum recomputed)
    b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(blk + 4, 7);
    crc(b, blk, blk + 28, blk + 28);
    assertTrue(fail(write(b.array()), true).contains("disagrees with the index"));
    // a corrupt value byte is caught by the block checksum
    b = ByteBuffer.wrap(orig.clone()).order(ByteOrder.LITTLE_ENDIAN);
    b.put(body + bodyLen - 1, (byte) (b.get(body + bodyLen - 1) ^ 0x40));
    assertTrue(fail(write(b.array()), true).contains("checksum mismatch"));
  }

  @Test
  void regionsGroupWholeBlocks() throws IOException {
    Path p = tmp.resolve("r.brc");
    List<Rows.AllTypes> rows = Rows.random(9, 200);
    Rows.write(p, rows, Rows.AllTypes.class, 10, true);
    try (ColumnarReader one = ColumnarReader.open(p);
        ColumnarReader many = ColumnarReader.open(p, ColumnarReader.Options.defaults().regionSize(64));
        ColumnarReader some = ColumnarReader.open(p, ColumnarReader.Options.defaults().regionSize(4096))) {
      assertEquals(1, one.regionCount());
      assertEquals(20, many.regionCount()); // every block larger than 64 bytes gets its own mapping
      assertTrue(some.regionCount() > 1 && some.regionCount() < 20, "regions " + some.regionCount());
      assertEquals(rows, Rows.readAll(many, Rows.AllTypes.class));
      assertEquals(rows, Rows.readAll(some, Rows.AllTypes.class));
      for (int b = 0; b < 20; b++) {
        assertEquals(one.block(b).offset(), some.block(b).offset());
        assertEquals(one.stats(b, 5), some.stats(b, 5));
      }
    }
  }
}
