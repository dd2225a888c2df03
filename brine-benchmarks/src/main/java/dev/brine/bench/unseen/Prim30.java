package dev.brine.bench.unseen;

import java.util.Objects;

/** Thirty primitive fields of every primitive type, values of mixed magnitudes; a class no other benchmark uses. */
public class Prim30 implements java.io.Serializable {
  public int i0, i1, i2, i3, i4, i5, i6, i7;
  public long l0, l1, l2, l3, l4, l5, l6, l7;
  public double d0, d1, d2, d3;
  public float f0, f1, f2;
  public short s0, s1;
  public byte b0, b1;
  public boolean z0, z1;
  public char c0;

  /** @return the benchmark's value */
  public static Prim30 create() {
    Prim30 p = new Prim30();
    p.i0 = 7; p.i1 = -3; p.i2 = 1_000; p.i3 = -250_000; p.i4 = 42_000_000; p.i5 = Integer.MIN_VALUE; p.i6 = 0; p.i7 = 65_535;
    p.l0 = 1L; p.l1 = -90L; p.l2 = 1_700_000_000_000L; p.l3 = -5_000_000_000L; p.l4 = 123_456_789L; p.l5 = Long.MAX_VALUE;
    p.l6 = 0L; p.l7 = 86_400_000L;
    p.d0 = 0.1; p.d1 = -273.15; p.d2 = 6.02214076e23; p.d3 = 2.0;
    p.f0 = 1.5f; p.f1 = -0.25f; p.f2 = 3.4e38f;
    p.s0 = 12; p.s1 = -30_000;
    p.b0 = 1; p.b1 = -128;
    p.z0 = true; p.z1 = false;
    p.c0 = 'q';
    return p;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Prim30 p)) {
      return false;
    }
    return i0 == p.i0 && i1 == p.i1 && i2 == p.i2 && i3 == p.i3 && i4 == p.i4 && i5 == p.i5 && i6 == p.i6 && i7 == p.i7
        && l0 == p.l0 && l1 == p.l1 && l2 == p.l2 && l3 == p.l3 && l4 == p.l4 && l5 == p.l5 && l6 == p.l6 && l7 == p.l7
        && Double.compare(d0, p.d0) == 0 && Double.compare(d1, p.d1) == 0 && Double.compare(d2, p.d2) == 0
        && Double.compare(d3, p.d3) == 0 && Float.compare(f0, p.f0) == 0 && Float.compare(f1, p.f1) == 0
        && Float.compare(f2, p.f2) == 0 && s0 == p.s0 && s1 == p.s1 && b0 == p.b0 && b1 == p.b1 && z0 == p.z0
        && z1 == p.z1 && c0 == p.c0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(i0, l0, d0, s0, c0);
  }
}
