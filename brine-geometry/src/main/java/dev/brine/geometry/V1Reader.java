package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.Loads;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Decodes the native format. Every count is checked against the bytes that remain before anything
 * is allocated, so hostile input costs at most a small multiple of its own size.
 */
final class V1Reader {
  private final byte[] b;
  private final int start;
  private final int end;
  private final GeometryFactory f;
  private final Coords.Maker maker;
  private int pos;

  V1Reader(byte[] b, int off, int len, GeometryFactory f) {
    this.b = b;
    this.start = off;
    this.end = off + len;
    this.pos = off;
    this.f = f;
    this.maker = Coords.Maker.of(f.getCoordinateSequenceFactory());
  }

  /** Decodes one geometry that must span exactly the given range. */
  Geometry readAll() {
    Geometry g = read(1);
    if (pos != end) {
      throw new MalformedInputException(
          "geometry: " + (end - pos) + " trailing bytes at offset " + (pos - start));
    }
    return g;
  }

  /**
   * A root Point decoded without the general machinery, or {@code null} when the bytes are not a
   * well-formed root Point (the general path then decodes or reports the error).
   */
  static Point point(byte[] b, GeometryFactory f) {
    if (b.length < HEADER_BYTES || b[0] != POINT || b[2] != VERSION || b[3] != 0) {
      return null;
    }
    int flags = b[1];
    if ((flags & ~(FLAG_Z | FLAG_M | FLAG_EMPTY)) != 0) {
      return null;
    }
    int zm = flags & (FLAG_Z | FLAG_M);
    boolean empty = (flags & FLAG_EMPTY) != 0;
    if (b.length != HEADER_BYTES + (empty ? 0 : 8 * Coords.ordinates(zm))) {
      return null;
    }
    Point p = f.createPoint(empty
        ? Coords.Maker.of(f.getCoordinateSequenceFactory()).read(b, HEADER_BYTES, 0, zm, false)
        : V2Reader.point(b, HEADER_BYTES, zm)); // the same layout: X, Y, [Z], [M]
    int srid = Loads.loadInt32(b, 4);
    if (p.getSRID() != srid) {
      p.setSRID(srid);
    }
    return p;
  }

  /** SRID of the root geometry, read from its header. */
  static int peekSrid(byte[] b, int off, int len) {
    if (len < HEADER_BYTES) {
      throw truncated(HEADER_BYTES, 0, len);
    }
    return Loads.loadInt32(b, off + 4);
  }

  private static MalformedInputException truncated(long need, int at, int remaining) {
    return new MalformedInputException(
        "geometry truncated: need " + need + " bytes at offset " + at + ", " + remaining + " remain");
  }

  private void need(long n) {
    if (n > end - pos) {
      throw truncated(n, pos - start, end - pos);
    }
  }

  private int readCount(String what, int minBytesEach) {
    need(4);
    int n = Loads.loadInt32(b, pos);
    if (n < 0 || (long) n * minBytesEach > end - pos - 4) {
      throw new MalformedInputException(
          "geometry: " + what + " count " + Integer.toUnsignedString(n) + " at offset " + (pos - start)
              + " exceeds the " + (end - pos - 4) + " bytes that remain");
    }
    pos += 4;
    return n;
  }

  private void skipPadding() {
    int padded = start + pad8(pos - start);
    need(padded - pos);
    for (; pos < padded; pos++) {
      if (b[pos] != 0) {
        throw new MalformedInputException("geometry: non-zero padding at offset " + (pos - start));
      }
    }
  }

  private void zeroWord() {
    need(4);
    if (Loads.loadInt32(b, pos) != 0) {
      throw new MalformedInputException("geometry: reserved word is not 0 at offset " + (pos - start));
    }
    pos += 4;
  }

  private CoordinateSequence coords(int n, int zm) {
    long bytes = (long) n * Coords.ordinates(zm) * 8;
    need(bytes);
    CoordinateSequence seq = maker.read(b, pos, n, zm, false);
    pos += (int) bytes;
    return seq;
  }

  private Geometry read(int depth) {
    int at = pos - start;
    need(HEADER_BYTES);
    int type = b[pos];
    int flags = b[pos + 1] & 0xFF;
    int version = b[pos + 2] & 0xFF;
    if (version != VERSION) {
      throw new MalformedInputException(
          "geometry: unsupported format version " + version + " at offset " + (at + 2));
    }
    if (type < POINT || type > LINEARRING) {
      throw new MalformedInputException("geometry: unknown type code " + type + " at offset " + at);
    }
    if ((flags & ~KNOWN_FLAGS) != 0 || ((flags & FLAG_EMPTY) != 0 && type != POINT) || b[pos + 3] != 0) {
      throw new MalformedInputException("geometry: bad flags 0x" + Integer.toHexString(flags) + " at offset " + (at + 1));
    }
    int srid = Loads.loadInt32(b, pos + 4);
    pos += HEADER_BYTES;
    if ((flags & FLAG_ENVELOPE) != 0) {
      need(ENVELOPE_BYTES);
      pos += ENVELOPE_BYTES;
    }
    int zm = flags & (FLAG_Z | FLAG_M);
    Geometry g;
    try {
      g = body(type, flags, zm, depth);
    } catch (IllegalArgumentException e) {
      // JTS refuses e.g. an unclosed ring or a 1-point line: the bytes lie
      throw new MalformedInputException(
          "geometry at offset " + at + " is invalid: " + e.getMessage(), e);
    }
    if (g.getSRID() != srid) {
      g.setSRID(srid);
    }
    return g;
  }

  private Geometry body(int type, int flags, int zm, int depth) {
    switch (type) {
      case POINT:
        return f.createPoint(coords((flags & FLAG_EMPTY) != 0 ? 0 : 1, zm));
      case LINESTRING:
      case LINEARRING: {
        int n = readCount("point", Coords.ordinates(zm) * 8);
        zeroWord();
        if (zm == 0 && maker == Coords.PACKED) {
          need((long) n << 4);
          int at = pos;
          pos += n << 4;
          return type == LINESTRING ? Coords.lineXY(f, b, at, n) : Coords.ringXY(f, b, at, n);
        }
        CoordinateSequence seq = coords(n, zm);
        return type == LINESTRING ? f.createLineString(seq) : f.createLinearRing(seq);
      }
      case POLYGON: {
        int s = pos;
        int rings = readCount("ring", 4);
        pos += 4 * rings;
        skipPadding();
        return polygon(s + 4, rings, zm);
      }
      case MULTIPOINT: {
        int n = readCount("point", 0);
        int k = readCount("empty point", 4);
        if (k > n) {
          throw new MalformedInputException("geometry: " + k + " empty points of " + n + " at offset " + (pos - start - 4));
        }
        int idx = pos;
        pos += 4 * k;
        skipPadding();
        need((long) (n - k) * Coords.ordinates(zm) * 8);
        Point[] pts = new Point[n];
        int prev = -1;
        for (int i = 0; i < k; i++) {
          int e = Loads.loadInt32(b, idx + 4 * i);
          if (e <= prev || e >= n) {
            throw new MalformedInputException("geometry: bad empty point index " + e + " at offset " + (idx + 4 * i - start));
          }
          pts[e] = f.createPoint(maker.read(b, pos, 0, zm, false));
          prev = e;
        }
        for (int i = 0; i < n; i++) {
          if (pts[i] == null) pts[i] = f.createPoint(coords(1, zm));
        }
        return f.createMultiPoint(pts);
      }
      case MULTILINESTRING: {
        int n = readCount("line", 4);
        int s = pos;
        pos += 4 * n;
        skipPadding();
        LineString[] lines = new LineString[n];
        for (int i = 0; i < n; i++) {
          int np = Loads.loadInt32(b, s + 4 * i);
          checkCoordCount(np, zm, s + 4 * i);
          lines[i] = f.createLineString(coords(np, zm));
        }
        return f.createMultiLineString(lines);
      }
      case MULTIPOLYGON: {
        int n = readCount("polygon", 4);
        int s = pos;
        for (int i = 0; i < n; i++) {
          int rings = readCount("ring", 4);
          pos += 4 * rings;
        }
        skipPadding();
        Polygon[] polys = new Polygon[n];
        for (int i = 0; i < n; i++) {
          int rings = Loads.loadInt32(b, s);
          polys[i] = polygon(s + 4, rings, zm);
          s += 4 + 4 * rings;
        }
        return f.createMultiPolygon(polys);
      }
      case GEOMETRYCOLLECTION: {
        if (depth > MAX_DEPTH) {
          throw new LimitExceededException(
              "geometry collections nested deeper than " + MAX_DEPTH + " at offset " + (pos - start));
        }
        int n = readCount("child", HEADER_BYTES);
        zeroWord();
        Geometry[] children = new Geometry[n];
        for (int i = 0; i < n; i++) {
          children[i] = read(depth + 1);
        }
        return f.createGeometryCollection(children);
      }
      default:
        throw new AssertionError(type);
    }
  }

  private void checkCoordCount(int n, int zm, int at) {
    if (n < 0 || (long) n * Coords.ordinates(zm) * 8 > end - pos) {
      throw new MalformedInputException(
          "geometry: point count " + Integer.toUnsignedString(n) + " at offset " + (at - start)
              + " exceeds the " + (end - pos) + " bytes that remain");
    }
  }

  /** Builds a polygon whose ring sizes start at {@code sizes}; coordinates are at {@code pos}. */
  private Polygon polygon(int sizes, int rings, int zm) {
    if (rings == 0) {
      return f.createPolygon(f.createLinearRing(maker.read(b, pos, 0, zm, false)));
    }
    LinearRing shell = ring(sizes, zm);
    if (rings == 1) {
      return f.createPolygon(shell, V1RootReader.NO_HOLES);
    }
    LinearRing[] holes = new LinearRing[rings - 1];
    for (int r = 1; r < rings; r++) {
      holes[r - 1] = ring(sizes + 4 * r, zm);
    }
    return f.createPolygon(shell, holes);
  }

  private LinearRing ring(int sizeAt, int zm) {
    int n = Loads.loadInt32(b, sizeAt);
    checkCoordCount(n, zm, sizeAt);
    if (zm == 0 && maker == Coords.PACKED) {
      LinearRing r = Coords.ringXY(f, b, pos, n);
      pos += n << 4;
      return r;
    }
    return f.createLinearRing(coords(n, zm));
  }

  /** The stored envelope, a Point's own coordinate, or {@code null} if the geometry must be decoded. */
  static Envelope peekEnvelope(byte[] b) {
    if (b.length < HEADER_BYTES) {
      throw truncated(HEADER_BYTES, 0, b.length);
    }
    int type = b[0];
    int flags = b[1] & 0xFF;
    if (b[2] != VERSION || type < POINT || type > LINEARRING || (flags & ~KNOWN_FLAGS) != 0) {
      throw new MalformedInputException("geometry: bad header at offset 0");
    }
    if ((flags & FLAG_ENVELOPE) != 0) {
      if (b.length < HEADER_BYTES + ENVELOPE_BYTES) {
        throw truncated(HEADER_BYTES + ENVELOPE_BYTES, 0, b.length);
      }
      double minX = Loads.loadFloat64(b, 8);
      double minY = Loads.loadFloat64(b, 16);
      double maxX = Loads.loadFloat64(b, 24);
      double maxY = Loads.loadFloat64(b, 32);
      if (maxX < minX) {
        return new Envelope(); // JTS's null envelope
      }
      // Envelope(x1, x2, ...) keeps x2 as min unless x1 < x2; passing (max, min) restores the
      // stored fields exactly, NaN included
      return new Envelope(maxX, minX, maxY, minY);
    }
    if (type == POINT) {
      if ((flags & FLAG_EMPTY) != 0) {
        return new Envelope();
      }
      if (b.length < HEADER_BYTES + 16) {
        throw truncated(HEADER_BYTES + 16, 0, b.length);
      }
      double x = Loads.loadFloat64(b, 8);
      double y = Loads.loadFloat64(b, 16);
      return new Envelope(x, x, y, y);
    }
    return null;
  }
}
