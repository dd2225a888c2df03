package dev.brine.json;

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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Coverage-guided fuzzing of {@link JsonMapper#fromJson} (docs/fuzzing.md): the first byte picks the
 * class, the rest is the JSON. Bad input gets a {@link BrineException} with a message, never another
 * exception, an Error or a hang; generated and interpreted codecs agree; what decodes re-encodes
 * to text that decodes and re-encodes to itself.
 */
class JsonFuzzTest {
  private static final Path SEEDS = Path.of("src/test/resources/dev/brine/json/JsonFuzzTestInputs/decode");

  @FuzzTest(maxDuration = "4m")
  void decode(byte[] input) {
    if (input.length == 0) {
      return;
    }
    Class<?> type = JsonMapperTest.CLASSES[(input[0] & 0xFF) % JsonMapperTest.CLASSES.length];
    byte[] json = Arrays.copyOfRange(input, 1, input.length);
    Object generated = read(JsonMapperTest.GENERATED, json, type);
    Object interpreted = read(JsonMapperTest.INTERPRETED, json, type);
    assertEquals(generated == NONE, interpreted == NONE, "generated and interpreted codecs disagree on accepting the input");
    if (generated != NONE && generated != null) {
      byte[] again = JsonMapperTest.GENERATED.toJsonBytes(generated);
      assertArrayEquals(again, JsonMapperTest.INTERPRETED.toJsonBytes(interpreted));
      assertArrayEquals(again, JsonMapperTest.GENERATED.toJsonBytes(JsonMapperTest.GENERATED.fromJson(again, type)));
    }
  }

  private static final Object NONE = new Object();

  private static Object read(JsonMapper m, byte[] json, Class<?> type) {
    try {
      return m.fromJson(json, type);
    } catch (BrineException e) {
      assertNotNull(e.getMessage());
      Throwable c = e.getCause();
      assertFalse(c instanceof IndexOutOfBoundsException || c instanceof NegativeArraySizeException
          || c instanceof NullPointerException, () -> "a missing check in disguise: " + e);
      return NONE;
    }
  }

  /** Writes the seeds; run with -Dbrine.writeSeeds=true after a mapping change. */
  @Test
  void writeSeeds() throws IOException {
    if (!Boolean.getBoolean("brine.writeSeeds")) {
      return;
    }
    Files.createDirectories(SEEDS);
    int n = 0;
    for (Object v : List.of(JsonMapperTest.order(), JsonMapperTest.bean(), JsonMapperTest.numbers())) {
      int index = Arrays.asList(JsonMapperTest.CLASSES).indexOf(v.getClass());
      byte[] bytes = JsonMapperTest.GENERATED.toJsonBytes(v);
      byte[] seed = new byte[bytes.length + 1];
      seed[0] = (byte) index;
      System.arraycopy(bytes, 0, seed, 1, bytes.length);
      Files.write(SEEDS.resolve("seed-" + n++), seed);
    }
  }
}
