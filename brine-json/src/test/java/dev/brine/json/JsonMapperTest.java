package dev.brine.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.json.model.Model.Bean;
import dev.brine.json.model.Model.Color;
import dev.brine.json.model.Model.Extras;
import dev.brine.json.model.Model.Line;
import dev.brine.json.model.Model.Numbers;
import dev.brine.json.model.Model.Order;
import dev.brine.json.model.Model.Private;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JsonMapperTest {
  static final Class<?>[] CLASSES = {Order.class, Bean.class, Extras.class, Private.class, Numbers.class};
  static final JsonMapper GENERATED = JsonMapper.builder().register(CLASSES).build();
  static final JsonMapper INTERPRETED = JsonMapper.builder().register(CLASSES).codegen(false).build();
  static final ObjectMapper JACKSON = new ObjectMapper();

  static Order order() {
    Map<String, Integer> counts = new LinkedHashMap<>();
    counts.put("a\"b", 1);
    counts.put("\u00e9\uD83D\uDE00", -2);
    Map<Integer, Line> byNumber = new LinkedHashMap<>();
    byNumber.put(7, new Line("x", 1, 0.1));
    return new Order(Long.MIN_VALUE, "Ada \"Lovelace\"\n\t\\ \u0001 \u2028 \uD83D\uDE00",
        new ArrayList<>(List.of(new Line("A-1", 2, 9.99), new Line(null, -1, -0.0))), counts, Color.GREEN, true, null,
        1.5f, (short) -7, 'q', new LinkedHashSet<>(List.of(Color.BLUE)), new String[] {"n", null},
        new int[] {1, Integer.MIN_VALUE}, byNumber, new BigDecimal("12345678901234567890.5"));
  }

  static Bean bean() {
    Bean b = new Bean();
    b.id = 3;
    b.name = null;
    b.tags = new ArrayList<>(List.of("t"));
    b.line = new Line("s", 0, 1e300);
    b.values = new double[] {Double.NaN, Double.NEGATIVE_INFINITY, 1e-7, 100.0};
    b.flag = false;
    return b;
  }

  static Numbers numbers() {
    return new Numbers(3.8000000000000003, Double.MIN_VALUE, 1.5e-7f, Long.MIN_VALUE, 1L << 53, -7,
        new double[] {1e23, -0.0, Double.NaN, 4.35, 1e-3}, new long[] {Long.MAX_VALUE, 0, 99_999_999});
  }

  @Test
  void outputEqualsJacksonsAsATree() throws Exception {
    for (Object v : List.of(order(), bean(), numbers())) {
      String ours = GENERATED.toJson(v);
      assertEquals(JACKSON.readTree(JACKSON.writeValueAsString(v)), JACKSON.readTree(ours), ours);
      assertEquals(ours, INTERPRETED.toJson(v));
      assertArrayEquals(ours.getBytes(StandardCharsets.UTF_8), GENERATED.toJsonBytes(v));
      // each side reads the other's output
      Object back = JACKSON.readValue(ours, v.getClass());
      assertEquals(JACKSON.writeValueAsString(v), JACKSON.writeValueAsString(back));
      assertEquals(ours, GENERATED.toJson(GENERATED.fromJson(JACKSON.writeValueAsString(v), v.getClass())));
      assertEquals(ours, INTERPRETED.toJson(INTERPRETED.fromJson(ours, v.getClass())));
    }
    assertTrue(GENERATED.explain(Order.class).endsWith("generated"));
    assertTrue(INTERPRETED.explain(Order.class).endsWith("interpreted"));
  }

  @Test
  void numberEdgesMatchJacksonAndReadBack() throws Exception {
    List<Double> doubles = new ArrayList<>(dev.brine.json.io.NumberTextTest.edgeDoubles());
    doubles.addAll(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    long[] longs = {0, 1, -1, (1L << 53) - 1, 1L << 53, (1L << 53) + 1, -(1L << 53) - 1, Long.MAX_VALUE, Long.MIN_VALUE,
        Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 999_999_999_999_999_999L, 1_000_000_000_000_000_000L, 99_999_999,
        100_000_000, 9_999_999_999_999_999L, 10_000_000_000_000_000L, Integer.MAX_VALUE, Integer.MIN_VALUE};
    int k = 0;
    for (double d : doubles) {
      long l = longs[k++ % longs.length];
      Numbers n = new Numbers(d, -d, (float) d, l, -l, (int) l, new double[] {d, l, -0.0}, new long[] {l, ~l});
      for (JsonMapper m : List.of(GENERATED, INTERPRETED)) {
        String ours = m.toJson(n);
        String jackson = JACKSON.writeValueAsString(n);
        assertEquals(JACKSON.readTree(jackson), JACKSON.readTree(ours), ours);
        for (String text : List.of(ours, jackson)) {
          Numbers back = m.fromJson(text, Numbers.class);
          assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(back.d()), text);
          assertEquals(Double.doubleToLongBits(-d), Double.doubleToLongBits(back.boxed()), text);
          assertEquals(Float.floatToIntBits((float) d), Float.floatToIntBits(back.f()), text);
          assertEquals(l, back.l());
          assertEquals(-l, back.boxedLong());
          assertArrayEquals(n.ds(), back.ds());
          assertArrayEquals(n.ls(), back.ls());
        }
        if (Runtime.version().feature() >= 19) { // Double.toString is the shortest there, as ours is everywhere
          assertEquals(jackson, ours);
        }
      }
    }
  }

  @Test
  void typesJacksonNeedsModulesForRoundTrip() {
    Extras e = new Extras(Optional.of("m"), Instant.ofEpochSecond(1, 2), new UUID(1, 2), new byte[] {0, -1}, Optional.empty());
    for (JsonMapper m : List.of(GENERATED, INTERPRETED)) {
      String json = m.toJson(e);
      assertEquals("{\"maybe\":\"m\",\"at\":\"1970-01-01T00:00:01.000000002Z\",\"id\":\"00000000-0000-0001-0000-000000000002\","
          + "\"blob\":\"AP8=\",\"line\":null}", json);
      Extras back = m.fromJson(json, Extras.class);
      assertEquals(e.maybe(), back.maybe());
      assertEquals(e.at(), back.at());
      assertArrayEquals(e.blob(), back.blob());
      assertEquals(Optional.empty(), back.line());
      Private p = m.fromJson(m.toJson(new Private("p", 5)), Private.class);
      assertEquals("p", p.name());
      assertEquals(5, p.count());
    }
  }

  @Test
  void anyOrderUnknownFieldsSkippedMissingFieldsDefault() {
    String json = " {\"extra\":{\"deep\":[1,{\"x\":null},\"s\\u00e9\"]},\"quantity\":3 , \"sku\":\"a\\/b\",\n\"more\":-1.5e3}";
    for (JsonMapper m : List.of(GENERATED, INTERPRETED)) {
      Bean b = m.fromJson("{\"line\":" + json + ",\"id\":null}", Bean.class);
      assertEquals(new Line("a/b", 3, 0), b.line);
      assertEquals(0, b.id);
      assertNull(b.tags);
      assertNull(m.fromJson("null", Bean.class));
    }
  }

  @Test
  void malformedJsonNamesLineAndColumn() {
    MalformedInputException e = assertThrows(MalformedInputException.class,
        () -> GENERATED.fromJson("{\"id\":1,\n  \"name\":tru}", Bean.class));
    assertTrue(e.getMessage().contains("line 2, column 10"), e.getMessage());
    e = assertThrows(MalformedInputException.class, () -> GENERATED.fromJson("{\"id\":1", Bean.class));
    assertTrue(e.getMessage().contains("line 1, column 8"), e.getMessage());
    for (String bad : List.of("", "{", "{\"id\":01}", "{\"id\":1,}", "{,}", "{\"id\" 1}", "{\"name\":\"\u0001\"}",
        "{\"id\":99999999999}", "{\"id\":1.5}", "{} x", "{\"name\":\"\\x\"}", "{\"tags\":[1}", "[]", "{\"flag\":nul}")) {
      assertThrows(MalformedInputException.class, () -> GENERATED.fromJson(bad, Bean.class), bad);
      assertThrows(MalformedInputException.class, () -> INTERPRETED.fromJson(bad, Bean.class), bad);
    }
    byte[] invalidUtf8 = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC0, (byte) 0x80, '"', '}'};
    assertThrows(MalformedInputException.class, () -> GENERATED.fromJson(invalidUtf8, Bean.class));
    String deep = "{\"extra\":" + "[".repeat(600) + "]".repeat(600) + "}";
    assertThrows(LimitExceededException.class, () -> GENERATED.fromJson(deep, Bean.class));
  }

  record MoreText(java.time.OffsetTime time, java.time.ZonedDateTime zoned, java.time.ZoneId zone, java.time.Period period,
      java.net.URI uri, Map<java.time.ZoneId, Integer> byZone) {}

  @Test
  void theJdkValuesProtobufWritesAsTextAreTextHereToo() {
    JsonMapper m = JsonMapper.builder().register(MoreText.class).build();
    MoreText v = new MoreText(java.time.OffsetTime.parse("08:00:01.5+05:45"),
        java.time.ZonedDateTime.parse("2026-12-03T08:00+01:00[Europe/Paris]"), java.time.ZoneId.of("America/New_York"),
        java.time.Period.of(1, -2, 3), java.net.URI.create("https://x.example/a%20b?q=1#f"), Map.of(java.time.ZoneId.of("Z"), 1));
    String json = m.toJson(v);
    assertTrue(json.contains("\"2026-12-03T08:00+01:00[Europe/Paris]\"") && json.contains("\"P1Y-2M3D\""), json);
    assertEquals(v, m.fromJson(json, MoreText.class));
    assertThrows(MalformedInputException.class, () -> m.fromJson("{\"zone\":\"Mars/Olympus\"}", MoreText.class));
  }

  record BigKeys(Map<java.math.BigInteger, Integer> ints, Map<BigDecimal, Integer> decimals) {}

  @Test
  void longNumbersAreRefusedAsMapKeysAsAsValues() {
    JsonMapper m = JsonMapper.builder().register(BigKeys.class).build();
    assertEquals(new BigKeys(Map.of(new java.math.BigInteger("9".repeat(1000)), 1), Map.of(new BigDecimal("1.5E+3"), 2)),
        m.fromJson("{\"ints\":{\"" + "9".repeat(1000) + "\":1},\"decimals\":{\"1.5E+3\":2}}", BigKeys.class));
    // BigInteger's parser is quadratic in the digits: 200,000 of them took 0.6 s
    for (String field : List.of("ints", "decimals")) {
      String json = "{\"" + field + "\":{\"" + "9".repeat(1001) + "\":1}}";
      MalformedInputException e = assertThrows(MalformedInputException.class, () -> m.fromJson(json, BigKeys.class));
      assertTrue(e.getMessage().contains("1000 characters") && e.getMessage().length() < 400, e.getMessage());
    }
  }

  static final class Poly {
    public Object any;
  }

  static final class Node {
    public Node next;
  }

  static final class Holder {
    public List<?> wild;
  }

  @Test
  void theListOfClassesBrineRegistersWithItsEnumsBuildsToo() {
    // one model, several formats: the list Brine.builder().register needs (enums included) fits here as well
    JsonMapper withEnums = JsonMapper.builder().register(Color.class, Order.class, Line.class).build();
    Order o = order();
    assertEquals(GENERATED.toJson(o), withEnums.toJson(o));
    assertEquals(GENERATED.toJson(o), withEnums.toJson(withEnums.fromJson(GENERATED.toJson(o), Order.class)));
    assertThrows(ClassNotAllowedException.class, () -> withEnums.toJson(Color.RED), "an enum is no object");
  }

  @Test
  void unsupportedShapesAreRefusedWhenBuilt() {
    for (Class<?> c : List.of(Poly.class, Node.class, Holder.class, Runnable.class)) {
      BrineException e = assertThrows(BrineException.class, () -> JsonMapper.builder().register(c).build(), c::getName);
      assertTrue(e.getMessage().startsWith("json: "), e.getMessage());
    }
    assertThrows(ClassNotAllowedException.class, () -> GENERATED.toJson("x"));
  }
}
