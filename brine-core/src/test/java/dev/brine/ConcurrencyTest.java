package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.reflect.Method;
import java.util.*;
import java.util.concurrent.*;
import org.junit.jupiter.api.Test;

/** One Brine shared by many threads, platform and virtual. */
class ConcurrencyTest {
  record Order(long id, String customer, List<Line> lines, Map<String, Integer> counts) {}
  record Line(String sku, int qty, double price) {}

  static Order order(int i) {
    List<Line> lines = new ArrayList<>();
    for (int j = 0; j < i % 7; j++) {
      lines.add(new Line("sku" + j + "-" + i, j, j * 1.5));
    }
    return new Order(i, "customer " + i + " \u00e9\u65e5", lines, Map.of("k" + i, i));
  }

  static void hammer(Brine brine, ExecutorService pool, int tasks) throws Exception {
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < tasks; t++) {
      int seed = t;
      futures.add(pool.submit(() -> {
        for (int i = 0; i < 500; i++) {
          Order o = order(seed * 1000 + i);
          assertEquals(o, brine.deserialize(brine.serialize(o), Order.class));
        }
        return null;
      }));
    }
    for (Future<?> f : futures) {
      f.get(60, TimeUnit.SECONDS);
    }
  }

  /** Flat classes: written at the top through a per-thread scratch array (Engine.serializeFlat). */
  record Price(long mantissa, int scale) {}
  record Tick(long ts, Price bid, Price ask, double size, int venue, boolean last) {}

  static Tick tick(long i) {
    return new Tick(i * 1_000_003L, new Price(i, (int) (i % 9)), new Price(-i * 7, 2), i / 3.0, (int) i, i % 2 == 0);
  }

  /**
   * More threads than the engine's 64 scratch slots, in waves (threads end, new ones take their slots),
   * all writing flat values at once: every payload is exactly the one written on this thread, and reads back.
   */
  @Test
  void flatValuesFromWavesOfThreads() throws Exception {
    Brine brine = Brine.builder().codegenThreshold(0).register(Tick.class, Price.class).build();
    Map<Long, byte[]> expected = new HashMap<>();
    for (long i = 0; i < 200; i++) {
      expected.put(i, brine.serialize(tick(i)));
    }
    for (int wave = 0; wave < 3; wave++) {
      List<Thread> threads = new ArrayList<>();
      List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
      for (int t = 0; t < 90; t++) {
        int seed = t;
        threads.add(new Thread(() -> {
          try {
            for (int k = 0; k < 2000; k++) {
              long i = (seed * 31L + k) % 200;
              byte[] b = brine.serialize(tick(i));
              assertArrayEquals(expected.get(i), b, "tick " + i);
              assertEquals(tick(i), brine.deserialize(b, Tick.class));
            }
          } catch (Throwable e) {
            failures.add(e);
          }
        }));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join(60_000);
      }
      if (!failures.isEmpty()) {
        throw new AssertionError(failures.size() + " threads failed in wave " + wave, failures.get(0));
      }
    }
  }

  @Test
  void sixteenPlatformThreads() throws Exception {
    Brine brine = Brine.builder().register(Order.class, Line.class).build();
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      hammer(brine, pool, 16);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void virtualThreadsWhenAvailable() throws Exception {
    Method m;
    try {
      m = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
    } catch (NoSuchMethodException e) {
      org.junit.jupiter.api.Assumptions.abort("virtual threads need JDK 21+; running on " + Runtime.version());
      return;
    }
    Brine brine = Brine.builder().register(Order.class, Line.class).references(true).build();
    ExecutorService pool = (ExecutorService) m.invoke(null);
    try {
      hammer(brine, pool, 200);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Writes its payload as a nested Brine payload: a call into Brine from inside a Brine call. */
  static final class Nested implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    static Brine inner;
    transient Order order;

    Nested(Order order) {
      this.order = order;
    }

    private void writeObject(java.io.ObjectOutputStream out) throws java.io.IOException {
      byte[] b = inner.serialize(order);
      out.writeInt(b.length);
      out.write(b);
    }

    private void readObject(java.io.ObjectInputStream in) throws java.io.IOException {
      byte[] b = new byte[in.readInt()];
      in.readFully(b);
      order = inner.deserialize(b, Order.class);
    }
  }

  @Test
  void aCallInsideACallOnTheSameThreadGetsItsOwnContext() throws Exception {
    Brine brine = Brine.builder().register(Nested.class, Order.class, Line.class).build();
    Nested.inner = brine; // the same instance, so the same pools
    for (int i = 0; i < 50; i++) {
      Order o = order(i);
      List<Object> outer = List.of(o, new Nested(o), o);
      @SuppressWarnings("unchecked")
      List<Object> back = (List<Object>) brine.deserialize(brine.serialize(outer));
      assertEquals(o, back.get(0));
      assertEquals(o, ((Nested) back.get(1)).order);
      assertEquals(o, back.get(2));
    }
    // and from two threads taking turns, so the cached slot changes owner
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      hammer(brine, pool, 8);
    } finally {
      pool.shutdownNow();
    }
  }
}
