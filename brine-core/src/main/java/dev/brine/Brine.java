package dev.brine;

import dev.brine.builtin.Builtins;
import dev.brine.context.ContextPool;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.io.StringTable;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import dev.brine.security.ClassFilter;
import dev.brine.serializer.Serializer;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Predicate;

/**
 * Serializes object graphs to bytes and back. Immutable, thread-safe and meant to be built once and
 * reused:
 *
 * <pre>{@code
 * Brine brine = Brine.builder().register(Order.class, Line.class).build();
 * byte[] bytes = brine.serialize(order);
 * Order back = brine.deserialize(bytes, Order.class);
 * }</pre>
 *
 * <p>A payload is one header byte ({@code 0xB2}, or {@code 0xB3} with reference tracking) followed by
 * one tagged value; see docs/format.md. Both sides must register the same classes in the same order
 * and agree on {@link Builder#references}. The defaults (registration required, no reference
 * tracking) are the fast path.
 *
 * <p>Every failure is a {@link BrineException}: malformed or truncated input ({@link
 * MalformedInputException}, naming the offset), a limit ({@link LimitExceededException}), or a class
 * that is not registered or is denied ({@link ClassNotAllowedException}).
 */
public final class Brine {
  static final int HEADER = 0xB2;
  static final int HEADER_REFS = 0xB3;

  private final TypeRegistry registry;
  private final boolean references;
  private final int header;
  private final int maxDepth;
  private final int maxLength;
  private final long maxStringBytes;
  private final long maxPayloadBytes;
  private final ContextPool<WriteSession> writers;
  private final ContextPool<ReadSession> readers;

  private Brine(Builder b) {
    this.references = b.references;
    this.header = references ? HEADER_REFS : HEADER;
    this.maxDepth = b.maxDepth;
    this.maxLength = b.maxLength;
    this.maxStringBytes = b.maxStringBytes;
    this.maxPayloadBytes = b.maxPayloadBytes;
    ClassLoader loader = b.classLoader != null ? b.classLoader : defaultLoader();
    this.registry = new TypeRegistry(b.requireRegistration, new ClassFilter(b.allow), loader);
    registry.factory(new DefaultSerializerFactory(b.codegen));
    Builtins.registerAll(registry);
    for (Map.Entry<Integer, Fixed> e : b.fixed.entrySet()) {
      Fixed f = e.getValue();
      registry.registerFixed(e.getKey(), f.type, f.serializer, f.tracked, f.composite);
    }
    int id = TypeIds.FIRST_USER;
    for (Registration r : b.registrations) {
      if (registry.known(r.type) && r.serializer == null) {
        continue; // built-ins and module types need no id
      }
      if (id >= TypeIds.FIRST_MODULE) {
        throw new BrineException("too many registered classes: at most " + (TypeIds.FIRST_MODULE - TypeIds.FIRST_USER));
      }
      registry.registerUser(id++, r.type, r.serializer);
    }
    registry.complete();
    this.writers = new ContextPool<>(() -> new WriteSession(registry, references, maxDepth, maxPayloadBytes));
    this.readers = new ContextPool<>(() -> new ReadSession(registry, references, maxDepth, maxLength, maxStringBytes));
  }

  private static ClassLoader defaultLoader() {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : Brine.class.getClassLoader();
  }

  /** A new builder, with the serializers of every {@link BrineModule} on the class path registered. */
  public static Builder builder() {
    Builder b = new Builder();
    for (BrineModule m : Modules.MODULES) {
      m.register(b);
    }
    return b;
  }

  /** Whether this instance tracks references (identity and cycles). */
  public boolean references() {
    return references;
  }

  /**
   * Describes how values of {@code type} are written, for diagnostics: the type id and the serializer
   * class ({@code ...$$BrineSerializer} for generated code), e.g. {@code "id 64, generated
   * (com.acme.Order$$BrineSerializer/0x...)"}.
   *
   * @throws ClassNotAllowedException if the class is not allowed
   */
  public String explain(Class<?> type) {
    dev.brine.registry.ClassInfo info = registry.forClass(type);
    String ser = info.serializer == null ? "none (abstract)" : info.serializer.getClass().getName();
    boolean generated = ser.contains("$$BrineSerializer");
    return "id " + info.typeId + ", " + (generated ? "generated" : "built-in or interpreted") + " (" + ser + ")";
  }

  // ---------------------------------------------------------------- serialize

  /**
   * Serializes {@code value} (which may be null) and everything reachable from it.
   *
   * @throws ClassNotAllowedException if a class is not registered while registration is required
   * @throws LimitExceededException if the graph is nested deeper than the depth limit (a cycle without
   *     reference tracking) or the payload exceeds the size limit
   */
  public byte[] serialize(Object value) {
    ContextPool.Slot<WriteSession> slot = writers.take();
    WriteSession ctx = slot.context;
    try {
      write(ctx, value);
      return ctx.toByteArray();
    } finally {
      done(slot);
    }
  }

  /**
   * Writes {@code value} to {@code out} as a varuint32 length followed by the bytes {@link
   * #serialize(Object)} returns, so values written one after another can be read back one by one
   * with {@link #deserialize(InputStream)}. Does not flush or close {@code out}.
   *
   * @throws BrineException as {@link #serialize(Object)}, or wrapping the stream's IOException
   */
  public void serialize(Object value, OutputStream out) {
    writeTo(out, value, true, null);
  }

  /** Writes a framed payload ({@code length:varuint32 header value}) or a bare value to a stream. */
  private void writeTo(OutputStream out, Object value, boolean framed, StringTable strings) {
    ContextPool.Slot<WriteSession> slot = writers.take();
    WriteSession ctx = slot.context;
    boolean written = false;
    try {
      ctx.reset();
      if (strings != null) {
        ctx.useStringTable(strings);
      }
      int at = 0;
      if (framed) {
        ctx.writeInt32(0); // room for the length prefix (up to 5 bytes), filled in below
        ctx.writeInt8(0);
        int start = ctx.position();
        ctx.writeInt8(header);
        ctx.writeObject(value);
        int len = ctx.position() - start;
        byte[] buf = ctx.array();
        at = start - WriteSession.sizeOfVarUInt32(len);
        int v = len;
        for (int i = at; i < start; i++) {
          buf[i] = (byte) (i == start - 1 ? v : (v & 0x7F) | 0x80);
          v >>>= 7;
        }
      } else {
        ctx.writeObject(value);
      }
      out.write(ctx.array(), at, ctx.position() - at);
      written = true;
    } catch (IOException e) {
      throw new BrineException("writing to the stream failed: " + e.getMessage(), e);
    } catch (StackOverflowError e) {
      throw stackOverflow();
    } finally {
      ctx.endStringTable(written);
      done(slot);
    }
  }

  private void write(WriteSession ctx, Object value) {
    ctx.reset();
    ctx.writeInt8(header);
    try {
      ctx.writeObject(value);
    } catch (StackOverflowError e) {
      throw stackOverflow();
    }
  }

  private void done(ContextPool.Slot<WriteSession> slot) {
    WriteSession ctx = slot.context;
    ctx.trim(1 << 20);
    writers.release(slot);
  }

  private LimitExceededException stackOverflow() {
    return new LimitExceededException("object graph nested too deep for this thread's stack; lower "
        + "Brine.Builder.maxDepth (now " + maxDepth + ") or enable references(true) for cycles");
  }

  // ---------------------------------------------------------------- deserialize

  /**
   * Reads one value from {@code bytes}, which must hold exactly one payload.
   *
   * @throws MalformedInputException if the bytes are truncated, malformed, or followed by more bytes
   * @throws ClassNotAllowedException if the payload names a class that is not allowed
   * @throws LimitExceededException if a length or the nesting depth exceeds a limit
   */
  public Object deserialize(byte[] bytes) {
    return deserialize(bytes, 0, bytes.length);
  }

  /** Reads one value from {@code bytes[offset, offset+length)}, which must hold exactly one payload. */
  public Object deserialize(byte[] bytes, int offset, int length) {
    if (length > maxPayloadBytes) {
      throw new LimitExceededException("payload of " + length + " bytes exceeds the limit of "
          + maxPayloadBytes + " bytes (Brine.Builder.maxPayloadBytes)");
    }
    ContextPool.Slot<ReadSession> slot = readers.take();
    ReadSession ctx = slot.context;
    try {
      ctx.wrap(bytes, offset, length);
      return read(ctx);
    } finally {
      ctx.release();
      readers.release(slot);
    }
  }

  /** Reads one value from the remaining bytes of {@code buffer} (its position is not changed). */
  public Object deserialize(ByteBuffer buffer) {
    if (buffer.hasArray() && !buffer.isReadOnly()) {
      return deserialize(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    }
    byte[] copy = new byte[buffer.remaining()];
    buffer.duplicate().get(copy);
    return deserialize(copy);
  }

  /**
   * Reads one value of the expected type.
   *
   * @throws BrineException if the payload holds a value of another type (never ClassCastException)
   */
  public <T> T deserialize(byte[] bytes, Class<T> type) {
    return cast(deserialize(bytes), type);
  }

  /**
   * Reads one value written by {@link #serialize(Object, OutputStream)}, consuming exactly its bytes.
   *
   * @throws MalformedInputException if the stream ends early or the value is malformed
   */
  public Object deserialize(InputStream in) {
    try {
      long len = 0;
      for (int shift = 0; ; shift += 7) {
        int b = in.read();
        if (b < 0) {
          throw new MalformedInputException(shift == 0
              ? "the stream holds no more values" : "the stream ended inside a length prefix");
        }
        if (shift == 28 && b > 0x0F) {
          throw new MalformedInputException("length prefix longer than 32 bits in the stream");
        }
        len |= (long) (b & 0x7F) << shift;
        if (b < 0x80) {
          break;
        }
      }
      if (len > maxPayloadBytes) {
        throw new LimitExceededException("stream value of " + len + " bytes exceeds the limit of "
            + maxPayloadBytes + " bytes (Brine.Builder.maxPayloadBytes)");
      }
      byte[] bytes = in.readNBytes((int) len); // grows as bytes arrive: a lying length allocates little
      if (bytes.length < len) {
        throw new MalformedInputException("the stream ended after " + bytes.length + " of the " + len
            + " bytes of a value");
      }
      return deserialize(bytes);
    } catch (EOFException e) {
      throw new MalformedInputException("the stream ended early", e);
    } catch (IOException e) {
      throw new BrineException("reading from the stream failed: " + e.getMessage(), e);
    }
  }

  /** Reads one value of the expected type from a stream; see {@link #deserialize(InputStream)}. */
  public <T> T deserialize(InputStream in, Class<T> type) {
    return cast(deserialize(in), type);
  }

  // ---------------------------------------------------------------- bare values (streams of values)

  /**
   * Appends {@code value} to {@code out} as a <em>bare value</em>: its tagged bytes (docs/format.md,
   * "Payload") without the payload header byte and without a length prefix. A value's bytes say where
   * it ends, so values written one after another are read back one by one with {@link
   * #deserializeValue(ByteBuffer)}; this is the densest stream form (Spark's serializer streams use it).
   * Each value is self-contained: references are never shared between values, so the values can be
   * cut apart and reordered. Nothing in the bytes records this Brine's settings: the reader must be
   * configured like the writer (same registrations and references setting).
   *
   * @throws BrineException as {@link #serialize(Object)}, or wrapping the stream's IOException
   */
  public void serializeValue(Object value, OutputStream out) {
    writeTo(out, value, false, null);
  }

  /**
   * As {@link #serializeValue(Object, OutputStream)}, with the strings that recur in a stream written
   * once and then referred to through {@code strings}, the writing side of the stream's {@link
   * StringTable} (docs/format.md, "String table"). The values are then read in order with {@link
   * #deserializeValue(ByteBuffer, StringTable)} and a reading table of the same capacity; values are
   * self-contained only between two {@link StringTable#reset()}s. A failed call writes nothing and
   * resets the table.
   */
  public void serializeValue(Object value, OutputStream out, StringTable strings) {
    writeTo(out, value, false, Objects.requireNonNull(strings, "strings"));
  }

  /**
   * Reads the bare value (see {@link #serializeValue}) that starts at {@code buffer}'s position and
   * moves the position just past it; the bytes after it are left for the next call.
   *
   * @throws TruncatedInputException if the buffer ends inside the value; the position is unchanged, so
   *     a reader of a stream can append more bytes and call again
   * @throws MalformedInputException if the bytes are not a valid value
   * @throws ClassNotAllowedException if the value names a class that is not allowed
   * @throws LimitExceededException if a length or the nesting depth exceeds a limit
   */
  public Object deserializeValue(ByteBuffer buffer) {
    return readBare(buffer, null);
  }

  /**
   * Reads the next bare value of a stream written with {@link #serializeValue(Object, OutputStream,
   * StringTable)}, through {@code strings}, the reading side of the stream's string table. As {@link
   * #deserializeValue(ByteBuffer)}; when the call fails (a {@link TruncatedInputException} included),
   * the table is left as it was before it, so the value can be read again once more bytes are in.
   */
  public Object deserializeValue(ByteBuffer buffer, StringTable strings) {
    return readBare(buffer, Objects.requireNonNull(strings, "strings"));
  }

  private Object readBare(ByteBuffer buffer, StringTable strings) {
    ContextPool.Slot<ReadSession> slot = readers.take();
    ReadSession ctx = slot.context;
    try {
      int at = buffer.position();
      if (buffer.hasArray() && !buffer.isReadOnly()) {
        ctx.wrap(buffer.array(), buffer.arrayOffset() + at, buffer.remaining());
        Object value = readValue(ctx, strings);
        buffer.position(at + ctx.position());
        return value;
      }
      // a direct or read-only buffer: decode from a copied window, doubled while the value overruns it
      int window = Math.min(buffer.remaining(), 8192);
      while (true) {
        byte[] copy = new byte[window];
        buffer.get(at, copy);
        ctx.wrap(copy, 0, window);
        try {
          Object value = readValue(ctx, strings);
          buffer.position(at + ctx.position());
          return value;
        } catch (TruncatedInputException e) {
          if (window == buffer.remaining()) {
            throw e;
          }
          window = (int) Math.min(buffer.remaining(), window * 2L);
          ctx.reset();
        }
      }
    } finally {
      ctx.release();
      readers.release(slot);
    }
  }

  /** {@link #readValue(ReadSession)} through a stream's string table, which a failure puts back. */
  private Object readValue(ReadSession ctx, StringTable strings) {
    if (strings == null) {
      return readValue(ctx);
    }
    boolean read = false;
    ctx.useStringTable(strings);
    try {
      Object value = readValue(ctx);
      read = true;
      return value;
    } finally {
      ctx.endStringTable(read);
    }
  }

  /** Reads one tagged value, mapping failures of constructors and collections to MalformedInputException. */
  private Object readValue(ReadSession ctx) {
    try {
      return ctx.readObject();
    } catch (BrineException e) {
      throw e;
    } catch (StackOverflowError e) {
      // with references, also a set or map key inside a cycle: its hashCode never returns
      throw new LimitExceededException("decoding overflowed this thread's stack near offset " + ctx.position()
          + ": the object graph is nested too deep (lower Brine.Builder.maxDepth, now " + maxDepth
          + ")" + (references ? " or a set or map key is part of a cycle (its hashCode recurses)" : ""));
    } catch (RuntimeException e) {
      // A constructor or collection rejected what the input holds (e.g. a TreeSet of incomparable keys).
      throw new MalformedInputException("invalid value near offset " + ctx.position() + ": " + e, e);
    }
  }

  private Object read(ReadSession ctx) {
    if (ctx.remaining() == 0) {
      throw new MalformedInputException("empty input: a payload has at least a header byte");
    }
    int h = ctx.readInt8() & 0xFF;
    if (h != header) {
      throw new MalformedInputException(headerMessage(h));
    }
    Object value = readValue(ctx);
    if (ctx.remaining() != 0) {
      throw new MalformedInputException(ctx.remaining() + " trailing bytes after the value, at offset "
          + ctx.position());
    }
    return value;
  }

  private String headerMessage(int h) {
    if (h == HEADER || h == HEADER_REFS) {
      return "payload written with references(" + (h == HEADER_REFS) + ") but this Brine has references("
          + references + "); both sides must agree";
    }
    return String.format("not a Brine payload: header byte 0x%02X at offset 0 (expected 0x%02X)", h, header);
  }

  @SuppressWarnings("unchecked")
  private static <T> T cast(Object value, Class<T> type) {
    if (value == null) {
      return null;
    }
    Class<?> boxed = type.isPrimitive() ? box(type) : type;
    if (!boxed.isInstance(value)) {
      throw new BrineException("expected a " + type.getName() + " but the payload holds a " + value.getClass().getName());
    }
    return (T) value;
  }

  private static Class<?> box(Class<?> p) {
    if (p == int.class) return Integer.class;
    if (p == long.class) return Long.class;
    if (p == double.class) return Double.class;
    if (p == float.class) return Float.class;
    if (p == boolean.class) return Boolean.class;
    if (p == byte.class) return Byte.class;
    if (p == short.class) return Short.class;
    if (p == char.class) return Character.class;
    return Void.class;
  }

  // ---------------------------------------------------------------- builder

  private static final class Registration {
    final Class<?> type;
    final Serializer<?> serializer;

    Registration(Class<?> type, Serializer<?> serializer) {
      this.type = type;
      this.serializer = serializer;
    }
  }

  private static final class Fixed {
    final Class<?> type;
    final Serializer<?> serializer;
    final boolean tracked;
    final boolean composite;

    Fixed(Class<?> type, Serializer<?> serializer, boolean tracked, boolean composite) {
      this.type = type;
      this.serializer = serializer;
      this.tracked = tracked;
      this.composite = composite;
    }
  }

  /** Configures a {@link Brine}. Not thread-safe; {@link #build()} may be called more than once. */
  public static final class Builder {
    private final List<Registration> registrations = new ArrayList<>();
    private final Map<Integer, Fixed> fixed = new LinkedHashMap<>();
    private boolean requireRegistration = true;
    private boolean references;
    private int maxDepth = 512;
    private int maxLength = 64 << 20;
    private long maxStringBytes = 64L << 20;
    private long maxPayloadBytes = 1L << 30;
    private Predicate<String> allow;
    private ClassLoader classLoader;
    private boolean codegen = true;

    private Builder() {}

    /**
     * Registers classes; each gets the next id (from 64) in registration order, so both sides must
     * register the same classes in the same order. Built-in types need no registration.
     */
    public Builder register(Class<?>... types) {
      for (Class<?> t : types) {
        if (t == null) {
          throw new BrineException("cannot register null");
        }
        registrations.add(new Registration(t, null));
      }
      return this;
    }

    /** Registers {@code type} with a custom serializer; it gets the next id in registration order. */
    public <T> Builder register(Class<T> type, Serializer<T> serializer) {
      if (type == null || serializer == null) {
        throw new BrineException("cannot register a null class or serializer");
      }
      registrations.add(new Registration(type, serializer));
      return this;
    }

    /**
     * Registers {@code type} under a fixed id in the module range 8192–8447 (see {@link TypeIds}); for
     * extension modules, so their ids do not depend on user registrations. Values are tracked for
     * references and count towards the depth limit.
     */
    public <T> Builder registerWithId(int typeId, Class<T> type, Serializer<T> serializer) {
      if (typeId < TypeIds.FIRST_MODULE || typeId >= TypeIds.END_MODULE) {
        throw new BrineException("module type id " + typeId + " outside " + TypeIds.FIRST_MODULE + ".."
            + (TypeIds.END_MODULE - 1));
      }
      if (type == null || serializer == null) {
        throw new BrineException("cannot register a null class or serializer");
      }
      Fixed prev = fixed.get(typeId);
      if (prev != null && prev.type != type) {
        throw new BrineException("module type id " + typeId + " is taken by " + prev.type.getName());
      }
      fixed.put(typeId, new Fixed(type, serializer, true, true));
      return this;
    }

    /**
     * Whether every class written with a type tag must be registered (default true). When false,
     * unregistered classes are written by name and loaded by name, except those on the built-in
     * deny-list of deserialization gadgets or outside {@link #allowClasses}.
     */
    public Builder requireRegistration(boolean required) {
      this.requireRegistration = required;
      return this;
    }

    /** Whether to keep object identity and cycles (default false: faster, and a cycle hits maxDepth). */
    public Builder references(boolean track) {
      this.references = track;
      return this;
    }

    /** The deepest nesting of objects accepted, both ways (default 512). */
    public Builder maxDepth(int depth) {
      if (depth < 1) {
        throw new BrineException("maxDepth must be positive: " + depth);
      }
      this.maxDepth = depth;
      return this;
    }

    /** The most elements an array, collection or map may have when read (default 64 Mi). */
    public Builder maxLength(int length) {
      if (length < 0) {
        throw new BrineException("maxLength must not be negative: " + length);
      }
      this.maxLength = length;
      return this;
    }

    /** The longest string body accepted when reading, in bytes (default 64 MiB). */
    public Builder maxStringBytes(long bytes) {
      if (bytes < 0) {
        throw new BrineException("maxStringBytes must not be negative: " + bytes);
      }
      this.maxStringBytes = bytes;
      return this;
    }

    /** The largest payload written or read, in bytes (default 1 GiB). */
    public Builder maxPayloadBytes(long bytes) {
      if (bytes < 16) {
        throw new BrineException("maxPayloadBytes too small: " + bytes);
      }
      this.maxPayloadBytes = bytes;
      return this;
    }

    /**
     * Accepts unregistered classes (with {@code requireRegistration(false)}) only when their name
     * matches {@code predicate}. The deny-list applies regardless.
     */
    public Builder allowClasses(Predicate<String> predicate) {
      this.allow = this.allow == null ? predicate : this.allow.or(predicate);
      return this;
    }

    /** Accepts unregistered classes only from these packages (and their subpackages); see {@link #allowClasses}. */
    public Builder allowPackages(String... prefixes) {
      List<String> ps = new ArrayList<>();
      for (String p : prefixes) {
        ps.add(p.endsWith(".") ? p : p + ".");
      }
      return allowClasses(name -> ps.stream().anyMatch(name::startsWith));
    }

    /** The class loader that by-name classes are loaded with (default: the thread's context loader). */
    public Builder classLoader(ClassLoader loader) {
      this.classLoader = loader;
      return this;
    }

    /**
     * Whether to generate serializer classes at run time (default true). Turning it off uses the
     * interpreted serializers, which write the same bytes more slowly; useful to diagnose or where
     * defining hidden classes is not allowed.
     */
    public Builder codegen(boolean enabled) {
      this.codegen = enabled;
      return this;
    }

    /** Builds an immutable, thread-safe {@link Brine}. */
    public Brine build() {
      return new Brine(this);
    }
  }

  /** The modules found on the class path, loaded once. */
  private static final class Modules {
    static final List<BrineModule> MODULES = load();

    private static List<BrineModule> load() {
      List<BrineModule> out = new ArrayList<>();
      ServiceLoader<BrineModule> loader = ServiceLoader.load(BrineModule.class, Brine.class.getClassLoader());
      for (var it = loader.iterator(); ; ) {
        try {
          if (!it.hasNext()) {
            break;
          }
          out.add(it.next());
        } catch (ServiceConfigurationError | LinkageError e) {
          // A module whose dependencies are missing is skipped; its types are then simply unknown.
          System.getLogger("dev.brine").log(System.Logger.Level.WARNING, "skipping Brine module: " + e);
        }
      }
      out.sort((a, b) -> a.getClass().getName().compareTo(b.getClass().getName()));
      return List.copyOf(out);
    }
  }

}
