package dev.brine.bench.geometry;

import dev.brine.geometry.GeometrySerde;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.sedona.common.geometrySerde.GeometrySerializer;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Brine's native format against Sedona 1.6's {@code GeometrySerializer} (its default {@code Unsafe}
 * buffer, the fastest it ships) on every geometry type, size, coordinate dimension and sequence class
 * ({@link GeometryShapes}). Serialize is measured with the JTS envelope cached ({@code serialize_*})
 * and fresh ({@code fresh_*}: {@code geometryChanged()} first, as for a geometry just built; both
 * libraries pay it).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class GeometryShapesBench {
  /** Geometry type (see {@link GeometryShapes}). */
  @Param({"point", "multipoint", "linestring", "multilinestring", "polygon", "polygonwithholes", "multipolygon", "geometrycollection"})
  public String shape;

  /** Coordinates per part. */
  @Param({"4", "16", "128", "1000"})
  public int n;

  /** Coordinate dimension: xy, xyz, xym, xyzm, or xyznan (JTS's default: XYZ with every Z NaN). */
  @Param({"xy", "xyz", "xym", "xyzm"})
  public String dims;

  /** Sequence class: array (CoordinateArraySequence) or packed (PackedCoordinateSequence.Double). */
  @Param({"array"})
  public String seq;

  private Geometry geometry;
  private byte[] brineBytes;
  private byte[] sedonaBytes;
  private ByteBuffer buffer;
  private CopyFloor floor;
  private BuildFloor buildFloor;

  /** Builds the geometry and both libraries' bytes, and checks each round trip once. */
  @Setup(Level.Trial)
  public void setup() {
    geometry = GeometryShapes.create(shape, n, dims, seq);
    geometry.getEnvelopeInternal(); // cached, as for serialize_*; fresh_* drops it on every call
    brineBytes = GeometrySerde.serialize(geometry);
    sedonaBytes = GeometrySerializer.serialize(geometry);
    buffer = ByteBuffer.allocate(brineBytes.length);
    floor = new CopyFloor(geometry, sedonaBytes.length);
    buildFloor = new BuildFloor(geometry);
    if (!sameExactly(geometry, buildFloor.build())) {
      throw new IllegalStateException("the build floor does not rebuild the geometry");
    }
    Geometry brine = GeometrySerde.deserialize(brineBytes);
    if (!sameExactly(geometry, brine) || brine.getSRID() != 4326) {
      throw new IllegalStateException("brine round trip changed the geometry: " + brine);
    }
    // Sedona keeps X and Y (and Z/M when the first coordinate has them): equalsExact compares X, Y
    Geometry sedona = GeometrySerializer.deserialize(sedonaBytes);
    if (!geometry.equalsExact(sedona) || sedona.getSRID() != 4326) {
      throw new IllegalStateException("sedona round trip changed the geometry: " + sedona);
    }
  }

  /** Same classes, dimensions and raw ordinate bits everywhere. */
  static boolean sameExactly(Geometry a, Geometry b) {
    if (a.getClass() != b.getClass() || a.getNumGeometries() != b.getNumGeometries()) {
      return false;
    }
    if (a instanceof Point) {
      return sameExactly(((Point) a).getCoordinateSequence(), ((Point) b).getCoordinateSequence());
    }
    if (a instanceof LineString) {
      return sameExactly(((LineString) a).getCoordinateSequence(), ((LineString) b).getCoordinateSequence());
    }
    if (a instanceof Polygon) {
      Polygon p = (Polygon) a;
      Polygon q = (Polygon) b;
      if (p.getNumInteriorRing() != q.getNumInteriorRing() || !sameExactly(p.getExteriorRing(), q.getExteriorRing())) {
        return false;
      }
      for (int i = 0; i < p.getNumInteriorRing(); i++) {
        if (!sameExactly(p.getInteriorRingN(i), q.getInteriorRingN(i))) {
          return false;
        }
      }
      return true;
    }
    for (int i = 0; i < a.getNumGeometries(); i++) {
      if (!sameExactly(a.getGeometryN(i), b.getGeometryN(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameExactly(CoordinateSequence a, CoordinateSequence b) {
    if (a.size() != b.size() || a.getDimension() != b.getDimension() || a.getMeasures() != b.getMeasures()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      for (int k = 0; k < a.getDimension(); k++) {
        if (Double.doubleToRawLongBits(a.getOrdinate(i, k)) != Double.doubleToRawLongBits(b.getOrdinate(i, k))) {
          return false;
        }
      }
    }
    return true;
  }

  /** The geometry under test (for the smoke test). */
  public Geometry geometry() {
    return geometry;
  }

  /** Size of Brine's encoding (for reports). */
  public int brineSize() {
    return brineBytes.length;
  }

  /** Size of Sedona's encoding (for reports). */
  public int sedonaSize() {
    return sedonaBytes.length;
  }

  /** Brine, JTS envelope cached (it was computed in setup). */
  @Benchmark
  public byte[] serialize_brine() {
    return GeometrySerde.serialize(geometry);
  }

  /** Sedona, same geometry. */
  @Benchmark
  public byte[] serialize_sedona() {
    return GeometrySerializer.serialize(geometry);
  }

  /** Brine on a fresh geometry: its cached envelopes dropped first. */
  @Benchmark
  public byte[] fresh_brine() {
    geometry.geometryChanged();
    return GeometrySerde.serialize(geometry);
  }

  /** Sedona after the same {@code geometryChanged()}. */
  @Benchmark
  public byte[] fresh_sedona() {
    geometry.geometryChanged();
    return GeometrySerializer.serialize(geometry);
  }

  /**
   * Brine into a caller's buffer ({@code GeometrySerde.serialize(Geometry, ByteBuffer)}): no result
   * array, the way a row writer appends to its own buffer. Compare with {@link #serialize_sedona}.
   */
  @Benchmark
  public int into_brine() {
    buffer.clear();
    return GeometrySerde.serialize(geometry, buffer);
  }

  /**
   * The floor under any serializer that returns a new array holding these coordinates: an array of
   * Sedona's size, every coordinate sequence copied into it by the simplest loop per sequence class
   * and dimension (no header, no structure, no dispatch).
   */
  @Benchmark
  public byte[] floor_copy() {
    return floor.copy();
  }

  /** Brine decode. */
  @Benchmark
  public Geometry deserialize_brine() {
    return GeometrySerde.deserialize(brineBytes);
  }

  /** Sedona decode. */
  @Benchmark
  public Geometry deserialize_sedona() {
    return GeometrySerializer.deserialize(sedonaBytes);
  }

  /**
   * The floor of every deserializer here ({@link BuildFloor}): the same geometry built anew from coordinates
   * already decoded, with the fewest objects JTS allows; no bytes read.
   *
   * @return geometry
   */
  @Benchmark
  public Geometry deserialize_buildfloor() {
    return buildFloor.build();
  }
}
