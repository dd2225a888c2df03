package dev.brine.cli.inspect;

import static dev.brine.cli.inspect.PayloadDecoderTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The structure decoder on the fields of compatible mode's objects: every field of a class or record, named and
 * decoded from the class definition in the payload (docs/format.md, "Compatible mode"), without the classes.
 */
class CompatObjectsDecoderTest {
  enum Level { LOW, HIGH }

  record Inner(int n, String s) {}

  /** A field of every kind the definitions know. */
  static final class Everything {
    int i;
    long l;
    Integer boxedInt;
    Long boxedLong;
    Level level;
    Boolean boxedBool;
    Byte boxedByte;
    Short boxedShort;
    Character boxedChar;
    Float boxedFloat;
    Double boxedDouble;
    boolean z;
    byte b;
    short sh;
    char c;
    float f;
    double d;
    String str;
    String nullStr;
    @Field(id = 40)
    String renamed;
    Inner inner;
    Inner nullInner;
    Inner[] inners;
    Level[] levels;
    List<String> list;
    List<Level> levelList;
    List<Inner> innerList;
    Map<String, Integer> map;
    Map<Level, Inner> byLevel;
    Object any;
    Everything self;
  }

  static Everything sample() {
    Everything e = new Everything();
    e.i = -300;
    e.l = -5_000_000_000L;
    e.boxedInt = null;
    e.boxedLong = 1L << 40;
    e.level = Level.HIGH;
    e.boxedBool = true;
    e.boxedByte = (byte) -7;
    e.boxedShort = (short) -2;
    e.boxedChar = 'é';
    e.boxedFloat = -0.0f;
    e.boxedDouble = Double.NaN;
    e.z = true;
    e.b = (byte) 0x80;
    e.sh = Short.MIN_VALUE;
    e.c = 'x';
    e.f = 1.5f;
    e.d = Math.PI;
    e.str = "héllo 😀";
    e.renamed = "by id";
    e.inner = new Inner(Integer.MAX_VALUE, "in");
    e.inners = new Inner[] {new Inner(1, "a"), null};
    e.levels = new Level[] {Level.LOW, null, Level.HIGH};
    e.list = new ArrayList<>(List.of("p", "q"));
    e.map = new LinkedHashMap<>(Map.of("k", 9));
    e.levelList = new ArrayList<>(List.of(Level.HIGH, Level.LOW)); // the enum's definition first read here
    e.innerList = new ArrayList<>(List.of(new Inner(5, "five")));
    e.byLevel = new LinkedHashMap<>(Map.of(Level.LOW, new Inner(6, "six")));
    e.any = 42L;
    return e;
  }

  /** The enum's definition first met inside a declared container (its values have no slot bytes). */
  @Test
  void enumFirstMetInAContainer() {
    Everything e = new Everything();
    e.levelList = new ArrayList<>(List.of(Level.HIGH, Level.LOW));
    e.byLevel = new LinkedHashMap<>(Map.of(Level.HIGH, new Inner(6, "six")));
    for (Brine brine : List.of(COMPAT, COMPAT_REFS)) {
      byte[] bytes = brine.serialize(e);
      String t = text(bytes);
      assertTrue(PayloadDecoder.decode(bytes, 100).complete(), t);
      assertTrue(t.contains(Level.class.getName() + ".HIGH (ordinal 1)") && t.contains("n int: 6"), t);
    }
  }

  static final Brine COMPAT = Brine.builder().compatible(true).register(Everything.class, Inner.class, Level.class).build();
  static final Brine COMPAT_REFS = Brine.builder().compatible(true).references(true)
      .register(Everything.class, Inner.class, Level.class).build();
  static final Brine COMPAT_FIXED = Brine.builder().compatible(true).compressNumbers(false)
      .register(Everything.class, Inner.class, Level.class).build();

  @Test
  void everyFieldIsNamedAndDecoded() {
    for (Brine brine : List.of(COMPAT, COMPAT_REFS, COMPAT_FIXED)) {
      byte[] bytes = brine.serialize(sample());
      PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
      String t = text(bytes);
      assertTrue(d.complete(), t);
      assertEquals(bytes.length, d.root().end(), t);
      for (String expected : List.of("i int: -300", "l long: -5000000000", "boxedInt Integer: null",
          "boxedLong Long: 1099511627776", "level enum: HIGH (ordinal 1)", "boxedBool Boolean: true",
          "boxedByte Byte: -7", "boxedShort Short: -2", "boxedFloat Float: -0.0", "boxedDouble Double: NaN",
          "z boolean: true", "b byte: -128", "sh short: -32768", "f float: 1.5", "d double: 3.141592653589793",
          "nullStr String: null", "renamed #40 String: \"by id\"", "nullInner", "n int: 2147483647", "s String: \"in\"",
          "\"p\"", "\"q\"", "\"k\"", "42", "self", "n int: 5", "s String: \"five\"", "n int: 6")) {
        assertTrue(t.contains(expected), () -> "missing <" + expected + ">\n" + t);
      }
      assertTrue(t.contains("str String: \"héllo 😀\""), t);
      assertTrue(t.contains(Level.class.getName() + ".LOW (ordinal 0)") && t.contains(Level.class.getName() + ".HIGH"), t);
    }
  }

  @Test
  void cyclesAreBackReferences() {
    Everything e = sample();
    e.self = e;
    byte[] bytes = COMPAT_REFS.serialize(e);
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
    String t = text(bytes);
    assertTrue(d.complete(), t);
    assertTrue(t.contains("self back-reference") && t.contains("→ object #0"), t);
  }

  /** Values of any ints and longs: the group's codes and sign extension, as the library writes them. */
  @Property(tries = 200)
  void numbersOfEveryLength(@ForAll int i, @ForAll long l, @ForAll Integer boxed) {
    Everything e = new Everything();
    e.i = i;
    e.l = l;
    e.boxedInt = boxed;
    byte[] bytes = COMPAT.serialize(e);
    String t = text(bytes);
    assertTrue(PayloadDecoder.decode(bytes, 100).complete(), t);
    assertTrue(t.contains("i int: " + i + "\n") && t.contains("l long: " + l + "\n")
        && t.contains("boxedInt Integer: " + boxed + "\n"), t);
  }

  /** brine-core's golden files of compatible mode: their classes' fields now decode to the end. */
  @Test
  void goldenFilesDecodeCompletely() throws Exception {
    for (String name : List.of("person-v1.bin", "person-v2.bin", "person-v3.bin", "layout2/person-v1.bin",
        "layout2/person-v2.bin", "layout2/person-v3.bin", "layout2/shelf-v1.bin", "layout2/shelf-v2.bin",
        "layout2/addresses-v1.bin")) {
      Path file = Paths.get("../brine-core/src/test/resources/golden/compat", name);
      Assumptions.assumeTrue(Files.exists(file), "brine-core's golden file " + file + " is absent");
      byte[] bytes = Files.readAllBytes(file);
      PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, 100);
      String t = text(bytes);
      assertNull(d.error(), () -> name + "\n" + t);
      assertTrue(d.complete(), () -> name + "\n" + t);
    }
  }

  /** Truncated and garbled objects end with the library's exception, never another one. */
  @Test
  void badInput() {
    Everything e = sample();
    e.self = e;
    for (byte[] s : List.of(COMPAT.serialize(sample()), COMPAT_REFS.serialize(e))) {
      for (int i = 0; i < s.length; i++) {
        check(Arrays.copyOf(s, i));
        for (int delta : new int[] {1, 0x0f, 0x3f, 0x80}) {
          byte[] m = s.clone();
          m[i] = (byte) (m[i] + delta);
          check(m);
        }
      }
    }
  }

  private static void check(byte[] input) {
    PayloadDecoder.Decoded d = PayloadDecoder.decode(input, 100);
    BrineException e = d.error();
    assertFalse(e != null && (e.getMessage() == null || e.getMessage().isBlank()));
    text(input);
  }
}
