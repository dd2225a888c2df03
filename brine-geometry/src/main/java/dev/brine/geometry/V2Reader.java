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
 * Decodes the native format, version 2. Every encoding is checked whole before anything is built:
 * {@link #end} walks the header and structure (counts, ring sizes, padding, nested members) against
 * the bytes that remain and returns where the encoding ends, so lying counts fail before any
 * allocation and the decoder that follows reads without further checks.
 *
 * <p>All methods are static: no reader object per call. A collection's members are located with
 * {@link #end} and decoded with their exact length.
 */
final class V2Reader {
  private V2Reader() {}

  // ---- header --------------------------------------------------------------------------------

  /**
   * Checks the header at {@code off} (within {@code limit}) and returns it unpacked: type (bits 0–7),
   * flags (8–15), header length with extension and envelope (16–23), count (32–62).
   */
  static long head(byte[] b, int off, int limit, boolean root, int base) {
    if (limit - off < HEADER_BYTES) {
      throw truncated(HEADER_BYTES, off, limit, base);
    }
    long h = Loads.loadInt64(b, off);
    int type = (int) h & 0x0F;
    int version = (int) (h >> 4) & 0x0F;
    int flags = (int) (h >> 8) & 0xFF;
    int srid = (int) (h >> 16) & WIDE;
    int count = (int) (h >>> 40);
    if (version != VERSION_2) {
      throw new MalformedInputException(
          "geometry: unsupported format version " + version + " at offset " + (off - base));
    }
    if (type < POINT || type > LINEARRING) {
      throw new MalformedInputException("geometry: unknown type code " + type + " at offset " + (off - base));
    }
    if ((flags & ~KNOWN_FLAGS_V2) != 0
        || ((flags & FLAG_Z_NAN) != 0 && (flags & FLAG_Z) == 0)
        || ((flags & FLAG_M_NAN) != 0 && (flags & FLAG_M) == 0)
        || ((flags & FLAG_EMPTIES) != 0 && type != MULTIPOINT && type != MULTILINESTRING) // EMPTIES, RINGS
        || ((flags & FLAG_ENVELOPE) != 0 && (!root || type == POINT))
        || (type == GEOMETRYCOLLECTION && (flags & ~FLAG_ENVELOPE) != 0)) {
      throw new MalformedInputException(
          "geometry: bad flags 0x" + Integer.toHexString(flags) + " at offset " + (off - base + 1));
    }
    int head = HEADER_BYTES;
    if (srid == WIDE || count == WIDE) {
      if (srid != WIDE || count != WIDE) {
        throw new MalformedInputException(
            "geometry: SRID and count must both say 'extension' at offset " + (off - base + 2));
      }
      if (limit - off < HEADER_BYTES + 8) {
        throw truncated(HEADER_BYTES + 8, off, limit, base);
      }
      count = Loads.loadInt32(b, off + 12);
      if (count < 0) {
        throw new MalformedInputException("geometry: count " + Integer.toUnsignedString(count) + " at offset " + (off - base + 12));
      }
      head += 8;
    }
    if ((flags & FLAG_ENVELOPE) != 0) {
      head += ENVELOPE_BYTES;
      if (limit - off < head) {
        throw truncated(head, off, limit, base);
      }
    }
    return type | flags << 8 | (long) head << 16 | (long) count << 32;
  }

  static int type(long head) {
    return (int) head & 0xFF;
  }

  static int flags(long head) {
    return (int) (head >> 8) & 0xFF;
  }

  static int headLength(long head) {
    return (int) (head >> 16) & 0xFF;
  }

  static int count(long head) {
    return (int) (head >>> 32);
  }

  /** The SRID of the (checked) header at {@code off}. */
  static int srid(byte[] b, int off) {
    int srid = Loads.loadInt32(b, off + 1) >>> 8; // bytes 2–4
    return srid == WIDE ? Loads.loadInt32(b, off + 8) : srid;
  }

  static MalformedInputException truncated(long need, int at, int limit, int base) {
    return new MalformedInputException(
        "geometry truncated: need " + need + " bytes at offset " + (at - base) + ", " + Math.max(0, limit - at) + " remain");
  }

  // ---- structure: where an encoding ends -------------------------------------------------------

  private static int need(int pos, long bytes, int limit, int base) {
    if (bytes > limit - pos) {
      throw truncated(bytes, pos, limit, base);
    }
    return (int) (pos + bytes);
  }

  /** Where the encoding of a collection member starting at {@code off} ends (checked). */
  static int memberEnd(byte[] b, int off, int limit, int depth, int base) {
    long h = head(b, off, limit, false, base);
    return end(b, type(h), flags(h), count(h), off + headLength(h), limit, depth, base);
  }

  /**
   * Where a body that starts at {@code pos} ends, every count and size checked against {@code limit}
   * and every padding byte against 0.
   */
  static int end(byte[] b, int type, int flags, int count, int pos, int limit, int depth, int base) {
    long coordBytes = 8L * storedOrdinates(flags);
    switch (type) {
      case POINT:
        if (count > 1) {
          throw new MalformedInputException("geometry: a point has " + count + " coordinates at offset " + (pos - base));
        }
        return need(pos, count * coordBytes, limit, base);
      case LINESTRING:
      case LINEARRING:
        return need(pos, count * coordBytes, limit, base);
      case POLYGON:
      case MULTILINESTRING: {
        int coords = need(pos, pad8Long(4L * count), limit, base);
        int ringBit = (flags & FLAG_RINGS) != 0 && type == MULTILINESTRING ? RING_BIT : 0;
        long points = 0;
        for (int i = 0; i < count; i++) {
          points += size(b, pos + 4 * i, base, ringBit);
        }
        zeroPadding(b, pos + 4 * count, coords, base);
        return need(coords, points * coordBytes, limit, base);
      }
      case MULTIPOINT: {
        int coords = pos;
        int empties = 0;
        if ((flags & FLAG_EMPTIES) != 0) {
          need(pos, 4, limit, base);
          empties = Loads.loadInt32(b, pos);
          if (empties < 1 || empties > count) {
            throw new MalformedInputException(
                "geometry: " + Integer.toUnsignedString(empties) + " empty points of " + count + " at offset " + (pos - base));
          }
          coords = need(pos, pad8Long(4L + 4L * empties), limit, base);
          int prev = -1;
          for (int i = 0; i < empties; i++) {
            int at = pos + 4 + 4 * i;
            int e = Loads.loadInt32(b, at);
            if (e <= prev || e >= count) {
              throw new MalformedInputException("geometry: bad empty point index " + e + " at offset " + (at - base));
            }
            prev = e;
          }
          zeroPadding(b, pos + 4 + 4 * empties, coords, base);
        }
        return need(coords, (long) (count - empties) * coordBytes, limit, base);
      }
      case MULTIPOLYGON: {
        if (count > (limit - pos) / 4) {
          throw new MalformedInputException(
              "geometry: polygon count " + count + " at offset " + (pos - base - 3) + " exceeds the bytes that remain");
        }
        int s = pos;
        long points = 0;
        for (int i = 0; i < count; i++) {
          need(s, 4, limit, base);
          int rings = Loads.loadInt32(b, s);
          if (rings < 0 || rings > (limit - s - 4) / 4) {
            throw new MalformedInputException(
                "geometry: ring count " + Integer.toUnsignedString(rings) + " at offset " + (s - base) + " exceeds the bytes that remain");
          }
          for (int r = 0; r < rings; r++) {
            points += size(b, s + 4 + 4 * r, base);
          }
          s += 4 + 4 * rings;
        }
        int coords = need(pos, pad8Long(s - pos), limit, base);
        zeroPadding(b, s, coords, base);
        return need(coords, points * coordBytes, limit, base);
      }
      case GEOMETRYCOLLECTION: {
        if (depth > MAX_DEPTH) {
          throw new LimitExceededException(
              "geometry collections nested deeper than " + MAX_DEPTH + " at offset " + (pos - base));
        }
        if (count > (limit - pos) / HEADER_BYTES) {
          throw new MalformedInputException(
              "geometry: member count " + count + " at offset " + (pos - base - 3) + " exceeds the bytes that remain");
        }
        int p = pos;
        for (int i = 0; i < count; i++) {
          p = memberEnd(b, p, limit, depth + 1, base);
        }
        return p;
      }
      default:
        throw new AssertionError(type);
    }
  }

  private static long pad8Long(long n) {
    return (n + 7) & ~7L;
  }

  /** A ring or line size (u32 < 2^31) at {@code at}; the caller has checked that it is in bounds. */
  private static int size(byte[] b, int at, int base) {
    return size(b, at, base, 0);
  }

  /** A point count, less {@code ringBit} (a MultiLineString's mark of a LinearRing, if its flags allow one). */
  private static int size(byte[] b, int at, int base, int ringBit) {
    int n = Loads.loadInt32(b, at) & ~ringBit;
    if (n < 0) {
      throw new MalformedInputException("geometry: point count " + Integer.toUnsignedString(n) + " at offset " + (at - base));
    }
    return n;
  }

  private static void zeroPadding(byte[] b, int from, int to, int base) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        throw new MalformedInputException("geometry: non-zero padding at offset " + (i - base));
      }
    }
  }

  // ---- decoding ------------------------------------------------------------------------------

  /**
   * Decodes the geometry whose encoding is exactly {@code b[off, off + len)}.
   *
   * @param f the factory; with {@code maker == null} its sequences are PackedCoordinateSequence.Double
   *     and its SRID is the root's, else {@code maker} builds the sequences of {@code f}'s kind
   * @param base where the root starts (error messages give offsets from there)
   */
  static Geometry read(byte[] b, int off, int len, GeometryFactory f, Coords.Maker maker, boolean root, int depth, int base) {
    int limit = off + len;
    long h = head(b, off, limit, root, base);
    int type = type(h);
    int flags = flags(h);
    int count = count(h);
    int pos = off + headLength(h);
    Geometry g;
    if (type == GEOMETRYCOLLECTION) {
      g = collection(b, count, pos, limit, f, maker, depth, base);
    } else {
      int end = end(b, type, flags, count, pos, limit, depth, base);
      if (end != limit) {
        throw trailing(end, limit, base);
      }
      g = checkedBody(b, type, flags, count, pos, limit, f, maker, depth, base, off);
    }
    int srid = srid(b, off);
    if (g.getSRID() != srid) {
      g.setSRID(srid);
    }
    return g;
  }

  private static MalformedInputException trailing(int end, int limit, int base) {
    return new MalformedInputException("geometry: " + (limit - end) + " trailing bytes at offset " + (end - base));
  }

  /**
   * A collection in one pass over its members: each member's structure is checked (its end found)
   * right before it is decoded, instead of a structure pass over the whole collection first and a
   * second one to locate the members. The member array is bounded by the bytes (a header each).
   */
  private static Geometry collection(byte[] b, int count, int pos, int limit, GeometryFactory f,
      Coords.Maker maker, int depth, int base) {
    if (depth > MAX_DEPTH) {
      throw new LimitExceededException(
          "geometry collections nested deeper than " + MAX_DEPTH + " at offset " + (pos - base));
    }
    if (count > (limit - pos) / HEADER_BYTES) {
      throw new MalformedInputException(
          "geometry: member count " + count + " at offset " + (pos - base - 3) + " exceeds the bytes that remain");
    }
    Geometry[] members = new Geometry[count];
    int p = pos;
    for (int i = 0; i < count; i++) {
      int memberEnd = memberEnd(b, p, limit, depth + 1, base);
      Geometry m = maker == null ? V2RootReader.read(b, p, memberEnd - p, f) : null;
      if (m == null) {
        m = read(b, p, memberEnd - p, f, maker, false, depth + 1, base);
      } else if (m.getSRID() != srid(b, p)) {
        m.setSRID(srid(b, p));
      }
      members[i] = m;
      p = memberEnd;
    }
    if (p != limit) {
      throw trailing(p, limit, base);
    }
    return f.createGeometryCollection(members);
  }

  private static Geometry checkedBody(byte[] b, int type, int flags, int count, int pos, int limit,
      GeometryFactory f, Coords.Maker maker, int depth, int base, int off) {
    Geometry g;
    try {
      g = body(b, type, flags, count, pos, limit, f, maker, depth, base);
    } catch (IllegalArgumentException e) {
      // JTS refuses e.g. an unclosed ring or a 1-point line: the bytes lie
      throw new MalformedInputException("geometry at offset " + (off - base) + " is invalid: " + e.getMessage(), e);
    }
    return g;
  }

  private static Geometry body(byte[] b, int type, int flags, int count, int pos, int end,
      GeometryFactory f, Coords.Maker maker, int depth, int base) {
    int coordBytes = 8 * storedOrdinates(flags);
    switch (type) {
      case POINT:
        return f.createPoint(count == 1 && maker == null ? point(b, pos, flags) : sequence(b, pos, count, flags, maker));
      case LINESTRING:
        return f.createLineString(sequence(b, pos, count, flags, maker));
      case LINEARRING:
        return f.createLinearRing(sequence(b, pos, count, flags, maker));
      case POLYGON:
        return polygon(b, pos, pos + ((4 * count + 7) & ~7), count, flags, coordBytes, f, maker);
      case MULTIPOINT: {
        int coords = pos;
        Point[] points = new Point[count];
        if ((flags & FLAG_EMPTIES) != 0) {
          int empties = Loads.loadInt32(b, pos);
          for (int i = 0; i < empties; i++) {
            points[Loads.loadInt32(b, pos + 4 + 4 * i)] = f.createPoint(sequence(b, pos, 0, flags, maker));
          }
          coords = pos + ((4 + 4 * empties + 7) & ~7);
        }
        for (int i = 0; i < count; i++) {
          if (points[i] == null) {
            points[i] = f.createPoint(maker == null ? point(b, coords, flags) : sequence(b, coords, 1, flags, maker));
            coords += coordBytes;
          }
        }
        return f.createMultiPoint(points);
      }
      case MULTILINESTRING: {
        int coords = pos + ((4 * count + 7) & ~7);
        LineString[] lines = new LineString[count];
        int ringBit = (flags & FLAG_RINGS) != 0 ? RING_BIT : 0;
        for (int i = 0; i < count; i++) {
          int word = Loads.loadInt32(b, pos + 4 * i);
          int n = word & ~ringBit;
          CoordinateSequence seq = sequence(b, coords, n, flags, maker);
          lines[i] = (word & ringBit) != 0 ? f.createLinearRing(seq) : f.createLineString(seq);
          coords += n * coordBytes;
        }
        return f.createMultiLineString(lines);
      }
      case MULTIPOLYGON: {
        int words = count;
        for (int i = 0, s = pos; i < count; i++) {
          int rings = Loads.loadInt32(b, s);
          words += rings;
          s += 4 + 4 * rings;
        }
        int coords = pos + ((4 * words + 7) & ~7);
        Polygon[] polygons = new Polygon[count];
        for (int i = 0, s = pos; i < count; i++) {
          int rings = Loads.loadInt32(b, s);
          polygons[i] = polygon(b, s + 4, coords, rings, flags, coordBytes, f, maker);
          for (int r = 0; r < rings; r++) {
            coords += Loads.loadInt32(b, s + 4 + 4 * r) * coordBytes;
          }
          s += 4 + 4 * rings;
        }
        return f.createMultiPolygon(polygons);
      }
      default:
        throw new AssertionError(type);
    }
  }

  /** A polygon of {@code rings} rings whose sizes are at {@code sizes} and coordinates at {@code coords}. */
  private static Polygon polygon(byte[] b, int sizes, int coords, int rings, int flags, int coordBytes,
      GeometryFactory f, Coords.Maker maker) {
    if (rings == 0) {
      return f.createPolygon(f.createLinearRing(sequence(b, coords, 0, flags, maker)));
    }
    int n = Loads.loadInt32(b, sizes);
    LinearRing shell = f.createLinearRing(sequence(b, coords, n, flags, maker));
    if (rings == 1) {
      return f.createPolygon(shell, V1RootReader.NO_HOLES);
    }
    coords += n * coordBytes;
    LinearRing[] holes = new LinearRing[rings - 1];
    for (int r = 1; r < rings; r++) {
      n = Loads.loadInt32(b, sizes + 4 * r);
      holes[r - 1] = f.createLinearRing(sequence(b, coords, n, flags, maker));
      coords += n * coordBytes;
    }
    return f.createPolygon(shell, holes);
  }

  /**
   * A root point of the default factory straight from its bytes (one coordinate, SRID in the header
   * word, valid flags, exact length), or null to take the general path (which also reports errors).
   */
  static Point rootPoint(byte[] b) {
    long h = Loads.loadInt64(b, 0);
    int flags = (int) (h >> 8) & 0xFF;
    int srid = (int) (h >> 16) & WIDE;
    if (h >>> 40 != 1 || srid == WIDE || (flags & ~CoordWriter.LAYOUT) != 0
        || ((flags >> 3) & ~flags & 3) != 0 // Z_NAN without Z, M_NAN without M
        || b.length != HEADER_BYTES + 8 * storedOrdinates(flags)) {
      return null;
    }
    return GeometrySerde.factoryFor(srid).createPoint(point(b, HEADER_BYTES, flags));
  }

  /** The one coordinate of a point at {@code pos} (in bounds), in fields: {@link OneCoordinate}. */
  static OneCoordinate point(byte[] b, int pos, int flags) {
    double x = Loads.loadFloat64(b, pos);
    double y = Loads.loadFloat64(b, pos + 8);
    int zm = flags & (FLAG_Z | FLAG_M);
    if (zm == 0) {
      return new OneCoordinate.XY(x, y);
    }
    int p = pos + 16;
    double z = Double.NaN;
    double m = Double.NaN;
    if ((zm & FLAG_Z) != 0 && (flags & FLAG_Z_NAN) == 0) {
      z = Loads.loadFloat64(b, p);
      p += 8;
    }
    if ((zm & FLAG_M) != 0 && (flags & FLAG_M_NAN) == 0) {
      m = Loads.loadFloat64(b, p);
    }
    return OneCoordinate.of(zm, x, y, z, m);
  }

  /**
   * {@code n} coordinates at {@code pos} (in bounds), with the declared dimension: ordinates left out
   * (Z_NAN/M_NAN) come back as {@code Double.NaN}. With {@code maker == null} a PackedCoordinateSequence.Double.
   */
  static CoordinateSequence sequence(byte[] b, int pos, int n, int flags, Coords.Maker maker) {
    int zm = flags & (FLAG_Z | FLAG_M);
    int d = Coords.ordinates(zm);
    double[] raw = storedOrdinates(flags) == d ? Coords.doubles(b, pos, n * d) : expand(b, pos, n, flags, d);
    return maker == null ? Coords.packed(raw, zm) : maker.fromRaw(raw, zm);
  }

  /** Coordinates whose Z and/or M were left out, widened to {@code d} ordinates with NaN there. */
  private static double[] expand(byte[] b, int pos, int n, int flags, int d) {
    double[] raw = new double[n * d];
    if (d == 3) { // XYZ or XYM stored as XY
      for (int i = 0; i < n; i++) {
        int p = pos + (i << 4);
        raw[3 * i] = Loads.loadFloat64(b, p);
        raw[3 * i + 1] = Loads.loadFloat64(b, p + 8);
        raw[3 * i + 2] = Double.NaN;
      }
      return raw;
    }
    boolean z = (flags & FLAG_Z_NAN) == 0; // XYZM: which of Z and M are stored
    boolean m = (flags & FLAG_M_NAN) == 0;
    int stride = 8 * storedOrdinates(flags);
    for (int i = 0; i < n; i++) {
      int p = pos + i * stride;
      int r = i << 2;
      raw[r] = Loads.loadFloat64(b, p);
      raw[r + 1] = Loads.loadFloat64(b, p + 8);
      raw[r + 2] = z ? Loads.loadFloat64(b, p + 16) : Double.NaN;
      raw[r + 3] = m ? Loads.loadFloat64(b, p + (z ? 24 : 16)) : Double.NaN;
    }
    return raw;
  }
}
