package dev.brine.bench.geometry;

import dev.brine.geometry.GeometrySerde;
import java.util.function.IntToLongFunction;
import org.apache.sedona.common.geometrySerde.GeometrySerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of {@link GeometryShapesBench}'s cells: {@code
 * shape,n,dims,library,ser|deser[,seq]} with library {@code brine} or {@code sedona}, on array sequences
 * (or {@code seq}, as {@link GeometryShapes}: {@code packed}), the envelope cached (as {@code serialize_brine}/{@code serialize_sedona});
 * library {@code floor} or {@code floorchecked}: {@link MultiPointFloor} ({@code multipoint}, {@code ser} only);
 * library {@code buildfloor}: {@link BuildFloor} ({@code deser} only: JTS's objects from decoded arrays).
 */
public final class GeometryProbe implements IntToLongFunction {
  private static final Object[] SINK = new Object[16];
  private final Geometry geometry;
  private final byte[] bytes;
  private final boolean brine;
  private final boolean serialize;
  private final MultiPointFloor floor;
  private final BuildFloor buildFloor;

  /**
   * Builds the probe.
   *
   * @param a shape, n, dims (as {@link GeometryShapesBench}), library, direction
   */
  public GeometryProbe(String[] a) {
    geometry = GeometryShapes.create(a[0], Integer.parseInt(a[1]), a[2], a.length > 5 ? a[5] : "array");
    geometry.getEnvelopeInternal();
    floor = a[3].startsWith("floor") ? new MultiPointFloor(geometry, a[3].equals("floorchecked")) : null;
    buildFloor = a[3].equals("buildfloor") ? new BuildFloor(geometry) : null;
    brine = a[3].equals("brine");
    serialize = a[4].equals("ser");
    bytes = brine ? GeometrySerde.serialize(geometry) : GeometrySerializer.serialize(geometry);
  }

  @Override
  public long applyAsLong(int n) {
    long sum = 0;
    for (int i = 0; i < n; i++) {
      Object r;
      if (serialize) {
        byte[] b = floor != null ? floor.write(geometry)
            : brine ? GeometrySerde.serialize(geometry) : GeometrySerializer.serialize(geometry);
        sum += b.length;
        r = b;
      } else {
        r = buildFloor != null ? buildFloor.build()
            : brine ? GeometrySerde.deserialize(bytes) : GeometrySerializer.deserialize(bytes);
      }
      SINK[i & 15] = r;
    }
    return sum;
  }
}
