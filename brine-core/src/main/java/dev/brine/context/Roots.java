package dev.brine.context;

import dev.brine.registry.ClassInfo;

/**
 * Reads and writes the outermost value of a payload, after its header, where a mode knows a shorter
 * way than through the value's tag: compatible mode writes and reads the opening of a payload whose
 * value is of a local class — tag, definition reference and definition — as one block of bytes known
 * in advance ({@code dev.brine.compat.Openings}). The same bytes and
 * values as {@link WriteSession#writeObject} and {@link ReadSession#readObject()}.
 */
public interface Roots {
  /** Reads the outermost value of the payload at {@code ctx}'s position. */
  Object readRoot(ReadSession ctx);

  /**
   * Writes {@code value} (not null, of the class of {@code info}) as the outermost value of a payload,
   * after its header, when there is a shorter way; false: nothing written, write it through its tag.
   */
  boolean writeRoot(WriteSession ctx, Object value, ClassInfo info);
}
