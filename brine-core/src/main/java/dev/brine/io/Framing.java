package dev.brine.io;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.TruncatedInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * How payloads sit in streams and buffers: a varuint32 length prefix before a payload in a stream
 * (docs/format.md, "Streams"), and decoding a value from a direct or read-only {@link ByteBuffer}
 * through a heap window that grows while the value overruns it.
 */
public final class Framing {
  private Framing() {}

  /**
   * Reads a varuint32 length prefix from {@code in}, one byte at a time (nothing past the prefix is
   * consumed), and checks it against {@code maxBytes}.
   *
   * @throws MalformedInputException if the stream is empty ("holds no more values"), ends inside the
   *     prefix, or the prefix is longer than 32 bits
   * @throws LimitExceededException if the length exceeds {@code maxBytes}
   */
  public static int readLengthPrefix(InputStream in, long maxBytes) throws IOException {
    long len = 0;
    for (int shift = 0; ; shift += 7) {
      int b = in.read();
      if (b < 0) {
        throw new MalformedInputException(shift == 0
            ? "the stream holds no more values" : "the stream ended inside a length prefix");
      }
      if (shift == 28 && b > 0x0F) {
        throw new MalformedInputException("length prefix longer than 32 bits in the stream");
      }
      len |= (long) (b & 0x7F) << shift;
      if (b < 0x80) {
        break;
      }
    }
    if (len > maxBytes) {
      throw new LimitExceededException("stream value of " + len + " bytes exceeds the limit of "
          + maxBytes + " bytes (Brine.Builder.maxPayloadBytes)");
    }
    return (int) len;
  }

  /**
   * Decodes one value starting at {@code buffer}'s position and moves the position just past it.
   * A heap buffer is read in place; a direct or read-only one is copied into a window of at most 8 KiB
   * first, doubled while the value overruns it ({@link TruncatedInputException}), so a small value in
   * a large buffer copies little. {@code decode} reads from {@code reader}, which this points at the
   * bytes; {@code beforeRetry} runs before it is called again on a larger window.
   *
   * @throws TruncatedInputException if the buffer ends inside the value; the position is unchanged
   */
  public static <T> T decode(ByteBuffer buffer, ByteReader reader, Supplier<T> decode, Runnable beforeRetry) {
    int at = buffer.position();
    if (buffer.hasArray() && !buffer.isReadOnly()) {
      reader.wrap(buffer.array(), buffer.arrayOffset() + at, buffer.remaining());
      T value = decode.get();
      buffer.position(at + reader.position());
      return value;
    }
    int window = Math.min(buffer.remaining(), 8192);
    while (true) {
      byte[] copy = new byte[window];
      buffer.get(at, copy);
      reader.wrap(copy, 0, window);
      try {
        T value = decode.get();
        buffer.position(at + reader.position());
        return value;
      } catch (TruncatedInputException e) {
        if (window == buffer.remaining()) {
          throw e;
        }
        window = (int) Math.min(buffer.remaining(), window * 2L);
        beforeRetry.run();
      }
    }
  }
}
