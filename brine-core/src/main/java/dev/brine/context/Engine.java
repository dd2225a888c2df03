package dev.brine.context;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteWriter;
import dev.brine.io.Framing;
import dev.brine.io.StringTable;
import dev.brine.plan.FlatWriter;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What runs behind the {@code Brine} facade: the pooled sessions, the payload header, stream framing,
 * and the mapping of failures to Brine's exceptions. One per {@code Brine}; thread-safe.
 */
public final class Engine {
  /** The header byte of a format-2 payload, before its flag bits. */
  public static final int HEADER = 0xC0;
  /** The header byte of a format-1 payload (written by earlier versions), before its flag bits. */
  public static final int HEADER_V1 = 0xB2;
  /** The header bit of a payload written with reference tracking. */
  public static final int REFERENCES = 0x01;
  /** The header bit of a payload whose int and long values are fixed-width ({@code compressNumbers(false)}). */
  public static final int FIXED_NUMBERS = 0x04;
  /** The header bit of a payload written in compatible mode (class definitions inside; format 2 only). */
  public static final int COMPATIBLE = 0x02;
  /**
   * The header bit of a compatible-mode payload written with the second layout of class definitions
   * (docs/format.md, "Compatible mode"); a compatible payload without it has the first layout, still
   * read (each definition says its layout, so bare values without a header are read either way).
   */
  public static final int COMPAT_DEFS_V2 = 0x08;

  private final boolean references;
  private final boolean compressNumbers;
  private final boolean compatible;
  private final int formatVersion;
  private final int header;
  /** The header of a format-1 payload with this engine's settings, which a format-2 engine also reads. */
  private final int headerV1;
  private final int maxDepth;
  /** Whether {@link #serialize(Object)} writes a flat class's values without a session ({@link #serializeFlat}). */
  private final boolean flatRoots;
  private final long maxPayloadBytes;
  /** Compatible mode's way to write a payload's outermost value ({@link Roots#flatOpening}), or null. */
  private final Roots roots;
  private final ContextPool<WriteSession> writers;
  private final ContextPool<ReadSession> readers;
  /**
   * Flat classes written at the top, by their identity hash: such a value needs no session at all (its
   * class was looked up, and checked, through one the first time); other classes written at the top, with
   * their info, which the general path then need not look up again. Entries are immutable, so a racy
   * store or load sees a whole entry or none; two classes on one entry take turns.
   */
  private final FlatRoot[] flatCache = new FlatRoot[FLAT_CACHE];

  private static final int FLAT_CACHE = 64;
  /**
   * The widest flat class ({@link FlatWriter#flatWindow()}, bytes) written at the top through the
   * thread's scratch array ({@link #serializeFlat}); a wider one (thousands of fields) goes the general way
   * rather than keep a scratch array that large.
   */
  private static final int MAX_FLAT_WINDOW = 1 << 16;
  /** Per thread, the array flat values at the top are written into before their copy ({@link #serializeFlat}). */
  private static final ThreadLocal<byte[]> FLAT_SCRATCH = new ThreadLocal<>();
  /**
   * The same arrays found by thread id without the thread-local's hash lookup (2–3 ns of a 20–30 ns
   * call; journal step 125): slot {@code id % 64} holds the array of the first live thread that took it,
   * so threads of a pool of up to 64 each have their own; a thread whose slot was another live thread's
   * when it made its array uses the thread-local. A slot is written only when it is empty or its thread
   * has ended, never back and forth between running threads (as {@link ContextPool}'s owners table holds
   * a thread's session; the scratch array is no pooled context: no busy flag, no shared pool, it grows).
   */
  private static final Scratch[] SCRATCH_SLOTS = new Scratch[64];

  /** A thread's scratch array. */
  private record Scratch(Thread thread, byte[] array) {}

  /**
   * A class whose values are written at the top without a session ({@link #serializeFlat}), with what its
   * writer {@code writer} needs worked out once: {@code head}, the payload's header byte and the class's type
   * id (varuint32) in its {@code headLength} low bytes, and {@code room}, the scratch bytes a value needs. In
   * compatible mode {@code head} is the header alone and {@code opening} follows it (tag, definition reference
   * and definition: {@link Roots#flatOpening}). Valid while {@code owner} is the class's serializer. With
   * {@code writer} null, a class written the general way, kept for its {@code info} alone.
   */
  private record FlatRoot(Class<?> type, ClassInfo info, FlatWriter writer, Object owner, int head, int headLength,
      byte[] opening, int room) {}

  /** Creates the engine over a completed registry, with the builder's limits. */
  public Engine(TypeRegistry registry, boolean references, boolean compressNumbers, int formatVersion, int maxDepth,
      int maxLength, long maxStringBytes, long maxPayloadBytes) {
    this(registry, references, compressNumbers, false, formatVersion, maxDepth, maxLength, maxStringBytes,
        maxPayloadBytes);
  }

  /**
   * Creates the engine; with {@code compatible} the payloads carry class definitions (header bit {@link
   * #COMPATIBLE}), and payloads of the other mode and of format 1 are refused.
   */
  public Engine(TypeRegistry registry, boolean references, boolean compressNumbers, boolean compatible,
      int formatVersion, int maxDepth, int maxLength, long maxStringBytes, long maxPayloadBytes) {
    this(registry, references, compressNumbers, compatible, formatVersion, maxDepth, maxLength, maxStringBytes,
        maxPayloadBytes, null, true);
  }

  /**
   * As the constructor above; {@code roots}, if not null, writes and reads each payload's outermost value;
   * {@code compressStrings} false: strings that are not Latin-1 always UTF-16 ({@code ByteWriter.compressStrings}).
   */
  public Engine(TypeRegistry registry, boolean references, boolean compressNumbers, boolean compatible,
      int formatVersion, int maxDepth, int maxLength, long maxStringBytes, long maxPayloadBytes, Roots roots,
      boolean compressStrings) {
    this.references = references;
    this.compatible = compatible;
    this.compressNumbers = compressNumbers;
    this.formatVersion = formatVersion;
    int flags = (references ? REFERENCES : 0) | (compressNumbers ? 0 : FIXED_NUMBERS);
    this.headerV1 = HEADER_V1 | flags;
    this.header = formatVersion == 1 ? headerV1 : HEADER | flags | (compatible ? COMPATIBLE | COMPAT_DEFS_V2 : 0);
    this.maxDepth = maxDepth;
    this.flatRoots = !references && formatVersion == 2;
    this.roots = roots;
    this.maxPayloadBytes = maxPayloadBytes;
    this.writers = new ContextPool<>(new Writers(registry, references, maxDepth, maxPayloadBytes, roots, compressStrings));
    this.readers = new ContextPool<>(new Readers(registry, references, maxDepth, maxLength, maxStringBytes, roots));
    // the building thread's contexts now rather than in its first call: their classes' initialization (the
    // byte-array VarHandles bootstrap java.lang.invoke) belongs to build(), not to the first serialize
    writers.release(writers.take());
    readers.release(readers.take());
  }

  // ---------------------------------------------------------------- write

  /** A payload (header byte and tagged value) as a new array. */
  public byte[] serialize(Object value) {
    ClassInfo known = null;
    if (flatRoots && value != null) {
      Class<?> type = value.getClass();
      FlatRoot r = flatCache[type.hashCode() & (FLAT_CACHE - 1)];
      if (r != null && r.type == type) {
        if (r.writer == null) {
          known = r.info; // a class written the general way: its info, without the session's lookup
        } else if (r.info.serializer == r.owner) { // (a tiered serializer may be replaced)
          byte[] out = serializeFlat(r, value);
          if (out != null) {
            return out;
          }
        }
      }
    }
    ContextPool.Slot<WriteSession> slot = writers.take();
    WriteSession ctx = slot.context;
    try {
      ClassInfo info = known != null ? known : value == null ? null : ctx.classInfo(value.getClass());
      byte[] flat = flatRoots && info != null && info.flat ? serializeFlatFirst(info, value) : null;
      if (flat != null) {
        writers.release(slot); // the session was not written to: nothing of it to clear
        slot = null;
        return flat;
      }
      if (known == null && flatRoots && info != null) {
        // the general way for this class: remembered with its info (journal step 139); an entry is
        // immutable, and a class whose serializer becomes flat later is tried again above (info.flat)
        Class<?> type = value.getClass();
        flatCache[type.hashCode() & (FLAT_CACHE - 1)] = new FlatRoot(type, info, null, null, 0, 0, null, 0);
      }
      ctx.reset();
      ctx.writeInt8(header);
      try {
        if (info == null) {
          ctx.writeInt8(TypeIds.NULL);
        } else if (compatible) {
          ctx.writeOutermost(value, info); // not in the default mode: one call level less on its path
        } else {
          ctx.writeObject(value, info);
        }
      } catch (StackOverflowError e) {
        if (DeepStack.active()) {
          throw stackOverflow();
        }
        done(slot);
        slot = null;
        return DeepStack.run(() -> serialize(value)); // a graph deeper than this thread's stack
      }
      return ctx.toByteArray();
    } finally {
      if (slot != null) {
        done(slot);
      }
    }
  }

  /**
   * {@link #serializeFlat} of a value whose class is not yet in the engine's cache of flat classes, which
   * it enters when its values are written that way (out of {@code serialize}, which inlines only while small).
   */
  private byte[] serializeFlatFirst(ClassInfo info, Object value) {
    FlatWriter f;
    Object owner;
    byte[] opening = null;
    if (compatible) { // the class's opening, then its payload
      Roots.FlatOpening o = roots == null ? null : roots.flatOpening(info);
      if (o == null) {
        return null;
      }
      f = o.writer();
      owner = o.owner();
      opening = o.opening();
    } else if (info.serializer instanceof FlatWriter w && info.typeId != TypeIds.BY_NAME && info.typeId != TypeIds.ARRAY) {
      f = w;
      owner = w;
    } else {
      return null; // (a class named by name, an array: the general way)
    }
    if (f.flatWindow() > MAX_FLAT_WINDOW || f.flatDepth() > maxDepth || info.writeReplace != null) {
      return null;
    }
    int head = header & 0xFF;
    int length = 1;
    if (opening == null) { // the header, then the type id (below 2^21: at most 3 bytes); the opening has its tag
      for (int v = info.typeId; ; v >>>= 7, length++) {
        if (v < 0x80) {
          head |= v << 8 * length;
          length++;
          break;
        }
        head |= (v & 0x7F | 0x80) << 8 * length;
      }
    }
    int prefix = opening == null ? 0 : opening.length;
    FlatRoot r = new FlatRoot(info.type, info, f, owner, head, length, opening, 4 + prefix + f.flatWindow());
    byte[] out = serializeFlat(r, value);
    if (out != null) {
      flatCache[info.type.hashCode() & (FLAT_CACHE - 1)] = r;
    }
    return out;
  }

  /**
   * The payload of a value whose class is flat ({@link FlatWriter}: its payload is its number group and
   * fixed block alone), or null when it goes the general way (a {@code writeReplace}, a class named by
   * name, a payload over the limit, which the general path reports). The same bytes as {@code
   * writeObject} (header, type id, payload), written with no session: into this thread's scratch array,
   * which has the room the writer's whole-width stores need ({@code flatWindow}), then copied into the
   * result (an array the copy fills, so the JIT does not zero it first). No user code runs in between
   * (generated field reads only), so the scratch array is never used twice at once. Only without
   * reference tracking and in format 2 (a flat value then changes no session state: in compatible mode
   * the class's opening holds the payload's one definition, written as the general path writes it).
   */
  private byte[] serializeFlat(FlatRoot r, Object value) {
    int room = r.room; // header, type id (below 2^21: at most 3 bytes), payload
    Thread t = Thread.currentThread();
    Scratch slot = SCRATCH_SLOTS[(int) t.getId() & (SCRATCH_SLOTS.length - 1)];
    byte[] out = slot != null && slot.thread == t ? slot.array : null;
    if (out == null || out.length < room) {
      out = scratch(room);
    }
    ByteWriter.storeInt32(out, 0, r.head); // header and type id in one store; the payload overwrites the rest
    int p = r.headLength;
    byte[] opening = r.opening;
    if (opening != null) {
      System.arraycopy(opening, 0, out, p, opening.length);
      p += opening.length;
    }
    int end = r.writer.writeFlat(out, p, value);
    return end > maxPayloadBytes ? null : Arrays.copyOf(out, end);
  }


  /**
   * This thread's scratch array of at least {@code room} bytes, through the thread-local. A new array
   * takes the thread's slot if it is free, its own or a finished thread's: only then, so a thread whose
   * slot another running thread holds pays the thread-local alone on each call, not this check.
   */
  private static byte[] scratch(int room) {
    byte[] out = FLAT_SCRATCH.get();
    if (out == null || out.length < room) {
      FLAT_SCRATCH.set(out = new byte[Math.max(room, 256)]);
      Thread t = Thread.currentThread();
      int i = (int) t.getId() & (SCRATCH_SLOTS.length - 1);
      Scratch slot = SCRATCH_SLOTS[i];
      if (slot == null || slot.thread == t || !slot.thread.isAlive()) {
        SCRATCH_SLOTS[i] = new Scratch(t, out); // final fields: safely published
      }
    }
    return out;
  }

  /**
   * Writes a framed payload ({@code length:varuint32 header value}) or, when not {@code framed}, a
   * bare value to {@code out}, through {@code strings} when not null.
   */
  public void write(OutputStream out, Object value, boolean framed, StringTable strings) {
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
        at = ctx.prependVarUInt32(start, ctx.position() - start);
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

  private void done(ContextPool.Slot<WriteSession> slot) {
    slot.context.release();
    writers.release(slot);
  }

  private LimitExceededException stackOverflow() {
    return new LimitExceededException("object graph nested too deep for this thread's stack; lower "
        + "Brine.Builder.maxDepth (now " + maxDepth + ") or enable references(true) for cycles");
  }

  // ---------------------------------------------------------------- read

  /** Reads the one payload in {@code bytes[offset, offset+length)}. */
  public Object deserialize(byte[] bytes, int offset, int length) {
    if (length > maxPayloadBytes) {
      throw payloadTooLarge(length);
    }
    ContextPool.Slot<ReadSession> slot = readers.take();
    ReadSession ctx = slot.context;
    try {
      ctx.wrapPayload(bytes, offset, length);
      return readPayload(ctx);
    } catch (DeepStack.Overflow e) {
      ctx.release();
      readers.release(slot);
      slot = null;
      return deserializeDeep(bytes, offset, length);
    } finally {
      if (slot != null) {
        ctx.release();
        readers.release(slot);
      }
    }
  }

  // deserialize's rare paths out of line, so that it stays small enough to inline into Brine.deserialize

  private LimitExceededException payloadTooLarge(int length) {
    return new LimitExceededException("payload of " + length + " bytes exceeds the limit of "
        + maxPayloadBytes + " bytes (Brine.Builder.maxPayloadBytes)");
  }

  /** {@link #deserialize} again on a thread with a deeper stack: the graph was deeper than this thread's. */
  private Object deserializeDeep(byte[] bytes, int offset, int length) {
    return DeepStack.run(() -> deserialize(bytes, offset, length));
  }

  /** Reads one framed payload from {@code in}, consuming exactly its bytes. */
  public Object deserialize(InputStream in) {
    try {
      int len = Framing.readLengthPrefix(in, maxPayloadBytes);
      byte[] bytes = in.readNBytes(len); // grows as bytes arrive: a lying length allocates little
      if (bytes.length < len) {
        throw new MalformedInputException("the stream ended after " + bytes.length + " of the " + len
            + " bytes of a value");
      }
      return deserialize(bytes, 0, bytes.length);
    } catch (EOFException e) {
      throw new MalformedInputException("the stream ended early", e);
    } catch (IOException e) {
      throw new BrineException("reading from the stream failed: " + e.getMessage(), e);
    }
  }

  /** Reads the bare value at {@code buffer}'s position, through {@code strings} when not null. */
  public Object readBare(ByteBuffer buffer, StringTable strings) {
    ContextPool.Slot<ReadSession> slot = readers.take();
    ReadSession ctx = slot.context;
    try {
      return Framing.decode(buffer, ctx, () -> readValue(ctx, strings), ctx::reset);
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
      throw readOverflow(ctx);
    } catch (RuntimeException e) {
      // A constructor or collection rejected what the input holds (e.g. a TreeSet of incomparable keys).
      throw new MalformedInputException("invalid value near offset " + ctx.position() + ": " + e, e);
    }
  }

  private Object readPayload(ReadSession ctx) {
    if (ctx.remaining() == 0) {
      throw new MalformedInputException("empty input: a payload has at least a header byte");
    }
    int h = ctx.readInt8() & 0xFF;
    if (h != header) {
      if (compatible && h == (header & ~COMPAT_DEFS_V2)) {
        // class definitions in their first layout, written by an earlier version (each says its layout)
      } else if (h != headerV1 || compatible) {
        throw new MalformedInputException(headerMessage(h));
      } else {
        ctx.legacy(true); // format 1, written by an earlier version
      }
    }
    Object value;
    try {
      value = compatible ? ctx.readOutermost() : ctx.readObject();
    } catch (StackOverflowError e) {
      if (DeepStack.active()) {
        throw readOverflow(ctx);
      }
      throw new DeepStack.Overflow(); // read again on a thread with a deep stack
    } catch (BrineException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new MalformedInputException("invalid value near offset " + ctx.position() + ": " + e, e);
    }
    if (ctx.remaining() != 0) {
      throw new MalformedInputException(ctx.remaining() + " trailing bytes after the value, at offset "
          + ctx.position());
    }
    return value;
  }

  private LimitExceededException readOverflow(ReadSession ctx) {
    // with references, also a set or map key inside a cycle: its hashCode never returns
    return new LimitExceededException("decoding overflowed this thread's stack near offset " + ctx.position()
        + ": the object graph is nested too deep (lower Brine.Builder.maxDepth, now " + maxDepth
        + ")" + (references ? " or a set or map key is part of a cycle (its hashCode recurses)" : ""));
  }

  private String headerMessage(int h) {
    if ((h & 0xF0) == HEADER && (h & (COMPATIBLE | COMPAT_DEFS_V2)) == COMPAT_DEFS_V2) {
      return String.format("not a Brine payload: header byte 0x%02X at offset 0 (expected 0x%02X)", h, header);
    }
    if ((h & 0xF0) == HEADER && ((h & COMPATIBLE) != 0) != compatible) {
      return (compatible ? "payload written in schema-consistent mode but this Brine is compatible(true)"
          : "payload written in compatible mode but this Brine is not: build it with compatible(true)")
          + "; both sides must agree";
    }
    if (compatible && (h & ~(FIXED_NUMBERS | REFERENCES)) == HEADER_V1) {
      return "payload in format 1, which compatible mode does not read; read it with a Brine that is not compatible(true)";
    }
    int base = h & ~(FIXED_NUMBERS | REFERENCES);
    if ((h & 0xF0) == HEADER) {
      base = HEADER; // the compatible bits agree (checked above)
    }
    if (base == HEADER && formatVersion == 1) {
      return "payload in format 2 but this Brine reads and writes format 1 (Brine.Builder.formatVersion(1)); "
          + "a Brine of the default format version reads both";
    }
    if (base == HEADER || base == HEADER_V1) {
      boolean refs = (h & 1) != 0;
      boolean compressed = (h & FIXED_NUMBERS) == 0;
      String written = (refs != references ? "references(" + refs + ")" : "")
          + (refs != references && compressed != compressNumbers ? " and " : "")
          + (compressed != compressNumbers ? "compressNumbers(" + compressed + ")" : "");
      String here = (refs != references ? "references(" + references + ")" : "")
          + (refs != references && compressed != compressNumbers ? " and " : "")
          + (compressed != compressNumbers ? "compressNumbers(" + compressNumbers + ")" : "");
      return "payload written with " + written + " but this Brine has " + here + "; both sides must agree";
    }
    return String.format("not a Brine payload: header byte 0x%02X at offset 0 (expected 0x%02X)", h, header);
  }

  private static BrineException nullAsPrimitive(Class<?> type) {
    return new BrineException("expected a " + type.getName() + " but the payload holds null");
  }

  /**
   * {@code value} as a {@code type} (a primitive class accepts its box).
   *
   * @throws BrineException if it is of another class, or null asked for as a primitive
   */
  @SuppressWarnings("unchecked")
  public static <T> T cast(Object value, Class<T> type) {
    if (value == null) {
      if (type.isPrimitive()) { // null would fail unboxed in the caller's code, far from here
        throw nullAsPrimitive(type);
      }
      return null;
    }
    if (value.getClass() == type || type.isInstance(value)) { // the exact class first: one compare
      return (T) value;
    }
    // a primitive class asks for its box (int.class for an Integer); anything else is a mismatch
    if (!type.isPrimitive() || MethodType.methodType(type).wrap().returnType() != value.getClass()) {
      throw new BrineException("expected a " + type.getName() + " but the payload holds a " + value.getClass().getName());
    }
    return (T) value;
  }

  /** Makes the write contexts of a pool (a named class, not a lambda: no class spun at start-up). */
  private static final class Writers implements java.util.function.Supplier<WriteSession> {
    private final TypeRegistry registry;
    private final boolean references;
    private final int maxDepth;
    private final long maxPayloadBytes;
    private final Roots roots;
    private final boolean compressStrings;

    Writers(TypeRegistry registry, boolean references, int maxDepth, long maxPayloadBytes, Roots roots,
        boolean compressStrings) {
      this.registry = registry;
      this.references = references;
      this.maxDepth = maxDepth;
      this.maxPayloadBytes = maxPayloadBytes;
      this.roots = roots;
      this.compressStrings = compressStrings;
    }

    @Override
    public WriteSession get() {
      WriteSession s = new WriteSession(registry, references, maxDepth, maxPayloadBytes);
      s.roots = roots;
      s.compressStrings(compressStrings);
      return s;
    }
  }

  /** Makes the read contexts of a pool. */
  private static final class Readers implements java.util.function.Supplier<ReadSession> {
    private final TypeRegistry registry;
    private final boolean references;
    private final int maxDepth;
    private final int maxLength;
    private final long maxStringBytes;
    private final Roots roots;

    Readers(TypeRegistry registry, boolean references, int maxDepth, int maxLength, long maxStringBytes, Roots roots) {
      this.registry = registry;
      this.references = references;
      this.maxDepth = maxDepth;
      this.maxLength = maxLength;
      this.maxStringBytes = maxStringBytes;
      this.roots = roots;
    }

    @Override
    public ReadSession get() {
      ReadSession s = new ReadSession(registry, references, maxDepth, maxLength, maxStringBytes);
      s.roots = roots;
      return s;
    }
  }
}
