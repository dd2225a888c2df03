package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden files (src/test/resources/golden/v1/): the protobuf bytes of every sample. Both codecs
 * write exactly these bytes and read them back to values that write them again. A changed byte is a
 * change of the mapping: protobuf peers would read the old bytes differently. {@code
 * -Dbrine.writeGolden=true} writes missing files (never overwrites).
 */
class GoldenFileTest {
  private static final Path DIR = Path.of("src/test/resources/golden/v1");

  @Test
  void everySampleMatchesItsGoldenFile() throws IOException {
    List<Object> all = Samples.all();
    int checked = 0;
    for (int i = 0; i < all.size(); i++) {
      Object v = all.get(i);
      Path file = DIR.resolve(String.format("%02d-%s.bin", i, v.getClass().getSimpleName()));
      byte[] bytes = ProtoMapperTest.GENERATED.toBytes(v);
      if (!Files.exists(file) && Boolean.getBoolean("brine.writeGolden")) {
        Files.createDirectories(DIR);
        Files.write(file, bytes);
      }
      assertTrue(Files.exists(file), "missing golden file " + file + " (write it with -Dbrine.writeGolden=true)");
      byte[] golden = Files.readAllBytes(file);
      assertArrayEquals(golden, bytes, file::toString);
      assertArrayEquals(golden, ProtoMapperTest.INTERPRETED.toBytes(v), file::toString);
      for (ProtoMapper m : List.of(ProtoMapperTest.GENERATED, ProtoMapperTest.INTERPRETED)) {
        assertArrayEquals(golden, m.toBytes(m.fromBytes(golden, v.getClass())), file::toString);
      }
      checked++;
    }
    try (var files = Files.list(DIR)) {
      assertEquals(checked, files.count(), "a golden file without a sample");
    }
  }

  /** Literal bytes for the encodings a reader can check by hand (protobuf's encoding guide). */
  @Test
  void literalBytes() {
    ProtoMapper m = ProtoMapperTest.GENERATED;
    // Order{id=150}: field 1 varint 150 = 08 96 01
    assertArrayEquals(new byte[] {0x08, (byte) 0x96, 0x01},
        m.toBytes(new dev.brine.protobuf.model.Order(150, null, List.of(), null, dev.brine.protobuf.model.Status.UNKNOWN)));
    // Inner{id=-1, label="testing"}: int32 -1 is ten bytes; string field 2 = 12 07 "testing"
    byte[] inner = m.toBytes(new dev.brine.protobuf.model.Order(0, "testing", List.of(), null,
        dev.brine.protobuf.model.Status.RETIRED));
    assertArrayEquals(new byte[] {0x12, 0x07, 't', 'e', 's', 't', 'i', 'n', 'g',
        0x28, (byte) 0xFD, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF, 0x01}, inner);
  }
}
