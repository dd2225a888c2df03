package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.BrineException;
import dev.brine.io.Loads;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Brine's native binary format for JTS geometries (format version 2, layout in {@code
 * docs/format-geometry.md}; version-1 bytes are still read).
 *
 * <p>Compared with WKB and with Sedona's format it keeps everything a JTS geometry carries: the full
 * 32-bit SRID, the exact coordinate dimension (XY, XYZ, XYM, XYZM) of every geometry, NaN ordinates
 * bit for bit, empty geometries distinct from geometries with empty parts, nested collections and
 * LinearRing as its own type — in no more bytes than Sedona's format. Coordinates are little-endian
 * float64 at offsets that are multiples of 8 from the start of the geometry.
 *
 * <pre>{@code
 * byte[] bytes = GeometrySerde.serialize(polygon);
 * Envelope env = GeometrySerde.envelope(bytes);      // from the bytes: no geometry is built
 * Geometry back = GeometrySerde.deserialize(bytes);  // same class, SRID, dimension, coordinates
 * int n = GeometrySerde.serialize(polygon, buffer);  // into a caller's ByteBuffer, no intermediate array
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
   * @return a new array holding exactly the encoding: an 8-byte header (16 when the SRID is negative
   *     or above 2^24 - 2), then the structure and the coordinates
   * @throws BrineException if {@code g} is null, of an unknown Geometry subclass, has more than one
   *     measure or more than 4 ordinates, or nests collections deeper than 64 levels
   */
  public static byte[] serialize(Geometry g) {
    return NativeWriter.serialize(g, false);
  }

  /**
   * Encodes a geometry with its envelope stored after the header (32 bytes more, for non-empty
   * geometries other than points), so that {@link #envelope} reads it instead of scanning the
   * coordinates: for data that is written once and filtered by envelope often. The envelope is JTS's
   * {@code getEnvelopeInternal()} (which JTS computes and caches if it has not yet). {@link
   * #deserialize} reads both kinds of bytes.
   *
   * @throws BrineException as {@link #serialize(Geometry)}
   */
  public static byte[] serializeWithEnvelope(Geometry g) {
    return NativeWriter.serialize(g, true);
  }

  /**
   * The exact number of bytes {@link #serialize(Geometry)} writes for {@code g}.
   *
   * @throws BrineException as {@link #serialize(Geometry)}
   */
  public static int serializedSize(Geometry g) {
    NativeWriter.requireGeometry(g);
    return NativeWriter.exactSize(g);
  }

  /**
   * Encodes a geometry into a caller's buffer at its position (the same bytes as {@link
   * #serialize(Geometry)}) and moves the position past them. A heap buffer is written in place, with
   * no intermediate array; a direct buffer gets the bytes of {@link #serialize(Geometry)} copied in.
   *
   * @return the number of bytes written
   * @throws java.nio.BufferOverflowException if fewer bytes remain than the encoding needs ({@link
   *     #serializedSize}); the position is then unchanged, the bytes after it may have been written
   * @throws java.nio.ReadOnlyBufferException if the buffer is read-only
   * @throws BrineException as {@link #serialize(Geometry)}
   */
  public static int serialize(Geometry g, ByteBuffer out) {
    NativeWriter.requireGeometry(g);
    if (out.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int start = out.position();
    int n;
    if (out.hasArray()) {
      n = NativeWriter.writeInto(g, out.array(), out.arrayOffset() + start, out.remaining());
      if (n < 0) {
        throw new BufferOverflowException();
      }
    } else {
      byte[] b = NativeWriter.serialize(g, false);
      if (b.length > out.remaining()) {
        throw new BufferOverflowException();
      }
      out.put(b);
      n = b.length;
    }
    out.position(start + n);
    return n;
  }

  /**
   * Encodes a geometry into {@code out} at {@code offset} (the same bytes as {@link
   * #serialize(Geometry)}), for callers that manage their own arrays (row writers, pools).
   *
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if {@code offset} is outside {@code out} or fewer than {@link
   *     #serializedSize} bytes follow it (bytes after {@code offset} may have been written)
   * @throws BrineException as {@link #serialize(Geometry)}
   */
  public static int serialize(Geometry g, byte[] out, int offset) {
    NativeWriter.requireGeometry(g);
    Objects.checkIndex(offset, out.length + 1);
    int n = NativeWriter.writeInto(g, out, offset, out.length - offset);
    if (n < 0) {
      throw new IndexOutOfBoundsException(
          "the encoding needs " + serializedSize(g) + " bytes, " + (out.length - offset) + " remain after offset " + offset);
    }
    return n;
  }

  /**
   * Decodes a geometry with a default factory: floating precision, coordinates in {@code
   * PackedCoordinateSequence.Double} (one {@code double[]} per sequence), and the SRID from the bytes.
   * Reads format versions 1 and 2.
   *
   * @param bytes exactly one encoded geometry
   * @return the geometry, with the class, SRID, coordinate dimension and coordinates it was written with
   * @throws dev.brine.MalformedInputException if the bytes are truncated, have trailing bytes, an
   *     unknown type, version or flag, lying counts, or describe a geometry JTS rejects
   * @throws dev.brine.LimitExceededException if collections nest deeper than 64 levels
   */
  public static Geometry deserialize(byte[] bytes) {
    requireBytes(bytes);
    if (isVersion2(bytes, 0, bytes.length)) {
      if (bytes[0] == (POINT | VERSION_2 << 4) && bytes.length >= HEADER_BYTES + 16) {
        // the most common value: no dispatch, two objects (the point, its OneCoordinate)
        Geometry p = V2Reader.rootPoint(bytes);
        if (p != null) {
          return p;
        }
      } else if (bytes[0] == (LINESTRING | VERSION_2 << 4)) {
        Geometry l = V2RootReader.rootLine(bytes); // no dispatch, three objects (the line, its sequence and array)
        if (l != null) {
          return l;
        }
      } else if (bytes[0] == (POLYGON | VERSION_2 << 4)) {
        Geometry p = V2RootReader.rootPolygon(bytes); // no dispatch, no structure pass
        if (p != null) {
          return p;
        }
      } else if (bytes[0] == (MULTILINESTRING | VERSION_2 << 4)) {
        Geometry m = V2RootReader.rootMultiLine(bytes);
        if (m != null) {
          return m;
        }
      }
      GeometryFactory f = factoryFor(peekSrid2(bytes, 0, bytes.length));
      Geometry g = V2RootReader.read(bytes, 0, bytes.length, f);
      return g != null ? g : V2Reader.read(bytes, 0, bytes.length, f, null, true, 1, 0);
    }
    if (bytes.length == HEADER_BYTES + 16
        && Loads.loadInt32(bytes, 0) == (POINT | VERSION << 16)) {
      // a version-1 XY point (type 1, no flags, version 1, reserved 0)
      GeometryFactory f = factoryFor(Loads.loadInt32(bytes, 4));
      return f.createPoint(new OneCoordinate.XY(Loads.loadFloat64(bytes, 8), Loads.loadFloat64(bytes, 16)));
    }
    int srid = V1Reader.peekSrid(bytes, 0, bytes.length);
    GeometryFactory f = factoryFor(srid);
    Geometry g = bytes[0] == POINT ? V1Reader.point(bytes, f) : V1RootReader.read(bytes, f);
    return g != null ? g : new V1Reader(bytes, 0, bytes.length, f).readAll();
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
    if (isVersion2(bytes, 0, bytes.length)) {
      return V2Reader.read(bytes, 0, bytes.length, f, Coords.Maker.of(f.getCoordinateSequenceFactory()), true, 1, 0);
    }
    return new V1Reader(bytes, 0, bytes.length, f).readAll();
  }

  /**
   * The envelope of an encoded geometry without building it: the stored envelope ({@link
   * #serializeWithEnvelope}), a point's own coordinate, or else computed from the coordinates in the
   * bytes (a polygon's shell only). The structure is checked as far as it is read.
   *
   * @return exactly what {@code deserialize(bytes).getEnvelopeInternal()} would return (a null
   *     envelope for empty geometries)
   * @throws dev.brine.MalformedInputException if the header or structure is truncated or invalid
   */
  public static Envelope envelope(byte[] bytes) {
    requireBytes(bytes);
    if (isVersion2(bytes, 0, bytes.length)) {
      return V2Envelope.of(bytes);
    }
    Envelope e = V1Reader.peekEnvelope(bytes);
    return e != null ? e : deserialize(bytes).getEnvelopeInternal();
  }

  private static void requireBytes(byte[] bytes) {
    if (bytes == null) {
      throw new BrineException("cannot decode a geometry from a null array");
    }
  }

  /** Version 2 keeps its version in the high nibble of byte 0, which is 0 in every version-1 encoding. */
  private static boolean isVersion2(byte[] b, int off, int len) {
    return len > 0 && (b[off] & 0xF0) == VERSION_2 << 4;
  }

  /** The root SRID of version-2 bytes as far as they have it (0 if truncated: the reader reports that). */
  private static int peekSrid2(byte[] b, int off, int len) {
    if (len < HEADER_BYTES) {
      return 0;
    }
    int srid = Loads.loadInt32(b, off + 1) >>> 8;
    return srid != WIDE ? srid : len >= HEADER_BYTES + 8 ? Loads.loadInt32(b, off + 8) : 0;
  }

  /** Decodes from a range of a larger array (used by the Brine serializers). */
  static Geometry deserialize(byte[] bytes, int off, int len) {
    if (isVersion2(bytes, off, len)) {
      GeometryFactory f = factoryFor(peekSrid2(bytes, off, len));
      Geometry g = V2RootReader.read(bytes, off, len, f);
      return g != null ? g : V2Reader.read(bytes, off, len, f, null, true, 1, off);
    }
    int srid = V1Reader.peekSrid(bytes, off, len);
    return new V1Reader(bytes, off, len, factoryFor(srid)).readAll();
  }
}
