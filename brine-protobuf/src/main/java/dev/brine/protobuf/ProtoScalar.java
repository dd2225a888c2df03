package dev.brine.protobuf;

/**
 * The integer encodings of protobuf, for {@link ProtoEncoding} on an {@code int} or {@code long}
 * field (or their boxes, arrays and collections). Without it an {@code int} is {@code int32} and a
 * {@code long} is {@code int64}.
 */
public enum ProtoScalar {
  /** Varint; negative numbers take ten bytes. For {@code int}. */
  INT32,
  /** Varint; negative numbers take ten bytes. For {@code long}. */
  INT64,
  /** Varint of the unsigned value. For {@code int}. */
  UINT32,
  /** Varint of the unsigned value. For {@code long}. */
  UINT64,
  /** Zig-zag varint: small negative numbers stay small. For {@code int}. */
  SINT32,
  /** Zig-zag varint. For {@code long}. */
  SINT64,
  /** Four bytes. For {@code int}. */
  FIXED32,
  /** Eight bytes. For {@code long}. */
  FIXED64,
  /** Four bytes, signed. For {@code int}. */
  SFIXED32,
  /** Eight bytes, signed. For {@code long}. */
  SFIXED64;

  /** Whether this encoding holds 64 bits (for {@code long}) rather than 32 (for {@code int}). */
  public boolean is64() {
    return this == INT64 || this == UINT64 || this == SINT64 || this == FIXED64 || this == SFIXED64;
  }
}
