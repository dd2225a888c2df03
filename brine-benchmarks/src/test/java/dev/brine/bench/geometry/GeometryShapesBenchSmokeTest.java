package dev.brine.bench.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/** Runs every GeometryShapesBench method once per shape, dimension and sequence class (no timing). */
class GeometryShapesBenchSmokeTest {
  @Test
  void everyShapeRoundTrips() {
    for (String shape : new String[] {"point", "multipoint", "linestring", "multilinestring", "polygon", "polygonwithholes", "multipolygon", "geometrycollection"}) {
      for (String dims : new String[] {"xy", "xyz", "xym", "xyzm", "xyznan"}) {
        for (String seq : new String[] {"array", "packed"}) {
          for (int n : new int[] {4, 17}) {
            GeometryShapesBench b = new GeometryShapesBench();
            b.shape = shape;
            b.n = n;
            b.dims = dims;
            b.seq = seq;
            b.setup(); // checks both round trips
            String what = shape + " " + dims + " " + seq + " n=" + n;
            Geometry g = b.geometry();
            assertTrue(GeometryShapesBench.sameExactly(g, b.deserialize_brine()), what);
            assertTrue(g.equalsExact(b.deserialize_sedona()), what);
            assertTrue(GeometryShapesBench.sameExactly(g, b.deserialize_buildfloor()), what);
            assertArrayEquals(b.serialize_brine(), b.fresh_brine(), what);
            assertArrayEquals(b.serialize_sedona(), b.fresh_sedona(), what);
            assertTrue(b.into_brine() == b.brineSize(), what);
            assertTrue(b.floor_copy().length == b.sedonaSize(), what);
            // Sedona stores X, Y and the Z/M of the first coordinate (all NaN Z: XY); Brine keeps the
            // declared dimension exactly and still never writes more
            assertTrue(b.brineSize() <= b.sedonaSize(), what + ": " + b.brineSize() + " > " + b.sedonaSize());
          }
        }
      }
    }
  }
}
