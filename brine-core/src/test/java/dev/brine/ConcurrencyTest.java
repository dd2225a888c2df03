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
