package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.compat.DrawnClasses.Scenario;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Compatible mode against class versions no one wrote by hand: each scenario draws a class (plain,
 * with a superclass, or a record), a nested class, an enum and a class only the newer version has,
 * then a second version of them with fields added, removed, reordered, renamed through {@code @Field}
 * ids, given an id later, moved between superclass and subclass, widened, boxed or unboxed, and enum
 * constants added and reordered. Both versions are compiled at test time, each in its own class
 * loader; random values are written by each version and read by the other, and every field is checked
 * against what the rules of README "Evolving classes" say it must read as: the writer's value
 * (widened, boxed, unboxed, wrapped), the field's default when the writer had no such field, or a
 * {@link BrineException} when the reader's type is narrower — never another value.
 *
 * <p>The seed is fixed for the build ({@code -Dbrine.evolution.seed=N} and {@code
 * -Dbrine.evolution.scenarios=N} for a longer campaign).
 */
class RandomEvolutionTest {
  private static final long SEED = Long.getLong("brine.evolution.seed", 20261127L);
  private static final int SCENARIOS = Integer.getInteger("brine.evolution.scenarios", 30);
  private static final int VALUES = 12;

  @Test
  void randomVersionsReadEachOther() throws Exception {
    Random r = new Random(SEED);
    List<Scenario> scenarios = new ArrayList<>();
    for (int k = 0; k < SCENARIOS; k++) {
      scenarios.add(DrawnClasses.draw(r, k));
    }
    Path root = Paths.get("target/evolution-random", Long.toString(SEED));
    ClassLoader l1 = DrawnClasses.compile(root.resolve("v1"), scenarios, true);
    ClassLoader l2 = DrawnClasses.compile(root.resolve("v2"), scenarios, false);
    List<String> failures = new ArrayList<>();
    int[] outcomes = new int[3];
    for (Scenario s : scenarios) {
      boolean asNull = s.k() % 3 == 2; // a third of the scenarios read unknown constants as null
      DrawnVersion c1 = new DrawnVersion(s, s.v1(), l1, b -> b.compatible(true).unknownEnumAsNull(asNull), asNull);
      DrawnVersion c2 = new DrawnVersion(s, s.v2(), l2, b -> b.compatible(true).unknownEnumAsNull(asNull), asNull);
      for (boolean forward : new boolean[] {true, false}) {
        DrawnVersion w = forward ? c1 : c2;
        DrawnVersion rd = forward ? c2 : c1;
        String dir = forward ? "v1 -> v2" : "v2 -> v1";
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < VALUES; i++) {
          long vs = r.nextLong();
          Object value = w.make(new Random(vs));
          values.add(value);
          String where = "scenario " + s.k() + " (" + dir + ", value seed " + vs + ")";
          try {
            dump(s.k() + (forward ? "-v1-" : "-v2-") + i, w.brine.serialize(value));
            outcomes[check(w, rd, value, where)]++;
            // what the reader read from the other version changes nothing of how it reads its own
            Object own = rd.make(new Random(vs));
            rd.compareTop(rd, own, rd.brine.deserialize(rd.brine.serialize(own), rd.top));
            if (i < 3) {
              mutated(w.brine.serialize(value), rd, new Random(vs));
            }
          } catch (AssertionError | RuntimeException e) {
            failures.add(where + ": " + e);
          }
        }
        try {
          stream(w, rd, values);
        } catch (AssertionError | RuntimeException e) {
          failures.add("scenario " + s.k() + " (" + dir + ", a stream of " + values.size() + " values): " + e);
        }
      }
    }
    Map<String, String> kinds = new LinkedHashMap<>();
    for (String f : failures) {
      kinds.putIfAbsent(f.replaceAll("value seed -?[0-9]+", "").replaceAll(", wrote .*", "").replaceAll("without an error: .*", ""), f);
    }
    assertTrue(SEED != 20261127L || outcomes[READ] > 0 && outcomes[REFUSED] > 0 && outcomes[UNKNOWN_CONSTANT] > 0,
        "every outcome drawn (read, refused, unknown constant): " + Arrays.toString(outcomes));
    assertTrue(failures.isEmpty(), failures.size() + " failures (sources under " + root + "), one of each kind:\n"
        + String.join("\n", kinds.values()));
  }

  /** The same drawn classes (the newer versions), each value round-tripped by one Brine of every mode. */
  @Test
  void randomShapesRoundTripInEveryMode() throws Exception {
    Random r = new Random(SEED + 1);
    List<Scenario> scenarios = new ArrayList<>();
    for (int k = 0; k < SCENARIOS; k++) {
      scenarios.add(DrawnClasses.draw(r, k));
    }
    ClassLoader loader = DrawnClasses.compile(Paths.get("target/evolution-random", SEED + "-shapes"), scenarios, false);
    Map<String, java.util.function.UnaryOperator<Brine.Builder>> modes = new LinkedHashMap<>();
    modes.put("generated", b -> b.codegenThreshold(0));
    modes.put("interpreted", b -> b.codegen(false));
    modes.put("tiered", b -> b.codegenThreshold(3));
    modes.put("references", b -> b.references(true).codegenThreshold(0));
    modes.put("fixed numbers", b -> b.compressNumbers(false).codegenThreshold(0));
    modes.put("format 1", b -> b.formatVersion(1));
    modes.put("compatible", b -> b.compatible(true));
    modes.put("compatible, interpreted", b -> b.compatible(true).codegen(false).references(true));
    List<String> failures = new ArrayList<>();
    for (Scenario s : scenarios) {
      for (Map.Entry<String, java.util.function.UnaryOperator<Brine.Builder>> m : modes.entrySet()) {
        DrawnVersion c = new DrawnVersion(s, s.v2(), loader, m.getValue());
        List<Object> streamed = new ArrayList<>();
        for (int i = 0; i < VALUES / 2; i++) {
          long vs = r.nextLong();
          try {
            Object value = c.make(new Random(vs));
            byte[] bytes = c.brine.serialize(value);
            c.compareTop(c, value, c.brine.deserialize(bytes, c.top));
            if (i == 0) {
              mutated(bytes, c, new Random(vs));
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            c.brine.serializeValue(value, out);
            c.compareTop(c, value, c.brine.deserializeValue(java.nio.ByteBuffer.wrap(out.toByteArray())));
            streamed.add(value);
          } catch (AssertionError | RuntimeException e) {
            failures.add("scenario " + s.k() + " (" + m.getKey() + ", value seed " + vs + "): " + e);
          }
        }
        try { // all of them in one stream with a string table, as brine-spark writes
          stream(c, c, streamed);
        } catch (AssertionError | RuntimeException e) {
          failures.add("scenario " + s.k() + " (" + m.getKey() + ", one stream of " + streamed.size() + " values): " + e);
        }
      }
    }
    assertTrue(failures.isEmpty(), failures.size() + " failures, first ones:\n"
        + String.join("\n", failures.subList(0, Math.min(10, failures.size()))));
  }

  /** With {@code -Dbrine.evolution.dump=DIR}, each payload written is also saved there (for {@code ./brine inspect}). */
  private static void dump(String name, byte[] bytes) {
    String dir = System.getProperty("brine.evolution.dump");
    if (dir != null) {
      try {
        Files.createDirectories(Paths.get(dir));
        Files.write(Paths.get(dir, name + ".bin"), bytes);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  private static final int READ = 0;
  private static final int REFUSED = 1;
  private static final int UNKNOWN_CONSTANT = 2;

  /** Writes {@code value} with {@code w}, reads it with {@code rd} and checks what it reads; returns the outcome. */
  private static int check(DrawnVersion w, DrawnVersion rd, Object value, String where) {
    byte[] bytes = w.brine.serialize(value);
    String narrowing = rd.narrowing(w);
    boolean maybe = narrowing != null && rd.onlyPerValue(w, value);
    String unknown = narrowing == null && !rd.asNull ? rd.unknownConstant(w, value) : null;
    Object back;
    try {
      back = rd.brine.deserialize(bytes, rd.top);
    } catch (BrineException e) {
      String m = String.valueOf(e.getMessage());
      if (narrowing != null) {
        assertTrue(m.contains(rd.top.getName()), "the error names the class: " + m);
        return REFUSED;
      }
      if (unknown != null) {
        assertTrue(m.contains("enum constant " + unknown.substring(unknown.indexOf("= ") + 2) + ","), "the error names the constant: " + m);
        return UNKNOWN_CONSTANT;
      }
      throw new AssertionError("unexpected " + e, e);
    }
    if ((narrowing != null && !maybe) || unknown != null) {
      fail("read " + (narrowing != null ? narrowing : unknown) + " without an error: " + rd.describe(back));
    }
    if (maybe) {
      return READ; // a null the definition cannot tell from a value of this side's type (docs/format.md)
    }
    rd.compareTop(w, value, back);
    return READ;
  }

  /**
   * Damaged copies of a payload (bytes changed, the end cut off) read by {@code rd}: each is read or
   * refused with a {@link BrineException} that is not a decoder's own index or null-pointer error, never
   * anything else.
   */
  private static void mutated(byte[] bytes, DrawnVersion rd, Random r) {
    for (int m = 0; m < 24; m++) {
      byte[] b;
      if (m % 4 == 3) {
        b = Arrays.copyOf(bytes, r.nextInt(bytes.length));
      } else {
        b = bytes.clone();
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
          b[r.nextInt(b.length)] = (byte) (r.nextInt(3) == 0 ? r.nextInt(256) : b[r.nextInt(b.length)] + 1);
        }
      }
      try {
        rd.brine.deserialize(b);
      } catch (BrineException e) {
        Throwable c = e.getCause();
        if (c instanceof IndexOutOfBoundsException || c instanceof NullPointerException || c instanceof ClassCastException
            || c instanceof NegativeArraySizeException || c instanceof IllegalArgumentException) {
          StackTraceElement top = c.getStackTrace().length > 0 ? c.getStackTrace()[0] : null;
          if (top != null && top.getClassName().startsWith("dev.brine.") && !generatedCast(c, top)) {
            throw new AssertionError("a decoder bug surfaced as " + e + " at " + top, e);
          }
        }
      }
    }
  }

  /**
   * Whether {@code c} is the cast of generated code (a hidden class, whose frames stack traces leave out)
   * of a value of another class into a field: the top frame shown is then the call of a serializer's
   * {@code read}, which cannot throw a {@code ClassCastException} itself (the calls of compatible mode's
   * readers included: a nested value's, and the outermost one's when its payload opens as the last did,
   * {@code Openings.readRoot}). {@code Engine} reports it as a
   * {@code MalformedInputException} with the offset, as it does for a collection that refuses an element.
   */
  private static boolean generatedCast(Throwable c, StackTraceElement top) {
    return c instanceof ClassCastException
        && (top.getClassName().equals("dev.brine.context.ReadSession") && top.getMethodName().matches("readPayload|readTracked")
            || top.getClassName().equals("dev.brine.factory.TieredSerializer") && top.getMethodName().equals("read")
            || top.getClassName().equals("dev.brine.compat.CompatSerializer") && top.getMethodName().matches("readBody|read")
            || top.getClassName().equals("dev.brine.compat.Openings") && top.getMethodName().equals("readRoot"));
  }

  /**
   * The values written by {@code w} one after another in one stream of bare values with a {@link
   * dev.brine.io.StringTable} (definitions once per stream), read back in order by {@code rd}; a stream
   * that holds a value {@code rd} must refuse is not read past it.
   */
  private static void stream(DrawnVersion w, DrawnVersion rd, List<Object> values) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dev.brine.io.StringTable wt = new dev.brine.io.StringTable(64);
    for (Object v : values) {
      w.brine.serializeValue(v, out, wt);
    }
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(out.toByteArray());
    dev.brine.io.StringTable rt = new dev.brine.io.StringTable(64);
    for (Object v : values) {
      if (rd.narrowing(w) != null && rd.onlyPerValue(w, v)) {
        try {
          rd.brine.deserializeValue(in, rt); // either outcome (see check)
          continue;
        } catch (BrineException e) {
          return;
        }
      }
      if (rd.narrowing(w) != null || !rd.asNull && rd.unknownConstant(w, v) != null) {
        assertThrows(BrineException.class, () -> rd.brine.deserializeValue(in, rt));
        return;
      }
      rd.compareTop(w, v, rd.brine.deserializeValue(in, rt));
    }
    assertEquals(0, in.remaining(), "the stream is read to its end");
  }
}
