package dev.brine;


/**
 * An extension found with {@link java.util.ServiceLoader} when {@link Brine#builder()} runs: it
 * registers serializers for its types with fixed ids ({@link Brine.Builder#registerWithId}) so they
 * work without user registration. List the implementation in {@code
 * META-INF/services/dev.brine.BrineModule}.
 */
public interface BrineModule {
  /** Registers this module's types on a new builder. */
  void register(Brine.Builder builder);
}
