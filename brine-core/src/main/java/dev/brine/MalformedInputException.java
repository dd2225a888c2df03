package dev.brine;

/**
 * The input is not a valid Brine payload: truncated data, a length larger than the bytes that remain,
 * an unknown type id, trailing bytes, or a value that cannot be decoded. The message names the byte
 * offset where decoding failed.
 */
public class MalformedInputException extends BrineException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception for malformed input. */
  public MalformedInputException(String message) {
    super(message);
  }

  /** Creates an exception for malformed input with its cause. */
  public MalformedInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
