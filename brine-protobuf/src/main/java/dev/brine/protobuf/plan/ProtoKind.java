package dev.brine.protobuf.plan;

import dev.brine.protobuf.wire.Wire;

/** The protobuf type of one value. */
public enum ProtoKind {
  /** int32. */
  INT32("int32", Wire.VARINT),
  /** int64. */
  INT64("int64", Wire.VARINT),
  /** uint32. */
  UINT32("uint32", Wire.VARINT),
  /** uint64. */
  UINT64("uint64", Wire.VARINT),
  /** sint32 (zig-zag). */
  SINT32("sint32", Wire.VARINT),
  /** sint64 (zig-zag). */
  SINT64("sint64", Wire.VARINT),
  /** fixed32. */
  FIXED32("fixed32", Wire.I32),
  /** fixed64. */
  FIXED64("fixed64", Wire.I64),
  /** sfixed32. */
  SFIXED32("sfixed32", Wire.I32),
  /** sfixed64. */
  SFIXED64("sfixed64", Wire.I64),
  /** float. */
  FLOAT("float", Wire.I32),
  /** double. */
  DOUBLE("double", Wire.I64),
  /** bool. */
  BOOL("bool", Wire.VARINT),
  /** string (UTF-8). */
  STRING("string", Wire.LEN),
  /** bytes. */
  BYTES("bytes", Wire.LEN),
  /** an enum (a varint number). */
  ENUM(null, Wire.VARINT),
  /** a message of a user class. */
  MESSAGE(null, Wire.LEN),
  /** google.protobuf.Timestamp ({@code java.time.Instant}). */
  TIMESTAMP("google.protobuf.Timestamp", Wire.LEN),
  /** google.protobuf.Duration ({@code java.time.Duration}). */
  DURATION("google.protobuf.Duration", Wire.LEN),
  /** A JDK value written as its canonical text in a string ({@link TextTypes}: UUID, BigDecimal, LocalDate …). */
  TEXT("string", Wire.LEN);

  /** The name in a .proto file, or null for enums and messages (named after their class). */
  public final String protoName;
  /** The wire type of one value. */
  public final int wireType;

  ProtoKind(String protoName, int wireType) {
    this.protoName = protoName;
    this.wireType = wireType;
  }

  /** Whether repeated values of this kind are packed (numbers, bools and enums). */
  public boolean packable() {
    return wireType != Wire.LEN;
  }
}
