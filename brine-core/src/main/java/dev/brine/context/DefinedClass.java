package dev.brine.context;

import dev.brine.registry.ClassInfo;

/**
 * A serializer of compatible mode's classes and enums (tags {@code COMPAT_OBJECT} 63 and {@code
 * COMPAT_ENUM} 60), whose type id alone does not name the class: each of their payloads starts with a
 * class definition reference that does. Where a class descriptor stands for values whose payloads do
 * not name the class themselves — the component of an array, the enum of an {@code EnumSet} or {@code
 * EnumMap} — the descriptor is followed by the definition reference ({@link
 * WriteSession#writeDefinedClass}, docs/format.md "Compatible mode"). The class's own serializer
 * writes it; the tag's reader reads it.
 */
public interface DefinedClass {
  /** Writes the definition reference of this serializer's class (after its type id). */
  void writeReference(WriteSession ctx);

  /**
   * Reads a definition reference (after the type id) and returns the class of an array of {@code
   * dims} dimensions of the class it names; when this side does not know that class, a class whose
   * payloads are skipped (read as null; refused at the top level).
   */
  ClassInfo readArrayClass(ReadSession ctx, int dims);

  /**
   * Reads an enum's definition reference (after the type id) and returns how the writer's ordinals
   * map to this side's constants; {@code topLevel}: the value is the payload's outermost one, refused
   * (not skipped) when this side does not know the enum.
   */
  EnumConstants readEnumClass(ReadSession ctx, boolean topLevel);

  /** An enum named by a definition reference: this side's class and the writer's ordinals mapped to its constants by name. */
  interface EnumConstants {
    /** This side's enum class, or null when this side does not know the enum (its values are skipped). */
    Class<?> type();

    /** This side's info of the enum (for the keys of an {@code EnumMap}); null when {@link #type()} is. */
    ClassInfo info();

    /**
     * The local constant of the writer's ordinal {@code ordinal}, read at offset {@code at}; null for a
     * constant this side does not have when {@code unknownEnumAsNull(true)} (else a {@code
     * BrineException}), and when the enum is unknown here.
     *
     * @throws dev.brine.MalformedInputException for an ordinal the writer's enum did not have
     */
    Object constant(int ordinal, int at);
  }
}
