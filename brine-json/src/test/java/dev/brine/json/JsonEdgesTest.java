package dev.brine.json;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brine.MalformedInputException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Numbers whose text is short but whose value is not (a BigInteger of 1E234567890, an exponent beyond
 * an int), an absent {@code Optional} component, and {@code char[]} as Jackson writes it — through the
 * generated and the interpreted codecs alike.
 */
class JsonEdgesTest {
  record Big(BigInteger big) {}

  record Dec(BigDecimal dec) {}

  record Opt(int id, Optional<String> name) {}

  record Chars(char[] cs) {}

  record Id(java.util.UUID id) {}

  static final Class<?>[] CLASSES = {Big.class, Dec.class, Opt.class, Chars.class, Id.class};
  static final List<JsonMapper> MAPPERS = List.of(JsonMapper.builder().register(CLASSES).build(),
      JsonMapper.builder().register(CLASSES).codegen(false).build());

  @Test
  void anIntegerOfMoreThanAThousandDigitsIsRefusedBeforeItIsMade() {
    for (JsonMapper m : MAPPERS) {
      for (String n : List.of("1E234567890", "1E1000", "9.9E1000", "-1E2147483647")) {
        MalformedInputException e = assertThrows(MalformedInputException.class,
            () -> m.fromJson("{\"big\":" + n + "}", Big.class), n);
        assertTrue(e.getMessage().contains("1000 digits") && e.getMessage().contains("column"), e.getMessage());
      }
      for (String n : List.of("1E-2000000000", "1.5", "1E-1001")) {
        MalformedInputException e = assertThrows(MalformedInputException.class,
            () -> m.fromJson("{\"big\":" + n + "}", Big.class), n);
        assertTrue(e.getMessage().contains("not an integer"), e.getMessage());
      }
      assertEquals(BigInteger.TEN.pow(999), m.fromJson("{\"big\":1E999}", Big.class).big()); // 1000 digits
      assertEquals(BigInteger.ZERO, m.fromJson("{\"big\":0E-2000000000}", Big.class).big());
      assertEquals(BigInteger.valueOf(120), m.fromJson("{\"big\":1.20E2}", Big.class).big());
    }
  }

  @Test
  void anExponentBeyondAnIntIsMalformedWithItsPosition() {
    for (JsonMapper m : MAPPERS) {
      for (String n : List.of("1E2147483648", "1E-2147483649")) {
        MalformedInputException e = assertThrows(MalformedInputException.class,
            () -> m.fromJson("{\"dec\":" + n + "}", Dec.class), n);
        assertTrue(e.getMessage().contains("out of range") && e.getMessage().contains("column"), e.getMessage());
      }
      assertEquals(new BigDecimal("1E2147483647"), m.fromJson("{\"dec\":1E2147483647}", Dec.class).dec());
    }
  }

  @Test
  void anAbsentOptionalComponentIsEmptyAsJacksonGivesIt() {
    for (JsonMapper m : MAPPERS) {
      assertEquals(new Opt(1, Optional.empty()), m.fromJson("{\"id\":1}", Opt.class));
      assertEquals(new Opt(1, Optional.empty()), m.fromJson("{\"id\":1,\"name\":null}", Opt.class));
      assertEquals(new Opt(1, Optional.of("n")), m.fromJson("{\"name\":\"n\",\"id\":1}", Opt.class));
    }
  }

  record Text(String s) {}

  @Test
  void anUnpairedSurrogateInTheTextIsKeptNotMadeAQuestionMark() {
    for (JsonMapper m : List.of(JsonMapper.builder().register(Text.class).build(),
        JsonMapper.builder().register(Text.class).codegen(false).build())) {
      for (String s : List.of("a\uD800b", "\uDC00", "x\uD83D", "\uD83D\uDE00\uDE00", "?\uD800?é")) {
        assertEquals(s, m.fromJson("{\"s\":\"" + s + "\"}", Text.class).s(), s);
      }
      assertEquals("a?b", m.fromJson("{\"s\":\"a?b\"}", Text.class).s());
      assertThrows(MalformedInputException.class, () -> m.fromJson("{\"s\":1\uD800}", Text.class));
    }
  }

  @Test
  void charArraysAreStringsAsJacksonWritesThemAndTheArrayFormStillReads() throws Exception {
    ObjectMapper jackson = new ObjectMapper();
    Chars c = new Chars(new char[] {'a', '"', '\uD83D', '\uDE00', '\u0000'});
    for (JsonMapper m : MAPPERS) {
      String ours = m.toJson(c);
      String theirs = jackson.writeValueAsString(c);
      assertEquals(jackson.readTree(theirs), jackson.readTree(ours));
      assertArrayEquals(c.cs(), m.fromJson(theirs, Chars.class).cs());
      assertArrayEquals(c.cs(), jackson.readValue(ours, Chars.class).cs());
      assertArrayEquals(new char[] {'a', 'b'}, m.fromJson("{\"cs\":[\"a\",\"b\"]}", Chars.class).cs());
      assertNull(m.fromJson("{\"cs\":null}", Chars.class).cs());
      assertArrayEquals(new char[0], m.fromJson("{\"cs\":\"\"}", Chars.class).cs());
    }
  }

  @Test
  void aUuidIsReadOnlyFromItsCanonicalText() {
    java.util.UUID u = java.util.UUID.fromString("0123abcd-4567-89ef-0123-456789abcdef");
    for (JsonMapper m : MAPPERS) {
      assertEquals(u, m.fromJson("{\"id\":\"0123abcd-4567-89ef-0123-456789abcdef\"}", Id.class).id());
      assertEquals(u, m.fromJson("{\"id\":\"0123ABCD-4567-89EF-0123-456789ABCDEF\"}", Id.class).id());
      // UUID.fromString alone takes the first two and pads them into other UUIDs
      for (String bad : List.of("1-2-3-4-5", "0123abcd-4567-89ef-0123-456789abcdef0", "0123abcd+4567-89ef-0123-456789abcdef",
          "0123abcg-4567-89ef-0123-456789abcdef", "")) {
        MalformedInputException e = assertThrows(MalformedInputException.class,
            () -> m.fromJson("{\"id\":\"" + bad + "\"}", Id.class), bad);
        assertTrue(e.getMessage().contains("is not a UUID"), e.getMessage());
      }
    }
  }
}
