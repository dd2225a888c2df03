package dev.brine.bench.onebrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Smoke test: the whole onebrc benchmark at 10k rows (every contender must agree with Brine). */
class OnebrcBenchTest {
  @TempDir Path tmp;

  @Test
  void runsEveryContenderAndWritesTheReport() throws Exception {
    Path out = tmp.resolve("onebrc.md");
    OnebrcBench.Options o = OnebrcBench.parse(new String[] {"--rows", "10000", "--threads", "2", "--runs", "2",
        "--dir", tmp.resolve("data").toString(), "--out", out.toString()});
    List<OnebrcBench.Line> lines = OnebrcBench.run(o);
    assertEquals(15, lines.size());
    String md = Files.readString(out);
    assertTrue(md.contains("| aggregate_brine | 2 |"), md);
    assertTrue(md.contains("aggregate_duckdbparquet"), md);
    assertTrue(md.contains("bandwidth limit"), md);
    assertTrue(md.contains("![1BRC aggregate relative to DuckDB](onebrc.png)"), md);
    assertTrue(Files.size(tmp.resolve("onebrc.png")) > 10_000);
  }

  @Test
  void countsMayKeepTheirUnderscores() {
    assertEquals(1_000_000L, OnebrcBench.parse(new String[] {"--rows", "1_000_000"}).rows);
    assertEquals(10L, OnebrcBench.parse(new String[] {"--rows", "10", "--peer-rows", "50"}).peerRows);
  }
}
