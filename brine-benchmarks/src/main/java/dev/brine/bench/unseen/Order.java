package dev.brine.bench.unseen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** An order with a list of small line objects (numbers, a box and an enum each). */
public class Order implements java.io.Serializable {
  /** The side of a line. */
  public enum Side { BUY, SELL }

  /** One line of an order. */
  public static final class Line implements java.io.Serializable {
    public long sku;
    public int quantity;
    public Integer discountBp;
    public Side side;

    public Line() {}

    Line(long sku, int quantity, Integer discountBp, Side side) {
      this.sku = sku;
      this.quantity = quantity;
      this.discountBp = discountBp;
      this.side = side;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Line l && sku == l.sku && quantity == l.quantity && Objects.equals(discountBp, l.discountBp)
          && side == l.side;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(sku);
    }
  }

  public long orderId;
  public long customerId;
  public int lineCount;
  public List<Line> lines;

  /** @return the benchmark's value: six lines */
  public static Order create() {
    return create(6);
  }

  /**
   * @param lines the number of line objects
   * @return an order with that many lines
   */
  public static Order create(int lines) {
    Order o = new Order();
    o.orderId = 70_000_001L;
    o.customerId = 5_123_456L;
    o.lines = new ArrayList<>();
    for (int i = 0; i < lines; i++) {
      o.lines.add(new Line(880_000L + i * 13, 1 + i, i % 3 == 0 ? null : 25 * i, i % 2 == 0 ? Side.BUY : Side.SELL));
    }
    o.lineCount = o.lines.size();
    return o;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Order x && orderId == x.orderId && customerId == x.customerId && lineCount == x.lineCount
        && Objects.equals(lines, x.lines);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(orderId);
  }
}
