package dev.brine.registry;

import dev.brine.serializer.Serializer;
import java.lang.invoke.MethodHandle;

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
  /** The class's Java-serialization {@code writeReplace()} as {@code (Object)Object}, or null. */
  public MethodHandle writeReplace;
  /** The class's Java-serialization {@code readResolve()} as {@code (Object)Object}, or null. */
  public MethodHandle readResolve;

  /** Creates the info; see the field docs. */
  @SuppressWarnings("unchecked")
  ClassInfo(Class<?> type, int typeId, Serializer<?> serializer, boolean tracked, boolean composite) {
    this.type = type;
    this.typeId = typeId;
    this.serializer = (Serializer<Object>) serializer;
    this.tracked = tracked;
    this.composite = composite;
  }

  @SuppressWarnings("unchecked")
  void serializer(Serializer<?> s) {
    this.serializer = (Serializer<Object>) s;
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
