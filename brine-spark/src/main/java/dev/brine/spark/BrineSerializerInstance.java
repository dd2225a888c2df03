package dev.brine.spark;

import dev.brine.Brine;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import scala.reflect.ClassTag;

/**
 * One user of a {@link BrineSerializer} (Spark uses an instance from one thread at a time). Single
 * values are plain Brine payloads ({@link Brine#serialize(Object)}); streams hold one bare value per
 * record ({@link Brine#serializeValue(Object, OutputStream, dev.brine.io.StringTable)}), their recurring
 * strings shared through a string table per stream.
 */
final class BrineSerializerInstance extends SerializerInstance {
  private final BrineSerializer owner;
  private final Brine brine;

  BrineSerializerInstance(BrineSerializer owner, Brine brine) {
    this.owner = owner;
    this.brine = brine;
  }

  @Override
  public <T> ByteBuffer serialize(T t, ClassTag<T> tag) {
    return ByteBuffer.wrap(brine.serialize(t));
  }

  @Override
  public <T> T deserialize(ByteBuffer bytes, ClassTag<T> tag) {
    return cast(brine.deserialize(bytes));
  }

  @Override
  public <T> T deserialize(ByteBuffer bytes, ClassLoader loader, ClassTag<T> tag) {
    return cast(owner.brine(loader).deserialize(bytes));
  }

  @Override
  public SerializationStream serializeStream(OutputStream s) {
    return new BrineSerializationStream(brine, s, owner.newStringTable());
  }

  @Override
  public DeserializationStream deserializeStream(InputStream s) {
    return new BrineDeserializationStream(brine, s, owner.maxPayloadBytes(), owner.newStringTable());
  }

  @SuppressWarnings("unchecked")
  static <T> T cast(Object o) {
    return (T) o;
  }
}
