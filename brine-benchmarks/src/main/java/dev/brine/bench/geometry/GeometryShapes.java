package dev.brine.bench.geometry;

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
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
 * The shapes of {@link GeometryShapesBench}: every geometry type, a size, a coordinate dimension and a
 * coordinate sequence class, built deterministically (SRID 4326).
 *
 * <ul>
 *   <li>{@code shape}: point; multipoint (n points); linestring (n points); multilinestring (3 lines
 *       of n); polygon (a ring of n, n ≥ 4); polygonwithholes (shell of n, 2 holes of max(4, n/2));
 *       multipolygon (5 polygons, each a shell of n and a hole of max(4, n/2)); geometrycollection (a
 *       point, a linestring of n and a polygon with 2 holes as above).
 *   <li>{@code dims}: xy, xyz, xym, xyzm (real Z and M values); {@code xyznan}: what JTS's
 *       default factory makes from {@code new Coordinate(x, y)} — dimension 3 with every Z NaN (Sedona
 *       and WKB writers treat it as XY).
 *   <li>{@code seq}: {@code array} = JTS's default {@code CoordinateArraySequence} of the {@code
 *       Coordinate} subclass of the dimension; {@code packed} = {@code PackedCoordinateSequence.Double}.
 * </ul>
 */
public final class GeometryShapes {
  private GeometryShapes() {}

  /** The geometry for these parameters, SRID 4326, envelope not yet computed. */
  public static Geometry create(String shape, int n, String dims, String seq) {
    Builder b = new Builder(dims, seq);
    int hole = Math.max(4, n / 2);
    Geometry g;
    switch (shape) {
      case "point":
        g = b.point(12.5, 41.9);
        break;
      case "multipoint": {
        Point[] ps = new Point[n];
        for (int i = 0; i < n; i++) {
          ps[i] = b.point(10 + i * 0.01, 40 + Math.sin(i) * 0.5);
        }
        g = b.f.createMultiPoint(ps);
        break;
      }
      case "linestring":
        g = b.line(n, 0);
        break;
      case "multilinestring":
        g = b.f.createMultiLineString(new LineString[] {b.line(n, 0), b.line(n, 1), b.line(n, 2)});
        break;
      case "polygon":
        g = b.f.createPolygon(b.ring(0, 0, 1, n));
        break;
      case "polygonwithholes":
        g = b.polygonWithHoles(0, 0, n, hole, 2);
        break;
      case "multipolygon": {
        Polygon[] ps = new Polygon[5];
        for (int i = 0; i < ps.length; i++) {
          ps[i] = b.polygonWithHoles(i * 25, 0, n, hole, 1);
        }
        g = b.f.createMultiPolygon(ps);
        break;
      }
      case "geometrycollection":
        g = b.f.createGeometryCollection(new Geometry[] {
            b.point(12.5, 41.9), b.line(n, 0), b.polygonWithHoles(0, 0, n, hole, 2)});
        break;
      default:
        throw new IllegalArgumentException("unknown shape " + shape);
    }
    g.setSRID(4326);
    return g;
  }

  /** Coordinates in a given dimension and sequence class. */
  static final class Builder {
    final GeometryFactory f;
    final String dims;
    final boolean packed;
    final int dimension;
    final int measures;
    private int counter;

    Builder(String dims, String seq) {
      this.dims = dims;
      switch (seq) {
        case "array":
          packed = false;
          break;
        case "packed":
          packed = true;
          break;
        default:
          throw new IllegalArgumentException("unknown sequence kind " + seq);
      }
      switch (dims) {
        case "xy":
          dimension = 2;
          measures = 0;
          break;
        case "xyz":
        case "xyznan":
          dimension = 3;
          measures = 0;
          break;
        case "xym":
          dimension = 3;
          measures = 1;
          break;
        case "xyzm":
          dimension = 4;
          measures = 1;
          break;
        default:
          throw new IllegalArgumentException("unknown dimension " + dims);
      }
      f = new GeometryFactory(new PrecisionModel(), 4326,
          packed ? PackedCoordinateSequenceFactory.DOUBLE_FACTORY : org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory.instance());
    }

    private Coordinate coordinate(double x, double y) {
      int k = counter++;
      double z = 100 + k * 0.25;
      double m = k * 1.5;
      switch (dims) {
        case "xy":
          return new CoordinateXY(x, y);
        case "xyz":
          return new Coordinate(x, y, z);
        case "xyznan":
          return new Coordinate(x, y);
        case "xym":
          return new CoordinateXYM(x, y, m);
        default:
          return new CoordinateXYZM(x, y, z, m);
      }
    }

    private CoordinateSequence sequence(Coordinate[] cs) {
      if (!packed) {
        return new CoordinateArraySequence(cs, dimension, measures);
      }
      double[] raw = new double[cs.length * dimension];
      for (int i = 0; i < cs.length; i++) {
        raw[i * dimension] = cs[i].x;
        raw[i * dimension + 1] = cs[i].y;
        if (dimension - measures == 3) {
          raw[i * dimension + 2] = cs[i].getZ();
        }
        if (measures == 1) {
          raw[i * dimension + dimension - 1] = cs[i].getM();
        }
      }
      return PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(raw, dimension, measures);
    }

    Point point(double x, double y) {
      return f.createPoint(sequence(new Coordinate[] {coordinate(x, y)}));
    }

    LineString line(int n, int row) {
      Coordinate[] cs = new Coordinate[n];
      for (int i = 0; i < n; i++) {
        cs[i] = coordinate(10 + i * 0.001, 40 + row + Math.sin(i * 0.1) * 0.01);
      }
      return f.createLineString(sequence(cs));
    }

    /** A closed ring of n ≥ 4 points on a circle. */
    LinearRing ring(double cx, double cy, double r, int n) {
      Coordinate[] cs = new Coordinate[n];
      for (int i = 0; i < n - 1; i++) {
        double a = 2 * Math.PI * i / (n - 1);
        cs[i] = coordinate(cx + r * Math.cos(a), cy + r * Math.sin(a));
      }
      cs[n - 1] = cs[0].copy();
      return f.createLinearRing(sequence(cs));
    }

    Polygon polygonWithHoles(double cx, double cy, int n, int holeN, int holes) {
      LinearRing shell = ring(cx, cy, 10, n);
      LinearRing[] hs = new LinearRing[holes];
      for (int i = 0; i < holes; i++) {
        hs[i] = ring(cx - 4 + 8 * i, cy, 1, holeN);
      }
      return f.createPolygon(shell, hs);
    }
  }

  /** Number of coordinates of a geometry (all rings and parts). */
  public static int coordinates(Geometry g) {
    return g.getNumPoints();
  }
}
