package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.Test;

/** Identity and cycles with references(true); the depth limit without. */
class ReferenceTest {
  static final class Node {
    String name;
    Node next;
    Object other;
    List<Node> children = new ArrayList<>();
  }

  record Pair(Object left, Object right) {}

  static final Brine REFS = Brine.builder().register(Node.class, Pair.class).references(true).build();
  static final Brine PLAIN = Brine.builder().register(Node.class, Pair.class).build();

  /**
   * {@code n} nodes, the first listing each other one twice; each node's {@code next} is the one before it
   * (written already, so a back-reference) and its {@code other} the first: wide, not deep.
   */
  static Node wide(int n) {
    Node first = new Node();
    first.name = "0";
    Node prev = first;
    for (int i = 1; i < n; i++) {
      Node x = new Node();
      x.name = Integer.toString(i);
      x.next = prev;
      x.other = first;
      first.children.add(x);
      first.children.add(x);
      prev = x;
    }
    return first;
  }

  static void checkWide(Node back, int n) {
    assertEquals("0", back.name);
    assertEquals(2 * (n - 1), back.children.size());
    Node prev = back;
    for (int i = 1; i < n; i++) {
      Node x = back.children.get(2 * (i - 1));
      assertSame(x, back.children.get(2 * (i - 1) + 1));
      assertEquals(Integer.toString(i), x.name);
      assertSame(prev, x.next);
      assertSame(back, x.other);
      prev = x;
    }
  }

  /**
   * The per-call identity tables grow far past their starting size and start again small on the next
   * call of the same (pooled) session: graphs of very different sizes, one after another, keep their
   * identities, and an id never leaks from one call into the next.
   */
  @Test
  void largeAndSmallGraphsOneAfterAnother() {
    for (int n : new int[] {3000, 2, 700, 1, 5000, 17, 40}) {
      byte[] bytes = REFS.serialize(wide(n));
      checkWide(REFS.deserialize(bytes, Node.class), n);
    }
  }

  /** Neither a pooled writer nor a pooled reader keeps the objects of a call that has returned. */
  @Test
  void aCallThatHasReturnedLeavesItsObjectsCollectable() {
    Node written = wide(50);
    java.lang.ref.WeakReference<Node> writtenChild = new java.lang.ref.WeakReference<>(written.children.get(10));
    byte[] bytes = REFS.serialize(written);
    written = null;
    java.lang.ref.WeakReference<Node> readChild =
        new java.lang.ref.WeakReference<>(REFS.deserialize(bytes, Node.class).children.get(10));
    for (int i = 0; i < 20 && (writtenChild.get() != null || readChild.get() != null); i++) {
      System.gc();
    }
    assertTrue(writtenChild.get() == null, "the writer keeps a tracked object");
    assertTrue(readChild.get() == null, "the reader keeps a tracked object");
  }

  @Test
  void selfReference() {
    Node n = new Node();
    n.name = "self";
    n.next = n;
    n.children.add(n);
    Node back = REFS.deserialize(REFS.serialize(n), Node.class);
    assertSame(back, back.next);
    assertSame(back, back.children.get(0));
  }

  @Test
  void twoWayCycle() {
    Node a = new Node();
    Node b = new Node();
    a.next = b;
    b.next = a;
    a.other = b;
    Node back = REFS.deserialize(REFS.serialize(a), Node.class);
    assertSame(back, back.next.next);
    assertSame(back.next, back.other);
  }

  @Test
  void listThatContainsItselfAndMapThatContainsItself() {
    List<Object> list = new ArrayList<>();
    list.add("x");
    list.add(list);
    List<?> back = REFS.deserialize(REFS.serialize(list), List.class);
    assertSame(back, back.get(1));
    Map<String, Object> map = new HashMap<>();
    map.put("me", map);
    Map<?, ?> mb = REFS.deserialize(REFS.serialize(map), Map.class);
    assertSame(mb, mb.get("me"));
    Object[] arr = new Object[1];
    arr[0] = arr;
    Object[] ab = REFS.deserialize(REFS.serialize(arr), Object[].class);
    assertSame(ab, ab[0]);
  }

  /**
   * A set cannot contain itself, nor a map be its own key (hashCode would recurse until the stack
   * overflows): hostile back-references that build one are refused (found by DeserializeFuzzTest).
   */
  @Test
  void setThatContainsItselfAndMapThatIsItsOwnKeyAreRefused() {
    // HashSet of 1 tagged element: a back-reference to object #0, the set
    MalformedInputException e = assertThrows(MalformedInputException.class,
        () -> REFS.deserialize(Fixtures.hex("c1 1c 01 00 01 00")));
    assertTrue(e.getMessage().contains("itself") && e.getMessage().contains("offset"), e.getMessage());
    // unmodifiable set of {null, itself}: slots after a SAME_CLASS header
    assertThrows(MalformedInputException.class, () -> REFS.deserialize(Fixtures.hex("c1 21 02 03 2d 00 01 00")));
    // HashMap, one chunk of tagged key and value: key = back-reference to the map, value = null
    e = assertThrows(MalformedInputException.class, () -> REFS.deserialize(Fixtures.hex("c1 22 01 c0 01 01 00 00")));
    assertTrue(e.getMessage().contains("own key"), e.getMessage());
  }

  @Test
  void sharedObjectsKeepIdentity() {
    int[] shared = {1, 2, 3};
    List<Object> sharedList = new ArrayList<>(List.of("s"));
    Pair p = new Pair(shared, new Object[] {shared, sharedList, sharedList, new Pair(sharedList, null)});
    Pair back = REFS.deserialize(REFS.serialize(p), Pair.class);
    Object[] right = (Object[]) back.right();
    assertSame(back.left(), right[0]);
    assertSame(right[1], right[2]);
    assertSame(right[1], ((Pair) right[3]).left());
    // without tracking, equal copies
    Pair plain = PLAIN.deserialize(PLAIN.serialize(p), Pair.class);
    Object[] pr = (Object[]) plain.right();
    assertNotSame(plain.left(), pr[0]);
    assertArrayEquals((int[]) plain.left(), (int[]) pr[0]);
  }

  @Test
  void sharedElementsInMapsAndDeclaredFields() {
    Node leaf = new Node();
    leaf.name = "leaf";
    Map<String, Node> m = new LinkedHashMap<>();
    m.put("a", leaf);
    m.put("b", leaf);
    Map<?, ?> back = REFS.deserialize(REFS.serialize(m), Map.class);
    assertSame(back.get("a"), back.get("b"));
  }

  @Test
  void cycleWithoutTrackingHitsTheDepthLimit() {
    Node n = new Node();
    n.next = n;
    LimitExceededException e = assertThrows(LimitExceededException.class, () -> PLAIN.serialize(n));
    assertTrue(e.getMessage().contains("references(true)"), e.getMessage());
    List<Object> list = new ArrayList<>();
    list.add(list);
    assertThrows(LimitExceededException.class, () -> PLAIN.serialize(list));
  }

  @Test
  void cycleThroughARecordIsReportedNotHidden() {
    List<Object> list = new ArrayList<>();
    Pair p = new Pair(list, "x");
    list.add(p);
    // writing works; a record cannot be rebuilt before its components, as in Java serialization
    byte[] bytes = REFS.serialize(p);
    BrineException e = assertThrows(BrineException.class, () -> REFS.deserialize(bytes));
    assertTrue(e.getMessage().contains("construction"), e.getMessage());
  }

  @Test
  void deepButFiniteChainsWork() {
    Node head = new Node();
    Node cur = head;
    for (int i = 0; i < 400; i++) {
      cur.next = new Node();
      cur = cur.next;
    }
    Node back = PLAIN.deserialize(PLAIN.serialize(head), Node.class);
    int n = 0;
    for (Node x = back; x != null; x = x.next) {
      n++;
    }
    assertEquals(401, n);
  }
}
