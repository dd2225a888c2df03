package dev.brine.bench.support;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.List;

/**
 * Kryo 5 in its fast documented configuration: registration required, reference tracking off, one reused
 * {@link Output} and {@link Input}; {@code writeObject}/{@code readObject} with the known class (no class id).
 *
 * <p>Not thread-safe (neither is Kryo).
 */
public final class KryoCodec {
  private final Kryo kryo;
  private final Output output = new Output(4096, -1);
  private final Input input = new Input();

  /**
   * Creates the codec.
   *
   * @param classes every class that occurs in the payloads, registered in this order
   */
  public KryoCodec(List<Class<?>> classes) {
    kryo = new Kryo();
    kryo.setRegistrationRequired(true);
    kryo.setReferences(false);
    for (Class<?> c : classes) {
      kryo.register(c);
    }
  }

  /**
   * Serializes into the reused output and copies the result.
   *
   * @param value the object
   * @return exact-size bytes
   */
  public byte[] serialize(Object value) {
    output.reset();
    kryo.writeObject(output, value);
    return output.toBytes();
  }

  /**
   * Deserializes with the reused input.
   *
   * @param bytes the payload
   * @param type the top-level class
   * @param <T> the type
   * @return the object
   */
  public <T> T deserialize(byte[] bytes, Class<T> type) {
    input.setBuffer(bytes);
    return kryo.readObject(input, type);
  }
}
