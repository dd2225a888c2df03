package dev.brine.columnar;

import java.nio.file.Path;
import java.util.List;

/**
 * A writer process for {@link AtomicWriteTest}: writes rows to {@code args[0]} in small flushed
 * blocks, prints {@code MID} once some are on disk, and goes on until it is killed (at most 60 s).
 */
public final class KilledWriterMain {
  private KilledWriterMain() {}

  /** Writes until killed; never commits in time. */
  public static void main(String[] args) throws Exception {
    List<Rows.AllTypes> rows = Rows.random(7, 64);
    try (ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(Path.of(args[0]), Rows.AllTypes.class, 16)) {
      long end = System.nanoTime() + 60_000_000_000L;
      for (int i = 0; System.nanoTime() < end; i++) {
        w.write(rows.get(i % rows.size()));
        if (i % 16 == 15) {
          w.flush();
          if (i == 63) {
            System.out.println("MID " + w.temporaryFile());
            System.out.flush();
          }
          Thread.sleep(5);
        }
      }
      w.commit();
    }
  }
}
