package dev.brine.io;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import java.nio.ByteBuffer;

/**
 * Reads little-endian values from a {@code byte[]} slice, checking every read against the bytes
 * that remain. Every failure is a {@link MalformedInputException} (or {@link LimitExceededException})
 * naming the offset, counted from the start of the slice.
 *
 * <p>Naming mirrors {@link ByteWriter}: relative {@code readInt32()}, absolute {@code getInt32(index)}.
 * Not thread-safe.
 */
public class ByteReader {
  /** The bytes being read. */
  protected byte[] buf;
  /** The next read position (an index into {@link #buf}). */
  protected int pos;
  /** One past the last readable index. */
  protected int limit;
  /** Index of the slice's first byte; offsets in messages are relative to it. */
  protected int start;
  /** Longest string body accepted, in bytes. */
  protected long maxStringBytes = 64L << 20;
  private char[] scratch = new char[64];
  /** The stream's shared strings while a value is read with one; usually null. */
  private StringTable strings;

  /** Creates a reader with nothing to read; call {@link #wrap} before use. */
  public ByteReader() {
    this.buf = new byte[0];
  }

  /** Creates a reader over the whole array. */
  public ByteReader(byte[] bytes) {
    wrap(bytes, 0, bytes.length);
  }

  /** Points this reader at {@code bytes[offset, offset+length)}. */
  public final void wrap(byte[] bytes, int offset, int length) {
    if (offset < 0 || length < 0 || offset > bytes.length - length) {
      throw new IndexOutOfBoundsException("slice " + offset + "+" + length + " outside 0.." + bytes.length);
    }
    this.buf = bytes;
    this.pos = offset;
    this.start = offset;
    this.limit = offset + length;
    this.scratchFrom = Integer.MAX_VALUE;
  }

  /** How much of a payload's end {@link #wrapPayload} copies into the window scratch. */
  static final int TAIL = 64;
  /** Whether a window of the last payload was read from the scratch copy of its tail ({@link #copyOfRest}). */
  private boolean tailRead;

  /**
   * {@link #wrap} for a whole payload. When the previous payload's last objects read their number
   * groups from a scratch copy of its tail, and fewer than {@link #TAIL} bytes follow this payload in its
   * array (an array from {@code serialize} ends where the payload does), this payload's last {@link
   * #TAIL} bytes (or all of it, if shorter) are copied into the window scratch now, long before those
   * windows read them (journal step 88): a copy made at the window itself is read back at once, and
   * those loads wait for the copy's stores to reach the cache. Payloads whose windows all read in place
   * (the previous one's did) are not copied.
   */
  public final void wrapPayload(byte[] bytes, int offset, int length) {
    wrap(bytes, offset, length);
    int end = offset + length;
    if (tailRead) {
      tailRead = false;
      if (bytes.length - end < TAIL) {
        int n = Math.min(length, TAIL);
        System.arraycopy(bytes, end - n, windowScratch, 0, n);
        scratchFrom = end - n;
      }
    }
  }

  /**
   * Points this reader at the remaining bytes of {@code buffer} without changing its position. A heap
   * buffer is read in place; a direct buffer's remaining bytes are copied once.
   */
  public final void wrap(ByteBuffer buffer) {
    if (buffer.hasArray() && !buffer.isReadOnly()) {
      wrap(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    } else {
      byte[] copy = new byte[buffer.remaining()];
      buffer.duplicate().get(copy);
      wrap(copy, 0, copy.length);
    }
  }

  /** Sets the longest string body accepted, in bytes. */
  public final void maxStringBytes(long max) {
    this.maxStringBytes = max;
  }

  /** The read position, as an offset from the start of the slice. */
  public final int position() {
    return pos - start;
  }

  /** The bytes that remain to be read. */
  public final int remaining() {
    return limit - pos;
  }

  /** Converts an index into the array into an offset from the start of the slice (for messages). */
  public final int offsetOf(int index) {
    return index - start;
  }

  /**
   * Fails unless {@code n} bytes remain.
   *
   * @throws MalformedInputException naming what was being read and where
   */
  public final void require(int n, String what) {
    if (n < 0 || n > limit - pos) {
      throw truncated(what + " (" + Integer.toUnsignedString(n) + " bytes)", pos);
    }
  }

  /** An exception for input that ends before {@code what}, which starts at array index {@code at}. */
  public final TruncatedInputException truncated(String what, int at) {
    return new TruncatedInputException("truncated input: " + what + " at offset " + offsetOf(at)
        + " needs more bytes than the " + (limit - at) + " that remain");
  }

  /** An exception for a configured limit. */
  public final LimitExceededException limit(String message) {
    return new LimitExceededException(message);
  }

  private TruncatedInputException eof(int size) {
    return truncated(size + "-byte value", pos);
  }

  /** The array being read (indexes returned by {@link #window} point into it or into its scratch copy). */
  public final byte[] array() {
    return buf;
  }

  // ---------------------------------------------------------------- number groups and fixed blocks

  /** The scratch copy of an input's tail that {@link #window} hands out near the end of the array. */
  private byte[] windowScratch = new byte[2 * TAIL];
  /** What {@link #window} subtracted from the read position (0 when reading in place). */
  private int windowShift;
  /**
   * The index in {@link #buf} from which the window scratch holds a copy of the input up to its limit
   * ({@link Integer#MAX_VALUE}: none since the last {@link #wrap}); later windows in that tail read the
   * same copy instead of copying again.
   */
  private int scratchFrom = Integer.MAX_VALUE;

  /**
   * The array to read an object's number group and fixed block from, with every byte their loads
   * touch in bounds from {@link #windowStart()}: the {@code controlBytes} codes (read 8 at a time),
   * the values (each loaded whole: 4 or 8 bytes, however few it takes) and the {@code fixedBytes}
   * after them. {@code need} is that room when every value takes its whole width; when less remains in
   * the array, the codes say how much is really used (their sum: codes out of range only make it
   * larger), and only when even that is not there (truncated input, or an object whose last value
   * ends within a few bytes of the end of the array) is this a copy of the bytes that remain, in a
   * scratch array long enough for every load (what lies after the copied bytes there is left over from
   * earlier copies: like the bytes after an input's limit, loads may touch it, no value is made of it).
   * Loads may read past the value's bytes, never past the array; what they read there is masked off
   * or, if used, reported by {@link #windowEnd}. The caller checks the codes against their fields'
   * ranges (see {@link Loads#controlErrors(byte[], int, int, long[])}); until {@link #windowEnd}
   * nothing else may be read.
   *
   * @throws TruncatedInputException if fewer than {@code controlBytes} bytes remain (so that a
   *     truncated group is reported as such, not as malformed control codes)
   */
  public final byte[] window(int need, int controlBytes, int fixedBytes) {
    return inPlace(need, controlBytes) ? buf : windowNearEnd(need, controlBytes, fixedBytes);
  }

  /**
   * {@link #window} for a flat class with flat fields ({@code FlatReader}): {@code need} covers every load
   * of its whole payload, its fields' slots and payloads included, so the codes of its own group cannot
   * say how much of it is used; with less than that left in the array, the rest of the input is read
   * from the window scratch (copied, or there already).
   *
   * @throws TruncatedInputException as {@link #window}
   */
  public final byte[] flatWindow(int need, int controlBytes) {
    return inPlace(need, controlBytes) ? buf : copyOfRest(buf, pos, limit - pos, need);
  }

  /**
   * The start of both windows: fails unless {@code controlBytes} bytes remain; true (a window in place,
   * {@link #windowShift} 0) when the array has {@code need} bytes from the position.
   */
  private boolean inPlace(int need, int controlBytes) {
    int p = pos;
    if (limit - p < controlBytes) {
      throw truncated("number group (" + controlBytes + " control bytes)", p);
    }
    if (buf.length - p >= need) {
      windowShift = 0;
      return true;
    }
    return false;
  }

  private byte[] windowNearEnd(int need, int controlBytes, int fixedBytes) {
    int p = pos;
    byte[] b = buf;
    int have = limit - p;
    int rounded = (controlBytes + 7) & ~7; // the codes are loaded 8 bytes at a time
    if (inScratch(p, Math.max(need, rounded))) {
      return fromScratch(); // the rest is there already (wrapPayload, or an earlier window): no sum needed
    }
    if (b.length - p >= rounded) {
      long used = Math.max((long) controlBytes + Loads.codeSum(b, p, controlBytes) + Math.max(fixedBytes, 7), rounded);
      if (b.length - p >= used) {
        windowShift = 0;
        return b;
      }
      return copyOfRest(b, p, have, (int) Math.min(used, Math.max(need, rounded)));
    }
    return copyOfRest(b, p, have, Math.max(need, rounded));
  }

  /**
   * The window scratch holding {@code b[p, p + have)} (the rest of the input) at {@code p - windowShift}
   * with at least {@code size} bytes from there: the copy an earlier window of this input made, when it
   * starts at or before {@code p} and is long enough, else a new copy at its start. Reusing it spares
   * the second of two objects at the end of a payload a copy and, above all, the wait of a load from
   * bytes stored just before (journal step 73). The bytes after the copy are not cleared: nothing is
   * read from them that {@link #windowEnd} or {@link #windowError} would not report as truncated input.
   */
  private byte[] copyOfRest(byte[] b, int p, int have, int size) {
    if (inScratch(p, size)) {
      return fromScratch(); // the rest is already there, copied by an earlier window
    }
    tailRead = true;
    byte[] w = windowScratch;
    windowShift = p;
    if (w.length < size) {
      w = new byte[Math.max(size, w.length * 2)];
      if (size <= 1 << 16) {
        windowScratch = w; // a larger one is not kept: a later window copies again
      }
    }
    System.arraycopy(b, p, w, 0, Math.min(have, size));
    scratchFrom = w == windowScratch && have <= size ? p : Integer.MAX_VALUE;
    return w;
  }

  /** Whether the window scratch holds the input from {@code p} to its limit with {@code size} bytes of room from there. */
  private boolean inScratch(int p, int size) {
    int from = scratchFrom;
    return p >= from && windowScratch.length - (p - from) >= size;
  }

  /** The window scratch as {@link #window}'s array (after {@link #inScratch}). */
  private byte[] fromScratch() {
    windowShift = scratchFrom;
    tailRead = true;
    return windowScratch;
  }

  /** The index in the input array of index {@code i} of {@link #window}'s array (for messages: {@link #offsetOf}). */
  public final int windowIndex(int i) {
    return i + windowShift;
  }

  /** The index in {@link #window}'s array where the group starts. */
  public final int windowStart() {
    return pos - windowShift;
  }

  /**
   * Ends the window at index {@code p} of its array: the read position moves there.
   *
   * @throws TruncatedInputException if the group and block run past the end of the input
   */
  public final void windowEnd(int p) {
    int end = p + windowShift;
    if (end > limit || end < pos) {
      throw truncated("number group and fixed-width fields (" + (end - pos) + " bytes)", pos);
    }
    pos = end;
  }

  /**
   * The exception for an invalid value (a boolean byte, an enum ordinal) read inside a window: if the
   * group and block whose codes start at {@code control} (an index in the window's array, {@code
   * groupFields} codes, then {@code fixedBytes}) run past the input, the input is truncated and the
   * value was never there; otherwise it is malformed.
   */
  public final MalformedInputException windowError(byte[] b, int control, int groupFields, int fixedBytes, String what) {
    long end = control + (groupFields + 1) / 2 + fixedBytes;
    for (int i = 0; i < groupFields; i++) {
      end += (b[control + (i >> 1)] >> ((i & 1) << 2)) & 15;
    }
    if (end + windowShift > limit) {
      return truncated("number group and fixed-width fields (" + (end + windowShift - pos) + " bytes)", pos);
    }
    return new MalformedInputException(what + " in the object at offset " + offsetOf(pos));
  }

  // ---------------------------------------------------------------- fixed width

  /** Reads 1 byte that must be 0 or 1. */
  public final boolean readBoolean() {
    int b = readInt8();
    if ((b & ~1) != 0) {
      throw new MalformedInputException("boolean byte " + b + " at offset " + offsetOf(pos - 1) + " is neither 0 nor 1");
    }
    return b != 0;
  }

  /** Reads a signed byte. */
  public final byte readInt8() {
    if (pos >= limit) {
      throw eof(1);
    }
    return buf[pos++];
  }

  /** Reads a signed 16-bit little-endian value. */
  public final short readInt16() {
    if (limit - pos < 2) {
      throw eof(2);
    }
    short v = (short) ByteWriter.I16.get(buf, pos);
    pos += 2;
    return v;
  }

  /** Reads a char, 2 bytes little-endian. */
  public final char readChar() {
    return (char) readInt16();
  }

  /** Reads a 32-bit little-endian value. */
  public final int readInt32() {
    if (limit - pos < 4) {
      throw eof(4);
    }
    int v = (int) ByteWriter.I32.get(buf, pos);
    pos += 4;
    return v;
  }

  /** Reads a 64-bit little-endian value. */
  public final long readInt64() {
    if (limit - pos < 8) {
      throw eof(8);
    }
    long v = (long) ByteWriter.I64.get(buf, pos);
    pos += 8;
    return v;
  }

  /** Reads a float from its raw IEEE 754 bits. */
  public final float readFloat32() {
    return Float.intBitsToFloat(readInt32());
  }

  /** Reads a double from its raw IEEE 754 bits. */
  public final double readFloat64() {
    return Double.longBitsToDouble(readInt64());
  }

  /** The byte at absolute array index {@code index} (within the slice), without moving. */
  public final byte getInt8(int index) {
    if (index < start || index >= limit) {
      throw new IndexOutOfBoundsException("index " + index);
    }
    return buf[index];
  }

  // ---------------------------------------------------------------- varints

  /**
   * Reads an unsigned LEB128 varint of at most 5 bytes. When 8 bytes remain it decodes from one
   * 8-byte load.
   *
   * @throws MalformedInputException if truncated or longer than 5 bytes / 32 bits
   */
  public final int readVarUInt32() {
    int p = pos;
    if (limit - p >= 8) {
      // test the continuation bits in place and gather the 7-bit groups with one shift and mask each;
      // one predictable branch per length in generated code
      long w = (long) ByteWriter.I64.get(buf, p);
      int r = (int) w & 0x7F;
      if ((w & 0x80L) == 0) {
        pos = p + 1;
        return r;
      }
      r |= (int) (w >>> 1) & 0x3F80;
      if ((w & 0x8000L) == 0) {
        pos = p + 2;
        return r;
      }
      r |= (int) (w >>> 2) & 0x1FC000;
      if ((w & 0x800000L) == 0) {
        pos = p + 3;
        return r;
      }
      r |= (int) (w >>> 3) & 0xFE00000;
      if ((w & 0x80000000L) == 0) {
        pos = p + 4;
        return r;
      }
      if ((w & 0xF000000000L) != 0) { // the 5th byte holds 4 bits and no continuation
        throw new MalformedInputException("varint at offset " + offsetOf(p) + " is longer than 32 bits");
      }
      pos = p + 5;
      return r | (int) (w >>> 4) & 0xF0000000;
    }
    return readVarUInt32Slow();
  }

  private int readVarUInt32Slow() {
    int p = pos;
    if (p < limit && buf[p] >= 0) { // a one-byte value near the end: the common case here
      pos = p + 1;
      return buf[p];
    }
    int r = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (p >= limit) {
        throw truncated("varint", pos);
      }
      int b = buf[p++] & 0xFF;
      if (shift == 28 && b > 0x0F) {
        throw new MalformedInputException("varint at offset " + offsetOf(pos) + " is longer than 32 bits");
      }
      r |= (b & 0x7F) << shift;
      if (b < 0x80) {
        pos = p;
        return r;
      }
    }
    throw new MalformedInputException("varint at offset " + offsetOf(pos) + " is longer than 32 bits");
  }

  /** Reads a zig-zag varint written by {@link ByteWriter#writeVarInt32}. */
  public final int readVarInt32() {
    int v = readVarUInt32();
    return (v >>> 1) ^ -(v & 1);
  }

  /**
   * Reads an unsigned prefix varint of at most 9 bytes written by {@link ByteWriter#writeVarUInt64}:
   * the leading 1 bits of the first byte count the bytes that follow. When 9 bytes remain it is one
   * 8-byte load and a few shifts.
   *
   * @throws MalformedInputException if truncated
   */
  public final long readVarUInt64() {
    int p = pos;
    if (limit - p >= 9) {
      long w = (long) ByteWriter.I64.get(buf, p);
      int b0 = (int) w & 0xFF;
      if (b0 < 0x80) {
        pos = p + 1;
        return b0;
      }
      // one branch per length with constant shifts: predictable per call site, and the next read's
      // position does not wait for this value's bits
      if (b0 < 0xC0) {
        pos = p + 2;
        return (b0 & 0x3F) | (w >>> 2) & (0xFFL << 6);
      }
      if (b0 < 0xE0) {
        pos = p + 3;
        return (b0 & 0x1F) | (w >>> 3) & (0xFFFFL << 5);
      }
      if (b0 < 0xF0) {
        pos = p + 4;
        return (b0 & 0x0F) | (w >>> 4) & (0xFFFFFFL << 4);
      }
      if (b0 < 0xF8) {
        pos = p + 5;
        return (b0 & 0x07) | (w >>> 5) & (0xFFFFFFFFL << 3);
      }
      if (b0 < 0xFC) {
        pos = p + 6;
        return (b0 & 0x03) | (w >>> 6) & (0xFFFFFFFFFFL << 2);
      }
      if (b0 < 0xFE) {
        pos = p + 7;
        return (b0 & 0x01) | (w >>> 7) & (0xFFFFFFFFFFFFL << 1);
      }
      if (b0 == 0xFE) {
        pos = p + 8;
        return w >>> 8;
      }
      pos = p + 9;
      return (long) ByteWriter.I64.get(buf, p + 1);
    }
    return readVarUInt64Slow();
  }

  private long readVarUInt64Slow() {
    int p = pos;
    if (p >= limit) {
      throw truncated("varint", p);
    }
    int b0 = buf[p] & 0xFF;
    if (b0 < 0x80) { // a one-byte value near the end: the common case here
      pos = p + 1;
      return b0;
    }
    int t = Integer.numberOfLeadingZeros(~b0 & 0xFF) - 24;
    if (t >= limit - p) {
      throw truncated("varint of " + (t + 1) + " bytes", p);
    }
    long rest = 0;
    for (int i = t; i >= 1; i--) {
      rest = rest << 8 | (buf[p + i] & 0xFFL);
    }
    pos = p + t + 1;
    if (t == 8) {
      return rest;
    }
    return (b0 & ((1 << (7 - t)) - 1)) | rest << (7 - t);
  }

  /** Reads a zig-zag varint written by {@link ByteWriter#writeVarInt64}. */
  public final long readVarInt64() {
    long v = readVarUInt64();
    return (v >>> 1) ^ -(v & 1);
  }

  /**
   * Reads a length or count: a varuint32 that must be non-negative, at most {@code max}, and (with
   * {@code minBytesEach} &gt; 0) small enough that {@code n * minBytesEach} bytes remain. Checked before
   * the caller allocates anything.
   *
   * @param what what is being counted, for the message
   * @param max the configured limit
   * @param minBytesEach the fewest bytes each counted item occupies in the input
   */
  public final int readLength(String what, int max, int minBytesEach) {
    int at = pos;
    int n = readVarUInt32();
    if (n < 0 || n > max) {
      throw limit(what + " of " + Integer.toUnsignedString(n) + " at offset " + offsetOf(at)
          + " exceeds the limit of " + max);
    }
    if ((long) n * minBytesEach > limit - pos) {
      // the bytes that remain are counted after the length field, where the items begin
      throw new TruncatedInputException("truncated input: " + what + " of " + n + " at offset "
          + offsetOf(at) + " needs at least " + (long) n * minBytesEach + " bytes, but only "
          + (limit - pos) + " follow it");
    }
    return n;
  }

  // ---------------------------------------------------------------- bulk

  /** Reads {@code len} bytes into a new array; the length is checked against the remaining bytes first. */
  public final byte[] readBytes(int len) {
    require(len, "byte array");
    byte[] out = new byte[len];
    System.arraycopy(buf, pos, out, 0, len);
    pos += len;
    return out;
  }

  /** Copies {@code len} bytes into {@code dst} at {@code off}. */
  public final void readBytes(byte[] dst, int off, int len) {
    require(len, "byte array");
    System.arraycopy(buf, pos, dst, off, len);
    pos += len;
  }

  /** Skips {@code n} bytes. */
  public final void skip(int n) {
    require(n, "skipped bytes");
    pos += n;
  }

  /** Reads {@code a.length} booleans (each byte 0 or 1). */
  public final void readBooleans(boolean[] a) {
    require(a.length, "boolean array");
    for (int i = 0; i < a.length; i++) {
      int b = buf[pos + i];
      if ((b & ~1) != 0) {
        throw new MalformedInputException("boolean byte " + b + " at offset " + offsetOf(pos + i) + " is neither 0 nor 1");
      }
      a[i] = b != 0;
    }
    pos += a.length;
  }

  /** Reads {@code a.length} 16-bit values. */
  public final void readInt16s(short[] a) {
    require(a.length * 2, "short array");
    BulkArrays.load(buf, pos, a);
    pos += a.length * 2;
  }

  /** Reads {@code a.length} chars. */
  public final void readChars(char[] a) {
    require(a.length * 2, "char array");
    BulkArrays.load(buf, pos, a);
    pos += a.length * 2;
  }

  /** Reads {@code a.length} 32-bit values. */
  public final void readInt32s(int[] a) {
    require(a.length * 4, "int array");
    BulkArrays.load(buf, pos, a);
    pos += a.length * 4;
  }

  /** Reads {@code a.length} 64-bit values. */
  public final void readInt64s(long[] a) {
    require((int) Math.min(Integer.MAX_VALUE, a.length * 8L), "long array");
    BulkArrays.load(buf, pos, a);
    pos += a.length * 8;
  }

  /** Reads {@code a.length} floats. */
  public final void readFloat32s(float[] a) {
    require(a.length * 4, "float array");
    BulkArrays.load(buf, pos, a);
    pos += a.length * 4;
  }

  /** Reads {@code a.length} doubles. */
  public final void readFloat64s(double[] a) {
    require((int) Math.min(Integer.MAX_VALUE, a.length * 8L), "double array");
    BulkArrays.load(buf, pos, a);
    pos += a.length * 8;
  }

  // ---------------------------------------------------------------- strings

  /** Reads a non-null string written by {@link ByteWriter#writeString}. */
  public final String readString() {
    int at = pos;
    long header = readVarUInt64();
    if ((header & 3) == 3) {
      if (header == StringCodec.NULL_HEADER) {
        throw new MalformedInputException("null string marker in a non-null string slot at offset " + offsetOf(at));
      }
      return fromTable(header, at);
    }
    return StringCodec.read(this, header, at);
  }

  /** Reads a string written by {@link ByteWriter#writeNullableString}; may return null. */
  public final String readNullableString() {
    int at = pos;
    long header = readVarUInt64();
    if ((header & 3) == 3) {
      return header == StringCodec.NULL_HEADER ? null : fromTable(header, at);
    }
    return StringCodec.read(this, header, at);
  }

  private String fromTable(long header, int at) {
    StringTable t = strings;
    if (t == null) {
      throw new MalformedInputException("string table entry at offset " + offsetOf(at) + ", but no string table "
          + "is in use (values from a stream written with a StringTable are read with one)");
    }
    return t.read(this, header, at);
  }

  /** The stream's string table the current value goes through, or null. */
  public final StringTable stringTable() {
    return strings;
  }

  /**
   * Reads the strings of the next value through {@code table} (a stream's shared strings), until
   * {@link #endStringTable}.
   */
  public final void useStringTable(StringTable table) {
    table.beginRead();
    strings = table;
  }

  /**
   * Stops using the string table; {@code read} false means the value failed, and the table goes back
   * to what it held before the value (so the value can be decoded again from more bytes).
   */
  public final void endStringTable(boolean read) {
    StringTable t = strings;
    strings = null;
    if (t != null) {
      if (read) {
        t.endRead();
      } else {
        t.abortRead();
      }
    }
  }

  char[] scratchChars(int n) {
    char[] s = scratch;
    if (s.length < n) {
      s = new char[Math.max(n, s.length * 2)];
      if (n <= 1 << 16) {
        scratch = s; // keep moderate scratch buffers, drop huge ones
      }
    }
    return s;
  }
}
