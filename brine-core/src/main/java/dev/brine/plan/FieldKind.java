package dev.brine.plan;

/** How one field is written; see docs/format.md, "Objects". */
public enum FieldKind {
  /** 1 byte 0/1. */
  BOOLEAN,
  /** 1 byte. */
  BYTE,
  /** 2 bytes little-endian. */
  SHORT,
  /** 2 bytes little-endian. */
  CHAR,
  /** zig-zag varint. */
  INT,
  /** zig-zag varint. */
  LONG,
  /** 4 bytes raw bits. */
  FLOAT,
  /** 8 bytes raw bits. */
  DOUBLE,
  /** a nullable string (header 3 is null). */
  STRING,
  /** a final declared class: a slot byte (null / back-reference / value) and the payload, no type tag. */
  DECLARED,
  /** a collection or map: tagged like OBJECT, with element (key/value) classes from the generic declaration. */
  CONTAINER,
  /** anything else: a tagged value. */
  OBJECT;

  /** Whether the field holds a primitive. */
  public boolean primitive() {
    return ordinal() <= DOUBLE.ordinal();
  }
}
