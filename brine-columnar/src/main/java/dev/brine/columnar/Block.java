package dev.brine.columnar;

import dev.brine.MalformedInputException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One validated block (row group) of a record file: {@link #rowCount()} rows, one {@link Column}
 * per schema field. Obtained from {@link ColumnarReader#block(int)}; immutable and thread-safe.
 */
public final class Block {
  private final int index;
  private final long offset;
  private final int rows;
  private final Column[] columns;

  private Block(int index, long offset, int rows, Column[] columns) {
    this.index = index;
    this.offset = offset;
    this.rows = rows;
    this.columns = columns;
  }

  /**
   * The position of this block in the file.
   *
   * @return the block index
   */
  public int index() {
    return index;
  }

  /**
   * The file offset of this block's header.
   *
   * @return the offset in bytes
   */
  public long offset() {
    return offset;
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
   * One column of this block.
   *
   * @param i the schema field index
   * @return the column cursor
   * @throws IndexOutOfBoundsException if {@code i} is not a field index
   */
  public Column column(int i) {
    return columns[i];
  }

  /**
   * Parses and validates a block. {@code buf} is the mapped region, {@code at} the block's
   * position in it and {@code fileAt} its file offset. Every length is checked before use.
   */
  static Block parse(Schema schema, int index, ByteBuffer buf, int at, long fileAt, int expectRows,
      int expectBodyLen, boolean verify) {
    ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    if (b.limit() - at < Layout.BLOCK_HEADER) {
      throw new MalformedInputException("block " + index + " header truncated at offset " + fileAt);
    }
    if (b.getInt(at) != Layout.BLOCK_MAGIC) {
      throw new MalformedInputException("bad block magic 0x" + Integer.toHexString(b.getInt(at)) + " for block "
          + index + " at offset " + fileAt);
    }
    if (Layout.crc(b, at, at + 28) != b.getInt(at + 28)) {
      throw new MalformedInputException("block " + index + " header checksum mismatch at offset " + fileAt);
    }
    int rows = b.getInt(at + 4);
    int bodyLen = b.getInt(at + 8);
    int cols = Short.toUnsignedInt(b.getShort(at + 12));
    if (rows < 0 || rows != expectRows || bodyLen != expectBodyLen || cols != schema.size() || b.getInt(at + 20) != index) {
      throw new MalformedInputException("block " + index + " header (rows " + rows + ", body " + bodyLen
          + ", columns " + cols + ", seq " + b.getInt(at + 20) + ") disagrees with the index at offset " + fileAt);
    }
    int body = at + Layout.BLOCK_HEADER;
    long fileBody = fileAt + Layout.BLOCK_HEADER;
    if (bodyLen < 0 || bodyLen > b.limit() - body) {
      throw new MalformedInputException("block " + index + " body of " + Integer.toUnsignedString(bodyLen)
          + " bytes exceeds the file at offset " + fileBody);
    }
    if (verify && Layout.crc(b, body, body + bodyLen) != b.getInt(at + 16)) {
      throw new MalformedInputException("block " + index + " checksum mismatch (corrupt data) in "
          + bodyLen + " bytes at offset " + fileBody);
    }
    if ((long) cols * 8 > bodyLen) {
      throw new MalformedInputException("block " + index + " column directory exceeds its body at offset " + fileBody);
    }
    Column[] columns = new Column[cols];
    int minStart = cols * 8;
    for (int c = 0; c < cols; c++) {
      int off = b.getInt(body + 8 * c);
      int len = b.getInt(body + 8 * c + 4);
      if (off < minStart || (off & 7) != 0 || len < Layout.CHUNK_HEADER || len > bodyLen - off) {
        throw new MalformedInputException("block " + index + " column " + c + " chunk [" + off + ", +" + len
            + ") is outside the body or overlaps at offset " + (fileBody + 8 * c));
      }
      minStart = off + len;
      columns[c] = chunk(schema.fields().get(c).type(), b, body + off, len, fileBody + off, rows, index, c, verify);
    }
    return new Block(index, fileAt, rows, columns);
  }

  private static Column chunk(ColumnType type, ByteBuffer b, int at, int len, long fileAt, int rows, int block,
      int col, boolean verify) {
    Encoding e = Encoding.ofCode(Byte.toUnsignedInt(b.get(at)), fileAt);
    int flags = Byte.toUnsignedInt(b.get(at + 1));
    int width = Byte.toUnsignedInt(b.get(at + 2));
    int scale = Byte.toUnsignedInt(b.get(at + 3));
    int dictCount = b.getInt(at + 4);
    long min = b.getLong(at + 8);
    long max = b.getLong(at + 16);
    String where = " in block " + block + " column " + col + " at offset " + fileAt;
    boolean packed = (flags & Layout.FLAG_PACKED) != 0;
    boolean widthOk = packed ? width <= Layout.MAX_PACKED_BITS && e != Encoding.FLOAT32 && e != Encoding.FLOAT64
        : e == Encoding.DICTIONARY ? width == 1 || width == 2 || width == 4 : isWidth(width);
    boolean ok = widthOk && switch (e) {
      case INT -> type.isIntegral() && scale == 0;
      case DECIMAL -> type == ColumnType.DOUBLE && scale <= 9;
      case FLOAT64 -> type == ColumnType.DOUBLE && width == 8 && scale == 0;
      case FLOAT32 -> type == ColumnType.FLOAT && width == 4 && scale == 0;
      case DICTIONARY -> type.isDictionary() && scale == 0 && width <= 32;
    };
    if (!ok || (flags & ~(Layout.FLAG_NULLS | Layout.FLAG_PACKED)) != 0
        || ((flags & Layout.FLAG_NULLS) != 0 && e != Encoding.DICTIONARY)
        || (e != Encoding.DICTIONARY && dictCount != 0) || (e == Encoding.DICTIONARY && min != 0)) {
      throw new MalformedInputException("invalid chunk header (" + e + ", width " + width + ", scale " + scale
          + ", flags " + flags + ") for a " + type + " column" + where);
    }
    int p = at + Layout.CHUNK_HEADER;
    int end = at + len;
    ByteBuffer nulls = null;
    if ((flags & Layout.FLAG_NULLS) != 0) {
      int nb = Layout.align8((rows + 7) >>> 3);
      if (nb > end - p) {
        throw new MalformedInputException("nulls bitmap exceeds the chunk" + where);
      }
      nulls = b.slice(p, (rows + 7) >>> 3);
      p += nb;
    }
    Dictionary dict = null;
    if (e == Encoding.DICTIONARY) {
      if (end - p < 4) {
        throw new MalformedInputException("dictionary header truncated" + where);
      }
      int dictBytes = b.getInt(p);
      if (dictBytes < 0 || Layout.align8(4L + dictBytes) > end - p) {
        throw new MalformedInputException("dictionary of " + Integer.toUnsignedString(dictBytes)
            + " bytes exceeds the chunk" + where);
      }
      dict = Dictionary.parse(b, p + 4, p + 4 + dictBytes, dictCount, fileAt - at);
      p += (int) Layout.align8(4L + dictBytes);
    }
    long dataLen = packed ? Layout.packedBytes(rows, width) : (long) rows * width;
    if (dataLen != end - p) {
      throw new MalformedInputException("chunk data is " + (end - p) + " bytes, expected " + dataLen + " for "
          + rows + " rows of " + width + (packed ? " bits" : " bytes") + where);
    }
    ByteBuffer data = b.slice(p, (int) dataLen).order(ByteOrder.LITTLE_ENDIAN);
    int kind = switch (e) {
      case INT, DECIMAL -> Layout.STATS_LONG;
      case FLOAT32, FLOAT64 -> Layout.STATS_DOUBLE;
      case DICTIONARY -> Layout.STATS_NONE;
    };
    Column column = new Column(type, e, packed, width, e == Encoding.DECIMAL ? scale : 0, rows, data, nulls, dict,
        new ColumnStats(kind, min, max), min);
    // Ordinals are not range-checked here: every read path checks them (Dictionary.get, the
    // aggregator's post-block check), and the CRC catches accidental corruption.
    return column;
  }

  private static boolean isWidth(int w) {
    return w == 1 || w == 2 || w == 4 || w == 8;
  }
}
