package dev.brine.bench.largermessage;

import java.io.Serializable;
import java.util.Objects;

/** Seed 004's LargerMessage: three {@link SimpleMessage}s, three doubles and ten longs. */
public final class LargerMessage implements Serializable {
  private static final long serialVersionUID = 1L;

  /** First message. */
  public SimpleMessage first;
  /** Second message. */
  public SimpleMessage second;
  /** Third message. */
  public SimpleMessage third;
  /** Double 1. */
  public double d1;
  /** Double 2. */
  public double d2;
  /** Double 3. */
  public double d3;
  /** Long 0. */
  public long l0;
  /** Long 1. */
  public long l1;
  /** Long 2. */
  public long l2;
  /** Long 3. */
  public long l3;
  /** Long 4. */
  public long l4;
  /** Long 5. */
  public long l5;
  /** Long 6. */
  public long l6;
  /** Long 7. */
  public long l7;
  /** Long 8. */
  public long l8;
  /** Long 9. */
  public long l9;

  /** For deserializers. */
  public LargerMessage() {
  }

  /**
   * The benchmark instance.
   *
   * @return a populated message
   */
  public static LargerMessage create() {
    LargerMessage m = new LargerMessage();
    m.first = new SimpleMessage(1, "hello");
    m.second = new SimpleMessage(-2_000, "a somewhat longer message");
    m.third = new SimpleMessage(300_000_000, "third");
    m.d1 = 1.5;
    m.d2 = Math.PI;
    m.d3 = -1e300;
    m.l0 = 0;
    m.l1 = 1;
    m.l2 = -1;
    m.l3 = 127;
    m.l4 = 128;
    m.l5 = 1L << 20;
    m.l6 = -(1L << 33);
    m.l7 = 1_739_145_600_000L;
    m.l8 = Long.MAX_VALUE;
    m.l9 = Long.MIN_VALUE;
    return m;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LargerMessage)) {
      return false;
    }
    LargerMessage m = (LargerMessage) o;
    return Objects.equals(first, m.first) && Objects.equals(second, m.second) && Objects.equals(third, m.third)
        && Double.compare(d1, m.d1) == 0 && Double.compare(d2, m.d2) == 0 && Double.compare(d3, m.d3) == 0
        && l0 == m.l0 && l1 == m.l1 && l2 == m.l2 && l3 == m.l3 && l4 == m.l4 && l5 == m.l5 && l6 == m.l6
        && l7 == m.l7 && l8 == m.l8 && l9 == m.l9;
  }

  @Override
  public int hashCode() {
    return Objects.hash(first, second, third, d1, d2, d3, l0, l1, l2, l3, l4, l5, l6, l7, l8, l9);
  }

  @Override
  public String toString() {
    return "LargerMessage{" + first + ", " + second + ", " + third + ", " + d1 + ", " + d2 + ", " + d3 + ", [" + l0
        + ", " + l1 + ", " + l2 + ", " + l3 + ", " + l4 + ", " + l5 + ", " + l6 + ", " + l7 + ", " + l8 + ", " + l9
        + "]}";
  }
}
