package dev.brine.geometry;

import dev.brine.BrineException;
import dev.brine.io.ByteReader;
import dev.brine.io.ByteWriter;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Coordinate sequence helpers shared by the native format and WKB: dimension flags, bulk copies
 * between {@code byte[]} and sequences, and sequence construction for a given factory.
 *
 * <p>Ordinates are always laid out X, Y, [Z], [M]. Dimension flags: bit 0 = Z, bit 1 = M.
 */
final class Coords {
  static final int Z = 1;
  static final int M = 2;

  private Coords() {}

  /** Number of ordinates per coordinate for dimension flags {@code zm}. */
  static int ordinates(int zm) {
    return 2 + (zm & 1) + ((zm >> 1) & 1);
  }

  /**
   * Dimension flags of a sequence, from its declared dimension and measures (never guessed from
   * the first coordinate).
   */
  static int flagsOf(CoordinateSequence seq) {
    int dim = seq.getDimension();
    int measures = seq.getMeasures();
    int spatial = dim - measures;
    if (measures < 0 || measures > 1 || spatial < 2 || spatial > 3) {
      throw unsupported(dim, measures);
    }
    return (spatial == 3 ? Z : 0) | (measures == 1 ? M : 0);
  }

  // out of line: keeps flagsOf (called for every sequence) small enough to inline everywhere
  private static BrineException unsupported(int dim, int measures) {
    return new BrineException(
        "unsupported coordinate dimension " + dim + " with " + measures
            + " measures: only XY, XYZ, XYM and XYZM are supported");
  }

  /**
   * Writes the coordinates of {@code seq} little-endian at {@code pos} with the ordinates selected
   * by {@code zm}; ordinates the sequence lacks are written as NaN. Returns the position after.
   */
  static int write(byte[] b, int pos, CoordinateSequence seq, int zm) {
    // JTS's default sequence in XY, the common case: checked first by exact class
    if (zm == 0
        && seq.getClass() == CoordinateArraySequence.class
        && seq.getDimension() == 2
        && seq.getMeasures() == 0) {
      return writeXY(b, pos, ((CoordinateArraySequence) seq).toCoordinateArray());
    }
    int n = seq.size();
    int d = ordinates(zm);
    int srcZm = flagsOf(seq);
    if (srcZm == zm && seq instanceof PackedCoordinateSequence.Double) {
      double[] raw = ((PackedCoordinateSequence.Double) seq).getRawCoordinates();
      int len = n * d;
      // offsets derived from the loop variable so C2 can eliminate range checks
      for (int i = 0; i < len; i++) {
        ByteWriter.storeFloat64(b, pos + (i << 3), raw[i]);
      }
      return pos + (len << 3);
    }
    if (srcZm == 0 && zm == 0) {
      if (seq instanceof CoordinateArraySequence) {
        return writeXY(b, pos, ((CoordinateArraySequence) seq).toCoordinateArray());
      }
      for (int i = 0; i < n; i++) {
        ByteWriter.storeFloat64(b, pos, seq.getX(i));
        ByteWriter.storeFloat64(b, pos + 8, seq.getY(i));
        pos += 16;
      }
      return pos;
    }
    int srcZ = (srcZm & Z) != 0 ? 2 : -1;
    int srcM = (srcZm & M) != 0 ? seq.getDimension() - 1 : -1;
    boolean z = (zm & Z) != 0;
    boolean m = (zm & M) != 0;
    for (int i = 0; i < n; i++) {
      ByteWriter.storeFloat64(b, pos, seq.getOrdinate(i, 0));
      ByteWriter.storeFloat64(b, pos + 8, seq.getOrdinate(i, 1));
      pos += 16;
      if (z) {
        ByteWriter.storeFloat64(b, pos, srcZ < 0 ? Double.NaN : seq.getOrdinate(i, srcZ));
        pos += 8;
      }
      if (m) {
        ByteWriter.storeFloat64(b, pos, srcM < 0 ? Double.NaN : seq.getOrdinate(i, srcM));
        pos += 8;
      }
    }
    return pos;
  }

  /**
   * X and Y of each coordinate. {@code cs} is a CoordinateArraySequence's internal array (not a
   * copy); x and y are plain fields. Offsets derive from the loop variable so C2 drops range checks.
   */
  private static int writeXY(byte[] b, int pos, Coordinate[] cs) {
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
   * The internal {@code Coordinate[]} of a non-empty XY {@code CoordinateArraySequence} (JTS's default
   * sequence, exact class), or {@code null} for any other sequence.
   */
  static Coordinate[] xyArray(CoordinateSequence seq) {
    if (seq.getClass() == CoordinateArraySequence.class
        && seq.getDimension() == 2
        && seq.getMeasures() == 0
        && seq.size() > 0) {
      return ((CoordinateArraySequence) seq).toCoordinateArray();
    }
    return null;
  }

  /**
   * {@link #writeXY} that also computes, in the same pass, the envelope JTS computes for these
   * coordinates ({@code Envelope.expandToInclude} from a null envelope: the first coordinate sets it,
   * later ones widen it only when {@code <} or {@code >} holds, so NaN and -0.0 behave exactly as in
   * JTS) and stores it as minX, minY, maxX, maxY at {@code envAt}. {@code cs} must not be empty.
   */
  static int writeXYWithEnvelope(byte[] b, int pos, Coordinate[] cs, int envAt) {
    double minX = cs[0].x;
    double maxX = minX;
    double minY = cs[0].y;
    double maxY = minY;
    int n = cs.length;
    for (int i = 0; i < n; i++) {
      Coordinate c = cs[i];
      double x = c.x;
      double y = c.y;
      int p = pos + (i << 4);
      ByteWriter.storeFloat64(b, p, x);
      ByteWriter.storeFloat64(b, p + 8, y);
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    ByteWriter.storeFloat64(b, envAt, minX);
    ByteWriter.storeFloat64(b, envAt + 8, minY);
    ByteWriter.storeFloat64(b, envAt + 16, maxX);
    ByteWriter.storeFloat64(b, envAt + 24, maxY);
    return pos + (n << 4);
  }

  /** {@code count} little-endian doubles at {@code pos} (bounds already checked by the caller). */
  static double[] doubles(byte[] b, int pos, int count) {
    double[] raw = new double[count];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = ByteReader.loadFloat64(b, pos + (i << 3));
    }
    return raw;
  }

  /*
   * XY lines and rings for the default (packed) factory, each sequence built with a literal
   * dimension of 2: PackedCoordinateSequence.Double checks length % dimension and JTS's LineString
   * and LinearRing validation calls size() (length / dimension) several times; with a constant
   * dimension C2 needs no integer division for them.
   */

  /** An XY LinearRing of {@code n} coordinates at {@code pos} (bounds already checked). */
  static LinearRing ringXY(GeometryFactory f, byte[] b, int pos, int n) {
    return f.createLinearRing(new PackedCoordinateSequence.Double(doubles(b, pos, n << 1), 2, 0));
  }

  /** An XY LineString of {@code n} coordinates at {@code pos} (bounds already checked). */
  static LineString lineXY(GeometryFactory f, byte[] b, int pos, int n) {
    return f.createLineString(new PackedCoordinateSequence.Double(doubles(b, pos, n << 1), 2, 0));
  }

  /** How sequences are built when decoding, chosen once per geometry factory. */
  abstract static class Maker {
    /** Reads {@code n} coordinates at {@code pos} (bounds already checked). */
    abstract CoordinateSequence read(byte[] b, int pos, int n, int zm, boolean bigEndian);

    static Maker of(CoordinateSequenceFactory csf) {
      if (csf instanceof PackedCoordinateSequenceFactory
          && ((PackedCoordinateSequenceFactory) csf).getType() == PackedCoordinateSequenceFactory.DOUBLE) {
        return PACKED;
      }
      if (csf instanceof CoordinateArraySequenceFactory) {
        return ARRAY;
      }
      return new Generic(csf);
    }
  }

  static double get(byte[] b, int pos, boolean bigEndian) {
    return bigEndian ? (double) Bytes.DOUBLE_BE.get(b, pos) : ByteReader.loadFloat64(b, pos);
  }

  /** Wraps one bulk-read {@code double[]} in a PackedCoordinateSequence.Double. */
  static final Maker PACKED =
      new Maker() {
        @Override
        CoordinateSequence read(byte[] b, int pos, int n, int zm, boolean bigEndian) {
          int d = ordinates(zm);
          double[] raw = new double[n * d];
          if (bigEndian) {
            for (int i = 0; i < raw.length; i++) {
              raw[i] = (double) Bytes.DOUBLE_BE.get(b, pos + (i << 3));
            }
          } else {
            for (int i = 0; i < raw.length; i++) {
              raw[i] = ByteReader.loadFloat64(b, pos + (i << 3));
            }
          }
          return new PackedCoordinateSequence.Double(raw, d, (zm & M) != 0 ? 1 : 0);
        }
      };

  /** Builds Coordinate objects of the exact subclass for the dimension (JTS's default). */
  static final Maker ARRAY =
      new Maker() {
        @Override
        CoordinateSequence read(byte[] b, int pos, int n, int zm, boolean be) {
          Coordinate[] cs = new Coordinate[n];
          switch (zm) {
            case 0:
              for (int i = 0; i < n; i++, pos += 16) {
                cs[i] = new CoordinateXY(get(b, pos, be), get(b, pos + 8, be));
              }
              return new CoordinateArraySequence(cs, 2, 0);
            case Z:
              for (int i = 0; i < n; i++, pos += 24) {
                cs[i] = new Coordinate(get(b, pos, be), get(b, pos + 8, be), get(b, pos + 16, be));
              }
              return new CoordinateArraySequence(cs, 3, 0);
            case M:
              for (int i = 0; i < n; i++, pos += 24) {
                cs[i] = new CoordinateXYM(get(b, pos, be), get(b, pos + 8, be), get(b, pos + 16, be));
              }
              return new CoordinateArraySequence(cs, 3, 1);
            default:
              for (int i = 0; i < n; i++, pos += 32) {
                cs[i] =
                    new CoordinateXYZM(
                        get(b, pos, be), get(b, pos + 8, be), get(b, pos + 16, be), get(b, pos + 24, be));
              }
              return new CoordinateArraySequence(cs, 4, 1);
          }
        }
      };

  /** Any other factory: create(n, dim, measures) and setOrdinate. */
  static final class Generic extends Maker {
    private final CoordinateSequenceFactory csf;

    Generic(CoordinateSequenceFactory csf) {
      this.csf = csf;
    }

    @Override
    CoordinateSequence read(byte[] b, int pos, int n, int zm, boolean be) {
      int d = ordinates(zm);
      CoordinateSequence seq = csf.create(n, d, (zm & M) != 0 ? 1 : 0);
      for (int i = 0; i < n; i++) {
        for (int k = 0; k < d; k++, pos += 8) {
          seq.setOrdinate(i, k, get(b, pos, be));
        }
      }
      return seq;
    }
  }
}
