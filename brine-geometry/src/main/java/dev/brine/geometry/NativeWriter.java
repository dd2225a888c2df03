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
 * Writes the native format, version 2, in two passes: {@link #size} computes the exact length (and
 * each geometry's flags), then {@link #write} fills exactly that many bytes — into a new array or a
 * caller's. Coordinates are copied by {@link CoordWriter}, one loop per sequence class and stored
 * dimension. A Z or M that is NaN in the first coordinate is left out (flag Z_NAN/M_NAN); if a later
 * one is not NaN the write reports it ({@code -1}) and the caller writes again with {@code omit}
 * off, so the bytes only ever depend on the geometry.
 */
final class NativeWriter {
  private NativeWriter() {}

  /** A new array holding exactly the encoding of {@code g}. */
  static byte[] serialize(Geometry g, boolean envelope) {
    requireGeometry(g);
    if (!envelope && g.getClass() == Point.class) {
      byte[] b = point((Point) g, true);
      return b != null ? b : point((Point) g, false);
    }
    byte[] b = attempt(g, envelope, true);
    return b != null ? b : attempt(g, envelope, false);
  }

  private static byte[] attempt(Geometry g, boolean envelope, boolean omit) {
    byte[] b = new byte[size(g, envelope, omit)];
    int end = write(b, 0, g, envelope, omit);
    if (end < 0) {
      return null;
    }
    if (end != b.length) {
      throw new IllegalStateException("size " + b.length + " != written " + end);
    }
    return b;
  }

  /**
   * Writes the encoding of {@code g} at {@code off}, if it fits in {@code room} bytes; returns its
   * length, or -1 if it does not fit.
   */
  static int writeInto(Geometry g, byte[] b, int off, int room) {
    if (size(g, false, true) > room) {
      return -1; // leaving nothing out is never smaller
    }
    int end = write(b, off, g, false, true);
    if (end >= 0) {
      return end - off;
    }
    if (size(g, false, false) > room) {
      return -1;
    }
    return write(b, off, g, false, false) - off;
  }

  /** The exact size {@link #serialize} produces: checks every ordinate the first one says to leave out. */
  static int exactSize(Geometry g) {
    int size = size(g, false, true);
    return size == size(g, false, false) || omissionsHold(g, typeOf(g)) ? size : size(g, false, false);
  }

  private static boolean omissionsHold(Geometry g, int type) {
    if (type == GEOMETRYCOLLECTION) {
      for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
        Geometry m = g.getGeometryN(i);
        if (!omissionsHold(m, typeOf(m))) {
          return false;
        }
      }
      return true;
    }
    int flags = flags(g, type, true);
    if ((flags & (FLAG_Z_NAN | FLAG_M_NAN)) == 0) {
      return true;
    }
    java.util.List<CoordinateSequence> seqs = new java.util.ArrayList<>();
    g.apply((org.locationtech.jts.geom.CoordinateSequenceFilter) new SequenceCollector(seqs));
    for (CoordinateSequence s : seqs) {
      int own = Coords.flagsOf(s);
      for (int i = 0, n = s.size(); i < n; i++) {
        if ((flags & FLAG_Z_NAN) != 0 && (own & FLAG_Z) != 0
            && Double.doubleToRawLongBits(s.getOrdinate(i, 2)) != NAN_BITS) {
          return false;
        }
        if ((flags & FLAG_M_NAN) != 0 && (own & FLAG_M) != 0
            && Double.doubleToRawLongBits(s.getOrdinate(i, s.getDimension() - 1)) != NAN_BITS) {
          return false;
        }
      }
    }
    return true;
  }

  /** Collects each coordinate sequence once (JTS calls the filter per coordinate). */
  private static final class SequenceCollector implements org.locationtech.jts.geom.CoordinateSequenceFilter {
    private final java.util.List<CoordinateSequence> seqs;

    SequenceCollector(java.util.List<CoordinateSequence> seqs) {
      this.seqs = seqs;
    }

    @Override
    public void filter(CoordinateSequence seq, int i) {
      if (i == 0) {
        seqs.add(seq);
      }
    }

    @Override
    public boolean isDone() {
      return false;
    }

    @Override
    public boolean isGeometryChanged() {
      return false;
    }
  }

  static void requireGeometry(Geometry g) {
    if (g == null) {
      throw new BrineException("cannot serialize a null geometry");
    }
  }

  /** The common case, a root Point, without the general passes; null if an omitted ordinate was not NaN. */
  private static byte[] point(Point p, boolean omit) {
    CoordinateSequence seq = p.getCoordinateSequence();
    int n = seq.size();
    int flags = n == 0 ? Coords.flagsOf(seq) : unitFlags(seq, Coords.flagsOf(seq), omit);
    int srid = p.getSRID();
    int count = n == 0 ? 0 : 1;
    int head = narrow(srid, count) ? HEADER_BYTES : HEADER_BYTES + 8;
    byte[] b = new byte[head + 8 * count * storedOrdinates(flags)];
    int pos = header(b, 0, POINT, flags, srid, count);
    if (n != 0 && CoordWriter.point(b, pos, seq, flags) < 0) {
      return null;
    }
    return b;
  }

  /** Exact size of the encoding of a root geometry (its flags decided with {@code omit}). */
  static int size(Geometry g, boolean envelope, boolean omit) {
    long size = size(g, typeOf(g), omit, 1);
    if (envelope && hasEnvelope(g)) {
      size += ENVELOPE_BYTES;
    }
    if (size > Integer.MAX_VALUE - 16) {
      throw new BrineException("geometry too large to serialize: " + size + " bytes");
    }
    return (int) size;
  }

  /** The root stores an envelope (when asked to): not a point, not empty. */
  private static boolean hasEnvelope(Geometry g) {
    return typeOf(g) != POINT && !g.isEmpty();
  }

  /**
   * Writes a root geometry at {@code pos} exactly as {@link #size} measured it with the same {@code
   * omit}; returns the end, or -1 if an ordinate left out was not NaN (then the bytes are garbage).
   */
  static int write(byte[] b, int pos, Geometry g, boolean envelope, boolean omit) {
    return write(b, pos, g, typeOf(g), envelope && hasEnvelope(g), omit);
  }

  private static long headerBytes(int srid, int count) {
    return narrow(srid, count) ? HEADER_BYTES : HEADER_BYTES + 8;
  }

  /** Writes a header word (and the extension if SRID or count do not fit it); returns the position after. */
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

  /** Flags (Z, M, Z_NAN, M_NAN, EMPTIES) of a geometry that is not a collection of any kind. */
  static int flags(Geometry g, int type, boolean omit) {
    switch (type) {
      case POINT:
      case LINESTRING:
      case LINEARRING: {
        CoordinateSequence seq = type == POINT ? ((Point) g).getCoordinateSequence() : ((LineString) g).getCoordinateSequence();
        int zm = Coords.flagsOf(seq);
        return seq.size() == 0 ? zm : unitFlags(seq, zm, omit);
      }
      case POLYGON: {
        Polygon p = (Polygon) g;
        CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
        int zm = Coords.flagsOf(shell);
        CoordinateSequence first = shell.size() > 0 ? shell : null;
        for (int i = 0, n = p.getNumInteriorRing(); i < n; i++) {
          CoordinateSequence h = p.getInteriorRingN(i).getCoordinateSequence();
          zm |= Coords.flagsOf(h);
          if (first == null && h.size() > 0) {
            first = h;
          }
        }
        return first == null ? zm : unitFlags(first, zm, omit);
      }
      case MULTIPOINT: {
        int zm = 0;
        int flags = 0;
        CoordinateSequence first = null;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
          zm |= Coords.flagsOf(s);
          if (s.size() == 0) {
            flags = FLAG_EMPTIES;
          } else if (first == null) {
            first = s;
          }
        }
        return flags | (first == null ? zm : unitFlags(first, zm, omit));
      }
      case MULTILINESTRING: {
        int zm = 0;
        CoordinateSequence first = null;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          CoordinateSequence s = ((LineString) g.getGeometryN(i)).getCoordinateSequence();
          zm |= Coords.flagsOf(s);
          if (first == null && s.size() > 0) {
            first = s;
          }
        }
        return first == null ? zm : unitFlags(first, zm, omit);
      }
      case MULTIPOLYGON: {
        int zm = 0;
        CoordinateSequence first = null;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          for (int r = -1, holes = p.getNumInteriorRing(); r < holes; r++) {
            CoordinateSequence s = (r < 0 ? p.getExteriorRing() : p.getInteriorRingN(r)).getCoordinateSequence();
            zm |= Coords.flagsOf(s);
            if (first == null && s.size() > 0) {
              first = s;
            }
          }
        }
        return first == null ? zm : unitFlags(first, zm, omit);
      }
      default:
        throw new AssertionError(type);
    }
  }

  // ---- size ----------------------------------------------------------------------------------

  private static long size(Geometry g, int type, boolean omit, int depth) {
    if (type == GEOMETRYCOLLECTION) {
      if (depth > MAX_DEPTH) {
        throw new BrineException("geometry collections nested deeper than " + MAX_DEPTH);
      }
      int n = g.getNumGeometries();
      long size = headerBytes(g.getSRID(), n);
      for (int i = 0; i < n; i++) {
        Geometry m = g.getGeometryN(i);
        size += size(m, typeOf(m), omit, depth + 1);
        if (size > Integer.MAX_VALUE) {
          throw new BrineException("geometry too large to serialize: more than " + Integer.MAX_VALUE + " bytes");
        }
      }
      return size;
    }
    int flags = flags(g, type, omit);
    long coordBytes = 8L * storedOrdinates(flags);
    switch (type) {
      case POINT: {
        int count = g.isEmpty() ? 0 : 1;
        return headerBytes(g.getSRID(), count) + count * coordBytes;
      }
      case LINESTRING:
      case LINEARRING: {
        int n = ((LineString) g).getCoordinateSequence().size();
        return headerBytes(g.getSRID(), n) + n * coordBytes;
      }
      case POLYGON: {
        Polygon p = (Polygon) g;
        int rings = ringCount(p);
        return headerBytes(g.getSRID(), rings) + pad8(4L * rings) + p.getNumPoints() * coordBytes;
      }
      case MULTIPOINT: {
        int n = g.getNumGeometries();
        int empties = 0;
        if ((flags & FLAG_EMPTIES) != 0) {
          for (int i = 0; i < n; i++) {
            if (g.getGeometryN(i).isEmpty()) empties++;
          }
        }
        return headerBytes(g.getSRID(), n) + (empties > 0 ? pad8(4L + 4L * empties) : 0) + (n - empties) * coordBytes;
      }
      case MULTILINESTRING: {
        int n = g.getNumGeometries();
        return headerBytes(g.getSRID(), n) + pad8(4L * n) + g.getNumPoints() * coordBytes;
      }
      case MULTIPOLYGON: {
        int n = g.getNumGeometries();
        long structure = 4L * n;
        long points = 0;
        for (int i = 0; i < n; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          structure += 4L * ringCount(p);
          points += p.getNumPoints();
        }
        return headerBytes(g.getSRID(), n) + pad8(structure) + points * coordBytes;
      }
      default:
        throw new AssertionError(type);
    }
  }

  private static long pad8(long n) {
    return (n + 7) & ~7L;
  }

  /** 0 for an empty polygon, else shell + holes (JTS tolerates an empty shell with holes). */
  static int ringCount(Polygon p) {
    return p.getNumInteriorRing() == 0 && p.getExteriorRing().getCoordinateSequence().size() == 0 ? 0 : 1 + p.getNumInteriorRing();
  }

  // ---- write ---------------------------------------------------------------------------------

  private static int write(byte[] b, int pos, Geometry g, int type, boolean envelope, boolean omit) {
    int srid = g.getSRID();
    int env = envelope ? FLAG_ENVELOPE : 0;
    if (type == GEOMETRYCOLLECTION) {
      int n = g.getNumGeometries();
      pos = header(b, pos, GEOMETRYCOLLECTION, env, srid, n);
      pos = envelope(b, pos, g, envelope);
      for (int i = 0; i < n && pos >= 0; i++) {
        Geometry m = g.getGeometryN(i);
        pos = write(b, pos, m, typeOf(m), false, omit);
      }
      return pos;
    }
    int flags = flags(g, type, omit);
    switch (type) {
      case POINT: {
        CoordinateSequence seq = ((Point) g).getCoordinateSequence();
        boolean empty = seq.size() == 0;
        pos = envelope(b, header(b, pos, POINT, flags | env, srid, empty ? 0 : 1), g, envelope);
        return empty ? pos : CoordWriter.point(b, pos, seq, flags);
      }
      case LINESTRING:
      case LINEARRING: {
        CoordinateSequence seq = ((LineString) g).getCoordinateSequence();
        pos = envelope(b, header(b, pos, type, flags | env, srid, seq.size()), g, envelope);
        return CoordWriter.write(b, pos, seq, flags);
      }
      case POLYGON: {
        Polygon p = (Polygon) g;
        int rings = ringCount(p);
        pos = envelope(b, header(b, pos, POLYGON, flags | env, srid, rings), g, envelope);
        return rings(b, pos, pos + ((rings * 4 + 7) & ~7), p, rings, flags, true);
      }
      case MULTIPOINT:
        return multiPoint(b, envelope(b, header(b, pos, MULTIPOINT, flags | env, srid, g.getNumGeometries()), g, envelope), g, flags);
      case MULTILINESTRING: {
        int n = g.getNumGeometries();
        pos = envelope(b, header(b, pos, MULTILINESTRING, flags | env, srid, n), g, envelope);
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
      case MULTIPOLYGON: {
        int n = g.getNumGeometries();
        pos = envelope(b, header(b, pos, MULTIPOLYGON, flags | env, srid, n), g, envelope);
        int words = n;
        for (int i = 0; i < n; i++) {
          words += ringCount((Polygon) g.getGeometryN(i));
        }
        int s = pos;
        pos += (words * 4 + 7) & ~7;
        if ((words & 1) != 0) {
          ByteWriter.storeInt32(b, s + 4 * words, 0);
        }
        for (int i = 0; i < n && pos >= 0; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          int rings = ringCount(p);
          ByteWriter.storeInt32(b, s, rings);
          pos = rings(b, s + 4, pos, p, rings, flags, false);
          s += 4 + 4 * rings;
        }
        return pos;
      }
      default:
        throw new AssertionError(type);
    }
  }

  /** Zero padding from {@code s} to the next multiple of 8 (relative to {@code base}); returns it. */
  private static int zeroPad(byte[] b, int s, int base) {
    int end = base + (((s - base) + 7) & ~7);
    if (end != s) {
      ByteWriter.storeInt32(b, s, 0); // structures are 4-byte words: the padding is 0 or 4 bytes
    }
    return end;
  }

  /**
   * A polygon's ring sizes at {@code s} (then, if {@code pad}, zero padding to 8), its rings'
   * coordinates at {@code pos}; returns the end of the coordinates or -1.
   */
  private static int rings(byte[] b, int s, int pos, Polygon p, int rings, int flags, boolean pad) {
    if (rings == 0) {
      return pos;
    }
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    ByteWriter.storeInt32(b, s, shell.size());
    for (int r = 1; r < rings; r++) {
      ByteWriter.storeInt32(b, s + 4 * r, p.getInteriorRingN(r - 1).getCoordinateSequence().size());
    }
    if (pad && (rings & 1) != 0) {
      ByteWriter.storeInt32(b, s + 4 * rings, 0);
    }
    pos = CoordWriter.write(b, pos, shell, flags);
    for (int r = 1; r < rings && pos >= 0; r++) {
      pos = CoordWriter.write(b, pos, p.getInteriorRingN(r - 1).getCoordinateSequence(), flags);
    }
    return pos;
  }

  private static int multiPoint(byte[] b, int pos, Geometry g, int flags) {
    int n = g.getNumGeometries();
    if ((flags & FLAG_EMPTIES) != 0) {
      int s = pos + 4;
      for (int i = 0; i < n; i++) {
        if (g.getGeometryN(i).isEmpty()) {
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

  /** The root's envelope (JTS's, computed and cached by JTS if it was not) when asked for. */
  private static int envelope(byte[] b, int pos, Geometry g, boolean envelope) {
    if (!envelope) {
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

  /** Union of the Z/M flags of every sequence of a single-type geometry or Multi*. */
  static int zmOf(Geometry g, int type) {
    return type == GEOMETRYCOLLECTION ? gcFlags(g, 1) : flags(g, type, false) & (FLAG_Z | FLAG_M);
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
