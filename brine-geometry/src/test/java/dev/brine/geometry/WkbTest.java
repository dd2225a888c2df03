package dev.brine.geometry;

import static dev.brine.geometry.GeometryAssert.assertSameWkb;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.ByteOrderValues;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;

class WkbTest {

  /** Ours both ways, and JTS interop both ways where JTS supports the case. */
  static void check(Geometry g) {
    assertSameWkb(g, Wkb.read(Wkb.write(g)), false);
    assertSameWkb(g, Wkb.read(Wkb.writeEwkb(g)), true);
    int zm = zmOf(g);
    if (zm == 0 || zm == Coords.Z) {
      int dim = zm == 0 ? 2 : 3;
      byte[] jtsEwkb = new WKBWriter(dim, ByteOrderValues.LITTLE_ENDIAN, true).write(g);
      assertArrayEquals(jtsEwkb, Wkb.writeEwkb(g), "EWKB equals JTS's byte for byte");
      if (zm == 0) {
        assertArrayEquals(new WKBWriter(2, ByteOrderValues.LITTLE_ENDIAN).write(g), Wkb.write(g), "ISO 2D equals JTS");
      }
      assertSameWkb(g, Wkb.read(new WKBWriter(dim, ByteOrderValues.BIG_ENDIAN, true).write(g)), true);
    }
    try {
      GeometryAssert.assertSameJtsRead(g, new WKBReader().read(Wkb.writeEwkb(g)), true);
      GeometryAssert.assertSameJtsRead(g, new WKBReader().read(Wkb.write(g)), false);
    } catch (ParseException e) {
      throw new AssertionError(e);
    }
  }

  /** Uniform dimension of all sequences, -1 if mixed (JTS writes one dimension for all). */
  static int zmOf(Geometry g) {
    int[] zm = {-2};
    collect(g, zm);
    return zm[0] == -2 ? 0 : zm[0];
  }

  private static void collect(Geometry g, int[] zm) {
    if (g.getNumGeometries() > 1 || g instanceof org.locationtech.jts.geom.GeometryCollection) {
      for (int i = 0; i < g.getNumGeometries(); i++) collect(g.getGeometryN(i), zm);
      return;
    }
    int t = NativeWriter.typeOf(g);
    int z = NativeWriter.zmOf(g, t);
    zm[0] = zm[0] == -2 || zm[0] == z ? z : -1;
  }

  @Property(tries = 1500)
  void randomGeometries(@ForAll long seed) {
    Geometry g = new RandomGeometries(seed, false).any();
    // without NaN: WKB writes POINT EMPTY as NaN ordinates, so an all-NaN point reads back empty
    check(g);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "POINT (1 2)", "POINT Z (1 2 3)", "POINT M (1 2 3)", "POINT ZM (1 2 3 4)", "POINT EMPTY",
      "LINESTRING (1 2, 3 4)", "LINESTRING EMPTY", "POLYGON EMPTY",
      "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))", "MULTIPOINT ((1 2), EMPTY)",
      "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))", "MULTILINESTRING ZM ((1 2 3 4, 5 6 7 8))",
      "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION (LINESTRING (1 2, 3 4)))",
      "GEOMETRYCOLLECTION EMPTY"
  })
  void wktCases(String wkt) {
    Geometry g = GeometrySerdeTest.wkt(wkt);
    g.setSRID(4326);
    check(g);
  }

  @Test
  void isoTypeCodes() {
    HexFormat hex = HexFormat.of();
    assertEquals("01e9030000", hex.formatHex(Wkb.write(GeometrySerdeTest.wkt("POINT Z (1 2 3)")), 0, 5));
    assertEquals("01d1070000", hex.formatHex(Wkb.write(GeometrySerdeTest.wkt("POINT M (1 2 3)")), 0, 5));
    assertEquals("01b90b0000", hex.formatHex(Wkb.write(GeometrySerdeTest.wkt("POINT ZM (1 2 3 4)")), 0, 5));
    Geometry p = GeometrySerdeTest.wkt("POINT ZM (1 2 3 4)");
    p.setSRID(4326);
    assertEquals("01010000e0e6100000", hex.formatHex(Wkb.writeEwkb(p), 0, 9));
  }
}
