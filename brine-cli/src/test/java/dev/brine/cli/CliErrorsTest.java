package dev.brine.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Every command reports a bad input file in one line with an exit code, never a stack trace. */
class CliErrorsTest {
  @TempDir Path tmp;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cmd = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private static void assertNoStackTrace(Run r) {
    assertFalse(r.err.contains("\tat ") || r.err.contains("Exception in"), r.err);
  }

  @Test
  void inspectOfAMissingFile() {
    Run r = run("inspect", tmp.resolve("missing.bin").toString());
    assertEquals(2, r.code);
    assertTrue(r.err.contains("brine inspect: " + tmp.resolve("missing.bin") + ": no such file"), r.err);
    assertNoStackTrace(r);
  }

  @Test
  void inspectOfADirectory() {
    Run r = run("inspect", tmp.toString());
    assertEquals(2, r.code);
    assertTrue(r.err.contains(": is a directory"), r.err);
    assertNoStackTrace(r);
  }

  @Test
  void onebrcCommandsReportMissingFilesTheSameWay() {
    for (List<String> args : List.of(List.of("onebrc", "convert", tmp.resolve("no.txt").toString(), tmp.resolve("o.brc").toString()),
        List.of("onebrc", "aggregate", tmp.resolve("no.txt").toString()))) {
      Run r = run(args.toArray(new String[0]));
      assertEquals(2, r.code, args + ": " + r.err);
      assertTrue(r.err.contains(tmp.resolve("no.txt") + ": no such file"), r.err);
      assertNoStackTrace(r);
    }
  }

  @Test
  void inspectReadsTheHeaderForReferencesAndNumbers() throws Exception {
    Path p = tmp.resolve("v.bin");
    Files.write(p, Brine.builder().references(true).compressNumbers(false).build().serialize(List.of(1, 2)));
    Run r = run("inspect", p.toString());
    assertEquals(0, r.code, r.err);
  }

  @Test
  void inspectSaysWhatOtherBrineFilesAre() throws Exception {
    Path brc = tmp.resolve("m.brc");
    try (var w = dev.brine.columnar.ColumnarWriter.create(brc, dev.brine.cli.onebrc.Measurement.class)) {
      w.write(new dev.brine.cli.onebrc.Measurement("Oslo", 1.5));
      w.commit();
    }
    assertEquals(0, run("inspect", brc.toString()).code);
    Path geo = tmp.resolve("p.geo");
    Files.write(geo, dev.brine.geometry.GeometrySerde.serialize(
        new org.locationtech.jts.geom.GeometryFactory().createPoint(new org.locationtech.jts.geom.Coordinate(1, 2))));
    assertEquals(0, run("inspect", geo.toString()).code);
    Path junk = tmp.resolve("junk.bin");
    Files.write(junk, new byte[] {(byte) 0x99, 1, 2, 3});
    assertEquals(1, run("inspect", junk.toString()).code);
  }

  @Test
  void aBadArgumentIsAUsageError() {
    Run r = run("inspect");
    assertEquals(2, r.code);
    assertTrue(r.err.contains("Missing required parameter"), r.err);
  }
}
