package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.BrineException;
import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * Writes the native format, version 2. Each type has a <em>plan</em> (its flags and exact size, in one
 * walk of its parts, packed in a long: size in bits 0–31, flags in 32–39) and a <em>write</em> that
 * fills exactly that many bytes with those flags — into a new array or a caller's. Root geometries of
 * the JTS classes go straight to their type's plan and write (small methods C2 inlines); collection
 * members go through the {@link #plan}/{@link #write} switches. Coordinates are copied by {@link
 * CoordWriter}, one loop per sequence class and stored dimension.
 *
 * <p>A Z or M that is NaN in a geometry's first coordinate is left out (flag Z_NAN/M_NAN); if a later
 * one is not NaN the write returns -1 and the caller writes again with {@code omit} off — nothing is
 * left out then — so the bytes only ever depend on the geometry.
 */
final class NativeWriter {
  /** Largest encoding: a Java array, with room for an extension word. */
  private static final long MAX_SIZE = Integer.MAX_VALUE - 16;

  private NativeWriter() {}

  static void requireGeometry(Geometry g) {
    if (g == null) {
      throw new BrineException("cannot serialize a null geometry");
    }
  }

  /** A new array holding exactly the encoding of {@code g} (with the root's envelope if asked). */
  static byte[] serialize(Geometry g, boolean envelope) {
    requireGeometry(g);
    if (envelope) {
      byte[] b = withEnvelope(g, true);
      return b != null ? b : withEnvelope(g, false);
    }
    byte[] b = root(g, true, true);
    if (b == null) {
      b = root(g, true, false);
    }
    return b != null ? b : root(g, false, false);
  }

  /**
   * A root without envelope, by exact class; null if an ordinate left out was not NaN or, with {@code
   * quick}, if a MultiPoint is not as uniform as its first point promised.
   */
  private static byte[] root(Geometry g, boolean omit, boolean quick) {
    Class<?> c = g.getClass();
    if (quick && c == MultiPoint.class) {
      long plan = quickMultiPoint(g, omit);
      if (plan >= 0) {
        byte[] b = new byte[size(plan)];
        return writeMultiPoint(b, 0, g, flags(plan)) < 0 ? null : b;
      }
    }
    if (c == Point.class) {
      Point p = (Point) g;
      long plan = planPoint(p, omit);
      byte[] b = new byte[size(plan)];
      return writePoint(b, 0, p, flags(plan)) < 0 ? null : b;
    }
    if (c == Polygon.class) {
      Polygon p = (Polygon) g;
      long plan = planPolygon(p, omit);
      byte[] b = new byte[size(plan)];
      return writePolygon(b, 0, p, flags(plan)) < 0 ? null : b;
    }
    if (c == LineString.class) {
      LineString l = (LineString) g;
      long plan = planLine(l, omit);
      byte[] b = new byte[size(plan)];
      return writeLine(b, 0, l, LINESTRING, flags(plan)) < 0 ? null : b;
    }
    if (c == MultiPolygon.class) {
      long plan = planMultiPolygon(g, omit);
      byte[] b = new byte[size(plan)];
      return writeMultiPolygon(b, 0, g, flags(plan)) < 0 ? null : b;
    }
    int type = typeOf(g);
    long plan = plan(g, type, omit, 1);
    byte[] b = new byte[size(plan)];
    return write(b, 0, g, type, flags(plan), omit, 1) < 0 ? null : b;
  }

  private static byte[] withEnvelope(Geometry g, boolean omit) {
    int type = typeOf(g);
    long plan = plan(g, type, omit, 1);
    boolean env = type != POINT && !g.isEmpty();
    byte[] b = new byte[checked(size(plan) + (env ? ENVELOPE_BYTES : 0L))];
    int flags = flags(plan) | (env ? FLAG_ENVELOPE : 0);
    return write(b, 0, g, type, flags, omit, 1) < 0 ? null : b;
  }

  /**
   * Writes the encoding of {@code g} at {@code off} if it fits in {@code room} bytes; returns its
   * length, or -1 if it does not fit.
   */
  static int writeInto(Geometry g, byte[] b, int off, int room) {
    // the root fast paths of serialize, each in a small method (this one stays small enough to inline)
    Class<?> c = g.getClass();
    if (c == Point.class) {
      int n = pointInto((Point) g, b, off, room);
      if (n != DECLINED) {
        return n;
      }
    } else if (c == MultiPoint.class) {
      int n = multiPointInto(g, b, off, room);
      if (n != DECLINED) {
        return n;
      }
    }
    return generalInto(g, b, off, room);
  }

  /** A fast path's answer when the general path must decide. */
  private static final int DECLINED = -2;

  private static int pointInto(Point p, byte[] b, int off, int room) {
    long plan = planPoint(p, true);
    if (size(plan) > room) {
      return -1; // leaving nothing out is never smaller
    }
    int end = writePoint(b, off, p, flags(plan));
    return end >= 0 ? end - off : DECLINED;
  }

  /** A MultiPoint planned from its first point; declined if not uniform (an empty point is smaller: the general path decides). */
  private static int multiPointInto(Geometry g, byte[] b, int off, int room) {
    long plan = quickMultiPoint(g, true);
    if (plan < 0 || size(plan) > room) {
      return DECLINED;
    }
    int end = writeMultiPoint(b, off, g, flags(plan));
    return end >= 0 ? end - off : DECLINED;
  }

  private static int generalInto(Geometry g, byte[] b, int off, int room) {
    int type = typeOf(g);
    for (boolean omit = true; ; omit = false) {
      long plan = plan(g, type, omit, 1);
      if (size(plan) > room) {
        return -1; // leaving nothing out is never smaller
      }
      int end = write(b, off, g, type, flags(plan), omit, 1);
      if (end >= 0) {
        return end - off;
      }
    }
  }

  /** The exact size {@link #serialize} produces without envelope. */
  static int exactSize(Geometry g) {
    int type = typeOf(g);
    long plan = plan(g, type, true, 1);
    long full = plan(g, type, false, 1);
    return size(plan) == size(full) || Omissions.hold(g, type) ? size(plan) : size(full);
  }

  static int size(long plan) {
    return (int) plan;
  }

  static int flags(long plan) {
    return (int) (plan >>> 32);
  }

  private static long plan(long size, int flags) {
    return checked(size) | (long) flags << 32;
  }

  private static int checked(long size) {
    if (size > MAX_SIZE) {
      throw new BrineException("geometry too large to serialize: " + size + " bytes");
    }
    return (int) size;
  }

  private static long headerBytes(int srid, int count) {
    return narrow(srid, count) ? HEADER_BYTES : HEADER_BYTES + 8;
  }

  /** Writes the header word (and the extension if SRID or count do not fit it); returns the position after. */
  static int header(byte[] b, int pos, int type, int flags, int srid, int count) {
    if (narrow(srid, count)) {
      ByteWriter.storeInt64(b, pos, header2(type, flags, srid, count));
      return pos + HEADER_BYTES;
    }
    ByteWriter.storeInt64(b, pos, wideHeader2(type, flags));
    ByteWriter.storeInt32(b, pos + 8, srid);
    ByteWriter.storeInt32(b, pos + 12, count);
    return pos + HEADER_BYTES + 8;
  }

  /** After the header: the root's envelope if its flags say so (JTS's, computed and cached by JTS if not yet). */
  private static int envelope(byte[] b, int pos, Geometry g, int flags) {
    if ((flags & FLAG_ENVELOPE) == 0) {
      return pos;
    }
    Envelope e = g.getEnvelopeInternal();
    // the raw JTS fields; a null envelope is stored as JTS keeps it (0, 0, -1, -1)
    ByteWriter.storeFloat64(b, pos, e.isNull() ? 0 : e.getMinX());
    ByteWriter.storeFloat64(b, pos + 8, e.isNull() ? 0 : e.getMinY());
    ByteWriter.storeFloat64(b, pos + 16, e.isNull() ? -1 : e.getMaxX());
    ByteWriter.storeFloat64(b, pos + 24, e.isNull() ? -1 : e.getMaxY());
    return pos + ENVELOPE_BYTES;
  }

  /** Zero padding from {@code s} to the next multiple of 8 after {@code base}; returns that position. */
  private static int zeroPad(byte[] b, int s, int base) {
    int end = base + (((s - base) + 7) & ~7);
    if (end != s) {
      ByteWriter.storeInt32(b, s, 0); // structures are 4-byte words: the padding is 0 or 4 bytes
    }
    return end;
  }

  // ---- dispatch (collection members, uncommon classes) ---------------------------------------

  static long plan(Geometry g, int type, boolean omit, int depth) {
    switch (type) {
      case POINT:
        return planPoint((Point) g, omit);
      case LINESTRING:
      case LINEARRING:
        return planLine((LineString) g, omit);
      case POLYGON:
        return planPolygon((Polygon) g, omit);
      case MULTIPOINT:
        return planMultiPoint(g, omit);
      case MULTILINESTRING:
        return planMultiLine(g, omit);
      case MULTIPOLYGON:
        return planMultiPolygon(g, omit);
      default:
        return planCollection(g, omit, depth);
    }
  }

  /** Writes {@code g} with the flags of its plan; returns the end, or -1 (an ordinate left out was not NaN). */
  static int write(byte[] b, int pos, Geometry g, int type, int flags, boolean omit, int depth) {
    switch (type) {
      case POINT:
        return writePoint(b, pos, (Point) g, flags);
      case LINESTRING:
      case LINEARRING:
        return writeLine(b, pos, (LineString) g, type, flags);
      case POLYGON:
        return writePolygon(b, pos, (Polygon) g, flags);
      case MULTIPOINT:
        return writeMultiPoint(b, pos, g, flags);
      case MULTILINESTRING:
        return writeMultiLine(b, pos, g, flags);
      case MULTIPOLYGON:
        return writeMultiPolygon(b, pos, g, flags);
      default:
        return writeCollection(b, pos, g, flags, omit, depth);
    }
  }

  // ---- flags ---------------------------------------------------------------------------------

  /**
   * Flags of a geometry with dimension flags {@code zm} whose first coordinate is the first of {@code
   * first} (not empty): Z_NAN / M_NAN when {@code omit} and that coordinate's Z / M is NaN.
   */
  private static int unitFlags(CoordinateSequence first, int zm, boolean omit) {
    if (!omit || zm == 0) {
      return zm;
    }
    int own = Coords.flagsOf(first); // a part of a Multi* may lack what the others have: NaN
    int flags = zm;
    if ((zm & FLAG_Z) != 0 && ((own & FLAG_Z) == 0 || CoordWriter.firstOrdinateBits(first, 2) == NAN_BITS)) {
      flags |= FLAG_Z_NAN;
    }
    if ((zm & FLAG_M) != 0
        && ((own & FLAG_M) == 0 || CoordWriter.firstOrdinateBits(first, first.getDimension() - 1) == NAN_BITS)) {
      flags |= FLAG_M_NAN;
    }
    return flags;
  }

  /** Flags of one sequence (a point, a line). */
  private static int sequenceFlags(CoordinateSequence seq, boolean omit) {
    int zm = Coords.flagsOf(seq);
    return zm == 0 || seq.size() == 0 ? zm : unitFlags(seq, zm, omit);
  }

  /** Flags of a polygon's rings. */
  private static int polygonFlags(Polygon p, boolean omit) {
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    int holes = p.getNumInteriorRing();
    if (holes == 0) {
      return sequenceFlags(shell, omit);
    }
    int zm = Coords.flagsOf(shell);
    CoordinateSequence first = shell.size() > 0 ? shell : null;
    for (int i = 0; i < holes; i++) {
      CoordinateSequence h = p.getInteriorRingN(i).getCoordinateSequence();
      zm |= Coords.flagsOf(h);
      if (first == null && h.size() > 0) {
        first = h;
      }
    }
    return first == null ? zm : unitFlags(first, zm, omit);
  }

  // ---- the types -----------------------------------------------------------------------------

  private static long planPoint(Point p, boolean omit) {
    CoordinateSequence seq = p.getCoordinateSequence();
    int flags = sequenceFlags(seq, omit);
    int count = seq.size() == 0 ? 0 : 1;
    return plan(headerBytes(p.getSRID(), count) + 8L * count * storedOrdinates(flags), flags);
  }

  private static int writePoint(byte[] b, int pos, Point p, int flags) {
    CoordinateSequence seq = p.getCoordinateSequence();
    if (seq.size() == 0) {
      return envelope(b, header(b, pos, POINT, flags, p.getSRID(), 0), p, flags);
    }
    pos = envelope(b, header(b, pos, POINT, flags, p.getSRID(), 1), p, flags);
    return CoordWriter.point(b, pos, seq, flags);
  }

  private static long planLine(LineString l, boolean omit) {
    CoordinateSequence seq = l.getCoordinateSequence();
    int flags = sequenceFlags(seq, omit);
    int n = seq.size();
    return plan(headerBytes(l.getSRID(), n) + 8L * n * storedOrdinates(flags), flags);
  }

  private static int writeLine(byte[] b, int pos, LineString l, int type, int flags) {
    CoordinateSequence seq = l.getCoordinateSequence();
    pos = envelope(b, header(b, pos, type, flags, l.getSRID(), seq.size()), l, flags);
    return CoordWriter.write(b, pos, seq, flags);
  }

  /** 0 for an empty polygon, else shell + holes (JTS tolerates an empty shell with holes). */
  static int ringCount(Polygon p) {
    int holes = p.getNumInteriorRing();
    return holes == 0 && p.getExteriorRing().getCoordinateSequence().size() == 0 ? 0 : 1 + holes;
  }

  private static long planPolygon(Polygon p, boolean omit) {
    int flags = polygonFlags(p, omit);
    int rings = ringCount(p);
    long size = headerBytes(p.getSRID(), rings) + ((4L * rings + 7) & ~7L) + 8L * storedOrdinates(flags) * p.getNumPoints();
    return plan(size, flags);
  }

  private static int writePolygon(byte[] b, int pos, Polygon p, int flags) {
    int rings = ringCount(p);
    pos = envelope(b, header(b, pos, POLYGON, flags, p.getSRID(), rings), p, flags);
    if ((rings & 1) != 0) {
      ByteWriter.storeInt32(b, pos + 4 * rings, 0); // padding to 8
    }
    return rings(b, pos, pos + ((rings * 4 + 7) & ~7), p, rings, flags);
  }

  /** Ring {@code r} of a polygon: the shell, then the holes. */
  private static CoordinateSequence ring(Polygon p, int r) {
    return (r == 0 ? p.getExteriorRing() : p.getInteriorRingN(r - 1)).getCoordinateSequence();
  }

  /**
   * A polygon's ring sizes at {@code s}, its rings' coordinates at {@code pos}, in one pass with one
   * copy call (inlined once); returns the end of the coordinates or -1.
   */
  private static int rings(byte[] b, int s, int pos, Polygon p, int rings, int flags) {
    for (int r = 0; r < rings; r++) {
      CoordinateSequence seq = ring(p, r);
      ByteWriter.storeInt32(b, s + 4 * r, seq.size());
      pos = CoordWriter.write(b, pos, seq, flags);
      if (pos < 0) {
        return -1;
      }
    }
    return pos;
  }

  private static long planMultiPoint(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    int zm = 0;
    int empties = 0;
    CoordinateSequence first = null;
    for (int i = 0; i < n; i++) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      zm |= Coords.flagsOf(s);
      if (s.size() == 0) {
        empties++;
      } else if (first == null) {
        first = s;
      }
    }
    int flags = (empties > 0 ? FLAG_EMPTIES : 0) | (first == null ? zm : unitFlags(first, zm, omit));
    long size = headerBytes(g.getSRID(), n) + (empties > 0 ? (4L + 4L * empties + 7) & ~7L : 0)
        + 8L * storedOrdinates(flags) * (n - empties);
    return plan(size, flags);
  }

  /** Internal flag of a quick MultiPoint plan (never written): check that every point is like the first. */
  private static final int QUICK = 0x100;

  /**
   * The plan of a MultiPoint whose points are all non-empty and of the first one's dimension, from
   * the first point alone (-1 if it is empty): the write checks the others as it copies them. Sedona
   * writes MultiPoints this way; one walk over the points instead of two.
   */
  private static long quickMultiPoint(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    if (n == 0) {
      return -1;
    }
    CoordinateSequence first = ((Point) g.getGeometryN(0)).getCoordinateSequence();
    if (first.size() == 0) {
      return -1;
    }
    int flags = sequenceFlags(first, omit);
    return plan(headerBytes(g.getSRID(), n) + 8L * storedOrdinates(flags) * n, flags | QUICK);
  }

  private static int writeMultiPoint(byte[] b, int pos, Geometry g, int flags) {
    int n = g.getNumGeometries();
    if ((flags & QUICK) != 0) {
      flags &= ~QUICK;
      int zm = flags & (FLAG_Z | FLAG_M);
      int base = header(b, pos, MULTIPOINT, flags, g.getSRID(), n);
      if (flags == 0) {
        return xyPoints(b, base, g, n);
      }
      if ((flags & (FLAG_Z_NAN | FLAG_M_NAN)) == 0) {
        return zmPoints(b, base, g, n, flags);
      }
      int coordBytes = 8 * storedOrdinates(flags);
      for (int i = 0; i < n; i++) {
        CoordinateSequence seq = ((Point) g.getGeometryN(i)).getCoordinateSequence();
        // positions from the loop variable, not from the previous write: C2 can hoist the range checks
        if (seq.size() == 0 || Coords.flagsOf(seq) != zm || CoordWriter.point(b, base + i * coordBytes, seq, flags) < 0) {
          return -1;
        }
      }
      return base + n * coordBytes;
    }
    pos = envelope(b, header(b, pos, MULTIPOINT, flags, g.getSRID(), n), g, flags);
    if ((flags & FLAG_EMPTIES) != 0) {
      int s = pos + 4;
      for (int i = 0; i < n; i++) {
        if (((Point) g.getGeometryN(i)).getCoordinateSequence().size() == 0) {
          ByteWriter.storeInt32(b, s, i);
          s += 4;
        }
      }
      ByteWriter.storeInt32(b, pos, (s - pos - 4) / 4);
      pos = zeroPad(b, s, pos);
    }
    for (int i = 0; i < n && pos >= 0; i++) {
      CoordinateSequence seq = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      if (seq.size() != 0) {
        pos = CoordWriter.point(b, pos, seq, flags);
      }
    }
    return pos;
  }

  /**
   * The points of a quick XY MultiPoint at {@code base}: one class check and the declared dimension
   * per point for JTS's default sequence (its own {@code Coordinate}, x and y fields); any other
   * sequence through {@link CoordWriter#point}. -1 if a point is empty or not XY.
   */
  private static int xyPoints(byte[] b, int base, Geometry g, int n) {
    for (int i = 0; i < n; i++) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      int p = base + (i << 4);
      if (s.getClass() == CoordinateArraySequence.class) {
        if (s.getDimension() != 2 || s.getMeasures() != 0 || s.size() == 0) {
          return -1;
        }
        Coordinate c = s.getCoordinate(0);
        ByteWriter.storeFloat64(b, p, c.x);
        ByteWriter.storeFloat64(b, p + 8, c.y);
      } else if (s.size() == 0 || Coords.flagsOf(s) != 0 || CoordWriter.point(b, p, s, 0) < 0) {
        return -1;
      }
    }
    return base + (n << 4);
  }

  /**
   * {@link #xyPoints} for XYZ, XYM and XYZM points with nothing left out ({@code zm} = the layout):
   * one loop per stored dimension, each point of JTS's default sequence written from its own {@code
   * Coordinate}, any other sequence through {@link CoordWriter#point}.
   */
  private static int zmPoints(byte[] b, int base, Geometry g, int n, int zm) {
    try {
      return zm == (FLAG_Z | FLAG_M) ? points4(b, base, g, n) : points3(b, base, g, n, zm);
    } catch (IllegalArgumentException e) {
      // a Coordinate of a class without the ordinate its sequence declares (JTS throws)
      throw new BrineException("cannot read the coordinates of a MultiPoint member: " + e.getMessage(), e);
    }
  }

  /** XYZ or XYM points (ordinate 2 is Z or M, as the sequence declares). */
  private static int points3(byte[] b, int base, Geometry g, int n, int zm) {
    int measures = zm == FLAG_M ? 1 : 0;
    for (int i = 0; i < n; i++) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      int p = base + i * 24;
      if (s.getClass() == CoordinateArraySequence.class) {
        if (s.getDimension() != 3 || s.getMeasures() != measures || s.size() == 0) {
          return -1;
        }
        Coordinate c = s.getCoordinate(0);
        ByteWriter.storeFloat64(b, p, c.x);
        ByteWriter.storeFloat64(b, p + 8, c.y);
        ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
      } else if (s.size() == 0 || Coords.flagsOf(s) != zm || CoordWriter.point(b, p, s, zm) < 0) {
        return -1;
      }
    }
    return base + n * 24;
  }

  /** XYZM points. */
  private static int points4(byte[] b, int base, Geometry g, int n) {
    for (int i = 0; i < n; i++) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      int p = base + (i << 5);
      if (s.getClass() == CoordinateArraySequence.class) {
        if (s.getDimension() != 4 || s.getMeasures() != 1 || s.size() == 0) {
          return -1;
        }
        Coordinate c = s.getCoordinate(0);
        ByteWriter.storeFloat64(b, p, c.x);
        ByteWriter.storeFloat64(b, p + 8, c.y);
        ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
        ByteWriter.storeFloat64(b, p + 24, c.getOrdinate(3));
      } else if (s.size() == 0 || Coords.flagsOf(s) != (FLAG_Z | FLAG_M) || CoordWriter.point(b, p, s, FLAG_Z | FLAG_M) < 0) {
        return -1;
      }
    }
    return base + (n << 5);
  }

  private static long planMultiLine(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    int zm = 0;
    long points = 0;
    CoordinateSequence first = null;
    for (int i = 0; i < n; i++) {
      CoordinateSequence s = ((LineString) g.getGeometryN(i)).getCoordinateSequence();
      zm |= Coords.flagsOf(s);
      points += s.size();
      if (first == null && s.size() > 0) {
        first = s;
      }
    }
    int flags = first == null ? zm : unitFlags(first, zm, omit);
    return plan(headerBytes(g.getSRID(), n) + ((4L * n + 7) & ~7L) + 8L * storedOrdinates(flags) * points, flags);
  }

  private static int writeMultiLine(byte[] b, int pos, Geometry g, int flags) {
    int n = g.getNumGeometries();
    pos = envelope(b, header(b, pos, MULTILINESTRING, flags, g.getSRID(), n), g, flags);
    int s = pos;
    for (int i = 0; i < n; i++, s += 4) {
      ByteWriter.storeInt32(b, s, ((LineString) g.getGeometryN(i)).getCoordinateSequence().size());
    }
    pos = zeroPad(b, s, pos);
    for (int i = 0; i < n && pos >= 0; i++) {
      pos = CoordWriter.write(b, pos, ((LineString) g.getGeometryN(i)).getCoordinateSequence(), flags);
    }
    return pos;
  }

  private static long planMultiPolygon(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    int zm = 0;
    long words = n;
    long points = 0;
    CoordinateSequence first = null;
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) g.getGeometryN(i);
      words += ringCount(p);
      for (int r = -1, holes = p.getNumInteriorRing(); r < holes; r++) {
        CoordinateSequence s = (r < 0 ? p.getExteriorRing() : p.getInteriorRingN(r)).getCoordinateSequence();
        zm |= Coords.flagsOf(s);
        points += s.size();
        if (first == null && s.size() > 0) {
          first = s;
        }
      }
    }
    int flags = first == null ? zm : unitFlags(first, zm, omit);
    return plan(headerBytes(g.getSRID(), n) + ((4 * words + 7) & ~7L) + 8L * storedOrdinates(flags) * points, flags);
  }

  private static int writeMultiPolygon(byte[] b, int pos, Geometry g, int flags) {
    int n = g.getNumGeometries();
    pos = envelope(b, header(b, pos, MULTIPOLYGON, flags, g.getSRID(), n), g, flags);
    int words = n;
    for (int i = 0; i < n; i++) {
      words += ringCount((Polygon) g.getGeometryN(i));
    }
    int s = pos;
    pos += (words * 4 + 7) & ~7;
    if ((words & 1) != 0) {
      ByteWriter.storeInt32(b, s + 4 * words, 0);
    }
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) g.getGeometryN(i);
      int rings = ringCount(p);
      ByteWriter.storeInt32(b, s, rings);
      s += 4;
      // one pass over the rings, one copy call site (rings() again would inline a second copy)
      for (int r = 0; r < rings; r++, s += 4) {
        CoordinateSequence seq = ring(p, r);
        ByteWriter.storeInt32(b, s, seq.size());
        pos = CoordWriter.write(b, pos, seq, flags);
        if (pos < 0) {
          return -1;
        }
      }
    }
    return pos;
  }

  private static long planCollection(Geometry g, boolean omit, int depth) {
    if (depth > MAX_DEPTH) {
      throw new BrineException("geometry collections nested deeper than " + MAX_DEPTH);
    }
    int n = g.getNumGeometries();
    long size = headerBytes(g.getSRID(), n);
    for (int i = 0; i < n; i++) {
      Geometry m = g.getGeometryN(i);
      size += size(plan(m, typeOf(m), omit, depth + 1));
      checked(size);
    }
    return plan(size, 0);
  }

  private static int writeCollection(byte[] b, int pos, Geometry g, int flags, boolean omit, int depth) {
    int n = g.getNumGeometries();
    pos = envelope(b, header(b, pos, GEOMETRYCOLLECTION, flags, g.getSRID(), n), g, flags);
    for (int i = 0; i < n && pos >= 0; i++) {
      Geometry m = g.getGeometryN(i);
      int type = typeOf(m);
      // members are planned again for their flags: only the root's plan is kept
      pos = write(b, pos, m, type, flags(plan(m, type, omit, depth + 1)), omit, depth + 1);
    }
    return pos;
  }

  // ---- shared with the WKB writer ------------------------------------------------------------

  static int typeOf(Geometry g) {
    // exact JTS classes by identity (cheap), then instanceof for subclasses
    Class<?> c = g.getClass();
    if (c == Polygon.class) return POLYGON;
    if (c == Point.class) return POINT;
    if (c == LineString.class) return LINESTRING;
    if (c == MultiPolygon.class) return MULTIPOLYGON;
    // most specific classes first: LinearRing extends LineString
    if (g instanceof Point) return POINT;
    if (g instanceof LinearRing) return LINEARRING;
    if (g instanceof LineString) return LINESTRING;
    if (g instanceof Polygon) return POLYGON;
    if (g instanceof MultiPoint) return MULTIPOINT;
    if (g instanceof MultiLineString) return MULTILINESTRING;
    if (g instanceof MultiPolygon) return MULTIPOLYGON;
    if (g instanceof GeometryCollection) return GEOMETRYCOLLECTION;
    throw new BrineException("unsupported geometry class " + g.getClass().getName());
  }

  /** Union of the Z/M flags of every sequence of a geometry (collections: of their members, any depth). */
  static int zmOf(Geometry g, int type) {
    return type == GEOMETRYCOLLECTION ? gcFlags(g, 1) : flags(plan(g, type, false, 1)) & (FLAG_Z | FLAG_M);
  }

  /** Union of the Z/M flags of a collection's members, at any depth (bounded by MAX_DEPTH). */
  static int gcFlags(Geometry g, int depth) {
    if (depth > MAX_DEPTH) {
      throw new BrineException("geometry collections nested deeper than " + MAX_DEPTH);
    }
    int zm = 0;
    for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
      Geometry c = g.getGeometryN(i);
      int t = typeOf(c);
      zm |= t == GEOMETRYCOLLECTION ? gcFlags(c, depth + 1) : zmOf(c, t);
    }
    return zm;
  }
}
