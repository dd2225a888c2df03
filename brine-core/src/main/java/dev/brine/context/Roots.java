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

  /**
   * For a class whose outermost values this mode writes as bytes known in advance followed by a flat
   * payload ({@link dev.brine.plan.FlatWriter}), what {@link #writeRoot} would write: those bytes and the
   * writer of the payload, so the engine writes such a value without a session; null for any other class.
   */
  default FlatOpening flatOpening(ClassInfo info) {
    return null;
  }

  /**
   * {@code opening}, the bytes after the header; {@code writer}, the flat payload's; valid while {@code
   * owner} is the serializer of the class's info.
   */
  record FlatOpening(byte[] opening, dev.brine.plan.FlatWriter writer, Object owner) {}
}
