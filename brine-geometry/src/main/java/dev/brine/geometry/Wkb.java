package dev.brine.geometry;

import dev.brine.BrineException;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Fast Well-Known Binary: writes little-endian ISO WKB or EWKB, reads both (and both byte orders).
 *
 * <p>Written type codes: ISO adds 1000 (Z), 2000 (M) or 3000 (ZM) to the base code (1 Point … 7
 * GeometryCollection); EWKB sets bit 0x80000000 for Z, 0x40000000 for M and 0x20000000 when an SRID
 * (int32) follows the type, on the root geometry only. A LinearRing is written as a LineString (WKB
 * has no ring type); an empty Point is written with NaN ordinates and read back as empty. The output
 * of {@link #writeEwkb} equals JTS's {@code new WKBWriter(dim, LITTLE_ENDIAN, true)} byte for byte for
 * XY and XYZ geometries; {@link #write} equals JTS's 2D little-endian output for XY geometries.
 *
 * <p>All methods are static and thread-safe.
 */
public final class Wkb {
  private static final GeometryFactory DEFAULT =
      new GeometryFactory(new PrecisionModel(), 0, PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

  private Wkb() {}

  /**
   * Writes little-endian ISO WKB with the geometry's exact dimension (Z/M as +1000/+2000/+3000).
   * The SRID is not written.
   *
   * @throws BrineException if {@code g} is null or cannot be represented (more than XYZM, nesting
   *     deeper than 64)
   */
  public static byte[] write(Geometry g) {
    return WkbWriter.write(g, false);
  }

  /**
   * Writes little-endian EWKB (PostGIS extended WKB): Z/M as high bits of the type code, and the SRID
   * after the root geometry's type code.
   *
   * @throws BrineException as {@link #write}
   */
  public static byte[] writeEwkb(Geometry g) {
    return WkbWriter.write(g, true);
  }

  /**
   * Reads ISO WKB or EWKB in either byte order. Coordinates go into {@code
   * PackedCoordinateSequence.Double}; an EWKB SRID is set on the geometry it belongs to.
   *
   * @throws dev.brine.MalformedInputException if the bytes are truncated, have trailing bytes, an
   *     unknown type code or byte order, lying counts, or describe a geometry JTS rejects
   * @throws dev.brine.LimitExceededException if collections nest deeper than 64 levels
   */
  public static Geometry read(byte[] wkb) {
    if (wkb == null) {
      throw new BrineException("cannot read WKB from a null array");
    }
    return new WkbReader(wkb, DEFAULT).readAll();
  }
}
