package dev.brine.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brine.json.model.Model.Color;
import dev.brine.json.model.Model.Line;
import dev.brine.json.model.Model.Order;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Random values (jqwik): the same text from both codecs, equal to Jackson's as a tree, read back to the same text. */
class JsonPropertiesTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();

  @Property(tries = 300)
  void roundTripsAndMatchesJackson(@ForAll("orders") Order o) throws Exception {
    String ours = JsonMapperTest.GENERATED.toJson(o);
    assertEquals(ours, JsonMapperTest.INTERPRETED.toJson(o));
    assertEquals(JACKSON.readTree(JACKSON.writeValueAsString(o)), JACKSON.readTree(ours));
    assertEquals(ours, JsonMapperTest.GENERATED.toJson(JsonMapperTest.GENERATED.fromJson(ours, Order.class)));
    assertEquals(ours, JsonMapperTest.INTERPRETED.toJson(JsonMapperTest.INTERPRETED.fromJson(ours, Order.class)));
    Order back = JsonMapperTest.GENERATED.fromJson(ours, Order.class);
    assertEquals(o.customer(), back.customer());
    assertEquals(o.lines(), back.lines());
    assertEquals(o.counts(), back.counts());
    assertEquals(o.id(), back.id());
  }

  @Provide
  Arbitrary<Order> orders() {
    Arbitrary<String> s = Arbitraries.strings().all().ofMaxLength(30)
        .map(x -> x.replaceAll("[\uD800-\uDFFF]", "s")).injectNull(0.1);
    Arbitrary<Line> line = Combinators.combine(s, Arbitraries.integers(),
        Arbitraries.doubles().filter(d -> !d.isNaN() && !d.isInfinite())).as(Line::new);
    return Combinators.combine(Arbitraries.longs(), s, line.list().ofMaxSize(4),
        Arbitraries.maps(s.filter(x -> x != null), Arbitraries.integers()).ofMaxSize(4), Arbitraries.of(Color.class),
        Arbitraries.of(true, false), Arbitraries.integers().injectNull(0.3), Arbitraries.floats())
        .as((id, customer, lines, counts, color, gift, maybe, ratio) -> new Order(id, customer, new ArrayList<>(lines),
            new LinkedHashMap<>(counts), color, gift, maybe, ratio, (short) 1, 'c', new LinkedHashSet<>(List.of(color)),
            new String[] {customer}, new int[] {1}, new LinkedHashMap<>(Map.of(1, new Line("x", 1, 1))),
            BigDecimal.valueOf(id, 2)));
  }
}
