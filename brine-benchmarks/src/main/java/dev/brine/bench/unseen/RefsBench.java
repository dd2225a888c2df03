package dev.brine.bench.unseen;

import dev.brine.Brine;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of reference tracking ({@code Brine.builder().references(true)}, what brine-spark passes when
 * Spark's {@code spark.kryo.referenceTracking} is on): an {@link Order} with {@code lines} line objects,
 * written and read with tracking on and off.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RefsBench {
  /** Lines in the order (each one tracked object). */
  @Param({"6", "100"})
  public int lines;

  private Brine plain;
  private Brine tracking;
  private Order value;
  private byte[] plainBytes;
  private byte[] trackingBytes;

  /** Builds both instances and checks that each reads back what it wrote. */
  @Setup
  public void setup() {
    Class<?>[] classes = {Order.class, Order.Line.class, Order.Side.class};
    plain = Brine.builder().register(classes).build();
    tracking = Brine.builder().register(classes).references(true).build();
    value = Order.create(lines);
    plainBytes = plain.serialize(value);
    trackingBytes = tracking.serialize(value);
    if (!value.equals(plain.deserialize(plainBytes, Order.class))
        || !value.equals(tracking.deserialize(trackingBytes, Order.class))) {
      throw new IllegalStateException("round trip failed");
    }
  }

  /** @return the bytes, tracking off */
  @Benchmark
  public byte[] serialize_plain() {
    return plain.serialize(value);
  }

  /** @return the bytes, tracking on */
  @Benchmark
  public byte[] serialize_tracking() {
    return tracking.serialize(value);
  }

  /** @return the value, tracking off */
  @Benchmark
  public Object deserialize_plain() {
    return plain.deserialize(plainBytes, Order.class);
  }

  /** @return the value, tracking on */
  @Benchmark
  public Object deserialize_tracking() {
    return tracking.deserialize(trackingBytes, Order.class);
  }
}
