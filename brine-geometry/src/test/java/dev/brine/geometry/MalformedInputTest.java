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
      byte[] nat = GeometrySerde.serialize(g);
      for (int len = 0; len < nat.length; len++) {
        byte[] cut = Arrays.copyOf(nat, len);
        BrineException e = assertThrows(BrineException.class, () -> GeometrySerde.deserialize(cut), wkt + " cut at " + len);
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
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
    byte[] nat = GeometrySerde.serialize(g);
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
