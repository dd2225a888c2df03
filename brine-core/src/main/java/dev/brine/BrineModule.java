package dev.brine;

import dev.brine.serializer.Serializer;


/**
 * An extension found with {@link java.util.ServiceLoader} for each {@link Brine#builder()}: it
 * registers serializers for its types with fixed ids ({@link Brine.Builder#registerWithId}) so they
 * work without user registration. List the implementation in {@code
 * META-INF/services/dev.brine.BrineModule}.
 *
 * <p>{@link #register} is called on a builder of the modules' own, once per {@code builder()}, and the
 * first time in a JVM on a thread of Brine's (the class path scan then overlaps the application's
 * building); its registrations ({@code registerWithId} and {@code register}) come before the
 * application's, as if they had been made when {@code builder()} returned. Other settings a module makes
 * on that builder are not carried over. {@link Brine.Builder#build()} (and {@code registerWithId}, which
 * refuses an id a module took for another class) waits for the modules; an exception thrown by a
 * module's {@code register} is thrown there.
 */
public interface BrineModule {
  /** Registers this module's types on a new builder. */
  void register(Brine.Builder builder);

  /**
   * Creates the serializer of a class registered by name ({@link Brine.Builder#registerWithId(int, String,
   * LazySerializer)}) when the class is first used; the class is loaded through this object's class loader.
   */
  @FunctionalInterface
  interface LazySerializer {
    /** The serializer for {@code type}, the class registered by name, now loaded. */
    Serializer<?> create(Class<?> type);
  }
}
