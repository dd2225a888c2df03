package dev.brine;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A stable number for a field or record component. Where a format identifies fields (Brine's
 * compatible mode, the protobuf wire format), a field with this annotation is identified by its
 * {@link #id()} instead of its name, so it can be renamed without breaking data written before.
 *
 * <pre>{@code
 * record Order(@Field(id = 1) long id, @Field(id = 2) String customer) {}
 * }</pre>
 *
 * <p>Ids are positive (1 to 536,870,911, protobuf's largest field number) and unique within a class
 * and its superclasses; a class that breaks this is refused with a {@link BrineException} when it is
 * first planned. On a record component the annotation also applies to the component's field.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Field {
  /** The field's stable number, 1 to 536,870,911. */
  int id();
}
