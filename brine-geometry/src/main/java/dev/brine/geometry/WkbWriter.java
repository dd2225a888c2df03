package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.BrineException;
import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Writes little-endian WKB in two passes (exact size, then fill). ISO mode writes Z/M as type code +
 * 1000/2000/3000; EWKB mode sets the 0x80000000 (Z) / 0x40000000 (M) bits and puts the SRID (flag
 * 0x20000000) on the root geometry only, as PostGIS and JTS's WKBWriter do.
 */
final class WkbWriter {
  private static final int EWKB_Z = 0x80000000;
  private static final int EWKB_M = 0x40000000;
  private static final int EWKB_SRID = 0x20000000;

  private final boolean ewkb;

  private WkbWriter(boolean ewkb) {
    this.ewkb = ewkb;
  }

  static byte[] write(Geometry g, boolean ewkb) {
    if (g == null) {
      throw new BrineException("cannot write a null geometry as WKB");
    }
    WkbWriter w = new WkbWriter(ewkb);
    int zm = zm(g);
    byte[] out = new byte[w.size(g, zm, true, 1)];
    int end = w.write(out, 0, g, zm, true);
    if (end != out.length) {
      throw new IllegalStateException("size " + out.length + " != written " + end);
    }
    return out;
  }

  private static int zm(Geometry g) {
    int type = NativeWriter.typeOf(g);
    return type == GEOMETRYCOLLECTION ? NativeWriter.gcFlags(g, 1) : NativeWriter.zmOf(g, type);
  }

  /**
   * A collection member's own dimension; a member without any coordinate sequence (an empty Multi*
   * or collection) takes its parent's, as JTS's WKBWriter writes it.
   */
  private static int childZm(Geometry c, int parentZm) {
    return hasSequences(c) ? zm(c) : parentZm;
  }

  private static boolean hasSequences(Geometry g) {
    if (!(g instanceof org.locationtech.jts.geom.GeometryCollection)) {
      return true;
    }
    if (g.getClass() != org.locationtech.jts.geom.GeometryCollection.class) {
      return g.getNumGeometries() > 0;
    }
    for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
      if (hasSequences(g.getGeometryN(i))) return true;
    }
    return false;
  }

  private int size(Geometry g, int zm, boolean root, int depth) {
    int type = NativeWriter.typeOf(g);
    long size = 5 + (ewkb && root ? 4 : 0);
    int d = Coords.ordinates(zm);
    switch (type) {
      case POINT:
        size += 8L * d;
        break;
      case LINESTRING:
      case LINEARRING:
        size += 4 + 8L * d * ((LineString) g).getNumPoints();
        break;
      case POLYGON: {
        Polygon p = (Polygon) g;
        int rings = PolygonWriter.ringCount(p);
        size += 4 + 4L * rings + 8L * d * p.getNumPoints();
        break;
      }
      case MULTIPOINT:
      case MULTILINESTRING:
      case MULTIPOLYGON:
      case GEOMETRYCOLLECTION: {
        if (depth > MAX_DEPTH) {
          throw new BrineException("geometry collections nested deeper than " + MAX_DEPTH);
        }
        size += 4;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          Geometry c = g.getGeometryN(i);
          size += size(c, type == GEOMETRYCOLLECTION ? childZm(c, zm) : zm, false, depth + 1);
          if (size > Integer.MAX_VALUE - 64) {
            throw new BrineException("geometry too large for WKB: " + size + " bytes");
          }
        }
        break;
      }
      default:
        throw new AssertionError(type);
    }
    if (size > Integer.MAX_VALUE - 64) {
      throw new BrineException("geometry too large for WKB: " + size + " bytes");
    }
    return (int) size;
  }

  private int write(byte[] b, int pos, Geometry g, int zm, boolean root) {
    int type = NativeWriter.typeOf(g);
    int code = type == LINEARRING ? LINESTRING : type;
    b[pos] = 1; // little-endian
    boolean srid = ewkb && root;
    if (ewkb) {
      code |= ((zm & Coords.Z) != 0 ? EWKB_Z : 0) | ((zm & Coords.M) != 0 ? EWKB_M : 0) | (srid ? EWKB_SRID : 0);
    } else {
      code += 1000 * zm; // Z=1 -> 1000, M=2 -> 2000, ZM=3 -> 3000
    }
    ByteWriter.storeInt32(b, pos + 1, code);
    pos += 5;
    if (srid) {
      ByteWriter.storeInt32(b, pos, g.getSRID());
      pos += 4;
    }
    switch (type) {
      case POINT: {
        Point p = (Point) g;
        if (p.isEmpty()) {
          for (int i = 0, d = Coords.ordinates(zm); i < d; i++, pos += 8) {
            ByteWriter.storeFloat64(b, pos, Double.NaN);
          }
          return pos;
        }
        return Coords.write(b, pos, p.getCoordinateSequence(), zm);
      }
      case LINESTRING:
      case LINEARRING: {
        CoordinateSequence seq = ((LineString) g).getCoordinateSequence();
        ByteWriter.storeInt32(b, pos, seq.size());
        return Coords.write(b, pos + 4, seq, zm);
      }
      case POLYGON: {
        Polygon p = (Polygon) g;
        int rings = PolygonWriter.ringCount(p);
        ByteWriter.storeInt32(b, pos, rings);
        pos += 4;
        for (int r = 0; r < rings; r++) {
          LinearRing ring = r == 0 ? p.getExteriorRing() : p.getInteriorRingN(r - 1);
          CoordinateSequence seq = ring.getCoordinateSequence();
          ByteWriter.storeInt32(b, pos, seq.size());
          pos = Coords.write(b, pos + 4, seq, zm);
        }
        return pos;
      }
      default: {
        int n = g.getNumGeometries();
        ByteWriter.storeInt32(b, pos, n);
        pos += 4;
        for (int i = 0; i < n; i++) {
          Geometry c = g.getGeometryN(i);
          pos = write(b, pos, c, type == GEOMETRYCOLLECTION ? childZm(c, zm) : zm, false);
        }
        return pos;
      }
    }
  }
}
