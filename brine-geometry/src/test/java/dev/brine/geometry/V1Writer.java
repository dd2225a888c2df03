package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;
import static dev.brine.geometry.PolygonWriter.ringCount;
import static dev.brine.geometry.NativeWriter.typeOf;
import static dev.brine.geometry.NativeWriter.zmOf;

import dev.brine.BrineException;
import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The format-version-1 writer as it was (its general two-pass path), kept in the tests only: the
 * library writes version 2 and must still read version 1, which the tests check on any geometry
 * (not just the golden files) with bytes from here. The v1 golden files pin that these are the bytes
 * version 1 wrote.
 */
final class V1Writer {
  private V1Writer() {}

  static byte[] serialize(Geometry g) {
    byte[] out = new byte[size(g, true, 1)];
    int end = write(out, 0, g, true, 1);
    if (end != out.length) {
      throw new IllegalStateException("size " + out.length + " != written " + end);
    }
    return out;
  }

  private static boolean hasEnvelope(Geometry g, boolean root, int type) {
    return root && type != POINT && !g.isEmpty();
  }

  static int size(Geometry g, boolean root, int depth) {
    int type = typeOf(g);
    if (type == GEOMETRYCOLLECTION) {
      if (depth > MAX_DEPTH) {
        throw new BrineException("geometry collections nested deeper than " + MAX_DEPTH);
      }
      // children first: the depth is checked before anything recursive of JTS (isEmpty) runs
      long size = HEADER_BYTES + 8;
      for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
        size += size(g.getGeometryN(i), false, depth + 1);
        if (size > Integer.MAX_VALUE - 64) {
          throw new BrineException("geometry too large to serialize: " + size + " bytes");
        }
      }
      return (int) size + (hasEnvelope(g, root, type) ? ENVELOPE_BYTES : 0);
    }
    int size = HEADER_BYTES + (hasEnvelope(g, root, type) ? ENVELOPE_BYTES : 0);
    int d = Coords.ordinates(zmOf(g, type));
    long coords;
    long structure;
    switch (type) {
      case POINT:
        coords = g.isEmpty() ? 0 : 1;
        structure = 0;
        break;
      case LINESTRING:
      case LINEARRING:
        coords = ((LineString) g).getNumPoints();
        structure = 8;
        break;
      case POLYGON: {
        Polygon p = (Polygon) g;
        coords = p.getNumPoints();
        structure = 4 + 4L * ringCount(p);
        break;
      }
      case MULTIPOINT: {
        int empties = 0;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          if (g.getGeometryN(i).isEmpty()) empties++;
        }
        coords = g.getNumGeometries() - empties;
        structure = 8 + 4L * empties;
        break;
      }
      case MULTILINESTRING:
        coords = g.getNumPoints();
        structure = 4 + 4L * g.getNumGeometries();
        break;
      case MULTIPOLYGON: {
        coords = g.getNumPoints();
        structure = 4;
        for (int i = 0, n = g.getNumGeometries(); i < n; i++) {
          structure += 4 + 4L * ringCount((Polygon) g.getGeometryN(i));
        }
        break;
      }
      default:
        throw new AssertionError(type);
    }
    long total = size + ((structure + 7) & ~7L) + coords * d * 8;
    if (total > Integer.MAX_VALUE - 16) {
      throw new BrineException("geometry too large to serialize: " + total + " bytes");
    }
    return (int) total;
  }


  static int write(byte[] b, int pos, Geometry g, boolean root, int depth) {
    int type = typeOf(g);
    // a collection's own Z/M bits are informational (the union of its members; readers ignore
    // them): they are or-ed in from the members' headers once those are written, below
    int zm = type == GEOMETRYCOLLECTION ? 0 : zmOf(g, type);
    int flags = zm;
    boolean env = hasEnvelope(g, root, type);
    if (env) flags |= FLAG_ENVELOPE;
    if (type == POINT && g.isEmpty()) flags |= FLAG_EMPTY;
    b[pos] = (byte) type;
    b[pos + 1] = (byte) flags;
    b[pos + 2] = (byte) VERSION;
    b[pos + 3] = 0;
    ByteWriter.storeInt32(b, pos + 4, g.getSRID());
    pos += HEADER_BYTES;
    if (env) {
      Envelope e = g.getEnvelopeInternal();
      // the raw JTS fields; a null envelope is stored as JTS keeps it (0, 0, -1, -1)
      ByteWriter.storeFloat64(b, pos, e.isNull() ? 0 : e.getMinX());
      ByteWriter.storeFloat64(b, pos + 8, e.isNull() ? 0 : e.getMinY());
      ByteWriter.storeFloat64(b, pos + 16, e.isNull() ? -1 : e.getMaxX());
      ByteWriter.storeFloat64(b, pos + 24, e.isNull() ? -1 : e.getMaxY());
      pos += ENVELOPE_BYTES;
    }
    switch (type) {
      case POINT:
        return g.isEmpty() ? pos : Coords.write(b, pos, ((Point) g).getCoordinateSequence(), zm);
      case LINESTRING:
      case LINEARRING: {
        CoordinateSequence seq = ((LineString) g).getCoordinateSequence();
        ByteWriter.storeInt32(b, pos, seq.size());
        ByteWriter.storeInt32(b, pos + 4, 0);
        return Coords.write(b, pos + 8, seq, zm);
      }
      case POLYGON: {
        Polygon p = (Polygon) g;
        int rings = ringCount(p);
        ByteWriter.storeInt32(b, pos, rings);
        int s = pos + 4;
        s = putRingSizes(b, s, p, rings);
        pos = zeroPad(b, s);
        return writeRings(b, pos, p, rings, zm);
      }
      case MULTIPOINT: {
        int n = g.getNumGeometries();
        int s = pos + 8;
        for (int i = 0; i < n; i++) {
          if (g.getGeometryN(i).isEmpty()) {
            ByteWriter.storeInt32(b, s, i);
            s += 4;
          }
        }
        ByteWriter.storeInt32(b, pos, n);
        ByteWriter.storeInt32(b, pos + 4, (s - pos - 8) / 4);
        pos = zeroPad(b, s);
        for (int i = 0; i < n; i++) {
          Point pt = (Point) g.getGeometryN(i);
          if (!pt.isEmpty()) pos = Coords.write(b, pos, pt.getCoordinateSequence(), zm);
        }
        return pos;
      }
      case MULTILINESTRING: {
        int n = g.getNumGeometries();
        ByteWriter.storeInt32(b, pos, n);
        int s = pos + 4;
        for (int i = 0; i < n; i++, s += 4) {
          ByteWriter.storeInt32(b, s, ((LineString) g.getGeometryN(i)).getNumPoints());
        }
        pos = zeroPad(b, s);
        for (int i = 0; i < n; i++) {
          pos = Coords.write(b, pos, ((LineString) g.getGeometryN(i)).getCoordinateSequence(), zm);
        }
        return pos;
      }
      case MULTIPOLYGON: {
        int n = g.getNumGeometries();
        ByteWriter.storeInt32(b, pos, n);
        int s = pos + 4;
        for (int i = 0; i < n; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          int rings = ringCount(p);
          ByteWriter.storeInt32(b, s, rings);
          s = putRingSizes(b, s + 4, p, rings);
        }
        pos = zeroPad(b, s);
        for (int i = 0; i < n; i++) {
          Polygon p = (Polygon) g.getGeometryN(i);
          pos = writeRings(b, pos, p, ringCount(p), zm);
        }
        return pos;
      }
      case GEOMETRYCOLLECTION: {
        int n = g.getNumGeometries();
        int flagsAt = pos - (env ? ENVELOPE_BYTES : 0) - HEADER_BYTES + 1;
        ByteWriter.storeInt32(b, pos, n);
        ByteWriter.storeInt32(b, pos + 4, 0);
        pos += 8;
        for (int i = 0; i < n; i++) {
          int member = pos;
          pos = write(b, pos, g.getGeometryN(i), false, depth + 1);
          b[flagsAt] |= (byte) (b[member + 1] & (FLAG_Z | FLAG_M));
        }
        return pos;
      }
      default:
        throw new AssertionError(type);
    }
  }

  private static int putRingSizes(byte[] b, int s, Polygon p, int rings) {
    for (int r = 0; r < rings; r++, s += 4) {
      LinearRing ring = r == 0 ? p.getExteriorRing() : p.getInteriorRingN(r - 1);
      ByteWriter.storeInt32(b, s, ring.getNumPoints());
    }
    return s;
  }

  private static int writeRings(byte[] b, int pos, Polygon p, int rings, int zm) {
    for (int r = 0; r < rings; r++) {
      LinearRing ring = r == 0 ? p.getExteriorRing() : p.getInteriorRingN(r - 1);
      pos = Coords.write(b, pos, ring.getCoordinateSequence(), zm);
    }
    return pos;
  }

  private static int zeroPad(byte[] b, int s) {
    // the array is freshly allocated (all zeros), so padding needs no writes
    return pad8(s);
  }
}
