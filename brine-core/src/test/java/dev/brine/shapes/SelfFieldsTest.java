package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Classes with fields of their own class (linked lists, trees, a node and its parent, a record that holds
 * itself): generated code writes the bytes of the interpreted serializer in every mode, depth is counted
 * per level, and references still find shared and cyclic nodes.
 */
class SelfFieldsTest {
  static final class Link {
    int v;
    String label;
    Link next;

    static Link chain(int n) {
      Link head = null;
      for (int i = n - 1; i >= 0; i--) {
        Link l = new Link();
        l.v = i * 37 - 5;
        l.label = i % 3 == 0 ? null : "n" + i;
        l.next = head;
        head = l;
      }
      return head;
    }

    static int length(Link l) {
      int n = 0;
      for (; l != null; l = l.next) {
        n++;
      }
      return n;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Link)) {
        return false;
      }
      Link a = this;
      Link b = (Link) o;
      while (a != null && b != null) {
        if (a.v != b.v || !Objects.equals(a.label, b.label)) {
          return false;
        }
        a = a.next;
        b = b.next;
      }
      return a == b;
    }

    @Override
    public int hashCode() {
      return v;
    }
  }

  /** A binary tree whose nodes also know their parent (a back-reference with references on). */
  static final class Tree {
    long key;
    Tree left;
    Tree right;
    Tree parent;
    List<String> tags = new ArrayList<>();

    static Tree build(int depth, long key, Tree parent) {
      Tree t = new Tree();
      t.key = key;
      t.parent = parent;
      t.tags.add("k" + key);
      if (depth > 0) {
        t.left = build(depth - 1, 2 * key, t);
        t.right = build(depth - 1, 2 * key + 1, t);
      }
      return t;
    }

    static boolean same(Tree a, Tree b, boolean parents) {
      if (a == null || b == null) {
        return a == b;
      }
      return a.key == b.key && a.tags.equals(b.tags) && same(a.left, b.left, parents) && same(a.right, b.right, parents)
          && (!parents || (a.parent == null ? b.parent == null : b.parent != null && b.parent.key == a.parent.key
              && (b.parent.left == b || b.parent.right == b)));
    }
  }

  record Cons(int head, Cons tail) {}

  @Test
  void aLinkedListInEveryMode() {
    for (int n : new int[] {1, 2, 40}) {
      Link chain = Link.chain(n);
      Modes.eachWith(false, chain, back -> assertEquals(chain, back), Link.class);
    }
  }

  @Test
  void treesWithoutParentsAndWithThemThroughReferences() {
    Tree t = Tree.build(4, 1, null);
    t.left.left.parent = null; // a node whose parent field is null
    Tree noParents = Tree.build(4, 1, null);
    clearParents(noParents);
    Modes.eachWith(false, noParents, back -> assertTrue(Tree.same(noParents, back, false)), Tree.class);
    Modes.eachWith(true, t, back -> {
      assertTrue(Tree.same(t.right, back.right, true));
      assertSame(back, back.right.parent);
    }, Tree.class);
  }

  private static void clearParents(Tree t) {
    if (t != null) {
      t.parent = null;
      clearParents(t.left);
      clearParents(t.right);
    }
  }

  @Test
  void aRecordThatHoldsItself() {
    Cons list = new Cons(1, new Cons(2, new Cons(3, null)));
    Modes.each(list, back -> assertEquals(list, back), Cons.class);
  }

  @Test
  void depthIsCountedPerLevel() {
    for (boolean generated : new boolean[] {true, false}) {
      Brine b = Brine.builder().codegenThreshold(generated ? 0 : Integer.MAX_VALUE).maxDepth(20).register(Link.class).build();
      Link fits = Link.chain(19);
      assertEquals(19, Link.length((Link) b.deserialize(b.serialize(fits))));
      assertThrows(LimitExceededException.class, () -> b.serialize(Link.chain(21)), "generated " + generated);
    }
  }

  @Test
  void theDepthErrorSuggestsReferencesOnlyWhenTheyAreOff() {
    Brine off = Brine.builder().maxDepth(20).register(Link.class).build();
    String m = assertThrows(LimitExceededException.class, () -> off.serialize(Link.chain(21))).getMessage();
    assertTrue(m.contains("references(true)") && m.contains("maxDepth"), m);
    Brine on = Brine.builder().references(true).maxDepth(20).register(Link.class).build();
    m = assertThrows(LimitExceededException.class, () -> on.serialize(Link.chain(21))).getMessage();
    assertTrue(!m.contains("references(true)") && m.contains("deeper than 20") && m.contains("maxDepth"), m);
  }

  @Test
  void compatibleModeWritesTheSameBytesGeneratedOrNot() {
    Link chain = Link.chain(12);
    Brine generated = Brine.builder().compatible(true).register(Link.class).build();
    Brine interpreted = Brine.builder().compatible(true).codegen(false).register(Link.class).build();
    byte[] g = generated.serialize(chain);
    assertArrayEquals(interpreted.serialize(chain), g);
    assertEquals(chain, interpreted.deserialize(g));
    assertEquals(chain, generated.deserialize(g));
    Brine fixed = Brine.builder().compressNumbers(false).codegenThreshold(0).register(Link.class).build();
    Brine fixedInterpreted = Brine.builder().compressNumbers(false).codegen(false).register(Link.class).build();
    assertArrayEquals(fixedInterpreted.serialize(chain), fixed.serialize(chain));
  }
}
