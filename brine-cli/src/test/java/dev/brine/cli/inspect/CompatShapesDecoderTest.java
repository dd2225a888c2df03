package dev.brine.cli.inspect;

import static dev.brine.cli.inspect.PayloadDecoderTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.Brine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The structure decoder on compatible mode's EnumSets, EnumMaps and arrays of compatible classes and enums,
 * whose class descriptors are followed by a class definition reference (docs/format.md, "Compatible mode").
 */
class CompatShapesDecoderTest {
  enum Color { RED, GREEN, BLUE }

  record P(int x) {}

  static final Brine COMPAT = Brine.builder().compatible(true).register(Color.class, P.class).build();
  static final Brine COMPAT_REFS = Brine.builder().compatible(true).references(true).register(Color.class, P.class).build();

  static PayloadDecoder.Decoded decoded(byte[] bytes) {
    return PayloadDecoder.decode(bytes, 100);
  }

  @Test
  void enumShapesDecodeCompletely() {
    List<Object> list = new ArrayList<>(List.of(new Color[] {Color.BLUE, Color.RED}, EnumSet.of(Color.RED, Color.BLUE),
        new EnumMap<>(Map.of(Color.GREEN, "g")), new Color[][] {{Color.GREEN}, {}}, "after"));
    list.add(2, null);
    for (Brine b : List.of(COMPAT, COMPAT_REFS)) {
      byte[] bytes = b.serialize(list);
      PayloadDecoder.Decoded d = decoded(bytes);
      assertTrue(d.complete(), () -> text(bytes));
      assertEquals(bytes.length, d.root().end());
      String t = text(bytes);
      String color = Color.class.getName();
      assertTrue(t.contains("enum " + color + "[]"), t);
      assertTrue(t.contains(color + ".BLUE (ordinal 2)") && t.contains(color + ".RED (ordinal 0)"), t);
      assertTrue(t.contains("ordinals [0 RED, 2 BLUE]"), t);
      assertTrue(t.contains(color + ".GREEN (ordinal 1)") && t.contains("\"g\""), t);
      assertTrue(t.contains("enum " + color + " (definition #0): RED, GREEN, BLUE"), t);
      assertTrue(t.contains("\"after\""), t);
    }
  }

  @Test
  void arraysOfClassesShowTheDefinitionAndTheFields() {
    byte[] nulls = COMPAT.serialize(new P[] {null, null});
    assertTrue(decoded(nulls).complete(), () -> text(nulls));
    assertTrue(text(nulls).contains(P.class.getName() + "[]"), text(nulls));
    byte[] bytes = COMPAT.serialize(new P[] {null, new P(3)});
    PayloadDecoder.Decoded d = decoded(bytes);
    assertTrue(d.complete(), () -> text(bytes));
    String t = text(bytes);
    assertTrue(t.contains("record " + P.class.getName()) && t.contains("x: int") && t.contains("x int: 3"), t);
  }

  /** brine-core's golden files of these shapes: decoded without a misread. */
  @Test
  void goldenFiles() throws Exception {
    for (String name : List.of("statuses-v3.bin", "addresses-v1.bin", "shelf-v1.bin", "shelf-v2.bin")) {
      Path file = Paths.get("../brine-core/src/test/resources/golden/compat/layout2", name);
      Assumptions.assumeTrue(Files.exists(file), "brine-core's golden file is absent");
      byte[] bytes = Files.readAllBytes(file);
      PayloadDecoder.Decoded d = decoded(bytes);
      assertNull(d.error(), () -> name + "\n" + text(bytes));
      if (name.startsWith("statuses")) {
        assertTrue(d.complete(), () -> text(bytes));
        assertTrue(text(bytes).contains("ordinals [1 ACTIVE, 2 PENDING, 3 ARCHIVED]"), text(bytes));
      } else {
        assertTrue(text(bytes).contains("evo.Address") || text(bytes).contains("evo.Shelf"), text(bytes));
      }
    }
  }

  /** Truncated and garbled shapes end with the library's exception, never another one. */
  @Test
  void badInput() {
    List<Object> values = List.of(new Color[] {Color.BLUE, null}, EnumSet.allOf(Color.class), new EnumMap<>(Map.of(Color.RED, 1)),
        new P[][] {{new P(1)}});
    for (Object v : values) {
      byte[] s = COMPAT.serialize(v);
      for (int i = 0; i < s.length; i++) {
        check(Arrays.copyOf(s, i));
        for (int delta : new int[] {1, 0x3f, 0x80}) {
          byte[] m = s.clone();
          m[i] = (byte) (m[i] + delta);
          check(m);
        }
      }
    }
  }

  private static void check(byte[] input) {
    PayloadDecoder.Decoded d = decoded(input);
    BrineException e = d.error();
    assertFalse(e != null && e.getMessage() == null);
    text(input); // prints whatever was decoded
  }
}
