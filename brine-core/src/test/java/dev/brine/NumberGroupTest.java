package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Format 2's number group and fixed block (docs/format.md, "Objects"): every kind of field at every
 * length, nulls, both number encodings, generated and interpreted code byte for byte, a record whose
 * components are read in layout order, input cut anywhere and control codes out of range.
 */
class NumberGroupTest {
  enum Suit { CLUBS, DIAMONDS, HEARTS, SPADES }

  static final class All {
    int i1; int i2; long l1; long l2;
    Integer bi; Long bl; Suit suit; Boolean bz; Byte bb; Short bs; Character bc; Float bf; Double bd;
    boolean z; byte b; short s; char c; float f; double d;
    String tail;

    @Override public boolean equals(Object o) {
      if (!(o instanceof All)) {
        return false;
      }
      All a = (All) o;
      return i1 == a.i1 && i2 == a.i2 && l1 == a.l1 && l2 == a.l2 && Objects.equals(bi, a.bi) && Objects.equals(bl, a.bl)
          && suit == a.suit && Objects.equals(bz, a.bz) && Objects.equals(bb, a.bb) && Objects.equals(bs, a.bs)
          && Objects.equals(bc, a.bc) && Objects.equals(bf, a.bf) && Objects.equals(bd, a.bd) && z == a.z && b == a.b
          && s == a.s && c == a.c && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(a.f)
          && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(a.d) && Objects.equals(tail, a.tail);
    }

    @Override public int hashCode() {
      return i1;
    }

    @Override public String toString() {
      return "All{" + i1 + "," + i2 + "," + l1 + "," + l2 + "," + bi + "," + bl + "," + suit + "," + bz + "," + bb + ","
          + bs + "," + bc + "," + bf + "," + bd + "," + z + "," + b + "," + s + "," + (int) c + "," + f + "," + d + "," + tail + "}";
    }
  }

  /** Components declared in an order the layout does not keep. */
  record Rec(String name, Double score, int count, Suit suit, long id, boolean flag, Integer maybe, char letter) {}

  /** 20 ints: two group chunks in generated code (16 codes each). */
  static final class Twenty {
    int a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9;
  }

  static int anyInt(Random r) {
    return (int) anyLong(r, 32);
  }

  /** A value of a random byte length (sign-extended), so every code occurs. */
  static long anyLong(Random r, int bits) {
    int len = r.nextInt(bits / 8) + 1;
    long v = r.nextLong();
    int sh = 64 - 8 * len;
    return (v << sh) >> sh;
  }

  static All all(Random r) {
    All a = new All();
    a.i1 = anyInt(r); a.i2 = r.nextBoolean() ? 0 : -1; a.l1 = anyLong(r, 64); a.l2 = r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
    a.bi = r.nextInt(4) == 0 ? null : anyInt(r);
    a.bl = r.nextInt(4) == 0 ? null : anyLong(r, 64);
    a.suit = r.nextInt(5) == 0 ? null : Suit.values()[r.nextInt(4)];
    a.bz = r.nextInt(3) == 0 ? null : r.nextBoolean();
    a.bb = r.nextInt(3) == 0 ? null : (byte) r.nextInt();
    a.bs = r.nextInt(3) == 0 ? null : (short) r.nextInt();
    a.bc = r.nextInt(3) == 0 ? null : (char) r.nextInt();
    a.bf = r.nextInt(3) == 0 ? null : Float.intBitsToFloat(r.nextInt());
    a.bd = r.nextInt(3) == 0 ? null : Double.longBitsToDouble(r.nextLong());
    a.z = r.nextBoolean(); a.b = (byte) r.nextInt(); a.s = (short) r.nextInt(); a.c = (char) r.nextInt();
    a.f = Float.intBitsToFloat(r.nextInt()); a.d = Double.longBitsToDouble(r.nextLong());
    a.tail = r.nextBoolean() ? null : "t" + r.nextInt(100);
    return a;
  }

  static Brine brine(boolean compress, boolean codegen) {
    return Brine.builder().register(All.class, Rec.class, Suit.class, Twenty.class).compressNumbers(compress).codegen(codegen).build();
  }

  @Property(tries = 150)
  void generatedAndInterpretedWriteTheSameBytesAndReadEachOther(@ForAll long seed, @ForAll boolean compress) {
    Random r = new Random(seed);
    Brine gen = brine(compress, true);
    Brine interp = brine(compress, false);
    assertTrue(gen.explain(All.class).contains("generated"), gen.explain(All.class));
    All a = all(r);
    byte[] bytes = gen.serialize(a);
    assertArrayEquals(interp.serialize(a), bytes);
    assertEquals(a, gen.deserialize(bytes, All.class));
    assertEquals(a, interp.deserialize(bytes, All.class));
    Rec rec = new Rec(r.nextBoolean() ? null : "n", r.nextBoolean() ? null : r.nextDouble(), anyInt(r),
        r.nextBoolean() ? null : Suit.HEARTS, anyLong(r, 64), r.nextBoolean(), r.nextBoolean() ? null : anyInt(r), (char) r.nextInt());
    byte[] rb = gen.serialize(rec);
    assertArrayEquals(interp.serialize(rec), rb);
    assertEquals(rec, gen.deserialize(rb, Rec.class));
    assertEquals(rec, interp.deserialize(rb, Rec.class));
    Twenty t = new Twenty();
    t.a0 = anyInt(r); t.a9 = anyInt(r); t.b5 = anyInt(r); t.b9 = -1;
    byte[] tb = gen.serialize(t);
    assertArrayEquals(interp.serialize(t), tb);
    assertArrayEquals(tb, gen.serialize(interp.deserialize(tb)));
    assertArrayEquals(tb, interp.serialize(gen.deserialize(tb)));
  }

  /** Each int takes the fewest bytes that sign-extend to it; every control byte holds two codes. */
  @Test
  void sizes() {
    Brine b = brine(true, true);
    Twenty t = new Twenty();
    // header, tag, 10 control bytes, 20 one-byte values
    assertEquals(1 + 1 + 10 + 20, b.serialize(t).length);
    t.a0 = 127;
    t.a1 = 128;
    t.a2 = -128;
    t.a3 = -129;
    t.a4 = Integer.MIN_VALUE;
    byte[] bytes = b.serialize(t);
    assertEquals(1 + 1 + 10 + 1 + 2 + 1 + 2 + 4 + 15, bytes.length);
    assertEquals(0x21, bytes[2] & 0xFF, "codes of a0 (1) and a1 (2)");
    assertEquals(0x21, bytes[3] & 0xFF, "codes of a2 (1) and a3 (2)");
    assertEquals(0x14, bytes[4] & 0xFF, "codes of a4 (4) and a5 (1)");
  }

  /** Cut anywhere, a payload is refused; a bare value cut anywhere is truncated (so a stream waits for more bytes). */
  @Property(tries = 60)
  void cutPayloadsAreRefusedAndCutBareValuesAreTruncated(@ForAll long seed, @ForAll boolean compress, @ForAll boolean codegen) {
    Random r = new Random(seed);
    Brine brine = brine(compress, codegen);
    All a = all(r);
    byte[] bytes = brine.serialize(a);
    for (int n = 0; n < bytes.length; n++) {
      byte[] cut = Arrays.copyOf(bytes, n);
      assertThrows(BrineException.class, () -> brine.deserialize(cut), "cut at " + n);
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    brine.serializeValue(a, out);
    byte[] bare = out.toByteArray();
    for (int n = 0; n < bare.length; n++) {
      // also with bytes after the cut in the same array (loads may read them; they must not count)
      byte[] padded = Arrays.copyOf(bare, bare.length + 32);
      Arrays.fill(padded, n, padded.length, (byte) 0x7f);
      for (ByteBuffer in : new ByteBuffer[] {ByteBuffer.wrap(Arrays.copyOf(bare, n)), ByteBuffer.wrap(padded, 0, n)}) {
        int start = in.position();
        assertThrows(TruncatedInputException.class, () -> brine.deserializeValue(in), "bare value cut at " + n);
        assertEquals(start, in.position());
      }
    }
    assertEquals(a, brine.deserializeValue(ByteBuffer.wrap(bare)));
  }

  /** A control code outside its field's range is malformed input naming the field, never a value. */
  @Property(tries = 80)
  void codesOutOfRangeAreMalformed(@ForAll long seed, @ForAll @IntRange(min = 0, max = 12) int field,
      @ForAll boolean codegen) {
    Random r = new Random(seed);
    Brine brine = brine(true, codegen);
    All a = all(r);
    byte[] bytes = brine.serialize(a);
    // group order: i1, i2, l1, l2, then bb, bc, bd, bf, bi, bl, bs, bz, suit (the nullable ones by name)
    int[] max = {4, 4, 8, 8, 1, 2, 8, 4, 4, 8, 2, 1, 4};
    int at = 2 + field / 2;
    int shift = (field & 1) * 4;
    int bad = max[field] + 1 + r.nextInt(15 - max[field]);
    bytes[at] = (byte) ((bytes[at] & ~(15 << shift)) | bad << shift);
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> brine.deserialize(bytes));
    assertTrue(e.getMessage().contains("length code " + bad) && e.getMessage().contains("offset 2"), e.getMessage());
  }

  @Test
  void zeroCodesOfPrimitivesAndWrongWidthsAreMalformed() {
    for (boolean codegen : new boolean[] {true, false}) {
      Brine brine = brine(true, codegen);
      byte[] bytes = brine.serialize(new All());
      byte[] zeroInt = bytes.clone();
      zeroInt[2] = (byte) (zeroInt[2] & 0xF0); // i1: code 0, but an int is never null
      assertThrows(MalformedInputException.class, () -> brine.deserialize(zeroInt));
      All withShort = new All();
      withShort.bs = 5;
      byte[] wrongWidth = brine.serialize(withShort);
      wrongWidth[2 + 10 / 2] = (byte) ((wrongWidth[2 + 5] & 0xF0) | 1); // bs: code 1, a Short takes 2
      assertThrows(BrineException.class, () -> brine.deserialize(wrongWidth));
    }
  }

  @Test
  void enumOrdinalsAndBooleansOutOfRangeAreMalformed() {
    for (boolean codegen : new boolean[] {true, false}) {
      Brine brine = brine(true, codegen);
      All a = new All();
      a.suit = Suit.SPADES;
      byte[] bytes = brine.serialize(a);
      int ordinalAt = indexOf(bytes, (byte) 3, 2 + 7); // after the control bytes
      bytes[ordinalAt] = 9;
      MalformedInputException e = assertThrows(MalformedInputException.class, () -> brine.deserialize(bytes));
      assertTrue(e.getMessage().contains("ordinal 9"), e.getMessage());
      All flag = new All();
      flag.z = true;
      byte[] fb = brine.serialize(flag);
      // z is the last byte of the fixed block, before the tail's null string (03)
      fb[fb.length - 2] = 2;
      e = assertThrows(MalformedInputException.class, () -> brine.deserialize(fb));
      assertTrue(e.getMessage().contains("boolean byte 2"), e.getMessage());
    }
  }

  private static int indexOf(byte[] b, byte v, int from) {
    for (int i = from; i < b.length; i++) {
      if (b[i] == v) {
        return i;
      }
    }
    throw new AssertionError("no " + v);
  }

  /** A payload of format 1 (an earlier version) is read by the default Brine, generated code or not. */
  @Property(tries = 40)
  void formatOnePayloadsAreRead(@ForAll long seed, @ForAll boolean compress, @ForAll boolean codegen) {
    Random r = new Random(seed);
    Brine v1 = Brine.builder().register(All.class, Rec.class, Suit.class, Twenty.class).compressNumbers(compress).formatVersion(1).build();
    All a = all(r);
    byte[] old = v1.serialize(a);
    assertEquals(0xB2, old[0] & 0xFA);
    assertEquals(a, brine(compress, codegen).deserialize(old, All.class));
    assertEquals(a, v1.deserialize(old, All.class));
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> v1.deserialize(brine(compress, codegen).serialize(a)));
    assertTrue(e.getMessage().contains("formatVersion(1)"), e.getMessage());
  }
}
