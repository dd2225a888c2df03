package dev.brine.compat;

import static dev.brine.compat.Evolution.constant;
import static dev.brine.compat.Evolution.get;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * The Fory #3929 scenario: one shared Brine reads payloads of three versions of its classes, and
 * writes and reads its own, on 16 threads at once. Reading an old payload must never change how the
 * same instance reads or writes anything else: every value read is checked, every payload written
 * is compared with the bytes written before the threads started.
 */
class CompatibleConcurrencyTest {
  @Test
  void sixteenThreadsInterleaveV1V2V3WithZeroWrongValues() throws Exception {
    byte[] v1 = Evolution.brine("v1").serialize(CompatibleEvolutionTest.person1());
    byte[] v3 = Evolution.brine("v3").serialize(CompatibleEvolutionTest.person3());
    byte[] w1 = Evolution.brine("v1").serialize(CompatibleEvolutionTest.widen1());
    Brine shared = Evolution.brine("v2");
    Object own = CompatibleEvolutionTest.person2("PENDING");
    byte[] v2 = shared.serialize(own);
    AtomicInteger wrong = new AtomicInteger();
    AtomicInteger reads = new AtomicInteger();
    List<String> examples = java.util.Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        done.add(pool.submit(() -> {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          for (int i = 0; i < 400; i++) {
            String problem;
            switch (random.nextInt(5)) {
              case 0: {
                Object p = shared.deserialize(v1);
                problem = "Ada".equals(get(p, "fullName")) && Integer.valueOf(36).equals(get(p, "age"))
                    && constant("v2", "Status", "ACTIVE").equals(get(p, "status")) && get(p, "email") == null
                    && Map.of("x", 1).equals(get(p, "counts")) && Long.valueOf(7).equals(get(get(p, "extra"), "id"))
                    ? null : "v1 person read as " + describe(p);
                break;
              }
              case 1: {
                Object p = shared.deserialize(v2);
                problem = "Bob".equals(get(p, "fullName")) && "bob@example.com".equals(get(p, "email"))
                    && constant("v2", "Status", "PENDING").equals(get(p, "status"))
                    && List.of(1, 2).equals(get(get(p, "gadget"), "sizes")) ? null : "v2 person read as " + describe(p);
                break;
              }
              case 2: {
                Object p = shared.deserialize(v3);
                problem = "Cy".equals(get(p, "fullName")) && Integer.valueOf(50).equals(get(p, "age"))
                    && "just a string".equals(get(p, "extra")) && get(p, "email") == null
                    ? null : "v3 person read as " + describe(p);
                break;
              }
              case 3: {
                Object w = shared.deserialize(w1);
                problem = Long.valueOf(30).equals(get(w, "age")) && Double.valueOf(1.5).equals(get(w, "rating"))
                    && Optional.of("ace").equals(get(w, "nickname")) ? null : "v1 widen read as " + describe(w);
                break;
              }
              default: {
                byte[] again = shared.serialize(own);
                problem = java.util.Arrays.equals(v2, again) ? null : "v2 person written differently";
                break;
              }
            }
            reads.incrementAndGet();
            if (problem != null) {
              wrong.incrementAndGet();
              if (examples.size() < 5) {
                examples.add(problem);
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(16 * 400, reads.get());
    assertEquals(0, wrong.get(), () -> "wrong values: " + examples);
  }

  private static String describe(Object o) {
    StringBuilder sb = new StringBuilder(o.getClass().getName()).append('{');
    for (java.lang.reflect.Field f : o.getClass().getDeclaredFields()) {
      sb.append(f.getName()).append('=').append(get(o, f.getName())).append(' ');
    }
    return sb.append('}').toString();
  }
}
