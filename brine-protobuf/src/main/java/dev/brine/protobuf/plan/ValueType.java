package dev.brine.protobuf.plan;

/**
 * The type of one value of a field (the field's value, or one element or map key/value): its proto
 * kind and the Java class that holds it.
 */
public final class ValueType {
  /** The proto type. */
  public final ProtoKind kind;
  /** The Java class of the value: a primitive for primitive fields and array elements, else a reference class. */
  public final Class<?> java;
  /** For {@link ProtoKind#ENUM}: the enum. */
  public final EnumInfo enumInfo;
  /** For {@link ProtoKind#MESSAGE}: the message's plan. */
  public final MessagePlan message;

  ValueType(ProtoKind kind, Class<?> java, EnumInfo enumInfo, MessagePlan message) {
    this.kind = kind;
    this.java = java;
    this.enumInfo = enumInfo;
    this.message = message;
  }

  /** The same proto type held by another Java class (e.g. the box of a primitive). */
  ValueType withJava(Class<?> c) {
    return new ValueType(kind, c, enumInfo, message);
  }

  @Override
  public String toString() {
    return kind + "/" + java.getSimpleName();
  }
}
