package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.MalformedInputException;
import java.util.*;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Runs of primitive and boxed fields read and written as one block (fixed-width runs, varint runs): same values as the interpreter, truncation and bad bytes refused. */
class CodegenRunsTest {
  record Pt(double x, double y, float z, short s, char c, byte b, String name, double w) {}

  static final class Samples {
    int id;
    double a, b, c;
    float f;
    char ch;
    short sh;
    byte by;
    boolean flag;
    double[] rest;
  }

  /** Runs of fixed-width fields are read with one bounds check: same values, truncation at every offset. */
  @Property(tries = 40)
  void fixedWidthRunsRoundTripAndTruncate(@ForAll double x, @ForAll double y, @ForAll float z, @ForAll short sh,
      @ForAll char c, @ForAll byte b, @ForAll int id) {
    Brine gen = Brine.builder().register(Pt.class, Samples.class).build();
    Brine interp = Brine.builder().register(Pt.class, Samples.class).codegen(false).build();
    Pt pt = new Pt(x, y, z, sh, c, b, "p", -x);
    Samples smp = new Samples();
    smp.id = id; smp.a = x; smp.b = y; smp.c = -y; smp.f = z; smp.ch = c; smp.sh = sh; smp.by = b; smp.flag = id % 2 == 0;
    smp.rest = new double[] {x};
    for (Object v : new Object[] {pt, smp}) {
      byte[] bytes = gen.serialize(v);
      assertArrayEquals(interp.serialize(v), bytes);
      assertArrayEquals(bytes, gen.serialize(gen.deserialize(bytes)));
      assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
      for (int cut = 0; cut < bytes.length; cut++) {
        byte[] part = java.util.Arrays.copyOf(bytes, cut);
        assertThrows(MalformedInputException.class, () -> gen.deserialize(part), "cut at " + cut);
      }
    }
  }

  static final class Boxes {
    int a;
    Integer b;
    Long c;
    double d;
    Double e;
    Float f;
    Integer g;
    short h;
  }

  /** Boxed numbers inside runs of primitive fields (slot byte and value, or the null slot): same bytes. */
  @Property(tries = 60)
  void boxedNumbersInRunsMatchTheInterpreter(@ForAll int a, @ForAll Integer b, @ForAll Long c, @ForAll double d,
      @ForAll Double e, @ForAll Float f, @ForAll short h, @ForAll boolean nulls) {
    Boxes x = new Boxes();
    x.a = a; x.b = nulls ? null : b; x.c = c; x.d = d; x.e = nulls ? null : e; x.f = f; x.g = nulls ? b : null; x.h = h;
    Brine gen = Brine.builder().register(Boxes.class).build();
    Brine interp = Brine.builder().register(Boxes.class).codegen(false).build();
    byte[] bytes = gen.serialize(x);
    assertArrayEquals(interp.serialize(x), bytes);
    assertArrayEquals(bytes, interp.serialize(gen.deserialize(bytes)));
    assertArrayEquals(bytes, gen.serialize(interp.deserialize(bytes)));
  }

  /** A run of primitive fields with varints and booleans, as a class and as a record (read with the position in a local). */
  static final class Prims {
    boolean a;
    int b;
    long c;
    byte d;
    boolean e;
    int f;
    short g;
    long h;
    char i;
    float j;
    double k;
    int l;
  }

  record PrimRec(int a, boolean b, long c, int d, long e, boolean f) {}

  static Prims prims(java.util.Random r) {
    Prims p = new Prims();
    p.a = r.nextBoolean();
    p.b = edge(r);
    p.c = edgeLong(r);
    p.d = (byte) r.nextInt();
    p.e = r.nextBoolean();
    p.f = edge(r);
    p.g = (short) r.nextInt();
    p.h = edgeLong(r);
    p.i = (char) r.nextInt();
    p.j = r.nextFloat();
    p.k = r.nextDouble();
    p.l = edge(r);
    return p;
  }

  /** Ints of every varint length, edges included. */
  static int edge(java.util.Random r) {
    int[] edges = {0, 1, -1, 63, -64, 64, 8191, -8192, 8192, Integer.MAX_VALUE, Integer.MIN_VALUE};
    return r.nextBoolean() ? edges[r.nextInt(edges.length)] : r.nextInt() >> r.nextInt(32);
  }

  /** Longs of every prefix-varint length, edges included. */
  static long edgeLong(java.util.Random r) {
    long[] edges = {0, 1, -1, 63, -64, 64, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 55, -(1L << 55), 1L << 62};
    return r.nextBoolean() ? edges[r.nextInt(edges.length)] : r.nextLong() >> r.nextInt(64);
  }

  @Property(tries = 100)
  void varintRunsReadWhatTheInterpreterReads(@ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    Brine gen = Brine.builder().register(Prims.class, PrimRec.class).build();
    Brine interp = Brine.builder().register(Prims.class, PrimRec.class).codegen(false).build();
    assertTrue(gen.explain(Prims.class).contains("generated"));
    Prims p = prims(r);
    byte[] bytes = gen.serialize(p);
    assertArrayEquals(interp.serialize(p), bytes);
    Prims back = gen.deserialize(bytes, Prims.class);
    assertArrayEquals(bytes, interp.serialize(back));
    assertEquals(p.c, back.c);
    assertEquals(p.l, back.l);
    PrimRec rec = new PrimRec(edge(r), r.nextBoolean(), edgeLong(r), edge(r), edgeLong(r), r.nextBoolean());
    byte[] rb = gen.serialize(rec);
    assertArrayEquals(interp.serialize(rec), rb);
    assertEquals(rec, gen.deserialize(rb, PrimRec.class));
    // a run read in place (more bytes follow) and one read from the padded tail (the payload's end)
    List<Object> two = new ArrayList<>(List.of(rec, p));
    assertEquals(List.of(rec), List.of(gen.deserialize(gen.serialize(List.of(rec)), List.class).get(0)));
    byte[] listBytes = gen.serialize(two);
    assertArrayEquals(interp.serialize(two), listBytes);
    assertArrayEquals(listBytes, interp.serialize(gen.deserialize(listBytes)));
  }

  @Property(tries = 100)
  void truncatedVarintRunsAreTruncatedNeverWrong(@ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    Brine gen = Brine.builder().register(Prims.class, PrimRec.class).build();
    for (Object v : new Object[] {prims(r), new PrimRec(edge(r), true, edgeLong(r), edge(r), edgeLong(r), false)}) {
      byte[] bytes = gen.serialize(v);
      for (int n = 0; n < bytes.length; n++) {
        byte[] cut = java.util.Arrays.copyOf(bytes, n);
        assertThrows(dev.brine.BrineException.class, () -> gen.deserialize(cut), "cut at " + n);
      }
      // a bare value in a stream: a cut is TruncatedInputException (the reader waits for more bytes)
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      gen.serializeValue(v, out);
      byte[] bare = out.toByteArray();
      for (int n = 0; n < bare.length; n++) {
        java.nio.ByteBuffer cut = java.nio.ByteBuffer.wrap(java.util.Arrays.copyOf(bare, n));
        assertThrows(dev.brine.TruncatedInputException.class, () -> gen.deserializeValue(cut), "cut at " + n);
        assertEquals(0, cut.position());
      }
      assertEquals(v.getClass(), gen.deserializeValue(java.nio.ByteBuffer.wrap(bare)).getClass());
    }
  }

  @Test
  void malformedBytesInVarintRunsAreRefusedWithTheirOffset() {
    Brine gen = Brine.builder().register(PrimRec.class).build();
    byte[] ok = gen.serialize(new PrimRec(1, true, 2, 3, 4, false));
    // header, type id (varuint32 64 = one byte), then a=1 (zig-zag 2), b=true, ...
    byte[] badBoolean = ok.clone();
    badBoolean[3] = 2;
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> gen.deserialize(badBoolean));
    assertTrue(e.getMessage().contains("offset"), e.getMessage());
    byte[] longVarint = new byte[ok.length + 4];
    System.arraycopy(ok, 0, longVarint, 0, 2);
    longVarint[2] = (byte) 0x82;
    longVarint[3] = (byte) 0x80;
    longVarint[4] = (byte) 0x80;
    longVarint[5] = (byte) 0x80;
    longVarint[6] = (byte) 0x10; // a fifth byte with more than 4 bits: longer than 32 bits
    System.arraycopy(ok, 3, longVarint, 7, ok.length - 3);
    assertThrows(MalformedInputException.class, () -> gen.deserialize(longVarint));
  }
}
