package dev.brine.plan;

/**
 * How a field of an object's number group is coded (format v2, docs/format.md "Objects"). Every
 * field of the group has a 4-bit code, the number of bytes its value takes; {@code 0} is null for
 * the nullable kinds. Compressed kinds hold the value's two's complement in as few little-endian
 * bytes as sign-extension allows; fixed kinds always take their full width.
 */
public enum GroupKind {
  /** {@code int}: 1–4 bytes, sign-extended. */
  INT(1, 4, 4, false, false),
  /** {@code long}: 1–8 bytes, sign-extended. */
  LONG(1, 8, 8, false, false),
  /** {@code Integer}: null, or 1–4 bytes sign-extended. */
  BOXED_INT(0, 4, 4, true, false),
  /** {@code Long}: null, or 1–8 bytes sign-extended. */
  BOXED_LONG(0, 8, 8, true, false),
  /** An enum: null, or the ordinal in 1–4 bytes (sign-extended, so never negative when valid). */
  ENUM(0, 4, 4, true, false),
  /** {@code Integer} with {@code compressNumbers(false)}: null, or 4 bytes. */
  FIXED_BOXED_INT(0, 4, 4, true, true),
  /** {@code Long} with {@code compressNumbers(false)}: null, or 8 bytes. */
  FIXED_BOXED_LONG(0, 8, 8, true, true),
  /** {@code Boolean}: null, or 1 byte 0/1. */
  BOXED_BOOLEAN(0, 1, 1, true, true),
  /** {@code Byte}: null, or 1 byte. */
  BOXED_BYTE(0, 1, 1, true, true),
  /** {@code Short}: null, or 2 bytes. */
  BOXED_SHORT(0, 2, 2, true, true),
  /** {@code Character}: null, or 2 bytes (unsigned). */
  BOXED_CHAR(0, 2, 2, true, true),
  /** {@code Float}: null, or the 4 raw bytes. */
  BOXED_FLOAT(0, 4, 4, true, true),
  /** {@code Double}: null, or the 8 raw bytes. */
  BOXED_DOUBLE(0, 8, 8, true, true);

  /** The smallest valid code (0 when null is allowed). */
  public final int minCode;
  /** The largest valid code: the value's largest size in bytes. */
  public final int maxCode;
  /** Bytes a reader loads (and a writer stores) for the value, whatever its code: 4 or 8, or the fixed width. */
  public final int width;
  /** Whether the field may be null (code 0). */
  public final boolean nullable;
  /** Whether a present value always takes {@link #maxCode} bytes (the only valid codes are 0 and that). */
  public final boolean fixed;

  GroupKind(int minCode, int maxCode, int width, boolean nullable, boolean fixed) {
    this.minCode = minCode;
    this.maxCode = maxCode;
    this.width = width;
    this.nullable = nullable;
    this.fixed = fixed;
  }

  /** Whether {@code code} is valid for this kind. */
  public boolean valid(int code) {
    return fixed ? code == 0 || code == maxCode : code >= minCode && code <= maxCode;
  }
}
