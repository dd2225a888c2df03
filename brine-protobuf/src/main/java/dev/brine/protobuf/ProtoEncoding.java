package dev.brine.protobuf;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Chooses the protobuf integer type of an {@code int} or {@code long} field, record component, or
 * of the elements (map: values) of an {@code int[]}, {@code List<Long>}, … field:
 *
 * <pre>{@code
 * record Reading(@ProtoEncoding(ProtoScalar.SINT32) int delta, @ProtoEncoding(ProtoScalar.FIXED64) long id) {}
 * }</pre>
 *
 * A 32-bit encoding on a {@code long} (or the reverse) is refused when the mapper is built.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface ProtoEncoding {
  /** The encoding. */
  ProtoScalar value();
}
