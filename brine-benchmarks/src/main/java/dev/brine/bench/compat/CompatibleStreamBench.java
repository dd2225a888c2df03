package dev.brine.bench.compat;

import dev.brine.Brine;
import dev.brine.io.StringTable;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
import org.apache.fory.context.MetaReadContext;
import org.apache.fory.context.MetaWriteContext;
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
 * Compatible mode in a stream (issue #16: "once per stream for {@code serializeValue} streams and Spark's
 * streams"): one value after another written to one stream of bare values with a {@link StringTable}
 * ({@code Brine.serializeValue(value, out, table)}, what brine-spark writes) and read back in order, so each
 * class's definition is written and read once per stream, not per value. Brine's schema-consistent mode runs the
 * same stream (same string table); Fory's compatible mode keeps its meta-share contexts across calls (class
 * metadata once per stream). One operation is one value; a read stream of {@value #VALUES} values is started
 * again, with a new table or context, when it has been read to its end, so its definitions count once per
 * {@value #VALUES} values.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class CompatibleStreamBench {
  /** Values per read stream. */
  static final int VALUES = 1000;

  /** The workload. */
  @Param({"MediaContent", "SimpleObject", "LargerMessage", "Struct"})
  public String data;

  private Object value;
  private Brine brine;
  private Brine compat;
  private Fory fory;
  private final Sink sink = new Sink();
  private final StringTable brineTable = new StringTable(1024);
  private final StringTable compatTable = new StringTable(1024);
  private final MetaWriteContext foryWriteContext = new MetaWriteContext();
  private Reader brineReader;
  private Reader compatReader;
  private byte[][] foryStream;
  private int foryNext;
  private MetaReadContext foryReadContext;

  /** Builds the three serializers and the streams to read. */
  @Setup
  public void setup() {
    value = CompatWorkloads.value(data);
    List<Class<?>> classes = CompatWorkloads.classes(data);
    brine = Brine.builder().register(classes.toArray(new Class<?>[0])).build();
    compat = Brine.builder().compatible(true).register(classes.toArray(new Class<?>[0])).build();
    fory = CompatWorkloads.foryCompatible(classes, false);
    brineReader = new Reader(brine, stream(brine));
    compatReader = new Reader(compat, stream(compat));
    MetaWriteContext w = new MetaWriteContext();
    foryStream = new byte[VALUES][];
    for (int i = 0; i < VALUES; i++) {
      fory.setMetaWriteContext(w);
      foryStream[i] = fory.serialize(value);
    }
    byte[] expected = brine.serialize(value);
    for (int i = 0; i < 3; i++) { // the first value (with the definitions) and the next ones read back the same
      check("brine stream", expected, brine.serialize(brineReader.next()));
      check("brinecompat stream", expected, brine.serialize(compatReader.next()));
      check("forycompat stream", expected, brine.serialize(deserialize_forycompat()));
    }
  }

  private byte[] stream(Brine b) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    StringTable table = new StringTable(1024);
    for (int i = 0; i < VALUES; i++) {
      b.serializeValue(value, out, table);
    }
    return out.toByteArray();
  }

  private static void check(String what, byte[] expected, byte[] actual) {
    if (!Arrays.equals(expected, actual)) {
      throw new IllegalStateException(what + " does not round-trip");
    }
  }

  /** One read stream, started again at its end. */
  private static final class Reader {
    private final Brine brine;
    private final ByteBuffer in;
    private StringTable table = new StringTable(1024);

    Reader(Brine brine, byte[] stream) {
      this.brine = brine;
      this.in = ByteBuffer.wrap(stream);
    }

    Object next() {
      if (!in.hasRemaining()) {
        in.rewind();
        table = new StringTable(1024);
      }
      return brine.deserializeValue(in, table);
    }
  }

  /** An output stream that keeps the last bytes written in a ring of 1 MiB (no growth, no lock). */
  private static final class Sink extends OutputStream {
    private final byte[] buf = new byte[1 << 20];
    private int n;

    @Override
    public void write(int b) {
      if (n == buf.length) {
        n = 0;
      }
      buf[n++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (n + len > buf.length) {
        n = 0;
      }
      System.arraycopy(b, off, buf, n, len);
      n += len;
    }
  }

  /** Writes one more value to Brine's schema-consistent stream. */
  @Benchmark
  public void serialize_brine() {
    brine.serializeValue(value, sink, brineTable);
  }

  /** @return the next value of Brine's schema-consistent stream */
  @Benchmark
  public Object deserialize_brine() {
    return brineReader.next();
  }

  /** Writes one more value to Brine's compatible stream. */
  @Benchmark
  public void serialize_brinecompat() {
    compat.serializeValue(value, sink, compatTable);
  }

  /** @return the next value of Brine's compatible stream */
  @Benchmark
  public Object deserialize_brinecompat() {
    return compatReader.next();
  }

  /** @return one more payload of Fory's compatible stream (meta-share context kept across calls) */
  @Benchmark
  public byte[] serialize_forycompat() {
    fory.setMetaWriteContext(foryWriteContext);
    return fory.serialize(value);
  }

  /** @return the next value of Fory's compatible stream */
  @Benchmark
  public Object deserialize_forycompat() {
    if (foryNext == VALUES || foryReadContext == null) {
      foryNext = 0;
      foryReadContext = new MetaReadContext();
    }
    fory.setMetaReadContext(foryReadContext);
    return fory.deserialize(foryStream[foryNext++]);
  }
}
