package dev.brine.context;

/**
 * Reads the outermost value of a payload, after its header, where a mode knows a shorter way than
 * through the value's tag: compatible mode reads the fields of a payload that opens with a local
 * class's own definition straight away ({@code dev.brine.compat.CompatContext#readRoot}). The same
 * result as {@link ReadSession#readObject()}, which it falls back to.
 */
public interface RootReader {
  /** Reads the outermost value of the payload at {@code ctx}'s position. */
  Object readRoot(ReadSession ctx);
}
