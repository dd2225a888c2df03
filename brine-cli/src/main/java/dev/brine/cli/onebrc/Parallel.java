package dev.brine.cli.onebrc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Runs {@code n} tasks on {@code n} threads (task 0 on the caller) and rethrows the first failure. */
final class Parallel {
  private Parallel() {}

  interface Task<R> {
    R run(int index) throws IOException;
  }

  @SuppressWarnings("unchecked")
  static <R> List<R> run(int n, Task<R> task) {
    Object[] results = new Object[n];
    Throwable[] errors = new Throwable[n];
    List<Thread> threads = new ArrayList<>();
    for (int i = 1; i < n; i++) {
      int k = i;
      Thread t = new Thread(() -> {
        try {
          results[k] = task.run(k);
        } catch (Throwable e) {
          errors[k] = e;
        }
      }, "brine-scan-" + i);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    try {
      results[0] = task.run(0);
    } catch (Throwable e) {
      errors[0] = e;
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while scanning", e);
      }
    }
    for (Throwable e : errors) {
      if (e instanceof RuntimeException re) {
        throw re;
      } else if (e instanceof Error err) {
        throw err;
      } else if (e instanceof IOException io) {
        throw new UncheckedIOException(io);
      }
    }
    List<R> out = new ArrayList<>(n);
    for (Object r : results) {
      out.add((R) r);
    }
    return out;
  }
}
