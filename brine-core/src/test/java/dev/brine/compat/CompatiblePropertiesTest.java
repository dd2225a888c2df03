package dev.brine.compat;

import static dev.brine.compat.Evolution.get;
import static dev.brine.compat.Evolution.make;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brine.Brine;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Property-based round trips across versions: any v1 value read by v2 and v3 classes keeps every
 * field both versions have (widened where the type widened), whatever the numbers and strings (edge
 * values, NaN, -0.0, surrogate pairs, empty and null), with generated and interpreted readers.
 */
class CompatiblePropertiesTest {
  private static final Brine V1 = Evolution.brine("v1");
  private static final Brine V2 = Evolution.brine("v2");
  private static final Brine V2_INTERPRETED = Evolution.brine("v2", true, b -> b.codegen(false));
  private static final Brine V3 = Evolution.brine("v3");

  @Property(tries = 300)
  void widenedFieldsKeepTheirValues(@ForAll int age, @ForAll float rating, @ForAll byte level, @ForAll int visits,
      @ForAll Integer bonus, @ForAll String nickname, @ForAll int small) {
    Object w = make("v1", "Widen", "age", age, "rating", rating, "level", level, "visits", visits, "bonus", bonus,
        "nickname", nickname, "small", small);
    byte[] bytes = V1.serialize(w);
    for (Brine reader : List.of(V2, V2_INTERPRETED)) {
      Object v = reader.deserialize(bytes);
      assertEquals((long) age, get(v, "age"));
      assertEquals(Double.doubleToRawLongBits(rating), Double.doubleToRawLongBits((Double) get(v, "rating")));
      assertEquals((short) level, get(v, "level"));
      assertEquals(visits, get(v, "visits"));
      assertEquals(bonus == null ? 0 : bonus, get(v, "bonus"));
      assertEquals(Optional.ofNullable(nickname), get(v, "nickname"));
      assertEquals((double) small, get(v, "small"));
    }
    Object r = V3.deserialize(bytes);
    assertEquals((long) level, get(r, "level"));
    assertEquals((long) visits, get(r, "visits"));
  }

  @Property(tries = 200)
  void personsReadAcrossVersions(@ForAll String name, @ForAll int age, @ForAll List<String> tags, @ForAll String city) {
    Object p = make("v1", "Person", "name", name, "age", age, "tags", tags,
        "address", make("v1", "Address", "city", city, "zip", age));
    byte[] bytes = V1.serialize(p);
    Object q = V2.deserialize(bytes);
    assertEquals(name, get(q, "fullName"));
    assertEquals(age, get(q, "age"));
    assertEquals(tags, get(q, "tags"));
    assertEquals(city, get(get(q, "address"), "city"));
    Object back = V1.deserialize(V2.serialize(q));
    assertEquals(name, get(back, "name"));
    assertEquals(tags, get(back, "tags"));
    assertEquals(age, get(get(back, "address"), "zip"));
  }
}
