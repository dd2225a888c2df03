package dev.brine.geometry;

import java.util.Random;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Random geometries from a seed (jqwik shrinks the seed): every type, XY/XYZ/XYM/XYZM, empties and
 * empty parts, nested collections, NaN (with payloads), -0.0, infinities, extreme SRIDs.
 */
final class RandomGeometries {
  static final int[] SRIDS = {0, 4326, 3857, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, (1 << 24) + 7, 1 << 24};

  private final Random r;
  private final boolean allowNaN;
  private final GeometryFactory f;

  RandomGeometries(long seed, boolean allowNaN) {
    this.r = new Random(seed);
    this.allowNaN = allowNaN;
    CoordinateSequenceFactory csf =
        r.nextBoolean() ? PackedCoordinateSequenceFactory.DOUBLE_FACTORY : CoordinateArraySequenceFactory.instance();
    int srid = r.nextInt(3) == 0 ? r.nextInt() : SRIDS[r.nextInt(SRIDS.length)];
    this.f = new GeometryFactory(new PrecisionModel(), srid, csf);
  }

  /** A random geometry of any type. */
  Geometry any() {
    return any(0);
  }

  private Geometry any(int depth) {
    int zm = r.nextInt(4);
    switch (r.nextInt(depth >= 3 ? 7 : 8)) {
      case 0: return point(zm);
      case 1: return lineString(zm);
      case 2: return ring(zm);
      case 3: return polygon(zm);
      case 4: {
        Point[] ps = new Point[r.nextInt(5)];
        for (int i = 0; i < ps.length; i++) ps[i] = point(zm);
        return f.createMultiPoint(ps);
      }
      case 5: {
        LineString[] ls = new LineString[r.nextInt(4)];
        for (int i = 0; i < ls.length; i++) ls[i] = r.nextInt(4) == 0 ? ring(zm) : lineString(zm); // rings: a polygon's boundary
        return f.createMultiLineString(ls);
      }
      case 6: {
        Polygon[] ps = new Polygon[r.nextInt(4)];
        for (int i = 0; i < ps.length; i++) ps[i] = polygon(zm);
        return f.createMultiPolygon(ps);
      }
      default: {
        Geometry[] gs = new Geometry[r.nextInt(5)];
        for (int i = 0; i < gs.length; i++) {
          gs[i] = any(depth + 1);
          if (r.nextInt(4) == 0) gs[i].setSRID(r.nextInt());
        }
        return f.createGeometryCollection(gs);
      }
    }
  }

  double ordinate() {
    switch (r.nextInt(20)) {
      case 0: return allowNaN ? Double.longBitsToDouble(0x7ff8000000000000L | (r.nextLong() & 0xFFFFFFFFFFFL) | 1) : 1.5;
      case 1: return allowNaN ? Double.NaN : -2.5;
      case 2: return -0.0;
      case 3: return r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      case 4: return r.nextBoolean() ? Double.MAX_VALUE : Double.MIN_VALUE;
      case 5: return r.nextInt(100);
      default: return (r.nextDouble() - 0.5) * 360;
    }
  }

  private CoordinateSequence seq(int n, int zm) {
    int measures = (zm & 2) != 0 ? 1 : 0;
    int dim = 2 + (zm & 1) + measures;
    CoordinateSequence s = f.getCoordinateSequenceFactory().create(n, dim, measures);
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < dim; k++) s.setOrdinate(i, k, ordinate());
    }
    return s;
  }

  Point point(int zm) {
    return f.createPoint(seq(r.nextInt(6) == 0 ? 0 : 1, zm));
  }

  LineString lineString(int zm) {
    return f.createLineString(seq(r.nextInt(5) == 0 ? 0 : 2 + r.nextInt(6), zm));
  }

  LinearRing ring(int zm) {
    if (r.nextInt(6) == 0) return f.createLinearRing(seq(0, zm));
    CoordinateSequence s = seq(4 + r.nextInt(5), zm);
    // closed rings: the first point must compare equal in 2D, so no NaN in its X/Y
    s.setOrdinate(0, 0, r.nextInt(1000) - 500);
    s.setOrdinate(0, 1, r.nextInt(1000) - 500);
    for (int k = 0; k < s.getDimension(); k++) s.setOrdinate(s.size() - 1, k, s.getOrdinate(0, k));
    return f.createLinearRing(s);
  }

  Polygon polygon(int zm) {
    if (r.nextInt(5) == 0) return f.createPolygon(f.createLinearRing(seq(0, zm)));
    LinearRing shell;
    do {
      shell = ring(zm);
    } while (shell.isEmpty());
    LinearRing[] holes = new LinearRing[r.nextInt(3)];
    for (int i = 0; i < holes.length; i++) holes[i] = ring(zm);
    return f.createPolygon(shell, holes);
  }
}
