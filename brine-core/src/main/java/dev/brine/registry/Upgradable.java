package dev.brine.registry;

import dev.brine.serializer.Serializer;

/**
 * A serializer that stands in for a faster one not made yet: the interpreted serializer of a class
 * whose code is generated only once the class has been used often enough (see {@code
 * Brine.Builder.codegenThreshold}). Both write the same bytes. When the faster one is made, the
 * {@link TypeRegistry} puts it in the class's {@link ClassInfo} in place of this one.
 */
public interface Upgradable {
  /**
   * Makes the final serializer now if it is not made yet, puts it in the registry, and returns it;
   * returns null while it is being made on this thread (a class that refers to itself through its
   * fields). Thread-safe and idempotent.
   */
  Serializer<Object> upgrade();
}
