package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFilter;
import org.locationtech.jts.geom.Geometry;

/**
 * Whether the Z / M a geometry's first coordinate says to leave out (NaN there) are NaN everywhere,
 * for {@code GeometrySerde.serializedSize}; the writer itself checks while copying instead.
 */
final class Omissions {
  private Omissions() {}

  static boolean hold(Geometry g, int type) {
    if (type == GEOMETRYCOLLECTION) {
      for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
        Geometry m = g.getGeometryN(i);
        if (!hold(m, NativeWriter.typeOf(m))) {
          return false;
        }
      }
      return true;
    }
    int flags = NativeWriter.flags(NativeWriter.plan(g, type, true, 1));
    if ((flags & (FLAG_Z_NAN | FLAG_M_NAN)) == 0) {
      return true;
    }
    List<CoordinateSequence> seqs = new ArrayList<>();
    g.apply(new CoordinateSequenceFilter() {
      @Override
      public void filter(CoordinateSequence seq, int i) {
        if (i == 0) {
          seqs.add(seq); // once per sequence: JTS calls this per coordinate
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
    });
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
}
