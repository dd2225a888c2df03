package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.BrineException;
import dev.brine.io.ByteReader;
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
 * Writes the native format. Root Point, LineString, Polygon and MultiPolygon of JTS's own classes
 * (the common cases) are written in one pass into an array of the exact size; anything else in two
 * passes: {@link #size} computes the exact length, then {@link #write} fills an array of exactly that
 * length (no growth, no copy).
 */
final class NativeWriter {
  private NativeWriter() {}

  static byte[] serialize(Geometry g) {
    if (g == null) {
      throw new BrineException("cannot serialize a null geometry");
    }
    // exact JTS classes first (one compare each); subclasses and unusual shapes take the general path
    Class<?> c = g.getClass();
    byte[] b = null;
    if (c == Point.class) {
      return point((Point) g);
    } else if (c == Polygon.class) {
      b = polygon((Polygon) g);
    } else if (c == LineString.class) {
      b = lineString((LineString) g);
    } else if (c == MultiPolygon.class) {
      b = multiPolygon((MultiPolygon) g);
    }
    if (b != null) {
      return b;
    }
    byte[] out = new byte[size(g, true, 1)];
    int end = write(out, 0, g, true, 1);
    if (end != out.length) {
      throw new IllegalStateException("size " + out.length + " != written " + end);
    }
    return out;
  }

  /** The first 8 bytes of a geometry: type, flags, version, reserved 0, SRID, as one LE word. */
  static long header(int type, int flags, int srid) {
    return type | flags << 8 | VERSION << 16 | (long) srid << 32;
  }

  /** The common case (a point of a table of points) without the generic two-pass machinery. */
  private static byte[] point(Point p) {
    CoordinateSequence seq = p.getCoordinateSequence();
    // JTS's default sequence, XY: a fixed 24-byte array written with three 8-byte stores
    if (seq.getClass() == CoordinateArraySequence.class
        && seq.getDimension() == 2
        && seq.getMeasures() == 0
        && seq.size() == 1) {
      Coordinate xy = seq.getCoordinate(0); // the sequence's own object: no copy
      byte[] b = new byte[HEADER_BYTES + 16];
      ByteWriter.storeInt64(b, 0, header(POINT, 0, p.getSRID()));
      ByteWriter.storeFloat64(b, 8, xy.x);
      ByteWriter.storeFloat64(b, 16, xy.y);
      return b;
    }
    int zm = Coords.flagsOf(seq);
    boolean empty = seq.size() == 0;
    byte[] b = new byte[HEADER_BYTES + (empty ? 0 : 8 * Coords.ordinates(zm))];
    ByteWriter.storeInt64(b, 0, header(POINT, empty ? zm | FLAG_EMPTY : zm, p.getSRID()));
    if (!empty) {
      Coords.write(b, HEADER_BYTES, seq, zm);
    }
    return b;
  }

  /**
   * Header + envelope of a non-empty root geometry; returns the position after them. The envelope is
   * JTS's {@code getEnvelopeInternal()}: free when cached (the common case on this path; fresh XY
   * geometries take the compute-while-copying paths instead).
   */
  private static int rootHeader(byte[] b, int type, int zm, Geometry g) {
    ByteWriter.storeInt64(b, 0, header(type, zm | FLAG_ENVELOPE, g.getSRID()));
    // cached in the geometry by JTS after the first call (the returned copy is scalar-replaced)
    Envelope e = g.getEnvelopeInternal();
    boolean none = e.isNull();
    ByteWriter.storeFloat64(b, 8, none ? 0 : e.getMinX());
    ByteWriter.storeFloat64(b, 16, none ? 0 : e.getMinY());
    ByteWriter.storeFloat64(b, 24, none ? -1 : e.getMaxX());
    ByteWriter.storeFloat64(b, 32, none ? -1 : e.getMaxY());
    return HEADER_BYTES + ENVELOPE_BYTES;
  }

  /** Non-empty root LineString in one pass; null to use the general path. */
  private static byte[] lineString(LineString l) {
    CoordinateSequence seq = l.getCoordinateSequence();
    int n = seq.size();
    if (n == 0) {
      return null;
    }
    int zm = Coords.flagsOf(seq);
    long size = HEADER_BYTES + ENVELOPE_BYTES + 8 + (long) n * Coords.ordinates(zm) * 8;
    if (size > Integer.MAX_VALUE - 16) {
      return null;
    }
    byte[] b = new byte[(int) size];
    int pos = HEADER_BYTES + ENVELOPE_BYTES;
    // not cached by JTS: computed while copying (no JTS envelopes to compute, cache and copy)
    Coordinate[] xy = CachedEnvelope.of(l) == null ? Coords.xyArray(seq) : null;
    if (xy != null) {
      ByteWriter.storeInt64(b, 0, header(LINESTRING, FLAG_ENVELOPE, l.getSRID()));
      ByteWriter.storeInt32(b, pos, n);
      Coords.writeXYWithEnvelope(b, pos + 8, xy, HEADER_BYTES);
      return b;
    }
    rootHeader(b, LINESTRING, zm, l);
    ByteWriter.storeInt32(b, pos, n);
    Coords.write(b, pos + 8, seq, zm);
    return b;
  }

  /**
   * Points of a non-empty polygon whose rings all have dimension flags {@code zm}, or -1 if the
   * polygon is empty or its rings differ (the general path handles those).
   */
  private static long polygonPoints(Polygon p, int zm) {
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    long points = shell.size();
    if (points == 0 || Coords.flagsOf(shell) != zm) {
      return -1;
    }
    for (int i = 0, holes = p.getNumInteriorRing(); i < holes; i++) {
      CoordinateSequence h = p.getInteriorRingN(i).getCoordinateSequence();
      if (Coords.flagsOf(h) != zm) {
        return -1;
      }
      points += h.size();
    }
    return points;
  }

  /**
   * Ring sizes of a non-empty polygon at {@code s}, then its coordinates at {@code pos}. If {@code
   * shellXY} (the shell's coordinates, see {@link Coords#xyArray}) is given, the shell's envelope —
   * JTS's envelope of a polygon — is computed while copying and stored at offset 8.
   */
  private static int putPolygon(byte[] b, int s, int pos, Polygon p, int holes, int zm, Coordinate[] shellXY) {
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    ByteWriter.storeInt32(b, s, shell.size());
    pos = shellXY != null
        ? Coords.writeXYWithEnvelope(b, pos, shellXY, HEADER_BYTES)
        : Coords.write(b, pos, shell, zm);
    for (int i = 0; i < holes; i++) {
      CoordinateSequence h = p.getInteriorRingN(i).getCoordinateSequence();
      ByteWriter.storeInt32(b, s + 4 + 4 * i, h.size());
      pos = Coords.write(b, pos, h, zm);
    }
    return pos;
  }

  /** Non-empty root Polygon whose rings share one dimension, in one pass; null otherwise. */
  private static byte[] polygon(Polygon p) {
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    if (shell.size() == 0) {
      return null;
    }
    int zm = Coords.flagsOf(shell);
    long points = polygonPoints(p, zm);
    if (points < 0) {
      return null;
    }
    int holes = p.getNumInteriorRing();
    int structure = pad8(4 + 4 * (1 + holes));
    long size = HEADER_BYTES + ENVELOPE_BYTES + structure + points * Coords.ordinates(zm) * 8;
    if (size > Integer.MAX_VALUE - 16) {
      return null;
    }
    byte[] b = new byte[(int) size];
    int pos = HEADER_BYTES + ENVELOPE_BYTES;
    Coordinate[] xy = CachedEnvelope.of(p) == null ? Coords.xyArray(shell) : null;
    if (xy != null) {
      ByteWriter.storeInt64(b, 0, header(POLYGON, FLAG_ENVELOPE, p.getSRID()));
    } else {
      rootHeader(b, POLYGON, zm, p);
    }
    ByteWriter.storeInt32(b, pos, 1 + holes);
    putPolygon(b, pos + 4, pos + structure, p, holes, zm, xy);
    return b;
  }

  /**
   * Root MultiPolygon of non-empty polygons whose rings share one dimension, in one pass; null
   * otherwise.
   */
  private static byte[] multiPolygon(MultiPolygon mp) {
    int n = mp.getNumGeometries();
    if (n == 0) {
      return null;
    }
    Polygon first = (Polygon) mp.getGeometryN(0);
    CoordinateSequence shell = first.getExteriorRing().getCoordinateSequence();
    if (shell.size() == 0) {
      return null;
    }
    int zm = Coords.flagsOf(shell);
    long points = 0;
    int rings = 0;
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) mp.getGeometryN(i);
      long pp = polygonPoints(p, zm);
      if (pp < 0) {
        return null;
      }
      points += pp;
      rings += 1 + p.getNumInteriorRing();
    }
    int structure = pad8(4 + 4 * n + 4 * rings);
    long size = HEADER_BYTES + ENVELOPE_BYTES + structure + points * Coords.ordinates(zm) * 8;
    if (size > Integer.MAX_VALUE - 16) {
      return null;
    }
    byte[] b = new byte[(int) size];
    // not cached, every shell XY in JTS's default sequence: the envelope is computed while copying
    boolean xy = zm == 0 && CachedEnvelope.of(mp) == null;
    for (int i = 0; i < n && xy; i++) {
      xy = Coords.xyArray(((Polygon) mp.getGeometryN(i)).getExteriorRing().getCoordinateSequence()) != null;
    }
    int pos = HEADER_BYTES + ENVELOPE_BYTES;
    if (xy) {
      ByteWriter.storeInt64(b, 0, header(MULTIPOLYGON, FLAG_ENVELOPE, mp.getSRID()));
    } else {
      rootHeader(b, MULTIPOLYGON, zm, mp);
    }
    ByteWriter.storeInt32(b, pos, n);
    int s = pos + 4;
    pos += structure;
    // JTS: the collection's envelope is expandToInclude(each polygon's envelope), from null
    double minX = 0;
    double minY = 0;
    double maxX = 0;
    double maxY = 0;
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) mp.getGeometryN(i);
      int holes = p.getNumInteriorRing();
      ByteWriter.storeInt32(b, s, 1 + holes);
      Coordinate[] shellXY = xy ? Coords.xyArray(p.getExteriorRing().getCoordinateSequence()) : null;
      pos = putPolygon(b, s + 4, pos, p, holes, zm, shellXY);
      s += 8 + 4 * holes;
      if (xy) {
        // this polygon's envelope, just stored at 8..40 (never null: its shell is not empty)
        double x0 = ByteReader.loadFloat64(b, 8);
        double y0 = ByteReader.loadFloat64(b, 16);
        double x1 = ByteReader.loadFloat64(b, 24);
        double y1 = ByteReader.loadFloat64(b, 32);
        if (i == 0) {
          minX = x0;
          minY = y0;
          maxX = x1;
          maxY = y1;
        } else {
          if (x0 < minX) minX = x0;
          if (x1 > maxX) maxX = x1;
          if (y0 < minY) minY = y0;
          if (y1 > maxY) maxY = y1;
        }
      }
    }
    if (xy) {
      ByteWriter.storeFloat64(b, 8, minX);
      ByteWriter.storeFloat64(b, 16, minY);
      ByteWriter.storeFloat64(b, 24, maxX);
      ByteWriter.storeFloat64(b, 32, maxY);
    }
    return b;
  }

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

  private static boolean hasEnvelope(Geometry g, boolean root, int type) {
    return root && type != POINT && !g.isEmpty();
  }

  /** Union of the Z/M flags of every sequence of a single-type geometry or Multi*. */
  static int zmOf(Geometry g, int type) {
    switch (type) {
      case POINT:
        return Coords.flagsOf(((Point) g).getCoordinateSequence());
      case LINESTRING:
      case LINEARRING:
        return Coords.flagsOf(((LineString) g).getCoordinateSequence());
      case POLYGON: {
        Polygon p = (Polygon) g;
        int zm = Coords.flagsOf(p.getExteriorRing().getCoordinateSequence());
        for (int i = 0, n = p.getNumInteriorRing(); i < n; i++) {
          zm |= Coords.flagsOf(p.getInteriorRingN(i).getCoordinateSequence());
        }
        return zm;
      }
      default: {
        int zm = 0;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          Geometry part = g.getGeometryN(i);
          zm |= zmOf(part, typeOf(part));
        }
        return zm;
      }
    }
  }

  static int size(Geometry g, boolean root, int depth) {
    int type = typeOf(g);
    if (type == GEOMETRYCOLLECTION) {
      if (depth > MAX_DEPTH) {
        throw new BrineException("geometry collections nested deeper than " + MAX_DEPTH);
      }
      // children first: the depth is checked before anything recursive of JTS (isEmpty) runs
      long size = HEADER_BYTES + 8;
      for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
        size += size(g.getGeometryN(i), false, depth + 1);
        if (size > Integer.MAX_VALUE - 64) {
          throw new BrineException("geometry too large to serialize: " + size + " bytes");
        }
      }
      return (int) size + (hasEnvelope(g, root, type) ? ENVELOPE_BYTES : 0);
    }
    int size = HEADER_BYTES + (hasEnvelope(g, root, type) ? ENVELOPE_BYTES : 0);
    int d = Coords.ordinates(zmOf(g, type));
    long coords;
    long structure;
    switch (type) {
      case POINT:
        coords = g.isEmpty() ? 0 : 1;
        structure = 0;
        break;
      case LINESTRING:
      case LINEARRING:
        coords = ((LineString) g).getNumPoints();
        structure = 8;
        break;
      case POLYGON: {
        Polygon p = (Polygon) g;
        coords = p.getNumPoints();
        structure = 4 + 4L * ringCount(p);
        break;
      }
      case MULTIPOINT: {
        int empties = 0;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          if (g.getGeometryN(i).isEmpty()) empties++;
        }
        coords = g.getNumGeometries() - empties;
        structure = 8 + 4L * empties;
        break;
      }
      case MULTILINESTRING:
        coords = g.getNumPoints();
        structure = 4 + 4L * g.getNumGeometries();
        break;
      case MULTIPOLYGON: {
        coords = g.getNumPoints();
        structure = 4;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          structure += 4 + 4L * ringCount((Polygon) g.getGeometryN(i));
        }
        break;
      }
      default:
        throw new AssertionError(type);
    }
    long total = size + ((structure + 7) & ~7L) + coords * d * 8;
    if (total > Integer.MAX_VALUE - 16) {
      throw new BrineException("geometry too large to serialize: " + total + " bytes");
    }
    return (int) total;
  }

  /** 0 for an empty polygon, else shell + holes (JTS tolerates an empty shell with holes). */
  static int ringCount(Polygon p) {
    return p.isEmpty() && p.getNumInteriorRing() == 0 ? 0 : 1 + p.getNumInteriorRing();
  }

  static int write(byte[] b, int pos, Geometry g, boolean root, int depth) {
    int type = typeOf(g);
    // a collection's own Z/M bits are informational (the union of its members; readers ignore
    // them): they are or-ed in from the members' headers once those are written, below
    int zm = type == GEOMETRYCOLLECTION ? 0 : zmOf(g, type);
    int flags = zm;
    boolean env = hasEnvelope(g, root, type);
    if (env) flags |= FLAG_ENVELOPE;
    if (type == POINT && g.isEmpty()) flags |= FLAG_EMPTY;
    b[pos] = (byte) type;
    b[pos + 1] = (byte) flags;
    b[pos + 2] = (byte) VERSION;
    b[pos + 3] = 0;
    ByteWriter.storeInt32(b, pos + 4, g.getSRID());
    pos += HEADER_BYTES;
    if (env) {
      Envelope e = g.getEnvelopeInternal();
      // the raw JTS fields; a null envelope is stored as JTS keeps it (0, 0, -1, -1)
      ByteWriter.storeFloat64(b, pos, e.isNull() ? 0 : e.getMinX());
      ByteWriter.storeFloat64(b, pos + 8, e.isNull() ? 0 : e.getMinY());
      ByteWriter.storeFloat64(b, pos + 16, e.isNull() ? -1 : e.getMaxX());
      ByteWriter.storeFloat64(b, pos + 24, e.isNull() ? -1 : e.getMaxY());
      pos += ENVELOPE_BYTES;
    }
    switch (type) {
      case POINT:
        return g.isEmpty() ? pos : Coords.write(b, pos, ((Point) g).getCoordinateSequence(), zm);
      case LINESTRING:
      case LINEARRING: {
        CoordinateSequence seq = ((LineString) g).getCoordinateSequence();
        ByteWriter.storeInt32(b, pos, seq.size());
        ByteWriter.storeInt32(b, pos + 4, 0);
        return Coords.write(b, pos + 8, seq, zm);
      }
      case POLYGON: {
        Polygon p = (Polygon) g;
        int rings = ringCount(p);
        ByteWriter.storeInt32(b, pos, rings);
        int s = pos + 4;
        s = putRingSizes(b, s, p, rings);
        pos = zeroPad(b, s);
        return writeRings(b, pos, p, rings, zm);
      }
      case MULTIPOINT: {
        int n = g.getNumGeometries();
        int s = pos + 8;
        for (int i = 0; i < n; i++) {
          if (g.getGeometryN(i).isEmpty()) {
            ByteWriter.storeInt32(b, s, i);
            s += 4;
          }
        }
        ByteWriter.storeInt32(b, pos, n);
        ByteWriter.storeInt32(b, pos + 4, (s - pos - 8) / 4);
        pos = zeroPad(b, s);
        for (int i = 0; i < n; i++) {
          Point pt = (Point) g.getGeometryN(i);
          if (!pt.isEmpty()) pos = Coords.write(b, pos, pt.getCoordinateSequence(), zm);
        }
        return pos;
      }
      case MULTILINESTRING: {
        int n = g.getNumGeometries();
        ByteWriter.storeInt32(b, pos, n);
        int s = pos + 4;
        for (int i = 0; i < n; i++, s += 4) {
          ByteWriter.storeInt32(b, s, ((LineString) g.getGeometryN(i)).getNumPoints());
        }
        pos = zeroPad(b, s);
        for (int i = 0; i < n; i++) {
          pos = Coords.write(b, pos, ((LineString) g.getGeometryN(i)).getCoordinateSequence(), zm);
        }
        return pos;
      }
      case MULTIPOLYGON: {
        int n = g.getNumGeometries();
        ByteWriter.storeInt32(b, pos, n);
        int s = pos + 4;
        for (int i = 0; i < n; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          int rings = ringCount(p);
          ByteWriter.storeInt32(b, s, rings);
          s = putRingSizes(b, s + 4, p, rings);
        }
        pos = zeroPad(b, s);
        for (int i = 0; i < n; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          pos = writeRings(b, pos, p, ringCount(p), zm);
        }
        return pos;
      }
      case GEOMETRYCOLLECTION: {
        int n = g.getNumGeometries();
        int flagsAt = pos - (env ? ENVELOPE_BYTES : 0) - HEADER_BYTES + 1;
        ByteWriter.storeInt32(b, pos, n);
        ByteWriter.storeInt32(b, pos + 4, 0);
        pos += 8;
        for (int i = 0; i < n; i++) {
          int member = pos;
          pos = write(b, pos, g.getGeometryN(i), false, depth + 1);
          b[flagsAt] |= (byte) (b[member + 1] & (FLAG_Z | FLAG_M));
        }
        return pos;
      }
      default:
        throw new AssertionError(type);
    }
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

  private static int putRingSizes(byte[] b, int s, Polygon p, int rings) {
    for (int r = 0; r < rings; r++, s += 4) {
      LinearRing ring = r == 0 ? p.getExteriorRing() : p.getInteriorRingN(r - 1);
      ByteWriter.storeInt32(b, s, ring.getNumPoints());
    }
    return s;
  }

  private static int writeRings(byte[] b, int pos, Polygon p, int rings, int zm) {
    for (int r = 0; r < rings; r++) {
      LinearRing ring = r == 0 ? p.getExteriorRing() : p.getInteriorRingN(r - 1);
      pos = Coords.write(b, pos, ring.getCoordinateSequence(), zm);
    }
    return pos;
  }

  private static int zeroPad(byte[] b, int s) {
    // the array is freshly allocated (all zeros), so padding needs no writes
    return pad8(s);
  }
}
