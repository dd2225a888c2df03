package dev.brine.protobuf.model;

import dev.brine.protobuf.ProtoEnumValue;

/** An enum with explicit numbers (and a zero that is not the first constant). */
public enum Status {
  @ProtoEnumValue(5) ACTIVE,
  @ProtoEnumValue(0) UNKNOWN,
  @ProtoEnumValue(-3) RETIRED
}
