package dev.brine.context;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Per-call contexts, reused. A platform thread keeps its own context: found first in a small table of
 * owners indexed by the thread's id (one array load and an identity compare), else in a ThreadLocal
 * (a hash lookup and a weak-reference check, ~5 ns a call: a tenth of a small payload's serialize,
 * measured with async-profiler on SimpleObject). A thread's context enters the table when its entry
 * is free or held by a thread that has ended; a thread whose entry is taken by a live thread keeps
 * using its ThreadLocal. So the table holds at most {@code owners.length} contexts, of threads that are
 * alive or have ended since (until another thread takes the entry over).
 *
 * <p>A virtual thread, which may be one of millions, shares a small lock-free pool instead (one atomic
 * exchange to take, a plain store to give back), so contexts are not multiplied per virtual thread. A
 * nested call on the same thread (a custom serializer calling Brine) gets a context from the pool too.
 */
public final class ContextPool<T> {
  /** {@code Thread.isVirtual()} on JDK 21+, null on JDK 17 (where every thread is a platform thread). */
  private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

  private final ThreadLocal<Slot<T>> local;
  /**
   * Platform threads' slots by {@link #ownerIndex}; read and written with plain accesses: a slot's
   * {@code owner} is final, so a thread that reads another's slot sees its owner and moves on, and a
   * thread always sees its own store.
   */
  private final Slot<T>[] owners;
  private final int ownerShift;
  private final AtomicReferenceArray<Slot<T>> slots;
  private final Supplier<T> factory;
  private final int mask;

  /**
   * A context, as handed out by {@link #take}: a thread's own (and whether a call is using it), or
   * one of the shared pool's. Giving the slot back needs no second thread-local lookup.
   */
  public static final class Slot<T> {
    public final T context;
    final boolean local;
    /** The platform thread this slot belongs to, or null for the shared pool's. */
    final Thread owner;
    boolean busy;
    /** Calls that found this thread's slot through the ThreadLocal (its owner entry held by another). */
    int misses;

    Slot(T context, Thread owner) {
      this.context = context;
      this.local = owner != null;
      this.owner = owner;
    }
  }

  public ContextPool(Supplier<T> factory) {
    int n = Integer.highestOneBit(Math.max(4, Runtime.getRuntime().availableProcessors() * 4) - 1) << 1;
    this.slots = new AtomicReferenceArray<>(n);
    this.mask = n - 1;
    this.factory = factory;
    this.local = new Local<>(factory);
    @SuppressWarnings("unchecked")
    Slot<T>[] table = (Slot<T>[]) new Slot<?>[n];
    this.owners = table;
    this.ownerShift = 64 - Integer.numberOfTrailingZeros(n);
  }

  /** Each platform thread's own slot (a named class, not {@code ThreadLocal.withInitial}'s lambda). */
  private static final class Local<T> extends ThreadLocal<Slot<T>> {
    private final Supplier<T> factory;

    Local(Supplier<T> factory) {
      this.factory = factory;
    }

    @Override
    protected Slot<T> initialValue() {
      return new Slot<>(factory.get(), Thread.currentThread());
    }
  }

  /** A context for the current call ({@link Slot#context}); give the slot back with {@link #release}. */
  public Slot<T> take() {
    Thread t = Thread.currentThread();
    if (!isVirtual(t)) {
      int i = ownerIndex(t);
      Slot<T> s = owners[i];
      if (s == null || s.owner != t) {
        s = local.get();
        if ((s.misses++ & 255) == 0) {
          adopt(i, s); // the first miss, and every 256th: the entry may have been freed by its thread's end
        }
      }
      if (!s.busy) {
        s.busy = true;
        return s;
      }
    }
    return takeShared(t);
  }

  /** {@code t}'s entry in {@link #owners}: its id, Fibonacci-hashed. */
  private int ownerIndex(Thread t) {
    return (int) (t.getId() * 0x9E3779B97F4A7C15L >>> ownerShift);
  }

  /** Puts {@code s} in entry {@code i} unless a live thread holds it. */
  private void adopt(int i, Slot<T> s) {
    Slot<T> held = owners[i];
    if (held == null || !held.owner.isAlive()) {
      owners[i] = s;
    }
  }

  public void release(Slot<T> slot) {
    if (slot.local) {
      slot.busy = false;
      return;
    }
    int start = probe(Thread.currentThread());
    for (int i = 0; i <= mask; i++) {
      int k = (start + i) & mask;
      if (slots.get(k) == null) {
        // A racing release into the same slot may overwrite ours: that context is simply dropped.
        slots.lazySet(k, slot);
        return;
      }
    }
  }

  private Slot<T> takeShared(Thread thread) {
    int start = probe(thread);
    Slot<T> t = slots.getAndSet(start, null);
    if (t != null) {
      return t;
    }
    for (int i = 1; i <= mask; i++) {
      int k = (start + i) & mask;
      if (slots.get(k) != null && (t = slots.getAndSet(k, null)) != null) {
        return t;
      }
    }
    return new Slot<>(factory.get(), null);
  }

  private int probe(Thread t) {
    long id = t.getId();
    return (int) (id ^ (id >>> 32)) * 0x9E3779B9 >>> 16 & mask;
  }

  private static boolean isVirtual(Thread t) {
    if (IS_VIRTUAL == null) {
      return false;
    }
    try {
      return (boolean) IS_VIRTUAL.invokeExact(t);
    } catch (Throwable e) {
      return true; // cannot tell: the pool is always safe
    }
  }

  private static MethodHandle isVirtualHandle() {
    try {
      return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }
}
