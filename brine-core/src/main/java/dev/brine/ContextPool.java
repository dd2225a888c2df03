package dev.brine;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A small lock-free pool of per-call contexts. Works the same for platform and virtual threads (no
 * ThreadLocal): a call takes a context from the slot its thread hashes to (one atomic exchange in the
 * common, uncontended case), probing further slots when it is empty, or makes a new one when all are
 * busy; it gives it back afterwards. Surplus contexts are dropped.
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
    T t = slots.getAndSet(start, null);
    if (t != null) {
      return t;
    }
    for (int i = 1; i <= mask; i++) {
      int k = (start + i) & mask;
      if (slots.get(k) != null && (t = slots.getAndSet(k, null)) != null) {
        return t;
      }
    }
    return factory.get();
  }

  void release(T t) {
    int start = probe();
    for (int i = 0; i <= mask; i++) {
      int k = (start + i) & mask;
      if (slots.get(k) == null) {
        // A racing release into the same slot may overwrite ours: that context is simply dropped.
        slots.lazySet(k, t);
        return;
      }
    }
  }

  private int probe() {
    long id = Thread.currentThread().getId();
    return (int) (id ^ (id >>> 32)) * 0x9E3779B9 >>> 16 & mask;
  }
}
