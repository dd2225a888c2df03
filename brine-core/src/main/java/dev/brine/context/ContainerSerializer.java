package dev.brine.context;

import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * A serializer of collections or maps that can use the element (key, value) classes known from a
 * generic declaration such as {@code List<String>}: elements of that exact class are written without
 * class information. The hints are null when nothing is known.
 *
 * @param <T> the container type
 */
public interface ContainerSerializer<T> extends Serializer<T>, PayloadTraits {
  /** Writes {@code value} using the declared element/key class {@code element} and map value class {@code value}. */
  void write(WriteSession ctx, T value, ClassInfo element, ClassInfo valueClass);

  /** Reads a container written with the same hints. */
  T read(ReadSession ctx, ClassInfo element, ClassInfo valueClass);

  /** Always true: the reason to be a container serializer. */
  @Override
  default boolean usesDeclaredClasses() {
    return true;
  }

  @Override
  default void write(WriteContext ctx, T value) {
    write((WriteSession) ctx, value, null, null);
  }

  @Override
  default T read(ReadContext ctx) {
    return read((ReadSession) ctx, null, null);
  }
}
