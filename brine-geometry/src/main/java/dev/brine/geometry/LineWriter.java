package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;
import static dev.brine.geometry.NativeWriter.*;

import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;

/**
 * Plans and writes LineStrings, LinearRings and MultiLineStrings in the native format, version 2 (see
 * {@link NativeWriter} for plans, flags and the NaN rule). A MultiLineString's LinearRing members (a polygon's
 * boundary) stay LinearRings: flag {@code RINGS}, bit 31 of each such member's point count.
 */
final class LineWriter {
  private LineWriter() {}

  static long planLine(LineString l, boolean omit) {
    CoordinateSequence seq = l.getCoordinateSequence();
    int flags = sequenceFlags(seq, omit);
    int n = seq.size();
    return plan(headerBytes(l.getSRID(), n) + 8L * n * storedOrdinates(flags), flags);
  }

  static int writeLine(byte[] b, int pos, LineString l, int type, int flags) {
    CoordinateSequence seq = l.getCoordinateSequence();
    pos = envelope(b, header(b, pos, type, flags, l.getSRID(), seq.size()), l, flags);
    return CoordWriter.write(b, pos, seq, flags);
  }

  static long planMultiLine(Geometry g, boolean omit) {
    int n = g.getNumGeometries();
    int zm = 0;
    int emptyZm = 0;
    long points = 0;
    CoordinateSequence first = null;
    int rings = 0;
    for (int i = 0; i < n; i++) {
      LineString l = (LineString) g.getGeometryN(i);
      CoordinateSequence s = l.getCoordinateSequence();
      rings |= l instanceof LinearRing ? FLAG_RINGS : 0; // a polygon's boundary: its rings
      int size = s.size();
      if (size == 0) {
        emptyZm |= Coords.flagsOf(s); // no ordinates to keep: an empty line's dimension counts only if all are
        continue;
      }
      zm |= Coords.flagsOf(s);
      points += size;
      if (first == null) {
        first = s;
      }
    }
    int flags = (first == null ? emptyZm : unitFlags(first, zm, omit)) | rings;
    return plan(headerBytes(g.getSRID(), n) + ((4L * n + 7) & ~7L) + 8L * storedOrdinates(flags) * points, flags);
  }

  static int writeMultiLine(byte[] b, int pos, Geometry g, int flags) {
    int n = g.getNumGeometries();
    pos = envelope(b, header(b, pos, MULTILINESTRING, flags, g.getSRID(), n), g, flags);
    int s = pos;
    boolean rings = (flags & FLAG_RINGS) != 0;
    for (int i = 0; i < n; i++, s += 4) {
      LineString l = (LineString) g.getGeometryN(i);
      ByteWriter.storeInt32(b, s, l.getCoordinateSequence().size() | (rings && l instanceof LinearRing ? RING_BIT : 0));
    }
    pos = zeroPad(b, s, pos);
    for (int i = 0; i < n && pos >= 0; i++) {
      pos = CoordWriter.write(b, pos, ((LineString) g.getGeometryN(i)).getCoordinateSequence(), flags);
    }
    return pos;
  }

  /**
   * A root MultiLineString whose lines are all sequences {@link PolygonWriter#like} takes, of one declared dimension,
   * nothing left out, planned and written in one method (as {@link PolygonWriter#multiPolygonArrays});
   * null when the general path decides.
   */
  static byte[] multiLineArrays(Geometry g) {
    int n = g.getNumGeometries();
    int srid = g.getSRID();
    if (n == 0 || !narrow(srid, n)) {
      return null;
    }
    CoordinateSequence any = ((LineString) g.getGeometryN(0)).getCoordinateSequence();
    int dim = any.getDimension();
    int measures = any.getMeasures();
    CoordinateSequence first = null;
    long points = 0;
    for (int i = 0; i < n; i++) {
      CoordinateSequence seq = ((LineString) g.getGeometryN(i)).getCoordinateSequence();
      if (!PolygonWriter.like(seq, dim, measures)) {
        return null;
      }
      int size = seq.size();
      points += size;
      if (first == null && size != 0) {
        first = seq;
      }
    }
    byte[] b = partsArray(MULTILINESTRING, srid, n, n, points, any, first);
    if (b == null) {
      return null;
    }
    int layout = Coords.flagsOf(any);
    int s = HEADER_BYTES;
    int pos = s + ((n * 4 + 7) & ~7);
    int rings = 0;
    for (int i = 0; i < n; i++, s += 4) {
      LineString l = (LineString) g.getGeometryN(i);
      CoordinateSequence seq = l.getCoordinateSequence();
      int ring = l instanceof LinearRing ? RING_BIT : 0;
      rings |= ring;
      ByteWriter.storeInt32(b, s, seq.size() | ring);
      pos = CoordWriter.part(b, pos, seq, layout);
    }
    if (rings != 0) {
      b[1] |= FLAG_RINGS; // the header's flags byte
    }
    return b;
  }
}
