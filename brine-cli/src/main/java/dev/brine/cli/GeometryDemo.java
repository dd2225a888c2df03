package dev.brine.cli;

import dev.brine.geometry.GeometrySerde;
import dev.brine.geometry.Wkb;
import java.io.PrintWriter;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

/** The geometry part of {@code brine demo}: a polygon with a hole (SRID 4326) round trip. */
public final class GeometryDemo {
  private GeometryDemo() {}

  /**
   * Prints a short geometry round trip: sizes in Brine's format and WKB/EWKB, the envelope read
   * without decoding, and the decoded geometry.
   *
   * @param out where to print
   */
  public static void run(PrintWriter out) {
    GeometryFactory f = new GeometryFactory(new PrecisionModel(), 4326);
    LinearRing shell = f.createLinearRing(new Coordinate[] {
        new CoordinateXY(-71.10, 42.35), new CoordinateXY(-71.03, 42.35), new CoordinateXY(-71.03, 42.39),
        new CoordinateXY(-71.10, 42.39), new CoordinateXY(-71.10, 42.35)});
    LinearRing hole = f.createLinearRing(new Coordinate[] {
        new CoordinateXY(-71.07, 42.36), new CoordinateXY(-71.06, 42.36), new CoordinateXY(-71.06, 42.37),
        new CoordinateXY(-71.07, 42.36)});
    Polygon polygon = f.createPolygon(shell, new LinearRing[] {hole});

    byte[] bytes = GeometrySerde.serialize(polygon);
    Envelope env = GeometrySerde.envelope(bytes);
    Geometry back = GeometrySerde.deserialize(bytes);
    out.println("geometry: polygon with a hole, SRID " + polygon.getSRID() + ", " + polygon.getNumPoints() + " points");
    out.println("  brine format  " + bytes.length + " bytes (8-byte header word + ring sizes + 8-aligned float64s)");
    out.println("  ISO WKB       " + Wkb.write(polygon).length + " bytes (no SRID), EWKB " + Wkb.writeEwkb(polygon).length + " bytes");
    out.println("  envelope()    " + env + "  <- computed from the coordinates in the bytes, no geometry built");
    out.println("  round trip    " + back + "  SRID " + back.getSRID()
        + (back.equalsExact(polygon) && back.getSRID() == 4326 ? "  (exact)" : "  (DIFFERENT!)"));
  }
}
