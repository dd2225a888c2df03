package dev.brine;

/**
 * Every failure Brine reports: malformed or hostile input, a limit exceeded, a class that is not
 * allowed, or misuse of the API. Messages say what went wrong and, for input, at which byte offset.
 *
 * <p>Subclasses narrow the cause: {@link MalformedInputException}, {@link LimitExceededException},
 * {@link ClassNotAllowedException}.
 */
public class BrineException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with a message that says what went wrong and where. */
  public BrineException(String message) {
    super(message);
  }

  /** Creates an exception with a message and the underlying cause. */
  public BrineException(String message, Throwable cause) {
    super(message, cause);
  }
}
