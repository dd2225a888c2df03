package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.Loads;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Reads ISO WKB and EWKB in either byte order (per geometry, as the standard allows). Counts are
 * checked against the remaining bytes before allocation; collection nesting is bounded.
 */
final class WkbReader {
  private final byte[] b;
  private final GeometryFactory f;
  private final Coords.Maker maker;
  private int pos;
  private boolean be;

  WkbReader(byte[] b, GeometryFactory f) {
    this.b = b;
    this.f = f;
    this.maker = Coords.Maker.of(f.getCoordinateSequenceFactory());
  }

  Geometry readAll() {
    Geometry g = read(0, 1);
    if (pos != b.length) {
      throw new MalformedInputException("WKB: " + (b.length - pos) + " trailing bytes at offset " + pos);
    }
    return g;
  }

  private void need(long n) {
    if (n > b.length - pos) {
      throw new MalformedInputException(
          "WKB truncated: need " + n + " bytes at offset " + pos + ", " + (b.length - pos) + " remain");
    }
  }

  private int int32() {
    need(4);
    int v = be ? (int) Bytes.INT_BE.get(b, pos) : Loads.loadInt32(b, pos);
    pos += 4;
    return v;
  }

  private int count(String what, long minBytesEach) {
    int at = pos;
    int n = int32();
    if (n < 0 || n * minBytesEach > b.length - pos) {
      throw new MalformedInputException(
          "WKB: " + what + " count " + Integer.toUnsignedString(n) + " at offset " + at
              + " exceeds the " + (b.length - pos) + " bytes that remain");
    }
    return n;
  }

  private CoordinateSequence coords(int n, int zm) {
    long bytes = (long) n * Coords.ordinates(zm) * 8;
    need(bytes);
    CoordinateSequence seq = maker.read(b, pos, n, zm, be);
    pos += (int) bytes;
    return seq;
  }

  /**
   * Reads one geometry; {@code expected} is the required base type (0 = any) for members of
   * Multi* geometries.
   */
  private Geometry read(int expected, int depth) {
    int at = pos;
    need(5);
    int order = b[pos];
    if (order != 0 && order != 1) {
      throw new MalformedInputException("WKB: bad byte order " + order + " at offset " + at);
    }
    be = order == 0;
    pos++;
    int code = int32();
    int zm = 0;
    boolean hasSrid = (code & 0x20000000) != 0;
    if ((code & 0x80000000) != 0) zm |= Coords.Z;
    if ((code & 0x40000000) != 0) zm |= Coords.M;
    int iso = code & 0x0FFFFFFF;
    if ((code & 0x10000000) != 0 || iso > 3999) {
      throw new MalformedInputException("WKB: unknown type code 0x" + Integer.toHexString(code) + " at offset " + (at + 1));
    }
    int type = iso % 1000;
    int isoZm = iso / 1000;
    if (isoZm != 0) {
      if (zm != 0) {
        throw new MalformedInputException("WKB: type code mixes ISO and EWKB dimensions at offset " + (at + 1));
      }
      zm = isoZm; // 1 = Z, 2 = M, 3 = ZM
    }
    if (type < POINT || type > GEOMETRYCOLLECTION || (expected != 0 && type != expected)) {
      throw new MalformedInputException("WKB: unexpected geometry type " + type + " at offset " + (at + 1));
    }
    int srid = hasSrid ? int32() : 0;
    Geometry g;
    try {
      g = body(type, zm, depth);
    } catch (IllegalArgumentException e) {
      throw new MalformedInputException("WKB geometry at offset " + at + " is invalid: " + e.getMessage(), e);
    }
    if (hasSrid) {
      g.setSRID(srid);
    }
    return g;
  }

  private Geometry body(int type, int zm, int depth) {
    int d = Coords.ordinates(zm);
    switch (type) {
      case POINT: {
        need(8L * d);
        boolean allNaN = true;
        for (int i = 0; i < d && allNaN; i++) {
          allNaN = Double.isNaN(Coords.get(b, pos + 8 * i, be));
        }
        if (allNaN) { // the WKB convention for POINT EMPTY
          pos += 8 * d;
          return f.createPoint(maker.read(b, pos, 0, zm, be));
        }
        return f.createPoint(coords(1, zm));
      }
      case LINESTRING:
        return f.createLineString(coords(count("point", 8L * d), zm));
      case POLYGON: {
        int rings = count("ring", 4);
        if (rings == 0) {
          return f.createPolygon(f.createLinearRing(maker.read(b, pos, 0, zm, be)));
        }
        LinearRing shell = f.createLinearRing(coords(count("point", 8L * d), zm));
        LinearRing[] holes = new LinearRing[rings - 1];
        for (int r = 0; r < holes.length; r++) {
          holes[r] = f.createLinearRing(coords(count("point", 8L * d), zm));
        }
        return f.createPolygon(shell, holes);
      }
      default: {
        if (depth > MAX_DEPTH) {
          throw new LimitExceededException("WKB: collections nested deeper than " + MAX_DEPTH + " at offset " + pos);
        }
        int n = count("member", 9);
        int member = type == GEOMETRYCOLLECTION ? 0 : type - 3;
        Geometry[] parts = new Geometry[n];
        for (int i = 0; i < n; i++) {
          parts[i] = read(member, depth + 1);
        }
        switch (type) {
          case MULTIPOINT: {
            Point[] pts = new Point[n];
            System.arraycopy(parts, 0, pts, 0, n);
            return f.createMultiPoint(pts);
          }
          case MULTILINESTRING: {
            LineString[] ls = new LineString[n];
            System.arraycopy(parts, 0, ls, 0, n);
            return f.createMultiLineString(ls);
          }
          case MULTIPOLYGON: {
            Polygon[] ps = new Polygon[n];
            System.arraycopy(parts, 0, ps, 0, n);
            return f.createMultiPolygon(ps);
          }
          default:
            return f.createGeometryCollection(parts);
        }
      }
    }
  }
}
