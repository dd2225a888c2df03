package dev.brine.bench.geometry;

import dev.brine.geometry.GeometrySerde;
import dev.brine.geometry.Wkb;
import java.util.concurrent.TimeUnit;
import org.apache.sedona.common.geometrySerde.GeometrySerializer;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ByteOrderValues;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;
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
 * Geometry serde (seed 000): Brine's native format against Sedona's {@code GeometrySerializer} (its
 * Unsafe buffer when available, as Sedona ships it), JTS WKB and Brine's own WKB; plus reading the
 * envelope from the bytes against a full decode. Same geometries (2D, SRID 4326) for every library.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GeometryBench {
  /** Geometry kind, as in seed 000. */
  @Param({"point", "linestring", "polygon", "polygonwithholes", "multipolygon", "geometrycollection"})
  public String workload;

  /** Points per part. */
  @Param({"4", "16", "48"})
  public int n;

  private Geometry geometry;
  private byte[] brineBytes;
  private byte[] sedonaBytes;
  private byte[] jtsWkbBytes;
  private byte[] brineWkbBytes;
  // JTS's writer and reader are reusable (not thread-safe): one per benchmark state, their best use
  private WKBWriter jtsWriter;
  private WKBReader jtsReader;

  /** Builds the geometry and every library's bytes, and checks each round trip once. */
  @Setup(Level.Trial)
  public void setup() {
    geometry = BenchmarkedGeometries.create(workload, n);
    jtsWriter = new WKBWriter(2, ByteOrderValues.LITTLE_ENDIAN);
    jtsReader = new WKBReader();
    brineBytes = GeometrySerde.serialize(geometry);
    sedonaBytes = GeometrySerializer.serialize(geometry);
    jtsWkbBytes = jtsWriter.write(geometry);
    brineWkbBytes = Wkb.write(geometry);
    check("brine", GeometrySerde.deserialize(brineBytes));
    check("sedona", GeometrySerializer.deserialize(sedonaBytes));
    check("jtswkb", deserialize_jtswkb());
    check("brinewkb", Wkb.read(brineWkbBytes));
    if (!GeometrySerde.envelope(brineBytes).equals(geometry.getEnvelopeInternal())) {
      throw new IllegalStateException("envelope_brine differs from the geometry's envelope");
    }
  }

  private void check(String library, Geometry back) {
    if (!geometry.equalsExact(back) || back.getSRID() != (library.endsWith("wkb") ? 0 : 4326)) {
      throw new IllegalStateException(library + " round trip changed the geometry: " + back);
    }
  }

  /** The geometry under test (for the smoke test). */
  public Geometry geometry() {
    return geometry;
  }

  /** Brine native format. */
  @Benchmark
  public byte[] serialize_brine() {
    return GeometrySerde.serialize(geometry);
  }

  /** Brine native format. */
  @Benchmark
  public Geometry deserialize_brine() {
    return GeometrySerde.deserialize(brineBytes);
  }

  /**
   * Brine native format from a geometry whose cached envelope was just dropped ({@code
   * geometryChanged()}), so the envelope is computed again: a geometry fresh from a parser. Compare
   * with {@link #uncached_sedona}, which pays the same invalidation.
   */
  @Benchmark
  public byte[] uncached_brine() {
    geometry.geometryChanged();
    return GeometrySerde.serialize(geometry);
  }

  /** Sedona after the same invalidation as {@link #uncached_brine} (it stores no envelope). */
  @Benchmark
  public byte[] uncached_sedona() {
    geometry.geometryChanged();
    return GeometrySerializer.serialize(geometry);
  }

  /**
   * A copy of Brine's finished bytes: allocating and filling an array of that size, the floor under
   * any serializer that returns those bytes in a new array.
   */
  @Benchmark
  public byte[] copy_brine() {
    return brineBytes.clone();
  }

  /** A copy of Sedona's finished bytes: the same floor for Sedona's (smaller) output. */
  @Benchmark
  public byte[] copy_sedona() {
    return sedonaBytes.clone();
  }

  /** Sedona 1.6.0 GeometrySerializer. */
  @Benchmark
  public byte[] serialize_sedona() {
    return GeometrySerializer.serialize(geometry);
  }

  /** Sedona 1.6.0 GeometrySerializer. */
  @Benchmark
  public Geometry deserialize_sedona() {
    return GeometrySerializer.deserialize(sedonaBytes);
  }

  /** JTS WKBWriter, 2D little-endian. */
  @Benchmark
  public byte[] serialize_jtswkb() {
    return jtsWriter.write(geometry);
  }

  /** JTS WKBReader. */
  @Benchmark
  public Geometry deserialize_jtswkb() {
    try {
      return jtsReader.read(jtsWkbBytes);
    } catch (ParseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Brine's ISO WKB writer. */
  @Benchmark
  public byte[] serialize_brinewkb() {
    return Wkb.write(geometry);
  }

  /** Brine's WKB reader. */
  @Benchmark
  public Geometry deserialize_brinewkb() {
    return Wkb.read(brineWkbBytes);
  }

  /** The envelope read from the bytes (32 stored bytes; a point's coordinate). */
  @Benchmark
  public Envelope envelope_brine() {
    return GeometrySerde.envelope(brineBytes);
  }

  /** The envelope by full decode of Brine's bytes: what {@link #envelope_brine} avoids. */
  @Benchmark
  public Envelope decode_brine() {
    return GeometrySerde.deserialize(brineBytes).getEnvelopeInternal();
  }

  /** The envelope the only way Sedona's format allows: a full decode. */
  @Benchmark
  public Envelope envelope_sedona() {
    return GeometrySerializer.deserialize(sedonaBytes).getEnvelopeInternal();
  }
}
