package dev.brine.plan;

import dev.brine.registry.PayloadTraits;

/**
 * A generated serializer of a class whose payload is its number group and fixed block alone (no
 * strings, collections or other objects): its payload can be written into a window of the array that
 * the caller holds, with the position in the caller's local. Generated loops over such elements (a
 * {@code List<Line>}) write each one without handing the position back and forth through the session.
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
   * Writes the payload of {@code value} (of the serializer's class, not null) at {@code b[p]}, with
   * room for {@link #flatWindow()} bytes made; returns the position after it.
   */
  int writeFlat(byte[] b, int p, Object value);
}
