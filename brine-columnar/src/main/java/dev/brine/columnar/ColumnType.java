package dev.brine.columnar;

import dev.brine.MalformedInputException;

/**
 * The logical type of one column, as stored in the file schema (one byte each, see
 * {@code docs/format-columnar.md}).
 */
public enum ColumnType {
  /** {@code boolean}, stored as integers 0/1. */
  BOOLEAN(1),
  /** {@code byte}. */
  BYTE(2),
  /** {@code short}. */
  SHORT(3),
  /** {@code char}, stored as its unsigned 16-bit value. */
  CHAR(4),
  /** {@code int}. */
  INT(5),
  /** {@code long}. */
  LONG(6),
  /** {@code float}, stored as IEEE 754 binary32. */
  FLOAT(7),
  /** {@code double}: scaled decimal integers when exact, else IEEE 754 binary64. */
  DOUBLE(8),
  /** {@link String}, dictionary encoded (UTF-8), nullable. */
  STRING(9),
  /** An enum, dictionary encoded by constant name, nullable. */
  ENUM(10);

  private final int code;

  ColumnType(int code) {
    this.code = code;
  }

  /**
   * The byte written for this type in the schema.
   *
   * @return the type code (1..10)
   */
  public int code() {
    return code;
  }

  /**
   * Whether values of this type are integers stored with the INT encoding.
   *
   * @return true for BOOLEAN, BYTE, SHORT, CHAR, INT and LONG
   */
  public boolean isIntegral() {
    return code <= 6;
  }

  /**
   * Whether this type is dictionary encoded (and may hold nulls).
   *
   * @return true for STRING and ENUM
   */
  public boolean isDictionary() {
    return this == STRING || this == ENUM;
  }

  /**
   * Looks up a type by its code.
   *
   * @param code the byte read from a schema
   * @param offset the file offset of that byte, for the error message
   * @return the type
   * @throws MalformedInputException if the code is unknown
   */
  public static ColumnType ofCode(int code, long offset) {
    for (ColumnType t : values()) {
      if (t.code == code) {
        return t;
      }
    }
    throw new MalformedInputException("unknown column type code " + code + " at offset " + offset);
  }
}
