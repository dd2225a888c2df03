package dev.brine.json.codec;

import dev.brine.json.io.JsonReader;
import dev.brine.json.io.JsonWriter;

/**
 * Writes and reads values of one Java type as JSON. Public because generated object codecs (in the
 * user's packages) call the codecs of their fields.
 */
public abstract class JsonCodec {
  /** Writes {@code v} (possibly null: {@code null}). */
  public abstract void write(JsonWriter w, Object v);

  /** Reads a value ({@code null} gives null, or the default of a primitive). */
  public abstract Object read(JsonReader r);
}
