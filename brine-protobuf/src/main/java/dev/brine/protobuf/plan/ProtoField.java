package dev.brine.protobuf.plan;

import dev.brine.plan.FieldModel;
import dev.brine.protobuf.wire.Wire;

/** One field of a message: its number, its shape (singular, optional, repeated, map) and value types. */
public final class ProtoField {
  /** How many values the field holds and how absence is written. */
  public enum Shape {
    /** A primitive or enum: proto3 implicit presence (the default value is not written). */
    SINGULAR,
    /** A nullable reference ({@code String}, a box, a message, {@code Optional}…): written unless null or empty. */
    OPTIONAL,
    /** A collection or array: {@code repeated}, packed for numbers, bools and enums. */
    REPEATED,
    /** A {@code Map}: {@code map<K, V>}. */
    MAP
  }

  /** The Java container of a field's values. */
  public enum Container {
    /** The field holds the value itself. */
    NONE,
    /** {@code java.util.Optional}. */
    OPTIONAL,
    /** {@code OptionalInt}. */
    OPTIONAL_INT,
    /** {@code OptionalLong}. */
    OPTIONAL_LONG,
    /** {@code OptionalDouble}. */
    OPTIONAL_DOUBLE,
    /** An array (primitive or not). */
    ARRAY,
    /** A collection (read back as {@link ProtoField#concrete}). */
    COLLECTION,
    /** A map (read back as {@link ProtoField#concrete}). */
    MAP
  }

  /** The field in the class model. */
  public final FieldModel model;
  /** The field number. */
  public final int number;
  /** The shape. */
  public final Shape shape;
  /** The Java container. */
  public final Container container;
  /** For collections and maps: the class to create when reading. */
  public final Class<?> concrete;
  /** The value's type (a repeated field's element, a map's value). */
  public final ValueType value;
  /** A map's key type, else null. */
  public final ValueType key;

  ProtoField(FieldModel model, Shape shape, Container container, Class<?> concrete, ValueType value, ValueType key) {
    this.model = model;
    this.number = model.id;
    this.shape = shape;
    this.container = container;
    this.concrete = concrete;
    this.value = value;
    this.key = key;
  }

  /** Whether the field is repeated and packed. */
  public boolean packed() {
    return shape == Shape.REPEATED && value.kind.packable();
  }

  /** The tag the field is written with (wire type LEN for packed, map and length-delimited values). */
  public int tag() {
    int wt = shape == Shape.MAP || packed() ? Wire.LEN : value.kind.wireType;
    return Wire.tag(number, wt);
  }

  /** The field's name. */
  public String name() {
    return model.name;
  }

  @Override
  public String toString() {
    return model + " " + shape + " " + (key != null ? key + "->" : "") + value;
  }
}
