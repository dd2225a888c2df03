package dev.brine.geometry;

/**
 * Constants of the native geometry format (see {@code docs/format-geometry.md}).
 *
 * <p>Version 2 (written): one 8-byte little-endian header word — byte 0 = type (bits 0–3) and version
 * (bits 4–7), byte 1 = flags, bytes 2–4 = SRID (u24), bytes 5–7 = count (u24) — then an optional
 * 8-byte extension (full SRID and count), an optional envelope, the structure and the coordinates.
 *
 * <p>Version 1 (read only): type (u8), flags (u8), version 1 (u8), reserved 0 (u8), SRID (int32). Its
 * byte 0 is a type code 1–8, so its high nibble is 0: byte 0 alone tells the two layouts apart.
 */
final class NativeFormat {
  static final int POINT = 1;
  static final int LINESTRING = 2;
  static final int POLYGON = 3;
  static final int MULTIPOINT = 4;
  static final int MULTILINESTRING = 5;
  static final int MULTIPOLYGON = 6;
  static final int GEOMETRYCOLLECTION = 7;
  static final int LINEARRING = 8;

  /** Flag bit (both versions): coordinates carry Z. */
  static final int FLAG_Z = 0x01;
  /** Flag bit (both versions): coordinates carry M. */
  static final int FLAG_M = 0x02;
  /** Flag bit (both versions): a 32-byte envelope (minX, minY, maxX, maxY) follows the header. */
  static final int FLAG_ENVELOPE = 0x04;
  /** Version 1 flag bit: the Point is empty (no coordinate follows). Only valid for Point. */
  static final int FLAG_EMPTY = 0x08;
  static final int KNOWN_FLAGS = 0x0F;

  /** Version 2 flag bit: Z is declared but not stored, every Z being NaN (bits 0x7ff8000000000000). */
  static final int FLAG_Z_NAN = 0x08;
  /** Version 2 flag bit: M is declared but not stored, every M being NaN (bits 0x7ff8000000000000). */
  static final int FLAG_M_NAN = 0x10;
  /** Version 2 flag bit (MultiPoint only): a list of the empty members' indexes follows the header. */
  static final int FLAG_EMPTIES = 0x20;
  /**
   * Version 2 flag bit (MultiLineString only; the same bit as {@link #FLAG_EMPTIES}): some lines are
   * LinearRings, each marked by bit 31 of its point count ({@link #RING_BIT}).
   */
  static final int FLAG_RINGS = 0x20;
  /** With {@link #FLAG_RINGS}: the bit of a MultiLineString's point count that marks a LinearRing member. */
  static final int RING_BIT = 0x8000_0000;
  static final int KNOWN_FLAGS_V2 = 0x3F;

  /** The version byte of version 1 (byte 2 of its header). */
  static final int VERSION = 1;
  /** The version of what the writer writes (high nibble of byte 0). */
  static final int VERSION_2 = 2;
  static final int HEADER_BYTES = 8;
  static final int ENVELOPE_BYTES = 32;

  /** Version 2: the SRID or count field value that says "the value is in the 8-byte extension". */
  static final int WIDE = 0xFFFFFF;

  /** The raw bits of {@code Double.NaN}: the only NaN whose ordinates version 2 may leave out. */
  static final long NAN_BITS = 0x7ff8000000000000L;

  /** Deepest nesting of GeometryCollections accepted on read and write (root is depth 1). */
  static final int MAX_DEPTH = 64;

  private NativeFormat() {}

  static int pad8(int n) {
    return (n + 7) & ~7;
  }

  /** Version 2: ordinates stored per coordinate for flags (declared Z/M minus the NaN ones left out). */
  static int storedOrdinates(int flags) {
    return 2 + (flags & FLAG_Z) + ((flags >> 1) & 1) - ((flags >> 3) & 1) - ((flags >> 4) & 1);
  }

  /** Version 2: whether the SRID and count fit in the header word (else an extension follows). */
  static boolean narrow(int srid, int count) {
    return srid >= 0 && srid < WIDE && count < WIDE;
  }

  /** Version 2: the header word, for an SRID and count that fit ({@link #narrow}). */
  static long header2(int type, int flags, int srid, int count) {
    return type | VERSION_2 << 4 | flags << 8 | (long) srid << 16 | (long) count << 40;
  }

  /** Version 2: the header word of a geometry whose SRID and count are in the extension. */
  static long wideHeader2(int type, int flags) {
    return type | VERSION_2 << 4 | flags << 8 | (long) WIDE << 16 | (long) WIDE << 40;
  }
}
