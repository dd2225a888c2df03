package dev.brine.registry;

import dev.brine.BrineException;
import dev.brine.serializer.Serializer;

/**
 * What Brine knows about one class: its wire id, its serializer and how it is handled. Immutable
 * once published by the {@link TypeRegistry}.
 */
public final class ClassInfo {
  /** The class. */
  public final Class<?> type;
  /** Its wire type id ({@link TypeIds}); {@link TypeIds#BY_NAME} when written by name. */
  public final int typeId;
  /**
   * Its serializer; null for classes that only name a type (interfaces, abstract classes). Set once
   * by the {@link TypeRegistry} before the info is published (recursive types need the info first).
   */
  public Serializer<Object> serializer;
  /** Whether values take part in reference tracking (false for immutable values such as String). */
  public final boolean tracked;
  /** Whether values may contain other values (counts towards the depth limit). */
  public final boolean composite;
  /** How the payload of a leaf value is written ({@link PayloadTraits#leafKind()}), from the serializer. */
  public int leafKind;
  /** Whether values are written as empty payloads ({@link PayloadTraits#emptyPayload()}), from the serializer. */
  public boolean emptyPayload;
  /** Whether the serializer uses declared element classes ({@link PayloadTraits#usesDeclaredClasses()}). */
  public boolean usesDeclaredClasses;
  /**
   * Whether the serializer writes flat payloads ({@link PayloadTraits#flat()}); a boolean, so that the
   * write path asks it before an interface type check that fails slowly for every other class.
   */
  public boolean flat;
  /** Its format-1 serializer, made on first use by {@link TypeRegistry#legacy}; null until then. */
  volatile Serializer<Object> legacy;
  /** Whether the user registered a serializer of their own for the class (Brine's layouts then never bypass it). */
  public boolean custom;
  /** The class's Java-serialization {@code writeReplace()}, or null. */
  public Hook writeReplace;
  /** The class's Java-serialization {@code readResolve()}, or null. */
  public Hook readResolve;

  /**
   * A per-value hook: a class's {@code writeReplace()} or {@code readResolve()} (a user class's method,
   * called through a method handle), or one Brine gives a JDK class. An interface rather than a {@code
   * MethodHandle} so that Brine's own hooks are plain calls: a method handle's first call from
   * interpreted code spins classes, milliseconds of a cold start.
   */
  public interface Hook {
    /**
     * The value to write (or to return) instead of {@code value}.
     *
     * @param value the value written or read
     * @return its replacement, possibly {@code value} itself
     * @throws Throwable whatever the hook throws; {@link ClassInfo#replace} and {@link ClassInfo#resolve}
     *     turn it into a BrineException
     */
    Object apply(Object value) throws Throwable;
  }

  /** Creates the info; see the field docs. */
  @SuppressWarnings("unchecked")
  ClassInfo(Class<?> type, int typeId, Serializer<?> serializer, boolean tracked, boolean composite) {
    this.type = type;
    this.typeId = typeId;
    this.tracked = tracked;
    serializer(serializer);
    this.composite = composite;
  }

  @SuppressWarnings("unchecked")
  void serializer(Serializer<?> s) {
    this.serializer = (Serializer<Object>) s;
    PayloadTraits t = s instanceof PayloadTraits ? (PayloadTraits) s : null;
    this.leafKind = t == null ? PayloadTraits.LEAF_OTHER : t.leafKind();
    this.emptyPayload = t != null && t.emptyPayload();
    this.usesDeclaredClasses = t != null && t.usesDeclaredClasses();
    this.flat = t != null && t.flat();
  }

  /** Applies {@link #writeReplace} to {@code value}; failures become a BrineException. */
  public Object replace(Object value) {
    return invokeHook(writeReplace, value);
  }

  /** Applies {@link #readResolve} to {@code value}; failures become a BrineException. */
  public Object resolve(Object value) {
    return invokeHook(readResolve, value);
  }

  private static Object invokeHook(Hook hook, Object target) {
    try {
      return hook.apply(target);
    } catch (RuntimeException e) {
      throw new BrineException("Java serialization hook of " + target.getClass().getName() + " failed: " + e, e);
    } catch (Error e) {
      throw e;
    } catch (Throwable t) {
      throw new BrineException("Java serialization hook of " + target.getClass().getName() + " failed: " + t, t);
    }
  }

  /** Whether the class is written by name rather than by a registered id. */
  public boolean byName() {
    return typeId == TypeIds.BY_NAME;
  }

  @Override
  public String toString() {
    return type.getName() + "#" + typeId;
  }
}
