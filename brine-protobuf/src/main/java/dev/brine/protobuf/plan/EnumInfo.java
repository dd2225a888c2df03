package dev.brine.protobuf.plan;

import dev.brine.BrineException;
import dev.brine.protobuf.ProtoEnumValue;
import java.util.HashMap;
import java.util.Map;

/** A Java enum as a proto3 enum: each constant's number (its ordinal, or its {@link ProtoEnumValue}). */
public final class EnumInfo {
  /** The enum class. */
  public final Class<?> type;
  /** The constants in ordinal order. */
  public final Enum<?>[] constants;
  /** Each constant's number, by ordinal. */
  public final int[] numbers;
  /** Whether every number is its ordinal (then no lookup is needed). */
  public final boolean ordinals;
  private final Map<Integer, Enum<?>> byNumber = new HashMap<>();
  /** The constant numbered 0 (proto3's default). */
  public final Enum<?> zero;

  EnumInfo(Class<?> type) {
    this.type = type;
    this.constants = (Enum<?>[]) type.getEnumConstants();
    if (constants.length == 0) {
      throw new BrineException("enum " + type.getName() + " has no constants: proto3 enums need one numbered 0");
    }
    numbers = new int[constants.length];
    int annotated = 0;
    for (Enum<?> c : constants) {
      ProtoEnumValue v;
      try {
        v = type.getField(c.name()).getAnnotation(ProtoEnumValue.class);
      } catch (NoSuchFieldException e) {
        throw new BrineException("enum " + type.getName() + ": no field for constant " + c.name(), e);
      }
      numbers[c.ordinal()] = v != null ? v.value() : c.ordinal();
      annotated += v != null ? 1 : 0;
    }
    if (annotated != 0 && annotated != constants.length) {
      throw new BrineException("enum " + type.getName() + ": " + annotated + " of " + constants.length
          + " constants have @ProtoEnumValue; number all of them or none");
    }
    boolean ord = true;
    for (Enum<?> c : constants) {
      Enum<?> other = byNumber.putIfAbsent(numbers[c.ordinal()], c);
      if (other != null) {
        throw new BrineException("enum " + type.getName() + ": " + other.name() + " and " + c.name()
            + " have the same number " + numbers[c.ordinal()]);
      }
      ord &= numbers[c.ordinal()] == c.ordinal();
    }
    zero = byNumber.get(0);
    if (zero == null) {
      throw new BrineException("enum " + type.getName() + ": no constant is numbered 0, which proto3 needs as the default");
    }
    ordinals = ord;
  }

  /** The constant with number {@code n}, or null. */
  public Enum<?> forNumber(int n) {
    if (ordinals) {
      return n >= 0 && n < constants.length ? constants[n] : null;
    }
    return byNumber.get(n);
  }
}
