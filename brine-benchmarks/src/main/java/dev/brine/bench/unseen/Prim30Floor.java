package dev.brine.bench.unseen;

import dev.brine.io.ByteWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A floor for issue #15's target 2 on {@link Prim30}: hand-written straight-line code that writes
 * exactly Brine's default payload of a {@code Prim30} (registered first: header {@code c0}, type id 64,
 * the number group of its eight ints and eight longs, then the fixed block) into an exact-size array,
 * through {@code VarHandle}s as Brine must (no {@code Unsafe}). Every value's length first (from Brine's
 * table, {@code ByteWriter.sizeOfSigned32/64}: computed lengths measured 4–7 % slower here too), the 16 lengths gathered in one {@code long}
 * (16 length locals spill: 10 % slower), then the array allocated and every field stored: what a skilled
 * engineer would write for this one class. {@code RoundTripSmokeTest.thePrim30FloorWritesBrinesBytes}
 * checks it against Brine's bytes.
 */
public final class Prim30Floor {
  private Prim30Floor() {}

  private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle F32 = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle F64 = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  /** Header, type id, eight control bytes. */
  private static final int GROUP_START = 10;
  /** Four doubles, three floats, three 16-bit values, four bytes. */
  private static final int FIXED = 54;

  /** The fewest bytes (1–4) that sign-extend back to {@code v}: Brine's table. */
  private static int size32(int v) {
    return ByteWriter.sizeOfSigned32(v);
  }

  /** The fewest bytes (1–8) that sign-extend back to {@code v}: Brine's table. */
  private static int size64(long v) {
    return ByteWriter.sizeOfSigned64(v);
  }

  /**
   * The number group's 16 codes as Brine's 8 control bytes (little-endian: field k's code in bits 4k..4k+3),
   * each the length of that field's value.
   */
  private static long codes(Prim30 p) {
    return (long) (size32(p.i0) | size32(p.i1) << 4 | size32(p.i2) << 8 | size32(p.i3) << 12 | size32(p.i4) << 16
        | size32(p.i5) << 20 | size32(p.i6) << 24) | (long) size32(p.i7) << 28
        | (long) (size64(p.l0) | size64(p.l1) << 4 | size64(p.l2) << 8 | size64(p.l3) << 12 | size64(p.l4) << 16
        | size64(p.l5) << 20 | size64(p.l6) << 24) << 32 | (long) size64(p.l7) << 60;
  }

  /** The sum of the 16 codes. */
  private static int groupBytes(long codes) {
    long pairs = (codes & 0x0F0F0F0F0F0F0F0FL) + ((codes >>> 4) & 0x0F0F0F0F0F0F0F0FL); // 8 byte-wide sums
    return (int) ((pairs * 0x0101010101010101L) >>> 56);
  }

  /**
   * Brine's payload of {@code p}: its length from the codes, then a new array of exactly that length and
   * the stores.
   *
   * @param p the value
   * @return a new array of exactly the payload's length
   */
  public static byte[] write(Prim30 p) {
    long codes = codes(p);
    byte[] b = new byte[GROUP_START + groupBytes(codes) + FIXED];
    store(p, b, codes);
    return b;
  }

  /**
   * Brine's payload of {@code p} written into {@code scratch} (one thread's, at least 200 bytes), then copied
   * into a new array of its length: the other way to an exact-size result (Brine's, for flat classes).
   *
   * @param p the value
   * @param scratch the scratch array
   * @return a new array of exactly the payload's length
   */
  public static byte[] writeCopy(Prim30 p, byte[] scratch) {
    return java.util.Arrays.copyOf(scratch, store(p, scratch, codes(p)));
  }

  /** Stores the payload at the start of {@code b}; returns its end. */
  private static int store(Prim30 p, byte[] b, long codes) {
    I16.set(b, 0, (short) 0x40c0);
    I64.set(b, 2, codes);
    // every value stored as a whole word (the fixed block after the group leaves room), the position
    // advanced by its code
    int q = GROUP_START;
    I32.set(b, q, p.i0);
    q += (int) codes & 15;
    I32.set(b, q, p.i1);
    q += (int) (codes >>> 4) & 15;
    I32.set(b, q, p.i2);
    q += (int) (codes >>> 8) & 15;
    I32.set(b, q, p.i3);
    q += (int) (codes >>> 12) & 15;
    I32.set(b, q, p.i4);
    q += (int) (codes >>> 16) & 15;
    I32.set(b, q, p.i5);
    q += (int) (codes >>> 20) & 15;
    I32.set(b, q, p.i6);
    q += (int) (codes >>> 24) & 15;
    I32.set(b, q, p.i7);
    q += (int) (codes >>> 28) & 15;
    I64.set(b, q, p.l0);
    q += (int) (codes >>> 32) & 15;
    I64.set(b, q, p.l1);
    q += (int) (codes >>> 36) & 15;
    I64.set(b, q, p.l2);
    q += (int) (codes >>> 40) & 15;
    I64.set(b, q, p.l3);
    q += (int) (codes >>> 44) & 15;
    I64.set(b, q, p.l4);
    q += (int) (codes >>> 48) & 15;
    I64.set(b, q, p.l5);
    q += (int) (codes >>> 52) & 15;
    I64.set(b, q, p.l6);
    q += (int) (codes >>> 56) & 15;
    I64.set(b, q, p.l7);
    q += (int) (codes >>> 60);
    F64.set(b, q, p.d0);
    F64.set(b, q + 8, p.d1);
    F64.set(b, q + 16, p.d2);
    F64.set(b, q + 24, p.d3);
    F32.set(b, q + 32, p.f0);
    F32.set(b, q + 36, p.f1);
    F32.set(b, q + 40, p.f2);
    I16.set(b, q + 44, (short) p.c0);
    I16.set(b, q + 46, p.s0);
    I16.set(b, q + 48, p.s1);
    b[q + 50] = p.b0;
    b[q + 51] = p.b1;
    b[q + 52] = (byte) (p.z0 ? 1 : 0);
    b[q + 53] = (byte) (p.z1 ? 1 : 0);
    return q + FIXED;
  }
}
