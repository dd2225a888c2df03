package dev.brine.spark;

import dev.brine.Brine;

/**
 * Registers application classes with Brine, like Spark's {@code KryoRegistrator}. Name
 * implementations in {@code spark.brine.registrator} (comma-separated); each needs a public no-arg
 * constructor. Registrators run on the driver and on every executor, after the classes of {@code
 * spark.brine.classesToRegister}, in the order listed, so every JVM assigns the same ids.
 */
public interface BrineRegistrator {
  /**
   * Registers classes (and custom serializers) on {@code builder}.
   *
   * @param builder the builder the serializer's {@link Brine} is built from
   */
  void registerClasses(Brine.Builder builder);
}
