package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brine.BrineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Coverage-guided fuzzing of {@link ProtoMapper#fromBytes} (docs/fuzzing.md). The first byte picks
 * the class, the rest is the message. Bad input gets a {@link BrineException} with a message, never
 * another exception, an Error or a hang; the generated and interpreted codecs accept and reject the
 * same inputs; what decodes re-encodes to bytes that decode and re-encode to themselves.
 */
class ProtoFuzzTest {
  private static final Path SEEDS = Path.of("src/test/resources/dev/brine/protobuf/ProtoFuzzTestInputs/decode");

  @FuzzTest(maxDuration = "4m")
  void decode(byte[] input) {
    if (input.length == 0) {
      return;
    }
    Class<?> type = Samples.CLASSES[(input[0] & 0xFF) % Samples.CLASSES.length];
    byte[] message = Arrays.copyOfRange(input, 1, input.length);
    Object generated = read(ProtoMapperTest.GENERATED, message, type);
    Object interpreted = read(ProtoMapperTest.INTERPRETED, message, type);
    assertEquals(generated == null, interpreted == null, "generated and interpreted codecs disagree on accepting the input");
    if (generated != null) {
      byte[] again = ProtoMapperTest.GENERATED.toBytes(generated);
      assertArrayEquals(again, ProtoMapperTest.INTERPRETED.toBytes(interpreted));
      assertArrayEquals(again, ProtoMapperTest.GENERATED.toBytes(ProtoMapperTest.GENERATED.fromBytes(again, type)));
    }
  }

  private static Object read(ProtoMapper m, byte[] bytes, Class<?> type) {
    try {
      return m.fromBytes(bytes, type);
    } catch (BrineException e) {
      assertNotNull(e.getMessage());
      Throwable c = e.getCause();
      assertFalse(c instanceof IndexOutOfBoundsException || c instanceof NegativeArraySizeException
          || c instanceof NullPointerException, () -> "a missing check in disguise: " + e);
      return null;
    }
  }

  /** Writes the seeds (every sample); run with -Dbrine.writeSeeds=true after a mapping change. */
  @Test
  void writeSeeds() throws IOException {
    if (!Boolean.getBoolean("brine.writeSeeds")) {
      return;
    }
    Files.createDirectories(SEEDS);
    int n = 0;
    for (Object v : Samples.all()) {
      int index = Arrays.asList(Samples.CLASSES).indexOf(v.getClass());
      byte[] bytes = ProtoMapperTest.GENERATED.toBytes(v);
      byte[] seed = new byte[bytes.length + 1];
      seed[0] = (byte) index;
      System.arraycopy(bytes, 0, seed, 1, bytes.length);
      Files.write(SEEDS.resolve("seed-" + n++), seed);
    }
  }
}
