package dev.brine.context;

import dev.brine.BrineException;
import java.util.concurrent.Callable;

/**
 * Runs a call again on a thread with a deep stack when the caller's stack overflowed: a graph nested
 * deeper than the caller's stack allows (a long linked list of objects, each a level) but within
 * {@code maxDepth} is then written or read all the same; nothing is paid for graphs that fit. The
 * depth limit, not the stack, is what ends a deeper graph, with a LimitExceededException.
 */
final class DeepStack {
  private DeepStack() {}

  /** The stack of the retry thread: ample for {@code maxDepth} levels of interpreted frames (≈ 1–2 KB a level). */
  private static final long STACK_BYTES = 512L << 20;
  private static final ThreadLocal<Boolean> ACTIVE = new ThreadLocal<>();

  /** Thrown inside a read to ask for the retry (never escapes the engine). */
  static final class Overflow extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Overflow() {
      super(null, null, false, false);
    }
  }

  /** Whether the current thread is already the retry thread. */
  static boolean active() {
    return ACTIVE.get() != null;
  }

  /** Runs {@code call} on a new thread with a deep stack and returns its result or rethrows its failure. */
  static <T> T run(Callable<T> call) {
    Object[] result = new Object[1];
    Throwable[] failure = new Throwable[1];
    Thread t = new Thread(null, () -> {
      ACTIVE.set(Boolean.TRUE);
      try {
        result[0] = call.call();
      } catch (Throwable e) {
        failure[0] = e;
      }
    }, "brine-deep-stack", STACK_BYTES);
    t.setDaemon(true);
    t.start();
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable e = failure[0];
    if (e instanceof RuntimeException) {
      throw (RuntimeException) e;
    }
    if (e instanceof Error) {
      throw (Error) e;
    }
    if (e != null) {
      throw new BrineException("deep-stack call failed: " + e, e);
    }
    @SuppressWarnings("unchecked")
    T t0 = (T) result[0];
    return t0;
  }
}
