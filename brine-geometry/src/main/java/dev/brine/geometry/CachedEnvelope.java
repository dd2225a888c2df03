package dev.brine.geometry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * The envelope a JTS geometry has already cached ({@code Geometry.envelope}, protected), read without
 * computing it or making JTS cache it.
 *
 * <p>Why: {@code getEnvelopeInternal()} is free when the envelope is cached, but on a fresh geometry
 * it computes, allocates and caches envelopes (for a polygon: its shell's and its own) — measured at
 * half the serialize throughput for small geometries. The writer therefore uses the cached value if
 * there is one and otherwise computes the envelope while copying the coordinates (same result: JTS's
 * algorithm), leaving the geometry untouched.
 *
 * <p>Reading the field needs a private lookup into JTS's package, which the JVM grants when JTS is on
 * the class path (an unnamed module is open to all). Where it is not granted (JTS as a named module,
 * a security manager), {@link #of} always answers {@code null} and the writer computes — correct
 * either way.
 */
final class CachedEnvelope {
  private static final VarHandle FIELD = find();

  private CachedEnvelope() {}

  private static VarHandle find() {
    try {
      return MethodHandles.privateLookupIn(Geometry.class, MethodHandles.lookup())
          .findVarHandle(Geometry.class, "envelope", Envelope.class);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The envelope {@code g} has cached, or {@code null} if none (or if it cannot be read). */
  static Envelope of(Geometry g) {
    return FIELD == null ? null : (Envelope) FIELD.get(g);
  }

  /** Whether cached envelopes can be read here (for tests). */
  static boolean readable() {
    return FIELD != null;
  }
}
