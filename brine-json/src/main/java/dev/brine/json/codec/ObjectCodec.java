package dev.brine.json.codec;

import dev.brine.BrineException;
import dev.brine.json.io.FieldNames;
import dev.brine.json.io.JsonReader;
import dev.brine.json.io.JsonWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A class as a JSON object, its fields as properties in declaration order. Generated with ASM
 * ({@link ObjectCodecGenerator}) or interpreted ({@link ReflectiveObjectCodec}); both write the
 * same bytes. Public because generated subclasses live in the user's packages.
 */
public abstract class ObjectCodec extends JsonCodec {
  /** The class (written exactly: a subclass instance is refused). */
  protected final Class<?> type;
  /** Each field's name in UTF-8, for matching names when reading. */
  protected final byte[][] names;
  /** The same names, for {@link JsonReader#firstFieldIndex} and {@link JsonReader#nextFieldIndex}. */
  protected final FieldNames fields;

  /** For subclasses. */
  protected ObjectCodec(Class<?> type, List<String> names) {
    this.type = type;
    this.names = new byte[names.size()][];
    for (int i = 0; i < names.size(); i++) {
      this.names[i] = names.get(i).getBytes(StandardCharsets.UTF_8);
    }
    this.fields = new FieldNames(names);
  }

  /** The class. */
  public final Class<?> type() {
    return type;
  }

  /** Writes the object's fields between braces (never null). */
  protected abstract void writeObject(JsonWriter w, Object v);

  /** Reads the object's fields after the opening brace and through the closing one. */
  protected abstract Object readObject(JsonReader r);

  @Override
  public final void write(JsonWriter w, Object v) {
    if (v == null) {
      w.writeNull();
      return;
    }
    if (v.getClass() != type) {
      throw new BrineException("json: a " + v.getClass().getName() + " where a " + type.getName()
          + " is declared: fields hold exactly their declared class");
    }
    w.open('{');
    writeObject(w, v);
    w.close('}');
  }

  @Override
  public final Object read(JsonReader r) {
    if (r.nextIsNull()) {
      return null;
    }
    r.startObject();
    return readObject(r);
  }

  /** The precomputed bytes before field {@code i}'s value: {@code "name":}, with a comma after the first. */
  static byte[] prefix(String name, boolean first) {
    StringBuilder s = new StringBuilder();
    if (!first) {
      s.append(',');
    }
    JsonWriter w = new JsonWriter(16, 1);
    w.string(name);
    return (s + new String(w.toByteArray(), StandardCharsets.UTF_8) + ":").getBytes(StandardCharsets.UTF_8);
  }
}
