package dev.brine.spark;

import dev.brine.Brine;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.spark.serializer.SerializationStream;
import scala.reflect.ClassTag;

/**
 * Writes each record as {@code length:varuint32 payload} (see docs/format.md, "stream API") straight
 * to the underlying stream, which Spark buffers and compresses. No stream header, no state shared
 * between records.
 */
final class BrineSerializationStream extends SerializationStream {
  private final Brine brine;
  private final OutputStream out;

  BrineSerializationStream(Brine brine, OutputStream out) {
    this.brine = brine;
    this.out = out;
  }

  @Override
  public <T> SerializationStream writeObject(T t, ClassTag<T> tag) {
    brine.serialize(t, out);
    return this;
  }

  @Override
  public void flush() {
    try {
      out.flush();
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    }
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw Sneaky.rethrow(e);
    }
  }
}
