package dev.brine.protobuf;

import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import dev.brine.protobuf.codec.Codecs;
import dev.brine.protobuf.codec.MessageCodec;
import dev.brine.protobuf.plan.Planner;
import dev.brine.protobuf.schema.SchemaPrinter;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.ProtoWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writes and reads plain Java records and POJOs in the protobuf wire format (proto3), without .proto
 * files or generated message classes: the classes are the schema. Field numbers come from {@link
 * dev.brine.Field @Field(id = n)}, else from the declaration order (1, 2, 3 …); docs/formats.md
 * has the full mapping. Bytes interoperate both ways with protobuf-java and other implementations
 * using the schema {@link #protoSchema} prints.
 *
 * <pre>{@code
 * record Line(String sku, int quantity, double price) {}
 * record Order(long id, String customer, List<Line> lines) {}
 *
 * ProtoMapper proto = ProtoMapper.builder().register(Order.class).build();
 * byte[] bytes = proto.toBytes(order);
 * Order back = proto.fromBytes(bytes, Order.class);
 * String schema = proto.protoSchema(Order.class);   // message Order { int64 id = 1; ... }
 * }</pre>
 *
 * <p>Every class is checked when the mapper is built: a field that cannot be mapped (a polymorphic
 * {@code Object} or interface field, a class that contains itself, a nested collection) is a {@link
 * BrineException} from {@link Builder#build()}, never at run time. The codec of each class is
 * generated with ASM as a hidden nestmate of the class (through brine-core's {@code Nestmates}), or
 * interpreted where that is impossible; both write the same bytes. Immutable and thread-safe.
 */
public final class ProtoMapper {
  private final Map<Class<?>, MessageCodec> codecs;
  private final int maxMessageBytes;
  private final ThreadLocal<ProtoWriter> writers = ThreadLocal.withInitial(() -> new ProtoWriter(256));
  private static final int KEEP_BUFFER = 1 << 20;

  private ProtoMapper(Builder b) {
    Planner planner = new Planner();
    Codecs c = new Codecs(b.codegen);
    for (Class<?> type : b.classes) {
      if (!type.isEnum()) { // an enum is a field's type (a proto enum), not a message: nothing to plan on its own
        c.codec(planner.plan(type));
      }
    }
    this.codecs = Map.copyOf(c.all());
    this.maxMessageBytes = b.maxMessageBytes;
  }

  /** A builder; register the classes to write and read. */
  public static Builder builder() {
    return new Builder();
  }

  private MessageCodec codec(Class<?> type) {
    MessageCodec c = codecs.get(type);
    if (c == null) {
      throw new ClassNotAllowedException("protobuf: " + type.getName() + " is not registered: "
          + "ProtoMapper.builder().register(" + type.getSimpleName() + ".class)");
    }
    return c;
  }

  /**
   * The message {@code value} as protobuf bytes (its fields in number order, as protobuf-java writes them).
   *
   * @throws ClassNotAllowedException if the value's class is neither registered nor contained in a registered class
   * @throws BrineException if a value cannot be written (a null element of a list, a null enum)
   */
  public byte[] toBytes(Object value) {
    Objects.requireNonNull(value, "value");
    MessageCodec c = codec(value.getClass());
    ProtoWriter w = writers.get();
    w.reset();
    try {
      c.write(w, value);
      return w.toByteArray();
    } finally {
      if (w.buf.length > KEEP_BUFFER) {
        writers.remove();
      }
    }
  }

  /**
   * Reads a message of class {@code type} from all of {@code bytes}. Unknown fields are skipped,
   * absent ones take proto3's defaults (0, false, empty collections; null for strings, bytes,
   * messages and boxes, which have presence).
   *
   * @throws MalformedInputException if the bytes are not a valid message of this class (with the offset)
   */
  public <T> T fromBytes(byte[] bytes, Class<T> type) {
    return fromBytes(bytes, 0, bytes.length, type);
  }

  /** Reads a message of class {@code type} from {@code bytes[offset, offset + length)}; see {@link #fromBytes(byte[], Class)}. */
  public <T> T fromBytes(byte[] bytes, int offset, int length, Class<T> type) {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    MessageCodec c = codec(type);
    try {
      return type.cast(c.read(new ProtoReader(bytes, offset, length)));
    } catch (BrineException e) {
      throw e;
    } catch (RuntimeException e) { // e.g. a record's constructor refusing a value
      throw new BrineException("protobuf: reading a " + type.getName() + " failed: " + e, e);
    }
  }

  /**
   * Writes {@code value} to {@code out} as a varint length and the message, the framing of
   * protobuf-java's {@code writeDelimitedTo}. Does not flush or close the stream.
   *
   * @throws BrineException as {@link #toBytes}, or wrapping the stream's IOException
   */
  public void writeDelimited(Object value, OutputStream out) {
    byte[] bytes = toBytes(value);
    byte[] prefix = new byte[5];
    int n = 0;
    int len = bytes.length;
    while ((len & ~0x7F) != 0) {
      prefix[n++] = (byte) (len | 0x80);
      len >>>= 7;
    }
    prefix[n++] = (byte) len;
    try {
      out.write(prefix, 0, n);
      out.write(bytes);
    } catch (IOException e) {
      throw new BrineException("protobuf: writing to the stream failed: " + e, e);
    }
  }

  /**
   * Reads one message written by {@link #writeDelimited} (or protobuf-java's {@code writeDelimitedTo}),
   * consuming exactly its bytes; returns null when the stream ends before the message starts, as
   * protobuf-java's {@code parseDelimitedFrom} does.
   *
   * @throws TruncatedInputException if the stream ends inside the message
   * @throws LimitExceededException if the length is over the builder's {@code maxMessageBytes}
   */
  public <T> T readDelimited(InputStream in, Class<T> type) {
    codec(type);
    try {
      int len = 0;
      for (int shift = 0; ; shift += 7) {
        int b = in.read();
        if (b < 0) {
          if (shift == 0) {
            return null;
          }
          throw new TruncatedInputException("protobuf: stream ends inside a length prefix");
        }
        if (shift == 28 && (b & 0xF0) != 0) {
          throw new MalformedInputException("protobuf: length prefix over 2^32");
        }
        len |= (b & 0x7F) << shift;
        if (b < 0x80) {
          break;
        }
      }
      if (len < 0 || len > maxMessageBytes) {
        throw new LimitExceededException("protobuf: message of " + (len & 0xFFFFFFFFL) + " bytes exceeds maxMessageBytes "
            + maxMessageBytes);
      }
      byte[] bytes = in.readNBytes(len); // reads in chunks: a false length cannot allocate more than arrives
      if (bytes.length < len) {
        throw new TruncatedInputException("protobuf: stream ends after " + bytes.length + " of the message's " + len + " bytes");
      }
      return fromBytes(bytes, type);
    } catch (IOException e) {
      throw new BrineException("protobuf: reading from the stream failed: " + e, e);
    }
  }

  /**
   * The proto3 schema ({@code .proto} file text) that describes {@code types} and every class and
   * enum they contain, in the package of the first class; protoc compiles it to classes that read
   * and write the same bytes as this mapper.
   *
   * @throws BrineException if a class cannot be mapped
   */
  public String protoSchema(Class<?>... types) {
    if (types.length == 0) {
      throw new BrineException("protobuf: protoSchema needs at least one class");
    }
    Planner planner = new Planner();
    for (Class<?> t : types) {
      planner.plan(t);
    }
    return SchemaPrinter.print(types[0].getPackageName(), List.of(types), planner.plans(), planner.enums());
  }

  /** How {@code type} is written: "generated" or "interpreted", and its fields; for diagnostics. */
  public String explain(Class<?> type) {
    MessageCodec c = codec(type);
    return type.getName() + ": " + (c.getClass().isHidden() ? "generated" : "interpreted");
  }

  /** Configures a {@link ProtoMapper}. Not thread-safe; build once and share the mapper. */
  public static final class Builder {
    private final Set<Class<?>> classes = new LinkedHashSet<>();
    private boolean codegen = true;
    private int maxMessageBytes = 64 << 20;

    private Builder() {
    }

    /**
     * Allows the classes (and every class and enum they contain) to be written and read as messages. Enums may
     * be listed too (the same list as {@code Brine.builder().register}, which needs them); they are not messages.
     */
    public Builder register(Class<?>... types) {
      classes.addAll(Arrays.asList(types));
      return this;
    }

    /** Default {@code true}: generate code; {@code false} interprets (same bytes, slower). */
    public Builder codegen(boolean on) {
      this.codegen = on;
      return this;
    }

    /** The largest message {@link #readDelimited} accepts; default 64 MiB. */
    public Builder maxMessageBytes(int bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("maxMessageBytes must be positive");
      }
      this.maxMessageBytes = bytes;
      return this;
    }

    /**
     * Plans every class and generates its codec.
     *
     * @throws BrineException naming the class and field that cannot be mapped
     */
    public ProtoMapper build() {
      return new ProtoMapper(this);
    }
  }

}
