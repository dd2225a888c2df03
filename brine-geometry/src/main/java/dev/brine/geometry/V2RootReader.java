package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.io.Loads;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Decodes the common version-2 shapes — a Point, LineString, Polygon, MultiPoint, MultiLineString or
 * MultiPolygon of non-empty parts, or a GeometryCollection of those, header word
 * only (no extension, no envelope) — in one pass with
 * the checks inline, for the default factory: no separate structure walk, no dispatch.
 *
 * <p>Only a shortcut: it accepts exactly the well-formed encodings of those shapes and returns {@code
 * null} for anything else (another type, an empty part, a count or size that does not add up,
 * non-zero padding, a geometry JTS refuses), so that {@link V2Reader} decodes the bytes or reports
 * precisely what is wrong and where. Nothing is allocated before the sizes it depends on are checked.
 *
 * <p>{@link #rootLine}, {@link #rootPolygon} and {@link #rootMultiLine} are shortcuts of the same kind for a
 * root of those types, small enough to inline where {@code GeometrySerde.deserialize} has read the first byte
 * (journal steps 56–59); what they decline goes to {@link #read}.
 */
final class V2RootReader {
  private V2RootReader() {}

  /**
   * The geometry encoded in exactly {@code b[off, off + len)}, or {@code null}.
   *
   * @param f the default factory (PackedCoordinateSequence.Double) of the SRID in the header
   */
  static Geometry read(byte[] b, int off, int len, GeometryFactory f) {
    if (len < HEADER_BYTES + 16) {
      return null;
    }
    long h = Loads.loadInt64(b, off);
    int flags = (int) (h >> 8) & 0xFF;
    int count = (int) (h >>> 40);
    if ((h & 0xF0) != VERSION_2 << 4 || (flags & ~CoordWriter.LAYOUT) != 0
        || ((flags >> 3) & ~flags & 3) != 0 // Z_NAN without Z, M_NAN without M
        || ((h >> 16) & WIDE) == WIDE || count == WIDE || count == 0) {
      return null;
    }
    int coordBytes = 8 * storedOrdinates(flags);
    int end = off + len;
    int pos = off + HEADER_BYTES;
    try {
      switch ((int) h & 0x0F) {
        case POINT:
          return count == 1 && len == HEADER_BYTES + coordBytes ? f.createPoint(V2Reader.point(b, pos, flags)) : null;
        case LINESTRING:
          if (count < 2 || (long) count * coordBytes != end - pos) {
            return null;
          }
          return line(b, pos, count, flags, f);
        case POLYGON: {
          int coords = structure(b, pos, count, end);
          if (coords < 0 || !fill(b, pos, count, coordBytes, end - coords)) {
            return null;
          }
          return polygon(b, pos, coords, count, flags, coordBytes, f);
        }
        case MULTIPOINT: {
          if ((long) count * coordBytes != end - pos) {
            return null;
          }
          Point[] points = new Point[count];
          for (int i = 0; i < count; i++) {
            points[i] = f.createPoint(V2Reader.point(b, pos + i * coordBytes, flags));
          }
          return f.createMultiPoint(points);
        }
        case MULTILINESTRING: {
          int coords = structure(b, pos, count, end);
          if (coords < 0 || !fill(b, pos, count, coordBytes, end - coords)) {
            return null;
          }
          LineString[] lines = new LineString[count];
          for (int i = 0; i < count; i++) {
            int n = Loads.loadInt32(b, pos + 4 * i);
            lines[i] = line(b, coords, n, flags, f);
            coords += n * coordBytes;
          }
          return f.createMultiLineString(lines);
        }
        case MULTIPOLYGON:
          return multiPolygon(b, pos, count, flags, coordBytes, end, f);
        case GEOMETRYCOLLECTION:
          return flags == 0 ? collection(b, pos, count, end, f) : null;
        default:
          return null;
      }
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it (an unclosed ring, …): V2Reader says so with the offset
    }
  }

  /**
   * A collection of members this class reads (no nested collection): every member's extent found from
   * its own header and sizes, then read (and checked) as a root of that length, its SRID set from its
   * header if not the root's. No structure walk of the whole collection first, as the general reader
   * does.
   */
  private static Geometry collection(byte[] b, int pos, int count, int end, GeometryFactory f) {
    if (count > (end - pos) / (HEADER_BYTES + 16)) {
      return null; // each member takes at least a header and an XY coordinate
    }
    Geometry[] members = new Geometry[count];
    for (int i = 0; i < count; i++) {
      int len = pointOrLineLength(b, pos, end);
      if (len == 0) {
        len = memberLength(b, pos, end);
      }
      Geometry m = len < 0 ? null : member(b, pos, len, f);
      if (m == null) {
        return null;
      }
      int srid = Loads.loadInt32(b, pos + 1) >>> 8; // the member's own (read() declines WIDE)
      if (srid != f.getSRID()) {
        m.setSRID(srid);
      }
      members[i] = m;
      pos += len;
    }
    return pos == end ? f.createGeometryCollection(members) : null;
  }

  /**
   * A member of {@code len} bytes at {@code off} (as {@link #read}): a point, line or polygon of JTS's default
   * factory read here, in a method small enough to inline into the collection's loop; any other type by
   * {@link #read}.
   */
  private static Geometry member(byte[] b, int off, int len, GeometryFactory f) {
    long h = Loads.loadInt64(b, off);
    int type = (int) h & 0x0F;
    if (type != POINT && type != LINESTRING && type != POLYGON) {
      return read(b, off, len, f);
    }
    int flags = (int) (h >> 8) & 0xFF;
    int count = (int) (h >>> 40);
    if ((h & 0xF0) != VERSION_2 << 4 || len < HEADER_BYTES + 16 || ((flags >> 3) & ~flags & 3) != 0
        || ((h >> 16) & WIDE) == WIDE || count == WIDE || count == 0) {
      return null; // (memberLength checked that no flag beyond the layout is set)
    }
    int coordBytes = 8 * storedOrdinates(flags);
    int pos = off + HEADER_BYTES;
    try {
      if (type == POINT) {
        return count == 1 && len == HEADER_BYTES + coordBytes ? f.createPoint(V2Reader.point(b, pos, flags)) : null;
      }
      if (type == LINESTRING) {
        return count < 2 || (long) count * coordBytes != len - HEADER_BYTES ? null
            : line(b, pos, count, flags, f);
      }
      int end = off + len;
      int coords = structure(b, pos, count, end);
      return coords < 0 || !fill(b, pos, count, coordBytes, end - coords) ? null
          : polygon(b, pos, coords, count, flags, coordBytes, f);
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it: V2Reader says so with the offset
    }
  }

  /**
   * {@link #memberLength} of a point or line from its header alone, or of a polygon of at most {@link
   * #ROOT_RINGS} rings from its ring sizes (no call: small enough to inline into the collection's loop); 0 for
   * another type.
   */
  private static int pointOrLineLength(byte[] b, int pos, int end) {
    if (end - pos < HEADER_BYTES) {
      return -1;
    }
    long h = Loads.loadInt64(b, pos);
    int type = (int) h & 0x0F;
    int flags = (int) (h >> 8) & 0xFF;
    long count = h >>> 40;
    long bytes;
    if (type == POINT || type == LINESTRING) {
      bytes = HEADER_BYTES + count * 8L * storedOrdinates(flags);
    } else if (type == POLYGON && count <= ROOT_RINGS && 4 * count <= end - pos - HEADER_BYTES) {
      long points = 0; // the ring sizes, unsigned: a negative one makes the length too large, never a short one
      for (int r = 0; r < count; r++) {
        points += Loads.loadInt32(b, pos + HEADER_BYTES + 4 * r) & 0xFFFFFFFFL;
      }
      bytes = HEADER_BYTES + ((4 * count + 7) & ~7L) + points * 8L * storedOrdinates(flags);
    } else {
      return 0;
    }
    return (flags & ~CoordWriter.LAYOUT) == 0 && bytes <= end - pos ? (int) bytes : -1;
  }

  /**
   * The length of the member at {@code pos} from its header and sizes, if that is not a collection
   * and fits before {@code end}; else -1. Only locates the member: {@link #read} checks it.
   */
  private static int memberLength(byte[] b, int pos, int end) {
    if (end - pos < HEADER_BYTES) {
      return -1;
    }
    long h = Loads.loadInt64(b, pos);
    int flags = (int) (h >> 8) & 0xFF;
    if ((flags & ~CoordWriter.LAYOUT) != 0) {
      return -1; // flags read() declines anyway
    }
    long count = h >>> 40;
    long coordBytes = 8 * storedOrdinates(flags);
    int body = pos + HEADER_BYTES;
    long len;
    switch ((int) h & 0x0F) {
      case POINT:
      case LINESTRING:
      case MULTIPOINT:
        len = count * coordBytes;
        break;
      case POLYGON:
      case MULTILINESTRING: {
        if (count > (end - body) / 4) {
          return -1;
        }
        long points = 0;
        for (int i = 0; i < count; i++) {
          points += Loads.loadInt32(b, body + 4 * i) & 0xFFFFFFFFL;
        }
        len = ((4 * count + 7) & ~7L) + points * coordBytes;
        break;
      }
      case MULTIPOLYGON: {
        int s = body;
        long points = 0;
        for (long i = 0; i < count; i++) {
          int rings = end - s >= 4 ? Loads.loadInt32(b, s) : -1;
          if (rings < 0 || rings > (end - s - 4) / 4) {
            return -1;
          }
          for (int r = 0; r < rings; r++) {
            points += Loads.loadInt32(b, s + 4 + 4 * r) & 0xFFFFFFFFL;
          }
          s += 4 + 4 * rings;
        }
        len = ((s - body + 7) & ~7L) + points * coordBytes;
        break;
      }
      default:
        return -1;
    }
    return len <= end - body ? (int) (HEADER_BYTES + len) : -1;
  }

  /**
   * Where the coordinates start after {@code words} 4-byte sizes at {@code pos} and zero padding, or
   * -1 if they do not fit before {@code end} or the padding is not zero.
   */
  private static int structure(byte[] b, int pos, int words, int end) {
    if (words > (end - pos) / 4) {
      return -1;
    }
    int sizesEnd = pos + 4 * words;
    int coords = pos + ((4 * words + 7) & ~7);
    if (coords > end || (coords != sizesEnd && Loads.loadInt32(b, sizesEnd) != 0)) {
      return -1;
    }
    return coords;
  }

  /**
   * The sum of the {@code parts} part sizes at {@code sizes} (in bounds), or -1 if one is below 2 (an
   * empty part or a negative size: the general path; JTS wants 4 for a ring and says so there).
   */
  private static long partPoints(byte[] b, int sizes, int parts) {
    long points = 0;
    for (int i = 0; i < parts; i++) {
      int n = Loads.loadInt32(b, sizes + 4 * i);
      if (n < 2) {
        return -1;
      }
      points += n;
    }
    return points;
  }

  /** Whether the parts at {@code sizes} hold exactly {@code bytes} of coordinates. */
  private static boolean fill(byte[] b, int sizes, int parts, int coordBytes, int bytes) {
    long points = partPoints(b, sizes, parts);
    return points >= 0 && points * coordBytes == bytes;
  }

  /** A polygon whose {@code rings} checked sizes are at {@code sizes}, coordinates at {@code coords}. */
  private static Polygon polygon(byte[] b, int sizes, int coords, int rings, int flags, int coordBytes, GeometryFactory f) {
    int n = Loads.loadInt32(b, sizes);
    LinearRing shell = ring(b, coords, n, flags, f);
    if (rings == 1) {
      return f.createPolygon(shell, V1RootReader.NO_HOLES);
    }
    coords += n * coordBytes;
    LinearRing[] holes = new LinearRing[rings - 1];
    for (int r = 1; r < rings; r++) {
      n = Loads.loadInt32(b, sizes + 4 * r);
      holes[r - 1] = ring(b, coords, n, flags, f);
      coords += n * coordBytes;
    }
    return f.createPolygon(shell, holes);
  }

  /** A line of {@code n} coordinates at {@code coords}. */
  private static LineString line(byte[] b, int coords, int n, int flags, GeometryFactory f) {
    return f.createLineString(sequence(b, coords, n, flags));
  }

  /** A ring of {@code n} coordinates at {@code coords}. */
  private static LinearRing ring(byte[] b, int coords, int n, int flags, GeometryFactory f) {
    return f.createLinearRing(sequence(b, coords, n, flags));
  }

  /**
   * The packed sequence of {@code n} coordinates at {@code coords}: a layout with nothing left out built with its
   * literal dimension (no stored-dimension arithmetic, no switch on the class), else {@link V2Reader#sequence}.
   */
  private static CoordinateSequence sequence(byte[] b, int coords, int n, int flags) {
    switch (flags) {
      case 0:
        return new Packed.D2(Coords.doubles(b, coords, n << 1));
      case FLAG_Z:
        return new Packed.D3(Coords.doubles(b, coords, n * 3), 0);
      case FLAG_M:
        return new Packed.D3(Coords.doubles(b, coords, n * 3), 1);
      case FLAG_Z | FLAG_M:
        return new Packed.D4(Coords.doubles(b, coords, n << 2));
      default:
        return V2Reader.sequence(b, coords, n, flags, null);
    }
  }

  private static Geometry multiPolygon(byte[] b, int pos, int count, int flags, int coordBytes, int end, GeometryFactory f) {
    if (count > (end - pos) / 8) {
      return null; // each polygon takes at least a ring count and a ring size
    }
    // the structure: count × (numRings, ring sizes), then padding
    int s = pos;
    long points = 0;
    for (int i = 0; i < count; i++) {
      int rings = s + 4 <= end ? Loads.loadInt32(b, s) : -1;
      if (rings <= 0 || rings > (end - s - 4) / 4) {
        return null;
      }
      long p = partPoints(b, s + 4, rings);
      if (p < 0) {
        return null;
      }
      points += p;
      s += 4 + 4 * rings;
    }
    int coords = pos + (((s - pos) + 7) & ~7);
    if (coords > end || (coords != s && Loads.loadInt32(b, s) != 0) || points * coordBytes != end - coords) {
      return null;
    }
    Polygon[] polygons = new Polygon[count];
    s = pos;
    for (int i = 0; i < count; i++) {
      int rings = Loads.loadInt32(b, s);
      polygons[i] = polygon(b, s + 4, coords, rings, flags, coordBytes, f);
      coords += sum(b, s + 4, rings) * coordBytes;
      s += 4 + 4 * rings;
    }
    return f.createMultiPolygon(polygons);
  }

  private static int sum(byte[] b, int sizes, int rings) {
    int sum = 0;
    for (int r = 0; r < rings; r++) {
      sum += Loads.loadInt32(b, sizes + 4 * r);
    }
    return sum;
  }

  /**
   * A root LineString of the default factory straight from its bytes (a full XY, XYZ, XYM or XYZM layout, at
   * least two coordinates, SRID in the header word, exact length), or null to take the general path (which
   * also reports errors). Small enough to inline where a payload's first byte says LineString, as {@link
   * #rootPoint} (journal step 56).
   */
  static LineString rootLine(byte[] b) {
    if (b.length < HEADER_BYTES + 32) {
      return null;
    }
    long h = Loads.loadInt64(b, 0);
    int flags = (int) (h >> 8) & 0xFF;
    int srid = (int) (h >> 16) & WIDE;
    long count = h >>> 40;
    if ((h & 0xFF) != (LINESTRING | VERSION_2 << 4) || srid == WIDE || count < 2 || (flags & ~(FLAG_Z | FLAG_M)) != 0
        || count * 8 * (2 + (flags & FLAG_Z) + (flags >> 1)) != b.length - HEADER_BYTES) {
      return null;
    }
    try {
      return GeometrySerde.factoryFor(srid).createLineString(sequence(b, HEADER_BYTES, (int) count, flags));
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it: the general path says so with the offset
    }
  }

  /**
   * A root Polygon, as {@link #rootLine}: a full layout, the ring sizes, the zero padding after an odd count of
   * them and the exact length checked, then the rings and the polygon; else null (the general path, which also
   * reports errors). One ring here, in a method small enough to inline (journal step 57); holes in {@link
   * #rootPolygonWithHoles} (step 58: the ring loop here cost the one-ring polygon a fifth of its time).
   */
  static Polygon rootPolygon(byte[] b) {
    if (b.length < HEADER_BYTES + 8 + 64) {
      return null; // a ring has at least four XY coordinates
    }
    long h = Loads.loadInt64(b, 0);
    int flags = (int) (h >> 8) & 0xFF;
    int srid = (int) (h >> 16) & WIDE;
    long rings = h >>> 40;
    if ((h & 0xFF) != (POLYGON | VERSION_2 << 4) || srid == WIDE || (flags & ~(FLAG_Z | FLAG_M)) != 0) {
      return null;
    }
    if (rings != 1) {
      return rings > 1 && rings <= ROOT_RINGS ? rootPolygonWithHoles(b, flags, srid, (int) rings) : null;
    }
    long n = Loads.loadInt32(b, HEADER_BYTES); // negative: never the length below
    if (Loads.loadInt32(b, HEADER_BYTES + 4) != 0
        || n * 8 * (2 + (flags & FLAG_Z) + (flags >> 1)) != b.length - HEADER_BYTES - 8) {
      return null;
    }
    try {
      GeometryFactory f = GeometrySerde.factoryFor(srid);
      LinearRing shell = f.createLinearRing(sequence(b, HEADER_BYTES + 8, (int) n, flags));
      return f.createPolygon(shell, V1RootReader.NO_HOLES);
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it (not closed, too few points): the general path says so with the offset
    }
  }

  /** The most rings a polygon read by {@link #rootPolygonWithHoles} has (more take the general path). */
  private static final int ROOT_RINGS = 16;

  /** {@link #rootPolygon} of {@code r} rings (2 to {@link #ROOT_RINGS}), its header checked. */
  private static Polygon rootPolygonWithHoles(byte[] b, int flags, int srid, int r) {
    int coordBytes = 8 * (2 + (flags & FLAG_Z) + (flags >> 1));
    int coords = partsStart(b, r, coordBytes);
    if (coords < 0) {
      return null;
    }
    try {
      GeometryFactory f = GeometrySerde.factoryFor(srid);
      int n = Loads.loadInt32(b, HEADER_BYTES);
      LinearRing shell = f.createLinearRing(sequence(b, coords, n, flags));
      LinearRing[] holes = new LinearRing[r - 1];
      int at = coords + n * coordBytes;
      for (int i = 1; i < r; i++) {
        int m = Loads.loadInt32(b, HEADER_BYTES + 4 * i);
        holes[i - 1] = f.createLinearRing(sequence(b, at, m, flags));
        at += m * coordBytes;
      }
      return f.createPolygon(shell, holes);
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it: the general path says so with the offset
    }
  }

  /**
   * Where the coordinates of a root's {@code r} parts (at most {@link #ROOT_RINGS}) start — after their sizes and
   * the padding to 8 bytes — when the padding is zero and the sizes add up to exactly the bytes that remain; else
   * -1 (the general path says what is wrong). The sizes lie within the callers' minimum lengths.
   */
  private static int partsStart(byte[] b, int r, int coordBytes) {
    int coords = HEADER_BYTES + ((4 * r + 7) & ~7);
    if ((r & 1) != 0 && Loads.loadInt32(b, HEADER_BYTES + 4 * r) != 0) {
      return -1;
    }
    long points = 0;
    for (int i = 0; i < r; i++) {
      points += Loads.loadInt32(b, HEADER_BYTES + 4 * i) & 0xFFFFFFFFL; // above 2^31: never the length below
    }
    return points * coordBytes == b.length - coords ? coords : -1;
  }

  /**
   * A root MultiLineString of 1 to {@link #ROOT_RINGS} lines (no LinearRing members), as {@link #rootPolygon}:
   * sizes, padding and length checked, then the lines; else null (the general path). Journal step 59.
   */
  static MultiLineString rootMultiLine(byte[] b) {
    if (b.length < HEADER_BYTES + 8 + 32) {
      return null; // a line has at least two XY coordinates
    }
    long h = Loads.loadInt64(b, 0);
    int flags = (int) (h >> 8) & 0xFF;
    int srid = (int) (h >> 16) & WIDE;
    long count = h >>> 40;
    if ((h & 0xFF) != (MULTILINESTRING | VERSION_2 << 4) || srid == WIDE || count == 0 || count > ROOT_RINGS
        || (flags & ~(FLAG_Z | FLAG_M)) != 0) {
      return null;
    }
    int r = (int) count;
    int coordBytes = 8 * (2 + (flags & FLAG_Z) + (flags >> 1));
    int coords = partsStart(b, r, coordBytes);
    if (coords < 0) {
      return null;
    }
    try {
      GeometryFactory f = GeometrySerde.factoryFor(srid);
      LineString[] lines = new LineString[r];
      int at = coords;
      for (int i = 0; i < r; i++) {
        int m = Loads.loadInt32(b, HEADER_BYTES + 4 * i);
        lines[i] = f.createLineString(sequence(b, at, m, flags));
        at += m * coordBytes;
      }
      return f.createMultiLineString(lines);
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it (a line of one point): the general path says so with the offset
    }
  }
}
