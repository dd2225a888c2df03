package dev.brine.protobuf.model;

import java.util.List;

/** A small realistic message: the golden-file sample. */
public record Order(long id, String customer, List<Line> lines, Inner note, Status status) {
  /** One line of an order. */
  public record Line(String sku, int quantity, double price) {}
}
