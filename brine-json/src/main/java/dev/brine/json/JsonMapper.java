package dev.brine.json;

import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.MalformedInputException;
import dev.brine.json.codec.JsonCodecs;
import dev.brine.json.codec.ObjectCodec;
import dev.brine.json.io.JsonReader;
import dev.brine.json.io.JsonWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writes and reads plain Java records and POJOs as JSON, the same output (as a JSON tree) as Jackson
 * databind's defaults for plain data classes: an object per class with its fields as properties in
 * declaration order, {@code null}s written, enums by name, {@code byte[]} as base64; docs/formats.md
 * has the full mapping. Reading accepts any field order, skips unknown fields, leaves missing ones
 * at their defaults (null, 0, false), and reports malformed JSON with its line and column.
 *
 * <pre>{@code
 * JsonMapper json = JsonMapper.builder().register(Order.class).build();
 * String text = json.toJson(order);                 // {"id":1,"customer":"Ada","lines":[...]}
 * Order back = json.fromJson(text, Order.class);
 * }</pre>
 *
 * <p>Every class is checked when the mapper is built (a polymorphic {@code Object} or interface
 * field, or a class that contains itself, is a {@link BrineException} from {@link Builder#build()}).
 * The code of each class is generated with ASM as a hidden nestmate of the class (through
 * brine-core's {@code Nestmates}), or interpreted where that is impossible; both write the same
 * bytes. The codec is Brine's own byte-level UTF-8 reader and writer (docs/formats.md says why).
 * Immutable and thread-safe.
 */
public final class JsonMapper {
  private final Map<Class<?>, ObjectCodec> codecs;
  private final int maxDepth;
  private final ThreadLocal<JsonWriter> writers;
  private static final int KEEP_BUFFER = 1 << 20;

  private JsonMapper(Builder b) {
    JsonCodecs c = new JsonCodecs(b.codegen);
    for (Class<?> type : b.classes) {
      if (!type.isEnum()) { // an enum is written where a field holds it (by name): nothing to map on its own
        c.object(type);
      }
    }
    this.codecs = Map.copyOf(c.objects());
    this.maxDepth = b.maxDepth;
    this.writers = ThreadLocal.withInitial(() -> new JsonWriter(256, b.maxDepth));
  }

  /** A builder; register the classes to write and read. */
  public static Builder builder() {
    return new Builder();
  }

  private ObjectCodec codec(Class<?> type) {
    ObjectCodec c = codecs.get(type);
    if (c == null) {
      throw new ClassNotAllowedException("json: " + type.getName() + " is not registered: "
          + "JsonMapper.builder().register(" + type.getSimpleName() + ".class)");
    }
    return c;
  }

  /**
   * {@code value} as JSON text.
   *
   * @throws ClassNotAllowedException if its class is neither registered nor contained in a registered class
   */
  public String toJson(Object value) {
    JsonWriter w = write(value);
    try {
      return new String(w.buf, 0, w.pos, StandardCharsets.UTF_8);
    } finally {
      release(w);
    }
  }

  /** {@code value} as JSON in UTF-8 bytes; see {@link #toJson}. */
  public byte[] toJsonBytes(Object value) {
    JsonWriter w = write(value);
    try {
      return w.toByteArray();
    } finally {
      release(w);
    }
  }

  private JsonWriter write(Object value) {
    Objects.requireNonNull(value, "value");
    ObjectCodec c = codec(value.getClass());
    JsonWriter w = writers.get();
    w.reset();
    c.write(w, value);
    return w;
  }

  private void release(JsonWriter w) {
    if (w.buf.length > KEEP_BUFFER) {
      writers.remove();
    }
  }

  /**
   * Reads an object of class {@code type} from JSON text ({@code null} gives null).
   *
   * @throws MalformedInputException if the text is not valid JSON or does not fit the class (with line and column)
   */
  public <T> T fromJson(String json, Class<T> type) {
    byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
    // an unpaired surrogate has become a '?' byte: possible where the text is not all ASCII, or where a
    // '?' byte stands (a byte a char, so an unpaired surrogate among ASCII keeps the lengths equal)
    if (utf8.length != json.length() || hasQuestionMark(utf8)) {
      utf8 = utf8(json, utf8);
    }
    return fromJson(utf8, type);
  }

  /**
   * {@code json}'s UTF-8 bytes, {@code encoded} unless it holds an unpaired surrogate, which UTF-8 cannot
   * encode ({@code getBytes} makes it a {@code '?'}): then written as its escape {@code \uD800}, which
   * inside a string reads back as the same char (as Jackson, reading the text's chars, keeps it), and
   * outside one is malformed JSON, as the char itself is.
   */
  private static boolean hasQuestionMark(byte[] b) {
    for (byte x : b) {
      if (x == '?') {
        return true;
      }
    }
    return false;
  }

  private static byte[] utf8(String json, byte[] encoded) {
    StringBuilder escaped = null;
    int from = 0;
    for (int i = 0, n = json.length(); i < n; i++) {
      char c = json.charAt(i);
      if (!Character.isSurrogate(c)) {
        continue;
      }
      if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(json.charAt(i + 1))) {
        i++;
        continue;
      }
      if (escaped == null) {
        escaped = new StringBuilder(json.length() + 16);
      }
      escaped.append(json, from, i).append(String.format("\\u%04X", (int) c));
      from = i + 1;
    }
    return escaped == null ? encoded : escaped.append(json, from, json.length()).toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Reads an object of class {@code type} from UTF-8 JSON bytes; see {@link #fromJson(String, Class)}. */
  public <T> T fromJson(byte[] json, Class<T> type) {
    ObjectCodec c = codec(type);
    JsonReader r = new JsonReader(json, 0, json.length, maxDepth);
    try {
      Object v = c.read(r);
      r.finish();
      return type.cast(v);
    } catch (BrineException e) {
      throw e;
    } catch (RuntimeException e) { // e.g. a record's constructor refusing a value
      throw new BrineException("json: reading a " + type.getName() + " failed: " + e, e);
    }
  }

  /** How {@code type} is written: "generated" or "interpreted"; for diagnostics. */
  public String explain(Class<?> type) {
    return type.getName() + ": " + (codec(type).getClass().isHidden() ? "generated" : "interpreted");
  }

  /** Configures a {@link JsonMapper}. Not thread-safe; build once and share the mapper. */
  public static final class Builder {
    private final Set<Class<?>> classes = new LinkedHashSet<>();
    private boolean codegen = true;
    private int maxDepth = 512;

    private Builder() {
    }

    /**
     * Allows the classes (and every class they contain) to be written and read. Enums may be listed too (the
     * same list as {@code Brine.builder().register}, which needs them): they are written by name wherever a
     * field holds them, and need no registration of their own here.
     */
    public Builder register(Class<?>... types) {
      classes.addAll(Arrays.asList(types));
      return this;
    }

    /** Default {@code true}: generate code; {@code false} interprets (same bytes, slower). */
    public Builder codegen(boolean on) {
      this.codegen = on;
      return this;
    }

    /** How deep arrays and objects may nest, when writing and reading (unknown fields included); default 512. */
    public Builder maxDepth(int depth) {
      if (depth <= 0) {
        throw new IllegalArgumentException("maxDepth must be positive");
      }
      this.maxDepth = depth;
      return this;
    }

    /**
     * Maps every class and generates its code.
     *
     * @throws BrineException naming the class and field that cannot be mapped
     */
    public JsonMapper build() {
      return new JsonMapper(this);
    }
  }
}
