package dev.brine.columnar;

import dev.brine.BrineException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Appends records of one record class to a Brine columnar file ({@code .brc}).
 *
 * <p>Rows are buffered per column and written as self-describing blocks of at most
 * {@code rowsPerBlock} rows, each with a CRC32C; {@link #commit()} writes the footer (schema is in
 * the file header, block index and per-block min/max in the footer). Not thread-safe.
 *
 * <p><b>Nothing is lost, nothing half-written looks complete.</b> The rows go to a temporary file in
 * the target's directory ({@code .NAME.RANDOM.tmp}); only {@link #commit()} finishes it, forces it to
 * storage and renames it over the target in one atomic step. Until then the target is untouched: an
 * earlier file stays as it was. {@link #close()} without {@code commit()} — an exception in the
 * try block, a bad input line — deletes the temporary file and throws, so an unfinished write is never
 * mistaken for a finished one. A process killed mid-write leaves only the temporary file, which has
 * no footer: {@link ColumnarReader} refuses it, and {@link ColumnarReader.Options#recover(boolean)}
 * reads the blocks it holds.
 *
 * <pre>{@code
 * try (var w = ColumnarWriter.create(path, Measurement.class)) {
 *   for (Measurement m : rows) {
 *     w.write(m);
 *   }
 *   w.commit(); // publishes path; without it, close() discards the rows and throws
 * }
 * }</pre>
 *
 * @param <T> the record type
 */
public final class ColumnarWriter<T extends Record> implements AutoCloseable {
  /** Default rows per block: 1 Mi rows. */
  public static final int DEFAULT_ROWS_PER_BLOCK = 1 << 20;
  private static final long MAX_DICT_BYTES_PER_BLOCK = 256L << 20;

  private final FileChannel channel;
  private final Path target;
  private final Path temp;
  private boolean committed;
  private final Schema schema;
  private final ChunkBuilder[] chunks;
  private final MethodHandle[] getters;
  private final ColumnType[] types;
  private final int rowsPerBlock;
  private final List<long[]> index = new ArrayList<>();
  private long position;
  private int pending;
  private long totalRows;
  private boolean closed;
  private ByteBuffer body = ByteBuffer.allocate(0);

  private ColumnarWriter(Path path, Class<T> type, int rowsPerBlock, boolean packing) throws IOException {
    this.schema = Schema.of(type);
    int n = schema.size();
    this.rowsPerBlock = Math.max(1, Math.min(rowsPerBlock, (1 << 30) / (8 * n)));
    this.types = new ColumnType[n];
    this.chunks = new ChunkBuilder[n];
    this.getters = new MethodHandle[n];
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    RecordComponent[] comps = type.getRecordComponents();
    for (int i = 0; i < n; i++) {
      types[i] = schema.fields().get(i).type();
      chunks[i] = ChunkBuilder.forType(types[i], this.rowsPerBlock, packing);
      Class<?> erased = comps[i].getType().isPrimitive() ? comps[i].getType() : Object.class;
      try {
        comps[i].getAccessor().setAccessible(true);
        getters[i] = lookup.unreflect(comps[i].getAccessor()).asType(MethodType.methodType(erased, Object.class));
      } catch (IllegalAccessException | RuntimeException e) {
        throw new BrineException("cannot access component " + comps[i].getName() + " of " + type.getName(), e);
      }
    }
    this.target = path.toAbsolutePath();
    Path dir = target.getParent();
    // a new file with the directory's default permissions (createTempFile would make it owner-only)
    Path t;
    FileChannel ch;
    while (true) {
      t = dir.resolve("." + target.getFileName() + "."
          + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
      try {
        ch = FileChannel.open(t, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        break;
      } catch (FileAlreadyExistsException e) {
        // another writer's name: draw again
      }
    }
    this.temp = t;
    this.channel = ch;
    try {
      writeHeader();
    } catch (IOException | RuntimeException e) {
      channel.close();
      Files.deleteIfExists(temp);
      throw e;
    }
  }

  /**
   * Starts writing a file; {@code path} itself is written only by {@link #commit()}.
   *
   * @param path the file to write
   * @param type the record class; its components become the columns
   * @param <T> the record type
   * @return an open writer
   * @throws BrineException if the record has unsupported component types
   * @throws UncheckedIOException if the file cannot be created
   */
  public static <T extends Record> ColumnarWriter<T> create(Path path, Class<T> type) {
    return create(path, type, DEFAULT_ROWS_PER_BLOCK);
  }

  /**
   * Creates a file with a chosen block size.
   *
   * @param path the file to write
   * @param type the record class
   * @param rowsPerBlock rows per block (capped so a block body stays under 1 GiB)
   * @param <T> the record type
   * @return an open writer
   * @throws BrineException if the record has unsupported component types
   * @throws UncheckedIOException if the file cannot be created
   */
  public static <T extends Record> ColumnarWriter<T> create(Path path, Class<T> type, int rowsPerBlock) {
    return create(path, type, rowsPerBlock, true);
  }

  /**
   * Creates a file with a chosen block size and packing policy.
   *
   * @param path the file to write
   * @param type the record class
   * @param rowsPerBlock rows per block (capped so a block body stays under 1 GiB)
   * @param bitPacking whether integer, decimal and ordinal chunks may be bit-packed (frame of
   *     reference, 0..56 bits) when that is smaller than whole bytes; false keeps 1/2/4/8-byte values
   * @param <T> the record type
   * @return an open writer
   * @throws BrineException if the record has unsupported component types
   * @throws UncheckedIOException if the file cannot be created
   */
  public static <T extends Record> ColumnarWriter<T> create(Path path, Class<T> type, int rowsPerBlock,
      boolean bitPacking) {
    try {
      return new ColumnarWriter<>(path, type, rowsPerBlock, bitPacking);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + path, e);
    }
  }

  /**
   * The schema written to the file.
   *
   * @return the schema
   */
  public Schema schema() {
    return schema;
  }

  /**
   * Rows accepted so far (written or buffered).
   *
   * @return the row count
   */
  public long rowCount() {
    return totalRows + pending;
  }

  private void writeHeader() throws IOException {
    byte[] s = schema.toBytes();
    int len = Layout.FILE_HEADER_FIXED + s.length + 4;
    ByteBuffer b = ByteBuffer.allocate(Layout.align8(len)).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(Layout.FILE_MAGIC).putShort((short) Layout.VERSION).putShort((short) 0).putInt(s.length).put(s);
    b.putInt(Layout.crc(b.array(), 0, b.position()));
    b.position(0);
    writeFully(b);
  }

  private void writeFully(ByteBuffer b) throws IOException {
    while (b.hasRemaining()) {
      position += channel.write(b);
    }
  }

  /**
   * Appends one record. Null String/enum components are stored as nulls.
   *
   * @param record the record, not null
   * @throws BrineException if the writer is closed or the record is null
   * @throws UncheckedIOException if writing a full block fails
   */
  public void write(T record) {
    if (closed) {
      throw new BrineException("writer is closed");
    }
    if (record == null) {
      throw new BrineException("cannot write a null record");
    }
    try {
      for (int i = 0; i < chunks.length; i++) {
        MethodHandle g = getters[i];
        switch (types[i]) {
          case BOOLEAN -> ((ChunkBuilder.Longs) chunks[i]).add((boolean) g.invokeExact((Object) record) ? 1 : 0);
          case BYTE -> ((ChunkBuilder.Longs) chunks[i]).add((byte) g.invokeExact((Object) record));
          case SHORT -> ((ChunkBuilder.Longs) chunks[i]).add((short) g.invokeExact((Object) record));
          case CHAR -> ((ChunkBuilder.Longs) chunks[i]).add((char) g.invokeExact((Object) record));
          case INT -> ((ChunkBuilder.Longs) chunks[i]).add((int) g.invokeExact((Object) record));
          case LONG -> ((ChunkBuilder.Longs) chunks[i]).add((long) g.invokeExact((Object) record));
          case FLOAT -> ((ChunkBuilder.Floats) chunks[i]).add((float) g.invokeExact((Object) record));
          case DOUBLE -> ((ChunkBuilder.Doubles) chunks[i]).add((double) g.invokeExact((Object) record));
          case STRING -> ((ChunkBuilder.Dictionary) chunks[i]).add((String) (Object) g.invokeExact((Object) record));
          case ENUM -> {
            Object e = (Object) g.invokeExact((Object) record);
            ((ChunkBuilder.Dictionary) chunks[i]).add(e == null ? null : ((Enum<?>) e).name());
          }
        }
      }
    } catch (Throwable t) {
      for (ChunkBuilder c : chunks) {
        c.truncate(pending); // keep the columns aligned: the failed row is not written
      }
      if (t instanceof RuntimeException re) {
        throw re;
      } else if (t instanceof Error err) {
        throw err;
      }
      throw new BrineException("cannot read record component", t);
    }
    pending++;
    if (pending == rowsPerBlock || dictionaryFull()) {
      writeBlock();
    }
  }

  private boolean dictionaryFull() {
    long sum = 0;
    for (ChunkBuilder c : chunks) {
      sum += c.extraBytes();
    }
    return sum > MAX_DICT_BYTES_PER_BLOCK;
  }

  private void writeBlock() {
    if (pending == 0) {
      return;
    }
    int n = chunks.length;
    int[] sizes = new int[n];
    long bodyLen = 8L * n;
    for (int i = 0; i < n; i++) {
      bodyLen = Layout.align8(bodyLen);
      sizes[i] = chunks[i].prepare();
      bodyLen += sizes[i];
    }
    if (bodyLen > Layout.MAX_BODY) {
      throw new dev.brine.LimitExceededException("block body of " + bodyLen + " bytes is too large");
    }
    int total = Layout.align8(Layout.BLOCK_HEADER + (int) bodyLen);
    if (body.capacity() < total) {
      body = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
    } else {
      Arrays.fill(body.array(), 0, total, (byte) 0);
    }
    ByteBuffer b = body;
    b.clear();
    int dir = Layout.BLOCK_HEADER;
    int at = Layout.BLOCK_HEADER + 8 * n;
    long[] entry = new long[3 + 3 * n];
    for (int i = 0; i < n; i++) {
      at = Layout.align8(at);
      b.putInt(dir + 8 * i, at - Layout.BLOCK_HEADER).putInt(dir + 8 * i + 4, sizes[i]);
      b.position(at);
      chunks[i].encode(b);
      if (b.position() != at + sizes[i]) {
        throw new IllegalStateException("chunk size mismatch in column " + i);
      }
      at += sizes[i];
      entry[3 + 3 * i] = chunks[i].statsKind;
      entry[4 + 3 * i] = chunks[i].min;
      entry[5 + 3 * i] = chunks[i].max;
      chunks[i].reset();
    }
    int bodyCrc = Layout.crc(b.array(), Layout.BLOCK_HEADER, Layout.BLOCK_HEADER + (int) bodyLen);
    b.putInt(0, Layout.BLOCK_MAGIC).putInt(4, pending).putInt(8, (int) bodyLen)
        .putShort(12, (short) n).putShort(14, (short) 0).putInt(16, bodyCrc).putInt(20, index.size())
        .putInt(24, 0);
    b.putInt(28, Layout.crc(b.array(), 0, 28));
    b.position(0).limit(total);
    entry[0] = position;
    entry[1] = pending;
    entry[2] = bodyLen;
    try {
      writeFully(b);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write block " + index.size(), e);
    }
    index.add(entry);
    totalRows += pending;
    pending = 0;
  }

  /**
   * Writes buffered rows as a (possibly short) complete block and forces the file to storage,
   * so they survive a crash.
   *
   * @throws UncheckedIOException if writing fails
   */
  public void flush() {
    writeBlock();
    try {
      channel.force(false);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file this writer publishes on {@link #commit()}. */
  public Path target() {
    return target;
  }

  /**
   * The temporary file the rows go to until {@link #commit()} (in the target's directory); after a
   * crash it holds the blocks written so far, readable with {@link ColumnarReader.Options#recover}.
   */
  public Path temporaryFile() {
    return temp;
  }

  /**
   * Finishes the file: writes buffered rows, the footer and the trailer, forces them to storage, and
   * renames the temporary file over the target atomically (replacing an earlier file). After it,
   * {@link #close()} does nothing. If it fails, the temporary file is deleted and the target keeps
   * what it had.
   *
   * @throws BrineException if the writer was closed or committed already
   * @throws UncheckedIOException if writing or renaming fails
   */
  public void commit() {
    if (closed) {
      throw new BrineException(committed ? "already committed to " + target : "writer is closed");
    }
    boolean ok = false;
    try {
      finishFile();
      publish();
      ok = true;
      committed = true;
    } finally {
      if (!ok) {
        discard();
      }
    }
  }

  /**
   * Discards the rows: closes and deletes the temporary file; the target keeps what it had.
   * Idempotent; does nothing after {@link #commit()}.
   */
  public void abort() {
    if (!committed) {
      discard();
    }
  }

  /**
   * After {@link #commit()}, does nothing. Otherwise discards the rows like {@link #abort()} and throws,
   * so a write that never reached {@code commit()} (an exception in a try-with-resources block, or a
   * forgotten commit) is never taken for a finished file.
   *
   * @throws BrineException if the writer was neither committed nor aborted
   */
  @Override
  public void close() {
    if (committed || closed) {
      return;
    }
    discard();
    throw new BrineException("writer of " + target + " closed without commit(): its rows were discarded and "
        + target.getFileName() + " was left as it was");
  }

  private void discard() {
    closed = true;
    try {
      channel.close();
    } catch (IOException e) {
      // deleting the file is what matters
    }
    try {
      Files.deleteIfExists(temp);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + temp, e);
    }
  }

  /** Moves the finished temporary file over the target in one step, and makes the rename durable. */
  private void publish() {
    try {
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      try (FileChannel d = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
        d.force(true); // the directory entry: on Linux a rename is durable only then
      } catch (IOException | UnsupportedOperationException e) {
        // not every platform can open a directory; the rename itself is atomic either way
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot rename " + temp + " to " + target, e);
    }
  }

  /** Writes buffered rows, the footer and the trailer, forces the file to storage and closes it. */
  private void finishFile() {
    if (closed) {
      return;
    }
    try {
      writeBlock();
      int n = chunks.length;
      int len = Layout.FOOTER_FIXED + index.size() * (Layout.FOOTER_BLOCK_FIXED + n * Layout.FOOTER_STATS);
      ByteBuffer f = ByteBuffer.allocate(len + Layout.TRAILER).order(ByteOrder.LITTLE_ENDIAN);
      f.putInt(Layout.FOOTER_MAGIC).putShort((short) n).putShort((short) 0).putInt(index.size()).putInt(0)
          .putLong(totalRows);
      for (long[] e : index) {
        f.putLong(e[0]).putInt((int) e[1]).putInt((int) e[2]);
        for (int i = 0; i < n; i++) {
          f.put((byte) e[3 + 3 * i]).put(new byte[7]).putLong(e[4 + 3 * i]).putLong(e[5 + 3 * i]);
        }
      }
      long footerOffset = position;
      f.putLong(footerOffset).putInt(Layout.crc(f.array(), 0, len)).putInt(Layout.TRAILER_MAGIC);
      f.flip();
      writeFully(f);
      channel.force(false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write footer", e);
    } finally {
      closed = true;
      try {
        channel.close();
      } catch (IOException e) {
        // the footer error (if any) is the one that matters
      }
    }
  }
}
