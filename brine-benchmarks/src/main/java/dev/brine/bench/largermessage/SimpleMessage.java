package dev.brine.bench.largermessage;

import java.io.Serializable;
import java.util.Objects;

/** Seed 004's SimpleMessage(value: Int, message: String). */
public final class SimpleMessage implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Value. */
  public int value;
  /** Message, nullable. */
  public String message;

  /** For deserializers. */
  public SimpleMessage() {
  }

  /**
   * Creates a message.
   *
   * @param value value
   * @param message text
   */
  public SimpleMessage(int value, String message) {
    this.value = value;
    this.message = message;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SimpleMessage && value == ((SimpleMessage) o).value
        && Objects.equals(message, ((SimpleMessage) o).message);
  }

  @Override
  public int hashCode() {
    return 31 * value + Objects.hashCode(message);
  }

  @Override
  public String toString() {
    return "SimpleMessage(" + value + ", " + message + ")";
  }
}
