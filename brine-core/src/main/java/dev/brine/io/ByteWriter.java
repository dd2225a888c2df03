package dev.brine.io;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable little-endian heap buffer that values are written into.
 *
 * <p>Naming, three verbs: relative {@code writeInt32(v)} checks capacity and advances the position;
 * absolute {@code putInt32(index, v)} overwrites written bytes; static {@code storeInt32(array, p, v)}
 * stores into an array the caller has sized and returns the next position (generated code reserves
 * room for a run of fields once and stores them with the position in a local). {@link ByteReader}
 * mirrors them: {@code readInt32()}, {@code getInt8(index)}, {@code loadInt32(array, p)}. Fixed-width numbers are little-endian through {@link
 * MethodHandles#byteArrayViewVarHandle}; varints are LEB128 (7 bits a byte, low bits first), signed
 * ones zig-zag encoded. The buffer keeps {@value #SLACK} spare bytes so small varints are written
 * with a single 8-byte store.
 *
 * <p>Not thread-safe: one writer belongs to one call at a time.
 */
public class ByteWriter {
  static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle F32 = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle F64 = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  /** Spare bytes kept past every {@link #ensure} so multi-byte stores never need a second check. */
  public static final int SLACK = 16;

  /** The bytes; valid from 0 to {@link #position()}. */
  protected byte[] buf;
  /** The next write position. */
  protected int pos;
  private final long maxBytes;
  /** How far {@link #pos} may advance without growing: the capacity less slack, at most maxBytes. */
  private int writable;
  /** The stream's shared strings while a value is written with one; usually null. */
  private StringTable strings;
  /** Views of {@link #buf} for block copies of long primitive arrays; made on first use, again after growth. */
  private BulkArrays.Views views;
  /**
   * Whether a string that is not Latin-1 may be written as UTF-8 (where that saves a quarter of UTF-16's
   * bytes; the default) or is always written as UTF-16 ({@code Brine.Builder.compressStrings(false)}).
   */
  boolean compressStrings = true;

  /** Creates a writer with the given initial capacity and no size limit beyond the JVM's arrays. */
  public ByteWriter(int initialCapacity) {
    this(initialCapacity, Integer.MAX_VALUE - 64);
  }

  /**
   * Creates a writer that refuses to grow past {@code maxBytes}.
   *
   * @throws IllegalArgumentException if the capacity is negative
   */
  public ByteWriter(int initialCapacity, long maxBytes) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("negative capacity " + initialCapacity);
    }
    this.buf = new byte[initialCapacity + SLACK];
    this.maxBytes = Math.min(maxBytes, Integer.MAX_VALUE - 64);
    this.writable = (int) Math.min(buf.length - SLACK, this.maxBytes);
  }

  /** The number of bytes written so far. */
  public final int position() {
    return pos;
  }

  /** Moves the write position (to overwrite or truncate); must be within the written bytes. */
  public final void position(int newPosition) {
    if (newPosition < 0 || newPosition > pos) {
      throw new IndexOutOfBoundsException("position " + newPosition + " outside 0.." + pos);
    }
    pos = newPosition;
  }

  /** Forgets the written bytes, keeping the capacity. */
  public void reset() {
    pos = 0;
  }

  /** The backing array; valid from 0 to {@link #position()}. It changes when the buffer grows. */
  public final byte[] array() {
    return buf;
  }

  /**
   * The end of the room made by {@link #ensure}: {@code ensure(n)} returns with {@code limit() -
   * position() >= n}, and the array holds {@link #SLACK} more bytes beyond it. For code that keeps
   * the array and the position in locals across many values and checks the room itself (then {@link
   * #advanceTo}).
   */
  public final int limit() {
    return writable;
  }

  /** A copy of the written bytes. */
  public final byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Replaces a grown backing array by a small one, so a pooled writer does not pin memory. */
  public final void trim(int maxRetained) {
    if (buf.length > maxRetained + SLACK) {
      buf = new byte[maxRetained + SLACK];
      views = null; // they would pin the grown array
      writable = (int) Math.min(buf.length - SLACK, maxBytes);
      pos = 0;
    }
  }

  /**
   * Makes room for {@code n} more bytes (plus {@link #SLACK}).
   *
   * @throws LimitExceededException if the payload would exceed the configured maximum size
   */
  public final void ensure(int n) {
    if (Integer.compareUnsigned(n, writable - pos) > 0) { // also catches a negative (overflowed) n
      grow(n);
    }
  }

  private void grow(int n) {
    long needed = (long) pos + n;
    if (n < 0 || needed > maxBytes) {
      throw new LimitExceededException(
          "payload would grow to " + ((long) pos + Integer.toUnsignedLong(n)) + " bytes, over the limit of "
              + maxBytes + " bytes (Brine.Builder.maxPayloadBytes)");
    }
    long cap = Math.max(needed + SLACK, Math.min((long) buf.length * 2, maxBytes + SLACK));
    buf = Arrays.copyOf(buf, (int) Math.min(cap, Integer.MAX_VALUE - 8));
    views = null; // of the old array: made again for the new one when needed
    writable = (int) Math.min(buf.length - SLACK, maxBytes);
  }

  // ---------------------------------------------------------------- fixed width, relative

  /** Writes 1 byte: 1 for true, 0 for false. */
  public final void writeBoolean(boolean v) {
    ensure(1);
    buf[pos++] = (byte) (v ? 1 : 0);
  }

  /** Writes the low 8 bits of {@code v}. */
  public final void writeInt8(int v) {
    ensure(1);
    buf[pos++] = (byte) v;
  }

  /** Writes the low 16 bits of {@code v}, little-endian. */
  public final void writeInt16(int v) {
    ensure(2);
    I16.set(buf, pos, (short) v);
    pos += 2;
  }

  /** Writes a char as 2 bytes, little-endian. */
  public final void writeChar(char v) {
    ensure(2);
    I16.set(buf, pos, (short) v);
    pos += 2;
  }

  /** Writes 4 bytes, little-endian. */
  public final void writeInt32(int v) {
    ensure(4);
    I32.set(buf, pos, v);
    pos += 4;
  }

  /** Writes 8 bytes, little-endian. */
  public final void writeInt64(long v) {
    ensure(8);
    I64.set(buf, pos, v);
    pos += 8;
  }

  /** Writes the IEEE 754 bits of {@code v} (NaN payloads kept), 4 bytes little-endian. */
  public final void writeFloat32(float v) {
    writeInt32(Float.floatToRawIntBits(v));
  }

  /** Writes the IEEE 754 bits of {@code v} (NaN payloads kept), 8 bytes little-endian. */
  public final void writeFloat64(double v) {
    writeInt64(Double.doubleToRawLongBits(v));
  }

  // ---------------------------------------------------------------- fixed width, absolute

  /** Stores one byte at {@code index} (which must be below {@link #position()}). */
  public final void putInt8(int index, int v) {
    checkIndex(index, 1);
    buf[index] = (byte) v;
  }

  /** Stores 4 bytes little-endian at {@code index} (which must be within the written bytes). */
  public final void putInt32(int index, int v) {
    checkIndex(index, 4);
    I32.set(buf, index, v);
  }

  /** Stores 8 bytes little-endian at {@code index} (which must be within the written bytes). */
  public final void putInt64(int index, long v) {
    checkIndex(index, 8);
    I64.set(buf, index, v);
  }

  private void checkIndex(int index, int size) {
    if (index < 0 || index > pos - size) {
      throw new IndexOutOfBoundsException("index " + index + " (+" + size + ") outside written 0.." + pos);
    }
  }

  // ---------------------------------------------------------------- varints

  /**
   * Writes an unsigned LEB128 varint of 1–5 bytes. Treats {@code v} as unsigned, so negative values
   * take 5 bytes; use {@link #writeVarInt32} for signed values.
   */
  public final void writeVarUInt32(int v) {
    ensure(5);
    pos = storeVarUInt32(buf, pos, v);
  }

  /**
   * Stores {@code v} as an unsigned varint in the bytes just before index {@code end}, which the caller
   * reserved (at least {@link #sizeOfVarUInt32} of them), touching no byte at or after {@code end};
   * returns the varint's first index. For a length prefix written after the value it measures.
   */
  public final int prependVarUInt32(int end, int v) {
    int at = end - sizeOfVarUInt32(v);
    for (int i = at; i < end; i++) {
      buf[i] = (byte) (i == end - 1 ? v : (v & 0x7F) | 0x80);
      v >>>= 7;
    }
    return at;
  }

  /** Writes a zig-zag varint: small magnitudes, positive or negative, take few bytes. */
  public final void writeVarInt32(int v) {
    writeVarUInt32((v << 1) ^ (v >> 31));
  }

  /**
   * Writes an unsigned prefix varint of 1–9 bytes. The count of leading 1 bits in the first byte says
   * how many bytes follow it: {@code 0xxxxxxx} is a 7-bit value (the same byte as LEB128), {@code
   * 10xxxxxx} + 1 byte a 14-bit value, … {@code 11111110} + 7 bytes a 56-bit value, and {@code
   * 11111111} + 8 bytes any 64-bit value. The first byte holds the value's low bits, the following
   * bytes the rest, little-endian. Same sizes as LEB128 (7 bits a byte), but read and written with one
   * 8-byte load or store and no per-byte branches.
   */
  public final void writeVarUInt64(long v) {
    ensure(9);
    pos = storeVarUInt64(buf, pos, v);
  }

  /** Writes a zig-zag varint of 1–9 bytes. */
  public final void writeVarInt64(long v) {
    writeVarUInt64((v << 1) ^ (v >> 63));
  }

  /** The number of bytes {@link #writeVarUInt32} takes for {@code v}. */
  public static int sizeOfVarUInt32(int v) {
    return v == 0 ? 1 : (38 - Integer.numberOfLeadingZeros(v)) / 7;
  }

  /** The number of bytes {@link #writeVarUInt64} takes for {@code v}. */
  public static int sizeOfVarUInt64(long v) {
    return v == 0 ? 1 : Math.min(9, (70 - Long.numberOfLeadingZeros(v)) / 7);
  }

  // ---------------------------------------------------------------- sign-extended numbers (number groups)

  /** {@code SIGNED32[nlz]}: bytes of a sign-extended int whose {@code v ^ (v >> 31)} has {@code nlz} leading zeros. */
  private static final int[] SIGNED32 = new int[33];
  /** {@code SIGNED64[nlz]}: as {@link #SIGNED32} for longs. */
  private static final int[] SIGNED64 = new int[65];

  static {
    // the string codec's initialization (a reflective probe of java.lang) with the writer's, which Engine
    // runs at build(), rather than in the first string written
    StringCodec.stringInternalsOpen();
    for (int i = 0; i <= 32; i++) {
      SIGNED32[i] = Math.max(1, (40 - i) >>> 3);
    }
    for (int i = 0; i <= 64; i++) {
      SIGNED64[i] = Math.max(1, (72 - i) >>> 3);
    }
  }

  /**
   * The fewest bytes (1–4) that hold {@code v} as a little-endian two's complement number read back
   * with sign extension: -128..127 take 1 byte, -32768..32767 2, and so on. A number group stores the
   * whole int and advances by this many bytes. (A table lookup rather than arithmetic: with an index of
   * unknown range the JIT keeps the position an int, which measured 15 % faster for a 100-field class.)
   */
  public static int sizeOfSigned32(int v) {
    return SIGNED32[Integer.numberOfLeadingZeros(v ^ (v >> 31))];
  }

  /** The fewest bytes (1–8) that hold {@code v} sign-extended; see {@link #sizeOfSigned32}. */
  public static int sizeOfSigned64(long v) {
    return SIGNED64[Long.numberOfLeadingZeros(v ^ (v >> 63))];
  }

  // ---------------------------------------------------------------- stores into reserved room

  // For code that keeps the buffer and the position in locals across a run of fields (the generated
  // serializers): call ensure for the whole run, take array() and position(), chain these stores (each
  // writes at p and returns the next position), then publish the end with advanceTo. A position kept in
  // a local costs nothing per field; one kept in this object's field is stored to memory before every
  // bounds check. Varint stores may write whole words into the SLACK bytes after the value.

  /**
   * Publishes a position reached by the static stores: {@code newPosition} must lie between the
   * current position and the room reserved with {@link #ensure}.
   */
  public final void advanceTo(int newPosition) {
    if (newPosition < pos || newPosition > buf.length - SLACK) {
      throw new IndexOutOfBoundsException("position " + newPosition + " outside " + pos + ".." + (buf.length - SLACK));
    }
    pos = newPosition;
  }

  /** Stores the low 8 bits of {@code v} at {@code p}; returns {@code p + 1}. */
  public static int storeInt8(byte[] b, int p, int v) {
    b[p] = (byte) v;
    return p + 1;
  }

  /** Stores 1 for true, 0 for false at {@code p}; returns {@code p + 1}. */
  public static int storeBoolean(byte[] b, int p, boolean v) {
    b[p] = (byte) (v ? 1 : 0);
    return p + 1;
  }

  /** Stores the low 16 bits of {@code v} little-endian at {@code p}; returns {@code p + 2}. */
  public static int storeInt16(byte[] b, int p, int v) {
    I16.set(b, p, (short) v);
    return p + 2;
  }

  /** Stores {@code v} little-endian at {@code p}; returns {@code p + 4}. */
  public static int storeInt32(byte[] b, int p, int v) {
    I32.set(b, p, v);
    return p + 4;
  }

  /** Stores {@code v} little-endian at {@code p}; returns {@code p + 8}. */
  public static int storeInt64(byte[] b, int p, long v) {
    I64.set(b, p, v);
    return p + 8;
  }

  /** Stores the raw bits of {@code v} little-endian at {@code p}; returns {@code p + 4}. */
  public static int storeFloat32(byte[] b, int p, float v) {
    I32.set(b, p, Float.floatToRawIntBits(v));
    return p + 4;
  }

  /** Stores the raw bits of {@code v} little-endian at {@code p}; returns {@code p + 8}. */
  public static int storeFloat64(byte[] b, int p, double v) {
    I64.set(b, p, Double.doubleToRawLongBits(v));
    return p + 8;
  }

  /**
   * Stores {@code src[0, n)} as raw little-endian doubles from {@code p} on (long runs in one block
   * copy); returns {@code p + 8 * n}.
   *
   * @throws IndexOutOfBoundsException if they do not all fit in {@code b} or {@code n} exceeds {@code src}
   */
  public static int storeFloat64s(byte[] b, int p, double[] src, int n) {
    java.util.Objects.checkFromIndexSize(0, n, src.length);
    java.util.Objects.checkFromIndexSize(p, n * 8L > Integer.MAX_VALUE ? -1 : n * 8, b.length);
    BulkArrays.store(b, p, src, n);
    return p + n * 8;
  }

  /** Stores {@code v} as a zig-zag varint (see {@link #writeVarInt32}); returns the next position. */
  public static int storeVarInt32(byte[] b, int p, int v) {
    return storeVarUInt32(b, p, (v << 1) ^ (v >> 31));
  }

  /** Stores {@code v} as an unsigned LEB128 varint (see {@link #writeVarUInt32}); returns the next position. */
  public static int storeVarUInt32(byte[] b, int p, int v) {
    if ((v >>> 7) == 0) {
      b[p] = (byte) v;
      return p + 1;
    }
    return storeVarUInt32Wide(b, p, v);
  }

  private static int storeVarUInt32Wide(byte[] b, int p, int v) {
    // one branch per length (predictable per call site in generated code) and one store each
    int b0 = (v & 0x7F) | 0x80;
    if ((v >>> 14) == 0) {
      I16.set(b, p, (short) (b0 | (v >>> 7) << 8));
      return p + 2;
    }
    if ((v >>> 21) == 0) {
      I32.set(b, p, b0 | ((v >>> 7) & 0x7F | 0x80) << 8 | (v >>> 14) << 16); // 4th byte is slack
      return p + 3;
    }
    if ((v >>> 28) == 0) {
      I32.set(b, p, b0 | ((v >>> 7) & 0x7F | 0x80) << 8 | ((v >>> 14) & 0x7F | 0x80) << 16 | (v >>> 21) << 24);
      return p + 4;
    }
    I32.set(b, p, b0 | ((v >>> 7) & 0x7F | 0x80) << 8 | ((v >>> 14) & 0x7F | 0x80) << 16
        | ((v >>> 21) & 0x7F | 0x80) << 24);
    b[p + 4] = (byte) (v >>> 28);
    return p + 5;
  }

  /** Stores {@code v} as a zig-zag prefix varint (see {@link #writeVarInt64}); returns the next position. */
  public static int storeVarInt64(byte[] b, int p, long v) {
    return storeVarUInt64(b, p, (v << 1) ^ (v >> 63));
  }

  /** Stores {@code v} as an unsigned prefix varint (see {@link #writeVarUInt64}); returns the next position. */
  public static int storeVarUInt64(byte[] b, int p, long v) {
    if ((v >>> 7) == 0) { // the common small value: one byte
      b[p] = (byte) v;
      return p + 1;
    }
    if ((v >>> 56) == 0) {
      // t = bytes after the first (1..7) = (index of the top bit) / 7, without a branch per length;
      // x * 37 >>> 8 equals x / 7 for every index here (7..55) and is one multiply. Small enough for
      // the JIT to inline at every call site (the branchy version was not: "hot method too big")
      int t = (63 - Long.numberOfLeadingZeros(v)) * 37 >>> 8;
      int low = 7 - t;
      I64.set(b, p, ((0xFF00 >>> t) & 0xFF) | (v & ((1L << low) - 1)) | (v >>> low) << 8);
      return p + 1 + t;
    }
    b[p] = (byte) 0xFF;
    I64.set(b, p + 1, v);
    return p + 9;
  }

  // ---------------------------------------------------------------- bulk

  /** Copies {@code len} bytes of {@code src} from {@code off}. */
  public final void writeBytes(byte[] src, int off, int len) {
    ensure(len);
    System.arraycopy(src, off, buf, pos, len);
    pos += len;
  }

  /** Writes each element as 1 byte (0 or 1). */
  public final void writeBooleans(boolean[] a) {
    ensure(a.length);
    for (int i = 0; i < a.length; i++) {
      buf[pos + i] = (byte) (a[i] ? 1 : 0);
    }
    pos += a.length;
  }

  private BulkArrays.Views views() {
    BulkArrays.Views v = views;
    if (v == null || v.bytes != buf) {
      v = views = new BulkArrays.Views(buf);
    }
    return v;
  }

  /** Writes each element as 2 bytes little-endian. */
  public final void writeInt16s(short[] a) {
    ensure(a.length * 2);
    if (a.length >= BulkArrays.MIN_WRITE) {
      views().put(pos, a);
    } else {
      BulkArrays.store(buf, pos, a);
    }
    pos += a.length * 2;
  }

  /** Writes each char as 2 bytes little-endian. */
  public final void writeChars(char[] a) {
    ensure(a.length * 2);
    if (a.length >= BulkArrays.MIN_WRITE) {
      views().put(pos, a);
    } else {
      BulkArrays.store(buf, pos, a);
    }
    pos += a.length * 2;
  }

  /** Writes each element as 4 bytes little-endian. */
  public final void writeInt32s(int[] a) {
    ensure(a.length * 4);
    if (a.length >= BulkArrays.MIN_WRITE) {
      views().put(pos, a);
    } else {
      BulkArrays.store(buf, pos, a);
    }
    pos += a.length * 4;
  }

  /** Writes each element as 8 bytes little-endian. */
  public final void writeInt64s(long[] a) {
    ensure(a.length * 8);
    if (a.length >= BulkArrays.MIN_WRITE) {
      views().put(pos, a);
    } else {
      BulkArrays.store(buf, pos, a);
    }
    pos += a.length * 8;
  }

  /** Writes each element's raw IEEE 754 bits, 4 bytes little-endian. */
  public final void writeFloat32s(float[] a) {
    ensure(a.length * 4);
    if (a.length >= BulkArrays.MIN_WRITE) {
      views().put(pos, a);
    } else {
      BulkArrays.store(buf, pos, a);
    }
    pos += a.length * 4;
  }

  /** Writes each element's raw IEEE 754 bits, 8 bytes little-endian. */
  public final void writeFloat64s(double[] a) {
    ensure(a.length * 8);
    if (a.length >= BulkArrays.MIN_WRITE) {
      views().put(pos, a);
    } else {
      BulkArrays.store(buf, pos, a);
    }
    pos += a.length * 8;
  }

  // ---------------------------------------------------------------- strings

  /**
   * Writes a non-null string: a varuint64 header {@code (byteLength << 2) | coder} followed by the
   * bytes. The coder is chosen per string: 0 Latin-1 (every char ≤ 0xFF), 1 UTF-16LE, 2 UTF-8 (when some
   * char is above 0xFF, no surrogate is unpaired and UTF-8 saves at least a quarter of UTF-16's bytes; never
   * with {@link #compressStrings(boolean) compressStrings(false)}). Header value 3 is reserved for null by
   * {@link #writeNullableString}.
   */
  public final void writeString(String s) {
    StringTable t = strings;
    if (t == null) {
      StringCodec.write(this, s);
    } else {
      t.write(this, s);
    }
  }

  /** Sets {@link #compressStrings}: false writes every string that is not Latin-1 as UTF-16 (a reader reads either). */
  public final void compressStrings(boolean compress) {
    this.compressStrings = compress;
  }

  /** Writes a string that may be null: null is the single header byte 3, otherwise as {@link #writeString}. */
  public final void writeNullableString(String s) {
    if (s == null) {
      ensure(1);
      buf[pos++] = StringCodec.NULL_HEADER;
    } else {
      writeString(s);
    }
  }

  /** The stream's string table the current value goes through, or null. */
  public final StringTable stringTable() {
    return strings;
  }

  /**
   * Writes the strings of the next value through {@code table} (a stream's shared strings), until
   * {@link #endStringTable}.
   */
  public final void useStringTable(StringTable table) {
    table.beginWrite();
    strings = table;
  }

  /**
   * Stops using the string table; {@code written} false means the value's bytes are dropped, so the
   * table forgets everything (the reader never sees what the value promoted).
   */
  public final void endStringTable(boolean written) {
    StringTable t = strings;
    strings = null;
    if (t != null && !written) {
      t.reset();
    }
  }
}
