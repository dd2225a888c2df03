package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * {@link OneCoordinate} behaves as JTS's own {@code PackedCoordinateSequence.Double} of one coordinate,
 * method by method, in every dimension — it is what decoded points hold.
 */
class OneCoordinateTest {
  static void sameAs(CoordinateSequence want, CoordinateSequence got) {
    assertEquals(want.size(), got.size());
    assertEquals(want.getDimension(), got.getDimension());
    assertEquals(want.getMeasures(), got.getMeasures());
    assertEquals(want.hasZ(), got.hasZ());
    assertEquals(want.hasM(), got.hasM());
    for (int k = 0; k < want.getDimension(); k++) {
      assertEquals(Double.doubleToRawLongBits(want.getOrdinate(0, k)), Double.doubleToRawLongBits(got.getOrdinate(0, k)), "ordinate " + k);
    }
    assertEquals(Double.doubleToRawLongBits(want.getX(0)), Double.doubleToRawLongBits(got.getX(0)));
    assertEquals(Double.doubleToRawLongBits(want.getY(0)), Double.doubleToRawLongBits(got.getY(0)));
    assertEquals(Double.doubleToRawLongBits(want.getZ(0)), Double.doubleToRawLongBits(got.getZ(0)));
    assertEquals(Double.doubleToRawLongBits(want.getM(0)), Double.doubleToRawLongBits(got.getM(0)));
    Coordinate wc = want.getCoordinate(0);
    Coordinate gc = got.getCoordinate(0);
    assertEquals(wc.getClass(), gc.getClass());
    assertEquals(wc.toString(), gc.toString());
    assertEquals(wc.getClass(), got.createCoordinate().getClass());
    assertEquals(wc.toString(), got.toCoordinateArray()[0].toString());
    Coordinate into = want.createCoordinate();
    got.getCoordinate(0, into);
    assertEquals(wc.toString(), into.toString());
    assertEquals(want.expandEnvelope(new Envelope()), got.expandEnvelope(new Envelope()));
  }

  @Test
  void behavesLikePackedInEveryDimension() throws Exception {
    double[][] values = {{1, 2}, {1, 2, 3}, {1, 2, 4}, {1, 2, 3, 4}};
    int[] zms = {0, Coords.Z, Coords.M, Coords.Z | Coords.M};
    for (int i = 0; i < 4; i++) {
      int zm = zms[i];
      double[] v = values[i];
      PackedCoordinateSequence.Double want = Coords.packed(v.clone(), zm);
      double z = (zm & Coords.Z) != 0 ? v[2] : Double.NaN;
      double m = (zm & Coords.M) != 0 ? v[v.length - 1] : Double.NaN;
      OneCoordinate got = OneCoordinate.of(zm, v[0], v[1], z, m);
      sameAs(want, got);
      // copies are deep; changes go where JTS puts them
      OneCoordinate copy = (OneCoordinate) got.copy();
      assertNotSame(got, copy);
      for (int k = 0; k < v.length; k++) {
        want.setOrdinate(0, k, 10 + k);
        got.setOrdinate(0, k, 10 + k);
      }
      sameAs(want, got);
      sameAs(Coords.packed(v.clone(), zm), copy);
      // out of range, as JTS's coordinates refuse them
      int dim = v.length;
      assertThrows(IllegalArgumentException.class, () -> got.getOrdinate(0, dim));
      assertThrows(IllegalArgumentException.class, () -> got.setOrdinate(0, dim, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> got.getX(1));
      assertThrows(IndexOutOfBoundsException.class, () -> got.getOrdinate(1, 0));
      // Java serialization (Spark may use it for geometries in closures)
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(new GeometryFactory().createPoint(got));
      }
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        sameAs(want, ((Point) in.readObject()).getCoordinateSequence());
      }
    }
  }

  /**
   * Points Java-serialized by a version before the class per dimension (journal step 33 of
   * docs/performance-geometry.md: Z, M and ZM points then held a {@code OneCoordinate.Any}), written by that
   * version into golden/java-serialized/, still deserialize, to the same geometry.
   */
  @Test
  void pointsJavaSerializedByAnEarlierVersionStillDeserialize() throws Exception {
    String[] names = {"point-z", "point-m", "point-zm"};
    double[][] values = {{1, 2, 3}, {1, 2, 4}, {1, 2, 3, 4}};
    int[] zms = {Coords.Z, Coords.M, Coords.Z | Coords.M};
    for (int i = 0; i < names.length; i++) {
      Path file = Paths.get("src/test/resources/golden/java-serialized", names[i] + ".ser");
      try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file))) {
        Point p = (Point) in.readObject();
        assertEquals(OneCoordinate.Any.class, p.getCoordinateSequence().getClass(), names[i]);
        sameAs(Coords.packed(values[i].clone(), zms[i]), p.getCoordinateSequence());
      }
    }
  }

  @Test
  void decodedPointsHoldOneCoordinate() {
    for (String wkt : new String[] {"POINT (1 2)", "POINT Z (1 2 3)", "POINT M (1 2 3)", "POINT ZM (1 2 3 4)", "POINT Z (1 2 NaN)"}) {
      Point p = (Point) GeometrySerde.deserialize(GeometrySerde.serialize(GeometrySerdeTest.wkt(wkt)));
      assertEquals(OneCoordinate.class, p.getCoordinateSequence().getClass().getSuperclass(), wkt);
      GeometryAssert.assertSameGeometry(GeometrySerdeTest.wkt(wkt), p);
      assertEquals(p, p.copy());
      assertEquals(p.getCoordinate(), GeometrySerdeTest.wkt(wkt).getCoordinate());
    }
  }
}
