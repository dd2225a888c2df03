package dev.brine.bench.geometry;

import java.util.Arrays;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Coordinates;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * A floor for deserializers (see {@link GeometryShapesBench#deserialize_buildfloor}): build a new JTS geometry
 * equal to a given one from its coordinates already decoded into {@code double[]}s (prepared once in advance),
 * with the fewest objects JTS allows — one {@code double[]} (a copy: {@code Arrays.copyOf}) and one packed
 * sequence per line or ring (the size kept in a field, as Brine's decoder does), one sequence object with the
 * ordinates in fields per point — through the same {@link GeometryFactory} calls every decoder makes
 * ({@code createLinearRing} and {@code createPolygon} validate as JTS always does). It reads no bytes and checks
 * nothing, so no decoder that returns a JTS geometry can be faster on this JVM.
 */
final class BuildFloor {
  private final GeometryFactory factory;
  private final Node root;

  BuildFloor(Geometry g) {
    factory = g.getFactory();
    root = node(g);
  }

  /** A new geometry equal to the one given at construction. */
  Geometry build() {
    return root.build(factory);
  }

  private abstract static class Node {
    abstract Geometry build(GeometryFactory f);
  }

  private static Node node(Geometry g) {
    if (g instanceof Point) {
      return new PointNode((Point) g);
    }
    if (g instanceof LinearRing) {
      Seq s = new Seq(((LinearRing) g).getCoordinateSequence());
      return new Node() {
        @Override
        Geometry build(GeometryFactory f) {
          return f.createLinearRing(s.copy());
        }
      };
    }
    if (g instanceof LineString) {
      Seq s = new Seq(((LineString) g).getCoordinateSequence());
      return new Node() {
        @Override
        Geometry build(GeometryFactory f) {
          return f.createLineString(s.copy());
        }
      };
    }
    if (g instanceof Polygon) {
      return new PolygonNode((Polygon) g);
    }
    Node[] parts = new Node[g.getNumGeometries()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = node(g.getGeometryN(i));
    }
    if (g instanceof MultiPoint) {
      return new Node() {
        @Override
        Geometry build(GeometryFactory f) {
          Point[] ps = new Point[parts.length];
          for (int i = 0; i < ps.length; i++) {
            ps[i] = (Point) parts[i].build(f);
          }
          return f.createMultiPoint(ps);
        }
      };
    }
    if (g instanceof MultiLineString) {
      return new Node() {
        @Override
        Geometry build(GeometryFactory f) {
          LineString[] ls = new LineString[parts.length];
          for (int i = 0; i < ls.length; i++) {
            ls[i] = (LineString) parts[i].build(f);
          }
          return f.createMultiLineString(ls);
        }
      };
    }
    if (g instanceof MultiPolygon) {
      return new Node() {
        @Override
        Geometry build(GeometryFactory f) {
          Polygon[] ps = new Polygon[parts.length];
          for (int i = 0; i < ps.length; i++) {
            ps[i] = (Polygon) parts[i].build(f);
          }
          return f.createMultiPolygon(ps);
        }
      };
    }
    if (g instanceof GeometryCollection) {
      return new Node() {
        @Override
        Geometry build(GeometryFactory f) {
          Geometry[] gs = new Geometry[parts.length];
          for (int i = 0; i < gs.length; i++) {
            gs[i] = parts[i].build(f);
          }
          return f.createGeometryCollection(gs);
        }
      };
    }
    throw new IllegalArgumentException("no floor for " + g.getGeometryType());
  }

  /** A polygon: its rings' coordinates. */
  private static final class PolygonNode extends Node {
    private final Seq shell;
    private final Seq[] holes;

    PolygonNode(Polygon p) {
      shell = new Seq(p.getExteriorRing().getCoordinateSequence());
      holes = new Seq[p.getNumInteriorRing()];
      for (int i = 0; i < holes.length; i++) {
        holes[i] = new Seq(p.getInteriorRingN(i).getCoordinateSequence());
      }
    }

    @Override
    Geometry build(GeometryFactory f) {
      LinearRing s = f.createLinearRing(shell.copy());
      if (holes.length == 0) {
        return f.createPolygon(s);
      }
      LinearRing[] hs = new LinearRing[holes.length];
      for (int i = 0; i < hs.length; i++) {
        hs[i] = f.createLinearRing(holes[i].copy());
      }
      return f.createPolygon(s, hs);
    }
  }

  /** The decoded ordinates of one line or ring. */
  private static final class Seq {
    private final double[] raw;
    private final int dimension;
    private final int measures;

    Seq(CoordinateSequence s) {
      dimension = s.getDimension();
      measures = s.getMeasures();
      raw = new double[s.size() * dimension];
      for (int i = 0; i < s.size(); i++) {
        for (int k = 0; k < dimension; k++) {
          raw[i * dimension + k] = s.getOrdinate(i, k);
        }
      }
    }

    CoordinateSequence copy() {
      return new Sized(Arrays.copyOf(raw, raw.length), dimension, measures);
    }
  }

  /** JTS's packed sequence with its size in a field (JTS's own {@code size()} divides on every call). */
  private static final class Sized extends PackedCoordinateSequence.Double {
    private static final long serialVersionUID = 1L;
    private final int size;

    Sized(double[] raw, int dimension, int measures) {
      super(raw, dimension, measures);
      size = raw.length / dimension;
    }

    @Override
    public int size() {
      return size;
    }
  }

  /** A point: its ordinates. */
  private static final class PointNode extends Node {
    private final double x;
    private final double y;
    private final double z;
    private final double m;
    private final int dimension;
    private final int measures;

    PointNode(Point p) {
      CoordinateSequence s = p.getCoordinateSequence();
      dimension = s.getDimension();
      measures = s.getMeasures();
      x = s.getX(0);
      y = s.getY(0);
      z = s.getZ(0);
      m = s.getM(0);
    }

    @Override
    Geometry build(GeometryFactory f) {
      return f.createPoint(new One(x, y, z, m, dimension, measures));
    }
  }

  /** One coordinate in fields: a point's sequence with a single object. */
  private static final class One implements CoordinateSequence {
    private double x;
    private double y;
    private double z;
    private double m;
    private final int dimension;
    private final int measures;

    One(double x, double y, double z, double m, int dimension, int measures) {
      this.x = x;
      this.y = y;
      this.z = z;
      this.m = m;
      this.dimension = dimension;
      this.measures = measures;
    }

    @Override
    public int getDimension() {
      return dimension;
    }

    @Override
    public int getMeasures() {
      return measures;
    }

    @Override
    public Coordinate getCoordinate(int i) {
      return getCoordinateCopy(i);
    }

    @Override
    public Coordinate getCoordinateCopy(int i) {
      Coordinate c = Coordinates.create(dimension, measures);
      getCoordinate(i, c);
      return c;
    }

    @Override
    public void getCoordinate(int index, Coordinate coord) {
      for (int k = 0; k < dimension; k++) {
        coord.setOrdinate(k, getOrdinate(index, k));
      }
    }

    @Override
    public double getX(int index) {
      return x;
    }

    @Override
    public double getY(int index) {
      return y;
    }

    @Override
    public double getOrdinate(int index, int ordinateIndex) {
      switch (ordinateIndex) {
        case 0:
          return x;
        case 1:
          return y;
        case 2:
          return dimension - measures > 2 ? z : m;
        case 3:
          return m;
        default:
          throw new IndexOutOfBoundsException(ordinateIndex);
      }
    }

    @Override
    public int size() {
      return 1;
    }

    @Override
    public void setOrdinate(int index, int ordinateIndex, double value) {
      switch (ordinateIndex) {
        case 0 -> x = value;
        case 1 -> y = value;
        case 2 -> {
          if (dimension - measures > 2) {
            z = value;
          } else {
            m = value;
          }
        }
        default -> m = value;
      }
    }

    @Override
    public Coordinate[] toCoordinateArray() {
      return new Coordinate[] {getCoordinateCopy(0)};
    }

    @Override
    public Envelope expandEnvelope(Envelope env) {
      env.expandToInclude(x, y);
      return env;
    }

    @Override
    @SuppressWarnings("deprecation")
    public Object clone() {
      return copy();
    }

    @Override
    public One copy() {
      return new One(x, y, z, m, dimension, measures);
    }
  }
}
