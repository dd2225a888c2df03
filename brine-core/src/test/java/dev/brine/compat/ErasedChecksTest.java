package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ErasedChecks} on values of one version of their classes: generic values that fit read back whole
 * (cycles with references on, a chain deeper than any stack the check could use, wide collections), classes
 * without such fields have no checks, and a payload of the same definition whose values do not fit (what
 * another version of the class, or bad input, would hold) is refused. The evolution cases are in {@link
 * IncompatibleChangesTest}.
 */
class ErasedChecksTest {
  /** A generic class of one's own. */
  public static class Node<T> {
    public T v;
    public Node<T> next;
    public List<T> more = new ArrayList<>();
  }

  /** Fields whose type arguments no definition names. */
  public static class Holder {
    public Node<String> head;
    public List<Node<String>> nodes = new ArrayList<>();
    public Map<String, List<Number>> numbers = new HashMap<>();
  }

  /** Nothing erasure hides from a definition. */
  public static class Plain {
    public List<String> names;
    public Map<String, Integer> counts;
    public Object any;
    public List<Object> anything;
  }

  /** One node in two lists of different arguments (references on): each list's argument is checked. */
  public static class Shared {
    public List<Node<Number>> a = new ArrayList<>();
    public List<Node<String>> b = new ArrayList<>();
  }

  /** Polymorphic recursion: each level nests the next in a new argument. */
  public static class Nest<T> {
    public T v;
    public Nest<List<T>> deeper;
  }

  /** Holds a Nest of a bound argument. */
  public static class NestHolder {
    public Nest<String> nest;
  }

  /** Binds a superclass's type variable. */
  public static class StringNode extends Node<String> {}

  private static Brine brine(boolean refs) {
    return Brine.builder().compatible(true).references(refs).codegenThreshold(0)
        .register(Node.class, Holder.class, Plain.class, StringNode.class, Shared.class, Nest.class,
        NestHolder.class).build();
  }

  @Test
  void classesWithoutErasedArgumentsHaveNoChecks() {
    assertNull(ErasedChecks.of(Plain.class));
    assertNull(ErasedChecks.of(Node.class)); // read on its own, nothing binds T: none of its chain is walked
    assertTrue(ErasedChecks.of(Holder.class) != null);
    assertTrue(ErasedChecks.of(StringNode.class) != null);
  }

  @Test
  void cyclesAndSharedValuesReadWithReferences() {
    Holder h = new Holder();
    Node<String> a = new Node<>();
    a.v = "a";
    a.next = a; // a cycle through the generic field
    a.more.add("m");
    h.head = a;
    h.nodes.add(a);
    h.nodes.add(a);
    h.numbers.put("n", new ArrayList<>(List.of(1, 2.5)));
    Brine b = brine(true);
    Holder back = b.deserialize(b.serialize(h), Holder.class);
    assertSame(back.head, back.head.next);
    assertSame(back.head, back.nodes.get(1));
    assertEquals("a", back.head.v);
    assertEquals(List.of("m"), back.head.more);
    assertEquals(List.of(1, 2.5), back.numbers.get("n"));
  }

  @Test
  void deepChainsAndWideCollectionsAreWalkedWithoutTheStack() {
    Holder h = new Holder();
    Node<String> head = null;
    for (int i = 0; i < 3000; i++) { // read nests 3000 deep (maxDepth 4096); the check walks a work list
      Node<String> n = new Node<>();
      n.v = "v" + i;
      n.next = head;
      head = n;
    }
    h.head = head;
    for (int i = 0; i < 20_000; i++) {
      Node<String> n = new Node<>();
      n.v = Integer.toString(i);
      h.nodes.add(n);
    }
    for (boolean refs : new boolean[] {false, true}) {
      Brine b = brine(refs);
      Holder back = b.deserialize(b.serialize(h), Holder.class);
      int len = 0;
      for (Node<String> n = back.head; n != null; n = n.next) {
        len++;
      }
      assertEquals(3000, len);
      assertEquals("19999", back.nodes.get(19_999).v);
    }
  }

  @Test
  void valuesThatDoNotFitTheSameDefinitionAreRefused() {
    // what the reader's field does not take, written through the erased slot (the writer's class of another
    // version would hold it the same way): the definition is the same, the value is checked
    Brine b = brine(false);
    Holder h = new Holder();
    Node<Object> bad = new Node<>();
    bad.v = 42;
    @SuppressWarnings({"unchecked", "rawtypes"})
    Node<String> polluted = (Node) bad;
    h.head = polluted;
    BrineException e = assertThrows(BrineException.class, () -> b.deserialize(b.serialize(h), Holder.class));
    assertTrue(e.getMessage().contains("field dev.brine.compat.ErasedChecksTest$Holder.head"), e.getMessage());
    assertTrue(e.getMessage().contains("java.lang.Integer"), e.getMessage());

    Holder deep = new Holder();
    Node<Object> inner = new Node<>();
    inner.more.add(List.of(1));
    @SuppressWarnings({"unchecked", "rawtypes"})
    Node<String> p2 = (Node) inner;
    deep.nodes.add(p2);
    assertThrows(BrineException.class, () -> b.deserialize(b.serialize(deep), Holder.class));

    StringNode s = new StringNode();
    @SuppressWarnings({"unchecked", "rawtypes"})
    Node<Object> raw = (Node) s;
    raw.v = 7L;
    e = assertThrows(BrineException.class, () -> b.deserialize(b.serialize(s), StringNode.class));
    assertTrue(e.getMessage().contains("in a dev.brine.compat.ErasedChecksTest$Node<java.lang.String>"), e.getMessage());
  }

  @Test
  void aValueSharedBySlotsOfTwoTypesIsCheckedAgainstEach() {
    Brine b = brine(true);
    Shared s = new Shared();
    Node<Number> n = new Node<>();
    n.v = 5;
    s.a.add(n);
    @SuppressWarnings({"unchecked", "rawtypes"})
    Node<String> same = (Node) n;
    s.b.add(same);
    BrineException e = assertThrows(BrineException.class, () -> b.deserialize(b.serialize(s), Shared.class));
    assertTrue(e.getMessage().contains("Shared.b"), e.getMessage());
    same.v = "five"; // wrong for a, right for b
    e = assertThrows(BrineException.class, () -> b.deserialize(b.serialize(s), Shared.class));
    assertTrue(e.getMessage().contains("Shared.a"), e.getMessage());
  }

  @Test
  void polymorphicRecursionIsFollowedAFewLevelsAndEnds() {
    Brine b = brine(false);
    NestHolder h = new NestHolder();
    h.nest = new Nest<>();
    h.nest.v = "a";
    h.nest.deeper = new Nest<>();
    h.nest.deeper.v = new ArrayList<>(List.of("b"));
    NestHolder back = b.deserialize(b.serialize(h), NestHolder.class);
    assertEquals(List.of("b"), back.nest.deeper.v);
    @SuppressWarnings({"unchecked", "rawtypes"})
    Nest<Object> raw = (Nest) h.nest.deeper;
    raw.v = new ArrayList<>(List.of(1)); // a List<Integer> where a List<String> belongs
    assertThrows(BrineException.class, () -> b.deserialize(b.serialize(h), NestHolder.class));
  }

  /** Pair<A, B>, nested in Nest<T> as ever new arguments. */
  public static class Pair<A, B> {
    public A a;
    public B b;
  }

  /** A finger-tree shape: each level a Nest of pairs of the level above. */
  public static class Tree<T> {
    public T head;
    public Tree<Pair<T, T>> tail;
  }

  /** Holds a bound tree. */
  public static class TreeHolder {
    public Tree<String> tree;
  }

  @Test
  void aClassNestedInEverNewArgumentsBuildsAndReads() {
    Brine b = Brine.builder().compatible(true).codegenThreshold(0)
        .register(Pair.class, Tree.class, TreeHolder.class).build();
    TreeHolder h = new TreeHolder();
    h.tree = new Tree<>();
    h.tree.head = "a";
    h.tree.tail = new Tree<>();
    Pair<String, String> p = new Pair<>();
    p.a = "b";
    p.b = "c";
    h.tree.tail.head = p;
    assertEquals("c", b.deserialize(b.serialize(h), TreeHolder.class).tree.tail.head.b);
    @SuppressWarnings({"unchecked", "rawtypes"})
    Pair<Object, Object> raw = (Pair) p;
    raw.b = 3;
    assertThrows(BrineException.class, () -> b.deserialize(b.serialize(h), TreeHolder.class));
  }

  @Test
  void aSignatureNamingAClassThatIsNotHereBuildsWithoutItsCheck() throws Exception {
    java.nio.file.Path dir = java.nio.file.Paths.get("target/erased-missing");
    java.nio.file.Path src = dir.resolve("miss");
    java.nio.file.Files.createDirectories(src);
    java.nio.file.Files.writeString(src.resolve("Opt.java"), "package miss; public class Opt {}");
    java.nio.file.Files.writeString(src.resolve("Box.java"), "package miss; public class Box<T> { public T v; }");
    java.nio.file.Files.writeString(src.resolve("S.java"), "package miss; public class S extends Box<Opt> {}");
    java.nio.file.Files.writeString(src.resolve("K.java"),
        "package miss; public class K { public Box<Opt> b; public java.util.List<Opt> opts; public int n = 3; }");
    int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(),
        "--release", "17", src.resolve("Opt.java").toString(), src.resolve("Box.java").toString(),
        src.resolve("S.java").toString(), src.resolve("K.java").toString());
    assertEquals(0, rc);
    java.nio.file.Files.delete(dir.resolve("miss/Opt.class")); // an optional dependency, absent at run time
    ClassLoader l = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
    Class<?> k = Class.forName("miss.K", true, l);
    Class<?> box = Class.forName("miss.Box", true, l);
    Class<?> sub = Class.forName("miss.S", true, l);
    for (int threshold : new int[] {0, 1000}) {
      Brine b = Brine.builder().compatible(true).classLoader(l).codegenThreshold(threshold).register(k, box, sub).build();
      Object back = b.deserialize(b.serialize(k.getDeclaredConstructor().newInstance()), k);
      assertEquals(3, k.getField("n").get(back));
      Object s = sub.getDeclaredConstructor().newInstance();
      assertEquals(sub, b.deserialize(b.serialize(s)).getClass());
    }
  }
}
