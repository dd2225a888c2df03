package dev.brine.protobuf;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The protobuf number of an enum constant. Without it, constants are numbered by ordinal (0, 1, 2
 * …). When one constant of an enum has it, all must; the numbers must be distinct and one must be 0
 * (proto3's default value), or the mapper is not built.
 *
 * <pre>{@code
 * enum Status { @ProtoEnumValue(0) UNKNOWN, @ProtoEnumValue(5) ACTIVE, @ProtoEnumValue(9) CLOSED }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface ProtoEnumValue {
  /** The number. */
  int value();
}
