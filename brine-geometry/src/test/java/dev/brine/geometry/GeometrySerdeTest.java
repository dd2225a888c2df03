package dev.brine.geometry;

import static dev.brine.geometry.GeometryAssert.assertSameGeometry;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

class GeometrySerdeTest {
  /** Modern WKT: "POINT (1 2)" is XY (JTS's default reader makes it XYZ with NaN Z). */
  static final WKTReader WKT = new WKTReader();

  static {
    WKT.setIsOldJtsCoordinateSyntaxAllowed(false);
  }

  /** Not one of the fast-path factories: exercises create(n, dim, measures) + setOrdinate. */
  @SuppressWarnings("serial")
  static final org.locationtech.jts.geom.CoordinateSequenceFactory GENERIC =
      new org.locationtech.jts.geom.CoordinateSequenceFactory() {
        final PackedCoordinateSequenceFactory d = PackedCoordinateSequenceFactory.DOUBLE_FACTORY;

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(Coordinate[] c) {
          return d.create(c);
        }

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(org.locationtech.jts.geom.CoordinateSequence s) {
          return d.create(s);
        }

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(int size, int dimension) {
          return d.create(size, dimension);
        }

        @Override
        public org.locationtech.jts.geom.CoordinateSequence create(int size, int dimension, int measures) {
          return d.create(size, dimension, measures);
        }
      };

  static Geometry wkt(String s) {
    try {
      return WKT.read(s);
    } catch (ParseException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Round trip through the default factory and two explicit ones, every way of writing (new array,
   * heap and direct buffers, an array at an offset, with a stored envelope) and version 1 (the
   * tests' {@link V1Writer}); returns the encoding.
   */
  static byte[] roundTrip(Geometry g) {
    byte[] bytes = GeometrySerde.serialize(g);
    assertEquals(0, bytes.length % 8, "encodings are a multiple of 8 bytes");
    assertEquals(bytes.length, GeometrySerde.serializedSize(g), "serializedSize");
    assertSameGeometry(g, GeometrySerde.deserialize(bytes));
    assertSameGeometry(g, GeometrySerde.deserialize(bytes, new GeometryFactory(new PrecisionModel(), g.getSRID(), CoordinateArraySequenceFactory.instance())));
    assertSameGeometry(g, GeometrySerde.deserialize(bytes, new GeometryFactory(new PrecisionModel(), 0, GENERIC)));
    EnvelopeTest.assertSameEnvelope(g.getEnvelopeInternal(), GeometrySerde.envelope(bytes), g);
    assertArrayEquals(bytes, GeometrySerde.serialize(GeometrySerde.deserialize(bytes)), "re-encoding is stable");
    assertArrayEquals(bytes, viaBuffers(g, bytes.length), "buffer writes give the same bytes");
    byte[] withEnvelope = GeometrySerde.serializeWithEnvelope(g);
    assertSameGeometry(g, GeometrySerde.deserialize(withEnvelope));
    EnvelopeTest.assertSameEnvelope(g.getEnvelopeInternal(), GeometrySerde.envelope(withEnvelope), g);
    byte[] v1 = V1Writer.serialize(g);
    Geometry g1 = version1Form(g);
    assertSameGeometry(g1, GeometrySerde.deserialize(v1));
    assertSameGeometry(g1, GeometrySerde.deserialize(v1, new GeometryFactory(new PrecisionModel(), 0, GENERIC)));
    EnvelopeTest.assertSameEnvelope(g.getEnvelopeInternal(), GeometrySerde.envelope(v1), g);
    assertArrayEquals(g1 == g ? bytes : GeometrySerde.serialize(g1), GeometrySerde.serialize(GeometrySerde.deserialize(v1)),
        "version 1 re-encodes as version 2");
    return bytes;
  }

  /**
   * What version 1 keeps of {@code g}: a MultiLineString's LinearRing members come back as LineStrings (version
   * 2 keeps them, flag RINGS); {@code g} itself when it has none.
   */
  static Geometry version1Form(Geometry g) {
    GeometryFactory f = g.getFactory();
    Geometry out;
    if (g instanceof MultiLineString) {
      LineString[] lines = new LineString[g.getNumGeometries()];
      boolean changed = false;
      for (int i = 0; i < lines.length; i++) {
        LineString l = (LineString) g.getGeometryN(i);
        changed |= l instanceof LinearRing;
        lines[i] = l instanceof LinearRing ? f.createLineString(l.getCoordinateSequence()) : l;
      }
      if (!changed) {
        return g;
      }
      out = f.createMultiLineString(lines);
    } else if (g.getClass() == GeometryCollection.class) {
      Geometry[] members = new Geometry[g.getNumGeometries()];
      boolean changed = false;
      for (int i = 0; i < members.length; i++) {
        members[i] = version1Form(g.getGeometryN(i));
        changed |= members[i] != g.getGeometryN(i);
      }
      if (!changed) {
        return g;
      }
      out = f.createGeometryCollection(members);
    } else {
      return g;
    }
    out.setSRID(g.getSRID());
    return out;
  }

  /** The encoding written into a heap buffer slice, a direct buffer and an array at an offset. */
  static byte[] viaBuffers(Geometry g, int size) {
    ByteBuffer heap = ByteBuffer.allocate(size + 16).position(3).slice().position(5);
    assertEquals(size, GeometrySerde.serialize(g, heap));
    assertEquals(5 + size, heap.position());
    byte[] fromHeap = Arrays.copyOfRange(heap.array(), heap.arrayOffset() + 5, heap.arrayOffset() + 5 + size);
    ByteBuffer direct = ByteBuffer.allocateDirect(size + 2).position(2);
    assertEquals(size, GeometrySerde.serialize(g, direct));
    byte[] fromDirect = new byte[size];
    direct.position(2).get(fromDirect);
    assertArrayEquals(fromHeap, fromDirect);
    byte[] array = new byte[size + 9];
    Arrays.fill(array, (byte) 0x5A); // padding must be written, not assumed
    assertEquals(size, GeometrySerde.serialize(g, array, 9));
    assertArrayEquals(fromHeap, Arrays.copyOfRange(array, 9, 9 + size));
    return fromHeap;
  }

  @Property(tries = 2000)
  void randomGeometriesRoundTrip(@ForAll long seed) {
    roundTrip(new RandomGeometries(seed, true).any());
  }

  /**
   * Every length from 0 to 40 coordinates through the copy loops of JTS's default sequence (short and long
   * ones, every remainder of an unrolled loop), in every dimension, as a line, a ring, two lines, a polygon
   * with a hole and a MultiPolygon (each also as the root, where multi-part roots have writers of their own): the
   * bytes equal those written from a packed sequence of the same ordinates (another loop), and read back.
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void everyLengthThroughTheCopyLoops(int dimension) {
    // XY; XYZ and XYM; XYZM
    for (int measures = dimension == 4 ? 1 : 0; measures <= (dimension == 2 ? 0 : 1); measures++) {
      GeometryFactory array = new GeometryFactory(new PrecisionModel(), 4326, CoordinateArraySequenceFactory.instance());
      GeometryFactory packed =
          new GeometryFactory(new PrecisionModel(), 4326, PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
      for (int n = 0; n <= 40; n++) {
        if (n == 1) {
          continue; // a LineString has 0 or at least 2 coordinates
        }
        Geometry[] pair = new Geometry[2];
        for (int k = 0; k < 2; k++) {
          GeometryFactory f = k == 0 ? array : packed;
          CoordinateSequence line = sequence(f, n, dimension, measures, 0);
          CoordinateSequence other = sequence(f, n + 3, dimension, measures, 1000);
          Geometry[] parts = {f.createLineString(line), f.createLineString(other)};
          pair[k] = f.createGeometryCollection(new Geometry[] {
              parts[0], f.createMultiLineString(new org.locationtech.jts.geom.LineString[] {
                  (org.locationtech.jts.geom.LineString) parts[0], (org.locationtech.jts.geom.LineString) parts[1]}),
              n >= 3 ? f.createPolygon(closed(f, line)) : f.createPolygon(),
              // holes and parts: the one-method writers of multi-part roots and their copy loops
              n >= 3 ? f.createPolygon(closed(f, line), new LinearRing[] {closed(f, other)}) : f.createPolygon(),
              n >= 3 ? f.createMultiPolygon(new org.locationtech.jts.geom.Polygon[] {
                  f.createPolygon(closed(f, other)), f.createPolygon(closed(f, line), new LinearRing[] {closed(f, other)})})
                  : f.createMultiPolygon()});
        }
        String at = "dimension " + dimension + ", measures " + measures + ", n " + n;
        for (int m = 0; m < pair[0].getNumGeometries(); m++) {
          assertArrayEquals(GeometrySerde.serialize(pair[1].getGeometryN(m)), roundTrip(pair[0].getGeometryN(m)), at);
        }
        assertArrayEquals(GeometrySerde.serialize(pair[1]), roundTrip(pair[0]), at);
      }
    }
  }

  /** {@code n} coordinates of distinct, non-NaN ordinates (so that nothing is left out). */
  private static CoordinateSequence sequence(GeometryFactory f, int n, int dimension, int measures, int base) {
    CoordinateSequence s = f.getCoordinateSequenceFactory().create(n, dimension, measures);
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < dimension; k++) {
        s.setOrdinate(i, k, base + i * 10 + k + 0.25);
      }
    }
    return s;
  }

  /** The ring of {@code line}'s coordinates with its first repeated at the end. */
  private static LinearRing closed(GeometryFactory f, CoordinateSequence line) {
    int n = line.size();
    CoordinateSequence s = f.getCoordinateSequenceFactory().create(n + 1, line.getDimension(), line.getMeasures());
    for (int i = 0; i <= n; i++) {
      for (int k = 0; k < line.getDimension(); k++) {
        s.setOrdinate(i, k, line.getOrdinate(i % n, k));
      }
    }
    return f.createLinearRing(s);
  }

  @Test
  void pointIsHeaderPlusCoordinates() {
    Geometry p = wkt("POINT (1 2)");
    p.setSRID(4326);
    byte[] b = roundTrip(p);
    // type 1 | version 2 << 4, flags 0, SRID 4326 (u24), count 1 (u24), then X and Y
    assertEquals(
        "2100e61000010000" + "000000000000f03f" + "0000000000000040", HexFormat.of().formatHex(b));
  }

  @Test
  void lineStringLayout() {
    byte[] b = roundTrip(wkt("LINESTRING Z (1 2 3, 4 5 6)"));
    // header 8 (count inside) + 2 * 24: Sedona's size
    assertEquals(8 + 48, b.length);
    assertEquals("2201000000020000", HexFormat.of().formatHex(b, 0, 8));
  }

  @Test
  void jtsDefaultCoordinatesStoreNoNaNZ() {
    // new Coordinate(x, y) in JTS's default factory: dimension 3, every Z NaN — stored as XY, read as XYZ
    GeometryFactory f = new GeometryFactory();
    Point p = f.createPoint(new Coordinate(1, 2));
    assertEquals(3, p.getCoordinateSequence().getDimension());
    byte[] b = roundTrip(p);
    assertEquals(24, b.length);
    assertEquals(NativeFormat.FLAG_Z | NativeFormat.FLAG_Z_NAN, b[1]);
    Point back = (Point) GeometrySerde.deserialize(b);
    assertEquals(3, back.getCoordinateSequence().getDimension());
    assertEquals(0x7ff8000000000000L, Double.doubleToRawLongBits(back.getCoordinateSequence().getZ(0)));
    Geometry line = f.createLineString(new Coordinate[] {new Coordinate(1, 2), new Coordinate(3, 4), new Coordinate(5, 6)});
    assertEquals(8 + 3 * 16, roundTrip(line).length);
    Geometry poly = f.createPolygon(new Coordinate[] {new Coordinate(0, 0), new Coordinate(1, 0), new Coordinate(1, 1), new Coordinate(0, 0)});
    assertEquals(8 + 8 + 4 * 16, roundTrip(poly).length);
  }

  @Test
  void aLaterOrdinateThatIsNotNaNIsKept() {
    GeometryFactory f = new GeometryFactory();
    double payloadNaN = Double.longBitsToDouble(0x7ff8dead0000beefL);
    for (double later : new double[] {5, payloadNaN, Double.longBitsToDouble(0xfff8000000000000L), -0.0}) {
      Coordinate[] cs = {new Coordinate(1, 2), new Coordinate(3, 4, later), new Coordinate(5, 6)};
      for (Geometry g : List.of(
          f.createLineString(cs),
          f.createMultiPoint(new Point[] {f.createPoint(cs[0]), f.createPoint(cs[1])}),
          f.createGeometryCollection(new Geometry[] {f.createPoint(cs[0]), f.createLineString(cs)}))) {
        byte[] b = roundTrip(g);
        assertEquals(g.getNumPoints() * 24, b.length - (g.getClass() == GeometryCollection.class ? 8 + 16 : 8), g + " later " + Long.toHexString(Double.doubleToRawLongBits(later)));
      }
    }
    // the same in a PackedCoordinateSequence and with M
    CoordinateSequence xym = PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(new double[] {1, 2, Double.NaN, 3, 4, 7}, 3, 1);
    assertEquals(8 + 2 * 24, roundTrip(f.createLineString(xym)).length);
    CoordinateSequence xyzm = PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
        new double[] {1, 2, Double.NaN, Double.NaN, 3, 4, Double.NaN, 9}, 4, 1);
    // the first coordinate promised both; one broken promise and the writer leaves nothing out
    assertEquals(8 + 2 * 32, roundTrip(f.createLineString(xyzm)).length);
  }

  @Test
  void multiPointsWhosePointsDifferFromTheFirstRoundTrip() {
    // the quick MultiPoint writer plans from the first point and checks each other one as it copies
    GeometryFactory array = new GeometryFactory(new PrecisionModel(), 4326, CoordinateArraySequenceFactory.instance());
    GeometryFactory packed = new GeometryFactory(new PrecisionModel(), 4326, PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
    Coordinate[] firsts = {new CoordinateXY(1, 2), new Coordinate(1, 2, 3), new CoordinateXYM(1, 2, 4), new CoordinateXYZM(1, 2, 3, 4)};
    Coordinate[] others = {new CoordinateXY(5, 6), new Coordinate(5, 6, 7), new CoordinateXYM(5, 6, 8), new CoordinateXYZM(5, 6, 7, 8)};
    for (Coordinate first : firsts) {
      for (Coordinate other : others) {
        for (GeometryFactory f : List.of(array, packed)) {
          Point a = array.createPoint(array.getCoordinateSequenceFactory().create(new Coordinate[] {first}));
          Point b = f.createPoint(f.getCoordinateSequenceFactory().create(new Coordinate[] {other}));
          for (Geometry g : List.of(array.createMultiPoint(new Point[] {a, b, a}),
              array.createMultiPoint(new Point[] {a, array.createPoint(), b}))) {
            if (first.getClass() == other.getClass() && !g.getGeometryN(1).isEmpty()) { // (JTS's empty point is XYZ)
              roundTrip(g);
            } else {
              // members share the container's dimension: the union, NaN where a member has none
              Geometry back = GeometrySerde.deserialize(GeometrySerde.serialize(g));
              assertTrue(back.equalsExact(g), g + " -> " + back);
              int dim = Math.max(a.getCoordinateSequence().getDimension(), b.getCoordinateSequence().getDimension());
              assertTrue(((Point) back.getGeometryN(0)).getCoordinateSequence().getDimension() >= dim, g + " -> " + back);
            }
          }
        }
      }
    }
    // a sequence that declares XYZM but holds a Coordinate without M: JTS throws, Brine reports it
    Point good = array.createPoint(CoordinateArraySequenceFactory.instance().create(new Coordinate[] {new CoordinateXYZM(1, 2, 3, 4)}));
    Point bad = array.createPoint(new org.locationtech.jts.geom.impl.CoordinateArraySequence(new Coordinate[] {new Coordinate(1, 2, 3)}, 4, 1));
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(array.createMultiPoint(new Point[] {good, bad})));
  }

  @Test
  void everyLayoutOfEverySequenceClassRoundTrips() {
    double nan = Double.NaN;
    double[][] rows = {{1, 2, 3, 4}, {1, 2, nan, 4}, {1, 2, 3, nan}, {1, 2, nan, nan}};
    for (int zm = 0; zm < 4; zm++) {
      int measures = (zm & 2) != 0 ? 1 : 0;
      int dim = 2 + (zm & 1) + measures;
      for (double[] row : rows) {
        for (org.locationtech.jts.geom.CoordinateSequenceFactory csf : List.of(
            CoordinateArraySequenceFactory.instance(), PackedCoordinateSequenceFactory.DOUBLE_FACTORY,
            PackedCoordinateSequenceFactory.FLOAT_FACTORY, GENERIC)) {
          CoordinateSequence s = csf.create(4, dim, measures);
          for (int i = 0; i < 4; i++) {
            s.setOrdinate(i, 0, i == 3 ? 0 : i * 10);
            s.setOrdinate(i, 1, i == 3 ? 0 : i * 7);
            if (dim > 2) s.setOrdinate(i, 2, row[2]);
            if (dim > 3) s.setOrdinate(i, 3, row[3]);
          }
          GeometryFactory f = new GeometryFactory(new PrecisionModel(), 4326, csf);
          roundTrip(f.createLineString(s));
          roundTrip(f.createPolygon(f.createLinearRing(s)));
          roundTrip(f.createPoint(csf.create(new Coordinate[] {s.getCoordinate(1)})));
          roundTrip(f.createMultiPoint(new Point[] {f.createPoint(s.getCoordinate(1)), f.createPoint(s.getCoordinate(2))}));
        }
      }
    }
  }

  @Test
  void sridsOutsideTheHeaderGoToTheExtension() {
    for (int srid : new int[] {0, 4326, 0xFFFFFE, 0xFFFFFF, 1 << 24, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
      Geometry g = wkt("LINESTRING (1 2, 3 4)");
      g.setSRID(srid);
      byte[] b = roundTrip(g);
      boolean narrow = srid >= 0 && srid < 0xFFFFFF;
      assertEquals((narrow ? 8 : 16) + 32, b.length, "SRID " + srid);
      assertEquals(srid, GeometrySerde.deserialize(b).getSRID());
    }
  }

  @Test
  void bufferWritesCheckTheRoom() {
    Geometry g = wkt("POLYGON ((0 0, 10 0, 10 10, 0 0))");
    int size = GeometrySerde.serializedSize(g);
    ByteBuffer small = ByteBuffer.allocate(size - 1);
    assertThrows(BufferOverflowException.class, () -> GeometrySerde.serialize(g, small));
    assertEquals(0, small.position());
    ByteBuffer smallDirect = ByteBuffer.allocateDirect(size + 4).position(5);
    assertThrows(BufferOverflowException.class, () -> GeometrySerde.serialize(g, smallDirect));
    assertEquals(5, smallDirect.position());
    assertThrows(ReadOnlyBufferException.class, () -> GeometrySerde.serialize(g, ByteBuffer.allocate(64).asReadOnlyBuffer()));
    assertThrows(IndexOutOfBoundsException.class, () -> GeometrySerde.serialize(g, new byte[size + 3], 4));
    assertThrows(IndexOutOfBoundsException.class, () -> GeometrySerde.serialize(g, new byte[size], -1));
    assertThrows(IndexOutOfBoundsException.class, () -> GeometrySerde.serialize(g, new byte[size], size + 1));
    assertEquals(size, GeometrySerde.serialize(g, new byte[size + 3], 3));
    // a first Z that promises NaN, a later one that breaks the promise: the write starts over
    GeometryFactory f = new GeometryFactory();
    Geometry z = f.createLineString(new Coordinate[] {new Coordinate(1, 2), new Coordinate(3, 4, 5)});
    int zSize = GeometrySerde.serializedSize(z);
    assertEquals(8 + 2 * 24, zSize);
    assertThrows(BufferOverflowException.class, () -> GeometrySerde.serialize(z, ByteBuffer.allocate(zSize - 8)));
    assertEquals(zSize, GeometrySerde.serialize(z, ByteBuffer.allocate(zSize)));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "POINT EMPTY", "POINT Z EMPTY", "POINT M EMPTY", "POINT ZM EMPTY",
      "LINESTRING EMPTY", "LINESTRING ZM EMPTY", "POLYGON EMPTY", "POLYGON Z EMPTY",
      "MULTIPOINT EMPTY", "MULTILINESTRING EMPTY", "MULTIPOLYGON EMPTY", "GEOMETRYCOLLECTION EMPTY",
      "MULTIPOLYGON (EMPTY)", "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))", "MULTILINESTRING (EMPTY)",
      "MULTIPOINT (EMPTY, (1 2), EMPTY)", "GEOMETRYCOLLECTION (POINT EMPTY, GEOMETRYCOLLECTION EMPTY)",
      "GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (POINT (1 2))), LINESTRING EMPTY)",
      "POINT M (1 2 3)", "POINT ZM (1 2 3 4)", "POINT (NaN NaN)", "POINT Z (1 2 NaN)",
      "LINEARRING (0 0, 1 0, 1 1, 0 0)", "LINEARRING EMPTY",
      "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))",
      "MULTIPOLYGON M (((0 0 1, 10 0 2, 10 10 3, 0 0 1)), ((20 20 1, 30 20 1, 30 30 1, 20 20 1), (21 21 0, 22 21 0, 22 22 0, 21 21 0)))",
      "GEOMETRYCOLLECTION (POINT Z (1 2 3), LINESTRING M (1 2 3, 4 5 6), POLYGON EMPTY)"
  })
  void wktCases(String text) {
    roundTrip(wkt(text));
  }

  /**
   * A MultiPolygon's plan carries its count words (polygons and rings) up to 32,767 for the write; past
   * that the write counts them itself: both sides of the bound give the same bytes as the buffer writes
   * (which always count) and read back.
   */
  @Test
  void multiPolygonsAroundTheCountWordsAPlanCarries() {
    GeometryFactory f = new GeometryFactory();
    for (int n : new int[] {10_922, 10_923}) { // 3 words a polygon (it, its shell, its hole): 32,766 and 32,769
      org.locationtech.jts.geom.Polygon[] polygons = new org.locationtech.jts.geom.Polygon[n];
      for (int i = 0; i < n; i++) {
        double x = i;
        LinearRing shell = f.createLinearRing(new Coordinate[] {new Coordinate(x, 0), new Coordinate(x + 1, 0),
            new Coordinate(x + 1, 1), new Coordinate(x, 0)});
        LinearRing hole = f.createLinearRing(new Coordinate[] {new Coordinate(x + 0.5, 0.1), new Coordinate(x + 0.6, 0.1),
            new Coordinate(x + 0.6, 0.2), new Coordinate(x + 0.5, 0.1)});
        polygons[i] = f.createPolygon(shell, new LinearRing[] {hole});
      }
      MultiPolygon g = f.createMultiPolygon(polygons);
      byte[] bytes = GeometrySerde.serialize(g);
      assertArrayEquals(bytes, viaBuffers(g, bytes.length), n + " polygons");
      assertSameGeometry(g, GeometrySerde.deserialize(bytes));
    }
  }

  /**
   * A root MultiPolygon, MultiLineString or polygon with holes of JTS's default sequences in one
   * dimension is written by a method of its own ({@code PolygonWriter.multiPolygonArrays}, {@code
   * LineWriter.multiLineArrays}, {@code PolygonWriter.polygonArrays});
   * every case it hands back to the general writer, and every case it keeps, gives the bytes of the
   * general writer (the buffer writes) and reads back: each dimension; a first Z or M that is NaN (left
   * out when all are, kept when a later one is not); a non-canonical NaN first; a part of another
   * sequence class or dimension; empty parts first, last and alone; polygons without holes.
   */
  @Test
  void multiPartsOfDefaultSequencesWriteAsTheGeneralWriter() {
    GeometryFactory array = new GeometryFactory(new PrecisionModel(), 4326, CoordinateArraySequenceFactory.instance());
    GeometryFactory packed = new GeometryFactory(new PrecisionModel(), 4326, PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
    int[][] dims = {{2, 0}, {3, 0}, {3, 1}, {4, 1}};
    for (int[] dm : dims) {
      int d = dm[0];
      int m = dm[1];
      for (int variant = 0; variant < 8; variant++) {
        org.locationtech.jts.geom.Polygon[] ps = new org.locationtech.jts.geom.Polygon[3];
        org.locationtech.jts.geom.LineString[] ls = new org.locationtech.jts.geom.LineString[6];
        for (int i = 0; i < ps.length; i++) {
          CoordinateSequence shell = sequence(array, 4 + i, d, m, 100 * i);
          CoordinateSequence hole = sequence(array, 3, d, m, 100 * i + 50);
          if (d > 2 && (variant == 1 || variant == 2 || variant == 3)) {
            for (int k = 0; k < shell.size(); k++) {
              shell.setOrdinate(k, 2, Double.NaN);
            }
            for (int k = 0; k < hole.size(); k++) {
              hole.setOrdinate(k, 2, variant == 2 && i == 2 ? 7.5 : Double.NaN); // 2: a later Z/M that is not NaN
            }
            if (variant == 3) {
              shell.setOrdinate(0, 2, Double.longBitsToDouble(0x7ff8000000000001L)); // a NaN that is not JTS's
            }
          }
          LinearRing shellRing = closed(array, shell);
          LinearRing holeRing = variant == 4 && i == 1 ? closed(packed, hole)
              : variant == 5 && i == 2 ? closed(array, sequence(array, 3, d == 2 ? 3 : 2, 0, 7)) : closed(array, hole);
          ps[i] = variant == 6 && i != 1 ? empty(array, d, m)
              : variant == 7 ? array.createPolygon(shellRing) : array.createPolygon(shellRing, new LinearRing[] {holeRing});
          ls[2 * i] = variant == 6 && i != 1 ? array.createLineString(array.getCoordinateSequenceFactory().create(0, d, m))
              : array.createLineString(shell);
          ls[2 * i + 1] = array.createLineString(holeRing.getCoordinateSequence());
        }
        String at = "dimension " + d + ", measures " + m + ", variant " + variant;
        for (Geometry g : new Geometry[] {array.createMultiPolygon(ps), array.createMultiLineString(ls), ps[0], ps[1], ps[2],
            array.createMultiLineString(variant == 7 ? new org.locationtech.jts.geom.LineString[] {ls[0]} : new org.locationtech.jts.geom.LineString[] {ls[0], ls[2]}),
            array.createMultiPolygon(new org.locationtech.jts.geom.Polygon[] {empty(array, d, m)}),
            array.createMultiLineString(new org.locationtech.jts.geom.LineString[] {
                array.createLineString(array.getCoordinateSequenceFactory().create(0, d, m))})}) {
          byte[] bytes = GeometrySerde.serialize(g);
          assertArrayEquals(bytes, viaBuffers(g, bytes.length), at);
          if (variant != 5) { // mixed dimensions: one layout for the whole geometry, the lower parts' Z or M NaN
            assertSameGeometry(g, GeometrySerde.deserialize(bytes));
            assertArrayEquals(bytes, roundTrip(g), at);
          }
        }
      }
    }
  }

  private static org.locationtech.jts.geom.Polygon empty(GeometryFactory f, int dimension, int measures) {
    return f.createPolygon(f.createLinearRing(f.getCoordinateSequenceFactory().create(0, dimension, measures)));
  }

  @Test
  void emptyMultiPolygonDiffersFromMultiPolygonOfEmpty() {
    byte[] a = roundTrip(wkt("MULTIPOLYGON EMPTY"));
    byte[] b = roundTrip(wkt("MULTIPOLYGON (EMPTY)"));
    assertTrue(!java.util.Arrays.equals(a, b));
    assertEquals(0, GeometrySerde.deserialize(a).getNumGeometries());
    assertEquals(1, GeometrySerde.deserialize(b).getNumGeometries());
  }

  @Test
  void fullSridAndNaNPayloadSurvive() {
    GeometryFactory f = new GeometryFactory();
    double nan = Double.longBitsToDouble(0x7ff8dead0000beefL);
    Point p = f.createPoint(new Coordinate(nan, -0.0, nan));
    p.setSRID((1 << 24) + 12345);
    Point back = (Point) GeometrySerde.deserialize(roundTrip(p));
    assertEquals((1 << 24) + 12345, back.getSRID());
    assertEquals(0x7ff8dead0000beefL, Double.doubleToRawLongBits(back.getX()));
    for (int srid : RandomGeometries.SRIDS) {
      p.setSRID(srid);
      assertEquals(srid, GeometrySerde.deserialize(GeometrySerde.serialize(p)).getSRID());
    }
  }

  @Test
  void linearRingStaysLinearRingAndSridReachesParts() {
    Geometry g = GeometrySerde.deserialize(GeometrySerde.serialize(wkt("LINEARRING (0 0, 1 0, 1 1, 0 0)")));
    assertInstanceOf(LinearRing.class, g);
    Geometry mp = wkt("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))");
    mp.setSRID(4326);
    MultiPolygon back = (MultiPolygon) GeometrySerde.deserialize(GeometrySerde.serialize(mp));
    assertEquals(4326, back.getGeometryN(0).getSRID(), "default factory carries the root SRID");
  }

  @Test
  void envelopeOfEmptyAndPoint() {
    assertTrue(GeometrySerde.envelope(GeometrySerde.serialize(wkt("POLYGON EMPTY"))).isNull());
    assertTrue(GeometrySerde.envelope(GeometrySerde.serialize(wkt("MULTIPOLYGON (EMPTY)"))).isNull());
    assertTrue(GeometrySerde.envelope(GeometrySerde.serialize(wkt("POINT EMPTY"))).isNull());
    assertEquals(new Envelope(3, 3, 4, 4), GeometrySerde.envelope(GeometrySerde.serialize(wkt("POINT (3 4)"))));
    assertEquals(new Envelope(0, 10, -1, 5), GeometrySerde.envelope(GeometrySerde.serialize(wkt("LINESTRING (0 -1, 10 5)"))));
  }

  @Test
  void deepCollectionsAreRefusedOnWrite() {
    GeometryFactory f = new GeometryFactory();
    Geometry g = f.createPoint(new Coordinate(1, 2));
    for (int i = 0; i < 64; i++) {
      g = f.createGeometryCollection(new Geometry[] {g});
    }
    roundTrip(g); // 64 levels: fine
    Geometry deeper = f.createGeometryCollection(new Geometry[] {g});
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(deeper));
    assertThrows(BrineException.class, () -> Wkb.write(deeper));
    GeometryCollection gc = (GeometryCollection) g;
    assertEquals(1, gc.getNumGeometries());
  }

  @Test
  void unsupportedInputsRaiseBrineException() {
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(null));
    assertThrows(BrineException.class, () -> GeometrySerde.deserialize(null));
    assertThrows(BrineException.class, () -> GeometrySerde.envelope(null));
    GeometryFactory f = new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
    Geometry fiveD = f.createPoint(PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(new double[] {1, 2, 3, 4, 5}, 5, 1));
    assertThrows(BrineException.class, () -> GeometrySerde.serialize(fiveD));
  }
}
