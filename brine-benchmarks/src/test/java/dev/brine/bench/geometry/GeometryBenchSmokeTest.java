package dev.brine.bench.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/** Runs every geometry benchmark method once per workload and checks its result (fast; no timing). */
class GeometryBenchSmokeTest {
  @Test
  void everyBenchmarkRoundTrips() {
    for (String workload : new String[] {"point", "linestring", "polygon", "polygonwithholes", "multipolygon", "geometrycollection"}) {
      for (int n : new int[] {4, 16, 48}) {
        GeometryBench b = new GeometryBench();
        b.workload = workload;
        b.n = n;
        b.setup(); // checks each library's round trip
        Geometry g = b.geometry();
        String what = workload + " n=" + n;
        assertTrue(g.equalsExact(b.deserialize_brine()), what);
        assertTrue(g.equalsExact(b.deserialize_sedona()), what);
        assertTrue(g.equalsExact(b.deserialize_jtswkb()), what);
        assertTrue(g.equalsExact(b.deserialize_brinewkb()), what);
        assertTrue(b.serialize_brine().length > 0 && b.serialize_sedona().length > 0, what);
        assertTrue(b.serialize_jtswkb().length > 0 && b.serialize_brinewkb().length > 0, what);
        assertTrue(java.util.Arrays.equals(b.serialize_brine(), b.uncached_brine()), what);
        assertTrue(java.util.Arrays.equals(b.serialize_sedona(), b.uncached_sedona()), what);
        assertTrue(java.util.Arrays.equals(b.serialize_brine(), b.copy_brine()), what);
        assertTrue(java.util.Arrays.equals(b.serialize_sedona(), b.copy_sedona()), what);
        assertEquals(g.getEnvelopeInternal(), b.envelope_brine(), what);
        assertEquals(g.getEnvelopeInternal(), b.decode_brine(), what);
        assertEquals(g.getEnvelopeInternal(), b.envelope_sedona(), what);
        assertEquals(4326, b.deserialize_brine().getSRID(), what);
      }
    }
  }
}
