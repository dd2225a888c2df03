package dev.brine.spark;

import dev.brine.Brine;
import dev.brine.MalformedInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.apache.spark.serializer.SerializationStream;
import scala.reflect.ClassTag;

/**
 * Writes each record as {@code length:varuint32 value}: the tagged value of a Brine payload without
 * its header byte, which is implied because both sides share the serializer's settings (see
 * docs/spark.md, "Stream format"). No stream header and no state shared between records, so the
 * records' bytes can be relocated.
 *
 * <p>Brine appends each record ({@link Brine#serialize(Object, OutputStream)}: length, header,
 * value) straight into this stream's block buffer; the frame is then rewritten in place (new length,
 * value moved over the header), so no per-record array is allocated. Blocks of about 16 KiB go to
 * the underlying stream; {@link #flush()} pushes everything out.
 */
final class BrineSerializationStream extends SerializationStream {
  private static final int BLOCK = 16 << 10;
  private static final int KEEP = 1 << 20; // a buffer grown past this by a huge record is dropped after it

  private final Brine brine;
  private final OutputStream out;
  private final Sink sink = new Sink();
  private byte[] buf = new byte[BLOCK + 1024];
  private int pos;

  BrineSerializationStream(Brine brine, OutputStream out) {
    this.brine = brine;
    this.out = out;
  }

  /** Appends to the block buffer, growing it within a record (a frame is rewritten after it is complete). */
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
    int start = pos;
    brine.serialize(t, sink); // appends length:varuint32, header, value
    int p = start;
    int len = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = buf[p++];
      len |= (b & 0x7F) << shift;
      if (b >= 0) {
        break;
      }
    }
    if (len < 2 || p + len != pos) {
      throw new MalformedInputException("internal: unexpected frame from Brine.serialize (length " + len + ")");
    }
    int n = len - 1; // without the header byte at p
    int value = putVarUInt32(buf, start, n);
    System.arraycopy(buf, p + 1, buf, value, n);
    pos = value + n;
    if (pos >= BLOCK) {
      try {
        drain();
      } catch (IOException e) {
        throw Sneaky.rethrow(e);
      }
    }
    return this;
  }

  static int putVarUInt32(byte[] b, int at, int v) {
    while ((v & ~0x7F) != 0) {
      b[at++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[at++] = (byte) v;
    return at;
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
