package dev.brine;

import dev.brine.builtin.Builtins;
import dev.brine.builtin.JdkTypes;
import dev.brine.compat.CompatContext;
import dev.brine.context.Engine;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.io.StringTable;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import dev.brine.security.ClassFilter;
import dev.brine.serializer.Serializer;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
  private final TypeRegistry registry;
  private final boolean references;
  private final Engine engine;

  private Brine(Builder b) {
    this.references = b.references;
    ClassLoader loader = b.classLoader != null ? b.classLoader : defaultLoader();
    this.registry = new TypeRegistry(b.requireRegistration, new ClassFilter(b.allow), loader);
    if (b.compatible && b.formatVersion == 1) {
      throw new BrineException("compatible mode needs format 2: do not combine compatible(true) with formatVersion(1)");
    }
    // compatible mode wraps each class's serializer when it is created, so it generates code at once
    DefaultSerializerFactory factory = new DefaultSerializerFactory(b.codegen, b.compressNumbers, b.formatVersion, b.lookups,
        b.compatible ? 0 : b.codegenThreshold);
    CompatContext compat = b.compatible ? new CompatContext(registry, new CompatContext.Settings(b.compressNumbers,
        b.maxClassDefBytes, b.maxClassDefFields, b.maxClassDefNameBytes, b.classDefCacheSize, b.unknownEnumAsNull)) : null;
    registry.factory(compat != null ? compat.factory(factory) : factory);
    Builtins.registerAll(registry, b.compressNumbers);
    ModuleTypes byName = new ModuleTypes(new JdkTypes(b.lookups)); // modules' classes registered by name, then the JDK block
    registry.lazyTypes(byName);
    if (compat != null) {
      compat.registerTags();
    }
    Builder m = b.modules(); // the first time in a JVM, scanned meanwhile on a thread of their own
    Registrations.apply(b, m, registry, compat, byName);
    registry.complete();
    this.engine = new Engine(registry, references, b.compressNumbers, b.compatible, b.formatVersion, b.maxDepth,
        b.maxLength, b.maxStringBytes, b.maxPayloadBytes, compat == null ? null : compat.roots(), b.compressStrings);
  }

  private static ClassLoader defaultLoader() {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : Brine.class.getClassLoader();
  }

  /**
   * A new builder, with the serializers of every {@link BrineModule} on the class path registered. The
   * modules' registrations come first, as if each module's {@code register} ran now; they are collected
   * while the builder is configured (the first time in a JVM on a thread of their own, since scanning the
   * class path takes milliseconds) and are added at {@link Builder#build()}.
   */
  public static Builder builder() {
    return new Builder(Modules.collect());
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
    if (info.serializer instanceof dev.brine.registry.Upgradable u) {
      u.upgrade(); // report the serializer the class settles on
    }
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
    return engine.serialize(value);
  }

  /**
   * Writes {@code value} to {@code out} as a varuint32 length followed by the bytes {@link
   * #serialize(Object)} returns, so values written one after another can be read back one by one
   * with {@link #deserialize(InputStream)}. Does not flush or close {@code out}.
   *
   * @throws BrineException as {@link #serialize(Object)}, or wrapping the stream's IOException
   */
  public void serialize(Object value, OutputStream out) {
    engine.write(out, value, true, null);
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
    return engine.deserialize(bytes, offset, length);
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
    return Engine.cast(deserialize(bytes), type);
  }

  /**
   * Reads one value written by {@link #serialize(Object, OutputStream)}, consuming exactly its bytes.
   *
   * @throws MalformedInputException if the stream ends early or the value is malformed
   */
  public Object deserialize(InputStream in) {
    return engine.deserialize(in);
  }

  /** Reads one value of the expected type from a stream; see {@link #deserialize(InputStream)}. */
  public <T> T deserialize(InputStream in, Class<T> type) {
    return Engine.cast(deserialize(in), type);
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
    engine.write(out, value, false, null);
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
    engine.write(out, value, false, Objects.requireNonNull(strings, "strings"));
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
    return engine.readBare(buffer, null);
  }

  /**
   * Reads the next bare value of a stream written with {@link #serializeValue(Object, OutputStream,
   * StringTable)}, through {@code strings}, the reading side of the stream's string table. As {@link
   * #deserializeValue(ByteBuffer)}; when the call fails (a {@link TruncatedInputException} included),
   * the table is left as it was before it, so the value can be read again once more bytes are in.
   */
  public Object deserializeValue(ByteBuffer buffer, StringTable strings) {
    return engine.readBare(buffer, Objects.requireNonNull(strings, "strings"));
  }

  // ---------------------------------------------------------------- builder

  record Registration(Class<?> type, Serializer<?> serializer, int id) {}

  /** A module type: its class and serializer, or (registered by name) its class name and serializer factory. */
  record Fixed(Class<?> type, String name, Serializer<?> serializer, BrineModule.LazySerializer lazy) {}

  /** How often a class is used interpreted before its code is generated, by default ({@link Builder#codegenThreshold}). */
  static final int DEFAULT_CODEGEN_THRESHOLD = 1000;

  /** Configures a {@link Brine}. Not thread-safe; {@link #build()} may be called more than once. */
  public static final class Builder {
    final List<Registration> registrations = new ArrayList<>();
    final Map<Integer, Fixed> fixed = new LinkedHashMap<>();
    private boolean requireRegistration = true;
    private boolean references;
    private int maxDepth = 4096;
    private int maxLength = 64 << 20;
    private long maxStringBytes = 64L << 20;
    private long maxPayloadBytes = 1L << 30;
    private Predicate<String> allow;
    private ClassLoader classLoader;
    private boolean codegen = true;
    private int codegenThreshold = Integer.getInteger("brine.codegenThreshold", DEFAULT_CODEGEN_THRESHOLD);
    private boolean compressNumbers = true;
    private boolean compressStrings = true;
    private final List<MethodHandles.Lookup> lookups = new ArrayList<>();
    private int formatVersion = 2;
    private boolean compatible;
    private int maxClassDefBytes = 64 << 10;
    private int maxClassDefFields = 4096;
    private int maxClassDefNameBytes = 1024;
    private int classDefCacheSize = 1024;
    private boolean unknownEnumAsNull;
    /** The modules' registrations being collected for this builder (null: this builder collects them). */
    private final java.util.concurrent.FutureTask<Builder> pending;
    private Builder modules;

    Builder(java.util.concurrent.FutureTask<Builder> pending) {
      this.pending = pending;
    }

    /** The builder the modules registered on, once they are done (null for the modules' own builder). */
    private Builder modules() {
      if (modules == null && pending != null) {
        modules = Modules.await(pending);
      }
      return modules;
    }

    /**
     * Registers classes; each gets the next id (from 64) in registration order, so both sides must
     * register the same classes in the same order. Built-in types need no registration.
     */
    public Builder register(Class<?>... types) {
      for (Class<?> t : types) {
        if (t == null) {
          throw new BrineException("cannot register null");
        }
        registrations.add(new Registration(t, null, -1));
      }
      return this;
    }

    /**
     * Registers {@code type} under an explicit, stable id (0 to 8127; wire type id {@code 64 + id}), so
     * that it does not depend on registration order; classes registered without one get the free ids
     * after those, in registration order. In {@linkplain #compatible compatible mode} a plain class,
     * record or enum registered this way is named by {@code id} in its class definition instead of its
     * class name (so it may be renamed).
     */
    public Builder register(int id, Class<?> type) {
      if (type == null) {
        throw new BrineException("cannot register null");
      }
      if (id < 0 || id >= TypeIds.FIRST_MODULE - TypeIds.FIRST_USER) {
        throw new BrineException("registration id " + id + " of " + type.getName() + " outside 0.."
            + (TypeIds.FIRST_MODULE - TypeIds.FIRST_USER - 1));
      }
      registrations.add(new Registration(type, null, id));
      return this;
    }

    /** Registers {@code type} with a custom serializer; it gets the next id in registration order. */
    public <T> Builder register(Class<T> type, Serializer<T> serializer) {
      if (type == null || serializer == null) {
        throw new BrineException("cannot register a null class or serializer");
      }
      registrations.add(new Registration(type, serializer, -1));
      return this;
    }

    /**
     * Registers {@code type} under a fixed id in the module range 8192–8351 (see {@link TypeIds}); for
     * extension modules, so their ids do not depend on user registrations. Values are tracked for
     * references and count towards the depth limit.
     */
    public <T> Builder registerWithId(int typeId, Class<T> type, Serializer<T> serializer) {
      if (type == null || serializer == null) {
        throw new BrineException("cannot register a null class or serializer");
      }
      return registerWithId(typeId, new Fixed(type, type.getName(), serializer, null));
    }

    /**
     * Registers the class named {@code className} (its {@link Class#getName()}) under a fixed id in the module
     * range, as {@link #registerWithId(int, Class, Serializer)}, but loaded only when a value of it is first
     * written or its id first read: through the class loader of {@code serializer}'s class, which then creates
     * its serializer (once per {@code Brine}). A module whose classes most applications never use costs them
     * nothing at {@link #build()}.
     */
    public Builder registerWithId(int typeId, String className, BrineModule.LazySerializer serializer) {
      if (className == null || serializer == null) {
        throw new BrineException("cannot register a null class name or serializer");
      }
      return registerWithId(typeId, new Fixed(null, className, null, serializer));
    }

    private Builder registerWithId(int typeId, Fixed f) {
      if (typeId < TypeIds.FIRST_MODULE || typeId >= TypeIds.JDK_FIRST) {
        throw new BrineException("module type id " + typeId + " outside " + TypeIds.FIRST_MODULE + ".."
            + (TypeIds.JDK_FIRST - 1) + " (" + TypeIds.JDK_FIRST + "–" + (TypeIds.END_MODULE - 1)
            + " are Brine's JDK types)");
      }
      Fixed prev = fixed.get(typeId);
      Builder m = modules();
      if (prev == null && m != null) {
        prev = m.fixed.get(typeId);
      }
      if (prev != null && !prev.name().equals(f.name())) {
        throw new BrineException("module type id " + typeId + " is taken by " + prev.name());
      }
      fixed.put(typeId, f);
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

    /**
     * The deepest nesting of objects accepted, both ways (default 4096: a linked list of 4,000 objects is
     * 4,000 levels). A graph deeper than the calling thread's stack allows is written and read on a
     * thread with a deeper stack; one deeper than this limit is a {@link LimitExceededException}.
     */
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

    /**
     * How many times a class is written or read with its interpreted serializer before Brine generates
     * its code (default 1000, or the system property {@code brine.codegenThreshold}). Both write the same
     * bytes; the interpreted one needs no code generation, so a fresh JVM builds a {@code Brine} and
     * writes its first values in a few milliseconds, and pays for ASM and code generation (tens of
     * milliseconds the first time) only for the classes it uses often. 0 generates every class's code
     * when its serializer is created ({@link #build()} for registered classes), as earlier versions did.
     * Ignored in {@linkplain #compatible compatible mode} and with {@code codegen(false)}.
     */
    public Builder codegenThreshold(int uses) {
      if (uses < 0) {
        throw new BrineException("codegenThreshold must not be negative: " + uses);
      }
      this.codegenThreshold = uses;
      return this;
    }

    /**
     * Whether int and long values (fields, record components, {@code Integer} and {@code Long} values)
     * are written as varints (default true: small numbers take 1–2 bytes). With false they take 4 and 8
     * bytes, which is faster to write and read: for in-memory caches and IPC, where speed counts more
     * than bytes. The payload header says which (docs/format.md), so a reader built the other way
     * refuses such a payload with a clear message; bare values ({@link #serializeValue}) carry no
     * header, so both sides must agree.
     */
    public Builder compressNumbers(boolean compress) {
      this.compressNumbers = compress;
      return this;
    }

    /**
     * Whether a string that is not Latin-1 may be UTF-8 (default true: where that saves a quarter of UTF-16's
     * bytes, as in mostly-ASCII text); false writes it as UTF-16 without counting, one copy with java.lang open:
     * faster, up to twice the bytes. Readers of either setting read both (docs/format.md).
     */
    public Builder compressStrings(boolean compress) {
      this.compressStrings = compress;
      return this;
    }

    /**
     * Grants Brine a lookup with full access to the module and package it was made in — call {@code
     * lookup(MethodHandles.lookup())} in a class of the package. Optional: code generated for a class
     * must be defined in its module with such a lookup, and without one Brine takes it through a small
     * class it defines in the class's package ({@code Class$$BrineLookup}, in a package opened to
     * Brine or of another class loader); with this lookup no such class is defined for the module
     * (docs/modules.md).
     */
    public Builder lookup(MethodHandles.Lookup lookup) {
      if (lookup == null || !lookup.hasFullPrivilegeAccess()) {
        throw new BrineException("Brine.Builder.lookup needs a full-privilege lookup: pass MethodHandles.lookup()"
            + " from a class of the package (not publicLookup() or a narrowed one)");
      }
      lookups.add(lookup);
      return this;
    }

    /**
     * The byte format written (docs/format.md): 2, the default, or 1, the format of Brine 0.1 before
     * format 2 (plain classes and records field by field in name order, numbers as varints), for
     * exchanging data with applications that still run an earlier version during an upgrade. Either
     * way payloads of format 1 are read; with 1, payloads of format 2 are refused. Bare values ({@link
     * Brine#serializeValue(Object, OutputStream)}) carry no version: a stream of them is read with the
     * format it was written in. Format 1 is always interpreted (slower).
     */
    public Builder formatVersion(int version) {
      if (version != 1 && version != 2) {
        throw new BrineException("format version " + version + " is not 1 or 2");
      }
      this.formatVersion = version;
      return this;
    }

    /**
     * Compatible mode (default false): payloads carry, once per payload, the definition of every class
     * they hold (field names or {@link Field} ids and types), so that a reader whose classes have since
     * gained, lost, reordered, renamed (with {@code @Field(id)}) or widened fields still reads them, and
     * an old reader reads new payloads (docs/format.md, "Compatible mode"; README, "Evolving classes").
     * Registered plain classes, records and enums are then named by their class name, or their explicit
     * id ({@link #register(int, Class)}), so registration order may differ between writer and reader.
     * Both sides must use it; a reader refuses payloads of the other mode. Payloads take a few more
     * bytes; once a class's definition has been seen, a payload written by the same class version is
     * read by the same generated code as in the default mode.
     */
    public Builder compatible(boolean enabled) {
      this.compatible = enabled;
      return this;
    }

    /** Compatible mode: the largest class definition accepted from a payload, in bytes (default 64 KiB). */
    public Builder maxClassDefBytes(int bytes) {
      if (bytes < 16) {
        throw new BrineException("maxClassDefBytes too small: " + bytes);
      }
      this.maxClassDefBytes = bytes;
      return this;
    }

    /** Compatible mode: the most fields (or enum constants) a class definition from a payload may have (default 4096). */
    public Builder maxClassDefFields(int fields) {
      if (fields < 1) {
        throw new BrineException("maxClassDefFields must be positive: " + fields);
      }
      this.maxClassDefFields = fields;
      return this;
    }

    /** Compatible mode: the longest class, field or constant name accepted in a class definition, in bytes (default 1024). */
    public Builder maxClassDefNameBytes(int bytes) {
      if (bytes < 1) {
        throw new BrineException("maxClassDefNameBytes must be positive: " + bytes);
      }
      this.maxClassDefNameBytes = bytes;
      return this;
    }

    /**
     * Compatible mode: how many class definitions read from payloads (other than this side's own) are
     * kept with their field mappings (default 1024); past that the cache starts again.
     */
    public Builder classDefCacheSize(int entries) {
      if (entries < 1) {
        throw new BrineException("classDefCacheSize must be positive: " + entries);
      }
      this.classDefCacheSize = entries;
      return this;
    }

    /**
     * Compatible mode: whether an enum constant this side does not have reads as null (true) or is a
     * {@link BrineException} (false, the default).
     */
    public Builder unknownEnumAsNull(boolean asNull) {
      this.unknownEnumAsNull = asNull;
      return this;
    }

    /** Builds an immutable, thread-safe {@link Brine}. */
    public Brine build() {
      return new Brine(this);
    }
  }
}
