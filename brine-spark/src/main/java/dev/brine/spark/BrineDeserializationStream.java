package dev.brine.spark;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.spark.serializer.DeserializationStream;
import scala.reflect.ClassTag;

/**
 * Reads the records a {@link BrineSerializationStream} wrote ({@code length:varuint32 value}, the
 * payload header byte implied). Reads ahead into its own buffer (like Kryo's {@code Input}) and
 * decodes each record in place: the byte before a record (the end of its length prefix, already
 * read) is overwritten with the implied header, so no copy is made. At a clean end of stream, between records,
 * {@link #readObject} throws {@link EOFException}, which is how Spark's iterators stop; a stream that
 * ends inside a record, or a length over {@code spark.brine.maxPayloadBytes}, is a {@link
 * dev.brine.BrineException} naming the stream offset.
 */
final class BrineDeserializationStream extends DeserializationStream {
  private static final int INITIAL = 64 << 10;

  private final Brine brine;
  private final byte header;
  private final long maxPayload;
  private final InputStream in;
  private byte[] buf = new byte[INITIAL];
  private int pos = 1;
  private int limit = 1;
  private long consumed; // bytes of the stream before buf[1] (buf[0] is slack for the header)

  BrineDeserializationStream(Brine brine, InputStream in, long maxPayload) {
    this.brine = brine;
    this.header = brine.serialize(null)[0];
    this.in = in;
    this.maxPayload = maxPayload;
  }

  @Override
  public <T> T readObject(ClassTag<T> tag) {
    try {
      if (pos == limit && !fill(1)) {
        throw new EOFException("end of Brine stream");
      }
      long start = consumed + pos - 1;
      long len = readLength(start);
      if (len + 1 > maxPayload) {
        throw new LimitExceededException("record of " + len + " bytes at stream offset " + start
            + " exceeds spark.brine.maxPayloadBytes (" + maxPayload + ")");
      }
      int n = (int) len;
      if (limit - pos < n && !fill(n)) {
        throw new MalformedInputException("the stream ended inside the record at stream offset " + start
            + " (" + (limit - pos) + " of " + n + " bytes)");
      }
      int at = pos - 1; // >= 0: the length prefix precedes, or the slack byte fill() keeps
      buf[at] = header;
      pos += n;
      return BrineSerializerInstance.cast(brine.deserialize(buf, at, n + 1));
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    }
  }

  private long readLength(long start) throws IOException {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos == limit && !fill(1)) {
        throw new MalformedInputException("the stream ended inside the length prefix at stream offset " + start);
      }
      int b = buf[pos++] & 0xFF;
      if (shift == 28 && b > 0x0F) {
        throw new MalformedInputException("record length prefix longer than 32 bits at stream offset " + start);
      }
      v |= (long) (b & 0x7F) << shift;
      if (b < 0x80) {
        return v;
      }
    }
  }

  /**
   * Makes at least {@code need} unread bytes available, compacting (unread bytes move to index 1, so
   * one byte before them is always free for the implied header) and growing the buffer as bytes
   * arrive (never by more than doubling, so a lying length allocates little); false at end of stream.
   */
  private boolean fill(int need) throws IOException {
    if (pos > 1) {
      int n = limit - pos;
      System.arraycopy(buf, pos, buf, 1, n);
      consumed += pos - 1;
      pos = 1;
      limit = n + 1;
    }
    need += pos;
    while (limit < need) {
      if (limit == buf.length) {
        buf = Arrays.copyOf(buf, (int) Math.max(INITIAL, Math.min(buf.length * 2L, need)));
      }
      int r = in.read(buf, limit, buf.length - limit);
      if (r < 0) {
        return false;
      }
      limit += r;
    }
    return true;
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    } finally {
      buf = new byte[1];
      pos = limit = 1;
    }
  }
}
