package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.BrineException;
import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Copies the coordinates of a {@code CoordinateSequence} into little-endian bytes, one loop per
 * (sequence class, stored layout): JTS's {@code CoordinateArraySequence} (its internal {@code
 * Coordinate[]}), {@code PackedCoordinateSequence.Double} (its {@code double[]}) and {@code .Float},
 * and any other sequence through the interface — each for XY, XYZ, XYM and XYZM, so no dimension
 * takes a per-ordinate general path.
 *
 * <p>The layout is given by version-2 flags: the declared Z/M, and Z_NAN/M_NAN for ordinates that are
 * declared but left out because they are NaN. Leaving one out is decided before the copy from the
 * first coordinate; the loops check every other one and return -1 if one is not exactly {@code
 * Double.NaN} (raw bits), and the writer then writes everything again without leaving anything out.
 *
 * <p>Ordinates are read with the sequence's own semantics: ordinate {@code k} of a {@code
 * CoordinateArraySequence} is {@code Coordinate.getOrdinate(k)}, as in {@code getOrdinate(i, k)}.
 */
final class CoordWriter {
  /** Declared Z and M plus the NaN flags: everything that decides the stored layout. */
  static final int LAYOUT = FLAG_Z | FLAG_M | FLAG_Z_NAN | FLAG_M_NAN;

  /** Sequences of at least this many XYZ/XYM coordinates are copied four a turn, in a method of their own. */
  private static final int LONG = 16;

  private CoordWriter() {}

  /**
   * Writes the coordinates of {@code seq} at {@code pos} in the layout of {@code flags}; returns the
   * position after them, or -1 if an ordinate left out (Z_NAN/M_NAN) is not NaN.
   */
  static int write(byte[] b, int pos, CoordinateSequence seq, int flags) {
    int layout = flags & LAYOUT;
    // JTS's default sequence in its declared dimension with nothing left out, the common case: small
    // enough to inline at every call site; everything else out of line
    if (seq.getClass() == CoordinateArraySequence.class && (layout & (FLAG_Z_NAN | FLAG_M_NAN)) == 0) {
      CoordinateArraySequence cas = (CoordinateArraySequence) seq;
      int d = cas.getDimension();
      int m = cas.getMeasures();
      if (layout == 0 && d == 2 && m == 0) {
        return xy(b, pos, cas.toCoordinateArray());
      }
      if (d == 3 && m == 0 && layout == FLAG_Z || d == 3 && m == 1 && layout == FLAG_M) {
        return xy2Checked(b, pos, cas.toCoordinateArray());
      }
      if (d == 4 && m == 1 && layout == (FLAG_Z | FLAG_M)) {
        return xy23Checked(b, pos, cas.toCoordinateArray());
      }
    }
    return general(b, pos, seq, flags);
  }

  private static int xy2Checked(byte[] b, int pos, Coordinate[] cs) {
    try {
      return xy2(b, pos, cs);
    } catch (IllegalArgumentException e) {
      throw unreadable(e);
    }
  }

  private static int xy23Checked(byte[] b, int pos, Coordinate[] cs) {
    try {
      return xy23(b, pos, cs);
    } catch (IllegalArgumentException e) {
      throw unreadable(e);
    }
  }

  // a Coordinate of a class without the ordinate its sequence declares (JTS throws)
  private static BrineException unreadable(IllegalArgumentException e) {
    return new BrineException("cannot read the coordinates of a " + CoordinateArraySequence.class.getName() + ": " + e.getMessage(), e);
  }

  /** {@link #write} for everything but the common case it takes inline. */
  private static int general(byte[] b, int pos, CoordinateSequence seq, int flags) {
    int layout = flags & LAYOUT;
    Class<?> c = seq.getClass();
    try {
      if (c == CoordinateArraySequence.class) {
        CoordinateArraySequence cas = (CoordinateArraySequence) seq;
        if (Coords.flagsOf(cas) == (layout & (FLAG_Z | FLAG_M))) {
          return array(b, pos, cas.toCoordinateArray(), layout);
        }
      } else if (seq instanceof PackedCoordinateSequence.Double) { // JTS's, or a decoded one (Packed)
        PackedCoordinateSequence.Double p = (PackedCoordinateSequence.Double) seq;
        if (Coords.flagsOf(p) == (layout & (FLAG_Z | FLAG_M))) {
          return packed(b, pos, p.getRawCoordinates(), p.getDimension(), layout);
        }
      }
      return other(b, pos, seq, layout);
    } catch (IllegalArgumentException e) {
      // a Coordinate of a class without the ordinate its sequence declares (JTS throws)
      throw new BrineException("cannot read the coordinates of a " + c.getName() + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@link #write} for a sequence of exactly one coordinate (a Point, a MultiPoint member), without
   * loops: the most common geometry gets straight-line code.
   */
  static int point(byte[] b, int pos, CoordinateSequence seq, int flags) {
    int layout = flags & LAYOUT;
    Class<?> k = seq.getClass();
    if (k == OneCoordinate.XY.class && layout == 0) { // a decoded point, written again
      OneCoordinate c = (OneCoordinate) seq;
      ByteWriter.storeFloat64(b, pos, c.x);
      ByteWriter.storeFloat64(b, pos + 8, c.y);
      return pos + 16;
    }
    if (k == CoordinateArraySequence.class && Coords.flagsOf(seq) == (layout & (FLAG_Z | FLAG_M))) {
      return coordinate(b, pos, seq.getCoordinate(0), layout); // the sequence's own object, no copy
    }
    if (seq instanceof PackedCoordinateSequence.Double && (layout & (FLAG_Z_NAN | FLAG_M_NAN)) == 0
        && Coords.flagsOf(seq) == layout) {
      // a packed point (JTS's packed factory, or a geometry that went through a Brine decoder's packed
      // sequences): its ordinates straight from the raw array, not through the bulk copy of long sequences
      double[] raw = ((PackedCoordinateSequence.Double) seq).getRawCoordinates();
      int d = seq.getDimension();
      ByteWriter.storeFloat64(b, pos, raw[0]);
      ByteWriter.storeFloat64(b, pos + 8, raw[1]);
      if (d > 2) {
        ByteWriter.storeFloat64(b, pos + 16, raw[2]);
        if (d > 3) {
          ByteWriter.storeFloat64(b, pos + 24, raw[3]);
        }
      }
      return pos + 8 * d;
    }
    return write(b, pos, seq, flags);
  }

  /**
   * Writes one {@code Coordinate} of a {@code CoordinateArraySequence} whose declared dimension is the
   * layout's; returns the position after it, or -1 if an ordinate left out is not NaN.
   *
   * @throws BrineException if the coordinate lacks an ordinate its sequence declares (JTS throws)
   */
  static int coordinate(byte[] b, int pos, Coordinate c, int layout) {
    try {
      return ordinates(b, pos, c, layout);
    } catch (IllegalArgumentException e) {
      throw new BrineException("cannot read the coordinates of a " + c.getClass().getName() + ": " + e.getMessage(), e);
    }
  }

  private static int ordinates(byte[] b, int pos, Coordinate c, int layout) {
    ByteWriter.storeFloat64(b, pos, c.x);
    ByteWriter.storeFloat64(b, pos + 8, c.y);
    switch (layout) {
      case 0:
        return pos + 16;
      case FLAG_Z:
      case FLAG_M:
        ByteWriter.storeFloat64(b, pos + 16, c.getOrdinate(2));
        return pos + 24;
      case FLAG_Z | FLAG_M:
        ByteWriter.storeFloat64(b, pos + 16, c.getOrdinate(2));
        ByteWriter.storeFloat64(b, pos + 24, c.getOrdinate(3));
        return pos + 32;
      case FLAG_Z | FLAG_Z_NAN:
      case FLAG_M | FLAG_M_NAN:
        return Double.doubleToRawLongBits(c.getOrdinate(2)) == NAN_BITS ? pos + 16 : -1;
      case FLAG_Z | FLAG_M | FLAG_Z_NAN:
        ByteWriter.storeFloat64(b, pos + 16, c.getOrdinate(3));
        return Double.doubleToRawLongBits(c.getOrdinate(2)) == NAN_BITS ? pos + 24 : -1;
      case FLAG_Z | FLAG_M | FLAG_M_NAN:
        ByteWriter.storeFloat64(b, pos + 16, c.getOrdinate(2));
        return Double.doubleToRawLongBits(c.getOrdinate(3)) == NAN_BITS ? pos + 24 : -1;
      default:
        return Double.doubleToRawLongBits(c.getOrdinate(2)) == NAN_BITS
            && Double.doubleToRawLongBits(c.getOrdinate(3)) == NAN_BITS ? pos + 16 : -1;
    }
  }

  /**
   * The coordinates of a CoordinateArraySequence whose declared dimension is {@code layout}, nothing
   * left out; returns the position after them.
   */
  static int stored(byte[] b, int pos, Coordinate[] cs, int layout) {
    if (layout == 0) {
      return cs.length >= LONG ? xyLong(b, pos, cs) : xy(b, pos, cs);
    }
    try {
      return layout == (FLAG_Z | FLAG_M) ? xy23(b, pos, cs) : xy2(b, pos, cs);
    } catch (IllegalArgumentException e) {
      throw unreadable(e);
    }
  }

  /**
   * The coordinates of a part of the one-method writers ({@link PolygonWriter#like}: JTS's default sequence
   * or a packed one of doubles) whose declared dimension is {@code layout}, nothing left out.
   */
  static int part(byte[] b, int pos, CoordinateSequence seq, int layout) {
    if (seq.getClass() == CoordinateArraySequence.class) {
      return stored(b, pos, ((CoordinateArraySequence) seq).toCoordinateArray(), layout);
    }
    double[] raw = ((PackedCoordinateSequence.Double) seq).getRawCoordinates();
    return ByteWriter.storeFloat64s(b, pos, raw, raw.length);
  }

  /** A CoordinateArraySequence whose declared dimension is the layout's. */
  private static int array(byte[] b, int pos, Coordinate[] cs, int layout) {
    switch (layout) {
      case 0:
        return xy(b, pos, cs);
      case FLAG_Z:
      case FLAG_M: // XYM: ordinate 2 is M
        return xy2(b, pos, cs);
      case FLAG_Z | FLAG_M:
        return xy23(b, pos, cs);
      case FLAG_Z | FLAG_Z_NAN:
      case FLAG_M | FLAG_M_NAN:
        return xyNaN2(b, pos, cs);
      case FLAG_Z | FLAG_M | FLAG_Z_NAN: // stored XYM
        return xy3NaN2(b, pos, cs);
      case FLAG_Z | FLAG_M | FLAG_M_NAN: // stored XYZ
        return xy2NaN3(b, pos, cs);
      default: // XYZM, both left out
        return xyNaN23(b, pos, cs);
    }
  }

  // Offsets derive from the loop variable (pos + i * stride) so C2 drops the range checks. For a
  // 24-byte stride C2 turns i * 24 into (i << 4) + (i << 3), which its range-check elimination does
  // not recognise (perfasm: three checks per coordinate, LineString n = 128 XYZ); those loops step
  // the byte offset alongside the index, and C2 merges the checks of the stores at one offset. The
  // XYZ/XYM copy of JTS's default sequence (xy2) also writes long sequences four coordinates a turn
  // (C2 kept that loop at one coordinate a turn, where Sedona's Unsafe loop ran four), in a method of
  // its own: inlined at every ring, the unrolled loop made small multi-ring writers slower on JDK 25.

  private static int xy(byte[] b, int pos, Coordinate[] cs) {
    int n = cs.length;
    for (int i = 0; i < n; i++) {
      Coordinate c = cs[i];
      int p = pos + (i << 4);
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
    }
    return pos + (n << 4);
  }

  /**
   * XY coordinates four a turn, for the one-method writers of multi-part geometries ({@link #stored}): inside
   * their part loops C2 unrolled {@link #xy} twice with spilled registers (perfasm, MultiLineString n = 128);
   * single sequences keep {@link #xy}, which C2 compiles well on its own (this loop measured 0.96x there).
   */
  private static int xyLong(byte[] b, int pos, Coordinate[] cs) {
    int n = cs.length;
    int i = 0;
    for (int n4 = n & ~3; i < n4; i += 4) {
      int p = pos + (i << 4);
      Coordinate c0 = cs[i];
      Coordinate c1 = cs[i + 1];
      Coordinate c2 = cs[i + 2];
      Coordinate c3 = cs[i + 3];
      ByteWriter.storeFloat64(b, p, c0.x);
      ByteWriter.storeFloat64(b, p + 8, c0.y);
      ByteWriter.storeFloat64(b, p + 16, c1.x);
      ByteWriter.storeFloat64(b, p + 24, c1.y);
      ByteWriter.storeFloat64(b, p + 32, c2.x);
      ByteWriter.storeFloat64(b, p + 40, c2.y);
      ByteWriter.storeFloat64(b, p + 48, c3.x);
      ByteWriter.storeFloat64(b, p + 56, c3.y);
    }
    for (; i < n; i++) {
      Coordinate c = cs[i];
      int p = pos + (i << 4);
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
    }
    return pos + (n << 4);
  }

  private static int xy2(byte[] b, int pos, Coordinate[] cs) {
    return cs.length >= LONG ? xy2Long(b, pos, cs) : xy2From(b, pos, cs, 0);
  }

  /** Coordinates {@code i} to the end of {@code cs}, one a turn, from {@code p} on. */
  private static int xy2From(byte[] b, int p, Coordinate[] cs, int i) {
    for (int n = cs.length; i < n; i++, p += 24) {
      Coordinate c = cs[i];
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
    }
    return p;
  }

  private static int xy2Long(byte[] b, int pos, Coordinate[] cs) {
    int n = cs.length;
    int end = pos + n * 24;
    int p = pos;
    int i = 0;
    // four coordinates a turn, the index the loop variable; the twelve stores' checks on p merge
    for (int n4 = n & ~3; i < n4; i += 4, p += 96) {
      Coordinate c0 = cs[i];
      Coordinate c1 = cs[i + 1];
      Coordinate c2 = cs[i + 2];
      Coordinate c3 = cs[i + 3];
      ByteWriter.storeFloat64(b, p, c0.x);
      ByteWriter.storeFloat64(b, p + 8, c0.y);
      ByteWriter.storeFloat64(b, p + 16, c0.getOrdinate(2));
      ByteWriter.storeFloat64(b, p + 24, c1.x);
      ByteWriter.storeFloat64(b, p + 32, c1.y);
      ByteWriter.storeFloat64(b, p + 40, c1.getOrdinate(2));
      ByteWriter.storeFloat64(b, p + 48, c2.x);
      ByteWriter.storeFloat64(b, p + 56, c2.y);
      ByteWriter.storeFloat64(b, p + 64, c2.getOrdinate(2));
      ByteWriter.storeFloat64(b, p + 72, c3.x);
      ByteWriter.storeFloat64(b, p + 80, c3.y);
      ByteWriter.storeFloat64(b, p + 88, c3.getOrdinate(2));
    }
    // the rest here rather than through xy2From: A/B 0.88-0.98x that way (LineString n = 128-1000 XYZ/XYM)
    for (; i < n; i++, p += 24) {
      Coordinate c = cs[i];
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
    }
    return end;
  }

  private static int xy23(byte[] b, int pos, Coordinate[] cs) {
    int n = cs.length;
    for (int i = 0; i < n; i++) {
      Coordinate c = cs[i];
      int p = pos + (i << 5);
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
      ByteWriter.storeFloat64(b, p + 24, c.getOrdinate(3));
    }
    return pos + (n << 5);
  }

  private static int xyNaN2(byte[] b, int pos, Coordinate[] cs) {
    int n = cs.length;
    long other = 0;
    for (int i = 0; i < n; i++) {
      Coordinate c = cs[i];
      int p = pos + (i << 4);
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      other |= Double.doubleToRawLongBits(c.getOrdinate(2)) ^ NAN_BITS;
    }
    return other == 0 ? pos + (n << 4) : -1;
  }

  private static int xy3NaN2(byte[] b, int pos, Coordinate[] cs) {
    int end = pos + cs.length * 24;
    long other = 0;
    for (int p = pos, i = 0; p < end; p += 24, i++) {
      Coordinate c = cs[i];
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(3));
      other |= Double.doubleToRawLongBits(c.getOrdinate(2)) ^ NAN_BITS;
    }
    return other == 0 ? end : -1;
  }

  private static int xy2NaN3(byte[] b, int pos, Coordinate[] cs) {
    int end = pos + cs.length * 24;
    long other = 0;
    for (int p = pos, i = 0; p < end; p += 24, i++) {
      Coordinate c = cs[i];
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      ByteWriter.storeFloat64(b, p + 16, c.getOrdinate(2));
      other |= Double.doubleToRawLongBits(c.getOrdinate(3)) ^ NAN_BITS;
    }
    return other == 0 ? end : -1;
  }

  private static int xyNaN23(byte[] b, int pos, Coordinate[] cs) {
    int n = cs.length;
    long other = 0;
    for (int i = 0; i < n; i++) {
      Coordinate c = cs[i];
      int p = pos + (i << 4);
      ByteWriter.storeFloat64(b, p, c.x);
      ByteWriter.storeFloat64(b, p + 8, c.y);
      other |= (Double.doubleToRawLongBits(c.getOrdinate(2)) ^ NAN_BITS)
          | (Double.doubleToRawLongBits(c.getOrdinate(3)) ^ NAN_BITS);
    }
    return other == 0 ? pos + (n << 4) : -1;
  }

  /** A PackedCoordinateSequence.Double ({@code d} ordinates per coordinate) in the layout's dimension. */
  private static int packed(byte[] b, int pos, double[] raw, int d, int layout) {
    if ((layout & (FLAG_Z_NAN | FLAG_M_NAN)) == 0) {
      return ByteWriter.storeFloat64s(b, pos, raw, raw.length);
    }
    int n = raw.length / d;
    long other = 0;
    switch (layout) {
      case FLAG_Z | FLAG_Z_NAN:
      case FLAG_M | FLAG_M_NAN: // stored XY of 3
        for (int i = 0; i < n; i++) {
          int p = pos + (i << 4);
          int r = i * 3;
          ByteWriter.storeFloat64(b, p, raw[r]);
          ByteWriter.storeFloat64(b, p + 8, raw[r + 1]);
          other |= Double.doubleToRawLongBits(raw[r + 2]) ^ NAN_BITS;
        }
        return other == 0 ? pos + (n << 4) : -1;
      case FLAG_Z | FLAG_M | FLAG_Z_NAN: // stored XYM of XYZM
        for (int i = 0; i < n; i++) {
          int p = pos + i * 24;
          int r = i << 2;
          ByteWriter.storeFloat64(b, p, raw[r]);
          ByteWriter.storeFloat64(b, p + 8, raw[r + 1]);
          ByteWriter.storeFloat64(b, p + 16, raw[r + 3]);
          other |= Double.doubleToRawLongBits(raw[r + 2]) ^ NAN_BITS;
        }
        return other == 0 ? pos + n * 24 : -1;
      case FLAG_Z | FLAG_M | FLAG_M_NAN: // stored XYZ of XYZM
        for (int i = 0; i < n; i++) {
          int p = pos + i * 24;
          int r = i << 2;
          ByteWriter.storeFloat64(b, p, raw[r]);
          ByteWriter.storeFloat64(b, p + 8, raw[r + 1]);
          ByteWriter.storeFloat64(b, p + 16, raw[r + 2]);
          other |= Double.doubleToRawLongBits(raw[r + 3]) ^ NAN_BITS;
        }
        return other == 0 ? pos + n * 24 : -1;
      default: // stored XY of XYZM
        for (int i = 0; i < n; i++) {
          int p = pos + (i << 4);
          int r = i << 2;
          ByteWriter.storeFloat64(b, p, raw[r]);
          ByteWriter.storeFloat64(b, p + 8, raw[r + 1]);
          other |= (Double.doubleToRawLongBits(raw[r + 2]) ^ NAN_BITS) | (Double.doubleToRawLongBits(raw[r + 3]) ^ NAN_BITS);
        }
        return other == 0 ? pos + (n << 4) : -1;
    }
  }

  /**
   * Any other sequence (PackedCoordinateSequence.Float, other libraries' sequences) or one whose
   * dimension differs from the layout's (a part of a Multi* of mixed dimensions: ordinates it lacks
   * are written as NaN): through the interface, one loop per stored dimension.
   */
  private static int other(byte[] b, int pos, CoordinateSequence seq, int layout) {
    int n = seq.size();
    int src = Coords.flagsOf(seq);
    // where the sequence keeps Z and M (-1: it has none, the value is NaN)
    int zAt = (src & FLAG_Z) != 0 ? 2 : -1;
    int mAt = (src & FLAG_M) != 0 ? seq.getDimension() - 1 : -1;
    boolean z = (layout & FLAG_Z) != 0;
    boolean m = (layout & FLAG_M) != 0;
    boolean zOut = (layout & FLAG_Z_NAN) != 0;
    boolean mOut = (layout & FLAG_M_NAN) != 0;
    if (!z && !m) {
      for (int i = 0; i < n; i++) {
        int p = pos + (i << 4);
        ByteWriter.storeFloat64(b, p, seq.getX(i));
        ByteWriter.storeFloat64(b, p + 8, seq.getY(i));
      }
      return pos + (n << 4);
    }
    long other = 0;
    for (int i = 0; i < n; i++) {
      ByteWriter.storeFloat64(b, pos, seq.getX(i));
      ByteWriter.storeFloat64(b, pos + 8, seq.getY(i));
      pos += 16;
      if (z) {
        double v = zAt < 0 ? Double.NaN : seq.getOrdinate(i, zAt);
        if (zOut) {
          other |= Double.doubleToRawLongBits(v) ^ NAN_BITS;
        } else {
          ByteWriter.storeFloat64(b, pos, v);
          pos += 8;
        }
      }
      if (m) {
        double v = mAt < 0 ? Double.NaN : seq.getOrdinate(i, mAt);
        if (mOut) {
          other |= Double.doubleToRawLongBits(v) ^ NAN_BITS;
        } else {
          ByteWriter.storeFloat64(b, pos, v);
          pos += 8;
        }
      }
    }
    return other == 0 ? pos : -1;
  }

  /**
   * Raw bits of ordinate {@code k} (2 = Z, or M of an XYM sequence; 3 = M of XYZM) of the first
   * coordinate of {@code seq}, which must not be empty: the writer leaves an ordinate out when it is
   * NaN here.
   */
  static long firstOrdinateBits(CoordinateSequence seq, int k) {
    try {
      return Double.doubleToRawLongBits(seq.getOrdinate(0, k));
    } catch (IllegalArgumentException e) {
      throw new BrineException("cannot read ordinate " + k + " of a " + seq.getClass().getName() + ": " + e.getMessage(), e);
    }
  }
}
