package dev.brine.bench.coldstart;

import dev.brine.Brine;
import dev.brine.bench.struct.Struct;
import dev.brine.bench.support.Libraries;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cold start: in a fresh JVM (one fork per sample, no warmup, one shot), how long until the first payload of a
 * never-seen 100-field class ({@link Struct}) exists.
 *
 * <ul>
 *   <li>{@code coldstart_<lib>}: build and configure the library, then serialize once (what an application pays
 *       on its first message);
 *   <li>{@code firstserialize_<lib>}: the library instance already exists (built in setup), only the first
 *       serialize of the new class is measured (class analysis and code generation).
 * </ul>
 *
 * <p>{@code foryasync} is Fory with {@code withAsyncCompilation(true)}, its documented setting for fast first calls
 * (interpreted until the generated serializer is ready); {@code fory} is the synchronous configuration used by
 * every throughput benchmark.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(5)
@Warmup(iterations = 0)
@Measurement(iterations = 1, batchSize = 1)
public class ColdStartBench {
  private Struct value;

  /** Creates the value only; no library class is touched before the shot. */
  @Setup(Level.Trial)
  public void setup() {
    value = Struct.create();
  }

  /** A Brine instance built before the shot, used only by {@link #firstserialize_brine}. */
  @State(Scope.Benchmark)
  public static class BrineInstance {
    /** The instance. */
    public Brine brine;

    /** Builds the instance. */
    @Setup(Level.Trial)
    public void setup() {
      brine = Libraries.brine(List.of(Struct.class));
    }
  }

  /** A Fory instance with async compilation, built before the shot; used by {@link #firstserialize_foryasync}. */
  @State(Scope.Benchmark)
  public static class ForyAsyncInstance {
    /** The instance. */
    public Fory fory;

    /** Builds the instance. */
    @Setup(Level.Trial)
    public void setup() {
      fory = Libraries.foryAsync(List.of(Struct.class));
    }
  }

  /** A Fory instance built before the shot, used only by {@link #firstserialize_fory}. */
  @State(Scope.Benchmark)
  public static class ForyInstance {
    /** The instance. */
    public Fory fory;

    /** Builds the instance. */
    @Setup(Level.Trial)
    public void setup() {
      fory = Libraries.fory(List.of(Struct.class));
    }
  }

  /**
   * Builds Brine and serializes the first struct.
   *
   * @return payload
   */
  @Benchmark
  public byte[] coldstart_brine() {
    return Libraries.brine(List.of(Struct.class)).serialize(value);
  }

  /**
   * Builds Fory and serializes the first struct.
   *
   * @return payload
   */
  @Benchmark
  public byte[] coldstart_fory() {
    return Libraries.fory(List.of(Struct.class)).serialize(value);
  }

  /**
   * First serialize with an existing Brine instance.
   *
   * @param s the prepared instance
   * @return payload
   */
  @Benchmark
  public byte[] firstserialize_brine(BrineInstance s) {
    return s.brine.serialize(value);
  }

  /**
   * First serialize with an existing Fory instance.
   *
   * @param s the prepared instance
   * @return payload
   */
  @Benchmark
  public byte[] firstserialize_fory(ForyInstance s) {
    return s.fory.serialize(value);
  }

  /**
   * Builds Fory with async compilation and serializes the first struct.
   *
   * @return payload
   */
  @Benchmark
  public byte[] coldstart_foryasync() {
    return Libraries.foryAsync(List.of(Struct.class)).serialize(value);
  }

  /**
   * First serialize with an existing async-compiling Fory instance.
   *
   * @param s the prepared instance
   * @return payload
   */
  @Benchmark
  public byte[] firstserialize_foryasync(ForyAsyncInstance s) {
    return s.fory.serialize(value);
  }
}
