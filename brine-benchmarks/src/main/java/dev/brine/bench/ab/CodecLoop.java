package dev.brine.bench.ab;

import dev.brine.Brine;
import org.apache.fory.Fory;

/**
 * The operations an {@link Interleaved} probe times: {@code n} serializations of one value, or {@code n}
 * deserializations of its payload, with Brine or with Fory; shared by the probes so that each only says
 * which library, configuration and value it measures.
 */
public final class CodecLoop {
  private static final Object[] SINK = new Object[16];
  private final Brine brine;
  private final Fory fory;
  private final Object value;
  private final Class<Object> type;
  private final byte[] bytes;
  private final boolean serialize;

  /**
   * A loop over one library: {@code brine}, or {@code fory} when {@code brine} is null.
   *
   * @param brine Brine, or null
   * @param fory Fory, when {@code brine} is null
   * @param value the value written (and whose payload is read)
   * @param type the class passed to {@code deserialize(bytes, type)}, or null for {@code deserialize(bytes)}
   * @param serialize whether the loop serializes (else it deserializes)
   */
  public CodecLoop(Brine brine, Fory fory, Object value, Class<Object> type, boolean serialize) {
    this.brine = brine;
    this.fory = brine == null ? fory : null;
    this.value = value;
    this.type = type;
    this.serialize = serialize;
    this.bytes = brine != null ? brine.serialize(value) : fory.serialize(value);
  }

  /**
   * Runs {@code n} operations.
   *
   * @param n how many
   * @return a sum of the payloads' sizes (when serializing), for the caller to consume
   */
  public long run(int n) {
    long s = 0;
    if (serialize) {
      if (fory != null) {
        for (int i = 0; i < n; i++) {
          s += fory.serialize(value).length;
        }
      } else {
        for (int i = 0; i < n; i++) {
          s += brine.serialize(value).length;
        }
      }
    } else if (fory != null) {
      if (type == null) {
        for (int i = 0; i < n; i++) {
          SINK[i & 15] = fory.deserialize(bytes);
        }
      } else {
        for (int i = 0; i < n; i++) {
          SINK[i & 15] = fory.deserialize(bytes, type);
        }
      }
    } else if (type == null) {
      for (int i = 0; i < n; i++) {
        SINK[i & 15] = brine.deserialize(bytes);
      }
    } else {
      for (int i = 0; i < n; i++) {
        SINK[i & 15] = brine.deserialize(bytes, type);
      }
    }
    return s;
  }
}
