package dev.brine.columnar;

import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Reads a Brine columnar file by memory-mapping it in regions of whole blocks (each at most
 * {@link Options#regionSize(int)} bytes, default 1 GiB, so files beyond 2 GiB work).
 *
 * <p>At open the file header (schema) and the footer (block index, min/max) are read and their
 * CRC32C checked. Each block is validated on first touch (structure always, body CRC32C unless
 * {@link Options#verifyChecksums(boolean)} is off) and then cached. Dictionary ordinals are
 * range-checked where they are used ({@link Dictionary#get(int)}).
 * A file without a valid footer is rejected unless {@link Options#recover(boolean)} is set, in
 * which case complete blocks are found by scanning and {@link #tornTail()} says what was cut off.
 * Thread-safe: blocks may be scanned from several threads.
 *
 * <p>Errors: {@link MalformedInputException} (a {@link BrineException}) naming what is wrong and
 * the file offset; {@link UncheckedIOException} for I/O failures.
 */
public final class ColumnarReader implements AutoCloseable {

  /** Open options; immutable, use the withers. */
  public static final class Options {
    private final boolean verify;
    private final boolean recover;
    private final int regionSize;

    private Options(boolean verify, boolean recover, int regionSize) {
      this.verify = verify;
      this.recover = recover;
      this.regionSize = regionSize;
    }

    /**
     * Defaults: verify checksums, no recovery, 1 GiB regions.
     *
     * @return the default options
     */
    public static Options defaults() {
      return new Options(true, false, 1 << 30);
    }

    /**
     * Whether to check each block's CRC32C on first touch. Structure and lengths are always
     * checked; with this off a corrupt byte inside values goes unnoticed.
     *
     * @param verify true to verify (default)
     * @return new options
     */
    public Options verifyChecksums(boolean verify) {
      return new Options(verify, recover, regionSize);
    }

    /**
     * Whether to open a file without a valid footer by scanning for complete blocks.
     *
     * @param recover true to recover (default false: such files are rejected)
     * @return new options
     */
    public Options recover(boolean recover) {
      return new Options(verify, recover, regionSize);
    }

    /**
     * Largest mapping in bytes (a block larger than this gets its own mapping). Small values
     * exercise multi-region addressing in tests.
     *
     * @param bytes 64 .. Integer.MAX_VALUE
     * @return new options
     * @throws BrineException if out of range
     */
    public Options regionSize(int bytes) {
      if (bytes < 64) {
        throw new BrineException("region size must be at least 64 bytes");
      }
      return new Options(verify, recover, bytes);
    }
  }

  /** Largest footer accepted (about 2.8 million blocks of one column, or 5,000 blocks of 512 columns). */
  static final long MAX_FOOTER_BYTES = 64L << 20;

  private final Path path;
  private final FileChannel channel;
  private final Schema schema;
  private final boolean verify;
  private final long[] blockOffset;
  private final int[] blockRows;
  private final int[] blockBody;
  private final ColumnStats[][] stats;
  private final long rowCount;
  private final TornTail tornTail;
  private final int[] blockRegion;
  private final long[] regionStart;
  private final long[] regionEnd;
  private final AtomicReferenceArray<MappedByteBuffer> regions;
  private final AtomicReferenceArray<Block> blocks;

  private ColumnarReader(Path path, Options o) throws IOException {
    this.path = path;
    this.verify = o.verify;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    try {
      long size = channel.size();
      ByteBuffer h = read(0, (int) Math.min(size, Layout.FILE_HEADER_FIXED), "file header");
      if (h.remaining() < Layout.FILE_HEADER_FIXED) {
        throw new MalformedInputException("file of " + size + " bytes is too short for a header (12 bytes at offset 0): " + path);
      }
      if (h.getInt(0) != Layout.FILE_MAGIC) {
        throw new MalformedInputException("wrong magic 0x" + Integer.toHexString(h.getInt(0))
            + " at offset 0: not a Brine columnar file: " + path);
      }
      int version = Short.toUnsignedInt(h.getShort(4));
      if (version != Layout.VERSION) {
        throw new MalformedInputException("unsupported format version " + version + " at offset 4");
      }
      int schemaLen = h.getInt(8);
      if (schemaLen < 0 || schemaLen > Layout.MAX_SCHEMA_BYTES || schemaLen + 16L > size) {
        throw new MalformedInputException("schema length " + Integer.toUnsignedString(schemaLen)
            + " at offset 8 exceeds the file (" + size + " bytes)");
      }
      ByteBuffer full = read(0, Layout.FILE_HEADER_FIXED + schemaLen + 4, "schema");
      if (Layout.crc(full, 0, Layout.FILE_HEADER_FIXED + schemaLen) != full.getInt(Layout.FILE_HEADER_FIXED + schemaLen)) {
        throw new MalformedInputException("file header checksum mismatch at offset "
            + (Layout.FILE_HEADER_FIXED + schemaLen));
      }
      this.schema = Schema.parse(full.duplicate().order(ByteOrder.LITTLE_ENDIAN)
          .position(Layout.FILE_HEADER_FIXED).limit(Layout.FILE_HEADER_FIXED + schemaLen), Layout.FILE_HEADER_FIXED);
      long headerEnd = Layout.align8(Layout.FILE_HEADER_FIXED + schemaLen + 4L);

      List<long[]> index = new ArrayList<>();
      List<ColumnStats[]> st = new ArrayList<>();
      String footerProblem = readFooter(size, headerEnd, index, st);
      TornTail tail = null;
      if (footerProblem != null) {
        if (!o.recover) {
          throw new MalformedInputException("no valid footer: " + footerProblem + " (file of " + size
              + " bytes was not closed or is truncated); open with Options.recover(true) to read its complete blocks");
        }
        index.clear();
        st.clear();
        tail = scan(size, headerEnd, index, st, footerProblem);
      }
      int n = index.size();
      this.tornTail = tail;
      this.blockOffset = new long[n];
      this.blockRows = new int[n];
      this.blockBody = new int[n];
      this.stats = st.toArray(new ColumnStats[0][]);
      long rows = 0;
      for (int i = 0; i < n; i++) {
        long[] e = index.get(i);
        blockOffset[i] = e[0];
        blockRows[i] = (int) e[1];
        blockBody[i] = (int) e[2];
        rows += e[1];
      }
      this.rowCount = rows;
      // group consecutive blocks into regions of at most regionSize bytes
      this.blockRegion = new int[n];
      List<long[]> regs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        long start = blockOffset[i];
        long end = start + Layout.BLOCK_HEADER + blockBody[i];
        long[] last = regs.isEmpty() ? null : regs.get(regs.size() - 1);
        if (last != null && end - last[0] <= o.regionSize) {
          last[1] = end;
        } else {
          regs.add(new long[] {start, end});
        }
        blockRegion[i] = regs.size() - 1;
      }
      this.regionStart = new long[regs.size()];
      this.regionEnd = new long[regs.size()];
      for (int r = 0; r < regs.size(); r++) {
        regionStart[r] = regs.get(r)[0];
        regionEnd[r] = regs.get(r)[1];
      }
      this.regions = new AtomicReferenceArray<>(regs.size());
      this.blocks = new AtomicReferenceArray<>(n);
    } catch (IOException | RuntimeException | Error e) {
      channel.close();
      throw e;
    }
  }

  /**
   * Opens a file with default options.
   *
   * @param path the file
   * @return an open reader
   * @throws MalformedInputException if the header or footer is bad
   * @throws UncheckedIOException if the file cannot be read
   */
  public static ColumnarReader open(Path path) {
    return open(path, Options.defaults());
  }

  /**
   * Opens a file.
   *
   * @param path the file
   * @param options open options
   * @return an open reader
   * @throws MalformedInputException if the header or footer is bad (or, when recovering, the header)
   * @throws UncheckedIOException if the file cannot be read
   */
  public static ColumnarReader open(Path path, Options options) {
    try {
      return new ColumnarReader(path, options);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path, e);
    }
  }

  private ByteBuffer read(long at, int len, String what) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
    while (b.hasRemaining()) {
      if (channel.read(b, at + b.position()) < 0) {
        throw new MalformedInputException(what + " truncated at offset " + (at + b.position()));
      }
    }
    return b.flip();
  }

  /** Fills index/stats from the footer; returns null on success or a description of the problem. */
  private String readFooter(long size, long headerEnd, List<long[]> index, List<ColumnStats[]> st)
      throws IOException {
    if (size < headerEnd + Layout.FOOTER_FIXED + Layout.TRAILER) {
      return "file too short for a footer";
    }
    ByteBuffer t = read(size - Layout.TRAILER, Layout.TRAILER, "trailer");
    if (t.getInt(12) != Layout.TRAILER_MAGIC) {
      return "no trailer magic at offset " + (size - 4);
    }
    long footerOffset = t.getLong(0);
    long footerLen = size - Layout.TRAILER - footerOffset;
    if (footerOffset < headerEnd || (footerOffset & 7) != 0 || footerLen < Layout.FOOTER_FIXED) {
      return "footer offset " + footerOffset + " at offset " + (size - Layout.TRAILER) + " is out of range";
    }
    if (footerLen > MAX_FOOTER_BYTES) {
      throw new LimitExceededException("footer of " + footerLen + " bytes exceeds " + MAX_FOOTER_BYTES
          + " bytes at offset " + footerOffset);
    }
    ByteBuffer f = read(footerOffset, (int) footerLen, "footer");
    if (Layout.crc(f, 0, (int) footerLen) != t.getInt(8)) {
      return "footer checksum mismatch at offset " + footerOffset;
    }
    int cols = schema.size();
    int count = f.getInt(8);
    long per = Layout.FOOTER_BLOCK_FIXED + (long) cols * Layout.FOOTER_STATS;
    if (f.getInt(0) != Layout.FOOTER_MAGIC || Short.toUnsignedInt(f.getShort(4)) != cols || count < 0
        || Layout.FOOTER_FIXED + count * per != footerLen) {
      throw new MalformedInputException("footer at offset " + footerOffset + " is inconsistent (magic, "
          + cols + " columns, " + Integer.toUnsignedString(count) + " blocks, " + footerLen + " bytes)");
    }
    long total = f.getLong(16);
    long prevEnd = headerEnd;
    long sum = 0;
    int p = Layout.FOOTER_FIXED;
    for (int i = 0; i < count; i++) {
      long off = f.getLong(p);
      int rows = f.getInt(p + 8);
      int body = f.getInt(p + 12);
      if (off != prevEnd || rows <= 0 || body < 0 || body > Layout.MAX_BODY
          || off + Layout.align8(Layout.BLOCK_HEADER + (long) body) > footerOffset) {
        throw new MalformedInputException("footer entry " + i + " (offset " + off + ", rows " + rows + ", body "
            + body + ") at offset " + (footerOffset + p) + " does not match the file layout");
      }
      prevEnd = off + Layout.align8(Layout.BLOCK_HEADER + (long) body);
      sum += rows;
      ColumnStats[] s = new ColumnStats[cols];
      for (int c = 0; c < cols; c++) {
        int q = p + Layout.FOOTER_BLOCK_FIXED + c * Layout.FOOTER_STATS;
        s[c] = new ColumnStats(f.get(q), f.getLong(q + 8), f.getLong(q + 16));
      }
      index.add(new long[] {off, rows, body});
      st.add(s);
      p += (int) per;
    }
    if (prevEnd != footerOffset || sum != total) {
      throw new MalformedInputException("footer at offset " + footerOffset + " claims " + total + " rows / ends at "
          + prevEnd + ", blocks hold " + sum + " rows");
    }
    return null;
  }

  private TornTail scan(long size, long headerEnd, List<long[]> index, List<ColumnStats[]> st, String why)
      throws IOException {
    long pos = headerEnd;
    String reason = null;
    while (reason == null) {
      if (size - pos < Layout.BLOCK_HEADER) {
        reason = size == pos ? "file ends after the last complete block; " + why
            : (size - pos) + " bytes at the end are too short for a block header";
        break;
      }
      ByteBuffer h = read(pos, Layout.BLOCK_HEADER, "block header");
      if (h.getInt(0) == Layout.FOOTER_MAGIC) {
        reason = "unreadable footer at offset " + pos + ": " + why;
        break;
      }
      if (h.getInt(0) != Layout.BLOCK_MAGIC || Layout.crc(h, 0, 28) != h.getInt(28)) {
        reason = "no valid block header at offset " + pos;
        break;
      }
      int rows = h.getInt(4);
      int body = h.getInt(8);
      if (body < 0 || body > size - pos - Layout.BLOCK_HEADER) {
        reason = "block " + index.size() + " at offset " + pos + " needs " + Integer.toUnsignedString(body)
            + " body bytes, only " + (size - pos - Layout.BLOCK_HEADER) + " remain";
        break;
      }
      MappedByteBuffer m = channel.map(FileChannel.MapMode.READ_ONLY, pos, Layout.BLOCK_HEADER + (long) body);
      try {
        Block b = Block.parse(schema, index.size(), m, 0, pos, rows, body, true);
        ColumnStats[] s = new ColumnStats[schema.size()];
        for (int c = 0; c < s.length; c++) {
          s[c] = b.column(c).stats();
        }
        index.add(new long[] {pos, rows, body});
        st.add(s);
      } catch (MalformedInputException e) {
        reason = e.getMessage();
        break;
      }
      pos += Layout.align8(Layout.BLOCK_HEADER + (long) body);
    }
    return new TornTail(pos, size - pos, index.size(), reason);
  }

  /**
   * The schema from the file header.
   *
   * @return the schema
   */
  public Schema schema() {
    return schema;
  }

  /**
   * The number of (complete) blocks.
   *
   * @return the block count
   */
  public int blockCount() {
    return blockOffset.length;
  }

  /**
   * Total rows in all blocks.
   *
   * @return the row count
   */
  public long rowCount() {
    return rowCount;
  }

  /**
   * Rows in one block, from the index (does not touch the block).
   *
   * @param block the block index
   * @return its row count
   */
  public int blockRowCount(int block) {
    return blockRows[block];
  }

  /**
   * Min/max of one column of one block, from the index (does not touch the block).
   *
   * @param block the block index
   * @param column the field index
   * @return the statistics
   */
  public ColumnStats stats(int block, int column) {
    return stats[block][column];
  }

  /**
   * For a file opened with recovery that had no valid footer: where and why reading stopped.
   *
   * @return the torn tail, or empty for a cleanly closed file
   */
  public Optional<TornTail> tornTail() {
    return Optional.ofNullable(tornTail);
  }

  /**
   * The number of memory mappings the blocks are grouped into.
   *
   * @return the region count
   */
  public int regionCount() {
    return regionStart.length;
  }

  /**
   * One block, validated on first touch and cached.
   *
   * @param i the block index
   * @return the block
   * @throws MalformedInputException if the block is corrupt
   * @throws UncheckedIOException if mapping fails
   */
  public Block block(int i) {
    Block b = blocks.get(i);
    if (b == null) {
      int r = blockRegion[i];
      MappedByteBuffer m = region(r);
      b = Block.parse(schema, i, m, (int) (blockOffset[i] - regionStart[r]), blockOffset[i], blockRows[i],
          blockBody[i], verify);
      blocks.compareAndSet(i, null, b);
    }
    return b;
  }

  private MappedByteBuffer region(int r) {
    MappedByteBuffer m = regions.get(r);
    if (m == null) {
      try {
        m = channel.map(FileChannel.MapMode.READ_ONLY, regionStart[r], regionEnd[r] - regionStart[r]);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot map " + path + " at offset " + regionStart[r], e);
      }
      if (!regions.compareAndSet(r, null, m)) {
        m = regions.get(r);
      }
    }
    return m;
  }

  /**
   * Iterates all rows as records, built with the canonical constructor. Components are matched
   * to columns by name and type; the record may omit columns.
   *
   * @param type the record class
   * @param <T> the record type
   * @return an iterator (not thread-safe)
   * @throws BrineException if a component has no matching column
   */
  public <T extends Record> Iterator<T> records(Class<T> type) {
    return new RecordIterator<>(this, type);
  }

  /**
   * Releases the file. Mappings are released by the garbage collector (Java 17 cannot unmap
   * explicitly); do not use blocks after closing.
   */
  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
