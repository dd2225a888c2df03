package dev.brine.serializer;

/**
 * Writes and reads the payload of one type. The tag that names the type, null handling and
 * reference tracking are done by the caller; a serializer sees non-null values only.
 *
 * <p>Serializers are shared by all threads of a {@code Brine} and must be stateless or thread-safe.
 * A serializer that reads a mutable object which may be referenced from inside itself (a cycle)
 * should call {@link ReadContext#reference(Object)} as soon as the instance exists.
 *
 * @param <T> the type written
 */
public interface Serializer<T> {
  /** Writes the payload of {@code value} (never null). */
  void write(WriteContext ctx, T value);

  /**
   * Reads a payload written by {@link #write}.
   *
   * @throws dev.brine.BrineException if the input is malformed or exceeds a limit
   */
  T read(ReadContext ctx);
}
