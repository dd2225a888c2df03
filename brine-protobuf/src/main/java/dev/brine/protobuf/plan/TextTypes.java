package dev.brine.protobuf.plan;

import dev.brine.plan.TextValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.function.Function;

/**
 * JDK value classes protobuf has no standard message for, written as a proto {@code string} holding their
 * canonical text ({@link ProtoKind#TEXT}): the text {@code toString()} gives, which the class's own parser
 * reads back exactly (a {@code BigDecimal} keeps its scale, a {@code ZonedDateTime} its zone). The same
 * text JSON uses, and what a hand-written {@code .proto} declares for such values ({@code string uuid = 1;}).
 */
public final class TextTypes {
  private TextTypes() {}

  /** The number classes written as text here; the other classes are {@link TextValues}' (shared with JSON). */
  private static final Map<Class<?>, Function<String, Object>> NUMBERS = Map.of(
      BigDecimal.class, BigDecimal::new,
      BigInteger.class, BigInteger::new);

  /** The longest {@code BigInteger} or {@code BigDecimal} text read. */
  public static final int MAX_NUMBER_CHARS = 1000;

  /** Whether values of the declared class {@code c} are written as text. */
  public static boolean isText(Class<?> c) {
    // Instant and Duration are google.protobuf.Timestamp and Duration messages here (JSON writes them as text)
    return NUMBERS.containsKey(c) || (TextValues.parser(c) != null && c != java.time.Instant.class
        && c != java.time.Duration.class);
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
      Function<String, Object> p = NUMBERS.get(c);
      return (p != null ? p : TextValues.parser(c)).apply(text);
    } catch (java.time.DateTimeException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
