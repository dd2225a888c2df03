package dev.brine.geometry;

import dev.brine.Brine;
import dev.brine.BrineModule;
import dev.brine.MalformedInputException;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Makes JTS geometries first-class in {@link Brine} object graphs: found by {@link
 * java.util.ServiceLoader} (listed in {@code META-INF/services/dev.brine.BrineModule}), it
 * registers the eight concrete JTS classes with fixed type ids, so no user registration is needed.
 *
 * <p>Ids (never change them: they are on the wire): 8192 Point, 8193 LineString, 8194 LinearRing,
 * 8195 Polygon, 8196 MultiPoint, 8197 MultiLineString, 8198 MultiPolygon, 8199 GeometryCollection
 * (8200–8223 are reserved for this module). Payload: varuint32 length, then the {@link
 * GeometrySerde} bytes.
 */
public final class GeometryModule implements BrineModule {
  /** First type id of this module's range (8192–8223). */
  public static final int FIRST_ID = TypeIds.GEOMETRY_FIRST;

  /** Creates the module (called by ServiceLoader). */
  public GeometryModule() {}

  /** Registers a serializer for each concrete JTS geometry class. */
  @Override
  public void register(Brine.Builder builder) {
    builder.registerWithId(FIRST_ID, Point.class, new GeometrySerializer<>(Point.class));
    builder.registerWithId(FIRST_ID + 1, LineString.class, new GeometrySerializer<>(LineString.class));
    builder.registerWithId(FIRST_ID + 2, LinearRing.class, new GeometrySerializer<>(LinearRing.class));
    builder.registerWithId(FIRST_ID + 3, Polygon.class, new GeometrySerializer<>(Polygon.class));
    builder.registerWithId(FIRST_ID + 4, MultiPoint.class, new GeometrySerializer<>(MultiPoint.class));
    builder.registerWithId(FIRST_ID + 5, MultiLineString.class, new GeometrySerializer<>(MultiLineString.class));
    builder.registerWithId(FIRST_ID + 6, MultiPolygon.class, new GeometrySerializer<>(MultiPolygon.class));
    builder.registerWithId(FIRST_ID + 7, GeometryCollection.class, new GeometrySerializer<>(GeometryCollection.class));
  }

  /** varuint32 length + native geometry bytes; the decoded class must be the registered one. */
  static final class GeometrySerializer<T extends Geometry> implements Serializer<T> {
    private final Class<T> type;

    GeometrySerializer(Class<T> type) {
      this.type = type;
    }

    @Override
    public void write(WriteContext ctx, T value) {
      byte[] b = GeometrySerde.serialize(value);
      ctx.writeVarUInt32(b.length);
      ctx.writeBytes(b, 0, b.length);
    }

    @Override
    public T read(ReadContext ctx) {
      int at = ctx.position();
      int len = ctx.readLength("geometry bytes", 1);
      byte[] b = ctx.readBytes(len);
      Geometry g;
      try {
        g = GeometrySerde.deserialize(b);
      } catch (MalformedInputException e) {
        throw new MalformedInputException(
            "geometry at offset " + at + " (offsets below relative to it): " + e.getMessage(), e);
      }
      if (g.getClass() != type) {
        throw new MalformedInputException(
            "geometry at offset " + at + " is a " + g.getGeometryType() + ", expected " + type.getSimpleName());
      }
      return type.cast(g);
    }
  }
}
