package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.brine.BrineException;
import dev.brine.io.Loads;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * The root shortcut ({@link V1RootReader}) must take the shapes it is for, and on any input — valid,
 * truncated, mutated — either decline ({@code null}) or return exactly what {@link V1Reader}
 * returns for the same bytes.
 */
class V1RootReaderTest {
  static final List<String> SHAPES = List.of(
      "LINESTRING (30 10, 10 30, 40 40)",
      "LINESTRING ZM (30 10 40 300, 10 30 40 300)",
      "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))",
      "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))",
      "POLYGON Z ((30 10 40, 40 40 80, 20 40 60, 10 20 30, 30 10 40))",
      "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((10 10, 20 10, 20 20, 10 10), (11 11, 12 11, 12 12, 11 11)))",
      "MULTIPOLYGON M (((0 0 1, 1 0 1, 1 1 1, 0 0 1)))");

  static GeometryFactory factory(byte[] b) {
    return GeometrySerde.factoryFor(b.length >= 8 ? Loads.loadInt32(b, 4) : 0);
  }

  /** The shortcut declines or agrees with the general reader (which must then succeed too). */
  static void agrees(byte[] b) {
    Geometry fast = V1RootReader.read(b, factory(b));
    if (fast == null) {
      return;
    }
    Geometry general;
    try {
      general = new V1Reader(b, 0, b.length, factory(b)).readAll();
    } catch (BrineException e) {
      throw new AssertionError("shortcut accepted what the reader rejects: " + e.getMessage()
          + " for " + java.util.HexFormat.of().formatHex(b), e);
    }
    GeometryAssert.assertSameGeometry(general, fast);
  }

  @Test
  void takesTheShapesItIsFor() {
    for (String wkt : SHAPES) {
      Geometry g = GeometrySerdeTest.wkt(wkt);
      g.setSRID(4326);
      byte[] b = V1Writer.serialize(g);
      Geometry fast = V1RootReader.read(b, factory(b));
      assertNotNull(fast, wkt);
      GeometryAssert.assertSameGeometry(g, fast);
      agrees(b);
    }
    for (String other : List.of("POINT (1 2)", "POLYGON EMPTY", "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))",
        "LINEARRING (0 0, 1 0, 1 1, 0 0)", "MULTILINESTRING ((1 2, 3 4))", "GEOMETRYCOLLECTION (POINT (1 2))")) {
      byte[] b = V1Writer.serialize(GeometrySerdeTest.wkt(other));
      assertNull(V1RootReader.read(b, factory(b)), other);
    }
  }

  @Test
  void everyTruncationAndSingleByteChangeDeclinesOrAgrees() {
    for (String wkt : SHAPES) {
      byte[] b = V1Writer.serialize(GeometrySerdeTest.wkt(wkt));
      for (int len = 0; len <= b.length + 8; len++) {
        agrees(Arrays.copyOf(b, len));
      }
      for (int at = 0; at < b.length; at++) {
        for (int v : new int[] {0, 1, 2, 3, 4, 5, 0x7F, 0x80, 0xFF}) {
          byte[] m = b.clone();
          m[at] = (byte) v;
          agrees(m);
        }
      }
    }
  }

  @Property(tries = 2000)
  void randomMutationsDeclineOrAgree(@ForAll long seed) {
    Random r = new Random(seed);
    byte[] b = V1Writer.serialize(GeometrySerdeTest.wkt(SHAPES.get(r.nextInt(SHAPES.size()))));
    for (int i = 0, flips = 1 + r.nextInt(4); i < flips; i++) {
      int at = r.nextInt(b.length);
      b[at] = (byte) (r.nextInt(3) == 0 ? r.nextInt(256) : b[at] ^ (1 << r.nextInt(8)));
    }
    agrees(b);
  }
}
