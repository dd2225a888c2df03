package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed src/test/protobuf/model.proto, which protoc compiles for the interoperability
 * tests, is exactly what {@link ProtoMapper#protoSchema} prints for the test model; with
 * {@code -Dbrine.updateSchema=true} the test rewrites it instead.
 */
class SchemaTest {
  static final Path MODEL_PROTO = Path.of("src/test/protobuf/model.proto");

  @Test
  void theCommittedSchemaIsWhatTheMapperPrints() throws IOException {
    String printed = ProtoMapperTest.GENERATED.protoSchema(Samples.CLASSES);
    if (Boolean.getBoolean("brine.updateSchema")) {
      Files.writeString(MODEL_PROTO, printed, StandardCharsets.UTF_8);
    }
    assertEquals(printed, Files.readString(MODEL_PROTO, StandardCharsets.UTF_8));
  }
}
