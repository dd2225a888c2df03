package dev.brine.protobuf.wire;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import java.nio.charset.StandardCharsets;

/**
 * Reads the protobuf wire format from an array. Every read is checked against the end of the
 * current message ({@link #limit}) before anything is allocated; a failure is a {@link
 * MalformedInputException} (a {@link TruncatedInputException} when the input ends inside a value)
 * that names the offset from the start of the input.
 *
 * <p>Public because code generated into the user's packages calls it; not an API to program against.
 */
public final class ProtoReader {
  /** Most levels of unknown groups skipped inside each other (protobuf-java's recursion limit). */
  static final int MAX_GROUP_DEPTH = 100;

  /** The input. */
  public final byte[] buf;
  /** The next byte to read. */
  public int pos;
  /** The end of the message being read. */
  public int limit;
  private final int base;

  /** Reads {@code buf[from, from + length)}. */
  public ProtoReader(byte[] buf, int from, int length) {
    this.buf = buf;
    this.pos = from;
    this.limit = from + length;
    this.base = from;
  }

  /** Whether the current message has no more bytes. */
  public boolean atEnd() {
    return pos >= limit;
  }

  /** The offset of {@code p} from the start of the input, for messages. */
  public int offset(int p) {
    return p - base;
  }

  /** The next field's tag, or 0 at the end of the message. */
  public int nextTag() {
    int p = pos;
    if (p >= limit) {
      return 0;
    }
    byte t = buf[p];
    if (t > 7) { // a one-byte tag of field 1 to 15
      pos = p + 1;
      return t;
    }
    return readTag();
  }

  /** Reads a field's tag; field number 0 is malformed. */
  public int readTag() {
    int start = pos;
    int tag = readVarint32();
    if (tag >>> 3 == 0) {
      throw malformed("protobuf: invalid tag " + tag + " (field number 0)", start);
    }
    return tag;
  }

  /** A varint of up to ten bytes; its low 32 bits (how int32, uint32 and enum values are read). */
  public int readVarint32() {
    int p = pos;
    byte[] b = buf;
    if (limit - p >= 10) {
      int x = b[p++];
      if (x >= 0) {
        pos = p;
        return x;
      }
      int y = b[p++];
      if (y >= 0) {
        pos = p;
        return (x & 0x7F) | y << 7;
      }
    }
    return (int) readVarint64();
  }

  /** A varint of up to ten bytes, as 64 bits. */
  public long readVarint64() {
    int p = pos;
    byte[] b = buf;
    long result = 0;
    if (limit - p >= 10) { // the whole varint is inside the message: no bounds check per byte
      for (int shift = 0; shift < 64; shift += 7) {
        byte x = b[p++];
        result |= (long) (x & 0x7F) << shift;
        if (x >= 0) {
          if (shift == 63 && x > 1) {
            throw malformed("protobuf: varint longer than 64 bits", pos);
          }
          pos = p;
          return result;
        }
      }
      throw malformed("protobuf: varint longer than ten bytes", pos);
    }
    for (int shift = 0; shift < 64; shift += 7) {
      if (p >= limit) {
        throw truncated("protobuf: input ends inside a varint", pos);
      }
      byte x = b[p++];
      result |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        if (shift == 63 && x > 1) {
          throw malformed("protobuf: varint longer than 64 bits", pos);
        }
        pos = p;
        return result;
      }
    }
    throw malformed("protobuf: varint longer than ten bytes", pos);
  }

  /** A bool: any non-zero varint is true. */
  public boolean readBool() {
    int p = pos;
    if (p < limit && buf[p] >= 0) {
      pos = p + 1;
      return buf[p] != 0;
    }
    return readVarint64() != 0;
  }

  /** A zig-zag sint32. */
  public int readSint32() {
    int v = readVarint32();
    return (v >>> 1) ^ -(v & 1);
  }

  /** A zig-zag sint64. */
  public long readSint64() {
    long v = readVarint64();
    return (v >>> 1) ^ -(v & 1);
  }

  /** Four bytes little-endian. */
  public int readFixed32() {
    int p = pos;
    if (limit - p < 4) {
      throw truncated("protobuf: input ends inside a 4-byte value", p);
    }
    pos = p + 4;
    return Wire.loadInt32(buf, p);
  }

  /** Eight bytes little-endian. */
  public long readFixed64() {
    int p = pos;
    if (limit - p < 8) {
      throw truncated("protobuf: input ends inside an 8-byte value", p);
    }
    pos = p + 8;
    return Wire.loadInt64(buf, p);
  }

  /** A float (fixed32 bits). */
  public float readFloat() {
    return Float.intBitsToFloat(readFixed32());
  }

  /** A double (fixed64 bits). */
  public double readDouble() {
    return Double.longBitsToDouble(readFixed64());
  }

  /** A length prefix, checked against the bytes that remain in the message. */
  public int readLength() {
    int start = pos;
    int len = readVarint32();
    if (len < 0 || len > limit - pos) {
      throw truncated("protobuf: length " + (len & 0xFFFFFFFFL) + " exceeds the " + (limit - pos)
          + " bytes that remain", start);
    }
    return len;
  }

  /** A string: its length and well-formed UTF-8 bytes. */
  public String readString() {
    int len = readLength();
    int p = pos;
    String s = new String(buf, p, len, StandardCharsets.UTF_8);
    // ASCII gives a Latin-1 string, where indexOf of a non-Latin-1 char returns at once; the JDK
    // decodes each malformed sequence as U+FFFD, so a string without one was well-formed
    if (s.indexOf('\uFFFD') >= 0 && !Utf8.isValid(buf, p, len)) {
      throw malformed("protobuf: string is not valid UTF-8", p);
    }
    pos = p + len;
    return s;
  }

  /** A bytes value. */
  public byte[] readBytes() {
    int len = readLength();
    byte[] v = new byte[len];
    System.arraycopy(buf, pos, v, 0, len);
    pos += len;
    return v;
  }

  /** Narrows the readable bytes to the next {@code len}; returns the limit to restore with {@link #popLimit}. */
  public int pushLimit(int len) {
    int old = limit;
    limit = pos + len;
    return old;
  }

  /** Restores the limit after a nested message, which must have been read to its end. */
  public void popLimit(int old) {
    if (pos != limit) {
      throw malformed("protobuf: nested message not read to its end", pos);
    }
    limit = old;
  }

  /** Skips the value of a field with tag {@code tag} (unknown, or known with another wire type). */
  public void skipField(int tag) {
    skipField(tag, 0);
  }

  private void skipField(int tag, int depth) {
    int start = pos;
    switch (tag & 7) {
      case Wire.VARINT:
        readVarint64();
        return;
      case Wire.I64:
        skipBytes(8, start);
        return;
      case Wire.LEN: {
        int len = readLength(); // before pos is read: "pos += readLength()" would add to the old pos
        pos += len;
        return;
      }
      case Wire.I32:
        skipBytes(4, start);
        return;
      case Wire.SGROUP:
        if (depth >= MAX_GROUP_DEPTH) {
          throw new LimitExceededException("protobuf: groups nested deeper than " + MAX_GROUP_DEPTH
              + " at offset " + offset(start));
        }
        while (true) {
          if (atEnd()) {
            throw truncated("protobuf: input ends inside group " + (tag >>> 3), start);
          }
          int t = readTag();
          if ((t & 7) == Wire.EGROUP) {
            if (t >>> 3 != tag >>> 3) {
              throw malformed("protobuf: group " + (tag >>> 3) + " ended by end-group " + (t >>> 3), pos);
            }
            return;
          }
          skipField(t, depth + 1);
        }
      default:
        throw malformed("protobuf: unexpected wire type " + (tag & 7) + " (field " + (tag >>> 3) + ")", start);
    }
  }

  private void skipBytes(int n, int start) {
    if (limit - pos < n) {
      throw truncated("protobuf: input ends inside a " + n + "-byte value", start);
    }
    pos += n;
  }

  /** A {@link MalformedInputException} for input at {@code p}. */
  public MalformedInputException malformed(String what, int p) {
    return new MalformedInputException(what + " at offset " + offset(p));
  }

  private TruncatedInputException truncated(String what, int p) {
    return new TruncatedInputException(what + " at offset " + offset(p));
  }
}
