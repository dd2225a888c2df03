package dev.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command's bad-input paths: usage errors exit 2 with the usage, bad data exits 1, never a stack trace. */
class BadInputTest {
  @TempDir Path tmp;

  /** A class the CLI does not know. */
  record Secret(String name, long id) {}

  @Test
  void theLauncher() {
    CliRun.run("frobnicate").usageError("Unmatched argument at index 0: 'frobnicate'", "brine");
    CliRun.run("--zzz").usageError("Unknown option: '--zzz'", "brine");
    assertEquals(0, CliRun.run("--help").code());
  }

  @Test
  void demoOptions() {
    CliRun.run("demo", "--runs").usageError("Missing required parameter for option '--runs'", "brine demo");
    CliRun.run("demo", "--runs", "many").usageError("Invalid value for option '--runs'", "brine demo");
    CliRun.run("demo", "--runs", "1").usageError("--runs must be at least 3", "brine demo");
    CliRun.run("demo", "--run-ms", "0").usageError("--run-ms at least 10", "brine demo");
    CliRun.run("demo", "--warmup-ms", "-1").usageError("--warmup-ms at least 0", "brine demo");
    CliRun.run("demo", "--zzz").usageError("Unknown option: '--zzz'", "brine demo");
  }

  @Test
  void demoShowsSpreadsPointsToTheBenchAndPrintsNoControlCharacters() {
    CliRun r = CliRun.run("demo", "--runs", "3", "--run-ms", "10", "--warmup-ms", "0", "--no-progress").noStackTrace();
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("Brine round trip") && r.out().contains("(median of 3 runs; range "), r.out());
    assertTrue(r.out().contains("./brine bench"), r.out());
    assertTrue(r.out().contains("round trip equal   true"), r.out());
    for (String s : List.of(r.out(), r.err())) {
      assertFalse(s.chars().anyMatch(c -> c == '\r' || c == 0x1b), "a carriage return or escape code in:\n" + s);
    }
  }

  @Test
  void benchWithoutItsJar() {
    String home = System.getProperty("brine.home");
    System.setProperty("brine.home", tmp.toString());
    try {
      CliRun r = CliRun.run("bench", "onebrc", "--rows").noStackTrace();
      if (System.getenv("BRINE_BENCH_JAR") == null) {
        assertEquals(2, r.code());
        assertTrue(r.err().contains("benchmarks.jar not found; build it with"), r.err());
      }
    } finally {
      if (home == null) {
        System.clearProperty("brine.home");
      } else {
        System.setProperty("brine.home", home);
      }
    }
  }

  @Test
  void onebrcCommands() {
    CliRun none = CliRun.run("onebrc");
    assertEquals(2, none.code());
    assertTrue(none.err().contains("Usage: brine onebrc"), none.err());
    CliRun.run("onebrc", "generate").usageError("Missing required parameters: '<rows>', '<out>'", "brine onebrc generate");
    CliRun.run("onebrc", "generate", "ten", tmp.resolve("x.txt").toString())
        .usageError("Invalid value for positional parameter at index 0 (<rows>): 'ten'", "brine onebrc generate");
    CliRun.run("onebrc", "generate", "-1", tmp.resolve("x.txt").toString())
        .usageError("the row count must be >= 0, got -1", "brine onebrc generate");
    CliRun.run("onebrc", "generate", "10", tmp.resolve("x.txt").toString(), "--seed", "x")
        .usageError("Invalid value for option '--seed'", "brine onebrc generate");
    CliRun.run("onebrc", "convert", "in.txt").usageError("Missing required parameter: '<out>'", "brine onebrc convert");
    CliRun.run("onebrc", "aggregate").usageError("Missing required parameter: '<file>'", "brine onebrc aggregate");
    CliRun.run("onebrc", "aggregate", "x", "--threads", "two")
        .usageError("Invalid value for option '--threads'", "brine onebrc aggregate");
  }

  @Test
  void onebrcBadData() throws Exception {
    Path in = tmp.resolve("m.txt");
    Files.writeString(in, "Oslo;1.0\nBergen;999.9\n");
    CliRun r = CliRun.run("onebrc", "convert", in.toString(), tmp.resolve("m.brc").toString()).noStackTrace();
    assertEquals(1, r.code());
    assertTrue(r.err().contains(in + ":2:"), r.err());
    assertFalse(Files.exists(tmp.resolve("m.brc")), "no output that looks complete");
    Path junk = tmp.resolve("junk.brc");
    Files.write(junk, new byte[] {'B', 'R', 'N', 'C', 0, 0, 0});
    CliRun a = CliRun.run("onebrc", "aggregate", junk.toString()).noStackTrace();
    assertEquals(1, a.code(), a.err());
  }

  @Test
  void inspectOptions() throws Exception {
    Path p = tmp.resolve("v.bin");
    Files.write(p, Brine.builder().build().serialize("x"));
    CliRun.run("inspect").usageError("Missing required parameter: 'FILE'", "brine inspect");
    CliRun.run("inspect", p.toString(), "--elements", "0").usageError("--elements must be at least 1", "brine inspect");
    CliRun.run("inspect", p.toString(), "--hex", "lots").usageError("Invalid value for option '--hex'", "brine inspect");
  }

  @Test
  void inspectBadBytesGiveTheOffset() throws Exception {
    byte[] good = Brine.builder().build().serialize(List.of("alpha", "beta", 42));
    Path cut = tmp.resolve("cut.bin");
    Files.write(cut, Arrays.copyOf(good, good.length - 2));
    CliRun r = CliRun.run("inspect", cut.toString()).noStackTrace();
    assertEquals(1, r.code());
    assertTrue(r.out().contains("invalid: truncated input") && r.out().contains("at offset"), r.out());
    assertTrue(r.out().contains("[0] String (type 10): \"alpha\""), "what came before the damage is shown:\n" + r.out());
    Path empty = tmp.resolve("empty.bin");
    Files.write(empty, new byte[0]);
    assertEquals(1, CliRun.run("inspect", empty.toString()).noStackTrace().code());
    Path junk = tmp.resolve("junk.bin");
    Files.write(junk, new byte[] {(byte) 0x99, 1, 2, 3});
    CliRun j = CliRun.run("inspect", junk.toString()).noStackTrace();
    assertEquals(1, j.code());
    assertTrue(j.out().contains("000000  99 01 02 03"), j.out());
  }

  @Test
  void inspectShowsWhatItCanOfRegisteredClassesWithoutAskingForThem() throws Exception {
    Path p = tmp.resolve("secret.bin");
    Files.write(p, Brine.builder().register(Secret.class).build().serialize(new Secret("Ada", 7)));
    CliRun r = CliRun.run("inspect", p.toString()).noStackTrace();
    assertEquals(0, r.code(), r.out());
    assertTrue(r.out().contains("000000  header 0xC0: format 2, references off, int/long as varints"), r.out());
    assertTrue(r.out().contains("000001  value registered class #64 (type 64)"), r.out());
    assertTrue(r.out().contains("stopped: registered class #64 (at 000001) writes its fields without tags or lengths"), r.out());
    assertTrue(r.out().matches("(?s).*\\n[0-9a-f]{6}  \"Ada\"\\n.*"), "the string field, with its offset:\n" + r.out());
    assertFalse(r.out().contains("register the same classes"), r.out());
  }

  @Test
  void inspectReadsStreamsOfPayloads() throws Exception {
    Brine brine = Brine.builder().references(true).build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    brine.serialize("first", out);
    brine.serialize(List.of(1, 2), out);
    Path p = tmp.resolve("stream.bin");
    Files.write(p, out.toByteArray());
    CliRun r = CliRun.run("inspect", p.toString()).noStackTrace();
    assertEquals(0, r.code(), r.out());
    assertTrue(r.out().contains("kind: 2 length-prefixed Brine payloads"), r.out());
    assertTrue(r.out().contains("000001  header 0xC1: format 2, references on"), r.out());
    assertTrue(r.out().contains("as Java: java.lang.String first"), r.out());
  }
}
