package dev.brine.spark;

import dev.brine.Brine;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.spark.serializer.SerializationStream;
import scala.reflect.ClassTag;

/**
 * Writes each record as {@code length:varuint32 value}: the tagged value of a Brine payload without
 * its header byte, which is implied because both sides share the serializer's settings (see
 * docs/spark.md, "Stream format"). No stream header and no state shared between records, so the
 * records' bytes can be relocated. Records are gathered in a small buffer and handed to the
 * underlying stream in blocks; {@link #flush()} pushes everything out.
 */
final class BrineSerializationStream extends SerializationStream {
  private static final int BUFFER = 16 << 10;

  private final Brine brine;
  private final OutputStream out;
  private byte[] buf = new byte[BUFFER];
  private int pos;

  BrineSerializationStream(Brine brine, OutputStream out) {
    this.brine = brine;
    this.out = out;
  }

  @Override
  public <T> SerializationStream writeObject(T t, ClassTag<T> tag) {
    byte[] payload = brine.serialize(t); // header byte, then the tagged value
    int n = payload.length - 1;
    try {
      if (pos + 5 + n > buf.length) {
        drain();
      }
      pos = putVarUInt32(buf, pos, n);
      if (n > buf.length - pos) {
        drain();
        out.write(payload, 1, n);
      } else {
        System.arraycopy(payload, 1, buf, pos, n);
        pos += n;
      }
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
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
