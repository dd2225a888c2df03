package dev.brine.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden files (src/test/resources/golden/v1/): the exact JSON bytes of the samples, from both codecs,
 * and read back to values that write them again. {@code -Dbrine.writeGolden=true} writes missing files.
 */
class GoldenFileTest {
  private static final Path DIR = Path.of("src/test/resources/golden/v1");

  @Test
  void samplesMatchTheirGoldenFiles() throws IOException {
    List<Object> samples = List.of(JsonMapperTest.order(), JsonMapperTest.bean());
    for (int i = 0; i < samples.size(); i++) {
      Object v = samples.get(i);
      Path file = DIR.resolve(String.format("%02d-%s.json", i, v.getClass().getSimpleName()));
      byte[] bytes = JsonMapperTest.GENERATED.toJsonBytes(v);
      if (!Files.exists(file) && Boolean.getBoolean("brine.writeGolden")) {
        Files.createDirectories(DIR);
        Files.write(file, bytes);
      }
      assertTrue(Files.exists(file), "missing golden file " + file + " (write it with -Dbrine.writeGolden=true)");
      byte[] golden = Files.readAllBytes(file);
      assertArrayEquals(golden, bytes, file::toString);
      assertArrayEquals(golden, JsonMapperTest.INTERPRETED.toJsonBytes(v), file::toString);
      for (JsonMapper m : List.of(JsonMapperTest.GENERATED, JsonMapperTest.INTERPRETED)) {
        assertArrayEquals(golden, m.toJsonBytes(m.fromJson(golden, v.getClass())), file::toString);
      }
    }
  }
}
