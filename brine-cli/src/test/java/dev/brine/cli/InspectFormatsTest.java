package dev.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect --proto} (raw protobuf, like protoc --decode_raw) and {@code inspect --json}. */
class InspectFormatsTest {
  @TempDir Path tmp;

  record Point(int x, String label, List<Double> weights, Map<String, Integer> tags) {}

  private static String[] run(String... args) {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      int code = Main.commandLine().execute(args);
      return new String[] {String.valueOf(code), out.toString(StandardCharsets.UTF_8)};
    } finally {
      System.setOut(old);
    }
  }

  @Test
  void protoDecodesRawFieldsWithoutASchema() throws Exception {
    // 1: 150, 2: "testing", 3 { 1: 150 }, 4: fixed64, 5: fixed32, 6: -1 as a varint
    byte[] bytes = {0x08, (byte) 0x96, 0x01, 0x12, 0x07, 't', 'e', 's', 't', 'i', 'n', 'g', 0x1a, 0x03, 0x08,
        (byte) 0x96, 0x01, 0x21, 1, 0, 0, 0, 0, 0, 0, 0, 0x2d, 2, 0, 0, 0, 0x30, (byte) 0xff, (byte) 0xff, (byte) 0xff,
        (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01};
    Path f = tmp.resolve("m.pb");
    Files.write(f, bytes);
    String[] r = run("inspect", "--proto", f.toString());
    assertEquals("0", r[0]);
    assertEquals("1: 150\n2: \"testing\"\n3 {\n  1: 150\n}\n4: 0x0000000000000001\n5: 0x00000002\n"
        + "6: 18446744073709551615\n", r[1]);
    Files.write(f, new byte[] {0x12, 0x05, 'a'});
    r = run("inspect", "--proto", f.toString());
    assertEquals("1", r[0]);
    assertTrue(r[1].startsWith("invalid: protobuf: length 5 exceeds"), r[1]);
  }

  @Test
  void jsonPrintsABrinePayload() throws Exception {
    Path f = tmp.resolve("p.brine");
    // format 1: inspect recognises its header (0xB2); format 2 headers are the inspect work of another change
    Files.write(f, Brine.builder().requireRegistration(false).formatVersion(1).build()
        .serialize(new Point(3, "a\"b", List.of(0.5), Map.of("k", 1))));
    String[] r = run("inspect", "--json", "--allow", "dev.brine.cli", f.toString());
    assertEquals("0", r[0], r[1]);
    assertTrue(r[1].contains("{\"x\":3,\"label\":\"a\\\"b\",\"weights\":[0.5],\"tags\":{\"k\":1}}"), r[1]);
  }

  @Test
  void jsonReadsCompatibleAndFormat2PayloadsWithTheirHeadersSettings() throws Exception {
    Point p = new Point(3, "x", List.of(0.5), Map.of("k", 1));
    for (Brine writer : List.of(Brine.builder().requireRegistration(false).compatible(true).build(),
        Brine.builder().requireRegistration(false).references(true).compressNumbers(false).build())) {
      Path f = tmp.resolve("c.brine");
      Files.write(f, writer.serialize(p));
      String[] r = run("inspect", "--json", "--allow", "dev.brine.cli", f.toString());
      assertEquals("0", r[0], r[1]);
      assertTrue(r[1].contains("{\"x\":3,\"label\":\"x\",\"weights\":[0.5],\"tags\":{\"k\":1}}"), r[1]);
    }
  }
}
