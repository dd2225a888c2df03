package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;
import static dev.brine.geometry.NativeWriter.*;

import dev.brine.BrineException;
import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * Plans and writes Points and MultiPoints in the native format, version 2 (see {@link NativeWriter}
 * for plans, flags and the NaN rule). A MultiPoint whose points are all like its first one takes a
 * quick path: planned from the first point, each other point checked as it is copied.
 */
final class PointWriter {
  private PointWriter() {}

  static long planPoint(Point p, boolean omit) {
    CoordinateSequence seq = p.getCoordinateSequence();
    int flags = sequenceFlags(seq, omit);
    int count = seq.size() == 0 ? 0 : 1;
    return plan(headerBytes(p.getSRID(), count) + 8L * count * storedOrdinates(flags), flags);
  }

  static int writePoint(byte[] b, int pos, Point p, int flags) {
    CoordinateSequence seq = p.getCoordinateSequence();
    if (seq.size() == 0) {
      return envelope(b, header(b, pos, POINT, flags, p.getSRID(), 0), p, flags);
    }
    pos = envelope(b, header(b, pos, POINT, flags, p.getSRID(), 1), p, flags);
    return CoordWriter.point(b, pos, seq, flags);
  }

  static long planMultiPoint(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    int zm = 0;
    int emptyZm = 0;
    int empties = 0;
    CoordinateSequence first = null;
    for (int i = 0; i < n; i++) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      if (s.size() == 0) {
        emptyZm |= Coords.flagsOf(s);
        empties++;
      } else {
        zm |= Coords.flagsOf(s);
        if (first == null) {
          first = s;
        }
      }
    }
    int flags = (empties > 0 ? FLAG_EMPTIES : 0) | (first == null ? emptyZm : unitFlags(first, zm, omit));
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
  static long quickMultiPoint(Geometry g, boolean omit) {
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

  static int writeMultiPoint(byte[] b, int pos, Geometry g, int flags) {
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
   * A root MultiPoint whose first point is in JTS's default sequence, planned and written in one method
   * (no plan word, no flag computation): XY, or XYZ, XYM and XYZM whose first point's Z and M are not
   * the NaN the general path would leave out. Null if it is empty, its SRID or count needs the
   * extension, its first point is not like that, or a later point is not like the first (the general
   * path decides then).
   */
  static byte[] multiPointArrays(Geometry g) {
    int n = g.getNumGeometries();
    int srid = g.getSRID();
    if (n == 0 || !narrow(srid, n)) {
      return null;
    }
    CoordinateSequence first = ((Point) g.getGeometryN(0)).getCoordinateSequence();
    if (first.getClass() != CoordinateArraySequence.class || first.size() == 0) {
      return null;
    }
    int dim = first.getDimension();
    int measures = first.getMeasures();
    if (dim == 2 && measures == 0) {
      byte[] b = new byte[HEADER_BYTES + (n << 4)];
      ByteWriter.storeInt64(b, 0, header2(MULTIPOINT, 0, srid, n));
      return xyPoints(b, HEADER_BYTES, g, n) < 0 ? null : b;
    }
    if ((measures & ~1) != 0 || dim - measures < 2 || dim - measures > 3) {
      return null;
    }
    try {
      if (Double.doubleToRawLongBits(first.getOrdinate(0, 2)) == NAN_BITS
          || dim == 4 && Double.doubleToRawLongBits(first.getOrdinate(0, 3)) == NAN_BITS) {
        return null;
      }
      if (dim == 3) {
        return arrayPoints3(g, n, srid, measures);
      }
      byte[] b = new byte[HEADER_BYTES + (n << 5)];
      ByteWriter.storeInt64(b, 0, header2(MULTIPOINT, FLAG_Z | FLAG_M, srid, n));
      return points4(b, HEADER_BYTES, g, n) < 0 ? null : b; // the quick path's XYZM loop: a loop of its own gained nothing
    } catch (IllegalArgumentException e) {
      return null; // a Coordinate without the ordinate its sequence declares: the general path says so
    }
  }

  /** {@link #multiPointArrays} for XYZ ({@code measures} 0) and XYM (1): the byte offset steps by 24. */
  private static byte[] arrayPoints3(Geometry g, int n, int srid, int measures) {
    byte[] b = new byte[HEADER_BYTES + 24 * n];
    ByteWriter.storeInt64(b, 0, header2(MULTIPOINT, measures == 0 ? FLAG_Z : FLAG_M, srid, n));
    for (int i = 0, p = HEADER_BYTES; i < n; i++, p += 24) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      if (s.getClass() != CoordinateArraySequence.class || s.getDimension() != 3 || s.getMeasures() != measures
          || s.size() == 0) {
        return null;
      }
      Coordinate c = s.getCoordinate(0);
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
    }
    return b;
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
    // i * 24, not a byte-offset loop variable as in CoordWriter: measured slower for MultiPoints of 4
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
}
