package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.BrineException;
import dev.brine.io.ByteWriter;
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

/**
 * Writes the native format, version 2. Each type has a <em>plan</em> (its flags and exact size, in one
 * walk of its parts, packed in a long: size in bits 0–31, flags in 32–47, from bit 48 what its write may
 * reuse, such as a MultiPolygon's count of polygons and rings) and a <em>write</em> that
 * fills exactly that many bytes with those flags — into a new array or a caller's. This class holds the
 * entry points, the dispatch, the header and what the types share; the types' plans and writes are in
 * {@link PointWriter}, {@link LineWriter} and {@link PolygonWriter} (GeometryCollections here). Root
 * geometries of the JTS classes go straight to their type's plan and write (small methods C2 inlines);
 * root MultiPoints, MultiLineStrings, MultiPolygons and polygons with holes whose parts are JTS's default
 * sequence (or, but for MultiPoints, a packed one of doubles) in one dimension are first tried by one method each that plans and writes them (the "quick"
 * paths: null, and the plan and write then, for anything else); collection members go through the
 * {@link #plan}/{@link #write} switches. Coordinates are copied by
 * {@link CoordWriter}, one loop per sequence class and stored dimension.
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
   * quick}, if a MultiPoint is not as uniform as its first point promised. With {@code quick} the
   * one-method writers of multi-part roots are tried first (each decides for itself or answers null).
   * A dispatch of its own, each class in a method of its own: small enough for C2 to inline into the
   * caller with the one class it sees (as one method of 400 bytes it was "hot method too big", a call
   * on every serialize).
   */
  private static byte[] root(Geometry g, boolean omit, boolean quick) {
    Class<?> c = g.getClass();
    if (c == Point.class) {
      return point((Point) g, omit);
    }
    if (c == MultiPoint.class) {
      return multiPoint(g, omit, quick);
    }
    if (c == Polygon.class) {
      return polygon((Polygon) g, omit, quick);
    }
    if (c == LineString.class) {
      return line((LineString) g, omit);
    }
    if (c == MultiPolygon.class) {
      return multiPolygon(g, omit, quick);
    }
    if (quick && c == MultiLineString.class) {
      byte[] arrays = LineWriter.multiLineArrays(g);
      if (arrays != null) {
        return arrays;
      }
    }
    return other(g, omit);
  }

  private static byte[] point(Point p, boolean omit) {
    long plan = PointWriter.planPoint(p, omit);
    byte[] b = new byte[size(plan)];
    return PointWriter.writePoint(b, 0, p, flags(plan)) < 0 ? null : b;
  }

  private static byte[] multiPoint(Geometry g, boolean omit, boolean quick) {
    if (quick) {
      byte[] arrays = PointWriter.multiPointArrays(g);
      if (arrays != null) {
        return arrays;
      }
      long plan = PointWriter.quickMultiPoint(g, omit);
      if (plan >= 0) {
        byte[] b = new byte[size(plan)];
        return PointWriter.writeMultiPoint(b, 0, g, flags(plan)) < 0 ? null : b;
      }
    }
    return other(g, omit);
  }

  private static byte[] polygon(Polygon p, boolean omit, boolean quick) {
    if (quick && p.getNumInteriorRing() != 0) { // one ring: the general path is as short (journal step 25)
      byte[] arrays = PolygonWriter.polygonArrays(p);
      if (arrays != null) {
        return arrays;
      }
    }
    long plan = PolygonWriter.planPolygon(p, omit);
    byte[] b = new byte[size(plan)];
    return PolygonWriter.writePolygon(b, 0, p, flags(plan)) < 0 ? null : b;
  }

  private static byte[] line(LineString l, boolean omit) {
    long plan = LineWriter.planLine(l, omit);
    byte[] b = new byte[size(plan)];
    return LineWriter.writeLine(b, 0, l, LINESTRING, flags(plan)) < 0 ? null : b;
  }

  private static byte[] multiPolygon(Geometry g, boolean omit, boolean quick) {
    if (quick) {
      byte[] arrays = PolygonWriter.multiPolygonArrays(g);
      if (arrays != null) {
        return arrays;
      }
    }
    long plan = PolygonWriter.planMultiPolygon(g, omit);
    byte[] b = new byte[size(plan)];
    return PolygonWriter.writeMultiPolygon(b, 0, g, flags(plan), PolygonWriter.plannedWords(plan)) < 0 ? null : b;
  }

  /** Any other root (MultiLineString, LinearRing, collections) through the plan and write switches. */
  private static byte[] other(Geometry g, boolean omit) {
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
    long plan = PointWriter.planPoint(p, true);
    if (size(plan) > room) {
      return -1; // leaving nothing out is never smaller
    }
    int end = PointWriter.writePoint(b, off, p, flags(plan));
    return end >= 0 ? end - off : DECLINED;
  }

  /** A MultiPoint planned from its first point; declined if not uniform (an empty point is smaller: the general path decides). */
  private static int multiPointInto(Geometry g, byte[] b, int off, int room) {
    long plan = PointWriter.quickMultiPoint(g, true);
    if (plan < 0 || size(plan) > room) {
      return DECLINED;
    }
    int end = PointWriter.writeMultiPoint(b, off, g, flags(plan));
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
    return (int) (plan >>> 32) & 0xFFFF; // bits 48 and up: what a type's plan may carry for its write
  }

  static long plan(long size, int flags) {
    return checked(size) | (long) flags << 32;
  }

  static int checked(long size) {
    if (size > MAX_SIZE) {
      throw new BrineException("geometry too large to serialize: " + size + " bytes");
    }
    return (int) size;
  }

  static long headerBytes(int srid, int count) {
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
  static int envelope(byte[] b, int pos, Geometry g, int flags) {
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

  /**
   * The array of a root written by one of the one-method writers of multi-part geometries, its header
   * stored: {@code words} count words (padded to 8 bytes), then {@code points} coordinates in the layout of
   * {@code any}'s dimension. Null when that layout would leave a Z or M out ({@code first}, the first
   * non-empty part, has JTS's NaN there: the general path checks that the rest are NaN) or the array would
   * be too large.
   */
  static byte[] partsArray(int type, int srid, int count, long words, long points, CoordinateSequence any,
      CoordinateSequence first) {
    int layout = Coords.flagsOf(any);
    if (first != null && unitFlags(first, layout, true) != layout) {
      return null;
    }
    long bytes = HEADER_BYTES + ((4 * words + 7) & ~7L) + 8L * storedOrdinates(layout) * points;
    if (bytes > MAX_SIZE) {
      return null;
    }
    byte[] b = new byte[(int) bytes];
    ByteWriter.storeInt64(b, 0, header2(type, layout, srid, count)); // the padding word, if any, is zero already
    return b;
  }

  /** Zero padding from {@code s} to the next multiple of 8 after {@code base}; returns that position. */
  static int zeroPad(byte[] b, int s, int base) {
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
        return PointWriter.planPoint((Point) g, omit);
      case LINESTRING:
      case LINEARRING:
        return LineWriter.planLine((LineString) g, omit);
      case POLYGON:
        return PolygonWriter.planPolygon((Polygon) g, omit);
      case MULTIPOINT:
        return PointWriter.planMultiPoint(g, omit);
      case MULTILINESTRING:
        return LineWriter.planMultiLine(g, omit);
      case MULTIPOLYGON:
        return PolygonWriter.planMultiPolygon(g, omit);
      default:
        return planCollection(g, omit, depth);
    }
  }

  /** Writes {@code g} with the flags of its plan; returns the end, or -1 (an ordinate left out was not NaN). */
  static int write(byte[] b, int pos, Geometry g, int type, int flags, boolean omit, int depth) {
    switch (type) {
      case POINT:
        return PointWriter.writePoint(b, pos, (Point) g, flags);
      case LINESTRING:
      case LINEARRING:
        return LineWriter.writeLine(b, pos, (LineString) g, type, flags);
      case POLYGON:
        return PolygonWriter.writePolygon(b, pos, (Polygon) g, flags);
      case MULTIPOINT:
        return PointWriter.writeMultiPoint(b, pos, g, flags);
      case MULTILINESTRING:
        return LineWriter.writeMultiLine(b, pos, g, flags);
      case MULTIPOLYGON:
        return PolygonWriter.writeMultiPolygon(b, pos, g, flags, 0);
      default:
        return writeCollection(b, pos, g, flags, omit, depth);
    }
  }

  // ---- flags ---------------------------------------------------------------------------------

  /**
   * Flags of a geometry with dimension flags {@code zm} whose first coordinate is the first of {@code
   * first} (not empty): Z_NAN / M_NAN when {@code omit} and that coordinate's Z / M is NaN.
   */
  static int unitFlags(CoordinateSequence first, int zm, boolean omit) {
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
  static int sequenceFlags(CoordinateSequence seq, boolean omit) {
    int zm = Coords.flagsOf(seq);
    return zm == 0 || seq.size() == 0 ? zm : unitFlags(seq, zm, omit);
  }

  // ---- collections ---------------------------------------------------------------------------

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
