package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteWriter;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/** Hostile and broken input: always a BrineException, never another throwable or a big allocation. */
class MalformedInputTest {
  static final List<String> SAMPLES = List.of(
      "POINT (1 2)", "POINT ZM (1 2 3 4)", "POINT EMPTY", "LINESTRING Z (1 2 3, 4 5 6, 7 8 9)",
      "LINEARRING (0 0, 1 0, 1 1, 0 0)",
      "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))", "MULTIPOINT ((1 2), EMPTY, (3 4))",
      "MULTILINESTRING ((1 2, 3 4), EMPTY)", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY)",
      "GEOMETRYCOLLECTION (POINT (1 2), GEOMETRYCOLLECTION (LINESTRING M (1 2 3, 4 5 6)), POLYGON EMPTY)");

  static void expectBrineOrSuccess(Function<byte[], ?> decode, byte[] bytes, String what) {
    try {
      decode.apply(bytes);
    } catch (BrineException e) {
      assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
    } catch (Throwable t) {
      throw new AssertionError(what + ": " + t + " for " + java.util.HexFormat.of().formatHex(bytes), t);
    }
  }

  @Test
  void everyTruncationFails() {
    for (String wkt : SAMPLES) {
      Geometry g = GeometrySerdeTest.wkt(wkt);
      for (byte[] nat : new byte[][] {GeometrySerde.serialize(g), GeometrySerde.serializeWithEnvelope(g), V1Writer.serialize(g)}) {
        for (int len = 0; len < nat.length; len++) {
          byte[] cut = Arrays.copyOf(nat, len);
          BrineException e = assertThrows(BrineException.class, () -> GeometrySerde.deserialize(cut), wkt + " cut at " + len);
          assertTrue(e.getMessage().contains("offset"), e.getMessage());
          expectBrineOrSuccess(GeometrySerde::envelope, cut, "envelope");
        }
      }
      for (byte[] wkb : new byte[][] {Wkb.write(g), Wkb.writeEwkb(g)}) {
        for (int len = 0; len < wkb.length; len++) {
          byte[] cut = Arrays.copyOf(wkb, len);
          assertThrows(BrineException.class, () -> Wkb.read(cut), wkt + " WKB cut at " + len);
        }
      }
    }
  }

  @Test
  void trailingBytesFail() {
    byte[] b = GeometrySerde.serialize(GeometrySerdeTest.wkt("POINT (1 2)"));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(Arrays.copyOf(b, b.length + 8)));
    byte[] w = Wkb.write(GeometrySerdeTest.wkt("POINT (1 2)"));
    assertThrows(MalformedInputException.class, () -> Wkb.read(Arrays.copyOf(w, w.length + 1)));
  }

  @Property(tries = 3000)
  void randomByteFlips(@ForAll long seed) {
    Random r = new Random(seed);
    Geometry g = new RandomGeometries(seed, true).any();
    byte[] nat = r.nextInt(4) == 0 ? V1Writer.serialize(g) : r.nextBoolean() ? GeometrySerde.serialize(g) : GeometrySerde.serializeWithEnvelope(g);
    byte[] wkb = r.nextBoolean() ? Wkb.write(g) : Wkb.writeEwkb(g);
    for (byte[] b : new byte[][] {nat, wkb}) {
      int flips = 1 + r.nextInt(3);
      for (int i = 0; i < flips; i++) {
        int at = r.nextInt(b.length);
        b[at] = r.nextInt(4) == 0 ? (byte) 0xFF : (byte) (b[at] ^ (1 << r.nextInt(8)));
      }
    }
    expectBrineOrSuccess(GeometrySerde::deserialize, nat, "native");
    expectBrineOrSuccess(GeometrySerde::envelope, nat, "envelope");
    expectBrineOrSuccess(Wkb::read, wkb, "wkb");
  }

  static byte[] header(int type, int flags) {
    byte[] b = new byte[8];
    b[0] = (byte) type;
    b[1] = (byte) flags;
    b[2] = 1;
    return b;
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) n += p.length;
    byte[] out = new byte[n];
    int pos = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, pos, p.length);
      pos += p.length;
    }
    return out;
  }

  static byte[] int32s(int... v) {
    byte[] b = new byte[4 * v.length];
    for (int i = 0; i < v.length; i++) ByteWriter.storeInt32(b, 4 * i, v[i]);
    return b;
  }

  @Test
  void unknownTypesVersionsAndFlags() {
    for (int type : new int[] {0, 9, 100, 255}) {
      assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header(type, 0), new byte[16])));
    }
    byte[] badVersion = concat(header(1, 0), new byte[16]);
    badVersion[2] = 2;
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(badVersion));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header(1, 0x10), new byte[16])));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header(2, 0x08), int32s(0, 0))));
    byte[] wkb = Wkb.write(GeometrySerdeTest.wkt("POINT (1 2)"));
    for (int code : new int[] {0, 8, 17, 999, 4001, 0x10000001}) {
      byte[] w = wkb.clone();
      ByteWriter.storeInt32(w, 1, code);
      assertThrows(MalformedInputException.class, () -> Wkb.read(w), "code " + code);
    }
    byte[] w = wkb.clone();
    w[0] = 7;
    assertThrows(MalformedInputException.class, () -> Wkb.read(w));
  }

  @Test
  void lyingCountsFailBeforeAllocating() {
    for (int count : new int[] {-1, Integer.MAX_VALUE, 1 << 28, 1000}) {
      List<byte[]> inputs = List.of(
          concat(header(2, 0), int32s(count, 0), new byte[64]),
          concat(header(3, 0), int32s(count, 0), new byte[64]),
          concat(header(3, 0), int32s(1, count), new byte[64]),
          concat(header(4, 0), int32s(count, 0), new byte[64]),
          concat(header(4, 0), int32s(count, count), new byte[64]),
          concat(header(5, 0), int32s(count, 0), new byte[64]),
          concat(header(6, 0), int32s(count, 0), new byte[64]),
          concat(header(6, 0), int32s(1, count), new byte[64]),
          concat(header(7, 0), int32s(count, 0), new byte[64]));
      for (byte[] in : inputs) {
        long allocated = allocated(() -> assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(in)));
        assertTrue(allocated < 1 << 20, "allocated " + allocated + " bytes for a lying count");
      }
      byte[] wkbLine = concat(new byte[] {1}, int32s(2, count), new byte[64]);
      byte[] wkbPoly = concat(new byte[] {1}, int32s(3, count), new byte[64]);
      byte[] wkbMulti = concat(new byte[] {1}, int32s(7, count), new byte[64]);
      for (byte[] in : List.of(wkbLine, wkbPoly, wkbMulti)) {
        long allocated = allocated(() -> assertThrows(MalformedInputException.class, () -> Wkb.read(in)));
        assertTrue(allocated < 1 << 20, "allocated " + allocated + " bytes for a lying count");
      }
    }
  }

  /** A version-2 header word (narrow SRID and count). */
  static byte[] header2(int type, int flags, int count) {
    byte[] b = new byte[8];
    ByteWriter.storeInt64(b, 0, NativeFormat.header2(type, flags, 4326, count));
    return b;
  }

  @Test
  void version2BadHeadersFail() {
    byte[] point = GeometrySerde.serialize(GeometrySerdeTest.wkt("POINT (1 2)"));
    for (int flags : new int[] {NativeFormat.FLAG_Z_NAN, NativeFormat.FLAG_M_NAN, NativeFormat.FLAG_EMPTIES, NativeFormat.FLAG_ENVELOPE, 0x40, 0x80}) {
      byte[] b = point.clone();
      b[1] = (byte) flags;
      assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(b), "flags " + flags);
      assertThrows(MalformedInputException.class, () -> GeometrySerde.envelope(b), "flags " + flags);
    }
    for (int version : new int[] {1, 3, 15}) {
      byte[] b = point.clone();
      b[0] = (byte) (1 | version << 4);
      assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(b), "version " + version);
    }
    for (int type : new int[] {0, 9, 15}) {
      byte[] b = point.clone();
      b[0] = (byte) (type | 2 << 4);
      assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(b), "type " + type);
    }
    // a collection's own flags, a member's envelope, a point with 2 coordinates
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header2(7, NativeFormat.FLAG_Z, 0))));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(
        concat(header2(7, 0, 1), header2(2, NativeFormat.FLAG_ENVELOPE, 2), new byte[32 + 32])));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header2(1, 0, 2), new byte[32])));
    // SRID in the extension but not the count, and the reverse
    byte[] wide = concat(header2(2, 0, 2), int32s(4326, 2), new byte[32]);
    wide[2] = wide[3] = wide[4] = (byte) 0xFF;
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(wide));
    wide[5] = wide[6] = wide[7] = (byte) 0xFF;
    assertEquals(2, GeometrySerde.deserialize(wide).getNumPoints(), "both in the extension: fine");
    wide[2] = 0;
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(wide));
    // non-zero padding after an odd number of ring sizes
    byte[] poly = GeometrySerde.serialize(GeometrySerdeTest.wkt("POLYGON ((0 0, 10 0, 10 10, 0 0))"));
    poly[12] = 1;
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(poly));
    // empty-point list: none, more than the points, not ascending
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header2(4, NativeFormat.FLAG_EMPTIES, 2), int32s(0, 0), new byte[32])));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header2(4, NativeFormat.FLAG_EMPTIES, 1), int32s(2, 0, 0, 0))));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(concat(header2(4, NativeFormat.FLAG_EMPTIES, 3), int32s(2, 1, 1, 0), new byte[16])));
    // a LinearRing's mark without the RINGS flag, RINGS on a polygon, a marked line that is no ring
    byte[] rings = GeometrySerde.serialize(GeometrySerdeTest.wkt("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))").getBoundary());
    assertEquals(NativeFormat.FLAG_RINGS, rings[1]);
    byte[] unflagged = rings.clone();
    unflagged[1] = 0;
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(unflagged));
    byte[] polygon = GeometrySerde.serialize(GeometrySerdeTest.wkt("POLYGON ((0 0, 10 0, 10 10, 0 0))"));
    polygon[1] = NativeFormat.FLAG_RINGS;
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(polygon));
    assertThrows(MalformedInputException.class, () -> GeometrySerde.envelope(polygon));
    byte[] open = rings.clone();
    open[rings.length - 16] = 1; // the last point's X no longer closes the ring
    BrineException e = assertThrows(BrineException.class, () -> GeometrySerde.deserialize(open));
    assertTrue(e.getMessage().contains("offset"), e.getMessage());
    byte[] two = GeometrySerde.serialize(GeometrySerdeTest.wkt("MULTILINESTRING ((0 0, 1 1))"));
    two[1] = NativeFormat.FLAG_RINGS;
    two[11] = (byte) 0x80; // marked, but two points make no ring
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(two));
  }

  @Test
  void version2LyingCountsFailBeforeAllocating() {
    for (int count : new int[] {-1, Integer.MAX_VALUE, 1 << 28, 1000, 0xFFFFFE}) {
      int c24 = Math.min(count & 0x7FFFFFFF, 0xFFFFFE);
      List<byte[]> inputs = new java.util.ArrayList<>(List.of(
          concat(header2(2, 0, c24), new byte[64]),
          concat(header2(3, 0, c24), new byte[64]),
          concat(header2(3, 0, 1), int32s(count, 0), new byte[64]),
          concat(header2(4, 0, c24), new byte[64]),
          concat(header2(4, NativeFormat.FLAG_EMPTIES, c24), int32s(count, 0), new byte[64]),
          concat(header2(5, 0, c24), new byte[64]),
          concat(header2(5, 0, 2), int32s(count, count), new byte[64]),
          concat(header2(6, 0, c24), new byte[64]),
          concat(header2(6, 0, 1), int32s(count, 0), new byte[64]),
          concat(header2(6, 0, 1), int32s(1, count), new byte[64]),
          concat(header2(7, 0, c24), new byte[64])));
      // the full 32-bit count in the extension
      byte[] wide = concat(header2(2, 0, 0), int32s(4326, count), new byte[64]);
      wide[2] = wide[3] = wide[4] = wide[5] = wide[6] = wide[7] = (byte) 0xFF;
      inputs.add(wide);
      for (byte[] in : inputs) {
        long allocated = allocated(() -> assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(in)));
        assertTrue(allocated < 1 << 20, "allocated " + allocated + " bytes for a lying count");
        expectBrineOrSuccess(GeometrySerde::envelope, in, "envelope");
      }
    }
  }

  @Test
  void version2DeepNestingIsBounded() {
    int depth = 100_000;
    byte[] nat = new byte[depth * 8 + 24];
    for (int i = 0; i < depth; i++) {
      System.arraycopy(header2(7, 0, 1), 0, nat, 8 * i, 8);
    }
    System.arraycopy(header2(1, 0, 1), 0, nat, 8 * depth, 8);
    assertThrows(LimitExceededException.class, () -> GeometrySerde.deserialize(nat));
    assertThrows(LimitExceededException.class, () -> GeometrySerde.envelope(nat));
  }

  @Test
  void unclosedRingIsMalformed() {
    byte[] b = GeometrySerde.serialize(GeometrySerdeTest.wkt("POLYGON ((0 0, 10 0, 10 10, 0 0))"));
    ByteWriter.storeFloat64(b, b.length - 16, 99); // last point's X
    assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(b));
  }

  @Test
  void deepNestingIsBounded() {
    int depth = 100_000;
    byte[] nat = new byte[depth * 16 + 24];
    for (int i = 0; i < depth; i++) {
      System.arraycopy(header(7, 0), 0, nat, 16 * i, 8);
      ByteWriter.storeInt32(nat, 16 * i + 8, 1);
    }
    System.arraycopy(header(1, 0), 0, nat, 16 * depth, 8);
    assertThrows(LimitExceededException.class, () -> GeometrySerde.deserialize(nat));
    byte[] wkb = new byte[depth * 9 + 21];
    for (int i = 0; i < depth; i++) {
      wkb[9 * i] = 1;
      ByteWriter.storeInt32(wkb, 9 * i + 1, 7);
      ByteWriter.storeInt32(wkb, 9 * i + 5, 1);
    }
    wkb[9 * depth] = 1;
    ByteWriter.storeInt32(wkb, 9 * depth + 1, 1);
    assertThrows(LimitExceededException.class, () -> Wkb.read(wkb));
  }

  @Test
  void bigEndianWkbAndEmptyPointConvention() {
    byte[] be = new org.locationtech.jts.io.WKBWriter(2, org.locationtech.jts.io.ByteOrderValues.BIG_ENDIAN)
        .write(GeometrySerdeTest.wkt("POINT EMPTY"));
    assertTrue(Wkb.read(be).isEmpty());
    assertEquals(0, Wkb.read(be).getSRID());
  }

  /** Bytes allocated by this thread while running {@code r}, or 0 if the JVM cannot tell. */
  static long allocated(Runnable r) {
    var bean = ManagementFactory.getThreadMXBean();
    if (!(bean instanceof com.sun.management.ThreadMXBean)) {
      r.run();
      return 0;
    }
    var sun = (com.sun.management.ThreadMXBean) bean;
    long tid = Thread.currentThread().getId();
    long before = sun.getThreadAllocatedBytes(tid);
    r.run();
    return sun.getThreadAllocatedBytes(tid) - before;
  }

  @Test
  void failOnNonBrineFromFactory() {
    // a LineString of 1 point is rejected by JTS; it must surface as MalformedInputException
    byte[] b = concat(header(2, 0), int32s(1, 0), new byte[16]);
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> GeometrySerde.deserialize(b));
    if (!e.getMessage().contains("offset 0")) fail(e.getMessage());
  }
}
