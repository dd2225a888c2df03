package dev.brine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.Field;
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ClassModelTest {
  record Plain(int a, String b, List<String> c) {}

  record Numbered(@Field(id = 7) int a, String b, @Field(id = 1) long c) {}

  record Clash(@Field(id = 2) int a, String b) {}

  record Zero(@Field(id = 0) int a) {}

  record TooBig(@Field(id = 536_870_912) int a) {}

  record Largest(@Field(id = 536_870_911) int a) {}

  static class Base {
    int z;
    @Field(id = 10) int y;
  }

  static class Derived extends Base {
    static int ignored;
    transient int skipped;
    String x;
    int a;
  }

  static class DerivedClash extends Base {
    @Field(id = 10) int again;
  }

  private static List<String> names(ClassModel m) {
    return m.fields.stream().map(f -> f.name + "#" + f.id).collect(Collectors.toList());
  }

  @Test
  void recordComponentsInOrderNumberedByPosition() {
    ClassModel m = ClassModel.of(Plain.class);
    assertTrue(m.record);
    assertEquals(List.of("a#1", "b#2", "c#3"), names(m));
    assertEquals("java.util.List<java.lang.String>", m.fields.get(2).genericType().getTypeName());
    assertFalse(m.fields.get(0).explicitId);
  }

  @Test
  void annotatedIdsWinAndSortById() {
    ClassModel m = ClassModel.of(Numbered.class);
    assertEquals(List.of("a#7", "b#2", "c#1"), names(m));
    assertEquals(List.of("c", "b", "a"), m.fieldsById().stream().map(f -> f.name).collect(Collectors.toList()));
    assertEquals("a", m.field(7).name);
    assertEquals(null, m.field(3));
    assertTrue(m.field(7).explicitId);
  }

  @Test
  void superclassFieldsFirstInDeclarationOrderStaticAndTransientSkipped() {
    ClassModel m = ClassModel.of(Derived.class);
    assertFalse(m.record);
    assertEquals(List.of("z#1", "y#10", "x#3", "a#4"), names(m));
    assertEquals(Base.class, m.fields.get(0).declaringClass());
  }

  @Test
  void clashesAndOutOfRangeIdsAreRefusedNamingTheFields() {
    BrineException e = assertThrows(BrineException.class, () -> ClassModel.of(Clash.class));
    assertTrue(e.getMessage().contains("Clash.a") && e.getMessage().contains("Clash.b")
        && e.getMessage().contains("same number 2"), e.getMessage());
    e = assertThrows(BrineException.class, () -> ClassModel.of(DerivedClash.class));
    assertTrue(e.getMessage().contains("Base.y") && e.getMessage().contains("DerivedClash.again"), e.getMessage());
    e = assertThrows(BrineException.class, () -> ClassModel.of(Zero.class));
    assertTrue(e.getMessage().contains("@Field(id = 0)") && e.getMessage().contains("Zero.a"), e.getMessage());
    assertThrows(BrineException.class, () -> ClassModel.of(TooBig.class));
    assertEquals(ClassModel.MAX_ID, ClassModel.of(Largest.class).fields.get(0).id);
    assertThrows(BrineException.class, () -> ClassModel.of(int.class));
  }

  @Test
  void theNativePlanRefusesBadIdsToo() {
    assertThrows(BrineException.class, () -> dev.brine.Brine.builder().register(Clash.class).build()
        .serialize(new Clash(1, "x")));
  }

  @Test
  void construction() throws Exception {
    Constructor<?> c = ClassModel.of(Numbered.class).canonicalConstructor();
    assertEquals(new Numbered(1, "b", 2L), c.newInstance(1, "b", 2L));
    assertTrue(ClassModel.of(Derived.class).instantiator().newInstance() instanceof Derived);
    assertThrows(BrineException.class, () -> ClassModel.of(Derived.class).canonicalConstructor());
    assertThrows(BrineException.class, () -> ClassModel.of(Plain.class).instantiator());
  }
}
