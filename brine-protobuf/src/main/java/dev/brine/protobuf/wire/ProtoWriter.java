package dev.brine.protobuf.wire;

import dev.brine.BrineException;
import java.util.Arrays;

/**
 * Writes the protobuf wire format into a growable array. Generated codecs and the interpreted ones
 * call the same methods, so both write the same bytes. Field methods named after a proto type
 * ({@link #int32}, {@link #string}) write a tag and a value; implicit-presence fields ({@code int32},
 * {@code bool}, …) skip their default value as proto3 does, the nullable ones ({@code optional …},
 * strings, messages) skip null.
 *
 * <p>Public because code generated into the user's packages calls it; not an API to program against.
 */
public final class ProtoWriter {
  /** The buffer; bytes {@code [0, pos)} are written. */
  public byte[] buf;
  /** The next position to write. */
  public int pos;

  /** Creates a writer with an initial capacity. */
  public ProtoWriter(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  /** Forgets what was written (keeps the buffer). */
  public void reset() {
    pos = 0;
  }

  /** The bytes written, in a new exact-size array. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Makes room for {@code n} more bytes. */
  public void ensure(int n) {
    if (buf.length - pos < n) {
      grow(n);
    }
  }

  private void grow(int n) {
    long need = (long) pos + n;
    if (need > Integer.MAX_VALUE - 16) {
      throw new BrineException("protobuf message larger than 2 GiB");
    }
    buf = Arrays.copyOf(buf, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 16, (long) buf.length * 2)));
  }

  // ------------------------------------------------------------------ raw values (no tag)

  /** An unsigned varint of the 32 bits of {@code v}. */
  public void varint32(int v) {
    ensure(5);
    byte[] b = buf;
    int p = pos;
    while ((v & ~0x7F) != 0) {
      b[p++] = (byte) (v | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    pos = p;
  }

  /** An unsigned varint of the 64 bits of {@code v}. */
  public void varint64(long v) {
    ensure(10);
    byte[] b = buf;
    int p = pos;
    while ((v & ~0x7FL) != 0) {
      b[p++] = (byte) (v | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    pos = p;
  }

  /** An int32 value: a varint, negative numbers sign-extended to ten bytes. */
  public void int32Value(int v) {
    if (v >= 0) {
      varint32(v);
    } else {
      varint64(v);
    }
  }

  /** Four bytes little-endian. */
  public void fixed32Value(int v) {
    ensure(4);
    Wire.storeInt32(buf, pos, v);
    pos += 4;
  }

  /** Eight bytes little-endian. */
  public void fixed64Value(long v) {
    ensure(8);
    Wire.storeInt64(buf, pos, v);
    pos += 8;
  }

  /** A string's UTF-8 length and bytes (unpaired surrogates written as '?', as protobuf-java does). */
  public void stringValue(String s) {
    int n = s.length();
    if (n < 43) { // at most 126 bytes of UTF-8: the length fits one byte
      ensure(1 + 3 * n);
      int start = pos;
      int end = Utf8.encode(s, buf, start + 1);
      buf[start] = (byte) (end - start - 1);
      pos = end;
    } else {
      int len = Utf8.encodedLength(s);
      varint32(len);
      ensure(len);
      pos = Utf8.encode(s, buf, pos);
    }
  }

  /** A byte string's length and bytes. */
  public void bytesValue(byte[] v) {
    varint32(v.length);
    ensure(v.length);
    System.arraycopy(v, 0, buf, pos, v.length);
    pos += v.length;
  }

  /**
   * Starts a length-delimited value whose length is not known yet: reserves one byte for it and
   * returns the mark to pass to {@link #endLength}.
   */
  public int beginLength() {
    ensure(1);
    return pos++;
  }

  /** Ends the value started at {@code mark}: writes its length there, moving the value if it needs more than one byte. */
  public void endLength(int mark) {
    int len = pos - mark - 1;
    if (len < 0x80) {
      buf[mark] = (byte) len;
      return;
    }
    int size = Wire.varint32Size(len);
    ensure(size - 1);
    System.arraycopy(buf, mark + 1, buf, mark + size, len);
    int p = mark;
    int v = len;
    while ((v & ~0x7F) != 0) {
      buf[p++] = (byte) (v | 0x80);
      v >>>= 7;
    }
    buf[p] = (byte) v;
    pos += size - 1;
  }

  // ------------------------------------------------------------------ fields: tag + value

  /** An implicit-presence int32 field (not written when 0). */
  public void int32(int tag, int v) {
    if (v != 0) {
      varint32(tag);
      int32Value(v);
    }
  }

  /** An implicit-presence int64 field. */
  public void int64(int tag, long v) {
    if (v != 0) {
      varint32(tag);
      varint64(v);
    }
  }

  /** An implicit-presence uint32 field. */
  public void uint32(int tag, int v) {
    if (v != 0) {
      varint32(tag);
      varint32(v);
    }
  }

  /** An implicit-presence sint32 field (zig-zag). */
  public void sint32(int tag, int v) {
    if (v != 0) {
      varint32(tag);
      varint32((v << 1) ^ (v >> 31));
    }
  }

  /** An implicit-presence sint64 field (zig-zag). */
  public void sint64(int tag, long v) {
    if (v != 0) {
      varint32(tag);
      varint64((v << 1) ^ (v >> 63));
    }
  }

  /** An implicit-presence fixed32/sfixed32 field. */
  public void fixed32(int tag, int v) {
    if (v != 0) {
      varint32(tag);
      fixed32Value(v);
    }
  }

  /** An implicit-presence fixed64/sfixed64 field. */
  public void fixed64(int tag, long v) {
    if (v != 0) {
      varint32(tag);
      fixed64Value(v);
    }
  }

  /** An implicit-presence float field (not written when its bits are 0: -0.0 is written, as protobuf-java does). */
  public void float32(int tag, float v) {
    int bits = Float.floatToRawIntBits(v);
    if (bits != 0) {
      varint32(tag);
      fixed32Value(bits);
    }
  }

  /** An implicit-presence double field (-0.0 is written). */
  public void float64(int tag, double v) {
    long bits = Double.doubleToRawLongBits(v);
    if (bits != 0) {
      varint32(tag);
      fixed64Value(bits);
    }
  }

  /** An implicit-presence bool field. */
  public void bool(int tag, boolean v) {
    if (v) {
      ensure(6);
      varint32(tag);
      buf[pos++] = 1;
    }
  }

  /** A string field, written unless null (so "" is written: explicit presence). */
  public void string(int tag, String s) {
    if (s != null) {
      varint32(tag);
      stringValue(s);
    }
  }

  /** A bytes field, written unless null. */
  public void bytes(int tag, byte[] v) {
    if (v != null) {
      varint32(tag);
      bytesValue(v);
    }
  }

  /** An optional int32 field, written unless null. */
  public void optionalInt32(int tag, Integer v) {
    if (v != null) {
      varint32(tag);
      int32Value(v);
    }
  }

  /** An optional int64 field, written unless null. */
  public void optionalInt64(int tag, Long v) {
    if (v != null) {
      varint32(tag);
      varint64(v);
    }
  }

  /** An optional float field, written unless null. */
  public void optionalFloat32(int tag, Float v) {
    if (v != null) {
      varint32(tag);
      fixed32Value(Float.floatToRawIntBits(v));
    }
  }

  /** An optional double field, written unless null. */
  public void optionalFloat64(int tag, Double v) {
    if (v != null) {
      varint32(tag);
      fixed64Value(Double.doubleToRawLongBits(v));
    }
  }

  /** An optional bool field, written unless null. */
  public void optionalBool(int tag, Boolean v) {
    if (v != null) {
      ensure(6);
      varint32(tag);
      buf[pos++] = (byte) (v ? 1 : 0);
    }
  }
}
