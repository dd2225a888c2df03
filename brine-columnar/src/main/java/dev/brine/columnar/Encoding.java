package dev.brine.columnar;

import dev.brine.MalformedInputException;

/**
 * How one column chunk of one block is laid out (the first byte of a chunk header).
 */
public enum Encoding {
  /** Signed little-endian integers of {@code width} 1, 2, 4 or 8 bytes. */
  INT(1),
  /** Signed little-endian integers of {@code width} bytes holding {@code value * 10^scale}. */
  DECIMAL(2),
  /** IEEE 754 binary64, 8 bytes little-endian. */
  FLOAT64(3),
  /** IEEE 754 binary32, 4 bytes little-endian. */
  FLOAT32(4),
  /** Unsigned ordinals of {@code width} 1, 2 or 4 bytes into a per-block UTF-8 dictionary. */
  DICTIONARY(5);

  private final int code;

  Encoding(int code) {
    this.code = code;
  }

  /**
   * The byte written for this encoding.
   *
   * @return the encoding code (1..5)
   */
  public int code() {
    return code;
  }

  static Encoding ofCode(int code, long offset) {
    for (Encoding e : values()) {
      if (e.code == code) {
        return e;
      }
    }
    throw new MalformedInputException("unknown column encoding " + code + " at offset " + offset);
  }
}
