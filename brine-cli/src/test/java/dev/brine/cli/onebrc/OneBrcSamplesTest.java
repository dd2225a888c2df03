package dev.brine.cli.onebrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.brine.columnar.ColumnarReader;
import dev.brine.columnar.Encoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OneBrcSamplesTest {
  @TempDir Path tmp;

  static List<Path> samples() throws IOException {
    // ../shared/data beside the repository (tests run in the module folder), skipped when absent
    Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().resolveSibling("shared")
        .resolve("data/onebrc/samples");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(dir), dir + " not found: skipping the 1BRC samples");
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".txt")).sorted().collect(Collectors.toList());
    }
  }

  static String expected(Path txt) throws IOException {
    Path out = txt.resolveSibling(txt.getFileName().toString().replace(".txt", ".out"));
    return Files.readString(out, StandardCharsets.UTF_8).strip();
  }

  @Test
  void convertThenAggregatePrintsTheExpectedOutput() throws IOException {
    List<Path> samples = samples();
    assertFalse(samples.isEmpty());
    for (Path txt : samples) {
      Path brc = tmp.resolve(txt.getFileName() + ".brc");
      long rows = OneBrc.convert(txt, brc, null);
      assertEquals(Files.readAllLines(txt).size(), rows, txt.toString());
      for (int threads = 1; threads <= 2; threads++) {
        assertEquals(expected(txt), OneBrc.format(OneBrc.aggregate(brc, threads)), txt + " threads " + threads);
      }
    }
  }

  @Test
  void textAggregationPrintsTheExpectedOutput() throws IOException {
    for (Path txt : samples()) {
      for (int threads = 1; threads <= 3; threads++) {
        assertEquals(expected(txt), OneBrc.format(OneBrc.aggregateText(txt, threads)), txt + " threads " + threads);
      }
    }
  }

  @Test
  void temperaturesAreStoredAsTwoByteTenths() throws IOException {
    Path txt = tmp.resolve("gen.txt");
    OneBrc.generate(50_000, txt, 1, OneBrc.defaultStations(), null);
    Path brc = tmp.resolve("gen.brc");
    OneBrc.convert(txt, brc, null);
    try (ColumnarReader r = ColumnarReader.open(brc)) {
      assertEquals(Encoding.DECIMAL, r.block(0).column(1).encoding());
      assertEquals(1, r.block(0).column(1).scale());
      assertEquals(true, r.block(0).column(1).isPacked());
      assertEquals(true, r.block(0).column(1).bits() <= 11);
      assertEquals(9, r.block(0).column(0).bits());
    }
    // 3 bytes per row plus dictionary, headers and footer
    long size = Files.size(brc);
    assertEquals(true, size < 50_000L * 5 / 2 + 16_384, "size " + size);
    assertEquals(OneBrc.format(OneBrc.aggregateText(txt, 2)), OneBrc.format(OneBrc.aggregate(brc, 2)));
  }
}
