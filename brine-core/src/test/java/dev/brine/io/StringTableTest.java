package dev.brine.io;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.*;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link StringTable}: strings shared by the bare values of a stream (docs/format.md, "String table"). */
class StringTableTest {
  private static final Brine BRINE = Brine.builder().build();
  private static final Brine REFS = Brine.builder().references(true).build();

  record Line(String city, String customer, List<String> tags, Map<String, Long> attrs) {}

  private static final Brine RECORDS = Brine.builder().register(Line.class).build();

  /** Writes the values; null in the list means "reset the table here". */
  private static byte[] write(Brine b, StringTable t, List<?> values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object v : values) {
      if (v == RESET) {
        t.reset();
      } else {
        b.serializeValue(v, out, t);
      }
    }
    return out.toByteArray();
  }

  private static final Object RESET = new Object();

  private static List<Object> read(Brine b, StringTable t, byte[] bytes) {
    ByteBuffer in = ByteBuffer.wrap(bytes);
    List<Object> back = new ArrayList<>();
    while (in.hasRemaining()) {
      back.add(b.deserializeValue(in, t));
    }
    return back;
  }

  private static List<Object> withoutResets(List<?> values) {
    List<Object> out = new ArrayList<>();
    for (Object v : values) {
      if (v != RESET) {
        out.add(v);
      }
    }
    return out;
  }

  @Test
  void theThirdSightingIsAReference() {
    StringTable t = new StringTable(16);
    byte[] bytes = write(BRINE, t, List.of("abc", "abc", "abc", "abc"));
    byte[] one = BRINE.serialize("abc"); // header byte, string tag, then 12 = 3 << 2 | Latin-1, 'a' 'b' 'c'
    byte tag = one[1];
    ByteWriter marker = new ByteWriter(8);
    marker.writeVarUInt64((4096 + 16) << 2 | 3); // "clear the table (of up to 16 strings), then keep this string"
    byte[] m = marker.toByteArray();
    assertEquals(3, m.length);
    assertArrayEquals(new byte[] {
        tag, 12, 'a', 'b', 'c',        // first sighting: written in full, not kept
        tag, m[0], m[1], m[2], 12, 'a', 'b', 'c', // second: clear, then keep it
        tag, 3 << 2 | 3,                // third: entry 0
        tag, 3 << 2 | 3}, bytes);
    assertEquals(List.of("abc", "abc", "abc", "abc"), read(BRINE, new StringTable(16), bytes));
    assertEquals(1, t.size());
    // before 2026-12-03 the marker was 2 << 2 | 3, without the capacity: still read, as the reader's own
    byte[] old = {tag, 12, 'a', 'b', 'c', tag, 2 << 2 | 3, 12, 'a', 'b', 'c', tag, 3 << 2 | 3, tag, 3 << 2 | 3};
    assertEquals(List.of("abc", "abc", "abc", "abc"), read(BRINE, new StringTable(16), old));
  }

  /**
   * The reader's ring turns where the writer's does: a reader's table larger than the writer's reads every
   * string right once the writer's table is full (it used to keep the entries the writer had replaced and
   * return other strings); a smaller one is refused at the stream's first clear, never read wrong.
   */
  @Test
  void aReaderTableOfAnotherCapacityReadsRightOrRefuses() {
    List<Object> values = new ArrayList<>();
    Random random = new Random(7);
    for (int i = 0; i < 300; i++) {
      List<String> l = new ArrayList<>();
      for (int k = 0; k < 4; k++) {
        l.add("str" + random.nextInt(12));
      }
      values.add(l);
    }
    for (int writer : new int[] {1, 3, 4, 7}) {
      byte[] bytes = write(BRINE, new StringTable(writer), values);
      for (int reader : new int[] {writer, writer + 1, 2 * writer + 3, StringTable.MAX_CAPACITY}) {
        assertEquals(values, read(BRINE, new StringTable(reader), bytes), writer + " read by " + reader);
      }
      if (writer > 1) {
        StringTable smaller = new StringTable(writer - 1);
        BrineException e = assertThrows(BrineException.class, () -> read(BRINE, smaller, bytes));
        assertTrue(e.getMessage().contains("capacity " + (writer - 1)), e.getMessage());
      }
    }
  }

  @Test
  void recurringStringsShrinkAStreamOfRecords() {
    List<Object> lines = lines(2_000, new Random(1));
    StringTable t = new StringTable(1024);
    byte[] shared = write(RECORDS, t, lines);
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    for (Object v : lines) {
      RECORDS.serializeValue(v, plain);
    }
    assertTrue(shared.length < plain.size() * 0.8, shared.length + " vs " + plain.size());
    assertEquals(lines, read(RECORDS, new StringTable(1024), shared));
    // the strings read back from the table are shared instances, not copies: a city's first sighting
    // is a string of its own, the rest are the one the table holds
    List<Object> back = read(RECORDS, new StringTable(1024), shared);
    java.util.Set<String> instances = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (Object o : back) {
      String city = ((Line) o).city();
      if (city.length() >= 2) { // shorter strings never use the table
        instances.add(city);
      }
    }
    assertTrue(instances.size() <= 2 * 6, "distinct city instances: " + instances.size());
  }

  static List<Object> lines(int n, Random r) {
    String[] cities = {"Abha", "Zürich", "São Paulo", "東京", "Kraków", "Addis Ababa", "x", ""};
    String[] tags = {"gift", "express", "fragile", "bulk"};
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<String> ts = new ArrayList<>();
      Map<String, Long> attrs = new HashMap<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        ts.add(tags[r.nextInt(tags.length)]);
        attrs.put("a" + k, (long) r.nextInt(1000));
      }
      out.add(new Line(cities[r.nextInt(cities.length)], "customer-" + r.nextInt(500), ts, attrs));
    }
    return out;
  }

  @Provide
  Arbitrary<List<Object>> streams() {
    Arbitrary<Object> word = Arbitraries.oneOf(
        Arbitraries.of("ab", "abc", "ab", "tag", "τέλος", "\uD83D\uDE00!", "a".repeat(128), "b".repeat(129), "", "q"),
        Arbitraries.strings().withCharRange('a', 'e').ofMinLength(0).ofMaxLength(3),
        Arbitraries.strings().ofMaxLength(6));
    Arbitrary<Object> value = Arbitraries.frequencyOf(
        Tuple.of(6, word),
        Tuple.of(2, word.list().ofMaxSize(5).map(l -> (Object) l)),
        Tuple.of(1, Arbitraries.integers().map(i -> (Object) i)),
        Tuple.of(1, Arbitraries.just(RESET)));
    return value.list().ofMaxSize(60);
  }

  @Property(tries = 400)
  void streamsRoundTripAtEveryCapacity(@ForAll("streams") List<Object> values, @ForAll @IntRange(min = 1, max = 9) int capacity) {
    for (Brine b : List.of(BRINE, REFS)) {
      byte[] bytes = write(b, new StringTable(capacity), values);
      assertEquals(withoutResets(values), read(b, new StringTable(capacity), bytes));
    }
  }

  @Property(tries = 100)
  void everyTruncationFailsCleanlyAndTheValueReadsAgain(@ForAll("streams") List<Object> values) {
    List<Object> expected = withoutResets(values);
    byte[] bytes = write(BRINE, new StringTable(4), values);
    StringTable t = new StringTable(4);
    StringTable ahead = new StringTable(4); // the same stream, one value ahead: tells where each value ends
    int at = 0;
    for (Object e : expected) {
      ByteBuffer whole = ByteBuffer.wrap(bytes, at, bytes.length - at);
      BRINE.deserializeValue(whole, ahead);
      int end = whole.position();
      for (int cut = at; cut < end; cut++) {
        ByteBuffer part = ByteBuffer.wrap(Arrays.copyOf(bytes, cut), at, cut - at);
        int sizeBefore = t.size();
        assertThrows(TruncatedInputException.class, () -> BRINE.deserializeValue(part, t));
        assertEquals(at, part.position());
        assertEquals(sizeBefore, t.size());
      }
      ByteBuffer in = ByteBuffer.wrap(bytes, at, bytes.length - at);
      assertEquals(e, BRINE.deserializeValue(in, t));
      assertEquals(end, in.position());
      at = end;
    }
    assertEquals(bytes.length, at);
  }

  @Test
  void valuesBetweenResetsAreSelfContainedAndMayBeReordered() {
    StringTable w = new StringTable(8);
    ByteArrayOutputStream a = new ByteArrayOutputStream();
    for (int i = 0; i < 3; i++) {
      BRINE.serializeValue(List.of("alpha", "beta", "alpha"), a, w);
    }
    w.reset(); // what a Spark stream does at every flush
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int i = 0; i < 3; i++) {
      BRINE.serializeValue(List.of("beta", "gamma", "beta"), b, w);
    }
    ByteArrayOutputStream swapped = new ByteArrayOutputStream();
    swapped.writeBytes(b.toByteArray());
    swapped.writeBytes(a.toByteArray());
    List<Object> back = read(BRINE, new StringTable(8), swapped.toByteArray());
    assertEquals(List.of(List.of("beta", "gamma", "beta"), List.of("beta", "gamma", "beta"), List.of("beta", "gamma", "beta"),
        List.of("alpha", "beta", "alpha"), List.of("alpha", "beta", "alpha"), List.of("alpha", "beta", "alpha")), back);
  }

  @Test
  void aFailedWriteResetsTheWriter() {
    Brine strict = Brine.builder().requireRegistration(true).build();
    StringTable w = new StringTable(8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    strict.serializeValue(List.of("kept", "kept"), out, w); // promotes "kept"
    assertEquals(1, w.size());
    // promotes "lost", then fails on the unregistered class: the bytes are dropped, the table forgets
    assertThrows(ClassNotAllowedException.class,
        () -> strict.serializeValue(List.of("lost", "lost", new Line("a", "b", List.of(), Map.of())), out, w));
    assertEquals(0, w.size());
    strict.serializeValue(List.of("lost", "kept", "lost", "kept"), out, w);
    assertEquals(List.of(List.of("kept", "kept"), List.of("lost", "kept", "lost", "kept")),
        read(strict, new StringTable(8), out.toByteArray()));
  }

  @Test
  void badReferencesAreMalformed() {
    byte tag = BRINE.serialize("abc")[1];
    // entry 5 of an empty table
    MalformedInputException e = assertThrows(MalformedInputException.class,
        () -> BRINE.deserializeValue(ByteBuffer.wrap(new byte[] {tag, (3 + 5) << 2 | 3}), new StringTable(8)));
    assertTrue(e.getMessage().contains("string table reference 5 at offset 1, but the stream's table holds 0 strings"),
        e.getMessage());
    // a reference read without a table
    e = assertThrows(MalformedInputException.class,
        () -> BRINE.deserializeValue(ByteBuffer.wrap(new byte[] {tag, 3 << 2 | 3})));
    assertTrue(e.getMessage().contains("no string table is in use"), e.getMessage());
    // a promotion marker followed by another marker
    e = assertThrows(MalformedInputException.class,
        () -> BRINE.deserializeValue(ByteBuffer.wrap(new byte[] {tag, 1 << 2 | 3, 3 << 2 | 3}), new StringTable(8)));
    assertTrue(e.getMessage().contains("is not followed by a string"), e.getMessage());
    // a promotion of a string no writer would promote (one char; 129 chars): entries are 2-128 chars,
    // which bounds what a table can hold whatever the input
    e = assertThrows(MalformedInputException.class,
        () -> BRINE.deserializeValue(ByteBuffer.wrap(new byte[] {tag, 1 << 2 | 3, 1 << 2, 'x'}), new StringTable(8)));
    assertTrue(e.getMessage().contains("string table entries have 2 to 128 chars"), e.getMessage());
    byte[] longOne = BRINE.serialize("y".repeat(400));
    byte[] promoted = new byte[longOne.length + 1];
    promoted[0] = tag;
    promoted[1] = 1 << 2 | 3;
    System.arraycopy(longOne, 2, promoted, 2, longOne.length - 2);
    e = assertThrows(MalformedInputException.class,
        () -> BRINE.deserializeValue(ByteBuffer.wrap(promoted, 0, promoted.length - 1), new StringTable(8)));
    assertTrue(e.getMessage().contains("is longer than a string table entry can be"), e.getMessage());
    // a promotion marker at the end
    assertThrows(TruncatedInputException.class,
        () -> BRINE.deserializeValue(ByteBuffer.wrap(new byte[] {tag, 1 << 2 | 3}), new StringTable(8)));
  }

  @Test
  void aTableServesOneDirection() {
    StringTable t = new StringTable(4);
    BRINE.serializeValue("ab", OutputStream.nullOutputStream(), t);
    assertThrows(IllegalStateException.class, () -> BRINE.deserializeValue(ByteBuffer.wrap(new byte[] {0}), t));
    assertThrows(IllegalArgumentException.class, () -> new StringTable(0));
    assertThrows(IllegalArgumentException.class, () -> new StringTable(StringTable.MAX_CAPACITY + 1));
  }

  @Test
  void referencesToTheLargestTableFitInTwoBytes() {
    int n = StringTable.MAX_CAPACITY;
    List<Object> round = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      round.add("s" + i);
    }
    List<Object> values = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      values.addAll(round);
    }
    StringTable w = new StringTable(n);
    byte[] bytes = write(BRINE, w, values);
    // the filter of sightings forgets a few strings whose bucket is shared by three in a cycle
    assertTrue(w.size() > n * 0.98, "entries: " + w.size());
    assertEquals(values, read(BRINE, new StringTable(n), bytes));
    // an entry is a reference of at most two bytes (entries 0-28 take one), after the value's tag
    ByteArrayOutputStream again = new ByteArrayOutputStream();
    for (Object v : round) {
      BRINE.serializeValue(v, again, w);
    }
    int full = 1 + 1 + "s4000".length(); // tag, header, chars
    assertTrue(again.size() <= 3 * w.size() - 29 + full * (n - w.size()), again.size() + " bytes");
  }

  /**
   * A stream that flushes after every record (Spark's serialized shuffle) resets its table once per
   * record: past 2^19 and 2^20 resets the writer's slot stamps wrap, and nothing may go wrong.
   */
  @Test
  void aMillionResetsLater() {
    StringTable w = new StringTable(2);
    StringTable r = new StringTable(2);
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 600_000; i++) {
        w.reset();
      }
      List<Object> values = List.of("aa", "aa", "bb", "bb", "cc", "cc", "aa", "aa", "bb");
      byte[] bytes = write(BRINE, w, values);
      assertEquals(values, read(BRINE, r, bytes));
      assertEquals(2, w.size());
    }
  }

  @Test
  void theOldestEntryMakesRoomForTheNext() {
    StringTable w = new StringTable(2);
    List<Object> values = List.of("aa", "aa", "bb", "bb", "cc", "cc", "aa", "aa", "aa", "cc", "bb", "bb");
    byte[] bytes = write(BRINE, w, values);
    assertEquals(values, read(BRINE, new StringTable(2), bytes));
    assertEquals(2, w.size());
  }
}
