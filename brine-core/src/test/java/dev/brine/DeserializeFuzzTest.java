package dev.brine;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brine.io.StringTable;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.*;
import org.junit.jupiter.api.Test;

/**
 * Coverage-guided fuzzing of the decoders (docs/fuzzing.md). A normal build runs each target on its
 * committed inputs only ({@code DeserializeFuzzTestInputs/<method>/}); {@code JAZZER_FUZZ=1} fuzzes.
 *
 * <p>The property: bad input gets a {@link BrineException} with a message, never another exception,
 * an Error (OOM, stack overflow) or a hang; input that decodes re-encodes to an equal value.
 */
class DeserializeFuzzTest {
  enum Kind { A, B, C }
  record Item(String name, int qty, double price, Kind kind, List<String> tags) {}
  record Pair(Object left, Object right) {}
  /** Flat (numbers and an enum): written and read in its caller's window. */
  record Price(long mantissa, int scale, Kind kind) {}
  /** Flat with flat fields: read in one window ({@code FlatReader}). */
  record Quote(long id, Price bid, Price ask, Integer size) {}
  static final class Node {
    String label;
    long id;
    Node next;
    Object any;
    List<Object> items = new ArrayList<>();
    Map<String, Object> attrs = new HashMap<>();
    Set<Kind> kinds;
    int[] counts;
  }

  private static Brine.Builder builder() {
    return Brine.builder().register(Kind.class, Item.class, Pair.class, Node.class, Price.class, Quote.class)
        .maxLength(1000).maxStringBytes(4096).maxPayloadBytes(1 << 16).maxDepth(32);
  }

  // generated code from the first value on (the default threshold would fuzz the interpreter only)
  static final Brine PLAIN = builder().codegenThreshold(0).build();
  static final Brine REFS = builder().references(true).codegenThreshold(0).build();
  static final Brine INTERPRETED = builder().codegen(false).build();

  @FuzzTest(maxDuration = "4m")
  void deserialize(byte[] input) {
    roundTrip(PLAIN, input);
  }

  @FuzzTest(maxDuration = "4m")
  void deserializeWithReferences(byte[] input) {
    roundTrip(REFS, input);
  }

  /** The interpreted serializers must accept and reject exactly what the generated ones do. */
  @FuzzTest(maxDuration = "4m")
  void deserializeWithoutCodegen(byte[] input) {
    Object generated = decode(PLAIN, input);
    Object interpreted = decode(INTERPRETED, input);
    assertEquals(generated == REJECTED, interpreted == REJECTED, "codegen and interpreted disagree on accepting the input");
    if (generated != REJECTED && hasValueEquality(generated)) {
      assertTrue(Objects.deepEquals(generated, interpreted), () -> generated + " != " + interpreted);
    }
  }

  /** Bare values one after another, from a heap buffer and from a read-only one (the copied-window path). */
  @FuzzTest(maxDuration = "4m")
  void deserializeValue(byte[] input) {
    List<Object> heap = readValues(ByteBuffer.wrap(input));
    List<Object> readOnly = readValues(ByteBuffer.wrap(input).asReadOnlyBuffer());
    assertEquals(heap.size(), readOnly.size(), "heap and read-only buffers read a different number of values");
  }

  /**
   * Bare values through a small string table (entries replaced often): a failure leaves the table as
   * it was, and the values read re-encode through a writing table to equal values.
   */
  @FuzzTest(maxDuration = "4m")
  void deserializeValuesWithStringTable(byte[] input) {
    ByteBuffer in = ByteBuffer.wrap(input);
    StringTable table = new StringTable(4);
    List<Object> values = new ArrayList<>();
    while (in.hasRemaining()) {
      int at = in.position();
      int size = table.size();
      try {
        values.add(PLAIN.deserializeValue(in, table));
      } catch (BrineException e) {
        checkRejection(e);
        assertEquals(at, in.position(), "a failed value must leave the position unchanged");
        assertEquals(size, table.size(), "a failed value must leave the string table unchanged");
        break;
      }
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    StringTable writer = new StringTable(4);
    List<Object> written = new ArrayList<>();
    for (Object v : values) {
      try {
        PLAIN.serializeValue(v, out, writer);
        written.add(v);
      } catch (BrineException e) {
        // as in roundTrip: some decoded values cannot be described again (a failed write resets the table)
      }
    }
    ByteBuffer again = ByteBuffer.wrap(out.toByteArray());
    StringTable reader = new StringTable(4);
    for (Object v : written) {
      Object back = PLAIN.deserializeValue(again, reader);
      if (hasValueEquality(v)) {
        assertTrue(Objects.deepEquals(v, back), () -> "re-encoding through the table changed " + v + " into " + back);
      }
    }
    assertFalse(again.hasRemaining());
  }

  private static List<Object> readValues(ByteBuffer in) {
    List<Object> values = new ArrayList<>();
    while (in.hasRemaining()) {
      int at = in.position();
      try {
        values.add(PLAIN.deserializeValue(in));
      } catch (BrineException e) {
        checkRejection(e);
        if (e instanceof TruncatedInputException) {
          assertEquals(at, in.position(), "a truncated value must leave the position unchanged");
        }
        break;
      }
      assertTrue(in.position() > at, "deserializeValue consumed no bytes at " + at);
    }
    return values;
  }

  // ------------------------------------------------------------------ the property

  private static final Object REJECTED = new Object();

  /** The decoded value, or REJECTED after checking the BrineException; anything else propagates. */
  private static Object decode(Brine brine, byte[] input) {
    try {
      return brine.deserialize(input);
    } catch (BrineException e) {
      checkRejection(e);
      return REJECTED;
    }
  }

  private static void roundTrip(Brine brine, byte[] input) {
    Object value = decode(brine, input);
    if (value == REJECTED) {
      return;
    }
    byte[] bytes;
    try {
      bytes = brine.serialize(value);
    } catch (BrineException e) {
      // what the reader accepts the writer must write again: a refusal here is a value no one could
      // write (a Collections view of List.of was one, until the views learned to see through proxies)
      throw new AssertionError("decoded but not re-encodable: " + e, e);
    }
    Object again;
    try {
      again = brine.deserialize(bytes);
    } catch (BrineException e) {
      // Known limits of cycles (docs/fuzzing.md): a cycle through a set or through an unmodifiable
      // collection is accepted in some orders and refused in others, and a re-encode may change the
      // order. Only these two refusals are tolerated; values without cycles must round-trip.
      String m = e.getMessage();
      if (brine.references() && !hasValueEquality(value)
          && (m.contains("hashCode") || m.contains("whose construction is not finished"))) {
        return;
      }
      throw e;
    }
    if (hasValueEquality(value)) {
      assertTrue(Objects.deepEquals(value, again), () -> "re-encoding changed " + value + " into " + again);
    }
  }

  /** A rejection says what and where, and is not an index or size bug of the decoder in disguise. */
  static void checkRejection(BrineException e) {
    assertNotNull(e.getMessage(), () -> "no message: " + e);
    assertFalse(e.getMessage().isBlank(), () -> "blank message: " + e);
    Throwable cause = e.getCause();
    if (cause instanceof IndexOutOfBoundsException || cause instanceof NegativeArraySizeException
        || cause instanceof NullPointerException) {
      StackTraceElement top = cause.getStackTrace().length > 0 ? cause.getStackTrace()[0] : null;
      boolean inDecoder = top != null && top.getClassName().startsWith("dev.brine.")
          && !top.getClassName().startsWith(DeserializeFuzzTest.class.getName());
      if (inDecoder) {
        throw new AssertionError("decoder bug surfaced as " + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * Whether {@code Objects.deepEquals} compares {@code v} by value: boxed scalars, strings, enums,
   * value-based JDK types, and records, lists, sets, maps and arrays of those (arrays only where no
   * collection or record holds them). POJOs without equals and cycles (references) do not qualify.
   */
  static boolean hasValueEquality(Object v) {
    return hasValueEquality(v, true, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static boolean hasValueEquality(Object v, boolean arrayAllowed, Set<Object> seen) {
    if (v == null || v instanceof String || v instanceof Boolean || v instanceof Character || v instanceof Enum
        || v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long
        || v instanceof Float || v instanceof Double || v instanceof BigInteger || v instanceof BigDecimal
        || v instanceof UUID || v instanceof Instant || v.getClass().getName().startsWith("java.time.")) {
      return true;
    }
    if (!seen.add(v)) {
      return false; // a cycle or shared node: equals would recurse forever or compare identity
    }
    if (v.getClass().isArray()) {
      if (!arrayAllowed) {
        return false;
      }
      if (v.getClass().getComponentType().isPrimitive()) {
        return true;
      }
      for (int i = 0; i < Array.getLength(v); i++) {
        if (!hasValueEquality(Array.get(v, i), true, seen)) {
          return false;
        }
      }
      return true;
    }
    if (v instanceof Record) {
      for (RecordComponent c : v.getClass().getRecordComponents()) {
        try {
          if (!hasValueEquality(c.getAccessor().invoke(v), false, seen)) {
            return false;
          }
        } catch (ReflectiveOperationException e) {
          return false;
        }
      }
      return true;
    }
    if ((v instanceof List || v instanceof Set) && v.getClass().getName().startsWith("java.util.")) {
      Collection<?> c = (Collection<?>) v;
      return c.stream().allMatch(x -> hasValueEquality(x, false, seen));
    }
    if (v instanceof Map<?, ?> m && v.getClass().getName().startsWith("java.util.") && !(v instanceof IdentityHashMap)) {
      return m.entrySet().stream().allMatch(x -> hasValueEquality(x.getKey(), false, seen)
          && hasValueEquality(x.getValue(), false, seen));
    }
    if (v instanceof Optional<?> o) {
      return hasValueEquality(o.orElse(null), false, seen);
    }
    return false;
  }

  // ------------------------------------------------------------------ seeds

  static List<Object> samples() {
    Node n = new Node();
    n.label = "root";
    n.id = 1L << 40;
    n.next = new Node();
    n.next.label = "ü";
    n.any = new Pair(Kind.C, List.of(1, 2));
    n.items.add(new Item("x", 3, 9.5, Kind.B, List.of("t1", "t2")));
    n.items.add(new int[] {1, 2});
    n.attrs.put("k", 1.5);
    n.attrs.put("list", new ArrayList<>(List.of(1, 2, 3)));
    n.kinds = EnumSet.of(Kind.A, Kind.C);
    n.counts = new int[] {7, -1};
    Map<Object, Object> mixed = new LinkedHashMap<>();
    for (int i = 0; i < 20; i++) {
      mixed.put(i % 7 == 0 ? "s" + i : i, i % 5 == 0 ? null : (Object) ("v" + i));
    }
    List<Object> all = new ArrayList<>(List.of("hello wörld \uD83D\uDE80", 12345678901L, new long[] {1, 2, 3}, new String[] {"a", null},
        new Object[] {1, "x", null, Kind.A, 2.5f}, new BigDecimal("3.14159"), new UUID(1, 2), n, mixed,
        new Item("y", -2, Double.NaN, null, new ArrayList<>()), new Pair(new Pair(1, "a"), Optional.of(Kind.B)),
        new TreeSet<>(List.of(5, 1, 3)), new TreeMap<>(Map.of("a", 1, "b", 2)), new EnumMap<>(Map.of(Kind.A, "a")),
        Instant.ofEpochSecond(1_700_000_000L, 5), new BitSet(), List.of(1, 2), Set.of("z"),
        new ArrayDeque<>(List.of("q")), new LinkedList<>(List.of(1L)), new char[] {'a', 'é'}, true, (byte) -3));
    // the JDK block's decoders (docs/format.md, "JDK block"): every golden value but the lambda, whose
    // capturing class these Brines do not register
    GoldenJdk.values().forEach((name, v) -> {
      if (!v.getClass().isHidden()) {
        all.add(v);
      }
    });
    all.add(new Quote(1L << 35, new Price(-108_425, 5, Kind.B), null, 250));
    all.add(new Quote(-1, new Price(Long.MIN_VALUE, -1, null), new Price(7, 0, Kind.C), null));
    return all;
  }

  /** Every committed seed passes the property (so a seed never hides a finding). */
  @Test
  void samplesRoundTrip() {
    for (Object s : samples()) {
      for (Brine brine : List.of(PLAIN, REFS, INTERPRETED)) {
        roundTrip(brine, brine.serialize(s));
      }
    }
  }

  /** Rewrites the seed files: {@code mvn -pl brine-core test -Dtest=DeserializeFuzzTest#writeSeeds -Dbrine.writeSeeds=true}. */
  @Test
  void writeSeeds() throws IOException {
    assumeTrue(Boolean.getBoolean("brine.writeSeeds"), "writes seed files only with -Dbrine.writeSeeds=true");
    Path dir = Path.of("src/test/resources/dev/brine/DeserializeFuzzTestInputs");
    List<Object> samples = samples();
    for (int i = 0; i < samples.size(); i++) {
      String name = String.format("seed-%02d-%s", i, samples.get(i).getClass().getSimpleName().replaceAll("\\W", ""));
      write(dir.resolve("deserialize"), name, PLAIN.serialize(samples.get(i)));
      write(dir.resolve("deserializeWithoutCodegen"), name, PLAIN.serialize(samples.get(i)));
      write(dir.resolve("deserializeWithReferences"), name, REFS.serialize(samples.get(i)));
      byte[] payload = PLAIN.serialize(samples.get(i));
      write(dir.resolve("deserializeValue"), name, Arrays.copyOfRange(payload, 1, payload.length));
      // the sample three times through a table: first sightings, promotions, references
      java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
      StringTable table = new StringTable(4);
      for (int k = 0; k < 3; k++) {
        PLAIN.serializeValue(samples.get(i), stream, table);
      }
      write(dir.resolve("deserializeValuesWithStringTable"), name, stream.toByteArray());
    }
  }

  private static void write(Path dir, String name, byte[] bytes) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve(name), bytes);
  }
}
