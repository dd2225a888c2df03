package dev.brine.bench.support;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/** Plain JDK serialization ({@link ObjectOutputStream}), one stream per message as it is normally used. */
public final class JdkCodec {
  private JdkCodec() {
  }

  /**
   * Serializes with a fresh {@link ObjectOutputStream}.
   *
   * @param value a {@link java.io.Serializable} object
   * @return the stream bytes
   */
  public static byte[] serialize(Object value) {
    try {
      ByteArrayOutputStream bos = new ByteArrayOutputStream(256);
      try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
        out.writeObject(value);
      }
      return bos.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Deserializes with a fresh {@link ObjectInputStream}.
   *
   * @param bytes the stream bytes
   * @return the object
   */
  public static Object deserialize(byte[] bytes) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
