package dev.brine.geometry;

/**
 * Constants of the native geometry format, version 1 (see {@code docs/format-geometry.md}).
 *
 * <p>Header, 8 bytes: type (u8), flags (u8), version (u8), reserved 0 (u8), SRID (int32 LE).
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

  /** Flag bit: coordinates carry Z. */
  static final int FLAG_Z = 0x01;
  /** Flag bit: coordinates carry M. */
  static final int FLAG_M = 0x02;
  /** Flag bit: a 32-byte envelope (minX, minY, maxX, maxY) follows the header. */
  static final int FLAG_ENVELOPE = 0x04;
  /** Flag bit: the Point is empty (no coordinate follows). Only valid for Point. */
  static final int FLAG_EMPTY = 0x08;
  static final int KNOWN_FLAGS = 0x0F;

  static final int VERSION = 1;
  static final int HEADER_BYTES = 8;
  static final int ENVELOPE_BYTES = 32;

  /** Deepest nesting of GeometryCollections accepted on read and write (root is depth 1). */
  static final int MAX_DEPTH = 64;

  private NativeFormat() {}

  static int pad8(int n) {
    return (n + 7) & ~7;
  }
}
