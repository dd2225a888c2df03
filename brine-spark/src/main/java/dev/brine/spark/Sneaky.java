package dev.brine.spark;

/**
 * Rethrows checked exceptions through Scala-declared methods (which may throw them, as Scala has no
 * checked exceptions), so Spark sees the original IOException or EOFException.
 */
final class Sneaky {
  private Sneaky() {}

  /** Throws {@code t} unchanged; declared to return so callers can write {@code throw rethrow(e)}. */
  static RuntimeException rethrow(Throwable t) {
    throw Sneaky.<RuntimeException>doThrow(t);
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E doThrow(Throwable t) throws E {
    throw (E) t;
  }
}
