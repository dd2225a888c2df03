package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.brine.Brine;
import java.util.function.Consumer;

/** Round trips through generated (threshold 0) and interpreted (huge threshold) serializers, references off and on. */
final class Modes {
  private Modes() {}

  static Brine brine(boolean generated, boolean refs, Class<?>... types) {
    return Brine.builder().codegenThreshold(generated ? 0 : Integer.MAX_VALUE).references(refs).register(types).build();
  }

  /** Both serializers write the same bytes; each reads both; {@code check} sees every value read back. */
  @SuppressWarnings("unchecked")
  static <T> void each(T value, Consumer<T> check, Class<?>... types) {
    for (boolean refs : new boolean[] {false, true}) {
      eachWith(refs, value, check, types);
    }
  }

  @SuppressWarnings("unchecked")
  static <T> void eachWith(boolean refs, T value, Consumer<T> check, Class<?>... types) {
    Brine gen = brine(true, refs, types);
    Brine interp = brine(false, refs, types);
    String where = "references " + refs;
    try {
      byte[] g = gen.serialize(value);
      byte[] i = interp.serialize(value);
      assertArrayEquals(i, g, where + ": generated and interpreted bytes differ");
      for (Brine reader : new Brine[] {gen, interp}) {
        check.accept((T) reader.deserialize(g));
      }
    } catch (RuntimeException | AssertionError e) {
      throw new AssertionError(where + ": " + e, e);
    }
  }
}
