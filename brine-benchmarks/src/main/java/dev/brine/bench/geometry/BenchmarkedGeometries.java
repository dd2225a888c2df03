package dev.brine.bench.geometry;

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * The geometries of seed 000 (Kontinuation's {@code BenchmarkedGeometries}), built with JTS's default
 * factory and rebuilt as 2D (XY) {@code CoordinateArraySequence}s: {@code buffer()} returns plain
 * {@code Coordinate}s, i.e. XYZ with NaN Z, which a format that keeps dimensions exactly would store,
 * while Sedona and 2D WKB drop it. XY keeps every peer on the same data.
 */
public final class BenchmarkedGeometries {
  static final GeometryFactory FACTORY = new GeometryFactory();

  private BenchmarkedGeometries() {}

  /**
   * One workload.
   *
   * @param workload point, linestring, polygon, polygonwithholes, multipolygon or geometrycollection
   * @param n points per part (segments); buffers use {@code n / 4} quadrant segments
   * @return the geometry, SRID 4326
   */
  public static Geometry create(String workload, int n) {
    Geometry g;
    switch (workload) {
      case "point":
        g = point(10, 20);
        break;
      case "linestring":
        g = lineString(n);
        break;
      case "polygon":
        g = polygon(n);
        break;
      case "polygonwithholes":
        g = polygonWithHoles(n);
        break;
      case "multipolygon":
        g = multiPolygon(n);
        break;
      case "geometrycollection":
        g = FACTORY.createGeometryCollection(new Geometry[] {
            point(10, 20), lineString(n), polygon(n), polygonWithHoles(n), multiPolygon(n)});
        break;
      default:
        throw new IllegalArgumentException("unknown workload " + workload);
    }
    g = toXY(g);
    g.setSRID(4326);
    return g;
  }

  static Point point(double x, double y) {
    return FACTORY.createPoint(new Coordinate(x, y));
  }

  static LineString lineString(int n) {
    Coordinate[] cs = new Coordinate[n];
    for (int i = 0; i < n; i++) {
      cs[i] = new Coordinate(i, Math.sin(i) * 10);
    }
    return FACTORY.createLineString(cs);
  }

  static Polygon buffer(double x, double y, double r, int n) {
    return (Polygon) point(x, y).buffer(r, Math.max(1, n / 4));
  }

  static Polygon polygon(int n) {
    return buffer(0, 0, 1, n);
  }

  static Polygon polygonWithHoles(int n) {
    LinearRing shell = buffer(0, 0, 10, n).getExteriorRing();
    LinearRing[] holes = new LinearRing[4];
    int k = 0;
    for (int dx = -1; dx <= 1; dx += 2) {
      for (int dy = -1; dy <= 1; dy += 2) {
        holes[k++] = buffer(dx * 4, dy * 4, 1, n).getExteriorRing();
      }
    }
    return FACTORY.createPolygon(shell, holes);
  }

  static Geometry multiPolygon(int n) {
    return FACTORY.createMultiPolygon(new Polygon[] {buffer(0, 0, 1, n), buffer(5, 0, 1, n), buffer(0, 5, 1, n)});
  }

  /** A copy whose every sequence is a 2D CoordinateArraySequence of CoordinateXY. */
  static Geometry toXY(Geometry g) {
    if (g instanceof Point) {
      return FACTORY.createPoint(xy(((Point) g).getCoordinateSequence()));
    }
    if (g instanceof LinearRing) {
      return FACTORY.createLinearRing(xy(((LinearRing) g).getCoordinateSequence()));
    }
    if (g instanceof LineString) {
      return FACTORY.createLineString(xy(((LineString) g).getCoordinateSequence()));
    }
    if (g instanceof Polygon) {
      Polygon p = (Polygon) g;
      LinearRing[] holes = new LinearRing[p.getNumInteriorRing()];
      for (int i = 0; i < holes.length; i++) {
        holes[i] = (LinearRing) toXY(p.getInteriorRingN(i));
      }
      return FACTORY.createPolygon((LinearRing) toXY(p.getExteriorRing()), holes);
    }
    Geometry[] parts = new Geometry[g.getNumGeometries()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = toXY(g.getGeometryN(i));
    }
    return FACTORY.buildGeometry(java.util.Arrays.asList(parts)).getClass() == g.getClass()
        ? FACTORY.buildGeometry(java.util.Arrays.asList(parts))
        : FACTORY.createGeometryCollection(parts);
  }

  private static CoordinateSequence xy(CoordinateSequence s) {
    Coordinate[] cs = new Coordinate[s.size()];
    for (int i = 0; i < cs.length; i++) {
      cs[i] = new CoordinateXY(s.getX(i), s.getY(i));
    }
    return new CoordinateArraySequence(cs, 2, 0);
  }
}
