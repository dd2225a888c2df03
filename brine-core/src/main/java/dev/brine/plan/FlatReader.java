package dev.brine.plan;

import dev.brine.serializer.ReadContext;

/**
 * The read half of a generated serializer of a flat class ({@link FlatWriter}): its payload read from a
 * window of the array the caller holds, with no window of its own. A flat class with flat fields reads
 * its whole payload — its group and fixed block, each field's slot byte and payload — in one window,
 * only without reference tracking.
 */
public interface FlatReader {
  /**
   * The most bytes {@link #readFlat} loads from where it starts (its group's control words and
   * whole-width values, its fixed block, each flat field's slot byte and window): the room a caller
   * makes in the window's array.
   */
  int flatReadWindow();

  /**
   * Reads a payload of the serializer's class at {@code b[p]} of the session's current window ({@code
   * ReadSession.window} or {@code flatWindow}, with {@link #flatReadWindow()} bytes of room from {@code
   * p}) and leaves the index after it in the session ({@code ReadSession.flatEnd()}); the caller ends the
   * window there, which reports a payload that runs past the input.
   */
  Object readFlat(ReadContext ctx, byte[] b, int p);
}
