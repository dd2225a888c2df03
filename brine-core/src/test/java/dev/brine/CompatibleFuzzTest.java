package dev.brine;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing of compatible mode's decoder (docs/fuzzing.md): class definitions are untrusted input, so
 * mutated definitions (counts, names, codes, fingerprints) and the mapping readers they select must
 * give a {@link BrineException}, never another exception or an Error; what decodes re-encodes to an
 * equal value; and the generated and interpreted readers agree. The shared cache of definitions
 * stays within its bound whatever the input.
 */
class CompatibleFuzzTest {
  private static Brine.Builder builder() {
    return Brine.builder().compatible(true)
        .register(DeserializeFuzzTest.Kind.class, DeserializeFuzzTest.Item.class, DeserializeFuzzTest.Pair.class,
            DeserializeFuzzTest.Node.class, Labelled.class)
        .maxLength(1000).maxStringBytes(4096).maxPayloadBytes(1 << 16).maxDepth(32)
        .maxClassDefBytes(4096).maxClassDefFields(64).maxClassDefNameBytes(256).classDefCacheSize(16);
  }

  /** A record with an {@code @Field} id: its definition has the key of a field with an id and a name. */
  record Labelled(@Field(id = 7) String label, int n) {}

  static final Brine COMPAT = builder().build();
  static final Brine COMPAT_REFS = builder().references(true).build();
  static final Brine COMPAT_INTERPRETED = builder().codegen(false).build();
  private static final Object REJECTED = new Object();

  @FuzzTest(maxDuration = "4m")
  void deserializeCompatible(byte[] input) {
    Object generated = decode(COMPAT, input);
    Object interpreted = decode(COMPAT_INTERPRETED, input);
    assertEquals(generated == REJECTED, interpreted == REJECTED, "codegen and interpreted disagree on accepting the input");
    if (generated != REJECTED && DeserializeFuzzTest.hasValueEquality(generated)) {
      assertTrue(Objects.deepEquals(generated, interpreted), () -> generated + " != " + interpreted);
      Object again = COMPAT.deserialize(COMPAT.serialize(generated));
      assertTrue(Objects.deepEquals(generated, again), () -> "re-encoding changed " + generated + " into " + again);
    }
    decode(COMPAT_REFS, input);
  }

  private static Object decode(Brine brine, byte[] input) {
    try {
      return brine.deserialize(input);
    } catch (BrineException e) {
      DeserializeFuzzTest.checkRejection(e);
      return REJECTED;
    }
  }

  /**
   * Values whose class descriptors are followed by a class definition reference (docs/format.md,
   * "Compatible mode"): EnumSets and EnumMaps of a registered enum, arrays of registered records,
   * classes and enums as values of their own, nested, as elements and map values.
   */
  static List<Object> shapes() {
    DeserializeFuzzTest.Item item = new DeserializeFuzzTest.Item("i", 1, 0.5, DeserializeFuzzTest.Kind.C, List.of("t"));
    DeserializeFuzzTest.Node node = new DeserializeFuzzTest.Node();
    node.label = "n";
    node.kinds = java.util.EnumSet.of(DeserializeFuzzTest.Kind.B);
    node.any = new DeserializeFuzzTest.Kind[] {DeserializeFuzzTest.Kind.A};
    return List.of(java.util.EnumSet.of(DeserializeFuzzTest.Kind.A, DeserializeFuzzTest.Kind.C),
        java.util.EnumSet.noneOf(DeserializeFuzzTest.Kind.class),
        new java.util.EnumMap<>(java.util.Map.of(DeserializeFuzzTest.Kind.B, "b", DeserializeFuzzTest.Kind.C, 3)),
        new DeserializeFuzzTest.Item[] {item, null}, new DeserializeFuzzTest.Kind[] {DeserializeFuzzTest.Kind.B, null},
        new DeserializeFuzzTest.Item[][] {{item}, {}, null}, new DeserializeFuzzTest.Node[] {node, node},
        new DeserializeFuzzTest.Pair(new DeserializeFuzzTest.Pair[] {new DeserializeFuzzTest.Pair(1, 2)},
            java.util.EnumSet.allOf(DeserializeFuzzTest.Kind.class)),
        new ArrayList<>(List.of(new DeserializeFuzzTest.Kind[][] {{DeserializeFuzzTest.Kind.C}}, "after")),
        new java.util.HashMap<>(java.util.Map.of("k", new DeserializeFuzzTest.Item[] {item})),
        new Labelled("x", 3));
  }

  /** The samples that compatible mode writes, then {@link #shapes()}. */
  static List<byte[]> seeds() {
    List<byte[]> out = new ArrayList<>();
    List<Object> all = new ArrayList<>(DeserializeFuzzTest.samples());
    all.addAll(shapes());
    for (Object s : all) {
      try {
        out.add(COMPAT.serialize(s));
      } catch (BrineException e) {
        // not writable in compatible mode
      }
    }
    return out;
  }

  @Test
  void seedsRoundTrip() {
    List<byte[]> seeds = seeds();
    assertTrue(seeds.size() > 20, "most samples are writable in compatible mode: " + seeds.size());
    for (byte[] s : seeds) {
      Object v = COMPAT.deserialize(s);
      byte[] again = COMPAT.serialize(v);
      // a HashMap read back may iterate in another order than the one written (its capacity differs),
      // so the bytes are compared from the first value read on
      assertArrayEquals(again, COMPAT.serialize(COMPAT.deserialize(again)), () -> "a seed does not round-trip: " + v);
      assertEquals(s.length, again.length, () -> "a seed does not round-trip: " + v);
      deserializeCompatible(s);
    }
  }

  /** The seed files in the first layout of class definitions (header 0xC2, {@code seed-NN}), still read. */
  static List<byte[]> layout1Seeds() throws IOException {
    List<byte[]> out = new ArrayList<>();
    try (var files = Files.list(SEEDS)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("seed-")).sorted().toList()) {
        out.add(Files.readAllBytes(f));
      }
    }
    return out;
  }

  @Test
  void layout1SeedsAreRead() throws IOException {
    List<byte[]> seeds = layout1Seeds();
    assertTrue(seeds.size() > 20, "layout-1 seeds present: " + seeds.size());
    for (byte[] s : seeds) {
      assertEquals(0xC2, s[0] & 0xFF & ~0x05);
      Object v = COMPAT.deserialize(s);
      byte[] again = COMPAT.serialize(v);
      assertEquals(0xCA, again[0] & 0xFF & ~0x05);
      assertTrue(Objects.deepEquals(v, COMPAT.deserialize(again)) || !DeserializeFuzzTest.hasValueEquality(v), () -> "" + v);
      deserializeCompatible(s);
    }
  }

  /** Every truncation and every single-byte change of every seed (both layouts) is handled (a cheap, deterministic fuzz). */
  @Test
  void mutatedSeedsAreRejectedCleanly() throws IOException {
    List<byte[]> all = new ArrayList<>(seeds());
    all.addAll(layout1Seeds());
    for (byte[] s : all) {
      for (int i = 0; i < s.length; i++) {
        deserializeCompatible(java.util.Arrays.copyOf(s, i));
        for (int delta : new int[] {1, 0x40, 0x80, 0xFF}) {
          byte[] m = s.clone();
          m[i] = (byte) (m[i] + delta);
          deserializeCompatible(m);
        }
      }
    }
  }

  private static final Path SEEDS = Path.of("src/test/resources/dev/brine/CompatibleFuzzTestInputs/deserializeCompatible");

  /**
   * Rewrites the seed files of the current layout ({@code layout2-seed-NN} and {@code layout2-shape-seed-NN}; the {@code seed-NN} files
   * of the first layout stay as they are): {@code -Dtest=CompatibleFuzzTest#writeSeeds -Dbrine.writeSeeds=true}.
   */
  @Test
  void writeSeeds() throws IOException {
    assumeTrue(Boolean.getBoolean("brine.writeSeeds"), "writes seed files only with -Dbrine.writeSeeds=true");
    Files.createDirectories(SEEDS);
    List<byte[]> seeds = seeds();
    int shapes = shapes().size();
    for (int i = 0; i < seeds.size() - shapes; i++) {
      Files.write(SEEDS.resolve(String.format("layout2-seed-%02d", i)), seeds.get(i));
    }
    for (int i = 0; i < shapes; i++) { // EnumSets, EnumMaps and arrays of compatible classes (written since layout 2)
      Files.write(SEEDS.resolve(String.format("layout2-shape-seed-%02d", i)), seeds.get(seeds.size() - shapes + i));
    }
  }
}
