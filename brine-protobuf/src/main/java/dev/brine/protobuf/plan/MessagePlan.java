package dev.brine.protobuf.plan;

import dev.brine.plan.ClassModel;
import java.util.List;

/** A class as a protobuf message: its fields in number order (the order they are written). */
public final class MessagePlan {
  /** The class. */
  public final Class<?> type;
  /** The class's format-neutral description. */
  public final ClassModel model;
  /** The fields in ascending number order. */
  public List<ProtoField> fields;

  MessagePlan(Class<?> type, ClassModel model) {
    this.type = type;
    this.model = model;
  }

  @Override
  public String toString() {
    return type.getSimpleName() + fields;
  }
}
