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
    f.set(o, value instanceof EnumName n ? enumValue(f.getType(), n.name()) : writerValue(value, w));
    byte[] bytes = Brine.builder().compatible(true).classLoader(w).register(wk, Class.forName("inc.K$Color", true, w),
        Class.forName("inc.K$Box", true, w), Class.forName("inc.K$Sub", true, w),
        Class.forName("inc.K$Fin", true, w))
        .build().serialize(o);
    Class<?> rk = Class.forName("inc.K", true, r);
    Object back = Brine.builder().compatible(true).classLoader(r).codegenThreshold(threshold)
        .register(rk, Class.forName("inc.K$Color", true, r),
        Class.forName("inc.K$Box", true, r), Class.forName("inc.K$Sub", true, r),
        Class.forName("inc.K$Fin", true, r)).build().deserialize(bytes, rk);
    return rk.getField("f").get(back);
  }

  /** {@code value} with its {@link BoxOf}s (also as list elements) made the writer's boxes. */
  private static Object writerValue(Object value, ClassLoader w) throws Exception {
    if (value instanceof BoxOf b) {
      return b.make(w);
    }
    if (value instanceof FinOf fin) {
      Object o = Class.forName("inc.K$Fin", true, w).getDeclaredConstructor().newInstance();
      o.getClass().getField("xs").set(o, new ArrayList<>(fin.xs()));
      return o;
    }
    if (value instanceof List<?> l && l.stream().anyMatch(e -> e instanceof BoxOf)) {
      List<Object> out = new ArrayList<>();
      for (Object e : l) {
        out.add(writerValue(e, w));
      }
      return out;
    }
    return value;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumValue(Class<?> type, String name) {
    return Enum.valueOf((Class) type, name);
  }

  private static ClassLoader compile(Path dir, String type) throws Exception {
    Path src = dir.resolve("inc/K.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package inc;\npublic class K {\n  public enum Color { RED, GREEN }\n  public " + type.replaceAll("/.*", "")
        + " f;\n  public int after = 7;\n"
        + "  public static class Box<T> { public T v; public java.util.List<T> vs = new java.util.ArrayList<>(); }\n"
        + "  public static class Sub extends Box<" + (type.contains("/") ? type.substring(type.indexOf('/') + 1) : "Integer")
        + "> {}\n"
        + "  public static final class Fin { public java.util.List<"
        + (type.contains("/") ? type.substring(type.indexOf('/') + 1) : "Integer") + "> xs; }\n}\n");
    int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), "--release", "17",
        src.toString());
    assertEquals(0, rc);
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, IncompatibleChangesTest.class.getClassLoader());
  }

  /** A constant of the writer's enum field type, by name (the class exists only once compiled). */
  record EnumName(String name) {}

  /**
   * A writer's {@code inc.K.Box} (or {@code Sub}, when {@code sub}) holding {@code v} (a {@code BoxOf} made
   * a box too) and {@code vs}.
   */
  /** A writer's {@code inc.K.Fin} (a final class: read through its own definition reference) holding {@code xs}. */
  record FinOf(List<?> xs) {}

  record BoxOf(boolean sub, Object v, List<?> vs) {
    BoxOf(Object v) {
      this(false, v, List.of());
    }

    Object make(ClassLoader w) throws Exception {
      Object b = Class.forName(sub ? "inc.K$Sub" : "inc.K$Box", true, w).getDeclaredConstructor().newInstance();
      Class<?> box = Class.forName("inc.K$Box", true, w);
      box.getField("v").set(b, v instanceof BoxOf inner ? inner.make(w) : v);
      box.getField("vs").set(b, new ArrayList<>(vs));
      return b;
    }
  }

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

  @Test
  void typeArgumentsNoDefinitionNamesAreCheckedPerValue() throws Exception {
    // the same definition on both sides (the arguments are not final classes): the values are checked
    refused("java.util.List<Number>", "java.util.List<CharSequence>", new ArrayList<Object>(List.of(1)));
    refused("java.util.List<Object>", "java.util.List<Number>", new ArrayList<Object>(List.of("x")));
    refused("java.util.Map<String, Number>", "java.util.Map<String, CharSequence>", Map.of("a", 1));
    refused("java.util.Map<Number, String>", "java.util.Map<CharSequence, String>", Map.of(1, "a"));
    refused("java.util.Optional<Number>", "java.util.Optional<CharSequence>", Optional.of(5));
    refused("java.util.Collection<Number[]>", "java.util.Collection<CharSequence[]>",
        new ArrayList<Object>(List.<Object>of(new Number[] {1})));
    // arguments of arguments, final or not
    refused("java.util.List<java.util.List<Integer>>", "java.util.List<java.util.List<String>>",
        new ArrayList<Object>(List.of(new ArrayList<>(List.of(1)))));
    refused("java.util.Map<String, java.util.Set<Integer>>", "java.util.Map<String, java.util.Set<String>>",
        Map.of("a", new java.util.HashSet<>(List.of(1))));
    // a generic class of one's own: its fields of a type variable, bound by the field's type or a superclass
    refused("Box<Integer>", "Box<String>", new BoxOf(5));
    refused("Box<Integer>", "Box<String>", new BoxOf(false, null, List.of(5)));
    refused("Box<Box<Integer>>", "Box<Box<String>>", new BoxOf(new BoxOf(5)));
    refused("java.util.List<Box<Integer>>", "java.util.List<Box<String>>",
        new ArrayList<Object>(List.of(new BoxOf(5))));
    for (int threshold : new int[] {1000, 0}) { // checked as a value of Sub, whose superclass is a Box<String> here
      BrineException e = assertThrows(BrineException.class,
          () -> roundTrip("Sub/Integer", "Sub/String", new BoxOf(true, 5, List.of()), threshold));
      assertTrue(e.getMessage().contains("field inc.K$Box.v of inc.K$Sub is a T in a inc.K$Box<java.lang.String>"),
          e.getMessage());
    }
    for (int threshold : new int[] {1000, 0}) { // a final class's field checked by its own reader, also nested
      BrineException e = assertThrows(BrineException.class,
          () -> roundTrip("Fin/Number", "Fin/CharSequence", new FinOf(List.of(5)), threshold));
      assertTrue(e.getMessage().contains("field inc.K$Fin.xs of inc.K$Fin"), e.getMessage());
    }
    // what still fits reads
    assertEquals(List.of(1, 2L), roundTrip("java.util.List<Number>", "java.util.List<Number>",
        new ArrayList<Object>(List.of(1, 2L))));
    assertEquals(List.of(1), roundTrip("java.util.List<Number>", "java.util.List<Object>", new ArrayList<Object>(List.of(1))));
    assertEquals(Optional.of(5), roundTrip("java.util.Optional<Number>", "java.util.Optional<Integer>", Optional.of(5)));
    Object box = roundTrip("Box<Integer>", "Box<Number>", new BoxOf(false, 5, List.of(6)));
    assertEquals(5, box.getClass().getField("v").get(box));
    assertEquals(List.of(6), box.getClass().getField("vs").get(box));
    assertEquals(null, roundTrip("Box<Integer>", "Box<String>", null));
  }
}
