package dev.brine.io;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.MalformedInputException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class VarintTest {
  static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  static byte[] varUInt32(int v) {
    ByteWriter w = new ByteWriter(0);
    w.writeVarUInt32(v);
    return w.toByteArray();
  }

  static byte[] varUInt64(long v) {
    ByteWriter w = new ByteWriter(0);
    w.writeVarUInt64(v);
    return w.toByteArray();
  }

  @Test
  void literalBytes() {
    assertArrayEquals(bytes(0x00), varUInt32(0));
    assertArrayEquals(bytes(0x01), varUInt32(1));
    assertArrayEquals(bytes(0x7f), varUInt32(127));
    assertArrayEquals(bytes(0x80, 0x01), varUInt32(128));
    assertArrayEquals(bytes(0xa2, 0x74), varUInt32(14882));
    assertArrayEquals(bytes(0xff, 0xff, 0x7f), varUInt32((1 << 21) - 1));
    assertArrayEquals(bytes(0x80, 0x80, 0x80, 0x01), varUInt32(1 << 21));
    assertArrayEquals(bytes(0xff, 0xff, 0xff, 0xff, 0x0f), varUInt32(-1));
    assertArrayEquals(bytes(0x80, 0x80, 0x80, 0x80, 0x08), varUInt32(Integer.MIN_VALUE));
    // varuint64 is a prefix varint: leading 1 bits of the first byte count the bytes that follow
    assertArrayEquals(bytes(0x7f), varUInt64(127));
    assertArrayEquals(bytes(0x80, 0x02), varUInt64(128)); // 10|000000 then 128 >> 6 = 2
    assertArrayEquals(bytes(0xbf, 0xff), varUInt64((1 << 14) - 1));
    assertArrayEquals(bytes(0xc0, 0x00, 0x02), varUInt64(1 << 14));
    assertArrayEquals(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), varUInt64(-1L));
    assertArrayEquals(bytes(0xff, 0, 0, 0, 0, 0, 0, 0, 0x01), varUInt64(1L << 56));
    assertArrayEquals(bytes(0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), varUInt64((1L << 56) - 1));
    ByteWriter w = new ByteWriter(0);
    w.writeVarInt32(-1);
    w.writeVarInt32(1);
    w.writeVarInt32(Integer.MIN_VALUE);
    assertArrayEquals(bytes(0x01, 0x02, 0xff, 0xff, 0xff, 0xff, 0x0f), w.toByteArray());
  }

  @Test
  void everySevenBitBoundaryAndExtremes() {
    ByteWriter w = new ByteWriter(0);
    java.util.List<Long> values = new java.util.ArrayList<>();
    for (int shift = 0; shift < 64; shift += 7) {
      long b = 1L << shift;
      for (long v : new long[] {b - 1, b, b + 1, -b, -b - 1, -b + 1}) {
        values.add(v);
      }
    }
    values.add(Long.MIN_VALUE);
    values.add(Long.MAX_VALUE);
    values.add((long) Integer.MIN_VALUE);
    values.add((long) Integer.MAX_VALUE);
    for (long v : values) {
      w.writeVarInt64(v);
      w.writeVarUInt64(v);
      w.writeVarInt32((int) v);
      w.writeVarUInt32((int) v);
    }
    ByteReader r = new ByteReader(w.toByteArray());
    for (long v : values) {
      assertEquals(v, r.readVarInt64());
      assertEquals(v, r.readVarUInt64());
      assertEquals((int) v, r.readVarInt32());
      assertEquals((int) v, r.readVarUInt32());
    }
    assertEquals(0, r.remaining());
  }

  @Property
  void int32RoundTripWithSize(@ForAll int v) {
    byte[] b = varUInt32(v);
    assertEquals(ByteWriter.sizeOfVarUInt32(v), b.length);
    // near the end of the array (slow path) and with slack (fast path)
    assertEquals(v, new ByteReader(b).readVarUInt32());
    byte[] padded = java.util.Arrays.copyOf(b, b.length + 8);
    ByteReader r = new ByteReader(padded);
    assertEquals(v, r.readVarUInt32());
    assertEquals(b.length, r.position());
  }

  @Property
  void int64RoundTripWithSize(@ForAll long v) {
    byte[] b = varUInt64(v);
    assertEquals(ByteWriter.sizeOfVarUInt64(v), b.length);
    assertEquals(v, new ByteReader(b).readVarUInt64());
    ByteWriter w = new ByteWriter(0);
    w.writeVarInt64(v);
    assertEquals(v, new ByteReader(w.toByteArray()).readVarInt64());
  }

  @Test
  void overlongAndTruncatedVarintsAreRejected() {
    assertThrows(MalformedInputException.class, () -> new ByteReader(bytes(0x80, 0x80, 0x80, 0x80, 0x10)).readVarUInt32());
    assertThrows(MalformedInputException.class,
        () -> new ByteReader(bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0, 0, 0, 0)).readVarUInt32());
    assertThrows(MalformedInputException.class, () -> new ByteReader(bytes(0x80, 0x80)).readVarUInt32());
    assertThrows(MalformedInputException.class, () -> new ByteReader(bytes()).readVarUInt32());
    assertThrows(MalformedInputException.class,
        () -> new ByteReader(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)).readVarUInt64());
    assertThrows(MalformedInputException.class, () -> new ByteReader(bytes(0xff, 0xff, 0xff)).readVarUInt64());
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> {
      ByteReader r = new ByteReader(bytes(0x05, 0x80));
      r.readVarUInt32();
      r.readVarUInt32();
    });
    assertTrue(e.getMessage().contains("offset 1"), e.getMessage());
  }

  @Test
  void fixedWidthIsLittleEndian() {
    ByteWriter w = new ByteWriter(0);
    w.writeInt32(0x01020304);
    w.writeInt64(0x0102030405060708L);
    w.writeInt16(0x0102);
    assertArrayEquals(bytes(4, 3, 2, 1, 8, 7, 6, 5, 4, 3, 2, 1, 2, 1), w.toByteArray());
    ByteReader r = new ByteReader(w.toByteArray());
    assertEquals(0x01020304, r.readInt32());
    assertEquals(0x0102030405060708L, r.readInt64());
    assertEquals(0x0102, r.readInt16());
    assertThrows(MalformedInputException.class, r::readInt8);
  }
}
