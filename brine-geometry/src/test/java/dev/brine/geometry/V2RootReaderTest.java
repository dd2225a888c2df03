package dev.brine.geometry;

import dev.brine.io.Loads;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.brine.BrineException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;

/**
 * The version-2 shortcut ({@link V2RootReader}) must take the shapes it is for, and on any input —
 * valid, truncated, mutated — either decline ({@code null}) or return exactly what {@link V2Reader}
 * returns for the same bytes.
 */
class V2RootReaderTest {
  static final List<String> SHAPES = List.of(
      "POINT (1 2)",
      "POINT ZM (1 2 3 4)",
      "LINESTRING (30 10, 10 30, 40 40)",
      "LINESTRING ZM (30 10 40 300, 10 30 40 300)",
      "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))",
      "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))",
      "POLYGON Z ((30 10 40, 40 40 80, 20 40 60, 10 20 30, 30 10 40))",
      "MULTIPOINT ((1 2), (3 4), (5 6))",
      "MULTILINESTRING M ((1 2 3, 4 5 6), (7 8 9, 10 11 12, 13 14 15))",
      "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((10 10, 20 10, 20 20, 10 10), (11 11, 12 11, 12 12, 11 11)))",
      "MULTIPOLYGON M (((0 0 1, 1 0 1, 1 1 1, 0 0 1)))",
      "GEOMETRYCOLLECTION (POINT (1 2))",
      "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (30 10, 10 30, 40 40),"
          + " POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5)))",
      "GEOMETRYCOLLECTION ZM (POINT ZM (1 2 3 4), LINESTRING ZM (30 10 40 300, 10 30 40 300))",
      "GEOMETRYCOLLECTION (POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1)), POINT (3 4),"
          + " POLYGON Z ((0 0 1, 1 0 1, 1 1 1, 0 0 1)))",
      "GEOMETRYCOLLECTION (MULTIPOINT ((1 2), (3 4)), MULTILINESTRING ((1 2, 4 5), (7 8, 10 11, 13 14)),"
          + " MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((10 10, 20 10, 20 20, 10 10), (11 11, 12 11, 12 12, 11 11))))");

  static GeometryFactory factory(byte[] b) {
    return GeometrySerde.factoryFor(b.length >= 8 ? dev.brine.io.Loads.loadInt32(b, 1) >>> 8 : 0);
  }

  /** A JTS-default line: XYZ with NaN Z (Z left out in the bytes). */
  static byte[] jtsDefault() {
    GeometryFactory f = new GeometryFactory();
    return GeometrySerde.serialize(f.createLineString(new Coordinate[] {new Coordinate(1, 2), new Coordinate(3, 4)}));
  }

  /** The shortcut declines or agrees with the general reader (which must then succeed too). */
  static void agrees(byte[] b) {
    readsAsTheGeneralReader(b, "V2RootReader.read", V2RootReader.read(b, 0, b.length, factory(b)));
  }

  @Test
  void takesTheShapesItIsFor() {
    for (String wkt : SHAPES) {
      Geometry g = GeometrySerdeTest.wkt(wkt);
      g.setSRID(4326);
      byte[] b = GeometrySerde.serialize(g);
      Geometry fast = V2RootReader.read(b, 0, b.length, factory(b));
      assertNotNull(fast, wkt);
      GeometryAssert.assertSameGeometry(g, fast);
      agrees(b);
    }
    byte[] jts = jtsDefault();
    assertNotNull(V2RootReader.read(jts, 0, jts.length, GeometrySerde.factoryFor(0)));
    agrees(jts);
    for (String other : List.of("POLYGON EMPTY", "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))", "POINT EMPTY",
        "LINEARRING (0 0, 1 0, 1 1, 0 0)", "MULTIPOINT ((1 2), EMPTY)",
        "GEOMETRYCOLLECTION (POINT (1 2), GEOMETRYCOLLECTION (POINT (3 4)))", "GEOMETRYCOLLECTION (POINT (1 2), POINT EMPTY)",
        "GEOMETRYCOLLECTION (LINEARRING (0 0, 1 0, 1 1, 0 0))")) {
      byte[] b = GeometrySerde.serialize(GeometrySerdeTest.wkt(other));
      assertNull(V2RootReader.read(b, 0, b.length, factory(b)), other);
    }
    // members whose SRIDs are not the root's keep their own, as with the general reader
    Geometry gc = GeometrySerdeTest.wkt("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (1 2, 3 4), POINT (5 6))");
    gc.setSRID(4326);
    gc.getGeometryN(1).setSRID(3857);
    gc.getGeometryN(2).setSRID(4326);
    byte[] mixed = GeometrySerde.serialize(gc);
    Geometry fast = V2RootReader.read(mixed, 0, mixed.length, factory(mixed));
    assertNotNull(fast);
    Geometry general = V2Reader.read(mixed, 0, mixed.length, factory(mixed), null, true, 1, 0);
    for (int i = 0; i < 3; i++) {
      org.junit.jupiter.api.Assertions.assertEquals(gc.getGeometryN(i).getSRID(), fast.getGeometryN(i).getSRID());
      org.junit.jupiter.api.Assertions.assertEquals(general.getGeometryN(i).getSRID(), fast.getGeometryN(i).getSRID());
    }
    org.junit.jupiter.api.Assertions.assertEquals(4326, fast.getSRID());
    Geometry wide = GeometrySerdeTest.wkt("LINESTRING (1 2, 3 4)");
    wide.setSRID(-1);
    byte[] w = GeometrySerde.serialize(wide);
    assertNull(V2RootReader.read(w, 0, w.length, factory(w)));
  }

  @Test
  void everyTruncationAndSingleByteChangeDeclinesOrAgrees() {
    for (String wkt : SHAPES) {
      byte[] b = GeometrySerde.serialize(GeometrySerdeTest.wkt(wkt));
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

  /**
   * A root shortcut ({@code name}: {@link V2RootReader#rootLine}, {@link V2RootReader#rootPolygon}, {@link
   * V2RootReader#rootMultiLine}) declines the bytes, or reads what the general reader reads from them, which must
   * then succeed: the same geometry, class and SRID.
   */
  static void shortcutAgrees(byte[] b, String name, Function<byte[], Geometry> shortcut) {
    if (b.length < 8) {
      return; // GeometrySerde calls them only on a whole header word
    }
    readsAsTheGeneralReader(b, name, shortcut.apply(b));
  }

  /**
   * {@code fast}, what shortcut {@code name} read from {@code b}, is null (declined) or what the general reader
   * reads from the same bytes, which must then succeed: the same geometry, class and SRID.
   */
  private static void readsAsTheGeneralReader(byte[] b, String name, Geometry fast) {
    if (fast == null) {
      return;
    }
    Geometry general;
    try {
      general = V2Reader.read(b, 0, b.length, factory(b), null, true, 1, 0);
    } catch (BrineException e) {
      throw new AssertionError(name + " accepted what the reader rejects: " + e.getMessage()
          + " for " + java.util.HexFormat.of().formatHex(b), e);
    }
    GeometryAssert.assertSameGeometry(general, fast);
    org.junit.jupiter.api.Assertions.assertEquals(general.getSRID(), fast.getSRID());
    org.junit.jupiter.api.Assertions.assertEquals(general.getClass(), fast.getClass());
  }

  /**
   * Each of {@code wkts} with SRID {@code srid} is taken by the shortcut (the same geometry and SRID, and the
   * same from {@link GeometrySerde#deserialize}); every truncation and single-byte change of its bytes is
   * declined or read as the general reader reads it.
   */
  static void takenOrDeclined(List<String> wkts, int srid, String name, Function<byte[], Geometry> shortcut) {
    for (String wkt : wkts) {
      Geometry g = GeometrySerdeTest.wkt(wkt);
      g.setSRID(srid);
      byte[] b = GeometrySerde.serialize(g);
      Geometry fast = shortcut.apply(b);
      assertNotNull(fast, wkt);
      GeometryAssert.assertSameGeometry(g, fast);
      org.junit.jupiter.api.Assertions.assertEquals(srid, fast.getSRID());
      GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(b));
      for (int len = 0; len <= b.length + 8; len++) {
        shortcutAgrees(Arrays.copyOf(b, len), name, shortcut);
      }
      for (int at = 0; at < b.length; at++) {
        for (int v : new int[] {0, 1, 2, 3, 4, 5, 0x7F, 0x80, 0xFF}) {
          byte[] m = b.clone();
          m[at] = (byte) v;
          shortcutAgrees(m, name, shortcut);
        }
      }
    }
  }

  /** Root LineStrings of every full layout are read by rootLine; others, and every damaged copy, decline or agree. */
  @Test
  void rootLinesAreTakenOrDeclinedNeverMisread() {
    List<String> lines = List.of("LINESTRING (30 10, 10 30, 40 40)", "LINESTRING Z (1 2 3, 4 5 6)", "LINESTRING M (1 2 3, 4 5 6, 7 8 9)",
        "LINESTRING ZM (30 10 40 300, 10 30 40 300)", "LINESTRING (1 1, 1 1)");
    takenOrDeclined(lines, 4326, "rootLine", V2RootReader::rootLine);
    Geometry wide = GeometrySerdeTest.wkt("LINESTRING (1 2, 3 4)");
    wide.setSRID(-1);
    byte[] w = GeometrySerde.serialize(wide);
    assertNull(V2RootReader.rootLine(w), "a wide SRID: the general path");
    org.junit.jupiter.api.Assertions.assertEquals(-1, GeometrySerde.deserialize(w).getSRID());
    byte[] jts = jtsDefault(); // Z left out (NaN): the general path
    assertNull(V2RootReader.rootLine(jts));
    GeometryAssert.assertSameGeometry(GeometrySerde.deserialize(jts), V2Reader.read(jts, 0, jts.length,
        GeometrySerde.factoryFor(0), null, true, 1, 0));
  }

  /** Root polygons of every full layout, with and without holes, are read by rootPolygon; damage and the rest decline or agree. */
  @Test
  void rootPolygonsAreTakenOrDeclinedNeverMisread() {
    List<String> polygons = List.of("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))", "POLYGON Z ((30 10 40, 40 40 80, 20 40 60, 30 10 40))",
        "POLYGON M ((0 0 1, 1 0 2, 1 1 3, 0 0 1))", "POLYGON ZM ((0 0 1 2, 1 0 2 3, 1 1 3 4, 0 0 1 2))",
        "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1))",
        "POLYGON Z ((0 0 1, 10 0 1, 10 10 1, 0 10 1, 0 0 1), (1 1 2, 2 1 2, 2 2 2, 1 1 2), (5 5 3, 6 5 3, 6 6 3, 5 5 3))");
    takenOrDeclined(polygons, 3857, "rootPolygon", V2RootReader::rootPolygon);
    StringBuilder many = new StringBuilder("POLYGON ((0 0, 100 0, 100 100, 0 100, 0 0)");
    for (int i = 0; i < 16; i++) { // 17 rings: more than rootPolygon takes
      many.append(", (").append(i * 5 + 1).append(" 1, ").append(i * 5 + 2).append(" 1, ").append(i * 5 + 2).append(" 2, ")
          .append(i * 5 + 1).append(" 1)");
    }
    for (String other : List.of(many.append(")").toString(), "POLYGON EMPTY")) {
      byte[] b = GeometrySerde.serialize(GeometrySerdeTest.wkt(other));
      assertNull(V2RootReader.rootPolygon(b), other);
      GeometryAssert.assertSameGeometry(GeometrySerdeTest.wkt(other), GeometrySerde.deserialize(b));
    }
  }

  /** Root MultiLineStrings of every full layout are read by rootMultiLine; rings, damage and the rest decline or agree. */
  @Test
  void rootMultiLinesAreTakenOrDeclinedNeverMisread() {
    List<String> multiLines = List.of("MULTILINESTRING ((1 2, 3 4))", "MULTILINESTRING Z ((1 2 3, 4 5 6), (7 8 9, 1 2 3, 4 5 6))",
        "MULTILINESTRING M ((1 2 3, 4 5 6), (7 8 9, 10 11 12, 13 14 15))", "MULTILINESTRING ZM ((1 2 3 4, 5 6 7 8), (1 1 1 1, 2 2 2 2))");
    takenOrDeclined(multiLines, 2154, "rootMultiLine", V2RootReader::rootMultiLine);
    GeometryFactory f = new GeometryFactory();
    Geometry withRing = f.createMultiLineString(new LineString[] {
        f.createLinearRing(new Coordinate[] {new Coordinate(0, 0), new Coordinate(1, 0), new Coordinate(1, 1), new Coordinate(0, 0)}),
        f.createLineString(new Coordinate[] {new Coordinate(5, 5), new Coordinate(6, 6)})});
    byte[] rb = GeometrySerde.serialize(withRing);
    assertNull(V2RootReader.rootMultiLine(rb), "a LinearRing member: the general path keeps it a ring");
    GeometryAssert.assertSameGeometry(withRing, GeometrySerde.deserialize(rb));
  }

  @Property(tries = 2000)
  void randomMutationsDeclineOrAgree(@ForAll long seed) {
    Random r = new Random(seed);
    byte[] b = GeometrySerde.serialize(GeometrySerdeTest.wkt(SHAPES.get(r.nextInt(SHAPES.size()))));
    for (int i = 0, flips = 1 + r.nextInt(4); i < flips; i++) {
      int at = r.nextInt(b.length);
      b[at] = (byte) (r.nextInt(3) == 0 ? r.nextInt(256) : b[at] ^ (1 << r.nextInt(8)));
    }
    agrees(b);
  }
}
