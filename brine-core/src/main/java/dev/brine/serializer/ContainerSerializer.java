package dev.brine.serializer;

import dev.brine.registry.ClassInfo;

/**
 * A serializer of collections or maps that can use the element (key, value) classes known from a
 * generic declaration such as {@code List<String>}: elements of that exact class are written without
 * class information. The hints are null when nothing is known.
 *
 * @param <T> the container type
 */
public interface ContainerSerializer<T> extends Serializer<T> {
  /** Writes {@code value} using the declared element/key class {@code element} and map value class {@code value}. */
  void write(WriteContext ctx, T value, ClassInfo element, ClassInfo valueClass);

  /** Reads a container written with the same hints. */
  T read(ReadContext ctx, ClassInfo element, ClassInfo valueClass);

  @Override
  default void write(WriteContext ctx, T value) {
    write(ctx, value, null, null);
  }

  @Override
  default T read(ReadContext ctx) {
    return read(ctx, null, null);
  }
}
