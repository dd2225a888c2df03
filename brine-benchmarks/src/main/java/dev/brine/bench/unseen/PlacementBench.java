package dev.brine.bench.unseen;

import dev.brine.Brine;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The same {@link Trade} payload read from an array of exactly its size ({@code pad = 0}, as {@code
 * deserialize(byte[])} usually gets it) and from one with {@code pad} more bytes after it: the payload
 * ends with small objects of numbers, whose word-wide loads near the array's end take {@code
 * ByteReader.window}'s near-end path (docs/performance.md, journal steps 71 and 73).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class PlacementBench {
  /** Bytes after the payload in its array. */
  @Param({"0", "8"})
  public int pad;

  Brine brine;
  byte[] bytes;
  int length;

  /** Builds Brine and places the payload. */
  @Setup
  public void setup() {
    brine = Brine.builder().register(Trade.class, Trade.Price.class, Trade.Qty.class, Trade.Currency.class).build();
    byte[] payload = brine.serialize(Trade.create());
    length = payload.length;
    bytes = Arrays.copyOf(payload, length + pad);
  }

  /** @return the value read */
  @Benchmark
  public Object deserialize() {
    return brine.deserialize(bytes, 0, length);
  }
}
