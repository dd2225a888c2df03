package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;
import static dev.brine.geometry.NativeWriter.*;

import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;

/**
 * Plans and writes LineStrings, LinearRings and MultiLineStrings in the native format, version 2 (see
 * {@link NativeWriter} for plans, flags and the NaN rule).
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

  static int writeMultiLine(byte[] b, int pos, Geometry g, int flags) {
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
}
