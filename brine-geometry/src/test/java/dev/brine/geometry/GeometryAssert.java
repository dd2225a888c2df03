package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/** Bit-exact structural comparison of geometries: class, SRID, dimension, measures, raw ordinates. */
final class GeometryAssert {
  private GeometryAssert() {}

  /** Native format: everything must survive, LinearRing stays LinearRing. */
  static void assertSameGeometry(Geometry expected, Geometry actual) {
    compare(expected, actual, false, true, "root");
    if (!hasNaN(expected) && !expected.equalsExact(actual)) {
      fail("equalsExact failed: " + expected + " vs " + actual);
    }
  }

  /** WKB: LinearRing comes back as LineString; the SRID only if {@code srid}. */
  static void assertSameWkb(Geometry expected, Geometry actual, boolean srid) {
    compare(expected, actual, true, srid, "root");
  }

  /**
   * As read by JTS's WKBReader, which may widen XY to XYZ with NaN Z: compares X, Y and the
   * expected Z/M through getZ/getM.
   */
  static void assertSameJtsRead(Geometry expected, Geometry actual, boolean srid) {
    relaxed.set(true);
    try {
      compare(expected, actual, true, srid, "root");
    } finally {
      relaxed.set(false);
    }
  }

  private static final ThreadLocal<Boolean> relaxed = ThreadLocal.withInitial(() -> false);

  private static void compare(Geometry e, Geometry a, boolean wkb, boolean srid, String path) {
    Class<?> ec = wkb && e instanceof LinearRing ? LineString.class : e.getClass();
    assertEquals(ec, a.getClass(), path + ": class");
    if (srid) {
      assertEquals(e.getSRID(), a.getSRID(), path + ": SRID");
    }
    if (e instanceof Point) {
      seq(((Point) e).getCoordinateSequence(), ((Point) a).getCoordinateSequence(), path);
    } else if (e instanceof LineString) {
      seq(((LineString) e).getCoordinateSequence(), ((LineString) a).getCoordinateSequence(), path);
    } else if (e instanceof Polygon) {
      Polygon pe = (Polygon) e;
      Polygon pa = (Polygon) a;
      assertEquals(pe.isEmpty(), pa.isEmpty(), path + ": empty");
      assertEquals(pe.getNumInteriorRing(), pa.getNumInteriorRing(), path + ": holes");
      seq(pe.getExteriorRing().getCoordinateSequence(), pa.getExteriorRing().getCoordinateSequence(), path + ".shell");
      for (int i = 0; i < pe.getNumInteriorRing(); i++) {
        seq(pe.getInteriorRingN(i).getCoordinateSequence(), pa.getInteriorRingN(i).getCoordinateSequence(), path + ".hole" + i);
      }
    } else if (e instanceof GeometryCollection) {
      assertEquals(e.getNumGeometries(), a.getNumGeometries(), path + ": members");
      boolean gc = e.getClass() == GeometryCollection.class;
      for (int i = 0; i < e.getNumGeometries(); i++) {
        // members of Multi* have no header of their own: their SRID is the container's concern
        compare(e.getGeometryN(i), a.getGeometryN(i), wkb, srid && gc && !wkb, path + "[" + i + "]");
      }
    } else {
      fail("unexpected class " + e.getClass());
    }
  }

  static void seq(CoordinateSequence e, CoordinateSequence a, String path) {
    assertEquals(e.size(), a.size(), path + ": size");
    if (relaxed.get()) {
      for (int i = 0; i < e.size(); i++) {
        same(e.getX(i), a.getX(i), path, i);
        same(e.getY(i), a.getY(i), path, i);
        if (e.hasZ()) same(e.getZ(i), a.getZ(i), path, i);
        if (e.hasM()) same(e.getM(i), a.getM(i), path, i);
      }
      return;
    }
    assertEquals(e.getDimension(), a.getDimension(), path + ": dimension");
    assertEquals(e.getMeasures(), a.getMeasures(), path + ": measures");
    for (int i = 0; i < e.size(); i++) {
      for (int k = 0; k < e.getDimension(); k++) {
        long eb = Double.doubleToRawLongBits(e.getOrdinate(i, k));
        long ab = Double.doubleToRawLongBits(a.getOrdinate(i, k));
        if (eb != ab) {
          fail(path + ": ordinate " + k + " of point " + i + ": " + e.getOrdinate(i, k) + " vs " + a.getOrdinate(i, k));
        }
      }
    }
  }

  private static void same(double e, double a, String path, int i) {
    if (Double.doubleToRawLongBits(e) != Double.doubleToRawLongBits(a)) {
      fail(path + ": point " + i + ": " + e + " vs " + a);
    }
  }

  static boolean hasNaN(Geometry g) {
    boolean[] found = {false};
    g.apply(
        (org.locationtech.jts.geom.CoordinateSequenceFilter)
            new org.locationtech.jts.geom.CoordinateSequenceFilter() {
              @Override
              public void filter(CoordinateSequence s, int i) {
                for (int k = 0; k < s.getDimension(); k++) {
                  if (Double.isNaN(s.getOrdinate(i, k))) found[0] = true;
                }
              }

              @Override
              public boolean isDone() {
                return found[0];
              }

              @Override
              public boolean isGeometryChanged() {
                return false;
              }
            });
    return found[0];
  }
}
