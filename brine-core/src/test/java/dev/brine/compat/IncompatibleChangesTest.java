package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Type changes that compatible mode must refuse rather than read into a value of the wrong type (heap
 * pollution): a {@code List<Integer>} read into a {@code List<String>} field, a map or a number into an
 * {@code Optional<String>}, a map into a list; and the ones it converts ({@code int} into {@code
 * Optional<Long>}). Each case is one field {@code f} of a class {@code inc.K} compiled twice, as the
 * writer's and as the reader's version. (Type arguments that are not final classes are not part of a class
 * definition: {@code Optional<Object>} into {@code Optional<String>} has the same definition on both sides
 * and is not detected; docs/format.md.)
 */
class IncompatibleChangesTest {
  private static int cases;

  /** Writes {@code value} as field {@code f} of type {@code writer} and reads it as type {@code reader}. */
  private static Object roundTrip(String writer, String reader, Object value) throws Exception {
    return roundTrip(writer, reader, value, 1000);
  }

  /** As above, the reader's code generated after {@code threshold} uses (0: at once). */
  private static Object roundTrip(String writer, String reader, Object value, int threshold) throws Exception {
    Path root = Paths.get("target/evolution-incompatible", Integer.toString(cases++));
    ClassLoader w = compile(root.resolve("w"), writer);
    ClassLoader r = compile(root.resolve("r"), reader);
    Class<?> wk = Class.forName("inc.K", true, w);
    Object o = wk.getDeclaredConstructor().newInstance();
    java.lang.reflect.Field f = wk.getField("f");
    f.set(o, value instanceof EnumName n ? enumValue(f.getType(), n.name()) : value);
    byte[] bytes = Brine.builder().compatible(true).classLoader(w).register(wk, Class.forName("inc.K$Color", true, w))
        .build().serialize(o);
    Class<?> rk = Class.forName("inc.K", true, r);
    Object back = Brine.builder().compatible(true).classLoader(r).codegenThreshold(threshold)
        .register(rk, Class.forName("inc.K$Color", true, r)).build().deserialize(bytes, rk);
    return rk.getField("f").get(back);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumValue(Class<?> type, String name) {
    return Enum.valueOf((Class) type, name);
  }

  private static ClassLoader compile(Path dir, String type) throws Exception {
    Path src = dir.resolve("inc/K.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package inc;\npublic class K {\n  public enum Color { RED, GREEN }\n  public " + type
        + " f;\n  public int after = 7;\n}\n");
    int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), "--release", "17",
        src.toString());
    assertEquals(0, rc);
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, IncompatibleChangesTest.class.getClassLoader());
  }

  /** A constant of the writer's enum field type, by name (the class exists only once compiled). */
  record EnumName(String name) {}

  /** Refused by the interpreted reader and by the generated one, with a message naming the class and the field. */
  private static void refused(String writer, String reader, Object value) {
    for (int threshold : new int[] {1000, 0}) {
      BrineException e = assertThrows(BrineException.class, () -> roundTrip(writer, reader, value, threshold),
          writer + " read as " + reader);
      String m = e.getMessage();
      assertTrue(m.contains("inc.K.f") || m.contains("inc.K") && m.contains("field f"), threshold + ": " + m);
    }
  }

  @Test
  void elementsOfAnotherClassAreRefused() {
    List<Integer> ints = new ArrayList<>(List.of(1, 2));
    refused("java.util.List<Integer>", "java.util.List<String>", ints); // the definition names Integer
    refused("java.util.List<Integer>", "java.util.List<String>", null);
    refused("java.util.List<Number>", "java.util.List<String>", new ArrayList<Number>(List.of(1))); // per value
    refused("java.util.Map<String, Integer>", "java.util.Map<String, String>", Map.of("a", 1));
    refused("java.util.Map<String, Integer>", "java.util.List<String>", null); // a map is no list
    refused("java.util.Map<String, Integer>", "int", null);
  }

  @Test
  void optionalsHoldOnlyTheirType() throws Exception {
    refused("java.util.Map<String, Integer>", "java.util.Optional<String>", Map.of("a", 1));
    refused("double", "java.util.Optional<String>", 1.5);
    refused("Object", "java.util.Optional<String>", 3L); // a tagged value: per value
    refused("Color", "java.util.Optional<String>", null); // an enum is no String, even when null
    // a field of a class that is not final: the definition names none, each value is checked (the generated
    // reader's cast, named as the interpreted reader's check names it)
    refused("Number", "CharSequence", 5);
    refused("Object", "Number", "five");
    refused("Object[]", "Number[]", new Object[] {"five"});
    assertEquals("Optional[GREEN]", String.valueOf(roundTrip("Color", "java.util.Optional<Color>",
        new EnumName("GREEN"))));
    assertEquals(Optional.of(5L), roundTrip("int", "java.util.Optional<Long>", 5));
    assertEquals(Optional.of("x"), roundTrip("String", "java.util.Optional<String>", "x"));
    assertEquals(Optional.empty(), roundTrip("String", "java.util.Optional<String>", null));
    assertEquals(Optional.of("y"), roundTrip("Object", "java.util.Optional<String>", "y"));
    assertEquals(List.of("a"), roundTrip("java.util.List<String>", "java.util.Collection<String>", List.of("a")));
    assertEquals(List.of(1), roundTrip("java.util.List<Object>", "java.util.List<Integer>", new ArrayList<Object>(List.of(1))));
  }
}
