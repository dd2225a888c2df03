package dev.brine.geometry;

import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * The sequences decoded lines and rings hold: JTS's {@code PackedCoordinateSequence.Double} (one
 * {@code double[]}, {@code getRawCoordinates()} works, copies are plain {@code Double}s) with the size
 * kept in a field. JTS's {@code size()} divides the array length by the dimension, a field, and JTS
 * calls it several times per line or ring it builds (LineString and LinearRing validation): measured
 * as the largest single cost of decoding small polygons. The field costs no memory (it fills the
 * object's alignment gap).
 */
final class Packed {
  private Packed() {}

  /** A sequence over {@code raw} ({@code Coords.ordinates(zm)} per coordinate), of dimension flags {@code zm}. */
  static PackedCoordinateSequence.Double of(double[] raw, int zm) {
    switch (zm) {
      case 0:
        return new D2(raw);
      case Coords.Z:
        return new D3(raw, 0);
      case Coords.M:
        return new D3(raw, 1);
      default:
        return new D4(raw);
    }
  }

  /** XY. */
  static final class D2 extends PackedCoordinateSequence.Double {
    private static final long serialVersionUID = 1L;
    private final int size;

    D2(double[] raw) {
      super(raw, 2, 0);
      size = raw.length >> 1;
    }

    @Override
    public int size() {
      return size;
    }
  }

  /** XYZ ({@code measures} 0) or XYM (1). */
  static final class D3 extends PackedCoordinateSequence.Double {
    private static final long serialVersionUID = 1L;
    private final int size;

    D3(double[] raw, int measures) {
      super(raw, 3, measures);
      size = raw.length / 3;
    }

    @Override
    public int size() {
      return size;
    }
  }

  /** XYZM. */
  static final class D4 extends PackedCoordinateSequence.Double {
    private static final long serialVersionUID = 1L;
    private final int size;

    D4(double[] raw) {
      super(raw, 4, 1);
      size = raw.length >> 2;
    }

    @Override
    public int size() {
      return size;
    }
  }
}
