package dev.brine.bench.compat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;
import dev.brine.Brine;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
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
 * Compatible mode (issue #16) against Brine's own schema-consistent mode and Fory 1.6's compatible
 * mode with scoped meta-share (class metadata once per payload, as Brine's), on MediaContent,
 * SimpleObject, LargerMessage and Struct. Every payload is read by the same version of the classes
 * that wrote it, after the schema has been seen (the steady state of a service); the payload sizes,
 * with Kryo's CompatibleFieldSerializer's, are printed once per trial ({@code [compat-bytes]}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class CompatibleBench {
  /** The workload. */
  @Param({"MediaContent", "SimpleObject", "LargerMessage", "Struct"})
  public String data;

  private Object value;
  private Class<?> type;
  private Brine brine;
  private Brine compat;
  private Fory fory;
  private byte[] brineBytes;
  private byte[] compatBytes;
  private byte[] foryBytes;
  /** As many bytes as compatible mode's payload adds to the default one (its definitions, mostly). */
  private byte[] definitions;
  /** A copy of {@link #definitions}, what a reader compares them with. */
  private byte[] knownDefinitions;

  /** Builds the codecs, checks each round trip and prints the payload sizes. */
  @Setup
  public void setup() {
    value = CompatWorkloads.value(data);
    List<Class<?>> classes = CompatWorkloads.classes(data);
    type = value.getClass();
    brine = Brine.builder().register(classes.toArray(new Class<?>[0])).build();
    compat = Brine.builder().compatible(true).register(classes.toArray(new Class<?>[0])).build();
    fory = CompatWorkloads.foryCompatible(classes, true);
    brineBytes = brine.serialize(value);
    compatBytes = compat.serialize(value);
    foryBytes = fory.serialize(value);
    definitions = Arrays.copyOfRange(compatBytes, 1, 1 + Math.max(0, compatBytes.length - brineBytes.length));
    knownDefinitions = definitions.clone();
    check("brine", brineBytes, brine.serialize(brine.deserialize(brineBytes)));
    check("brinecompat", compatBytes, compat.serialize(compat.deserialize(compatBytes)));
    check("brinecompat vs brine", brineBytes, brine.serialize(compat.deserialize(compatBytes)));
    check("forycompat", brineBytes, brine.serialize(fory.deserialize(foryBytes)));
    System.out.println("[compat-bytes] " + data + " brine=" + brineBytes.length + " brinecompat=" + compatBytes.length
        + " brinecompat-ids=" + byIds(classes).serialize(value).length
        + " brinecompat-stream-steady=" + streamSteadyBytes(compat) + " brine-stream-steady=" + streamSteadyBytes(brine)
        + " forycompat=" + foryBytes.length + " forycompat-stream-steady=" + foryStreamSteadyBytes(classes)
        + " kryocompat=" + kryoCompatibleBytes(classes) + " protobuf=" + protobufBytes(classes));
  }

  /** Compatible mode with every class registered by an explicit id (definitions name ids instead of class names). */
  private static Brine byIds(List<Class<?>> classes) {
    Brine.Builder b = Brine.builder().compatible(true);
    for (int i = 0; i < classes.size(); i++) {
      b.register(i + 1, classes.get(i));
    }
    return b.build();
  }

  /** The bytes of the second of two values in one stream of bare values with a string table (definitions already sent). */
  private int streamSteadyBytes(Brine b) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dev.brine.io.StringTable table = new dev.brine.io.StringTable(1024);
    b.serializeValue(value, out, table);
    int first = out.size();
    b.serializeValue(value, out, table);
    return out.size() - first;
  }

  /** Fory compatible with meta-share kept across calls in one MetaContext (a stream): the second payload's bytes. */
  private int foryStreamSteadyBytes(List<Class<?>> classes) {
    Fory f = CompatWorkloads.foryCompatible(classes, false);
    org.apache.fory.context.MetaWriteContext ctx = new org.apache.fory.context.MetaWriteContext();
    f.setMetaWriteContext(ctx);
    f.serialize(value);
    f.setMetaWriteContext(ctx);
    return f.serialize(value).length;
  }

  /** Brine's protobuf mapper (proto3 wire format: no schema in the bytes). */
  private int protobufBytes(List<Class<?>> classes) {
    try {
      return dev.brine.bench.support.Libraries.proto(classes).toBytes(value).length;
    } catch (RuntimeException e) {
      return -1; // a workload the protobuf mapper does not take
    }
  }

  private static void check(String what, byte[] expected, byte[] actual) {
    if (!Arrays.equals(expected, actual)) {
      throw new IllegalStateException(what + " does not round-trip");
    }
  }

  /** The size of Kryo 5's CompatibleFieldSerializer payload (registered classes, no references). */
  private int kryoCompatibleBytes(List<Class<?>> classes) {
    Kryo kryo = new Kryo();
    kryo.setReferences(false);
    kryo.setRegistrationRequired(false);
    kryo.setDefaultSerializer(CompatibleFieldSerializer.class);
    classes.forEach(kryo::register);
    Output out = new Output(1024, -1);
    kryo.writeObject(out, value);
    return out.position();
  }

  /** @return payload */
  @Benchmark
  public byte[] serialize_brine() {
    return brine.serialize(value);
  }

  /** @return object */
  @Benchmark
  public Object deserialize_brine() {
    return brine.deserialize(brineBytes);
  }

  /** @return payload */
  @Benchmark
  public byte[] serialize_brinecompat() {
    return compat.serialize(value);
  }

  /** @return object */
  @Benchmark
  public Object deserialize_brinecompat() {
    return compat.deserialize(compatBytes);
  }

  /**
   * A design point for compatible mode's serialize, not a strict lower bound: the default mode's payload
   * and the bytes compatible mode adds (its class definitions, cached) copied into one exact-size array.
   * A compatible payload must carry those bytes; this writes them once more than a writer that built
   * the array itself would.
   *
   * @return the default payload after a copy of the definition bytes
   */
  @Benchmark
  public byte[] serialize_compatfloor() {
    byte[] p = brine.serialize(value);
    byte[] d = definitions;
    byte[] out = new byte[d.length + p.length];
    System.arraycopy(d, 0, out, 0, d.length);
    System.arraycopy(p, 0, out, d.length, p.length);
    return out;
  }

  /**
   * The deserialize side of {@link #serialize_compatfloor}: the default mode's read, and one comparison
   * of the definition bytes with the ones known from earlier payloads (what a reader does at least to
   * trust its cached mapping).
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_compatfloor() {
    byte[] d = definitions;
    if (!Arrays.equals(compatBytes, 1, 1 + d.length, knownDefinitions, 0, d.length)) {
      throw new IllegalStateException("definitions changed");
    }
    return brine.deserialize(brineBytes);
  }

  /** @return payload */
  @Benchmark
  public byte[] serialize_forycompat() {
    return fory.serialize(value);
  }

  /** @return object */
  @Benchmark
  public Object deserialize_forycompat() {
    return fory.deserialize(foryBytes);
  }
}
