package dev.brine.spark;

import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/** ClassTag helpers for calling Spark's Scala API from Java tests. */
final class Tags {
  private Tags() {}

  /** The AnyRef class tag, as Spark's Java API uses. */
  static <T> ClassTag<T> any() {
    return BrineSerializerInstance.cast(ClassTag$.MODULE$.AnyRef());
  }
}
