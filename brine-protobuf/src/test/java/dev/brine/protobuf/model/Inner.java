package dev.brine.protobuf.model;

/** A nested message. */
public record Inner(int id, String label) {}
