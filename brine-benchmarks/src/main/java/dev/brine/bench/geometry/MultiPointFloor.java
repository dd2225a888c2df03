package dev.brine.bench.geometry;

import dev.brine.geometry.GeometrySerde;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * A floor for serializing a MultiPoint of JTS's default sequences into Brine's version-2 bytes without
 * {@code Unsafe}: the exact-size array, the 8-byte header as one constant store, then for each point the
 * walk every writer of a JTS MultiPoint must make (point, sequence, its {@code Coordinate}) and one
 * little-endian {@code VarHandle} store per ordinate from the {@code Coordinate}'s fields — no check of a
 * point's class, dimension or emptiness (so not a correct writer: a point of another dimension would be
 * written wrong), no dispatch, no plan. {@code GeometryProbe}'s library {@code floor} ({@code
 * multipoint,n,dims,floor,ser}); it writes Brine's bytes for the benchmark's geometries (checked when the
 * probe is built). {@code floorchecked}: for XYZ, the same loop with the per-point checks of sequence class,
 * dimension, measures and size that a correct writer needs (a point unlike the first leaves the loop).
 */
final class MultiPointFloor {
  private static final VarHandle F64 = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final int HEADER = 8;

  private final long header;
  private final int ordinates;

  /** Whether each XYZ point's sequence class, dimension, measures and size are checked as a correct writer must. */
  private final boolean checked;

  MultiPointFloor(Geometry g, boolean checked) {
    this.checked = checked;
    byte[] b = GeometrySerde.serialize(g);
    header = (long) I64.get(b, 0);
    ordinates = (b.length - HEADER) / (8 * g.getNumGeometries());
    if (!Arrays.equals(b, write(g))) {
      throw new IllegalStateException("the MultiPoint floor does not write Brine's bytes for " + g);
    }
  }

  byte[] write(Geometry g) {
    int n = g.getNumGeometries();
    switch (ordinates) {
      case 2: {
        byte[] b = new byte[HEADER + 16 * n];
        I64.set(b, 0, header);
        for (int i = 0; i < n; i++) {
          Coordinate c = ((Point) g.getGeometryN(i)).getCoordinateSequence().getCoordinate(0);
          int p = HEADER + (i << 4);
          F64.set(b, p, c.x);
          F64.set(b, p + 8, c.y);
        }
        return b;
      }
      case 3: {
        if (checked) {
          return checkedExit(g, n);
        }
        byte[] b = new byte[HEADER + 24 * n];
        I64.set(b, 0, header);
        for (int i = 0, p = HEADER; i < n; i++, p += 24) {
          Coordinate c = ((Point) g.getGeometryN(i)).getCoordinateSequence().getCoordinate(0);
          F64.set(b, p, c.x);
          F64.set(b, p + 8, c.y);
          F64.set(b, p + 16, c.getOrdinate(2));
        }
        return b;
      }
      default: {
        byte[] b = new byte[HEADER + 32 * n];
        I64.set(b, 0, header);
        for (int i = 0; i < n; i++) {
          Coordinate c = ((Point) g.getGeometryN(i)).getCoordinateSequence().getCoordinate(0);
          int p = HEADER + (i << 5);
          F64.set(b, p, c.x);
          F64.set(b, p + 8, c.y);
          F64.set(b, p + 16, c.getOrdinate(2));
          F64.set(b, p + 24, c.getOrdinate(3));
        }
        return b;
      }
    }
  }

  /** The XYZ loop with the checks of every point that keep a correct writer's output exact (null: not uniform). */
  private byte[] checkedExit(Geometry g, int n) {
    byte[] b = new byte[HEADER + 24 * n];
    I64.set(b, 0, header);
    for (int i = 0, p = HEADER; i < n; i++, p += 24) {
      CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
      if (s.getClass() != CoordinateArraySequence.class || s.getDimension() != 3 || s.getMeasures() != 0 || s.size() == 0) {
        return null;
      }
      Coordinate c = s.getCoordinate(0);
      F64.set(b, p, c.x);
      F64.set(b, p + 8, c.y);
      F64.set(b, p + 16, c.getOrdinate(2));
    }
    return b;
  }
}
