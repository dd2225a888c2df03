package dev.brine.cli.inspect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brine.Brine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Coverage-guided fuzzing of {@code ./brine inspect}'s structure decoder (docs/fuzzing.md). A normal build runs the
 * target on its committed inputs only ({@code InspectFuzzTestInputs/decode/}).
 *
 * <p>The property: whatever the bytes, decoding returns a tree and at most a {@code BrineException} with a message
 * (never another exception, an Error or a hang), and printing the result succeeds.
 */
class InspectFuzzTest {

  @FuzzTest(maxDuration = "4m")
  void decode(byte[] input) {
    PayloadDecoder.Decoded d = PayloadDecoder.decode(input, 8);
    assertNotNull(d.root());
    if (d.error() != null) {
      assertNotNull(d.error().getMessage());
      assertFalse(d.error().getMessage().isBlank());
    }
    new TextPrinter(new PrintWriter(Writer.nullWriter()), 0).print(d, input, 0, input.length, 64);
    PayloadDecoder.lengthPrefixedPayloads(input);
  }

  /** Rewrites the seeds: {@code mvn -pl brine-cli -am test -Dtest=InspectFuzzTest#writeSeeds -Dbrine.writeSeeds=true -Dsurefire.failIfNoSpecifiedTests=false}. */
  @Test
  void writeSeeds() throws IOException {
    assumeTrue(Boolean.getBoolean("brine.writeSeeds"), "writes seed files only with -Dbrine.writeSeeds=true");
    Path dir = Path.of("src/test/resources/dev/brine/cli/inspect/InspectFuzzTestInputs/decode");
    Files.createDirectories(dir);
    Brine plain = Brine.builder().requireRegistration(false).build();
    Brine refs = Brine.builder().requireRegistration(false).references(true).build();
    Brine fixed = Brine.builder().requireRegistration(false).compressNumbers(false).build();
    List<Object> shared = new ArrayList<>(List.of("s"));
    Map<java.time.DayOfWeek, String> days = new EnumMap<>(java.time.DayOfWeek.class);
    days.put(java.time.DayOfWeek.TUESDAY, "t");
    Object[] values = {
        "Zürich", List.of(1, 2, 3), new TreeMap<>(Map.of("a", 1L, "b", 2L)), new int[] {1, 2},
        new Object[] {null, 1.5f, 'c', (short) 3, (byte) 4, true}, new BigInteger("123456789012345678901234567890"),
        LocalDate.of(2026, 11, 25), days, new String[][] {{"x"}, null}, List.of(shared, shared),
        new java.util.Vector<>(List.of(1, 2)), java.util.Locale.forLanguageTag("de-CH-u-ca-gregory"),
        Map.entry("k", new java.util.concurrent.atomic.AtomicInteger(3))};
    for (int i = 0; i < values.length; i++) {
      Files.write(dir.resolve(String.format("seed-%02d-plain", i)), plain.serialize(values[i]));
    }
    Files.write(dir.resolve("seed-refs"), refs.serialize(new ArrayList<>(List.of(shared, shared))));
    Files.write(dir.resolve("seed-fixed"), fixed.serialize(new ArrayList<>(List.of(300, 7L))));
    // compatible mode: objects decoded by the class definitions in the payload (CompatObjects)
    CompatObjectsDecoderTest.Everything cyclic = CompatObjectsDecoderTest.sample();
    cyclic.self = cyclic;
    Files.write(dir.resolve("seed-compat"), CompatObjectsDecoderTest.COMPAT.serialize(CompatObjectsDecoderTest.sample()));
    Files.write(dir.resolve("seed-compat-refs"), CompatObjectsDecoderTest.COMPAT_REFS.serialize(cyclic));
    Files.write(dir.resolve("seed-compat-fixed"), CompatObjectsDecoderTest.COMPAT_FIXED.serialize(CompatObjectsDecoderTest.sample()));
  }
}
