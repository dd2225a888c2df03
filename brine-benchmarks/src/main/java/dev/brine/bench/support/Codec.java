package dev.brine.bench.support;

/**
 * One library's serialize/deserialize pair for a workload, used only off the hot path: to check round trips in
 * {@code @Setup}, by the smoke test, and to measure payload sizes. Benchmark methods call the libraries directly.
 */
public interface Codec {

  /**
   * Serializes a value.
   *
   * @param value the workload object
   * @return the payload
   * @throws Exception whatever the library throws
   */
  byte[] serialize(Object value) throws Exception;

  /**
   * Deserializes a payload.
   *
   * @param bytes the payload
   * @return the object
   * @throws Exception whatever the library throws
   */
  Object deserialize(byte[] bytes) throws Exception;

  /** A serializing function that may throw. */
  @FunctionalInterface
  interface Writer {
    /**
     * Serializes.
     *
     * @param value the object
     * @return the bytes
     * @throws Exception on failure
     */
    byte[] write(Object value) throws Exception;
  }

  /** A deserializing function that may throw. */
  @FunctionalInterface
  interface Reader {
    /**
     * Deserializes.
     *
     * @param bytes the payload
     * @return the object
     * @throws Exception on failure
     */
    Object read(byte[] bytes) throws Exception;
  }

  /**
   * Combines two functions into a codec.
   *
   * @param writer serializer
   * @param reader deserializer
   * @return the codec
   */
  static Codec of(Writer writer, Reader reader) {
    return new Codec() {
      @Override
      public byte[] serialize(Object value) throws Exception {
        return writer.write(value);
      }

      @Override
      public Object deserialize(byte[] bytes) throws Exception {
        return reader.read(bytes);
      }
    };
  }
}
