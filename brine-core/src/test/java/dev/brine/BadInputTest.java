package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.*;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Hostile and broken input: every failure is a BrineException naming the offset, nothing large is
 * allocated, nothing hangs.
 */
class BadInputTest {
  enum Kind { A, B }
  record Item(String name, int qty, Kind kind, List<String> tags) {}
  static final class Node { String label; Node next; List<Object> items = new ArrayList<>(); Map<String, Object> attrs = new HashMap<>(); }

  static final class HoldsText { Optional<String> o = Optional.of("not a number"); int after = 1; }
  static final class HoldsNumber { Optional<Long> o; int after; }

  @Test
  void anOptionalOfAnotherFinalClassThanItsFieldDeclaresIsRefused() {
    // the same layout under one id: erasure would let the Optional<String> into the Optional<Long> field,
    // leaving a ClassCastException for the application; generated and interpreted readers check it
    byte[] b = Brine.builder().register(100, HoldsText.class).codegenThreshold(0).build().serialize(new HoldsText());
    for (int threshold : new int[] {0, Integer.MAX_VALUE}) {
      Brine reader = Brine.builder().register(100, HoldsNumber.class).codegenThreshold(threshold).build();
      MalformedInputException e = assertThrows(MalformedInputException.class, () -> reader.deserialize(b, HoldsNumber.class));
      assertTrue(e.getMessage().contains("HoldsNumber.o") && e.getMessage().contains("java.lang.String"), e.getMessage());
      HoldsText empty = new HoldsText();
      empty.o = Optional.empty();
      HoldsNumber n = reader.deserialize(Brine.builder().register(100, HoldsText.class).build().serialize(empty), HoldsNumber.class);
      assertEquals(Optional.empty(), n.o);
      assertEquals(1, n.after);
    }
  }

  static final Brine BRINE = Brine.builder().register(Kind.class, Item.class, Node.class).build();
  static final Brine REFS = Brine.builder().register(Kind.class, Item.class, Node.class).references(true).build();

  static List<Object> samples() {
    Node n = new Node();
    n.label = "root";
    n.next = new Node();
    n.next.label = "ü";
    n.items.add(new Item("x", 3, Kind.B, List.of("t1", "t2")));
    n.items.add(new int[] {1, 2});
    n.attrs.put("k", 1.5);
    n.attrs.put("list", new ArrayList<>(List.of(1, 2, 3)));
    Map<Object, Object> mixed = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      mixed.put(i % 7 == 0 ? "s" + i : i, i % 5 == 0 ? null : (Object) ("v" + i));
    }
    return List.of("hello wörld \uD83D\uDE80", 12345678901L, new long[] {1, 2, 3}, new String[] {"a", null},
        new Object[] {1, "x", null, Kind.A}, new BigDecimal("3.14159"), UUID.randomUUID(), n, mixed,
        new TreeSet<>(List.of(5, 1, 3)), EnumSet.of(Kind.B), new EnumMap<>(Map.of(Kind.A, "a")),
        Optional.of(List.of(1)), Instant.now(), ZonedDateTime.now(), new BitSet(), List.of(1, 2), Set.of("z"),
        new ArrayDeque<>(List.of("q")), new LinkedList<>(List.of(1L)));
  }

  static void assertRejected(Brine brine, byte[] bad) {
    try {
      brine.deserialize(bad);
    } catch (BrineException e) {
      assertNotNull(e.getMessage());
      return;
    } catch (Throwable t) {
      fail("expected a BrineException but got " + t, t);
    }
  }

  @Test
  void truncatedAtEveryOffset() {
    for (Brine brine : List.of(BRINE, REFS)) {
      for (Object sample : samples()) {
        byte[] good = brine.serialize(sample);
        for (int len = 0; len < good.length; len++) {
          byte[] cut = Arrays.copyOf(good, len);
          BrineException e = assertThrows(BrineException.class, () -> brine.deserialize(cut),
              () -> "truncated to " + cut.length + " bytes: " + sample);
          assertTrue(e.getMessage().contains("offset") || e.getMessage().contains("empty"), e.getMessage());
        }
      }
    }
  }

  @Test
  void trailingBytes() {
    byte[] good = BRINE.serialize("x");
    byte[] longer = Arrays.copyOf(good, good.length + 1);
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> BRINE.deserialize(longer));
    assertTrue(e.getMessage().contains("trailing"), e.getMessage());
  }

  @Property(tries = 300)
  void randomByteFlips(@ForAll @IntRange(min = 0, max = 19) int which, @ForAll long seed) {
    Random random = new Random(seed);
    for (Brine brine : List.of(BRINE, REFS)) {
      byte[] good = brine.serialize(samples().get(which));
      byte[] bad = good.clone();
      int flips = 1 + random.nextInt(3);
      for (int i = 0; i < flips; i++) {
        bad[random.nextInt(bad.length)] ^= (byte) (1 + random.nextInt(255));
      }
      try {
        brine.deserialize(bad); // may decode to another valid value; must not fail any other way
      } catch (BrineException e) {
        assertNotNull(e.getMessage());
      }
    }
  }

  @Property(tries = 300)
  void randomGarbage(@ForAll byte[] garbage) {
    byte[] bad = new byte[garbage.length + 1];
    bad[0] = (byte) 0xC0;
    System.arraycopy(garbage, 0, bad, 1, garbage.length);
    assertRejectedOrValue(bad);
  }

  private static void assertRejectedOrValue(byte[] bad) {
    try {
      BRINE.deserialize(bad);
    } catch (BrineException e) {
      assertNotNull(e.getMessage());
    }
  }

  @Test
  void lyingLengthsAllocateNothingLarge() {
    // 16 bytes claiming 2^31-1 elements for each kind of container
    int[] tags = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25, 26, 27, 28, 29, 34, 35, 38, 54};
    for (int tag : tags) {
      byte[] bad = new byte[16];
      bad[0] = (byte) 0xC0;
      bad[1] = (byte) tag;
      bad[2] = (byte) 0xff; bad[3] = (byte) 0xff; bad[4] = (byte) 0xff; bad[5] = (byte) 0xff; bad[6] = 0x07;
      BrineException e = assertThrows(BrineException.class, () -> BRINE.deserialize(bad), "tag " + tag);
      assertTrue(e.getMessage().contains("offset"), e.getMessage());
    }
    // a string claiming 2^40 bytes
    byte[] s = Fixtures.hex("c0 0a 80 80 80 80 80 80 01");
    assertThrows(BrineException.class, () -> BRINE.deserialize(s));
  }

  @Test
  void aLyingCountSaysHowManyBytesFollowIt() {
    // an int[] of 3 (4 bytes each) cut by one byte: the count says 12 bytes, 11 follow it
    byte[] bytes = BRINE.serialize(new int[] {1, 2, 3});
    byte[] cut = Arrays.copyOf(bytes, bytes.length - 1);
    TruncatedInputException e = assertThrows(TruncatedInputException.class, () -> BRINE.deserialize(cut));
    assertTrue(e.getMessage().contains("of 3 at offset") && e.getMessage().contains("needs at least 12 bytes, but only 11 follow it"),
        e.getMessage());
  }

  @Test
  void configuredLimitsApplyBeforeAllocation() {
    Brine small = Brine.builder().maxLength(10).maxStringBytes(8).maxDepth(5).build();
    assertThrows(LimitExceededException.class, () -> small.deserialize(BRINE.serialize(new int[11])));
    assertThrows(LimitExceededException.class, () -> small.deserialize(BRINE.serialize(new ArrayList<>(Collections.nCopies(11, 1)))));
    assertThrows(LimitExceededException.class, () -> small.deserialize(BRINE.serialize("123456789")));
    Object deep = List.of(List.of(List.of(List.of(List.of(List.of(1))))));
    assertThrows(LimitExceededException.class, () -> small.deserialize(BRINE.serialize(deep)));
    assertThrows(LimitExceededException.class, () -> small.serialize(deep));
    Brine tiny = Brine.builder().maxPayloadBytes(64).build();
    assertThrows(LimitExceededException.class, () -> tiny.serialize(new byte[100]));
    assertThrows(LimitExceededException.class, () -> tiny.deserialize(new byte[100]));
  }

  @Test
  void unknownTypeIdsAndHeaders() {
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> BRINE.deserialize(Fixtures.hex("c0 3f")));
    assertTrue(e.getMessage().contains("unknown type id 63") && e.getMessage().contains("offset 1"), e.getMessage());
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(Fixtures.hex("c0 ff ff 03")));
    e = assertThrows(MalformedInputException.class, () -> BRINE.deserialize(Fixtures.hex("00 00")));
    assertTrue(e.getMessage().contains("header"), e.getMessage());
    e = assertThrows(MalformedInputException.class, () -> BRINE.deserialize(REFS.serialize(1)));
    assertTrue(e.getMessage().contains("references"), e.getMessage());
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(new byte[0]));
    // a back-reference without reference tracking, and one to an object never read
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(Fixtures.hex("c0 01 00")));
    assertThrows(MalformedInputException.class, () -> REFS.deserialize(Fixtures.hex("c1 01 05")));
    // an enum ordinal out of range, a boolean that is neither 0 nor 1
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(Fixtures.hex("c0 40 07")));
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(Fixtures.hex("c0 02 02")));
  }

  @Test
  void streams() {
    byte[] one = BRINE.serialize("x");
    // a length prefix that lies about what follows
    byte[] lying = new byte[] {(byte) 0xff, (byte) 0xff, 0x03, 1, 2};
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(new ByteArrayInputStream(lying)));
    assertThrows(MalformedInputException.class, () -> BRINE.deserialize(new ByteArrayInputStream(new byte[0])));
    byte[] framed = new byte[one.length + 1];
    framed[0] = (byte) one.length;
    System.arraycopy(one, 0, framed, 1, one.length);
    assertEquals("x", BRINE.deserialize(new ByteArrayInputStream(framed)));
    assertThrows(LimitExceededException.class, () -> Brine.builder().maxPayloadBytes(100).build()
        .deserialize(new ByteArrayInputStream(new byte[] {(byte) 0xff, (byte) 0xff, 0x7f})));
  }

  @Test
  void deepNestingIsALimitNotAStackOverflow() {
    Object v = null;
    for (int i = 0; i < 10_000; i++) {
      v = new Object[] {v};
    }
    Object deep = v;
    assertThrows(LimitExceededException.class, () -> BRINE.serialize(deep));
    // a hand-made payload nesting Object[] 100k times
    byte[] bad = new byte[1 + 2 * 100_000 + 1];
    bad[0] = (byte) 0xC0;
    for (int i = 0; i < 100_000; i++) {
      bad[1 + 2 * i] = 20;
      bad[2 + 2 * i] = 1;
    }
    assertThrows(LimitExceededException.class, () -> BRINE.deserialize(bad));
  }
}
