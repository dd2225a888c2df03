package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.Test;

/**
 * Collection and map fields whose declared type's type arguments are not the element, key and value
 * classes in that order: subclasses that fix or reorder them.
 */
class ContainerSubclassTest {
  static final class Inverted<V, K> extends HashMap<K, V> {}

  static final class StringKeyed<V> extends LinkedHashMap<String, V> {}

  static final class Tagged<T, E> extends ArrayList<E> {
    T tag;
  }

  static final class Strings extends ArrayList<String> {}

  static final class Fields {
    Inverted<Integer, String> inverted;
    StringKeyed<Integer> stringKeyed;
    Tagged<String, Integer> tagged;
    Strings strings;
    HashMap<String, Long> plain;
    ArrayList<String> declaredArrayList;
    HashMap<String, Integer> declaredHashMap;
  }

  @Test
  void typeArgumentsAreResolvedToTheElementKeyAndValueClasses() {
    Fields f = new Fields();
    f.inverted = new Inverted<>();
    f.inverted.put("one", 1);
    f.inverted.put("two", 2);
    f.stringKeyed = new StringKeyed<>();
    f.stringKeyed.put("z", 26);
    f.stringKeyed.put("a", 1);
    f.tagged = new Tagged<>();
    f.tagged.tag = "t";
    f.tagged.add(7);
    f.tagged.add(null);
    f.strings = new Strings();
    f.strings.add("s");
    f.plain = new HashMap<>(Map.of("p", 3L));
    Strings sub = new Strings();
    sub.add("sub");
    f.declaredArrayList = sub;
    LinkedHashMap<String, Integer> linked = new LinkedHashMap<>();
    for (int i = 20; i > 0; i--) {
      linked.put("k" + i, i);
    }
    f.declaredHashMap = linked;
    each(f, b -> {
      assertEquals(Map.of("one", 1, "two", 2), b.inverted);
      assertEquals(Inverted.class, b.inverted.getClass());
      assertEquals(List.of("z", "a"), new ArrayList<>(b.stringKeyed.keySet()));
      assertEquals(26, b.stringKeyed.get("z"));
      assertEquals("t", b.tagged.tag);
      assertEquals(Arrays.asList(7, null), b.tagged);
      assertEquals(List.of("s"), b.strings);
      assertEquals(Map.of("p", 3L), b.plain);
      assertEquals(Strings.class, b.declaredArrayList.getClass());
      assertEquals(List.of("sub"), b.declaredArrayList);
      assertEquals(LinkedHashMap.class, b.declaredHashMap.getClass());
      assertEquals(new ArrayList<>(linked.keySet()), new ArrayList<>(b.declaredHashMap.keySet()));
    }, Fields.class, Inverted.class, StringKeyed.class, Tagged.class, Strings.class);
  }
}
