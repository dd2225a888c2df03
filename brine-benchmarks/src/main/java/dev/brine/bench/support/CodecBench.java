package dev.brine.bench.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brine.Brine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Base of every object-serialization benchmark: holds the workload value and each library, and provides the
 * {@code serialize_<library>} / {@code deserialize_<library>} benchmarks for the peers that need no per-workload
 * code (Brine, Fory, Kryo, JDK, Jackson). Subclasses add protobuf and hand-written benchmarks.
 *
 * <p>Every serialize benchmark returns a fresh exact-size {@code byte[]} (the common ground of all APIs); every
 * deserialize benchmark reads bytes prepared in setup and returns the object, so JMH consumes both.
 *
 * <p>{@code @Setup} prepares every library but verifies (deserialize(serialize(x)).equals(x)) only the library
 * whose benchmark runs in this fork, so one broken library cannot take its peers' results down. Failures while
 * preparing are remembered per library and rethrown by {@link #verify(String)}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class CodecBench {
  /** The workload object, created by {@link #createValue()}. */
  protected Object value;
  /** The workload object's class (top-level type for typed deserialize calls). */
  protected Class<Object> type;
  /** Brine, default configuration. */
  protected Brine brine;
  /** Apache Fory, fastest configuration. */
  protected Fory fory;
  /** Brine with {@code compressNumbers(false)}. */
  protected Brine brineFixed;
  /** Fory with {@code withNumberCompressed(false)}. */
  protected Fory foryFixed;
  /** Payload of {@link #brineFixed}. */
  protected byte[] brinefixedBytes;
  /** Payload of {@link #foryFixed}. */
  protected byte[] foryfixedBytes;
  /** Kryo with reused buffers. */
  protected KryoCodec kryo;
  /** Jackson databind. */
  protected ObjectMapper jackson;
  /** Brine payload. */
  protected byte[] brineBytes;
  /** Fory payload. */
  protected byte[] foryBytes;
  /** Kryo payload. */
  protected byte[] kryoBytes;
  /** JDK serialization payload. */
  protected byte[] jdkBytes;
  /** Jackson JSON payload. */
  protected byte[] jacksonBytes;

  private final Map<String, Codec> codecs = new LinkedHashMap<>();
  private final Map<String, byte[]> payloads = new LinkedHashMap<>();
  private final Map<String, Throwable> failures = new LinkedHashMap<>();
  private boolean prepared;
  private boolean all;

  /**
   * Creates the workload object from the subclass's {@code @Param} fields.
   *
   * @return a new, fully populated object
   */
  protected abstract Object createValue();

  /**
   * User classes registered with Brine and Fory (and Kryo), in registration order.
   *
   * @return the classes of the workload, top-level first
   */
  protected abstract List<Class<?>> userClasses();

  /**
   * JDK classes Kryo must additionally register (Kryo requires registration of every class it writes).
   *
   * @return for example {@code ArrayList.class}; default none
   */
  protected List<Class<?>> kryoExtraClasses() {
    return List.of();
  }

  /**
   * Creates the Jackson mapper; override to add modules the workload needs.
   *
   * @return the mapper
   */
  protected ObjectMapper createJackson() {
    return Libraries.jackson();
  }

  /**
   * Adds per-workload codecs (protobuf, hand-written) to the map, in report order.
   *
   * @param out library name to codec
   */
  protected void addCodecs(Map<String, Codec> out) {
  }

  /** Called after all payloads exist; subclasses copy their extra payloads into fields with {@link #payload}. */
  protected void payloadsReady() {
  }

  /**
   * JMH entry point: prepares the library under test (only it, so a fork does not pay for its peers' start-up)
   * and verifies its round trip.
   *
   * @param params JMH's parameters, used to find which library this fork measures (may be null outside JMH)
   */
  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    if (params == null) {
      prepare();
      return;
    }
    String library = libraryOf(params.getBenchmark());
    prepare(library);
    verify(library);
  }

  /** Creates the value, every library and every payload; see {@link #prepare(String)}. */
  public final void prepare() {
    prepare(null);
  }

  /**
   * Creates the value and the given library (or all when {@code only} is null) and its payload. A library that
   * fails is remembered, not thrown. Runs once per instance; later calls do nothing.
   *
   * @param only the one library to prepare, or null for all
   */
  @SuppressWarnings("unchecked")
  public final void prepare(String only) {
    if (prepared) {
      return;
    }
    prepared = true;
    all = only == null;
    value = createValue();
    type = (Class<Object>) value.getClass();
    List<Class<?>> user = userClasses();
    if (only == null || only.equals("brine")) {
      attempt("brine", () -> {
        brine = Libraries.brine(user);
        codecs.put("brine", Codec.of(v -> brine.serialize(v), b -> brine.deserialize(b, type)));
      });
    }
    if (only == null || only.equals("fory")) {
      attempt("fory", () -> {
        fory = Libraries.fory(user);
        codecs.put("fory", Codec.of(v -> fory.serialize(v), b -> fory.deserialize(b, type)));
      });
    }
    if (only == null || only.equals("brinefixed")) {
      attempt("brinefixed", () -> {
        brineFixed = Libraries.brineFixed(user);
        codecs.put("brinefixed", Codec.of(v -> brineFixed.serialize(v), b -> brineFixed.deserialize(b, type)));
      });
    }
    if (only == null || only.equals("foryfixed")) {
      attempt("foryfixed", () -> {
        foryFixed = Libraries.foryFixed(user);
        codecs.put("foryfixed", Codec.of(v -> foryFixed.serialize(v), b -> foryFixed.deserialize(b, type)));
      });
    }
    if (only == null || only.equals("kryo")) {
      attempt("kryo", () -> {
        List<Class<?>> classes = new ArrayList<>(user);
        classes.addAll(kryoExtraClasses());
        kryo = new KryoCodec(classes);
        codecs.put("kryo", Codec.of(v -> kryo.serialize(v), b -> kryo.deserialize(b, type)));
      });
    }
    codecs.put("jdk", Codec.of(JdkCodec::serialize, JdkCodec::deserialize));
    if (only == null || only.equals("jackson")) {
      attempt("jackson", () -> {
        jackson = createJackson();
        codecs.put("jackson", Codec.of(v -> jackson.writeValueAsBytes(v), b -> jackson.readValue(b, type)));
      });
    }
    addCodecs(codecs);
    addFormatCodecs(codecs, only);
    for (Map.Entry<String, Codec> e : codecs.entrySet()) {
      if (only == null || only.equals(e.getKey())) {
        attempt(e.getKey(), () -> payloads.put(e.getKey(), e.getValue().serialize(value)));
      }
    }
    brineBytes = payloads.get("brine");
    foryBytes = payloads.get("fory");
    kryoBytes = payloads.get("kryo");
    brinefixedBytes = payloads.get("brinefixed");
    foryfixedBytes = payloads.get("foryfixed");
    jdkBytes = payloads.get("jdk");
    jacksonBytes = payloads.get("jackson");
    payloadsReady();
    formatPayloadsReady();
  }

  /**
   * Adds the codecs of other formats (FormatBench: Brine's protobuf and JSON mappers and their peers).
   *
   * @param out library name to codec
   * @param only the one library to prepare, or null for all
   */
  protected void addFormatCodecs(Map<String, Codec> out, String only) {
  }

  /** Called after all payloads exist, for {@link #addFormatCodecs}'s payloads. */
  protected void formatPayloadsReady() {
  }

  private interface Step {
    void run() throws Exception;
  }

  private void attempt(String library, Step step) {
    if (failures.containsKey(library)) {
      return;
    }
    try {
      step.run();
    } catch (Exception | LinkageError | StackOverflowError | OutOfMemoryError e) {
      failures.put(library, e);
    }
  }

  /**
   * Libraries this workload has codecs for, in report order (including ones that failed).
   *
   * @return library names
   */
  public final List<String> libraries() {
    prepare();
    if (!all) {
      throw new IllegalStateException("libraries() needs an instance prepared for all libraries");
    }
    List<String> names = new ArrayList<>(codecs.keySet());
    for (String f : failures.keySet()) {
      if (!names.contains(f)) {
        names.add(f);
      }
    }
    return Collections.unmodifiableList(names);
  }

  /**
   * The payload a library produced in {@link #prepare()}.
   *
   * @param library library name
   * @return the bytes, or null if the library failed
   */
  public final byte[] payload(String library) {
    return payloads.get(library);
  }

  /**
   * Checks (after preparing all libraries, unless {@link #prepare(String)} already ran) that {@code library}
   * round-trips the workload to an equal object, twice (the second time through the
   * already-warm instance, as in the benchmark loop).
   *
   * @param library library name, as in the benchmark method suffix
   * @throws IllegalStateException if the library failed or produced an unequal object
   */
  public final void verify(String library) {
    prepare();
    Throwable failure = failures.get(library);
    if (failure != null) {
      throw new IllegalStateException(getClass().getSimpleName() + ": " + library + " failed: " + failure, failure);
    }
    Codec codec = codecs.get(library);
    if (codec == null) {
      return; // a benchmark of another kind (e.g. not a codec) in the same class
    }
    try {
      for (int i = 0; i < 2; i++) {
        byte[] bytes = codec.serialize(value);
        Object back = codec.deserialize(bytes);
        if (!Objects.equals(value, back)) {
          throw new IllegalStateException(getClass().getSimpleName() + ": " + library
              + " round trip differs:\n  expected " + value + "\n  actual   " + back);
        }
      }
    } catch (IllegalStateException e) {
      throw e;
    } catch (Exception | LinkageError | StackOverflowError e) {
      throw new IllegalStateException(getClass().getSimpleName() + ": " + library + " failed: " + e, e);
    }
  }

  /**
   * Extracts the library token from a benchmark name such as {@code a.b.Cls.serialize_brine}.
   *
   * @param benchmark full or short benchmark method name
   * @return the text after the last underscore of the method name
   */
  public static String libraryOf(String benchmark) {
    String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    return method.substring(method.lastIndexOf('_') + 1);
  }

  /**
   * Brine serialize.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_brine() {
    return brine.serialize(value);
  }

  /**
   * Brine deserialize (typed).
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_brine() {
    return brine.deserialize(brineBytes, type);
  }

  /**
   * Brine serialize, numbers fixed-width ({@code compressNumbers(false)}).
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_brinefixed() {
    return brineFixed.serialize(value);
  }

  /**
   * Brine deserialize, numbers fixed-width.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_brinefixed() {
    return brineFixed.deserialize(brinefixedBytes, type);
  }

  /**
   * Fory serialize, number compression off ({@code withNumberCompressed(false)}).
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_foryfixed() {
    return foryFixed.serialize(value);
  }

  /**
   * Fory deserialize, number compression off.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_foryfixed() {
    return foryFixed.deserialize(foryfixedBytes, type);
  }

  /**
   * Fory serialize.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_fory() {
    return fory.serialize(value);
  }

  /**
   * Fory deserialize (typed).
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_fory() {
    return fory.deserialize(foryBytes, type);
  }

  /**
   * Kryo serialize.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_kryo() {
    return kryo.serialize(value);
  }

  /**
   * Kryo deserialize.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_kryo() {
    return kryo.deserialize(kryoBytes, type);
  }

  /**
   * JDK serialize.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_jdk() {
    return JdkCodec.serialize(value);
  }

  /**
   * JDK deserialize.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_jdk() {
    return JdkCodec.deserialize(jdkBytes);
  }

  /**
   * Jackson serialize.
   *
   * @return payload
   * @throws Exception never in practice
   */
  @Benchmark
  public byte[] serialize_jackson() throws Exception {
    return jackson.writeValueAsBytes(value);
  }

  /**
   * Jackson deserialize.
   *
   * @return object
   * @throws Exception never in practice
   */
  @Benchmark
  public Object deserialize_jackson() throws Exception {
    return jackson.readValue(jacksonBytes, type);
  }
}
