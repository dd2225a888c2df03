package dev.brine.geometry;

import dev.brine.BrineException;
import dev.brine.io.ByteReader;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Brine's native binary format for JTS geometries (format version 1, layout in {@code
 * docs/format-geometry.md}).
 *
 * <p>Compared with WKB and with Sedona's format it keeps everything a JTS geometry carries: the full
 * 32-bit SRID, the exact coordinate dimension (XY, XYZ, XYM, XYZM) of every geometry, NaN ordinates
 * bit for bit, empty geometries distinct from geometries with empty parts, nested collections and
 * LinearRing as its own type. Coordinates are little-endian float64 at offsets that are multiples of
 * 8 from the start of the geometry, and non-point geometries carry their envelope up front so {@link
 * #envelope} reads 40 bytes instead of decoding.
 *
 * <pre>{@code
 * byte[] bytes = GeometrySerde.serialize(polygon);
 * Envelope env = GeometrySerde.envelope(bytes);      // no decode
 * Geometry back = GeometrySerde.deserialize(bytes);  // same class, SRID, dimension, coordinates
 * }</pre>
 *
 * <p>All methods are static and thread-safe.
 */
public final class GeometrySerde {
  private static final PrecisionModel FLOATING = new PrecisionModel();
  private static final GeometryFactory DEFAULT =
      new GeometryFactory(FLOATING, 0, PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

  /** The factory of the last SRID decoded: most inputs repeat one SRID (racy but benign: volatile). */
  private static volatile GeometryFactory lastFactory = DEFAULT;

  private GeometrySerde() {}

  static GeometryFactory factoryFor(int srid) {
    GeometryFactory f = lastFactory;
    if (f.getSRID() != srid) {
      f = new GeometryFactory(FLOATING, srid, PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
      lastFactory = f;
    }
    return f;
  }

  /**
   * Encodes a geometry.
   *
   * @param g any JTS geometry of the eight standard classes (coordinate dimension at most XYZM)
   * @return a new array holding exactly the encoding: an 8-byte header, then for non-empty
   *     non-point geometries a 32-byte envelope, then the structure and the coordinates
   * @throws BrineException if {@code g} is null, of an unknown Geometry subclass, has more than one
   *     measure or more than 4 ordinates, or nests collections deeper than 64 levels
   */
  public static byte[] serialize(Geometry g) {
    return NativeWriter.serialize(g);
  }

  /**
   * Decodes a geometry with a default factory: floating precision, coordinates in {@code
   * PackedCoordinateSequence.Double} (one {@code double[]} per sequence), and the SRID from the bytes.
   *
   * @param bytes exactly one encoded geometry
   * @return the geometry, with the class, SRID, coordinate dimension and coordinates it was written with
   * @throws dev.brine.MalformedInputException if the bytes are truncated, have trailing bytes, an
   *     unknown type, version or flag, lying counts, or describe a geometry JTS rejects
   * @throws dev.brine.LimitExceededException if collections nest deeper than 64 levels
   */
  public static Geometry deserialize(byte[] bytes) {
    requireBytes(bytes);
    if (bytes.length == NativeFormat.HEADER_BYTES + 16
        && ByteReader.loadInt32(bytes, 0) == (int) NativeWriter.header(NativeFormat.POINT, 0, 0)) {
      // an XY point (type 1, no flags, version 1, reserved 0): the most common value, no dispatch
      GeometryFactory f = factoryFor(ByteReader.loadInt32(bytes, 4));
      double[] xy = {ByteReader.loadFloat64(bytes, 8), ByteReader.loadFloat64(bytes, 16)};
      return f.createPoint(new PackedCoordinateSequence.Double(xy, 2, 0));
    }
    int srid = NativeReader.peekSrid(bytes, 0, bytes.length);
    GeometryFactory f = factoryFor(srid);
    Geometry g = bytes[0] == NativeFormat.POINT ? NativeReader.point(bytes, f) : RootReader.read(bytes, f);
    return g != null ? g : new NativeReader(bytes, 0, bytes.length, f).readAll();
  }

  /**
   * Decodes a geometry with the given factory: its precision model and coordinate sequence factory are
   * used (fast paths for {@code PackedCoordinateSequenceFactory.DOUBLE_FACTORY} and {@code
   * CoordinateArraySequenceFactory}); the SRID of each geometry that has a header (the root and the
   * children of collections) is set from the bytes.
   *
   * @throws dev.brine.MalformedInputException as {@link #deserialize(byte[])}
   * @throws dev.brine.LimitExceededException as {@link #deserialize(byte[])}
   */
  public static Geometry deserialize(byte[] bytes, GeometryFactory f) {
    requireBytes(bytes);
    if (f == null) {
      throw new BrineException("geometry factory must not be null");
    }
    return new NativeReader(bytes, 0, bytes.length, f).readAll();
  }

  /**
   * The envelope of an encoded geometry without building it: reads the 32 stored bytes (non-point
   * geometries), or the point's own coordinate. Only geometries written without a stored envelope
   * (empty ones) are decoded. The rest of the bytes is not validated.
   *
   * @return exactly what {@code deserialize(bytes).getEnvelopeInternal()} would return (a null
   *     envelope for empty geometries)
   * @throws dev.brine.MalformedInputException if the header is truncated or invalid
   */
  public static Envelope envelope(byte[] bytes) {
    requireBytes(bytes);
    Envelope e = NativeReader.peekEnvelope(bytes);
    return e != null ? e : deserialize(bytes).getEnvelopeInternal();
  }

  private static void requireBytes(byte[] bytes) {
    if (bytes == null) {
      throw new BrineException("cannot decode a geometry from a null array");
    }
  }

  /** Decodes from a range of a larger array (used by the Brine serializers). */
  static Geometry deserialize(byte[] bytes, int off, int len) {
    int srid = NativeReader.peekSrid(bytes, off, len);
    return new NativeReader(bytes, off, len, factoryFor(srid)).readAll();
  }
}
