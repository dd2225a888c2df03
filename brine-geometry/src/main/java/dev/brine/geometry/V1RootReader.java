package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.io.Loads;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;

/**
 * Decodes the common root geometries (a non-empty LineString, Polygon or MultiPolygon) straight from
 * the array, without a {@link V1Reader} object (which escapes into its recursive reader and so
 * costs an allocation per call) and with a shared empty hole array.
 *
 * <p>It is only a shortcut: it accepts exactly the well-formed encodings of those shapes and returns
 * {@code null} for anything else — another type, an empty part, a count or length that does not add
 * up, non-zero padding, or a geometry JTS refuses — so that {@link V1Reader} decodes the bytes or
 * reports precisely what is wrong and where.
 */
final class V1RootReader {
  /** Polygons without holes share it: a zero-length array cannot be changed. */
  static final LinearRing[] NO_HOLES = new LinearRing[0];

  private V1RootReader() {}

  /**
   * The geometry, or {@code null} when the bytes are not a well-formed root LineString, Polygon or
   * MultiPolygon of non-empty parts with a stored envelope.
   *
   * @param f the factory of the root's SRID, with {@code PackedCoordinateSequence.Double} sequences
   */
  static Geometry read(byte[] b, GeometryFactory f) {
    int len = b.length;
    if (len < HEADER_BYTES + ENVELOPE_BYTES + 8 || b[2] != VERSION || b[3] != 0) {
      return null;
    }
    int flags = b[1];
    if ((flags & ~(FLAG_Z | FLAG_M)) != FLAG_ENVELOPE) {
      return null;
    }
    int zm = flags & (FLAG_Z | FLAG_M);
    int coordBytes = 8 * Coords.ordinates(zm);
    int at = HEADER_BYTES + ENVELOPE_BYTES; // the structure starts here
    try {
      switch (b[0]) {
        case LINESTRING: {
          int n = Loads.loadInt32(b, at);
          if (n < 2 || Loads.loadInt32(b, at + 4) != 0 || (long) n * coordBytes != len - at - 8) {
            return null;
          }
          return zm == 0
              ? Coords.lineXY(f, b, at + 8, n)
              : f.createLineString(Coords.PACKED.read(b, at + 8, n, zm, false));
        }
        case POLYGON: {
          int rings = Loads.loadInt32(b, at);
          int pos = coordinatesAt(b, at + 4, rings);
          if (pos < 0 || ringBytes(b, at + 4, rings, coordBytes) != len - pos) {
            return null;
          }
          return polygon(b, f, at + 4, rings, pos, zm, coordBytes);
        }
        case MULTIPOLYGON: {
          int n = Loads.loadInt32(b, at);
          if (n <= 0 || n > (len - at) / 8) {
            return null;
          }
          // the structure: n × (numRings, ring sizes), then padding
          int s = at + 4;
          long coords = 0;
          for (int i = 0; i < n; i++) {
            int rings = s + 4 <= len ? Loads.loadInt32(b, s) : -1;
            if (rings <= 0 || rings > (len - s - 4) / 4) {
              return null;
            }
            long bytes = ringBytes(b, s + 4, rings, coordBytes);
            if (bytes < 0) {
              return null;
            }
            coords += bytes;
            s += 4 + 4 * rings;
          }
          int pos = pad8(s);
          if (pos > len || (pos != s && Loads.loadInt32(b, s) != 0) || pos + coords != len) {
            return null;
          }
          // every count is checked above: build the polygons ring by ring
          Polygon[] polys = new Polygon[n];
          s = at + 4;
          for (int i = 0; i < n; i++) {
            int rings = Loads.loadInt32(b, s);
            int points = Loads.loadInt32(b, s + 4);
            if (points == 0) {
              return null; // an empty shell: as in polygon()
            }
            LinearRing shell = ring(f, b, pos, points, zm);
            pos += points * coordBytes;
            LinearRing[] holes = rings == 1 ? NO_HOLES : new LinearRing[rings - 1];
            for (int r = 1; r < rings; r++) {
              points = Loads.loadInt32(b, s + 4 + 4 * r);
              holes[r - 1] = ring(f, b, pos, points, zm);
              pos += points * coordBytes;
            }
            polys[i] = f.createPolygon(shell, holes);
            s += 4 + 4 * rings;
          }
          return f.createMultiPolygon(polys);
        }
        default:
          return null;
      }
    } catch (IllegalArgumentException e) {
      return null; // JTS refuses it (an unclosed ring, …): V1Reader says so with the offset
    }
  }

  /**
   * Where the coordinates of a polygon with {@code rings} ring sizes at {@code sizes} start (after
   * zero padding), or -1 if the count is not positive, the sizes do not fit or the padding is not 0.
   */
  private static int coordinatesAt(byte[] b, int sizes, int rings) {
    if (rings <= 0 || rings > (b.length - sizes) / 4) {
      return -1;
    }
    int end = sizes + 4 * rings;
    int pos = pad8(end);
    if (pos > b.length || (pos != end && Loads.loadInt32(b, end) != 0)) {
      return -1;
    }
    return pos;
  }

  /**
   * Bytes of coordinates of the rings whose sizes are at {@code sizes}, or -1 if a size is negative
   * or they would not fit in the array (checked as it sums, so nothing overflows).
   */
  private static long ringBytes(byte[] b, int sizes, int rings, int coordBytes) {
    long bytes = 0;
    for (int r = 0; r < rings; r++) {
      int n = Loads.loadInt32(b, sizes + 4 * r);
      bytes += (long) n * coordBytes;
      if (n < 0 || bytes > b.length) {
        return -1;
      }
    }
    return bytes;
  }

  /** A polygon whose ring sizes (all checked) are at {@code sizes} and coordinates at {@code pos}. */
  private static Polygon polygon(byte[] b, GeometryFactory f, int sizes, int rings, int pos, int zm, int coordBytes) {
    int n = Loads.loadInt32(b, sizes);
    if (n == 0) {
      return null; // an empty shell: let V1Reader build exactly what it always did
    }
    LinearRing shell = ring(f, b, pos, n, zm);
    if (rings == 1) {
      return f.createPolygon(shell, NO_HOLES);
    }
    pos += n * coordBytes;
    LinearRing[] holes = new LinearRing[rings - 1];
    for (int r = 1; r < rings; r++) {
      n = Loads.loadInt32(b, sizes + 4 * r);
      holes[r - 1] = ring(f, b, pos, n, zm);
      pos += n * coordBytes;
    }
    return f.createPolygon(shell, holes);
  }

  private static LinearRing ring(GeometryFactory f, byte[] b, int pos, int n, int zm) {
    return zm == 0 ? Coords.ringXY(f, b, pos, n) : f.createLinearRing(Coords.PACKED.read(b, pos, n, zm, false));
  }
}
