package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/** An enum constant as the varuint32 of its ordinal; the reader checks it against the constants it has. */
public final class EnumSerializer<E extends Enum<E>> implements Serializer<E>, PayloadTraits {
  private final Class<E> type;
  private final E[] constants;

  /** Creates the serializer for {@code type}. */
  public EnumSerializer(Class<E> type) {
    this.type = type;
    this.constants = type.getEnumConstants();
  }

  @Override
  public int leafKind() {
    return LEAF_ENUM;
  }

  /** The constants, by ordinal (shared: callers must not change it); for generated code. */
  public E[] constants() {
    return constants;
  }

  @Override
  public void write(WriteContext ctx, E value) {
    ctx.writeVarUInt32(value.ordinal());
  }

  @Override
  public E read(ReadContext ctx) {
    int at = ctx.position();
    int ordinal = ctx.readVarUInt32();
    if (ordinal < 0 || ordinal >= constants.length) {
      throw new MalformedInputException("ordinal " + Integer.toUnsignedString(ordinal) + " at offset " + at
          + " is not a constant of " + type.getName() + " (it has " + constants.length + ")");
    }
    return constants[ordinal];
  }

  /** The constant with {@code ordinal}, checked. */
  E constant(int ordinal, int at) {
    if (ordinal < 0 || ordinal >= constants.length) {
      throw new MalformedInputException("ordinal " + ordinal + " at offset " + at + " is not a constant of " + type.getName());
    }
    return constants[ordinal];
  }
}
