package dev.brine.spark;

import dev.brine.Brine;
import dev.brine.io.StringTable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.apache.spark.serializer.SerializationStream;
import scala.reflect.ClassTag;

/**
 * Writes each record as a Brine <em>bare value</em> ({@link Brine#serializeValue}): its tagged bytes,
 * with no header byte and no length prefix (a value's bytes say where it ends; both sides share the
 * serializer's settings). No stream header; references are reset for every record, and the string
 * table (recurring strings written once, then referred to) starts over at every {@link #flush()}, so
 * the bytes between two flushes can be relocated. See docs/spark.md, "Stream format".
 *
 * <p>Records are appended to a block buffer; blocks of about 16 KiB go to the underlying stream, and
 * {@link #flush()} pushes everything out.
 */
final class BrineSerializationStream extends SerializationStream {
  private static final int BLOCK = 16 << 10;
  private static final int KEEP = 1 << 20; // a buffer grown past this by a huge record is dropped after it

  private final Brine brine;
  private final OutputStream out;
  private final Sink sink = new Sink();
  private final StringTable strings; // null: off
  private byte[] buf = new byte[BLOCK + 1024];
  private int pos;

  BrineSerializationStream(Brine brine, OutputStream out, StringTable strings) {
    this.brine = brine;
    this.out = out;
    this.strings = strings;
  }

  /** Appends to the block buffer, growing it for a record larger than the room left. */
  private final class Sink extends OutputStream {
    @Override
    public void write(int b) {
      room(1);
      buf[pos++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      room(len);
      System.arraycopy(b, off, buf, pos, len);
      pos += len;
    }
  }

  private void room(int n) {
    if (n > buf.length - pos) {
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(buf.length * 2L, (long) pos + n)));
    }
  }

  @Override
  public <T> SerializationStream writeObject(T t, ClassTag<T> tag) {
    if (strings == null) {
      brine.serializeValue(t, sink);
    } else {
      brine.serializeValue(t, sink, strings);
    }
    if (pos >= BLOCK) {
      try {
        drain();
      } catch (IOException e) {
        throw Sneaky.rethrow(e);
      }
    }
    return this;
  }

  private void drain() throws IOException {
    if (pos > 0) {
      out.write(buf, 0, pos);
      pos = 0;
    }
    if (buf.length > KEEP) {
      buf = new byte[BLOCK + 1024];
    }
  }

  @Override
  public void flush() {
    if (strings != null) {
      strings.reset(); // what follows a flush does not refer to what precedes it (relocation)
    }
    try {
      drain();
      out.flush();
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    }
  }

  @Override
  public void close() {
    if (buf == null) {
      return;
    }
    try {
      drain();
      out.close();
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    } finally {
      buf = null;
    }
  }
}
