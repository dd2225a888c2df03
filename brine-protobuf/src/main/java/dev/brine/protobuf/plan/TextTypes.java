package dev.brine.protobuf.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
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
 * JDK value classes protobuf has no standard message for, written as a proto {@code string} holding their
 * canonical text ({@link ProtoKind#TEXT}): the text {@code toString()} gives, which the class's own parser
 * reads back exactly (a {@code BigDecimal} keeps its scale, a {@code ZonedDateTime} its zone). The same
 * text JSON uses, and what a hand-written {@code .proto} declares for such values ({@code string uuid = 1;}).
 */
public final class TextTypes {
  private TextTypes() {}

  private static final Map<Class<?>, Function<String, Object>> PARSERS = Map.ofEntries(
      Map.entry(UUID.class, UUID::fromString),
      Map.entry(BigDecimal.class, BigDecimal::new),
      Map.entry(BigInteger.class, BigInteger::new),
      Map.entry(LocalDate.class, LocalDate::parse),
      Map.entry(LocalTime.class, LocalTime::parse),
      Map.entry(LocalDateTime.class, LocalDateTime::parse),
      Map.entry(OffsetDateTime.class, OffsetDateTime::parse),
      Map.entry(OffsetTime.class, OffsetTime::parse),
      Map.entry(ZonedDateTime.class, ZonedDateTime::parse),
      Map.entry(ZoneId.class, ZoneId::of),
      Map.entry(Period.class, Period::parse),
      Map.entry(URI.class, URI::create));

  /** The longest {@code BigInteger} or {@code BigDecimal} text read. */
  public static final int MAX_NUMBER_CHARS = 1000;

  /** Whether values of the declared class {@code c} are written as text. */
  public static boolean isText(Class<?> c) {
    return PARSERS.containsKey(c);
  }

  /**
   * The value of class {@code c} that {@code text} spells.
   *
   * @throws IllegalArgumentException (a {@code DateTimeException} or {@code NumberFormatException} among
   *     others) if it spells none
   */
  public static Object parse(Class<?> c, String text) {
    if ((c == BigInteger.class || c == BigDecimal.class) && text.length() > MAX_NUMBER_CHARS) {
      // as JSON and Jackson: BigInteger's parser takes time quadratic in the digits
      throw new IllegalArgumentException("a number of more than " + MAX_NUMBER_CHARS + " characters");
    }
    try {
      return PARSERS.get(c).apply(text);
    } catch (java.time.DateTimeException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
