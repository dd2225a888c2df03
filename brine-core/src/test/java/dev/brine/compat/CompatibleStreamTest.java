package dev.brine.compat;

import static dev.brine.compat.Evolution.get;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.TruncatedInputException;
import dev.brine.io.StringTable;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Streams of bare values in compatible mode: with a {@link StringTable} the class definitions are
 * written once per stream (kept with the table), read by another version of the classes; a value
 * read from too few bytes is read again; after the writer resets its table (or a value fails) the
 * definitions are written again. Without a table each value carries its own.
 */
class CompatibleStreamTest {
  @Test
  void definitionsOncePerStreamReadByAnotherVersion() {
    Brine v1 = Evolution.brine("v1");
    Object p = CompatibleEvolutionTest.person1();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringTable writing = new StringTable(64);
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int before = out.size();
      v1.serializeValue(p, out, writing);
      sizes.add(out.size() - before);
      if (i == 1) {
        writing.reset(); // a relocation point: what follows refers to nothing before
      }
    }
    assertTrue(sizes.get(1) < sizes.get(0) - 100, "the second value refers to the definitions: " + sizes);
    assertEquals(sizes.get(0), sizes.get(2), "after a reset the definitions are written again: " + sizes);
    assertEquals(sizes.get(1), sizes.get(3), sizes.toString());
    byte[] stream = out.toByteArray();

    // a v2 reader, fed the stream in pieces: truncated values are read again once more bytes arrive
    Brine v2 = Evolution.brine("v2", true, b -> b);
    StringTable reading = new StringTable(64);
    List<Object> read = new ArrayList<>();
    ByteBuffer buf = ByteBuffer.allocate(stream.length);
    buf.flip();
    int fed = 0;
    while (read.size() < 4) {
      try {
        read.add(v2.deserializeValue(buf, reading));
      } catch (TruncatedInputException e) {
        int n = Math.min(7, stream.length - fed);
        assertTrue(n > 0, "stream ended early");
        buf.compact();
        buf.put(stream, fed, n);
        buf.flip();
        fed += n;
      }
    }
    for (Object q : read) {
      assertEquals("Ada", get(q, "fullName"));
      assertEquals(3, get(get(q, "extra"), "count"));
    }
  }

  @Test
  void withoutATableEachValueCarriesItsDefinitions() {
    Brine v1 = Evolution.brine("v1");
    Object p = CompatibleEvolutionTest.person1();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    v1.serializeValue(p, out);
    int one = out.size();
    v1.serializeValue(p, out);
    assertEquals(2 * one, out.size());
    ByteBuffer in = ByteBuffer.wrap(out.toByteArray());
    Brine v3 = Evolution.brine("v3");
    assertEquals("Ada", get(v3.deserializeValue(in), "displayName"));
    assertEquals("Ada", get(v3.deserializeValue(in), "displayName"));
    assertFalse(in.hasRemaining());
  }
}
