package dev.brine.columnar;

import dev.brine.MalformedInputException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/** Byte-layout constants and small helpers shared by writer and reader (see docs/format-columnar.md). */
final class Layout {
  private Layout() {}

  static final int VERSION = 1;
  /** "BRNC" little-endian. */
  static final int FILE_MAGIC = 0x434E5242;
  /** "BRBK". */
  static final int BLOCK_MAGIC = 0x4B425242;
  /** "BRFT". */
  static final int FOOTER_MAGIC = 0x54465242;
  /** "BRNF": last four bytes of a closed file. */
  static final int TRAILER_MAGIC = 0x464E5242;

  /** magic u32, version u16, flags u16, schemaLen u32. */
  static final int FILE_HEADER_FIXED = 12;
  static final int MAX_SCHEMA_BYTES = 1 << 22;
  /** magic, rows, bodyLen, columns u16, reserved u16, bodyCrc, blockSeq, reserved, headerCrc. */
  static final int BLOCK_HEADER = 32;
  /** encoding u8, flags u8, width u8, scale u8, dictCount u32, min i64, max i64. */
  static final int CHUNK_HEADER = 24;
  /** footerOffset u64, footerCrc u32, magic u32. */
  static final int TRAILER = 16;
  /** magic u32, columns u16, reserved u16, blockCount u32, reserved u32, totalRows u64. */
  static final int FOOTER_FIXED = 24;
  static final int FOOTER_BLOCK_FIXED = 16;
  static final int FOOTER_STATS = 24;

  static final int FLAG_NULLS = 1;
  /** Values are a bit stream of (value - min) in {@code width} bits (0..56) plus one slack word. */
  static final int FLAG_PACKED = 2;
  static final int MAX_PACKED_BITS = 56;

  /** Bytes of a packed data area: whole 64-bit words plus one slack word for unaligned reads. */
  static int packedBytes(int rows, int bits) {
    return (int) (((long) rows * bits + 63) / 64 * 8 + 8);
  }

  static final int STATS_NONE = 0;
  static final int STATS_LONG = 1;
  static final int STATS_DOUBLE = 2;

  /** Largest body a block may have (so a block always fits one mapping). */
  static final int MAX_BODY = Integer.MAX_VALUE - 64;

  static long align8(long x) {
    return (x + 7) & ~7L;
  }

  static int align8(int x) {
    return (x + 7) & ~7;
  }

  static int crc(ByteBuffer b, int from, int to) {
    CRC32C c = new CRC32C();
    c.update(b.duplicate().limit(to).position(from));
    return (int) c.getValue();
  }

  static int crc(byte[] b, int from, int to) {
    CRC32C c = new CRC32C();
    c.update(b, from, to - from);
    return (int) c.getValue();
  }

  static int widthFor(long min, long max) {
    if (min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE) {
      return 1;
    } else if (min >= Short.MIN_VALUE && max <= Short.MAX_VALUE) {
      return 2;
    } else if (min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE) {
      return 4;
    }
    return 8;
  }

  static int ordinalWidthFor(int count) {
    return count <= 256 ? 1 : count <= 65536 ? 2 : 4;
  }

  /** A string's UTF-8 bytes, or its WTF-8 bytes if it holds an unpaired surrogate ({@link Wtf8}). */
  static String decodeUtf8(byte[] b, int off, int len, long fileOffset) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b, off, len)).toString();
    } catch (CharacterCodingException e) {
      String s = Wtf8.decode(b, off, len); // a string with an unpaired surrogate
      if (s == null) {
        throw new MalformedInputException("invalid UTF-8 string at offset " + fileOffset, e);
      }
      return s;
    }
  }
}
