package dev.brine;

/**
 * The input ends before the value does: every byte read so far was valid, but more are needed. A
 * reader of a stream of values ({@link Brine#deserializeValue(java.nio.ByteBuffer)}) can read more
 * bytes and try again; for a complete payload it means the payload was cut short.
 */
public class TruncatedInputException extends MalformedInputException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception for input that ends too early; the message says what and where. */
  public TruncatedInputException(String message) {
    super(message);
  }
}
