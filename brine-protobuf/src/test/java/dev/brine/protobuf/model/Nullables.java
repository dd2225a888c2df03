package dev.brine.protobuf.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Everything with presence: strings, bytes, boxes, Optionals, messages, time. */
public record Nullables(
    String str, byte[] bytes, Integer boxedInt, Long boxedLong, Float boxedFloat, Double boxedDouble,
    Boolean boxedBool, Short boxedShort, Character boxedChar, Optional<String> maybe, OptionalInt maybeInt,
    OptionalLong maybeLong, OptionalDouble maybeDouble, Optional<Color> maybeColor, Optional<Inner> maybeInner,
    Inner inner, Instant at, Duration took) {}
