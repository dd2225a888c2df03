package dev.brine;

/**
 * A class may not be serialized or deserialized: it is not registered while registration is
 * required, or it is on the deny-list of known deserialization gadgets. The message names the class
 * and says how to allow it.
 */
public class ClassNotAllowedException extends BrineException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception that names the refused class. */
  public ClassNotAllowedException(String message) {
    super(message);
  }
}
