package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/** JTS geometries inside Brine object graphs, through the ServiceLoader-registered module. */
class GeometryModuleTest {
  /** A record holding geometries, as a user would write it. */
  record Parcel(String name, Polygon shape, Point centroid, List<Geometry> features) {}

  static final Brine BRINE = Brine.builder().register(Parcel.class).build();

  @Test
  void recordWithGeometriesRoundTrips() {
    Polygon shape = (Polygon) GeometrySerdeTest.wkt("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1))");
    shape.setSRID(4326);
    Point centroid = (Point) GeometrySerdeTest.wkt("POINT ZM (5 5 1 2)");
    centroid.setSRID((1 << 24) + 3);
    List<Geometry> features = new ArrayList<>();
    for (String wkt : MalformedInputTest.SAMPLES) {
      features.add(GeometrySerdeTest.wkt(wkt));
    }
    features.add(GeometrySerdeTest.wkt("MULTIPOLYGON (EMPTY)"));
    Parcel p = new Parcel("lot 7", shape, centroid, features);

    Parcel back = BRINE.deserialize(BRINE.serialize(p), Parcel.class);
    assertEquals("lot 7", back.name());
    GeometryAssert.assertSameGeometry(shape, back.shape());
    GeometryAssert.assertSameGeometry(centroid, back.centroid());
    assertEquals(features.size(), back.features().size());
    for (int i = 0; i < features.size(); i++) {
      GeometryAssert.assertSameGeometry(features.get(i), back.features().get(i));
    }
    assertInstanceOf(LinearRing.class, back.features().get(4));
  }

  @Test
  void eachClassKeepsItsWireIdAndAFreshBrineReadsBeforeItWrites() {
    String[] wkts = {"POINT (1 2)", "LINESTRING (0 0, 1 1)", "LINEARRING (0 0, 1 0, 1 1, 0 0)",
        "POLYGON ((0 0, 1 0, 1 1, 0 0))", "MULTIPOINT ((1 2))", "MULTILINESTRING ((0 0, 1 1))",
        "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))", "GEOMETRYCOLLECTION (POINT (1 2))"};
    for (int i = 0; i < wkts.length; i++) {
      Geometry g = GeometrySerdeTest.wkt(wkts[i]);
      Brine writer = Brine.builder().build();
      byte[] bytes = writer.serialize(g);
      String explained = writer.explain(g.getClass());
      assertEquals("id " + (GeometryModule.FIRST_ID + i) + ",", explained.substring(0, explained.indexOf(',') + 1), wkts[i]);
      Geometry back = (Geometry) Brine.builder().build().deserialize(bytes); // registered by name: resolved on this read
      GeometryAssert.assertSameGeometry(g, back);
      assertEquals(g.getClass(), back.getClass());
    }
  }

  @Test
  void bareGeometriesAndListsNeedNoRegistration() {
    Brine brine = Brine.builder().build();
    Geometry g = GeometrySerdeTest.wkt("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING M (1 2 3, 4 5 6))");
    GeometryAssert.assertSameGeometry(g, (Geometry) brine.deserialize(brine.serialize(g)));
    List<Geometry> list = List.of(g, GeometrySerdeTest.wkt("POINT EMPTY"));
    @SuppressWarnings("unchecked")
    List<Geometry> back = (List<Geometry>) brine.deserialize(brine.serialize(new ArrayList<>(list)));
    GeometryAssert.assertSameGeometry(list.get(0), back.get(0));
    GeometryAssert.assertSameGeometry(list.get(1), back.get(1));
  }

  @Property(tries = 300)
  void randomGeometriesInsideBrine(@ForAll long seed) {
    Geometry g = new RandomGeometries(seed, true).any();
    GeometryAssert.assertSameGeometry(g, (Geometry) BRINE.deserialize(BRINE.serialize(g)));
  }

  @Test
  void corruptGeometryInsideBrineIsBrineException() {
    byte[] bytes = BRINE.serialize(GeometrySerdeTest.wkt("POLYGON ((0 0, 10 0, 10 10, 0 0))"));
    for (int len = 0; len < bytes.length; len++) {
      byte[] cut = java.util.Arrays.copyOf(bytes, len);
      assertThrows(BrineException.class, () -> BRINE.deserialize(cut));
    }
    for (int i = 0; i < bytes.length; i++) {
      byte[] flipped = bytes.clone();
      flipped[i] ^= 0x41;
      MalformedInputTest.expectBrineOrSuccess(BRINE::deserialize, flipped, "flip at " + i);
    }
  }
}
