package dev.brine.bench.unseen;

/**
 * A record of numbers and an enum.
 *
 * @param ts time stamp
 * @param price price
 * @param size size
 * @param side side
 * @param venue venue
 * @param seq sequence number
 */
public record Tick(long ts, double price, int size, byte side, Account.Status venue, long seq) implements java.io.Serializable {
  /** @return the benchmark's value */
  public static Tick create() {
    return new Tick(1_732_000_000_123_456L, 101.25, 300, (byte) 1, Account.Status.OPEN, 77_001L);
  }
}
