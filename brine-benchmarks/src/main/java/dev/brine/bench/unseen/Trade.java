package dev.brine.bench.unseen;

import java.util.Objects;

/** Nested small classes of numbers and enums: a trade with two prices and a quantity. */
public class Trade implements java.io.Serializable {
  /** A currency enum. */
  public enum Currency { USD, EUR, GBP, JPY, CHF }

  /** A decimal price. */
  public static final class Price implements java.io.Serializable {
    public long mantissa;
    public int scale;
    public Currency currency;

    public Price() {}

    Price(long mantissa, int scale, Currency currency) {
      this.mantissa = mantissa;
      this.scale = scale;
      this.currency = currency;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Price p && mantissa == p.mantissa && scale == p.scale && currency == p.currency;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(mantissa);
    }
  }

  /** A quantity. */
  public static final class Qty implements java.io.Serializable {
    public int lots;
    public boolean partial;

    public Qty() {}

    Qty(int lots, boolean partial) {
      this.lots = lots;
      this.partial = partial;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Qty q && lots == q.lots && partial == q.partial;
    }

    @Override
    public int hashCode() {
      return lots;
    }
  }

  public long id;
  public long timestamp;
  public Price bid;
  public Price ask;
  public Qty qty;
  public int venue;
  public Integer trader;

  /** @return the benchmark's value */
  public static Trade create() {
    Trade t = new Trade();
    t.id = 88_123_456L;
    t.timestamp = 1_732_000_000_123L;
    t.bid = new Price(1_084_25L, 5, Currency.EUR);
    t.ask = new Price(1_084_31L, 5, Currency.EUR);
    t.qty = new Qty(250, false);
    t.venue = 7;
    t.trader = 31_337;
    return t;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Trade t && id == t.id && timestamp == t.timestamp && Objects.equals(bid, t.bid)
        && Objects.equals(ask, t.ask) && Objects.equals(qty, t.qty) && venue == t.venue && Objects.equals(trader, t.trader);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id);
  }
}
