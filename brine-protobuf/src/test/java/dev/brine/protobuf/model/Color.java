package dev.brine.protobuf.model;

/** An enum numbered by ordinal. */
public enum Color {
  RED, GREEN, BLUE
}
