package dev.brine.plan;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * JDK value classes that the text-bearing formats (brine-json's strings, brine-protobuf's {@code string}
 * fields) write as their canonical text, {@code toString()}, and the parser that reads each back exactly:
 * one table for both, so a value means the same in either format. Parsing is strict: a {@code UUID} must
 * be the canonical 36 characters (8-4-4-4-12 hex digits; {@code UUID.fromString} alone also takes
 * {@code "1-2-3-4-5"} and pads it, which would read a mangled value as another UUID).
 */
public final class TextValues {
  private TextValues() {}

  private static final Map<Class<?>, Function<String, Object>> PARSERS = Map.ofEntries(
      Map.entry(UUID.class, TextValues::uuid),
      Map.entry(Instant.class, Instant::parse),
      Map.entry(Duration.class, Duration::parse),
      Map.entry(LocalDate.class, LocalDate::parse),
      Map.entry(LocalTime.class, LocalTime::parse),
      Map.entry(LocalDateTime.class, LocalDateTime::parse),
      Map.entry(OffsetDateTime.class, OffsetDateTime::parse),
      Map.entry(OffsetTime.class, OffsetTime::parse),
      Map.entry(ZonedDateTime.class, ZonedDateTime::parse), // zone id kept: "…+01:00[Europe/Paris]"
      Map.entry(ZoneId.class, ZoneId::of),
      Map.entry(Period.class, Period::parse),
      Map.entry(URI.class, URI::create));

  /**
   * The parser of class {@code c}'s canonical text, or null when {@code c} is not one of these classes.
   * A parser throws an {@link IllegalArgumentException} or a {@link java.time.DateTimeException} for text
   * that spells no value.
   */
  public static Function<String, Object> parser(Class<?> c) {
    return PARSERS.get(c);
  }

  /** {@code s} as a UUID when it is the canonical form (either case), else an IllegalArgumentException. */
  public static UUID uuid(String s) {
    if (s.length() != 36) {
      throw new IllegalArgumentException("a UUID is 36 characters (8-4-4-4-12 hex digits), not " + s.length());
    }
    for (int i = 0; i < 36; i++) {
      char ch = s.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? ch != '-' : Character.digit(ch, 16) < 0 || ch > 'f') {
        throw new IllegalArgumentException("not a UUID (8-4-4-4-12 hex digits): character " + i + " is '" + ch + "'");
      }
    }
    return UUID.fromString(s);
  }
}
