package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.javaser.JavaStreamSerializer;
import dev.brine.serializer.Serializer;
import java.util.*;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A collection or map class of one's own that extends a JDK collection and adds nothing (no field, no
 * hooks of its own) is written element by element, as the README says: its elements need not be
 * Serializable, and with references their identity (shared with the rest of the graph, cycles) is
 * kept. One with a field of its own keeps Java serialization's form, which holds the field. Payloads
 * that earlier versions wrote in the Java form still read.
 */
class JdkCollectionSubclassTest {
  /** Not Serializable: Java serialization of the list would fail. */
  record Item(String name, int n) {}

  static final class Items extends ArrayList<Item> {}

  static final class ItemsByName extends HashMap<String, Item> {}

  static final class Ordered extends LinkedHashMap<String, Object> {}

  static final class Objects extends ArrayDeque<Object> {}

  static final class Holder {
    Object self;
    Items items;
    Objects objects;
  }

  /** A field of its own: written in its Java serialization form, which keeps it. */
  static final class Labelled extends ArrayList<String> {
    String label;
  }

  static Stream<Arguments> modes() {
    List<Arguments> all = new ArrayList<>();
    for (boolean compatible : new boolean[] {false, true}) {
      for (boolean references : new boolean[] {false, true}) {
        for (boolean codegen : new boolean[] {false, true}) {
          Brine b = Brine.builder().compatible(compatible).references(references).codegen(codegen).codegenThreshold(0)
              .register(Item.class, Items.class, ItemsByName.class, Ordered.class, Objects.class, Holder.class, Labelled.class)
              .build();
          all.add(Arguments.of((compatible ? "compatible" : "default") + (references ? ", references" : "")
              + (codegen ? ", generated" : ", interpreted"), b, references));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void elementsThatAreNotSerializableRoundTrip(String mode, Brine brine, boolean references) {
    Items items = new Items();
    items.add(new Item("a", 1));
    items.add(null);
    items.add(new Item("b", 2));
    Object back = brine.deserialize(brine.serialize(items));
    assertEquals(Items.class, back.getClass(), mode);
    assertEquals(items, back, mode);

    ItemsByName byName = new ItemsByName();
    byName.put("a", new Item("a", 1));
    byName.put("z", null);
    Object backMap = brine.deserialize(brine.serialize(byName));
    assertEquals(ItemsByName.class, backMap.getClass(), mode);
    assertEquals(byName, backMap, mode);

    Ordered ordered = new Ordered();
    for (int i = 9; i >= 0; i--) {
      ordered.put("k" + i, new Item("v", i));
    }
    Ordered backOrdered = (Ordered) brine.deserialize(brine.serialize(ordered));
    assertEquals(new ArrayList<>(ordered.keySet()), new ArrayList<>(backOrdered.keySet()), mode);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void asFieldsTheyRoundTripAndWithReferencesKeepIdentity(String mode, Brine brine, boolean references) {
    Holder h = new Holder();
    Item shared = new Item("shared", 7);
    h.items = new Items();
    h.items.add(shared);
    h.items.add(shared);
    h.objects = new Objects();
    h.objects.add("x");
    if (references) {
      h.self = h.items;
      h.objects.add(h); // a cycle through the subclass
    }
    Holder back = (Holder) brine.deserialize(brine.serialize(h));
    assertEquals(h.items, back.items, mode);
    assertEquals(Objects.class, back.objects.getClass(), mode);
    if (references) {
      assertSame(back.items.get(0), back.items.get(1), mode);
      assertSame(back.items, back.self, mode);
      Iterator<Object> it = back.objects.iterator();
      assertEquals("x", it.next(), mode);
      assertSame(back, it.next(), mode);
    } else {
      assertEquals(List.of("x"), new ArrayList<>(back.objects), mode);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void aSubclassWithAFieldOfItsOwnKeepsIt(String mode, Brine brine, boolean references) {
    Labelled l = new Labelled();
    l.label = "tags";
    l.add("t1");
    Labelled back = (Labelled) brine.deserialize(brine.serialize(l));
    assertEquals("tags", back.label, mode);
    assertEquals(List.of("t1"), back, mode);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("oldForm")
  void payloadsOfTheJavaFormEarlierVersionsWroteStillRead(String what, boolean references) {
    // the bytes versions before 2026-12-03 wrote: the same ids, the class's Java serialization form
    Brine old = Brine.builder().references(references).register(Item.class)
        .register(Strings.class, javaForm(Strings.class)).register(Counts.class, javaForm(Counts.class))
        .register(Holder2.class).build();
    Brine now = Brine.builder().references(references).register(Item.class, Strings.class, Counts.class, Holder2.class)
        .build();
    Strings s = new Strings();
    s.add("a");
    s.add("b");
    Counts c = new Counts();
    c.put("one", 1);
    Holder2 h = new Holder2();
    h.strings = s;
    h.counts = c;
    for (Object v : List.of(s, c, h)) {
      byte[] bytes = old.serialize(v);
      assertEquals(v, now.deserialize(bytes), what);
      assertNotEquals(Arrays.toString(bytes), Arrays.toString(now.serialize(v)), "written element by element now");
    }
  }

  /** Adds a default of its own: a value read back holds what was written, not the default too. */
  static final class WithDefault extends ArrayList<String> {
    WithDefault() {
      add("default");
    }
  }

  static final class DefaultsMap extends HashMap<String, Integer> {
    DefaultsMap() {
      put("default", 0);
    }
  }

  /** A double-brace initializer in a static context: an anonymous subclass whose constructor adds. */
  static final List<String> DOUBLE_BRACE = new ArrayList<>() {
    {
      add("init");
    }
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void elementsAConstructorAddsAreNotReadBackBesideTheWrittenOnes(String mode, Brine unused, boolean references) {
    Brine brine = Brine.builder().references(references).requireRegistration(false).codegenThreshold(0).build();
    WithDefault w = new WithDefault();
    w.remove("default");
    w.add("x");
    assertEquals(List.of("x"), brine.deserialize(brine.serialize(w)), mode);
    DefaultsMap m = new DefaultsMap();
    m.remove("default");
    m.put("k", 1);
    assertEquals(Map.of("k", 1), brine.deserialize(brine.serialize(m)), mode);
    List<String> copy = new ArrayList<>(DOUBLE_BRACE);
    Object back = brine.deserialize(brine.serialize(DOUBLE_BRACE));
    assertEquals(DOUBLE_BRACE.getClass(), back.getClass(), mode);
    assertEquals(copy, back, mode);
  }

  static Stream<Arguments> oldForm() {
    return Stream.of(Arguments.of("without references", false), Arguments.of("with references", true));
  }

  static final class Strings extends ArrayList<String> {}

  static final class Counts extends HashMap<String, Integer> {}

  static final class Holder2 {
    Strings strings;
    Counts counts;

    @Override
    public boolean equals(Object o) {
      return o instanceof Holder2 h && strings.equals(h.strings) && counts.equals(h.counts);
    }

    @Override
    public int hashCode() {
      return strings.hashCode();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> Serializer<T> javaForm(Class<T> type) {
    return (Serializer<T>) (Serializer<?>) new JavaStreamSerializer(type);
  }
}
