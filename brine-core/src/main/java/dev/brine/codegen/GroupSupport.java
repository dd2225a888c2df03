package dev.brine.codegen;

import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.GroupKind;
import dev.brine.plan.Layout;

/**
 * The failure paths of generated number-group and fixed-block readers: out of line, so the code the
 * JIT compiles for valid input stays small. Public because the generated classes (hidden nestmates of
 * the users' classes) call it.
 */
public final class GroupSupport {
  private GroupSupport() {}

  /**
   * The exception for control codes out of range among group fields {@code first} and after: it
   * names the first bad field, its code and the group's offset (or, when the control bytes run past the
   * input, says it is truncated).
   */
  public static MalformedInputException controlError(ReadSession rs, byte[] b, int c0, Layout layout, int first) {
    // a flat field's group read in its parent's window may start where the input has ended
    if ((long) rs.offsetOf(rs.windowIndex(c0)) + layout.controlBytes > (long) rs.position() + rs.remaining()) {
      return rs.truncated("number group (" + layout.controlBytes + " control bytes)", rs.windowIndex(c0));
    }
    int end = layout.group.size();
    for (int i = first; i < end; i++) {
      int code = (b[c0 + (i >> 1)] >> ((i & 1) << 2)) & 15;
      GroupKind kind = layout.groupKinds.get(i);
      if (!kind.valid(code)) {
        return new MalformedInputException("invalid length code " + code + " for field " + name(layout.group.get(i))
            + " (" + kind + ") in the number group at offset " + rs.offsetOf(rs.windowIndex(c0)));
      }
    }
    return new MalformedInputException("invalid length codes in the number group at offset "
        + rs.offsetOf(rs.windowIndex(c0)));
  }

  /** The exception for an enum ordinal out of range in group field {@code field} (or truncated input). */
  public static MalformedInputException ordinalError(ReadSession rs, byte[] b, int c0, Layout layout, int field,
      int ordinal) {
    FieldPlan f = layout.group.get(field);
    Class<?> type = f.field.getType();
    return rs.windowError(b, c0, layout.group.size(), layout.fixedBytes, "ordinal " + ordinal + " of field " + name(f)
        + " is not a constant of " + type.getName() + " (it has " + type.getEnumConstants().length + ")");
  }

  /** The exception for a boolean byte other than 0 and 1 in a group or fixed-block field (or truncated input). */
  public static MalformedInputException booleanError(ReadSession rs, byte[] b, int c0, Layout layout, String field,
      int value) {
    return rs.windowError(b, c0, layout.group.size(), layout.fixedBytes, "boolean byte " + value + " of field "
        + field + " is neither 0 nor 1");
  }

  static String name(FieldPlan f) {
    return f.field.getDeclaringClass().getSimpleName() + "." + f.field.getName();
  }

}
