package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.io.Loads;
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
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * {@code GeometrySerde.envelope} is bit for bit JTS's {@code getEnvelopeInternal()}: computed from the
 * coordinates in the bytes (no stored envelope: the default) and read from the bytes ({@code
 * serializeWithEnvelope}) — with NaN, -0.0 and infinities in the first or any later coordinate of any
 * part, Multi* and nested collections included.
 */
class EnvelopeTest {
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

  static Geometry any(Random r, int depth) {
    switch (r.nextInt(depth < 3 ? 7 : 6)) {
      case 0:
        return F.createLineString(seq(r, 2 + r.nextInt(6), false));
      case 1:
        return polygon(r);
      case 2: {
        Polygon[] ps = new Polygon[1 + r.nextInt(4)];
        for (int i = 0; i < ps.length; i++) {
          ps[i] = polygon(r);
        }
        return F.createMultiPolygon(ps);
      }
      case 3: {
        Point[] ps = new Point[1 + r.nextInt(4)];
        for (int i = 0; i < ps.length; i++) {
          ps[i] = F.createPoint(seq(r, r.nextInt(5) == 0 ? 0 : 1, false));
        }
        return F.createMultiPoint(ps);
      }
      case 4: {
        org.locationtech.jts.geom.LineString[] ls = new org.locationtech.jts.geom.LineString[1 + r.nextInt(3)];
        for (int i = 0; i < ls.length; i++) {
          ls[i] = F.createLineString(seq(r, 2 + r.nextInt(4), false));
        }
        return F.createMultiLineString(ls);
      }
      case 5:
        return F.createPoint(seq(r, 1, false));
      default: {
        Geometry[] gs = new Geometry[r.nextInt(4)];
        for (int i = 0; i < gs.length; i++) {
          gs[i] = any(r, depth + 1);
        }
        return F.createGeometryCollection(gs);
      }
    }
  }

  static void assertSameEnvelope(Envelope want, Envelope got, Object what) {
    assertEquals(want.isNull(), got.isNull(), "null envelope of " + what);
    if (!want.isNull()) {
      double[] w = {want.getMinX(), want.getMinY(), want.getMaxX(), want.getMaxY()};
      double[] g = {got.getMinX(), got.getMinY(), got.getMaxX(), got.getMaxY()};
      for (int i = 0; i < 4; i++) {
        assertEquals(Double.doubleToRawLongBits(w[i]), Double.doubleToRawLongBits(g[i]), "envelope field " + i + " of " + what);
      }
    }
  }

  /** Both encodings give JTS's envelope; the stored one is JTS's raw fields. */
  static void assertEnvelopes(Geometry g) {
    byte[] plain = GeometrySerde.serialize(g);
    Envelope want = g.getEnvelopeInternal();
    assertSameEnvelope(want, GeometrySerde.envelope(plain), g);
    byte[] stored = GeometrySerde.serializeWithEnvelope(g);
    assertSameEnvelope(want, GeometrySerde.envelope(stored), g);
    GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(stored));
    if ((stored[1] & NativeFormat.FLAG_ENVELOPE) != 0) {
      assertEquals(plain.length + 32, stored.length);
      int at = (Loads.loadInt32(stored, 1) >>> 8) == NativeFormat.WIDE ? 16 : 8; // after the extension
      for (int i = 0; i < 4; i++) {
        double field = i == 0 ? want.getMinX() : i == 1 ? want.getMinY() : i == 2 ? want.getMaxX() : want.getMaxY();
        assertEquals(Double.doubleToRawLongBits(field), Double.doubleToRawLongBits(Loads.loadFloat64(stored, at + 8 * i)));
      }
    } else {
      assertTrue(g instanceof Point || g.isEmpty(), "only points and empty geometries have no stored envelope");
      assertArrayEquals(plain, stored);
    }
  }

  @Property(tries = 3000)
  void envelopeIsJtsEnvelope(@ForAll long seed) {
    assertEnvelopes(any(new Random(seed), 0));
  }

  @Property(tries = 1000)
  void envelopeOfAnyDimensionAndSequence(@ForAll long seed) {
    assertEnvelopes(new RandomGeometries(seed, true).any());
  }

  @Test
  void nanFirstOrLaterAndInLaterParts() {
    Coordinate[] nanFirst = {new CoordinateXY(Double.NaN, 1), new CoordinateXY(5, -0.0), new CoordinateXY(-3, 0.0)};
    Coordinate[] nanLater = {new CoordinateXY(-0.0, 1), new CoordinateXY(Double.NaN, Double.NaN), new CoordinateXY(0.0, -2)};
    assertEnvelopes(F.createLineString(new CoordinateArraySequence(nanFirst, 2, 0)));
    assertEnvelopes(F.createLineString(new CoordinateArraySequence(nanLater, 2, 0)));
    // a part whose envelope starts at NaN does not widen the union (JTS unites parts, not coordinates)
    assertEnvelopes(F.createMultiLineString(new org.locationtech.jts.geom.LineString[] {
        F.createLineString(new CoordinateArraySequence(new Coordinate[] {new CoordinateXY(2, 2), new CoordinateXY(3, 3)}, 2, 0)),
        F.createLineString(new CoordinateArraySequence(nanFirst, 2, 0))}));
    assertEnvelopes(F.createGeometryCollection(new Geometry[] {
        F.createPoint(new CoordinateXY(2, 2)),
        F.createGeometryCollection(new Geometry[] {F.createLineString(new CoordinateArraySequence(nanFirst, 2, 0))}),
        F.createPoint(new CoordinateXY(-9, 9))}));
  }
}
