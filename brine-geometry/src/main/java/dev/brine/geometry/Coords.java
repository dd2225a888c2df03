package dev.brine.geometry;

import dev.brine.BrineException;
import dev.brine.io.Loads;
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
    return CoordWriter.write(b, pos, seq, zm & (Z | M)); // nothing left out: never -1
  }

  /** {@code count} little-endian doubles at {@code pos} (bounds already checked by the caller). */
  static double[] doubles(byte[] b, int pos, int count) {
    double[] raw = new double[count];
    Loads.loadFloat64s(b, pos, raw);
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
    return f.createLinearRing(new Packed.D2(doubles(b, pos, n << 1)));
  }

  /** An XY LineString of {@code n} coordinates at {@code pos} (bounds already checked). */
  static LineString lineXY(GeometryFactory f, byte[] b, int pos, int n) {
    return f.createLineString(new Packed.D2(doubles(b, pos, n << 1)));
  }

  /** How sequences are built when decoding, chosen once per geometry factory. */
  abstract static class Maker {
    /** Reads {@code n} coordinates at {@code pos} (bounds already checked). */
    abstract CoordinateSequence read(byte[] b, int pos, int n, int zm, boolean bigEndian);

    /** A sequence of the coordinates in {@code raw} ({@code ordinates(zm)} per coordinate, X Y [Z] [M]). */
    abstract CoordinateSequence fromRaw(double[] raw, int zm);

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
    return bigEndian ? (double) Bytes.DOUBLE_BE.get(b, pos) : Loads.loadFloat64(b, pos);
  }

  /** Wraps one bulk-read {@code double[]} in a PackedCoordinateSequence.Double. */
  static final Maker PACKED =
      new Maker() {
        @Override
        CoordinateSequence read(byte[] b, int pos, int n, int zm, boolean bigEndian) {
          double[] raw = new double[n * ordinates(zm)];
          if (bigEndian) {
            for (int i = 0; i < raw.length; i++) {
              raw[i] = (double) Bytes.DOUBLE_BE.get(b, pos + (i << 3));
            }
          } else {
            for (int i = 0; i < raw.length; i++) {
              raw[i] = Loads.loadFloat64(b, pos + (i << 3));
            }
          }
          return packed(raw, zm);
        }

        @Override
        CoordinateSequence fromRaw(double[] raw, int zm) {
          return packed(raw, zm);
        }
      };

  /** A PackedCoordinateSequence.Double over {@code raw} ({@link Packed}: no division in size()). */
  static PackedCoordinateSequence.Double packed(double[] raw, int zm) {
    return Packed.of(raw, zm);
  }

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

        @Override
        CoordinateSequence fromRaw(double[] raw, int zm) {
          int d = ordinates(zm);
          int n = raw.length / d;
          Coordinate[] cs = new Coordinate[n];
          for (int i = 0, r = 0; i < n; i++, r += d) {
            switch (zm) {
              case 0:
                cs[i] = new CoordinateXY(raw[r], raw[r + 1]);
                break;
              case Z:
                cs[i] = new Coordinate(raw[r], raw[r + 1], raw[r + 2]);
                break;
              case M:
                cs[i] = new CoordinateXYM(raw[r], raw[r + 1], raw[r + 2]);
                break;
              default:
                cs[i] = new CoordinateXYZM(raw[r], raw[r + 1], raw[r + 2], raw[r + 3]);
            }
          }
          return new CoordinateArraySequence(cs, d, (zm & M) != 0 ? 1 : 0);
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

    @Override
    CoordinateSequence fromRaw(double[] raw, int zm) {
      int d = ordinates(zm);
      int n = raw.length / d;
      CoordinateSequence seq = csf.create(n, d, (zm & M) != 0 ? 1 : 0);
      for (int i = 0, r = 0; i < n; i++) {
        for (int k = 0; k < d; k++, r++) {
          seq.setOrdinate(i, k, raw[r]);
        }
      }
      return seq;
    }
  }
}
