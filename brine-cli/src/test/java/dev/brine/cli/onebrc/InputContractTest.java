package dev.brine.cli.onebrc;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.MalformedInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 1BRC rules are the contract: names 1–100 bytes of UTF-8 without ';' or newline, temperatures
 * -99.9..99.9 with one decimal. Anything else is refused with file:line:column and the line.
 */
class InputContractTest {
  @TempDir Path tmp;

  private Path file(String text) throws IOException {
    Path p = tmp.resolve("m.txt");
    Files.write(p, text.getBytes(StandardCharsets.UTF_8));
    return p;
  }

  private MalformedInputException refused(String text) throws IOException {
    Path p = file(text);
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> OneBrc.aggregateText(p, 1));
    assertTrue(e.getMessage().startsWith(p + ":"), e.getMessage());
    return e;
  }

  @ParameterizedTest
  @ValueSource(strings = {"Oslo;1.0;2.0", "Oslo;999.9", "Oslo;100.0", "Oslo;-100.0", "Oslo;1.23", "Oslo;1",
      "Oslo;.5", "Oslo;1.", "Oslo;+1.0", "Oslo;1,0", "Oslo;", ";1.0", "Oslo", "Oslo; 1.0", "Oslo;--1.0"})
  void badLinesAreRefused(String line) throws IOException {
    MalformedInputException e = refused("Bergen;2.0\n" + line + "\nBergen;3.0\n");
    assertTrue(e.getMessage().contains(":2:"), e.getMessage());
    assertTrue(e.getMessage().contains("\"" + line + "\""), "the line is quoted: " + e.getMessage());
  }

  @Test
  void theMessageShowsThePatternWithItsBackslashesAndTheColumn() throws IOException {
    MalformedInputException e = refused("Oslo;1.0\nOslo;999.9\n");
    assertTrue(e.getMessage().contains("-?\\d{1,2}\\.\\d"), e.getMessage());
    assertTrue(e.getMessage().contains(":2:6:"), "column of the temperature: " + e.getMessage());
    assertFalse(e.getMessage().contains("offset"), e.getMessage());
  }

  @Test
  void nameLengthsAreChecked() throws IOException {
    String name100 = "n".repeat(100);
    TreeMap<String, StationStats> r = OneBrc.aggregateText(file(name100 + ";1.0\n"), 1);
    assertTrue(r.containsKey(name100));
    // 100 bytes of UTF-8 (two-byte characters), not 100 chars
    String umlauts = "ü".repeat(50);
    assertTrue(OneBrc.aggregateText(file(umlauts + ";1.0\n"), 1).containsKey(umlauts));
    assertTrue(refused("ok;1.0\n" + "ü".repeat(51) + ";1.0\n").getMessage().contains("102 bytes"));
    assertTrue(refused("n".repeat(101) + ";1.0\n").getMessage().contains(":1:1:"));
    refused("x".repeat(200) + ";1.0\n");
  }

  @Test
  void validEdgesAreAccepted() throws IOException {
    TreeMap<String, StationStats> r = OneBrc.aggregateText(file(
        "A;-99.9\nA;99.9\nB;0.0\nB;-0.0\nZürich;1.5\r\n東京;-3.2\nLast;5.0"), 1);
    assertEquals(5, r.size());
    assertEquals(2, r.get("A").count());
    assertTrue(r.containsKey("Zürich"));
    assertTrue(r.containsKey("東京"));
    assertTrue(r.containsKey("Last"), "a last line without a newline counts");
  }

  @Test
  void aLeadingByteOrderMarkIsSkippedAnyOtherIsRefused() throws IOException {
    TreeMap<String, StationStats> r = OneBrc.aggregateText(file("\uFEFFOslo;1.0\nOslo;2.0\n"), 1);
    assertEquals(1, r.size(), "the BOM is not part of the first name: " + r.keySet());
    assertEquals(2, r.get("Oslo").count());
    MalformedInputException e = refused("Oslo;1.0\n\uFEFFBergen;2.0\n");
    assertTrue(e.getMessage().contains(":2:1:"), e.getMessage());
    assertTrue(e.getMessage().contains("byte-order mark"), e.getMessage());
  }

  @Test
  void lineNumbersAreRightAcrossParallelRanges() throws IOException {
    StringBuilder sb = new StringBuilder();
    int bad = 150_000;
    for (int i = 1; i <= 200_000; i++) {
      sb.append(i == bad ? "Oslo;12.34" : "Station" + (i % 97) + ";" + (i % 199 - 99) + "." + (i % 10)).append('\n');
    }
    Path p = file(sb.toString());
    assertTrue(Files.size(p) > 2 << 20, "several scanning ranges");
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> OneBrc.aggregateText(p, 4));
    assertTrue(e.getMessage().contains(":" + bad + ":6:"), e.getMessage());
  }

  @Test
  void convertKeepsTheEarlierFileOnABadLine() throws IOException {
    Path out = tmp.resolve("out.brc");
    OneBrc.convert(file("Oslo;1.0\nBergen;2.0\n"), out, null);
    byte[] before = Files.readAllBytes(out);
    Path bad = file("Oslo;1.0\n".repeat(1000) + "Oslo;abc\n");
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> OneBrc.convert(bad, out, null));
    assertTrue(e.getMessage().contains(":1001:6:"), e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(out));
    try (var s = Files.list(tmp)) {
      assertEquals(0, s.filter(f -> f.toString().endsWith(".tmp")).count());
    }
  }
}
