package dev.brine;

/**
 * A configured limit was exceeded: nesting depth, the length of a string, array, collection or map,
 * or the total bytes of one payload. Thrown before anything large is allocated.
 */
public class LimitExceededException extends BrineException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception that names the limit and the offending value. */
  public LimitExceededException(String message) {
    super(message);
  }
}
