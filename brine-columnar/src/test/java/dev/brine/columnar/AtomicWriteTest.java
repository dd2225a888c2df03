package dev.brine.columnar;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.BrineException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failed or killed write never leaves a file that looks complete, and never harms an earlier one. */
class AtomicWriteTest {
  @TempDir Path tmp;

  private Path earlierFile(String name, int rows) throws IOException {
    Path p = tmp.resolve(name);
    Rows.write(p, Rows.random(1, rows), Rows.AllTypes.class, 8, true);
    return p;
  }

  private List<Path> leftovers() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
    }
  }

  @Test
  void anExceptionBeforeCommitKeepsTheEarlierFileAndLeavesNothing() throws IOException {
    Path p = earlierFile("a.brc", 20);
    byte[] before = Files.readAllBytes(p);
    List<Rows.AllTypes> rows = Rows.random(2, 50);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
      try (ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(p, Rows.AllTypes.class, 8)) {
        for (int i = 0; i < 30; i++) {
          w.write(rows.get(i));
        }
        w.flush();
        throw new IllegalStateException("bad input line 31");
      }
    });
    assertEquals(1, e.getSuppressed().length, "close() says the rows were discarded");
    assertTrue(e.getSuppressed()[0].getMessage().contains("without commit()"), e.getSuppressed()[0].getMessage());
    assertArrayEquals(before, Files.readAllBytes(p));
    assertEquals(List.of(), leftovers());
  }

  @Test
  void aForgottenCommitIsLoudAndPublishesNothing() throws IOException {
    Path p = tmp.resolve("new.brc");
    ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(p, Rows.AllTypes.class);
    w.write(Rows.random(3, 1).get(0));
    BrineException e = assertThrows(BrineException.class, w::close);
    assertTrue(e.getMessage().contains("commit()"), e.getMessage());
    assertFalse(Files.exists(p));
    assertEquals(List.of(), leftovers());
    w.close(); // once is enough
    assertThrows(BrineException.class, w::commit);
  }

  @Test
  void commitReplacesTheEarlierFileInOneStep() throws IOException {
    Path p = earlierFile("c.brc", 5);
    List<Rows.AllTypes> rows = Rows.random(4, 40);
    try (ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(p, Rows.AllTypes.class, 8)) {
      rows.forEach(w::write);
      try (ColumnarReader r = ColumnarReader.open(p)) {
        assertEquals(5, r.rowCount(), "the earlier file until commit()");
      }
      w.commit();
      assertThrows(BrineException.class, w::commit);
    }
    try (ColumnarReader r = ColumnarReader.open(p)) {
      assertEquals(rows, Rows.readAll(r, Rows.AllTypes.class));
    }
    assertEquals(List.of(), leftovers());
  }

  @Test
  void abortDiscards() throws IOException {
    Path p = earlierFile("d.brc", 3);
    byte[] before = Files.readAllBytes(p);
    try (ColumnarWriter<Rows.AllTypes> w = ColumnarWriter.create(p, Rows.AllTypes.class)) {
      w.write(Rows.random(5, 1).get(0));
      w.abort();
    }
    assertArrayEquals(before, Files.readAllBytes(p));
    assertEquals(List.of(), leftovers());
  }

  /** A real {@code kill -9} of a writing JVM: the earlier file is intact, the new one clearly incomplete. */
  @Test
  void aKilledWriterProcessLeavesTheEarlierFileIntact() throws Exception {
    Path p = earlierFile("killed.brc", 12);
    byte[] before = Files.readAllBytes(p);
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        KilledWriterMain.class.getName(), p.toString()).redirectErrorStream(true).start();
    Path temp;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine(); // blocks until the child has flushed blocks (or died)
      assertNotNull(line, "the writer process ended without output");
      assertTrue(line.startsWith("MID "), line);
      temp = Path.of(line.substring(4));
      child.destroyForcibly(); // SIGKILL: no finally, no shutdown hook runs
      assertTrue(child.waitFor(20, TimeUnit.SECONDS));
    } finally {
      child.destroyForcibly();
    }
    assertNotEquals(0, child.exitValue());
    assertArrayEquals(before, Files.readAllBytes(p), "the earlier file is untouched");
    assertTrue(Files.exists(temp), "the killed writer's temporary file stays for recovery");
    BrineException e = assertThrows(BrineException.class, () -> ColumnarReader.open(temp));
    assertTrue(e.getMessage().contains("recover"), e.getMessage());
    try (ColumnarReader r = ColumnarReader.open(temp, ColumnarReader.Options.defaults().recover(true))) {
      assertTrue(r.rowCount() >= 64, "flushed rows are recoverable: " + r.rowCount());
    }
  }
}
