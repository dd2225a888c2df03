package dev.brine.geometry;

import static dev.brine.geometry.GeometryAssert.assertSameGeometry;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

class GeometrySerdeTest {
  /** Modern WKT: "POINT (1 2)" is XY (JTS's default reader makes it XYZ with NaN Z). */
  static final WKTReader WKT = new WKTReader();

  static {
    WKT.setIsOldJtsCoordinateSyntaxAllowed(false);
  }

  /** Not one of the fast-path factories: exercises create(n, dim, measures) + setOrdinate. */
  @SuppressWarnings("serial")
  static final org.locationtech.jts.geom.CoordinateSequenceFactory GENERIC =
      new org.locationtech.jts.geom.CoordinateSequenceFactory() {
        final PackedCoordinateSequenceFactory d = PackedCoordinateSequenceFactory.DOUBLE_FACTORY;

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(Coordinate[] c) {
          return d.create(c);
        }

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(org.locationtech.jts.geom.CoordinateSequence s) {
          return d.create(s);
        }

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(int size, int dimension) {
          return d.create(size, dimension);
        }

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(int size, int dimension, int measures) {
          return d.create(size, dimension, measures);
        }
      };

  static Geometry wkt(String s) {
    try {
      return WKT.read(s);
    } catch (ParseException e) {
      throw new AssertionError(e);
    }
  }

  /** Round trip through the default factory and two explicit ones; returns the encoding. */
  static byte[] roundTrip(Geometry g) {
    byte[] bytes = GeometrySerde.serialize(g);
    assertEquals(0, bytes.length % 8, "encodings are a multiple of 8 bytes");
    assertSameGeometry(g, GeometrySerde.deserialize(bytes));
    assertSameGeometry(g, GeometrySerde.deserialize(bytes, new GeometryFactory(new PrecisionModel(), g.getSRID(), CoordinateArraySequenceFactory.instance())));
    assertSameGeometry(g, GeometrySerde.deserialize(bytes, new GeometryFactory(new PrecisionModel(), 0, GENERIC)));
    Envelope env = GeometrySerde.envelope(bytes);
    Envelope want = g.getEnvelopeInternal();
    assertEquals(want.isNull(), env.isNull());
    if (!want.isNull()) {
      assertEquals(Double.doubleToRawLongBits(want.getMinX()), Double.doubleToRawLongBits(env.getMinX()));
      assertEquals(Double.doubleToRawLongBits(want.getMaxX()), Double.doubleToRawLongBits(env.getMaxX()));
      assertEquals(Double.doubleToRawLongBits(want.getMinY()), Double.doubleToRawLongBits(env.getMinY()));
      assertEquals(Double.doubleToRawLongBits(want.getMaxY()), Double.doubleToRawLongBits(env.getMaxY()));
    }
    assertArrayEquals(bytes, GeometrySerde.serialize(GeometrySerde.deserialize(bytes)), "re-encoding is stable");
    return bytes;
  }

  @Property(tries = 2000)
  void randomGeometriesRoundTrip(@ForAll long seed) {
    roundTrip(new RandomGeometries(seed, true).any());
  }

  @Test
  void pointIsHeaderPlusCoordinates() {
    Geometry p = wkt("POINT (1 2)");
    p.setSRID(4326);
    byte[] b = roundTrip(p);
    assertEquals(
        "01000100e6100000" + "000000000000f03f" + "0000000000000040", HexFormat.of().formatHex(b));
  }

  @Test
  void lineStringLayout() {
    byte[] b = roundTrip(wkt("LINESTRING Z (1 2 3, 4 5 6)"));
    // header 8 + envelope 32 + count/reserved 8 + 2 * 24
    assertEquals(8 + 32 + 8 + 48, b.length);
    assertEquals("02050100", HexFormat.of().formatHex(b, 0, 4));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "POINT EMPTY", "POINT Z EMPTY", "POINT M EMPTY", "POINT ZM EMPTY",
      "LINESTRING EMPTY", "LINESTRING ZM EMPTY", "POLYGON EMPTY", "POLYGON Z EMPTY",
      "MULTIPOINT EMPTY", "MULTILINESTRING EMPTY", "MULTIPOLYGON EMPTY", "GEOMETRYCOLLECTION EMPTY",
      "MULTIPOLYGON (EMPTY)", "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))", "MULTILINESTRING (EMPTY)",
      "MULTIPOINT (EMPTY, (1 2), EMPTY)", "GEOMETRYCOLLECTION (POINT EMPTY, GEOMETRYCOLLECTION EMPTY)",
      "GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (POINT (1 2))), LINESTRING EMPTY)",
      "POINT M (1 2 3)", "POINT ZM (1 2 3 4)", "POINT (NaN NaN)", "POINT Z (1 2 NaN)",
      "LINEARRING (0 0, 1 0, 1 1, 0 0)", "LINEARRING EMPTY",
      "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))",
      "MULTIPOLYGON M (((0 0 1, 10 0 2, 10 10 3, 0 0 1)), ((20 20 1, 30 20 1, 30 30 1, 20 20 1), (21 21 0, 22 21 0, 22 22 0, 21 21 0)))",
      "GEOMETRYCOLLECTION (POINT Z (1 2 3), LINESTRING M (1 2 3, 4 5 6), POLYGON EMPTY)"
  })
  void wktCases(String text) {
    roundTrip(wkt(text));
  }

  @Test
  void emptyMultiPolygonDiffersFromMultiPolygonOfEmpty() {
    byte[] a = roundTrip(wkt("MULTIPOLYGON EMPTY"));
    byte[] b = roundTrip(wkt("MULTIPOLYGON (EMPTY)"));
    assertTrue(!java.util.Arrays.equals(a, b));
    assertEquals(0, GeometrySerde.deserialize(a).getNumGeometries());
    assertEquals(1, GeometrySerde.deserialize(b).getNumGeometries());
  }

  @Test
  void fullSridAndNaNPayloadSurvive() {
    GeometryFactory f = new GeometryFactory();
    double nan = Double.longBitsToDouble(0x7ff8dead0000beefL);
    Point p = f.createPoint(new Coordinate(nan, -0.0, nan));
    p.setSRID((1 << 24) + 12345);
    Point back = (Point) GeometrySerde.deserialize(roundTrip(p));
    assertEquals((1 << 24) + 12345, back.getSRID());
    assertEquals(0x7ff8dead0000beefL, Double.doubleToRawLongBits(back.getX()));
    for (int srid : RandomGeometries.SRIDS) {
      p.setSRID(srid);
      assertEquals(srid, GeometrySerde.deserialize(GeometrySerde.serialize(p)).getSRID());
    }
  }

  @Test
  void linearRingStaysLinearRingAndSridReachesParts() {
    Geometry g = GeometrySerde.deserialize(GeometrySerde.serialize(wkt("LINEARRING (0 0, 1 0, 1 1, 0 0)")));
    assertInstanceOf(LinearRing.class, g);
    Geometry mp = wkt("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))");
    mp.setSRID(4326);
    MultiPolygon back = (MultiPolygon) GeometrySerde.deserialize(GeometrySerde.serialize(mp));
    assertEquals(4326, back.getGeometryN(0).getSRID(), "default factory carries the root SRID");
  }

  @Test
  void envelopeOfEmptyAndPoint() {
    assertTrue(GeometrySerde.envelope(GeometrySerde.serialize(wkt("POLYGON EMPTY"))).isNull());
    assertTrue(GeometrySerde.envelope(GeometrySerde.serialize(wkt("MULTIPOLYGON (EMPTY)"))).isNull());
    assertTrue(GeometrySerde.envelope(GeometrySerde.serialize(wkt("POINT EMPTY"))).isNull());
    assertEquals(new Envelope(3, 3, 4, 4), GeometrySerde.envelope(GeometrySerde.serialize(wkt("POINT (3 4)"))));
    assertEquals(new Envelope(0, 10, -1, 5), GeometrySerde.envelope(GeometrySerde.serialize(wkt("LINESTRING (0 -1, 10 5)"))));
  }

  @Test
  void deepCollectionsAreRefusedOnWrite() {
    GeometryFactory f = new GeometryFactory();
    Geometry g = f.createPoint(new Coordinate(1, 2));
    for (int i = 0; i < 64; i++) {
      g = f.createGeometryCollection(new Geometry[] {g});
    }
    roundTrip(g); // 64 levels: fine
    Geometry deeper = f.createGeometryCollection(new Geometry[] {g});
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(deeper));
    assertThrows(BrineException.class, () -> Wkb.write(deeper));
    GeometryCollection gc = (GeometryCollection) g;
    assertEquals(1, gc.getNumGeometries());
  }

  @Test
  void unsupportedInputsRaiseBrineException() {
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(null));
    assertThrows(BrineException.class, () -> GeometrySerde.deserialize(null));
    assertThrows(BrineException.class, () -> GeometrySerde.envelope(null));
    GeometryFactory f = new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
    Geometry fiveD = f.createPoint(PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(new double[] {1, 2, 3, 4, 5}, 5, 1));
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(fiveD));
  }
}
