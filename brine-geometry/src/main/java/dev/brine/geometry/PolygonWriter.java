package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;
import static dev.brine.geometry.NativeWriter.*;

import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Plans and writes Polygons and MultiPolygons in the native format, version 2 (see {@link
 * NativeWriter} for plans, flags and the NaN rule): ring counts and sizes, then every ring's
 * coordinates, in one pass per polygon.
 */
final class PolygonWriter {
  private PolygonWriter() {}

  /** 0 for an empty polygon, else shell + holes (JTS tolerates an empty shell with holes). */
  static int ringCount(Polygon p) {
    int holes = p.getNumInteriorRing();
    return holes == 0 && p.getExteriorRing().getCoordinateSequence().size() == 0 ? 0 : 1 + holes;
  }

  /**
   * Flags and size of a polygon in one walk of its rings (flags, sizes and the first coordinate
   * together; JTS's {@code getNumPoints()} would walk them a second time).
   */
  static long planPolygon(Polygon p, boolean omit) {
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    int holes = p.getNumInteriorRing();
    long points = shell.size();
    int zm = points > 0 ? Coords.flagsOf(shell) : 0;
    int emptyZm = points > 0 ? 0 : Coords.flagsOf(shell);
    CoordinateSequence first = points > 0 ? shell : null;
    for (int i = 0; i < holes; i++) {
      CoordinateSequence h = p.getInteriorRingN(i).getCoordinateSequence();
      int size = h.size();
      if (size == 0) {
        emptyZm |= Coords.flagsOf(h); // as in a MultiLineString: only when every ring is empty
        continue;
      }
      zm |= Coords.flagsOf(h);
      points += size;
      if (first == null) {
        first = h;
      }
    }
    int flags = first == null ? emptyZm : zm == 0 ? zm : unitFlags(first, zm, omit);
    int rings = holes == 0 && points == 0 ? 0 : 1 + holes; // as ringCount
    return plan(headerBytes(p.getSRID(), rings) + ((4L * rings + 7) & ~7L) + 8L * storedOrdinates(flags) * points, flags);
  }

  static int writePolygon(byte[] b, int pos, Polygon p, int flags) {
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
    if (rings == 1) {
      // the most common polygon, without the ring loop around the copy: inside it C2 compiled the XYZ
      // copy loop with its registers spilled (perfasm, Polygon n = 128 XYZ; journal step 25)
      CoordinateSequence seq = p.getExteriorRing().getCoordinateSequence();
      ByteWriter.storeInt32(b, s, seq.size());
      return CoordWriter.write(b, pos, seq, flags);
    }
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

  static long planMultiPolygon(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    int zm = 0;
    int emptyZm = 0;
    long words = n;
    long points = 0;
    CoordinateSequence first = null;
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) g.getGeometryN(i);
      words += ringCount(p);
      for (int r = -1, holes = p.getNumInteriorRing(); r < holes; r++) {
        CoordinateSequence s = (r < 0 ? p.getExteriorRing() : p.getInteriorRingN(r)).getCoordinateSequence();
        int size = s.size();
        if (size == 0) {
          emptyZm |= Coords.flagsOf(s); // an empty polygon's or ring's dimension counts only if all are empty
          continue;
        }
        zm |= Coords.flagsOf(s);
        points += size;
        if (first == null) {
          first = s;
        }
      }
    }
    int flags = first == null ? emptyZm : unitFlags(first, zm, omit);
    long plan = plan(headerBytes(g.getSRID(), n) + ((4 * words + 7) & ~7L) + 8L * storedOrdinates(flags) * points, flags);
    return words <= MAX_PLANNED_WORDS ? plan | words << 48 : plan;
  }

  /** The most count words (polygons and rings) a MultiPolygon's plan carries ({@link #plannedWords}). */
  private static final long MAX_PLANNED_WORDS = 0x7FFF;

  /** The count words (polygons and their rings) a plan of {@link #planMultiPolygon} carries, or 0 if it does not. */
  static int plannedWords(long plan) {
    return (int) (plan >>> 48) & 0x7FFF;
  }

  /**
   * Writes a MultiPolygon with the flags of its plan; {@code words} is the number of its count words (its
   * polygons and their rings, {@link #plannedWords}), or 0 to count them here.
   */
  static int writeMultiPolygon(byte[] b, int pos, Geometry g, int flags, int words) {
    int n = g.getNumGeometries();
    pos = envelope(b, header(b, pos, MULTIPOLYGON, flags, g.getSRID(), n), g, flags);
    if (words == 0) {
      words = n;
      for (int i = 0; i < n; i++) {
        words += ringCount((Polygon) g.getGeometryN(i));
      }
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

  /**
   * A root MultiPolygon whose rings are all JTS's default sequence or packed sequences of doubles ({@link
   * #like}), of one declared dimension, nothing left out (no Z or M that is NaN in its first coordinate), planned and written in one method: one
   * walk for its sizes (and the check of each ring's class and dimension), the exact array, one walk for
   * its counts and coordinates. Null if it is empty, its SRID or count needs the extension, a ring is
   * of another class or dimension, or its first Z or M is NaN (the general path decides then).
   */
  static byte[] multiPolygonArrays(Geometry g) {
    int n = g.getNumGeometries();
    int srid = g.getSRID();
    if (n == 0 || !narrow(srid, n)) {
      return null;
    }
    CoordinateSequence any = ((Polygon) g.getGeometryN(0)).getExteriorRing().getCoordinateSequence();
    int dim = any.getDimension();
    int measures = any.getMeasures();
    CoordinateSequence first = null;
    long words = n;
    long points = 0;
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) g.getGeometryN(i);
      int holes = p.getNumInteriorRing();
      CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
      if (!like(shell, dim, measures)) {
        return null;
      }
      int size = shell.size();
      points += size;
      if (holes != 0 || size != 0) { // as ringCount: an empty polygon has no rings
        words += 1 + holes;
      }
      if (first == null && size != 0) {
        first = shell;
      }
      for (int h = 0; h < holes; h++) {
        CoordinateSequence seq = p.getInteriorRingN(h).getCoordinateSequence();
        if (!like(seq, dim, measures)) {
          return null;
        }
        points += seq.size();
        if (first == null && seq.size() != 0) {
          first = seq;
        }
      }
    }
    byte[] b = partsArray(MULTIPOLYGON, srid, n, words, points, any, first);
    if (b == null) {
      return null;
    }
    int layout = Coords.flagsOf(any);
    int s = HEADER_BYTES;
    int pos = s + (((int) words * 4 + 7) & ~7);
    for (int i = 0; i < n; i++) {
      Polygon p = (Polygon) g.getGeometryN(i);
      int rings = ringCount(p);
      ByteWriter.storeInt32(b, s, rings);
      s += 4;
      for (int r = 0; r < rings; r++, s += 4) {
        CoordinateSequence seq = ring(p, r);
        ByteWriter.storeInt32(b, s, seq.size());
        pos = CoordWriter.part(b, pos, seq, layout);
      }
    }
    return b;
  }

  /**
   * A root polygon with holes whose rings are all sequences {@link #like} takes, of one declared dimension,
   * nothing left out, planned and written in one method (as {@link #multiPolygonArrays}); null when the
   * general path decides.
   */
  static byte[] polygonArrays(Polygon p) {
    int holes = p.getNumInteriorRing();
    int srid = p.getSRID();
    CoordinateSequence shell = p.getExteriorRing().getCoordinateSequence();
    int rings = 1 + holes;
    if (!narrow(srid, rings)) {
      return null;
    }
    int dim = shell.getDimension();
    int measures = shell.getMeasures();
    if (!like(shell, dim, measures)) {
      return null;
    }
    CoordinateSequence first = shell.size() != 0 ? shell : null;
    long points = shell.size();
    for (int h = 0; h < holes; h++) {
      CoordinateSequence seq = p.getInteriorRingN(h).getCoordinateSequence();
      if (!like(seq, dim, measures)) {
        return null;
      }
      points += seq.size();
      if (first == null && seq.size() != 0) {
        first = seq;
      }
    }
    byte[] b = partsArray(POLYGON, srid, rings, rings, points, shell, first);
    if (b == null) {
      return null;
    }
    int layout = Coords.flagsOf(shell);
    int s = HEADER_BYTES;
    int pos = s + ((rings * 4 + 7) & ~7);
    for (int r = 0; r < rings; r++, s += 4) {
      CoordinateSequence seq = ring(p, r);
      ByteWriter.storeInt32(b, s, seq.size());
      pos = CoordWriter.part(b, pos, seq, layout);
    }
    return b;
  }

  /**
   * Whether {@code seq} is a part the one-method writers take: JTS's default sequence or a packed sequence of
   * doubles (JTS's, or Brine's own from a decode), of the given declared dimension.
   */
  static boolean like(CoordinateSequence seq, int dim, int measures) {
    return (seq.getClass() == CoordinateArraySequence.class || seq instanceof PackedCoordinateSequence.Double)
        && seq.getDimension() == dim && seq.getMeasures() == measures;
  }
}
