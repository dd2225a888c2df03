package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

/** With references on, a user object shared between the graph and the JDK holders it sits in stays one object. */
class SharedInsideJdkTest {
  static final class Item {
    String name;
    Item self;
  }

  static final class Holder {
    Item item;
    AtomicReference<Item> atomic;
    AtomicReferenceArray<Item> atomicArray;
    Optional<Item> optional;
    Map.Entry<String, Item> entry;
    List<Item> singleton;
    List<Item> listOf;
    List<Item> asList;
    Map<String, Item> mapOf;
    Set<Item> setOf;
    Map<Item, Item> identity;
    Map<String, Item> concurrent;
    Deque<Item> deque;
    PriorityQueue<Integer> pq;
    Object[] objects;
    List<Item> unmodifiable;
    Collection<Item> synced;
    List<Item> copyOnWrite;
  }

  @Test
  void aSharedObjectStaysOneObjectInsideJdkHolders() {
    Item it = new Item();
    it.name = "x";
    it.self = it;
    Holder h = new Holder();
    h.item = it;
    h.atomic = new AtomicReference<>(it);
    h.atomicArray = new AtomicReferenceArray<>(new Item[] {it, null});
    h.optional = Optional.of(it);
    h.entry = new AbstractMap.SimpleEntry<>("k", it);
    h.singleton = Collections.singletonList(it);
    h.listOf = List.of(it, it);
    h.asList = Arrays.asList(it);
    h.mapOf = Map.of("k", it);
    h.setOf = Set.of(it);
    h.identity = new IdentityHashMap<>(Map.of(it, it));
    h.concurrent = new ConcurrentHashMap<>(Map.of("c", it));
    h.deque = new ArrayDeque<>(List.of(it));
    h.pq = new PriorityQueue<>(List.of(3, 1, 2));
    h.objects = new Object[] {it};
    h.unmodifiable = Collections.unmodifiableList(new ArrayList<>(List.of(it)));
    h.synced = Collections.synchronizedCollection(new ArrayList<>(List.of(it)));
    h.copyOnWrite = new java.util.concurrent.CopyOnWriteArrayList<>(List.of(it));
    Modes.eachWith(true, h, b -> {
      Item x = b.item;
      assertEquals("x", x.name);
      assertSame(x, x.self);
      assertSame(x, b.atomic.get());
      assertSame(x, b.atomicArray.get(0));
      assertNull(b.atomicArray.get(1));
      assertSame(x, b.optional.orElseThrow());
      assertSame(x, b.entry.getValue());
      assertSame(x, b.singleton.get(0));
      assertSame(x, b.listOf.get(0));
      assertSame(x, b.listOf.get(1));
      assertSame(x, b.asList.get(0));
      assertSame(x, b.mapOf.get("k"));
      assertSame(x, b.setOf.iterator().next());
      assertSame(x, b.identity.get(x));
      assertSame(x, b.concurrent.get("c"));
      assertSame(x, b.deque.peek());
      assertEquals(1, b.pq.peek());
      assertSame(x, b.objects[0]);
      assertSame(x, b.unmodifiable.get(0));
      assertSame(x, b.synced.iterator().next());
      assertSame(x, b.copyOnWrite.get(0));
    }, Holder.class, Item.class);
  }
}
