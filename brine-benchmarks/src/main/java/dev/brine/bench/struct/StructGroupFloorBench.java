package dev.brine.bench.struct;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of Brine's compressed-number layout on the Struct of 100 primitives ({@link StructGroupFloor}), to be
 * run in the same JMH invocation as {@code StructBench} (same settings) so that its row sits next to Brine's and
 * Fory's: {@code deserialize_groupfloor} decodes the same encoding into a new {@link Struct}. (There is no serialize
 * row: the hand-written writer, {@link StructGroupFloor#write}, measured slower than Brine's generated one, so it
 * is no floor.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StructGroupFloorBench {
  private Struct value;
  private byte[] bytes;
  private final byte[] scratch = new byte[1024];

  /** Builds the value and its bytes; refuses to run when the floor's round trip is not exact. */
  @Setup
  public void setup() {
    value = Struct.create();
    if (!StructGroupFloor.roundTrips(value)) {
      throw new IllegalStateException("StructGroupFloor does not round-trip Struct.create()");
    }
    bytes = StructGroupFloor.write(value, scratch);
  }

  /**
   * Hand-written deserialize of the number-group layout.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_groupfloor() {
    return StructGroupFloor.read(bytes);
  }
}
