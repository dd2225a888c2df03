package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brine.io.ByteReader;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * The stored envelope is bit for bit the raw fields of JTS's {@code getEnvelopeInternal()}, also
 * where the writer computes it while copying (XY CoordinateArraySequence roots) — with NaN, -0.0 and
 * infinities, in the first or any later coordinate, and whether or not JTS had cached it.
 */
class StoredEnvelopeTest {
  static final GeometryFactory F = new GeometryFactory();
  static final double[] SPECIAL = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300};

  static double value(Random r) {
    return r.nextInt(4) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : r.nextInt(21) - 10;
  }

  static CoordinateArraySequence seq(Random r, int n, boolean closed) {
    Coordinate[] cs = new Coordinate[n];
    for (int i = 0; i < n; i++) {
      cs[i] = new CoordinateXY(value(r), value(r));
    }
    if (closed) {
      // JTS cannot close a ring on NaN (NaN != NaN): the closing point is a number, -0.0 included
      double x = Double.isNaN(cs[0].x) ? -0.0 : cs[0].x;
      double y = Double.isNaN(cs[0].y) ? 3 : cs[0].y;
      cs[0] = new CoordinateXY(x, y);
      cs[n - 1] = new CoordinateXY(x, y);
    }
    return new CoordinateArraySequence(cs, 2, 0);
  }

  static Polygon polygon(Random r) {
    LinearRing shell = F.createLinearRing(seq(r, 4 + r.nextInt(4), true));
    LinearRing[] holes = new LinearRing[r.nextInt(3)];
    for (int i = 0; i < holes.length; i++) {
      holes[i] = F.createLinearRing(seq(r, 4 + r.nextInt(3), true));
    }
    return F.createPolygon(shell, holes);
  }

  static Geometry any(Random r) {
    switch (r.nextInt(3)) {
      case 0:
        return F.createLineString(seq(r, 2 + r.nextInt(6), false));
      case 1:
        return polygon(r);
      default:
        Polygon[] ps = new Polygon[1 + r.nextInt(4)];
        for (int i = 0; i < ps.length; i++) {
          ps[i] = polygon(r);
        }
        return F.createMultiPolygon(ps);
    }
  }

  static void assertStoredEnvelope(Geometry g) {
    byte[] b = GeometrySerde.serialize(g); // before JTS caches anything
    Envelope e = g.getEnvelopeInternal();
    double[] want = e.isNull() ? new double[] {0, 0, -1, -1} : new double[] {e.getMinX(), e.getMinY(), e.getMaxX(), e.getMaxY()};
    for (int i = 0; i < 4; i++) {
      assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(ByteReader.loadFloat64(b, 8 + 8 * i)),
          "envelope field " + i + " of " + g);
    }
    GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(b));
    org.junit.jupiter.api.Assertions.assertArrayEquals(b, GeometrySerde.serialize(g), "cached envelope: same bytes");
  }

  @Property(tries = 3000)
  void storedEnvelopeIsJtsEnvelope(@ForAll long seed) {
    assertStoredEnvelope(any(new Random(seed)));
  }

  @Test
  void cachedEnvelopesAreReadableOnTheClassPath() {
    org.junit.jupiter.api.Assertions.assertTrue(CachedEnvelope.readable());
    Geometry g = any(new Random(1));
    org.junit.jupiter.api.Assertions.assertNull(CachedEnvelope.of(g));
    Envelope e = g.getEnvelopeInternal();
    assertEquals(e, CachedEnvelope.of(g));
  }

  @Test
  void nanFirstOrLater() {
    Coordinate[] nanFirst = {new CoordinateXY(Double.NaN, 1), new CoordinateXY(5, -0.0), new CoordinateXY(-3, 0.0)};
    Coordinate[] nanLater = {new CoordinateXY(-0.0, 1), new CoordinateXY(Double.NaN, Double.NaN), new CoordinateXY(0.0, -2)};
    assertStoredEnvelope(F.createLineString(new CoordinateArraySequence(nanFirst, 2, 0)));
    assertStoredEnvelope(F.createLineString(new CoordinateArraySequence(nanLater, 2, 0)));
  }
}
