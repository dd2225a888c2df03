package dev.brine.spark;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import dev.brine.io.StringTable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.spark.serializer.DeserializationStream;
import scala.reflect.ClassTag;

/**
 * Reads the records a {@link BrineSerializationStream} wrote (Brine bare values, back to back). Reads
 * ahead into its own buffer (like Kryo's {@code Input}) and decodes each record in place with {@link
 * Brine#deserializeValue}; a record that runs past the bytes read so far (a {@link
 * TruncatedInputException}) is decoded again once at least twice as many bytes are available, so a
 * record costs O(1) decodes amortized and a huge one O(log size). At a clean end of stream, between
 * records, {@link #readObject} throws {@link EOFException}, which is how Spark's iterators stop; a
 * stream that ends inside a record, or a record over {@code spark.brine.maxPayloadBytes}, is a {@link
 * dev.brine.BrineException} naming the stream offset.
 */
final class BrineDeserializationStream extends DeserializationStream {
  private static final int INITIAL = 64 << 10;

  private final Brine brine;
  private final long maxPayload;
  private final InputStream in;
  private final StringTable strings; // null: off; a failed decode leaves it as it was
  private byte[] buf = new byte[INITIAL];
  private ByteBuffer view = ByteBuffer.wrap(buf); // over buf, positioned at each record in turn
  private int pos;
  private int limit;
  private long consumed; // bytes of the stream before buf[0]

  BrineDeserializationStream(Brine brine, InputStream in, long maxPayload, StringTable strings) {
    this.brine = brine;
    this.in = in;
    this.maxPayload = maxPayload;
    this.strings = strings;
  }

  @Override
  public <T> T readObject(ClassTag<T> tag) {
    try {
      if (pos == limit && !fill(1)) {
        throw new EOFException("end of Brine stream");
      }
      while (true) {
        if (view.array() != buf) {
          view = ByteBuffer.wrap(buf); // the buffer grew
        }
        view.limit(limit).position(pos);
        try {
          Object value = strings == null ? brine.deserializeValue(view) : brine.deserializeValue(view, strings);
          pos = view.position();
          return BrineSerializerInstance.cast(value);
        } catch (TruncatedInputException e) {
          long start = consumed + pos;
          int have = limit - pos;
          if (have >= maxPayload) {
            throw new LimitExceededException("record at stream offset " + start + " is larger than "
                + "spark.brine.maxPayloadBytes (" + maxPayload + ")");
          }
          if (!fill((int) Math.min(maxPayload, Math.max(INITIAL, 2L * have)))) {
            if (limit - pos == have) {
              throw new MalformedInputException("the stream ended inside the record at stream offset " + start
                  + " (after " + have + " bytes: " + e.getMessage() + ")");
            }
          }
        }
      }
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    }
  }

  /**
   * Tries to make {@code need} unread bytes available, compacting (unread bytes move to index 0) and
   * growing the buffer as bytes arrive (never by more than doubling, so a lying length allocates
   * little); false if the stream ended first (whatever arrived is kept).
   */
  private boolean fill(int need) throws IOException {
    if (pos > 0) {
      int n = limit - pos;
      System.arraycopy(buf, pos, buf, 0, n);
      consumed += pos;
      pos = 0;
      limit = n;
    }
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
      buf = new byte[0];
      view = ByteBuffer.wrap(buf);
      pos = limit = 0;
    }
  }
}
