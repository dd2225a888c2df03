package dev.brine.plan;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.builtin.Builtins;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.registry.TypeRegistry;
import dev.brine.security.ClassFilter;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClassPlanTest {
  static class Base {
    long id;
  }

  enum Color { RED, GREEN }

  static final class Leaf {}

  static class Sample extends Base {
    static int ignoredStatic;
    transient int ignoredTransient;
    boolean flag;
    byte b;
    short s;
    char c;
    int i;
    long l;
    float f;
    double d;
    String name;
    Leaf leaf;
    Color color;
    Integer boxed;
    Object anything;
    List<String> names;
    Map<String, Leaf> byName;
    Set<?> wild;
    LocalDate date;
  }

  record Pair(int left, String right) {}

  private static TypeRegistry registry() {
    TypeRegistry r = new TypeRegistry(false, new ClassFilter(null), ClassPlanTest.class.getClassLoader());
    r.factory(new DefaultSerializerFactory(false));
    Builtins.registerAll(r);
    return r;
  }

  @Test
  void superclassFirstThenByNameWithoutStaticOrTransient() {
    ClassPlan plan = ClassPlan.of(Sample.class, registry());
    assertFalse(plan.record);
    assertEquals(List.of("id", "anything", "b", "boxed", "byName", "c", "color", "d", "date", "f", "flag", "i",
        "l", "leaf", "name", "names", "s", "wild"), plan.fields.stream().map(FieldPlan::name).toList());
  }

  @Test
  void eachFieldGetsItsKind() {
    ClassPlan plan = ClassPlan.of(Sample.class, registry());
    Map<String, FieldKind> kinds = new java.util.HashMap<>();
    plan.fields.forEach(p -> kinds.put(p.name(), p.kind));
    assertEquals(Map.ofEntries(Map.entry("id", FieldKind.LONG), Map.entry("flag", FieldKind.BOOLEAN),
        Map.entry("b", FieldKind.BYTE), Map.entry("s", FieldKind.SHORT), Map.entry("c", FieldKind.CHAR),
        Map.entry("i", FieldKind.INT), Map.entry("l", FieldKind.LONG), Map.entry("f", FieldKind.FLOAT),
        Map.entry("d", FieldKind.DOUBLE), Map.entry("name", FieldKind.STRING), Map.entry("leaf", FieldKind.DECLARED),
        Map.entry("color", FieldKind.DECLARED), Map.entry("boxed", FieldKind.DECLARED),
        Map.entry("anything", FieldKind.OBJECT), Map.entry("names", FieldKind.CONTAINER),
        Map.entry("byName", FieldKind.CONTAINER), Map.entry("wild", FieldKind.CONTAINER),
        Map.entry("date", FieldKind.DECLARED)), kinds);
  }

  @Test
  void containersCarryTheirExactElementClasses() {
    ClassPlan plan = ClassPlan.of(Sample.class, registry());
    FieldPlan names = plan.fields.stream().filter(p -> p.name().equals("names")).findFirst().orElseThrow();
    assertSame(String.class, names.element.type);
    assertNull(names.value);
    FieldPlan byName = plan.fields.stream().filter(p -> p.name().equals("byName")).findFirst().orElseThrow();
    assertSame(String.class, byName.element.type);
    assertSame(Leaf.class, byName.value.type);
    FieldPlan wild = plan.fields.stream().filter(p -> p.name().equals("wild")).findFirst().orElseThrow();
    assertNull(wild.element, "a wildcard says nothing about the elements");
  }

  @Test
  void recordsFollowComponentOrder() {
    ClassPlan plan = ClassPlan.of(Pair.class, registry());
    assertTrue(plan.record);
    assertEquals(List.of("left", "right"), plan.fields.stream().map(FieldPlan::name).toList());
  }

  @Test
  void exactMeansOnlyThatClassCanBeThere() {
    assertTrue(ClassPlan.exact(int.class));
    assertTrue(ClassPlan.exact(String.class));
    assertTrue(ClassPlan.exact(Color.class));
    assertTrue(ClassPlan.exact(Leaf[].class));
    assertFalse(ClassPlan.exact(Object[].class));
    assertFalse(ClassPlan.exact(List.class));
    assertFalse(ClassPlan.exact(Base.class));
  }
}
