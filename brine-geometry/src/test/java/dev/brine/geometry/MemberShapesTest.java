package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * The members of multi-part geometries keep what they are: a MultiLineString's LinearRings (flag RINGS) and the
 * dimension of non-empty members beside JTS's XYZ empties; a MultiPoint's points each keep their own layout.
 */
class MemberShapesTest {
  @Test
  void linearRingsInMultiLineStringsStayLinearRings() {
    // a polygon's boundary is a MultiLineString of LinearRings (JTS's equalsExact tells them from LineStrings)
    String holes = "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))";
    List<Geometry> cases = new ArrayList<>();
    for (String text : List.of(holes, "POLYGON Z ((0 0 1, 10 0 2, 10 10 3, 0 0 1))", "POLYGON M ((0 0 1, 10 0 2, 10 10 3, 0 0 1))",
        "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5), (5.1 5.1, 5.2 5.1, 5.2 5.2, 5.1 5.1)))")) {
      cases.add(GeometrySerdeTest.wkt(text).getBoundary());
    }
    for (CoordinateSequenceFactory csf : List.of(PackedCoordinateSequenceFactory.DOUBLE_FACTORY, PackedCoordinateSequenceFactory.FLOAT_FACTORY)) {
      GeometryFactory f = new GeometryFactory(new PrecisionModel(), 0, csf);
      cases.add(f.createGeometry(GeometrySerdeTest.wkt(holes)).getBoundary());
    }
    GeometryFactory f = new GeometryFactory();
    LineString line = (LineString) GeometrySerdeTest.wkt("LINESTRING (7 7, 8 8, 9 7)");
    LinearRing ring = (LinearRing) GeometrySerdeTest.wkt("LINEARRING (0 0, 1 0, 1 1, 0 0)");
    CoordinateSequence none = new CoordinateArraySequence(0, 2, 0);
    cases.add(f.createMultiLineString(new LineString[] {line, ring, f.createLinearRing(none), f.createLineString(none), ring}));
    cases.add(f.createMultiLineString(new LineString[] {f.createLinearRing()}));
    Geometry wide = GeometrySerdeTest.wkt(holes).getBoundary();
    wide.setSRID(-1); // the header's extension
    cases.add(wide);
    cases.add(f.createGeometryCollection(new Geometry[] {GeometrySerdeTest.wkt(holes).getBoundary(), line}));
    for (Geometry g : cases) {
      byte[] bytes = GeometrySerdeTest.roundTrip(g);
      Geometry back = GeometrySerde.deserialize(bytes);
      assertTrue(g.equalsExact(back), g + " -> " + back);
      for (int i = 0; i < g.getNumGeometries(); i++) {
        assertEquals(g.getGeometryN(i).getClass(), back.getGeometryN(i).getClass(), g + " member " + i);
      }
    }
    // plain LineStrings keep today's bytes: no RINGS flag, no mark in their counts
    byte[] plain = GeometrySerde.serialize(GeometrySerdeTest.wkt("MULTILINESTRING ((1 2, 3 4), EMPTY)"));
    assertEquals(0, plain[1] & NativeFormat.FLAG_RINGS);
  }

  @Test
  void emptyMembersDoNotWidenTheOthers() {
    // JTS's empty geometries (createLineString(), createPolygon(), createPoint()) are XYZ; the XY members beside
    // them keep XY: an empty member has no ordinates, so its dimension counts only when every member is empty
    GeometryFactory f = new GeometryFactory();
    PackedCoordinateSequenceFactory packed = PackedCoordinateSequenceFactory.DOUBLE_FACTORY;
    CoordinateSequence xy = packed.create(new double[] {1, 2, 3, 4, 5, 6, 1, 2}, 2, 0);
    CoordinateSequence xym = packed.create(new double[] {1, 2, 9, 3, 4, 8, 5, 6, 7, 1, 2, 9}, 3, 1);
    for (CoordinateSequence seq : List.of(xy, xym)) {
      List<Geometry> cases = List.of(
          f.createMultiLineString(new LineString[] {f.createLineString(seq), f.createLineString(), f.createLinearRing()}),
          f.createMultiPolygon(new Polygon[] {f.createPolygon(), f.createPolygon(seq)}),
          f.createPolygon(f.createLinearRing(seq), new LinearRing[] {f.createLinearRing()}),
          f.createMultiPoint(new Point[] {f.createPoint(), f.createPoint(packed.create(Arrays.copyOf(new double[] {1, 2, 3}, seq.getDimension()), seq.getDimension(), seq.getMeasures()))}));
      for (Geometry g : cases) {
        Geometry back = GeometrySerde.deserialize(GeometrySerde.serialize(g));
        assertTrue(g.equalsExact(back), g + " -> " + back);
        for (int i = 0; i < g.getNumGeometries(); i++) {
          Geometry m = g.getGeometryN(i);
          if (!m.isEmpty()) {
            assertEquals(seq.getDimension(), dimension(back.getGeometryN(i)), g + " member " + i);
          }
        }
      }
    }
    // all empty: their own dimension, as before
    Geometry allEmpty = f.createMultiLineString(new LineString[] {f.createLineString()});
    assertEquals(3, dimension(GeometrySerde.deserialize(GeometrySerde.serialize(allEmpty)).getGeometryN(0)));
  }

  @Test
  void multiPointsOfEveryLayoutKeepEachPointWhateverFollowsTheFirst() {
    // the one-method writer of XYZ, XYM and XYZM MultiPoints plans from the first point: every later point that is not
    // like it (another dimension or sequence class, empty) hands the geometry to the general writer, and a first point
    // whose Z or M is the NaN the general writer leaves out never takes it
    GeometryFactory f = new GeometryFactory(new PrecisionModel(), 4326);
    PackedCoordinateSequenceFactory packed = PackedCoordinateSequenceFactory.DOUBLE_FACTORY;
    Point xyz = point(f, new Coordinate(1, 2, 3), 3, 0);
    Point xyzNan = point(f, new Coordinate(1, 2, Double.NaN), 3, 0);
    Point xym = point(f, new CoordinateXYM(4, 5, 6), 3, 1);
    Point xymNan = point(f, new CoordinateXYM(4, 5, Double.NaN), 3, 1);
    Point xyzm = point(f, new CoordinateXYZM(7, 8, 9, 10), 4, 1);
    Point xyzmNanM = point(f, new CoordinateXYZM(7, 8, 9, Double.NaN), 4, 1);
    Point xy = point(f, new CoordinateXY(11, 12), 2, 0);
    Point packedXyz = f.createPoint(packed.create(new double[] {13, 14, 15}, 3, 0));
    Point empty = f.createPoint(new CoordinateArraySequence(0, 3, 0));
    Point[][] sameLayout = {
      {xyz, xyz, xyz}, {xyz, xyzNan, xyz}, {xyzNan, xyz}, {xyzNan, xyzNan}, {xyz, packedXyz}, {xyz, empty, xyz},
      {xym, xym}, {xym, xymNan}, {xymNan, xym}, {xyzm, xyzm}, {xyzm, xyzmNanM}, {xyzmNanM, xyzm}, {packedXyz, xyz}};
    for (Point[] points : sameLayout) {
      Geometry g = f.createMultiPoint(points);
      GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(GeometrySerde.serialize(g)));
    }
    // points of different layouts share the widest one (as in WKB): every ordinate each point has comes back
    Point[][] mixed = {{xyz, xym}, {xyz, xy}, {xym, xyz}, {xyzm, xyz}, {xyzm, packedXyz}, {xy, xyzm}};
    for (Point[] points : mixed) {
      Geometry g = f.createMultiPoint(points);
      GeometryAssert.assertSameJtsRead(g, GeometrySerde.deserialize(GeometrySerde.serialize(g)), true);
    }
    // a sequence that declares Z but holds a Coordinate without one (its getZ is NaN; its getOrdinate(2) throws):
    // read as JTS's sequence reads it, first or later
    Point lying = f.createPoint(new CoordinateArraySequence(new Coordinate[] {new CoordinateXY(1, 2)}, 3, 0));
    for (Point[] points : new Point[][] {{lying, xyz}, {xyz, lying}}) {
      Geometry g = f.createMultiPoint(points);
      GeometryAssert.assertSameJtsRead(g, GeometrySerde.deserialize(GeometrySerde.serialize(g)), true);
    }
  }

  private static Point point(GeometryFactory f, Coordinate c, int dimension, int measures) {
    return f.createPoint(new CoordinateArraySequence(new Coordinate[] {c}, dimension, measures));
  }

  /** The declared dimension of a geometry's (first) sequence. */
  private static int dimension(Geometry g) {
    if (g instanceof Point) {
      return ((Point) g).getCoordinateSequence().getDimension();
    }
    if (g instanceof Polygon) {
      return ((Polygon) g).getExteriorRing().getCoordinateSequence().getDimension();
    }
    return ((LineString) g).getCoordinateSequence().getDimension();
  }
}
