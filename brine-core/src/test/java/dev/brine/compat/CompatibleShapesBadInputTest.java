package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import dev.brine.compat.CompatibleShapesTest.Color;
import dev.brine.compat.CompatibleShapesTest.P;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Malformed input in the new compatible-mode positions (a class definition reference after an array's
 * component tag or an EnumSet's or EnumMap's enum tag): always a {@link BrineException} saying what
 * and where, never another exception, and counts checked before anything is allocated.
 */
class CompatibleShapesBadInputTest {
  static final Brine B = CompatibleShapesTest.builder().maxLength(1000).build();
  static final Brine REFS = CompatibleShapesTest.builder().maxLength(1000).references(true).build();

  static byte[] hex(String s) {
    String[] parts = s.trim().split("\\s+");
    byte[] b = new byte[parts.length];
    for (int i = 0; i < parts.length; i++) {
      b[i] = (byte) Integer.parseInt(parts[i], 16);
    }
    return b;
  }

  static <T extends Throwable> T fails(Class<T> type, byte[] input, String... words) {
    T e = assertThrows(type, () -> B.deserialize(input));
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), () -> "'" + w + "' not in: " + e.getMessage());
    }
    return e;
  }

  @Test
  void referenceToADefinitionNotRead() {
    // header, ARRAY, COMPAT_ENUM, def-ref #5 (none read), length 0
    fails(MalformedInputException.class, hex("ca 15 3c 05 00"), "class definition reference #5", "offset 3");
    // the same after an EnumSet's and an EnumMap's enum tag
    fails(MalformedInputException.class, hex("ca 1f 3c 07 00"), "class definition reference #7", "offset 3");
    fails(MalformedInputException.class, hex("ca 25 3c 02 00"), "class definition reference #2", "offset 3");
    // a new definition that skips an index
    fails(MalformedInputException.class, hex("ca 15 3f 83 40 00"), "skips an index");
  }

  @Test
  void definitionOfTheWrongKind() {
    byte[] points = B.serialize(new P[] {new P(1, "a")});
    byte[] asEnums = points.clone();
    asEnums[2] = 60; // the descriptor says enum, the definition is a record's
    fails(MalformedInputException.class, asEnums, "follows a tag for an enum", "offset 3");
    byte[] set = B.serialize(EnumSet.of(Color.RED));
    byte[] asClass = set.clone();
    asClass[2] = 63; // an EnumSet whose descriptor names a class
    fails(MalformedInputException.class, asClass, "EnumSet");
  }

  @Test
  void countsAndOrdinalsAreChecked() {
    byte[] set = B.serialize(EnumSet.of(Color.RED));
    int n = set.length;
    // the count, then the ordinal: RED is ordinal 0
    assertEquals(1, set[n - 2]);
    assertEquals(0, set[n - 1]);
    byte[] big = Arrays.copyOf(set, n + 4);
    big[n - 2] = (byte) 0xff; // a count of 2^28-1, far more than the bytes left and the limit
    big[n - 1] = (byte) 0xff;
    big[n] = (byte) 0xff;
    big[n + 1] = (byte) 0x7f;
    assertThrows(LimitExceededException.class, () -> B.deserialize(Arrays.copyOf(big, n + 2)));
    byte[] ordinal = set.clone();
    ordinal[n - 1] = 9;
    fails(MalformedInputException.class, ordinal, "ordinal 9", "Color");
    byte[] twice = Arrays.copyOf(set, n + 1);
    twice[n - 2] = 2; // two ordinals, both RED
    twice[n] = 0;
    fails(MalformedInputException.class, twice, "repeats ordinal 0");
    byte[] array = B.serialize(new P[0]);
    byte[] length = Arrays.copyOf(array, array.length + 3);
    length[array.length - 1] = (byte) 0xff;
    length[array.length] = (byte) 0xff;
    length[array.length + 1] = (byte) 0x7f;
    assertThrows(BrineException.class, () -> B.deserialize(length));
  }

  @Test
  void deepArrayDescriptorsAreBounded() {
    byte[] colors = B.serialize(new Color[0]); // ca 15 3c def-ref… 00
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0xca);
    for (int i = 0; i < 299; i++) {
      out.write(0x15);
    }
    out.write(colors, 1, colors.length - 1);
    byte[] deep = out.toByteArray();
    fails(MalformedInputException.class, deep, "300 dimensions");
    assertThrows(LimitExceededException.class, () -> CompatibleShapesTest.builder().maxDepth(100).build().deserialize(deep));
  }

  /** Every truncation and every single-byte change of the new shapes gives a BrineException, nothing else. */
  @Test
  void truncatedAndGarbledShapes() {
    List<Object> values = new ArrayList<>(Arrays.asList(CompatibleShapesTest.values()));
    values.removeIf(v -> v instanceof EnumMap && ((EnumMap<?, ?>) v).isEmpty());
    values.add(new EnumMap<>(Map.of(Color.RED, new P[] {new P(1, "x")})));
    for (Brine b : List.of(B, REFS)) {
      for (Object v : values) {
        byte[] s = b.serialize(v);
        for (int i = 0; i < s.length; i++) {
          decode(b, Arrays.copyOf(s, i), true);
          for (int delta : new int[] {1, 0x3f, 0x80, 0xff}) {
            byte[] m = s.clone();
            m[i] = (byte) (m[i] + delta);
            decode(b, m, false);
          }
        }
      }
    }
  }

  private static void decode(Brine b, byte[] input, boolean truncated) {
    try {
      b.deserialize(input);
      assertFalse(truncated && input.length > 0, "a truncated payload was read");
    } catch (BrineException e) {
      assertNotNull(e.getMessage());
      if (truncated && input.length > 1 && !(e instanceof TruncatedInputException)) {
        assertTrue(e instanceof MalformedInputException || e instanceof LimitExceededException, e::toString);
      }
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      throw new AssertionError("not a BrineException for " + CompatibleEvolutionTest.hex(input), e);
    }
  }
}
