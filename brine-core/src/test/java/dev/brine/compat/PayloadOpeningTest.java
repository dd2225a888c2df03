package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import java.io.ByteArrayOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A payload whose outermost value opens with the definition of the class that opened the one read
 * before is read without going through its tag ({@code Openings.readRoot}); every other payload
 * goes through the tag. Both ways must read the same values, leave the same definitions for the values
 * nested inside (which refer to the opening definition by index), count the same nesting, and fail on
 * the same bad input.
 */
class PayloadOpeningTest {
  record Point(int x, long y, String label) {}

  record Pair(Point a, Point b) {}

  /** A class whose definition (about 200 bytes of field names) is far longer than that of {@link Wide}. */
  record LongNames(int theFirstFieldHasAVeryLongNameIndeed, int theSecondFieldHasAVeryLongNameIndeed,
      int theThirdFieldHasAVeryLongNameIndeed, int theFourthFieldHasAVeryLongNameIndeed) {}

  record Wide(LongNames x, LongNames y) {}

  /** A class whose nested values of its own class refer to the payload's first definition. */
  static final class Node {
    int value;
    Node next;

    Node() {}

    Node(int value, Node next) {
      this.value = value;
      this.next = next;
    }

    static Node chain(int n) {
      Node head = null;
      for (int i = n; i > 0; i--) {
        head = new Node(i, head);
      }
      return head;
    }

    int length() {
      int n = 0;
      for (Node x = this; x != null; x = x.next) {
        n++;
      }
      return n;
    }
  }

  /** Read back as its singleton, whichever way the payload is read. */
  static final class Unique implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    static final Unique INSTANCE = new Unique();
    int marker = 7;

    @Serial
    private Object readResolve() {
      return INSTANCE;
    }
  }

  private static Brine compatible() {
    return Brine.builder().compatible(true).register(Point.class, Pair.class, Node.class, Unique.class).build();
  }

  @Property(tries = 50)
  void payloadsOfSeveralClassesInAnyOrderReadBackWhicheverWayTheyAreRead(@ForAll int x, @ForAll long y,
      @ForAll @IntRange(min = 0, max = 40) int nodes) {
    Brine w = compatible();
    Brine r = compatible();
    Point p = new Point(x, y, x % 3 == 0 ? null : "p" + x);
    Pair pair = new Pair(p, new Point(-x, ~y, "q"));
    Object[] values = {p, p, pair, p, pair, pair, Node.chain(Math.max(1, nodes)), p, List.of(p, p), p};
    for (Object v : values) {
      byte[] bytes = w.serialize(v);
      Object back = r.deserialize(bytes);
      if (v instanceof Node n) {
        assertEquals(n.length(), ((Node) back).length(), "every nested node refers to the opening definition");
      } else {
        assertEquals(v, back);
      }
      assertArrayEquals(bytes, r.serialize(back), "read again the same way");
    }
  }

  /**
   * The opening is written in one block too ({@code Openings.writeRoot}): after the header, a payload
   * holds the bytes of the same value written through its tag as a bare value ({@code serializeValue}
   * without a string table goes through the tag).
   */
  @Property(tries = 50)
  void theOpeningWrittenInOneBlockIsWhatTheTagWrites(@ForAll int x, @ForAll long y,
      @ForAll @IntRange(min = 1, max = 30) int nodes) {
    Brine b = compatible();
    Point p = new Point(x, y, x % 3 == 0 ? null : "p" + x);
    Object[] values = {p, new Pair(p, new Point(-x, ~y, "q")), Node.chain(nodes), new Unique(), List.of(p, p), "text"};
    for (Object v : values) {
      ByteArrayOutputStream bare = new ByteArrayOutputStream();
      b.serializeValue(v, bare);
      byte[] payload = b.serialize(v);
      assertArrayEquals(bare.toByteArray(), Arrays.copyOfRange(payload, 1, payload.length), v.getClass().getSimpleName());
    }
  }

  @Test
  void nestedValuesReferToTheOpeningDefinition() {
    Brine b = compatible();
    byte[] bytes = b.serialize(Node.chain(5));
    for (int i = 0; i < 3; i++) { // the first through the tag, then the opening known
      Node back = (Node) b.deserialize(bytes);
      assertEquals(5, back.length());
      assertEquals(1, back.value);
      assertEquals(5, back.next.next.next.next.value);
    }
  }

  @Test
  void theOutermostValueCountsOneLevelOfNestingEitherWay() {
    Brine b = Brine.builder().compatible(true).register(Node.class).maxDepth(10).build();
    byte[] fits = b.serialize(Node.chain(10));
    Brine reader = Brine.builder().compatible(true).register(Node.class).maxDepth(10).build();
    Brine shallow = Brine.builder().compatible(true).register(Node.class).maxDepth(9).build();
    for (int i = 0; i < 3; i++) {
      assertEquals(10, ((Node) reader.deserialize(fits)).length());
      assertThrows(LimitExceededException.class, () -> shallow.deserialize(fits), "round " + i);
    }
  }

  @Test
  void readResolveAppliesToTheOutermostValueEitherWay() {
    Brine b = compatible();
    byte[] bytes = b.serialize(new Unique());
    for (int i = 0; i < 3; i++) {
      assertSame(Unique.INSTANCE, b.deserialize(bytes));
    }
  }

  @Test
  void aPayloadCutShortAfterAKnownOpeningIsRefused() {
    Brine b = compatible();
    byte[] bytes = b.serialize(new Point(300, 1L << 40, "a label"));
    assertEquals(new Point(300, 1L << 40, "a label"), b.deserialize(bytes));
    for (int cut = 1; cut < bytes.length; cut++) {
      byte[] shorter = Arrays.copyOf(bytes, cut);
      assertThrows(BrineException.class, () -> b.deserialize(shorter), "cut at " + cut);
      assertEquals(new Point(300, 1L << 40, "a label"), b.deserialize(bytes), "and the whole payload after it");
    }
  }

  @Test
  void anotherVersionOfTheClassThatOpenedTheLastPayloadIsMapped() {
    String writer = """
        public class P { public int a = 1; public String b = "bee"; public long gone = 9; }
        ---
        public class Make { public static Object value() { P p = new P(); p.a = 41; p.b = "old"; return p; } }
        """;
    String reader = """
        public class P { public int a; public String b; public long added = 5; }
        ---
        public class Show { public static String show(Object o) { P p = (P) o; return p.a + " " + p.b + " " + p.added; } }
        """;
    TwoVersions v = new TwoVersions(writer, reader);
    Object own = newInstance(TwoVersions.type(v.readerLoader, "P"));
    byte[] ownBytes = v.reader.serialize(own);
    for (int i = 0; i < 3; i++) {
      assertEquals("0 null 5", v.show(v.reader.deserialize(ownBytes)), "this side's own payload");
      assertEquals("41 old 5", v.read(), "the writer's version right after it");
    }
  }

  /**
   * Nested values' definitions after a known opening: the same values at every index, the limit on a
   * definition's size applied to a nested one whose outer definition fits, and every cut or changed byte
   * refused, or read as a reader that has not seen the payload before reads it (a shortcut for expected
   * nested definitions, tried in journal step 144 and not kept, must keep all of this).
   */
  @Test
  void nestedDefinitionsReadAsAFreshReaderReadsThem() {
    Brine b = compatible();
    Pair pair = new Pair(new Point(1, 2, "a"), new Point(3, 4, null));
    byte[] bytes = b.serialize(pair);
    for (int i = 0; i < 3; i++) {
      assertEquals(pair, b.deserialize(bytes));
      assertEquals(List.of(pair, pair), b.deserialize(b.serialize(List.of(pair, pair))), "definitions at other indices");
    }
    // a nested definition over the limit is refused, as the general path refuses it (the outer one fits)
    Wide wide = new Wide(new LongNames(1, 2, 3, 4), new LongNames(5, 6, 7, 8));
    byte[] wideBytes = Brine.builder().compatible(true).register(Wide.class, LongNames.class).build().serialize(wide);
    Brine roomy = Brine.builder().compatible(true).register(Wide.class, LongNames.class).maxClassDefBytes(400).build();
    Brine limited = Brine.builder().compatible(true).register(Wide.class, LongNames.class).maxClassDefBytes(150).build();
    for (int i = 0; i < 3; i++) {
      assertEquals(wide, roomy.deserialize(wideBytes));
      LimitExceededException e = assertThrows(LimitExceededException.class, () -> limited.deserialize(wideBytes), "round " + i);
      assertTrue(e.getMessage().contains("exceeds the limit of 150 bytes"), e.getMessage());
    }
    Brine general = compatible(); // reads the changed payloads below; b is primed by the good one each time
    assertTrue(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("PayloadOpeningTest$Point") > 0,
        "the payload defines Point after Pair");
    for (int at = 1; at < bytes.length; at++) {
      byte[] cut = Arrays.copyOf(bytes, at);
      assertThrows(BrineException.class, () -> b.deserialize(cut), "cut at " + at);
      for (int bit : new int[] {0x01, 0x80}) {
        byte[] changed = bytes.clone();
        changed[at] ^= (byte) bit;
        Object expected;
        try {
          expected = general.deserialize(changed);
        } catch (BrineException e) {
          expected = e.getClass();
        }
        assertEquals(pair, b.deserialize(bytes));
        Object actual;
        try {
          actual = b.deserialize(changed);
        } catch (BrineException e) {
          actual = e.getClass();
        }
        if (!(expected instanceof Class<?>) || !(actual instanceof Class<?>)) {
          assertEquals(String.valueOf(expected), String.valueOf(actual), "byte " + at + " ^ " + bit);
        }
      }
    }
  }

  @Test
  void referencesAndStreamsGoThroughTheTag() {
    Brine refs = Brine.builder().compatible(true).references(true).register(Point.class, Pair.class).build();
    Point p = new Point(1, 2, "s");
    Pair shared = new Pair(p, p);
    for (int i = 0; i < 3; i++) {
      Pair back = (Pair) refs.deserialize(refs.serialize(shared));
      assertSame(back.a(), back.b());
    }
    Brine b = compatible();
    b.deserialize(b.serialize(p)); // p's class opened the last payload
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    b.serializeValue(p, out);
    b.serializeValue(p, out);
    ByteBuffer in = ByteBuffer.wrap(out.toByteArray());
    assertEquals(p, b.deserializeValue(in));
    assertEquals(p, b.deserializeValue(in));
  }

  private static Object newInstance(Class<?> type) {
    try {
      return type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
