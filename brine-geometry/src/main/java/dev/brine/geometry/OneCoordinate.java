package dev.brine.geometry;

import java.io.Serializable;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Coordinates;
import org.locationtech.jts.geom.Envelope;

/**
 * The coordinate sequence of a decoded point: exactly one coordinate, its ordinates in fields (no
 * array). Points are the most common geometry and one object less per point is the largest saving a
 * decoder has there (a point decodes to two objects instead of three: measured 250M vs 155M points/s).
 *
 * <p>A complete, mutable {@link CoordinateSequence} like JTS's own: {@link #getCoordinate(int)}
 * returns a new {@code Coordinate} of the sequence's dimension (as {@code PackedCoordinateSequence}
 * does), {@link #setOrdinate} changes the point, {@link #copy} is deep, and it is serializable.
 * Ordinates are X, Y, then Z and/or M as the dimension and measures say.
 */
abstract class OneCoordinate implements CoordinateSequence, Serializable {
  private static final long serialVersionUID = 1L;

  double x;
  double y;

  OneCoordinate(double x, double y) {
    this.x = x;
    this.y = y;
  }

  /**
   * A sequence of one coordinate with dimension flags {@code zm} (Z and/or M given as z, m): a class per
   * dimension, each with only the fields it needs (journal step 33 in docs/performance-geometry.md).
   */
  static OneCoordinate of(int zm, double x, double y, double z, double m) {
    return zm == 0 ? new XY(x, y) : zm == Coords.Z ? new Three(x, y, z, false)
        : zm == Coords.M ? new Three(x, y, m, true) : new Four(x, y, z, m);
  }

  @Override
  public final int size() {
    return 1;
  }

  @Override
  public final double getX(int index) {
    check(index);
    return x;
  }

  @Override
  public final double getY(int index) {
    check(index);
    return y;
  }

  static void check(int index) {
    if (index != 0) {
      throw new ArrayIndexOutOfBoundsException("index " + index + " of a sequence of 1 coordinate");
    }
  }

  static IllegalArgumentException badOrdinate(int ordinateIndex) {
    return new IllegalArgumentException("Invalid ordinate index: " + ordinateIndex);
  }

  @Override
  public final double getOrdinate(int index, int ordinateIndex) {
    check(index);
    return ordinateIndex == 0 ? x : ordinateIndex == 1 ? y : above(ordinateIndex);
  }

  @Override
  public final void setOrdinate(int index, int ordinateIndex, double value) {
    check(index);
    if (ordinateIndex == 0) {
      x = value;
    } else if (ordinateIndex == 1) {
      y = value;
    } else {
      setAbove(ordinateIndex, value);
    }
  }

  /** Ordinate {@code k} &gt; 1 (Z or M, as the dimension says); an IllegalArgumentException if there is none. */
  abstract double above(int k);

  /** Sets ordinate {@code k} &gt; 1; an IllegalArgumentException if there is none. */
  abstract void setAbove(int k, double value);

  @Override
  public final Coordinate getCoordinate(int i) {
    Coordinate c = createCoordinate();
    getCoordinate(i, c);
    return c;
  }

  @Override
  public final Coordinate getCoordinateCopy(int i) {
    return getCoordinate(i);
  }

  @Override
  public final void getCoordinate(int index, Coordinate coord) {
    check(index);
    coord.x = x;
    coord.y = y;
    if (hasZ()) {
      coord.setZ(getZ(0));
    }
    if (hasM()) {
      coord.setM(getM(0));
    }
  }

  @Override
  public final Coordinate[] toCoordinateArray() {
    return new Coordinate[] {getCoordinate(0)};
  }

  @Override
  public final Envelope expandEnvelope(Envelope env) {
    env.expandToInclude(x, y);
    return env;
  }

  @Override
  public final Coordinate createCoordinate() {
    return Coordinates.create(getDimension(), getMeasures());
  }

  /** @deprecated as in JTS: use {@link #copy()} */
  @Deprecated
  @Override
  public final Object clone() {
    return copy();
  }

  @Override
  public final String toString() {
    return "(" + getCoordinate(0) + ")";
  }

  /** X and Y. */
  static final class XY extends OneCoordinate {
    private static final long serialVersionUID = 1L;

    XY(double x, double y) {
      super(x, y);
    }

    @Override
    public int getDimension() {
      return 2;
    }

    @Override
    public int getMeasures() {
      return 0;
    }

    @Override
    double above(int k) {
      throw badOrdinate(k);
    }

    @Override
    void setAbove(int k, double value) {
      throw badOrdinate(k);
    }

    @Override
    public XY copy() {
      return new XY(x, y);
    }
  }

  /**
   * XYZ or XYM (the third ordinate is Z, or M if {@code measured}): a field fewer than {@link Any}, so 40
   * bytes rather than 48 a point.
   */
  static final class Three extends OneCoordinate {
    private static final long serialVersionUID = 1L;

    private final boolean measured;
    private double o2;

    Three(double x, double y, double o2, boolean measured) {
      super(x, y);
      this.measured = measured;
      this.o2 = o2;
    }

    @Override
    public int getDimension() {
      return 3;
    }

    @Override
    public int getMeasures() {
      return measured ? 1 : 0;
    }

    @Override
    double above(int k) {
      if (k == 2) {
        return o2;
      }
      throw badOrdinate(k);
    }

    @Override
    void setAbove(int k, double value) {
      if (k != 2) {
        throw badOrdinate(k);
      }
      o2 = value;
    }

    @Override
    public Three copy() {
      return new Three(x, y, o2, measured);
    }
  }

  /** XYZM. */
  static final class Four extends OneCoordinate {
    private static final long serialVersionUID = 1L;

    private double z;
    private double m;

    Four(double x, double y, double z, double m) {
      super(x, y);
      this.z = z;
      this.m = m;
    }

    @Override
    public int getDimension() {
      return 4;
    }

    @Override
    public int getMeasures() {
      return 1;
    }

    @Override
    double above(int k) {
      if (k == 2) {
        return z;
      }
      if (k == 3) {
        return m;
      }
      throw badOrdinate(k);
    }

    @Override
    void setAbove(int k, double value) {
      if (k == 2) {
        z = value;
      } else if (k == 3) {
        m = value;
      } else {
        throw badOrdinate(k);
      }
    }

    @Override
    public Four copy() {
      return new Four(x, y, z, m);
    }
  }

  /**
   * XYZ, XYM or XYZM: ordinate 2 is Z, or M if there is no Z; ordinate 3 is M. No longer made (see {@link
   * #of}): kept so that points Java-serialized by an earlier version still deserialize.
   */
  static final class Any extends OneCoordinate {
    private static final long serialVersionUID = 1L;

    private final int zm;
    private double o2;
    private double o3;

    Any(int zm, double x, double y, double z, double m) {
      super(x, y);
      this.zm = zm;
      this.o2 = zm == Coords.M ? m : z;
      this.o3 = zm == (Coords.Z | Coords.M) ? m : 0;
    }

    @Override
    public int getDimension() {
      return zm == (Coords.Z | Coords.M) ? 4 : 3;
    }

    @Override
    public int getMeasures() {
      return (zm & Coords.M) != 0 ? 1 : 0;
    }

    @Override
    double above(int k) {
      if (k == 2) {
        return o2;
      }
      if (k == 3 && zm == (Coords.Z | Coords.M)) {
        return o3;
      }
      throw badOrdinate(k);
    }

    @Override
    void setAbove(int k, double value) {
      if (k == 2) {
        o2 = value;
      } else if (k == 3 && zm == (Coords.Z | Coords.M)) {
        o3 = value;
      } else {
        throw badOrdinate(k);
      }
    }

    @Override
    public Any copy() {
      Any c = new Any(zm, x, y, 0, 0);
      c.o2 = o2;
      c.o3 = o3;
      return c;
    }
  }
}
