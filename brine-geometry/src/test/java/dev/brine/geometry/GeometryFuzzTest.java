package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brine.BrineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * Coverage-guided fuzzing of the native format and WKB decoders (docs/fuzzing.md). A normal build
 * runs each target on its committed inputs only ({@code GeometryFuzzTestInputs/<method>/}).
 *
 * <p>The property: bad input gets a {@link BrineException} with a message and nothing else; a decoded
 * geometry re-encodes to bytes that decode and re-encode to the same bytes.
 */
class GeometryFuzzTest {

  /** {@code GeometrySerde.deserialize} and {@code GeometrySerde.envelope} on the same bytes. */
  @FuzzTest(maxDuration = "4m")
  void nativeFormat(byte[] input) {
    Geometry g = decode(GeometrySerde::deserialize, input);
    Envelope peeked = decode(GeometrySerde::envelope, input);
    if (g == null) {
      return;
    }
    byte[] again = GeometrySerde.serialize(g);
    assertArrayEquals(again, GeometrySerde.serialize(GeometrySerde.deserialize(again)), "re-encoding is not stable");
    // The stored envelope is trusted, not checked against the coordinates (envelope() must not decode),
    // so the peek equals the decoded envelope only where the input is what the writer writes.
    if (Arrays.equals(input, again)) {
      assertNotNull(peeked, "envelope() rejected bytes that deserialize() accepts");
      assertSameEnvelope(g.getEnvelopeInternal(), peeked);
    }
  }

  @FuzzTest(maxDuration = "4m")
  void wkb(byte[] input) {
    Geometry g = decode(Wkb::read, input);
    if (g == null) {
      return;
    }
    byte[] ewkb = Wkb.writeEwkb(g);
    assertArrayEquals(ewkb, Wkb.writeEwkb(Wkb.read(ewkb)), "re-encoding is not stable");
    byte[] nat = GeometrySerde.serialize(g); // every geometry WKB can describe has a native encoding
    assertArrayEquals(nat, GeometrySerde.serialize(GeometrySerde.deserialize(nat)));
  }

  /** The decoded value, or null after checking the BrineException; anything else propagates. */
  private static <T> T decode(Function<byte[], T> decoder, byte[] input) {
    try {
      return decoder.apply(input);
    } catch (BrineException e) {
      assertNotNull(e.getMessage(), () -> "no message: " + e);
      assertFalse(e.getMessage().isBlank(), () -> "blank message: " + e);
      return null;
    }
  }

  /** Envelopes compared field by field with Double.compare (NaN equals NaN; -0.0 differs from 0.0). */
  private static void assertSameEnvelope(Envelope expected, Envelope actual) {
    boolean same = expected.isNull() ? actual.isNull()
        : Double.compare(expected.getMinX(), actual.getMinX()) == 0 && Double.compare(expected.getMaxX(), actual.getMaxX()) == 0
            && Double.compare(expected.getMinY(), actual.getMinY()) == 0 && Double.compare(expected.getMaxY(), actual.getMaxY()) == 0;
    assertTrue(same, () -> "envelope() gave " + actual + " but the decoded geometry has " + expected);
  }

  /** Rewrites the seed files: {@code mvn -pl brine-geometry -am test -Dtest=GeometryFuzzTest#writeSeeds -Dbrine.writeSeeds=true -Dsurefire.failIfNoSpecifiedTests=false}. */
  @Test
  void writeSeeds() throws IOException {
    assumeTrue(Boolean.getBoolean("brine.writeSeeds"), "writes seed files only with -Dbrine.writeSeeds=true");
    Path dir = Path.of("src/test/resources/dev/brine/geometry/GeometryFuzzTestInputs");
    Files.createDirectories(dir.resolve("nativeFormat"));
    Files.createDirectories(dir.resolve("wkb"));
    for (int i = 0; i < MalformedInputTest.SAMPLES.size(); i++) {
      Geometry g = GeometrySerdeTest.wkt(MalformedInputTest.SAMPLES.get(i));
      g.setSRID(i % 2 == 0 ? 0 : 4326);
      String name = String.format("seed-%02d-%s", i, g.getGeometryType());
      Files.write(dir.resolve("nativeFormat").resolve(name), V1Writer.serialize(g)); // format version 1
      Files.write(dir.resolve("nativeFormat").resolve("v2-" + name), GeometrySerde.serialize(g));
      Files.write(dir.resolve("nativeFormat").resolve("v2-envelope-" + name), GeometrySerde.serializeWithEnvelope(g));
      Files.write(dir.resolve("wkb").resolve(name), i % 2 == 0 ? Wkb.write(g) : Wkb.writeEwkb(g));
    }
    // a MultiLineString of LinearRings (flag RINGS), which no WKT sample can describe
    Geometry rings = GoldenFilesTest.parse(GoldenFilesTest.V2_CASES.get("multilinestring_of_rings"));
    Files.write(dir.resolve("nativeFormat").resolve("v2-rings-MultiLineString"), GeometrySerde.serialize(rings));
  }
}
