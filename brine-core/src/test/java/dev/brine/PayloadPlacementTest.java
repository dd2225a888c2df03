package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A payload reads the same wherever it stands in its array: alone in an array of its own (its last
 * objects' numbers then read through {@code ByteReader.window}'s copy of the array's last bytes), at an
 * offset with other bytes after it (read in place), or near the end of a larger array. Cut anywhere, it
 * fails the same way — the same exception and message — whether the bytes after the cut are the array's
 * end or other data, and whatever an earlier read left in the reader's scratch copy.
 */
class PayloadPlacementTest {
  /** Ends with two small objects of numbers: the last bytes of the payload are a number group. */
  static final class Outer {
    long id;
    NumberGroupTest.All all;
    Inner a;
    Inner b;

    @Override public boolean equals(Object o) {
      return o instanceof Outer x && id == x.id && Objects.equals(all, x.all) && Objects.equals(a, x.a) && Objects.equals(b, x.b);
    }

    @Override public int hashCode() {
      return Long.hashCode(id);
    }
  }

  static final class Inner {
    int x;
    Long y;
    boolean z;

    @Override public boolean equals(Object o) {
      return o instanceof Inner i && x == i.x && Objects.equals(y, i.y) && z == i.z;
    }

    @Override public int hashCode() {
      return x;
    }
  }

  static Brine brine(boolean compress, boolean codegen) {
    return Brine.builder().register(Outer.class, Inner.class, NumberGroupTest.All.class, NumberGroupTest.Suit.class)
        .compressNumbers(compress).codegen(codegen).build();
  }

  static Outer outer(Random r) {
    Outer o = new Outer();
    o.id = NumberGroupTest.anyLong(r, 64);
    o.all = r.nextInt(4) == 0 ? null : NumberGroupTest.all(r);
    o.a = r.nextInt(4) == 0 ? null : inner(r);
    o.b = r.nextInt(4) == 0 ? null : inner(r);
    return o;
  }

  static Inner inner(Random r) {
    Inner i = new Inner();
    i.x = NumberGroupTest.anyInt(r);
    i.y = r.nextBoolean() ? null : NumberGroupTest.anyLong(r, 64);
    i.z = r.nextBoolean();
    return i;
  }

  /** {@code bytes[0, n)} at {@code offset} of an array with {@code after} bytes of 0x7f after it. */
  static byte[] placed(byte[] bytes, int n, int offset, int after) {
    byte[] a = new byte[offset + n + after];
    Arrays.fill(a, (byte) 0x7f);
    System.arraycopy(bytes, 0, a, offset, n);
    return a;
  }

  @Property(tries = 60)
  void readsTheSameWhereverItStands(@ForAll long seed, @ForAll boolean compress, @ForAll boolean codegen) {
    Random r = new Random(seed);
    Brine brine = brine(compress, codegen);
    Outer o = outer(r);
    byte[] bytes = brine.serialize(o);
    int[][] placements = {{0, 0}, {5, 0}, {0, 3}, {9, 300}, {1, 255}, {0, 256}};
    for (int[] p : placements) {
      byte[] a = placed(bytes, bytes.length, p[0], p[1]);
      assertEquals(o, brine.deserialize(a, p[0], bytes.length), "at " + p[0] + " with " + p[1] + " after");
    }
    for (int n = 0; n < bytes.length; n++) {
      String expected = failure(brine, Arrays.copyOf(bytes, n), 0, n);
      for (int[] p : placements) {
        assertEquals(expected, failure(brine, placed(bytes, n, p[0], p[1]), p[0], n),
            "cut at " + n + ", at " + p[0] + " with " + p[1] + " after");
      }
    }
  }

  /**
   * Values read one after another through one reusable array (as a caller with a receive buffer does):
   * the scratch copy of one payload's last bytes is never read as another's.
   */
  @Property(tries = 30)
  void aReusedArrayReadsEachPayloadAfresh(@ForAll long seed, @ForAll boolean compress, @ForAll boolean codegen) {
    Random r = new Random(seed);
    Brine brine = brine(compress, codegen);
    byte[] buffer = new byte[0];
    for (int i = 0; i < 20; i++) {
      Outer o = outer(r);
      byte[] bytes = brine.serialize(o);
      if (buffer.length < bytes.length || r.nextBoolean()) {
        buffer = new byte[bytes.length + r.nextInt(3)];
      }
      int at = buffer.length - bytes.length; // the payload ends at the array's end
      System.arraycopy(bytes, 0, buffer, at, bytes.length);
      assertEquals(o, brine.deserialize(buffer, at, bytes.length), "value " + i);
    }
  }

  /**
   * Whole payloads, cut payloads and payloads with room after them, read in a random order by one
   * reader (which, once a payload's last objects read from its scratch copy of the tail, copies each
   * next payload's tail when it starts): each reads or fails exactly as it does in a fresh Brine.
   */
  @Property(tries = 30)
  void eachPayloadReadsAsInAFreshBrineWhateverWasReadBefore(@ForAll long seed, @ForAll boolean compress, @ForAll boolean codegen) {
    Random r = new Random(seed);
    Brine reader = brine(compress, codegen);
    for (int i = 0; i < 40; i++) {
      Outer o = outer(r);
      byte[] bytes = reader.serialize(o);
      int n = r.nextInt(3) == 0 ? r.nextInt(bytes.length) : bytes.length;
      int offset = r.nextInt(3) == 0 ? r.nextInt(9) : 0;
      int after = r.nextBoolean() ? 0 : r.nextInt(80);
      byte[] a = placed(bytes, n, offset, after);
      if (n == bytes.length) {
        assertEquals(o, reader.deserialize(a, offset, n), "value " + i);
      } else {
        assertEquals(failure(brine(compress, codegen), Arrays.copyOf(bytes, n), 0, n), failure(reader, a, offset, n),
            "value " + i + " cut at " + n);
      }
    }
  }

  static String failure(Brine brine, byte[] a, int offset, int length) {
    BrineException e = assertThrows(BrineException.class, () -> brine.deserialize(a, offset, length));
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
