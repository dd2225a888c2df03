package dev.brine.bench.geometry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFilter;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * A floor for serializers (see {@link GeometryShapesBench#floor_copy}): allocate an array of a given
 * size and copy every coordinate of a geometry into it, with the sequences found once in advance and
 * one plain loop per sequence. It writes no header and no structure and does no dispatch, so no
 * serializer of these coordinates into a new array of that size can be faster.
 */
final class CopyFloor {
  private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  private final int size;
  private final Coordinate[][] arrays;
  private final double[][] packed;
  private final int ordinates;
  private final int dimension;

  CopyFloor(Geometry g, int size) {
    this.size = size;
    List<CoordinateSequence> seqs = new ArrayList<>();
    g.apply(new CoordinateSequenceFilter() {
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
    });
    CoordinateSequence first = seqs.get(0);
    // the ordinates Sedona stores: X, Y, and Z / M where the first coordinate has them
    int d = 2;
    if (!Double.isNaN(first.getZ(0))) d++;
    if (!Double.isNaN(first.getM(0))) d++;
    ordinates = d;
    dimension = first.getDimension();
    if (first instanceof CoordinateArraySequence) {
      arrays = new Coordinate[seqs.size()][];
      packed = null;
      for (int i = 0; i < arrays.length; i++) {
        arrays[i] = ((CoordinateArraySequence) seqs.get(i)).toCoordinateArray();
      }
    } else {
      arrays = null;
      packed = new double[seqs.size()][];
      for (int i = 0; i < packed.length; i++) {
        packed[i] = ((PackedCoordinateSequence.Double) seqs.get(i)).getRawCoordinates();
      }
    }
  }

  byte[] copy() {
    byte[] b = new byte[size];
    int pos = 0;
    if (packed != null && ordinates == dimension) {
      for (double[] raw : packed) {
        for (int i = 0; i < raw.length; i++) {
          DOUBLE.set(b, pos + (i << 3), raw[i]);
        }
        pos += raw.length << 3;
      }
      return b;
    }
    if (packed != null) { // JTS's XYZ with NaN Z: X and Y of each
      for (double[] raw : packed) {
        int n = raw.length / dimension;
        for (int i = 0; i < n; i++) {
          DOUBLE.set(b, pos + (i << 4), raw[i * dimension]);
          DOUBLE.set(b, pos + (i << 4) + 8, raw[i * dimension + 1]);
        }
        pos += n << 4;
      }
      return b;
    }
    switch (ordinates) {
      case 2:
        for (Coordinate[] cs : arrays) {
          for (int i = 0; i < cs.length; i++) {
            Coordinate c = cs[i];
            DOUBLE.set(b, pos + (i << 4), c.x);
            DOUBLE.set(b, pos + (i << 4) + 8, c.y);
          }
          pos += cs.length << 4;
        }
        return b;
      case 3:
        for (Coordinate[] cs : arrays) {
          for (int i = 0; i < cs.length; i++) {
            Coordinate c = cs[i];
            DOUBLE.set(b, pos + i * 24, c.x);
            DOUBLE.set(b, pos + i * 24 + 8, c.y);
            DOUBLE.set(b, pos + i * 24 + 16, c.getOrdinate(2));
          }
          pos += cs.length * 24;
        }
        return b;
      default:
        for (Coordinate[] cs : arrays) {
          for (int i = 0; i < cs.length; i++) {
            Coordinate c = cs[i];
            DOUBLE.set(b, pos + (i << 5), c.x);
            DOUBLE.set(b, pos + (i << 5) + 8, c.y);
            DOUBLE.set(b, pos + (i << 5) + 16, c.getOrdinate(2));
            DOUBLE.set(b, pos + (i << 5) + 24, c.getOrdinate(3));
          }
          pos += cs.length << 5;
        }
        return b;
    }
  }
}
