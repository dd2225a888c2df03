package dev.brine.builtin;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.Collection;
import java.util.Comparator;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Properties;
import java.util.Stack;
import java.util.Vector;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * The JDK's other collection classes, each with its state beyond the elements (docs/format.md, "JDK
 * block"): the concurrent and legacy collections and maps, the priority queues with their
 * comparators, the bounded queues with their capacity (and an ArrayBlockingQueue's fairness),
 * Properties with its defaults.
 */
final class JdkQueues {
  private JdkQueues() {}

  @SuppressWarnings("unchecked")
  static CollectionSerializer plain(IntFunction<? extends Collection<?>> factory) {
    return CollectionSerializer.of(n -> (Collection<Object>) factory.apply(n), null);
  }

  @SuppressWarnings("unchecked")
  static MapSerializer plainMap(IntFunction<? extends Map<?, ?>> factory) {
    return MapSerializer.of(n -> (Map<Object, Object>) factory.apply(n), null);
  }

  static CollectionSerializer vector() { return plain(Vector::new); }
  static CollectionSerializer stack() { return plain(n -> new Stack<>()); }
  static CollectionSerializer copyOnWriteArrayList() { return plain(n -> new CopyOnWriteArrayList<>()); }
  static CollectionSerializer copyOnWriteArraySet() { return plain(n -> new CopyOnWriteArraySet<>()); }
  static CollectionSerializer concurrentLinkedQueue() { return plain(n -> new ConcurrentLinkedQueue<>()); }
  static CollectionSerializer concurrentLinkedDeque() { return plain(n -> new ConcurrentLinkedDeque<>()); }
  static CollectionSerializer linkedTransferQueue() { return plain(n -> new LinkedTransferQueue<>()); }
  static MapSerializer hashtable() { return plainMap(n -> new Hashtable<>(JdkCollections.capacity(n))); }
  static MapSerializer identityHashMap() { return plainMap(IdentityHashMap::new); }
  static MapSerializer weakHashMap() { return plainMap(n -> new java.util.WeakHashMap<>(JdkCollections.capacity(n))); }
  @SuppressWarnings({"unchecked", "rawtypes"})
  static CollectionSerializer delayQueue() { return plain(n -> (Collection) new java.util.concurrent.DelayQueue()); }
  static CollectionSerializer synchronousQueue() { return plain(n -> new java.util.concurrent.SynchronousQueue<>()); }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static CollectionSerializer concurrentSkipListSet() {
    return CollectionSerializer.sorted(cmp -> (Collection) new ConcurrentSkipListSet<>(cmp), null);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static MapSerializer concurrentSkipListMap() {
    return MapSerializer.sorted(cmp -> (Map) new ConcurrentSkipListMap<>(cmp), null);
  }

  private static Comparator<Object> readComparator(ReadContext c) {
    int at = c.position();
    Object cmp = c.readObject();
    if (cmp != null && !(cmp instanceof Comparator)) {
      throw new MalformedInputException("expected a Comparator at offset " + at + " but read a " + cmp.getClass().getName());
    }
    @SuppressWarnings("unchecked")
    Comparator<Object> typed = (Comparator<Object>) cmp;
    return typed;
  }

  /** A queue ordered by its comparator: the comparator (tagged, null for natural order), then the elements. */
  static final class ComparatorQueueSerializer implements Serializer<Collection<Object>> {
    private final BiFunction<Integer, Comparator<Object>, Collection<Object>> factory;

    ComparatorQueueSerializer(BiFunction<Integer, Comparator<Object>, Collection<Object>> factory) {
      this.factory = factory;
    }

    @Override public void write(WriteContext c, Collection<Object> v) {
      Comparator<?> cmp = v instanceof PriorityQueue ? ((PriorityQueue<?>) v).comparator() : ((PriorityBlockingQueue<?>) v).comparator();
      UtilSerializers.writeComparator(c, cmp);
      JdkCollections.writeCollection((WriteSession) c, v);
    }

    @Override public Collection<Object> read(ReadContext c0) {
      ReadSession c = (ReadSession) c0;
      Comparator<Object> cmp = readComparator(c);
      int at = c.position();
      int n = c.readLength("collection size", 1);
      Collection<Object> q = factory.apply(Math.max(1, n), cmp);
      c.reference(q);
      return JdkCollections.readCollection(c, q, n, at);
    }
  }

  static Serializer<Collection<Object>> priorityQueue() {
    return new ComparatorQueueSerializer((n, cmp) -> new PriorityQueue<>(n, cmp));
  }

  static Serializer<Collection<Object>> priorityBlockingQueue() {
    return new ComparatorQueueSerializer((n, cmp) -> new PriorityBlockingQueue<>(n, cmp));
  }

  /**
   * A bounded queue: its capacity ({@code varuint32}; size plus remaining capacity), for an
   * ArrayBlockingQueue its fairness ({@code u8}), then the elements. An ArrayBlockingQueue allocates
   * its capacity, so a capacity above {@code maxLength} is refused when read.
   */
  static final class BoundedQueueSerializer implements Serializer<Collection<Object>> {
    private final int kind; // 0 ArrayBlockingQueue, 1 LinkedBlockingQueue, 2 LinkedBlockingDeque

    BoundedQueueSerializer(int kind) {
      this.kind = kind;
    }

    @Override public void write(WriteContext c, Collection<Object> v) {
      BlockingQueue<Object> q = (BlockingQueue<Object>) v;
      int size = q.size();
      c.writeVarUInt32((int) Math.min(Integer.MAX_VALUE, (long) size + q.remainingCapacity()));
      if (kind == 0) {
        ReentrantLock lock = JavaForm.capture(q, true).first(ReentrantLock.class);
        c.writeBoolean(lock != null && lock.isFair());
      }
      JdkCollections.writeCollection((WriteSession) c, v);
    }

    @Override public Collection<Object> read(ReadContext c0) {
      ReadSession c = (ReadSession) c0;
      int at = c.position();
      int capacity = c.readVarUInt32();
      if (capacity <= 0) {
        throw new MalformedInputException("queue capacity " + Integer.toUnsignedString(capacity) + " at offset " + at);
      }
      Collection<Object> q;
      if (kind == 0) {
        if (capacity > c.maxLength()) {
          throw new LimitExceededException("ArrayBlockingQueue capacity " + capacity + " at offset " + at
              + " exceeds maxLength " + c.maxLength());
        }
        q = new ArrayBlockingQueue<>(capacity, c.readBoolean());
      } else {
        q = kind == 1 ? new LinkedBlockingQueue<>(capacity) : new LinkedBlockingDeque<>(capacity);
      }
      c.reference(q);
      int sizeAt = c.position();
      int n = c.readLength("collection size", 1);
      if (n > capacity) {
        throw new MalformedInputException("queue at offset " + sizeAt + " holds " + n + " elements but its capacity is " + capacity);
      }
      return JdkCollections.readCollection(c, q, n, sizeAt);
    }
  }

  /**
   * Properties: its defaults (tagged, null for none; found through Java serialization's public API,
   * {@link JavaForm}), then its own entries as a map.
   */
  static final Serializer<Properties> PROPERTIES = new Serializer<>() {
    @Override public void write(WriteContext c0, Properties v) {
      WriteSession c = (WriteSession) c0;
      c.writeObject(defaults(v));
      int size = v.size();
      c.writeVarUInt32(size);
      if (size > 0) {
        MapSerializer.writeEntries(c, v, size, null, null);
      }
    }

    @Override public Properties read(ReadContext c0) {
      ReadSession c = (ReadSession) c0;
      Properties defaults = c.readObject(Properties.class);
      Properties p = new Properties(defaults);
      c.reference(p);
      int at = c.position();
      int size = c.readLength("map size", 1);
      MapSerializer.readEntries(c, p, size, null, null);
      if (p.size() != size) {
        throw new MalformedInputException("Properties at offset " + at + " declares " + size + " entries but "
            + p.size() + " distinct keys were read");
      }
      return p;
    }
  };

  /** The defaults of {@code p}: Java serialization writes them after the entries, so the last object written, when it is a Properties that is not one of the values. */
  private static Properties defaults(Properties p) {
    JavaForm.Capture capture = JavaForm.capture(p, true);
    if (capture.objects.isEmpty()) {
      return null;
    }
    Object last = capture.objects.get(capture.objects.size() - 1);
    if (!(last instanceof Properties)) {
      return null;
    }
    for (Object value : p.values()) {
      if (value == last) {
        return null;
      }
    }
    return (Properties) last;
  }
}
