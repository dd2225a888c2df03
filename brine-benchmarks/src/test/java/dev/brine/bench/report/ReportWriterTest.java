package dev.brine.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report generator on a fixed JMH JSON file: grouping, ratios (throughput and time modes), sizes, chart. */
class ReportWriterTest {
  @TempDir
  Path dir;

  @Test
  void parsesJmhJsonByConvention() throws Exception {
    List<Result> rs = ResultParser.parse(Path.of("src/test/resources/jmh/sample-result.json"));
    assertEquals(6, rs.size());
    Result r = rs.get(0);
    assertEquals("MapBench", r.className());
    assertEquals("dev.brine.bench.maps", r.packageName());
    assertEquals("serialize", r.op());
    assertEquals("brine", r.library());
    assertEquals("workload=int_int, size=64", r.paramsLabel());
    assertEquals(312.0, r.allocBytesPerOp());
    assertTrue(Double.isNaN(rs.get(1).error()));
    assertEquals("jtswkb", rs.get(3).library());
    assertEquals("decode", rs.get(3).op());
  }

  @Test
  void writesTablesRatiosSizesAndChart() throws Exception {
    List<Result> rs = ResultParser.parse(Path.of("src/test/resources/jmh/sample-result.json"));
    Path md = dir.resolve("report.md");
    Map<String, Map<String, Integer>> sizes =
        Map.of("dev.brine.bench.maps.MapBench\u0000workload=int_int, size=64", Map.of("brine", 200, "fory", 260));
    assertTrue(ChartWriter.write(dir.resolve("report.png"), rs, List.of("Command: test")));
    ReportWriter.write(md, List.of("Command: test"), rs, sizes, "report.png");
    String text = Files.readString(md);
    assertTrue(text.contains("## MapBench"), text);
    assertTrue(text.contains("## WkbBench"), text);
    assertTrue(text.contains("| workload=int_int, size=64 | serialize | thrpt | 3.00M ±1% | 2.00M | 500k ±1% | 1.50× | 6.00× |"),
        text);
    // time mode: lower is better, so 100 ms vs 400 ms is 4x faster
    assertTrue(text.contains("| - | coldstart | ss | 100 ms/op ±10% | 400 ms/op ±3% | 4.00× |"), text);
    assertTrue(text.contains("| workload=int_int, size=64 | 200 | 260 |"), text);
    assertTrue(text.contains("| workload=int_int, size=64 | serialize | 312 | — | — |"), text);
    assertTrue(Files.size(dir.resolve("report.png")) > 1000);
  }
}
