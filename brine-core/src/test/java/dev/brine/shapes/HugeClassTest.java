package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A class too large for one generated method is written by its interpreted serializer, in every mode. */
class HugeClassTest {
  @Test
  void aClassOf4000FieldsRoundTripsWithTheSameBytes() {
    Wide4000 w = new Wide4000();
    w.f0 = -7;
    w.f1 = "one";
    w.f2 = 2L;
    w.f3 = List.of("three");
    w.f4 = null;
    w.f5 = -0.0;
    w.f3997 = "last";
    w.f3996 = 3996;
    Modes.each(w, b -> {
      assertEquals(-7, b.f0);
      assertEquals("one", b.f1);
      assertEquals(2L, b.f2);
      assertEquals(List.of("three"), b.f3);
      assertNull(b.f4);
      assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(b.f5));
      assertEquals("last", b.f3997);
      assertEquals(3996, b.f3996);
    }, Wide4000.class);
    Brine tiered = Brine.builder().codegenThreshold(2).register(Wide4000.class).build();
    for (int i = 0; i < 4; i++) {
      assertEquals("last", ((Wide4000) tiered.deserialize(tiered.serialize(w))).f3997);
    }
  }
}
