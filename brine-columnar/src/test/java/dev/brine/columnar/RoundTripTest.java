package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RoundTripTest {
  record Temp(double t) {}

  record Unsupported(Object o) {}

  record Throwing(String name, int value) {
    @Override
    public int value() {
      if (value < 0) {
        throw new IllegalStateException("bad accessor");
      }
      return value;
    }
  }

  /**
   * A writer for the largest blocks (rowsPerBlock capped at 1 GiB of block body) takes memory for the rows
   * it holds: its column arrays grow as rows come (they were allocated at the cap, 768 MB for this record).
   */
  @Test
  void aWriterOfLargeBlocksTakesMemoryForItsRowsNotForTheCap(@org.junit.jupiter.api.io.TempDir Path tmp) {
    Path p = tmp.resolve("big-blocks.brc");
    List<Rows.AllTypes> rows = Rows.random(11, 10_000); // past the arrays' first size (4096): they grow
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    try (ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(p, Rows.AllTypes.class, Integer.MAX_VALUE, true)) {
      long made = threads.getCurrentThreadAllocatedBytes() - before;
      assertTrue(made < 8 << 20, "a new writer allocated " + made + " bytes");
      for (Rows.AllTypes r : rows) {
        w.write(r);
      }
      w.commit();
    }
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertEquals(1, r.blockCount());
      assertEquals(rows, Rows.readAll(r, Rows.AllTypes.class));
    }
  }

  @Test
  void aFailingAccessorDoesNotMisalignColumns(@org.junit.jupiter.api.io.TempDir Path tmp) {
    Path p = tmp.resolve("t.brc");
    try (ColumnarWriter<Throwing> w = ColumnarWriter.create(p, Throwing.class)) {
      w.write(new Throwing("a", 1));
      assertThrows(IllegalStateException.class, () -> w.write(new Throwing(null, -1)));
      w.write(new Throwing("b", 2));
      w.commit();
    }
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertEquals(List.of(new Throwing("a", 1), new Throwing("b", 2)), Rows.readAll(r, Throwing.class));
    }
  }

  @Property(tries = 60)
  void everyTypeRoundTrips(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int n,
      @ForAll @IntRange(min = 1, max = 64) int rowsPerBlock, @ForAll boolean packing) throws IOException {
    Path p = Files.createTempFile("brc", ".brc");
    try {
      List<Rows.AllTypes> rows = Rows.random(seed, n);
      Rows.write(p, rows, Rows.AllTypes.class, rowsPerBlock, packing);
      try (ColumnarReader r = ColumnarReader.open(p)) {
        assertEquals(n, r.rowCount());
        assertEquals((n + rowsPerBlock - 1) / rowsPerBlock, r.blockCount());
        assertEquals(rows, Rows.readAll(r, Rows.AllTypes.class));
        // column cursors agree with the records
        int row = 0;
        for (int b = 0; b < r.blockCount(); b++) {
          Block blk = r.block(b);
          for (int i = 0; i < blk.rowCount(); i++, row++) {
            Rows.AllTypes x = rows.get(row);
            assertEquals(x.l(), blk.column(5).getLong(i));
            assertEquals(Double.doubleToLongBits(x.d()), Double.doubleToLongBits(blk.column(7).getDouble(i)));
            assertEquals(x.str(), blk.column(8).getString(i));
            assertEquals(x.str() == null, blk.column(8).isNull(i));
          }
        }
      }
      try (ColumnarReader r = ColumnarReader.open(p, ColumnarReader.Options.defaults().regionSize(64))) {
        assertEquals(rows, Rows.readAll(r, Rows.AllTypes.class));
      }
    } finally {
      Files.deleteIfExists(p);
    }
  }

  private static Column firstColumn(Path p, List<Temp> rows, boolean packing) {
    Rows.write(p, rows, Temp.class, 1 << 20, packing);
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertEquals(rows, Rows.readAll(r, Temp.class));
      return r.block(0).column(0);
    }
  }

  record Named(String name) {}

  @Test
  void unpairedSurrogatesAreKept(@org.junit.jupiter.api.io.TempDir Path tmp) {
    // a string cut in the middle of an emoji: UTF-8 cannot hold it, getBytes would write '?'
    List<Named> rows = List.of(new Named("cut \uD83D"), new Named("\uDE00"), new Named("\uDBFF\uDFFF\uD800"),
        new Named("\uD800\uD83D\uDE00\uDC00"), new Named("plain"), new Named("\uD83D\uDE00"));
    Path p = tmp.resolve("s.brc");
    Rows.write(p, rows, Named.class, 4, true);
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertEquals(rows, Rows.readAll(r, Named.class));
    }
    for (Named n : rows) {
      byte[] w = Wtf8.encode(n.name());
      assertEquals(n.name(), Wtf8.decode(w, 0, w.length));
      assertEquals(n.name(), Layout.decodeUtf8(w, 0, w.length, 0));
    }
    assertArrayEquals("plain \uD83D\uDE00".getBytes(java.nio.charset.StandardCharsets.UTF_8), Wtf8.encode("plain \uD83D\uDE00"));
    // not WTF-8: a pair as two three-byte sequences (CESU-8), an overlong form, a truncated sequence
    for (byte[] bad : new byte[][] {{(byte) 0xED, (byte) 0xA0, (byte) 0xBD, (byte) 0xED, (byte) 0xB8, (byte) 0x80},
        {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0},
        {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}}) {
      assertNull(Wtf8.decode(bad, 0, bad.length), java.util.Arrays.toString(bad));
      assertThrows(dev.brine.MalformedInputException.class, () -> Layout.decodeUtf8(bad, 0, bad.length, 7));
    }
  }

  @Test
  void doublesUseTheNarrowestExactDecimal(@org.junit.jupiter.api.io.TempDir Path tmp) {
    Path p = tmp.resolve("t.brc");
    Column c = firstColumn(p, List.of(new Temp(12.3), new Temp(-99.9), new Temp(99.9), new Temp(0)), false);
    assertEquals(Encoding.DECIMAL, c.encoding());
    assertEquals(1, c.scale());
    assertEquals(2, c.width());
    assertEquals(-999, c.getShort(1));
    c = firstColumn(p, List.of(new Temp(1), new Temp(2)), false);
    assertEquals(0, c.scale());
    assertEquals(1, c.width());
    List<Temp> many = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      many.add(new Temp(i % 2 == 0 ? 1.25 : -3.5));
    }
    c = firstColumn(p, many, true);
    assertEquals(2, c.scale());
    assertTrue(c.isPacked());
    assertEquals(-350, c.base());
    assertEquals(125, c.getLong(0));
    for (double odd : new double[] {0.1 + 0.2, -0.0, Double.NaN, 1e300, Math.PI}) {
      c = firstColumn(p, List.of(new Temp(1.5), new Temp(odd)), true);
      assertEquals(Encoding.FLOAT64, c.encoding(), "for " + odd);
    }
  }

  @Test
  void tenthsPackInElevenBits(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
    List<Temp> rows = new ArrayList<>();
    for (int i = -999; i <= 999; i += 3) {
      rows.add(new Temp(i / 10.0));
    }
    Path p = tmp.resolve("t.brc");
    Column c = firstColumn(p, rows, true);
    assertEquals(11, c.bits());
    assertEquals(0, c.width());
    assertThrows(BrineException.class, () -> c.getShort(0));
  }

  @Test
  void unsupportedComponentsAndMisuseAreRejected(@org.junit.jupiter.api.io.TempDir Path tmp) {
    BrineException e = assertThrows(BrineException.class,
        () -> ColumnarWriter.create(tmp.resolve("u.brc"), Unsupported.class));
    assertTrue(e.getMessage().contains("java.lang.Object"), e.getMessage());
    Path p = tmp.resolve("t.brc");
    ColumnarWriter<Temp> w = ColumnarWriter.create(p, Temp.class);
    assertThrows(BrineException.class, () -> w.write(null));
    w.commit();
    w.close();
    w.close();
    assertThrows(BrineException.class, () -> w.write(new Temp(1)));
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertEquals(0, r.rowCount());
      assertThrows(BrineException.class, () -> r.records(Rows.GoldenRow.class));
    }
  }
}
