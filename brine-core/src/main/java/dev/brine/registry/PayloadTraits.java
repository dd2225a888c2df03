package dev.brine.registry;

/**
 * What a serializer tells the read and write paths about its payloads, read once into the {@link
 * ClassInfo} when the serializer is registered, so the hot path tests a field instead of the
 * serializer's class. Brine's own serializers implement it; a user's serializer need not (it then
 * has the defaults).
 */
public interface PayloadTraits {
  /** {@link #leafKind()}: none of the kinds below; the serializer is called. */
  int LEAF_OTHER = 0;
  /** {@link #leafKind()}: a String written with {@code writeString}. */
  int LEAF_STRING = 1;
  /** {@link #leafKind()}: an Integer written with {@code writeVarInt32}. */
  int LEAF_INT32 = 2;
  /** {@link #leafKind()}: a Long written with {@code writeVarInt64}. */
  int LEAF_INT64 = 3;
  /** {@link #leafKind()}: an Integer written with {@code writeInt32} (numbers not compressed). */
  int LEAF_FIXED_INT32 = 4;
  /** {@link #leafKind()}: a Long written with {@code writeInt64} (numbers not compressed). */
  int LEAF_FIXED_INT64 = 5;
  /** {@link #leafKind()}: an enum constant written as its ordinal (Brine's enum serializer). */
  int LEAF_ENUM = 6;

  /** How a leaf value of this class is written, so the common ones are written inline; {@link #LEAF_OTHER} by default. */
  default int leafKind() {
    return LEAF_OTHER;
  }

  /**
   * Whether every value is written as an empty payload (a class without serialized fields). A
   * collection gives such elements a slot byte, so each takes at least one byte, as the reader's size
   * check expects.
   */
  default boolean emptyPayload() {
    return false;
  }

  /** Whether the serializer uses the declared element, key and value classes of a generic field. */
  default boolean usesDeclaredClasses() {
    return false;
  }

  /**
   * Whether the payload of a value is its number group and fixed block, then at most slots of final
   * flat classes, and the serializer can write it into a caller's array without a session ({@code
   * dev.brine.plan.FlatWriter}, which answers true): a payload of such a value at the top is written
   * without a session (in compatible mode after the class's opening: {@code dev.brine.context.Roots#flatOpening}).
   */
  default boolean flat() {
    return false;
  }
}
