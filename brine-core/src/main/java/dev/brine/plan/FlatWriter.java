package dev.brine.plan;

import dev.brine.registry.PayloadTraits;

/**
 * A generated serializer of a <em>flat</em> class: its payload is its number group and fixed block,
 * then at most the declared slots of fields whose classes are final and flat in turn (a {@code Trade}
 * of numbers with a {@code Price bid, ask}; no strings, collections or any other value). Its payload
 * can be written into a window of the array that the caller holds, with the position in the caller's
 * local. Generated loops over such elements (a {@code List<Line>}) write each one without handing the
 * position back and forth through the session. Only without reference tracking (a nested value is
 * written in place, never as a reference).
 */
public interface FlatWriter extends PayloadTraits {
  /** True: a value at the top of a payload is written without a session ({@code Engine.serializeFlat}). */
  @Override
  default boolean flat() {
    return true;
  }

  /** The most bytes {@link #writeFlat} stores: the room a caller makes before each call. */
  int flatWindow();

  /**
   * The levels of nesting a payload spans: 1 for a class of numbers alone, one more for each level of
   * flat classes in its fields. A caller checks the depth limit for all of them at once.
   */
  default int flatDepth() {
    return 1;
  }

  /**
   * Writes the payload of {@code value} (of the serializer's class, not null) at {@code b[p]}, with
   * room for {@link #flatWindow()} bytes made; returns the position after it.
   */
  int writeFlat(byte[] b, int p, Object value);
}
