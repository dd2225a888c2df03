package dev.brine.columnar;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A read cursor over one column of one block. Absolute getters allocate nothing; they read the
 * memory-mapped file directly. Raw getters ({@link #getByte}, {@link #getShort}, {@link #getInt},
 * {@link #getLong}) return the stored integer (the scaled integer for DECIMAL, the ordinal for
 * DICTIONARY); {@link #getDouble} returns the logical value of any numeric column.
 *
 * <p>For the fastest scans check {@link #encoding()} and {@link #width()} once per block, then
 * loop over the width-specific getter or over {@link #data()} yourself. Row indexes out of range
 * throw {@link IndexOutOfBoundsException} (a caller bug, not bad input). Thread-safe.
 */
public final class Column {
  private static final double[] POW = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
  private final ColumnType type;
  private final Encoding encoding;
  private final boolean packed;
  private final int width;
  private final int bits;
  private final long base;
  private final long mask;
  private final int scale;
  private final int rows;
  private final ByteBuffer data;
  private final ByteBuffer nulls;
  private final Dictionary dictionary;
  private final ColumnStats stats;

  Column(ColumnType type, Encoding encoding, boolean packed, int width, int scale, int rows, ByteBuffer data,
      ByteBuffer nulls, Dictionary dictionary, ColumnStats stats, long base) {
    this.type = type;
    this.encoding = encoding;
    this.packed = packed;
    this.width = packed ? 0 : width;
    this.bits = packed ? width : width * 8;
    this.base = packed ? base : 0;
    this.mask = bits >= 64 ? -1L : (1L << bits) - 1;
    this.scale = scale;
    this.rows = rows;
    this.data = data.order(ByteOrder.LITTLE_ENDIAN);
    this.nulls = nulls;
    this.dictionary = dictionary;
    this.stats = stats;
  }

  /**
   * The logical type.
   *
   * @return the column type
   */
  public ColumnType type() {
    return type;
  }

  /**
   * This chunk's encoding.
   *
   * @return the encoding
   */
  public Encoding encoding() {
    return encoding;
  }

  /**
   * Bytes per stored value (1, 2, 4 or 8), or 0 for a bit-packed chunk.
   *
   * @return the width
   */
  public int width() {
    return width;
  }

  /**
   * Whether values are bit-packed: value {@code i} is {@link #base()} plus the unsigned
   * {@link #bits()}-bit field at bit {@code i * bits()} of {@link #data()} (little-endian; the
   * data has 8 slack bytes so a {@code getLong} at {@code (i * bits) >>> 3} never overruns).
   *
   * @return true if packed
   */
  public boolean isPacked() {
    return packed;
  }

  /**
   * Bits per stored value (8 x width, or 0..56 when packed).
   *
   * @return the bit width
   */
  public int bits() {
    return bits;
  }

  /**
   * The frame-of-reference base added to packed values (0 when not packed).
   *
   * @return the base
   */
  public long base() {
    return base;
  }

  /**
   * For DECIMAL chunks the power of ten the values were multiplied by, else 0.
   *
   * @return the decimal scale
   */
  public int scale() {
    return scale;
  }

  /**
   * Rows in this block.
   *
   * @return the row count
   */
  public int rowCount() {
    return rows;
  }

  /**
   * Min/max of this chunk as stored.
   *
   * @return the statistics
   */
  public ColumnStats stats() {
    return stats;
  }

  /**
   * A read-only little-endian view of the stored values: {@code rowCount() * width()} bytes, or
   * the packed bit stream.
   *
   * @return a new view (allocates a small object; call once per block)
   */
  public ByteBuffer data() {
    return data.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Whether any row of this chunk is null.
   *
   * @return true if a nulls bitmap is present
   */
  public boolean hasNulls() {
    return nulls != null;
  }

  /**
   * Whether a row is null (only STRING and ENUM columns have nulls).
   *
   * @param row the row in this block
   * @return true if null
   */
  public boolean isNull(int row) {
    if (nulls == null) {
      return false;
    }
    java.util.Objects.checkIndex(row, rows);
    return (nulls.get(row >>> 3) & (1 << (row & 7))) != 0;
  }

  /**
   * The stored value of a width-1 chunk.
   *
   * @param row the row
   * @return the signed byte
   * @throws BrineException if {@code width() != 1}
   */
  public byte getByte(int row) {
    check(1);
    return data.get(row);
  }

  /**
   * The stored value of a width-2 chunk (e.g. temperatures in tenths).
   *
   * @param row the row
   * @return the signed short
   * @throws BrineException if {@code width() != 2}
   */
  public short getShort(int row) {
    check(2);
    return data.getShort(row << 1);
  }

  /**
   * The stored value of a width-4 integer chunk.
   *
   * @param row the row
   * @return the signed int
   * @throws BrineException if {@code width() != 4} or the chunk is FLOAT32
   */
  public int getInt(int row) {
    check(4);
    return data.getInt(row << 2);
  }

  /**
   * The stored integer of any integral, DECIMAL or DICTIONARY chunk, sign-extended
   * (dictionary ordinals are unsigned).
   *
   * @param row the row
   * @return the stored integer
   * @throws BrineException for FLOAT32/FLOAT64 chunks
   */
  public long getLong(int row) {
    if (encoding == Encoding.FLOAT32 || encoding == Encoding.FLOAT64) {
      throw new BrineException("column is " + encoding + ", use getDouble");
    }
    if (packed) {
      long bit = (long) row * bits;
      java.util.Objects.checkIndex(row, rows);
      return base + ((data.getLong((int) (bit >>> 3)) >>> (bit & 7)) & mask);
    }
    switch (width) {
      case 1:
        return encoding == Encoding.DICTIONARY ? data.get(row) & 0xFF : data.get(row);
      case 2:
        return encoding == Encoding.DICTIONARY ? data.getShort(row << 1) & 0xFFFF : data.getShort(row << 1);
      case 4:
        return encoding == Encoding.DICTIONARY ? data.getInt(row << 2) & 0xFFFFFFFFL : data.getInt(row << 2);
      default:
        return data.getLong(row << 3);
    }
  }

  /**
   * The value of a {@code float} column, bit for bit (a NaN's payload and its signalling bit too, which
   * a detour through {@code double} would change); other numeric columns as {@code (float) getDouble(row)}.
   *
   * @param row the row
   * @return the value
   * @throws BrineException for dictionary columns
   */
  public float getFloat(int row) {
    return encoding == Encoding.FLOAT32 ? data.getFloat(row << 2) : (float) getDouble(row);
  }

  /**
   * The logical value of a numeric column (DECIMAL values are divided by {@code 10^scale},
   * which restores the written double exactly).
   *
   * @param row the row
   * @return the value
   * @throws BrineException for dictionary columns
   */
  public double getDouble(int row) {
    switch (encoding) {
      case FLOAT64:
        return data.getDouble(row << 3);
      case FLOAT32:
        return data.getFloat(row << 2);
      case DECIMAL:
        return getLong(row) / POW[scale];
      case INT:
        return getLong(row);
      default:
        throw new BrineException("column is " + encoding + ", not numeric");
    }
  }

  /**
   * The dictionary ordinal of a STRING/ENUM row (0 for nulls). The value is not checked against
   * the dictionary size (a crafted file may hold larger ordinals); {@link Dictionary#get(int)} and
   * {@link #getString(int)} check it.
   *
   * @param row the row
   * @return the ordinal
   * @throws BrineException if the column is not dictionary encoded
   */
  public int ordinal(int row) {
    if (dictionary == null) {
      throw new BrineException("column is " + encoding + ", not a dictionary");
    }
    long o = getLong(row);
    if ((o >>> 31) != 0) {
      throw new MalformedInputException("dictionary ordinal " + o + " out of range at row " + row);
    }
    return (int) o;
  }

  /**
   * The dictionary of a STRING/ENUM chunk.
   *
   * @return the dictionary
   * @throws BrineException if the column is not dictionary encoded
   */
  public Dictionary dictionary() {
    if (dictionary == null) {
      throw new BrineException("column is " + encoding + ", not a dictionary");
    }
    return dictionary;
  }

  /**
   * The string value of a STRING/ENUM row.
   *
   * @param row the row
   * @return the value, or null
   * @throws MalformedInputException if the stored ordinal is out of range
   */
  public String getString(int row) {
    if (isNull(row)) {
      return null;
    }
    return dictionary().get(ordinal(row));
  }

  private void check(int w) {
    if (width != w || encoding == Encoding.FLOAT32 || encoding == Encoding.FLOAT64) {
      throw new BrineException("column has width " + width + " (" + encoding + "), not " + w);
    }
  }
}
