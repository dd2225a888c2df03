package dev.brine;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A small lock-free pool of per-call contexts. Works the same for platform and virtual threads (no
 * ThreadLocal): a call takes any free context, or makes a new one when all are busy, and gives it back
 * afterwards; surplus contexts are dropped.
 */
final class ContextPool<T> {
  private final AtomicReferenceArray<T> slots;
  private final Supplier<T> factory;
  private final int mask;

  ContextPool(Supplier<T> factory) {
    int n = Integer.highestOneBit(Math.max(4, Runtime.getRuntime().availableProcessors() * 4) - 1) << 1;
    this.slots = new AtomicReferenceArray<>(n);
    this.mask = n - 1;
    this.factory = factory;
  }

  T take() {
    int start = probe();
    for (int i = 0; i <= mask; i++) {
      int k = (start + i) & mask;
      T t = slots.get(k);
      if (t != null && slots.compareAndSet(k, t, null)) {
        return t;
      }
    }
    return factory.get();
  }

  void release(T t) {
    int start = probe();
    for (int i = 0; i <= mask; i++) {
      int k = (start + i) & mask;
      if (slots.get(k) == null && slots.compareAndSet(k, null, t)) {
        return;
      }
    }
  }

  private static int probe() {
    long id = Thread.currentThread().getId();
    return (int) (id ^ (id >>> 16)) * 0x9E3779B9 >>> 16;
  }
}
