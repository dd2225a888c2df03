package dev.brine.geometry;

import dev.brine.Brine;
import dev.brine.BrineModule;
import dev.brine.MalformedInputException;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import org.locationtech.jts.geom.Geometry;

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

  /** The concrete JTS geometry classes, by id offset (the wire ids are {@link #FIRST_ID} plus the index). */
  private static final String[] CLASSES = {"org.locationtech.jts.geom.Point", "org.locationtech.jts.geom.LineString",
      "org.locationtech.jts.geom.LinearRing", "org.locationtech.jts.geom.Polygon", "org.locationtech.jts.geom.MultiPoint",
      "org.locationtech.jts.geom.MultiLineString", "org.locationtech.jts.geom.MultiPolygon",
      "org.locationtech.jts.geom.GeometryCollection"}; // names, not classes: JTS is not loaded at build()

  /**
   * Registers each concrete JTS geometry class by name: JTS is loaded, and the class's serializer made, only when
   * a geometry is first written or read, so an application that has this module on its class path but never
   * writes a geometry pays nothing at {@code build()}.
   */
  @Override
  public void register(Brine.Builder builder) {
    for (int i = 0; i < CLASSES.length; i++) {
      builder.registerWithId(FIRST_ID + i, CLASSES[i], SERIALIZERS);
    }
  }

  private static final BrineModule.LazySerializer SERIALIZERS = new Serializers();

  /** Makes a geometry class's serializer (a named class: a lambda would spin a class at start-up). */
  private static final class Serializers implements BrineModule.LazySerializer {
    @Override
    public Serializer<?> create(Class<?> type) {
      return new GeometrySerializer<>(type.asSubclass(Geometry.class));
    }
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
