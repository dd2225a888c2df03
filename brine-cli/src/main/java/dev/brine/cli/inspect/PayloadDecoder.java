package dev.brine.cli.inspect;

import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.cli.inspect.WireType.Kind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Decodes the structure of a Brine payload without its classes, as {@code protoc --decode_raw} does for protobuf:
 * the header (references, number encoding), then every tagged value with its type id, lengths and sizes, class
 * descriptors, map chunks, back-references, and the strings, numbers and dates of the built-in types
 * (docs/format.md). A registered class's fields follow one another without tags or lengths, so where one begins
 * the bytes cannot be split without the class: decoding stops there and {@link Decoded#stoppedAt()} says where.
 * In compatible mode the payload carries each class's definition, which splits them: its objects' fields are
 * decoded and named ({@link CompatObjects}).
 * Malformed or truncated input ends decoding with the {@link BrineException} the library would give, with its
 * offset; what was decoded before stays in the tree.
 */
public final class PayloadDecoder {
  /** Deepest nesting decoded: the library's default {@code maxDepth}. */
  public static final int MAX_DEPTH = 4096;

  /** Stack of the thread that decodes: room for {@link #MAX_DEPTH} levels of nested values. */
  private static final long STACK_BYTES = 256L << 20;

  /**
   * The result of decoding.
   *
   * @param root the payload's node: the header and the value as children
   * @param stoppedAt where decoding stopped at a payload only its class can split, or -1
   * @param stopReason what could not be split there, or null
   * @param error why decoding failed (malformed, truncated, too deep), or null
   * @param needsClasses whether the value names classes this program may not have: registered ones, classes
   *     written by name or as {@code Class} values, a lambda's capturing class, brine-spark's types (so it can be
   *     shown as Java objects only with those classes)
   */
  public record Decoded(Node root, int stoppedAt, String stopReason, BrineException error, boolean needsClasses) {
    /**
     * Whether every byte was decoded.
     *
     * @return true if decoding neither stopped nor failed
     */
    public boolean complete() {
      return stoppedAt < 0 && error == null;
    }
  }

  /** Thrown (and caught in {@link #decode}) where a payload cannot be split without its class. */
  static final class Opaque extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int at;

    Opaque(int at, String reason) {
      super(reason, null, false, false);
      this.at = at;
    }
  }

  final Cursor in;
  private final int maxChildren;
  boolean references;
  private boolean compressed = true;
  private int depth;
  private boolean needsClasses;
  private final List<Node> objects = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  private boolean compatible;
  final CompatDefinitions definitions = new CompatDefinitions();
  private final Containers containers = new Containers(this);
  final CompatObjects compat = new CompatObjects(this);

  private PayloadDecoder(byte[] bytes, int offset, int length, int maxChildren) {
    this.in = new Cursor(bytes, offset, length);
    this.maxChildren = maxChildren;
  }

  /**
   * Decodes one payload ({@code header value}, what {@code Brine.serialize} writes).
   *
   * @param bytes the payload
   * @param maxChildren elements, entries or chunks kept per value for printing (all are decoded)
   * @return the tree and how decoding ended
   */
  public static Decoded decode(byte[] bytes, int maxChildren) {
    return decode(bytes, 0, bytes.length, maxChildren);
  }

  /**
   * Decodes one payload in a slice of an array; offsets in the tree and in messages count from the slice's start.
   *
   * @param bytes the array
   * @param offset where the payload starts
   * @param length its length
   * @param maxChildren elements, entries or chunks kept per value for printing (all are decoded)
   * @return the tree and how decoding ended
   */
  public static Decoded decode(byte[] bytes, int offset, int length, int maxChildren) {
    // one recursion per nesting level: on a thread whose stack holds MAX_DEPTH of them (as the library retries
    // a deep graph on a deep-stack thread)
    Decoded[] result = new Decoded[1];
    RuntimeException[] failed = new RuntimeException[1];
    Thread t = new Thread(null, () -> {
      try {
        result[0] = decodeHere(bytes, offset, length, maxChildren);
      } catch (RuntimeException e) {
        failed[0] = e;
      }
    }, "brine-inspect", STACK_BYTES);
    t.start();
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while decoding", e);
    }
    if (failed[0] != null) {
      throw failed[0];
    }
    return result[0];
  }

  private static Decoded decodeHere(byte[] bytes, int offset, int length, int maxChildren) {
    PayloadDecoder d = new PayloadDecoder(bytes, offset, length, maxChildren);
    Node root = new Node(0, "", "Brine payload", maxChildren);
    try {
      d.header(root);
      d.value(root, "value");
      if (d.in.remaining() > 0) {
        throw new MalformedInputException(d.in.remaining() + " trailing bytes at offset " + d.in.position()
            + " after the value");
      }
      root.end(d.in.position());
      return new Decoded(root, -1, null, null, d.needsClasses);
    } catch (Opaque o) {
      return new Decoded(root, o.at, o.getMessage(), null, d.needsClasses);
    } catch (BrineException e) {
      return new Decoded(root, -1, null, e, d.needsClasses);
    }
  }

  /**
   * Whether a file looks like one or more payloads written with {@code serialize(value, OutputStream)}: a
   * varuint32 length, then a payload of that length whose first byte is a header, until the end.
   *
   * @param bytes the file
   * @return the payloads' offsets and lengths as pairs, or null if the file is not such a stream
   */
  public static int[] lengthPrefixedPayloads(byte[] bytes) {
    List<Integer> spans = new ArrayList<>();
    Cursor c = new Cursor(bytes);
    try {
      while (c.remaining() > 0) {
        int n = c.readVarUInt32();
        if (n < 1 || n > c.remaining() || !isHeader(bytes[c.position()] & 0xFF)) {
          return null;
        }
        spans.add(c.position());
        spans.add(n);
        c.skip(n);
      }
    } catch (BrineException e) {
      return null;
    }
    return spans.isEmpty() ? null : spans.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Whether a byte is a payload header: 0xC0 (format 2) or 0xB2 (format 1), with 0x01 for references and 0x04
   * for fixed-width numbers. The two formats lay out the built-in types alike; they differ in how a class's
   * fields are written, which this decoder does not split.
   *
   * @param b the byte, 0–255
   * @return true for 0xC0, 0xC1, 0xC4, 0xC5 (0xCA, 0xCB, 0xCE, 0xCF in compatible mode; 0xC2, 0xC3, 0xC6,
   *     0xC7 for its first layout of class definitions), 0xB2, 0xB3, 0xB6, 0xB7
   */
  public static boolean isHeader(int b) {
    int base = b & ~0x05;
    return base == 0xC0 || base == 0xB2 || base == 0xC2 || base == 0xCA; // 0xC2, 0xCA: compatible mode
  }

  // ---------------------------------------------------------------- header and tagged values

  private void header(Node root) {
    int h = in.readInt8() & 0xFF;
    if (!isHeader(h)) {
      throw new MalformedInputException(String.format("header byte 0x%02X at offset 0 is not a Brine payload's "
          + "(0xC0, 0xC1, 0xC4, 0xC5; compatible mode 0xCA, 0xCB, 0xCE, 0xCF or 0xC2, 0xC3, 0xC6, 0xC7; format 1: 0xB2, "
          + "0xB3, 0xB6, 0xB7)", h));
    }
    references = (h & 0x01) != 0;
    compressed = (h & 0x04) == 0;
    int base = h & ~0x05;
    compatible = base == 0xC2 || base == 0xCA;
    Node n = root.add(node(0, "header", String.format("0x%02X", h)));
    n.text("format " + ((h & 0xF0) == 0xC0 ? "2" : "1")
        + (compatible ? ", compatible mode (class definitions inside" + (base == 0xC2 ? ", first layout)" : ")") : "")
        + ", references "
        + (references ? "on (back-references allowed)" : "off") + ", int/long "
        + (compressed ? "as varints" : "fixed-width (compressNumbers(false))"));
    n.end(1);
  }

  Node node(int at, String role, String type) {
    return new Node(at, role, type, maxChildren);
  }

  /** A tagged value: varuint32 tag (0 null, 1 back-reference, else a type) and the payload. */
  void value(Node parent, String role) {
    int at = in.position();
    int tag = in.readVarUInt32();
    if (tag == 0) {
      leaf(parent, at, role, "null", "");
      return;
    }
    if (tag == 1) {
      backReference(parent, at, role, "tag 1");
      return;
    }
    if (compatible && (tag == 63 || tag == 60)) {
      compatValue(parent, at, role);
      return;
    }
    payload(parent, at, role, resolve(tag, at), true);
  }

  /** A value of compatible mode (tag 63 a class or record, 60 an enum): {@link CompatObjects#value}. */
  private void compatValue(Node parent, int at, String role) {
    needsClasses = true;
    compat.value(parent, at, role);
  }

  /** Registers {@code n} as the next object a back-reference can name, when references are on. */
  void track(Node n) {
    if (references) {
      n.referenceIndex(objects.size());
      objects.add(n);
    }
  }

  /** A declared slot: slot byte 0 null, 1 back-reference, 2 the payload of {@code t}. */
  void declared(Node parent, String role, WireType t) {
    int at = in.position();
    int slot = in.readInt8();
    switch (slot) {
      case 0 -> leaf(parent, at, role, "null", "(slot 0)");
      case 1 -> backReference(parent, at, role, "slot 1");
      case 2 -> payload(parent, at, role, t, false);
      default -> throw new MalformedInputException("invalid slot byte " + slot + " at offset " + at
          + " (expected 0, 1 or 2)");
    }
  }

  void leaf(Node parent, int at, String role, String type, String text) {
    Node n = parent.add(node(at, role, type));
    n.text(text);
    n.end(in.position());
  }

  private void backReference(Node parent, int at, String role, String how) {
    if (!references) {
      throw new MalformedInputException("back-reference at offset " + at + " but the header says references are off");
    }
    int index = in.readVarUInt32();
    if (index < 0 || index >= objects.size()) {
      throw new MalformedInputException("back-reference to object #" + Integer.toUnsignedString(index)
          + " at offset " + at + ", but only " + objects.size() + " objects were read");
    }
    Node target = objects.get(index);
    leaf(parent, at, role, "back-reference", "(" + how + ") → object #" + index + ", the " + target.type()
        + " at " + Texts.hex(target.offset()) + (target.end() < 0 ? " (a value that contains this one: a cycle)" : ""));
  }

  /** Reads the rest of a type tag or class descriptor: a class by name, an array's component, or a plain id. */
  private WireType resolve(int tag, int at) {
    if (tag == 62) {
      needsClasses = true;
      int k = in.readVarUInt32();
      if (k == 0) {
        String name = in.readString();
        names.add(name);
        return WireType.byName(name);
      }
      if (k < 0 || k > names.size()) {
        throw new MalformedInputException("class-name reference #" + Integer.toUnsignedString(k) + " at offset "
            + at + ", but only " + names.size() + " names were read");
      }
      return WireType.byName(names.get(k - 1));
    }
    if (tag == 21) {
      enter(at);
      WireType component = definedClassDescriptor(at);
      leave();
      return WireType.arrayOf(component);
    }
    if (compatible && (tag == 63 || tag == 60)) { // each value starts with its class's definition reference
      needsClasses = true;
      return tag == 63 ? WireType.compatClass("(a class of compatible mode: each value names it)")
          : WireType.compatEnum("(an enum of compatible mode: each value names it)");
    }
    WireType t = WireType.forId(tag);
    needsClasses |= tag >= 64 && tag < 8192 || tag >= 8224 && tag < JdkBlock.FIRST || tag >= JdkBlock.END
        || tag == 58 || tag == 8400; // a Class value and a serialized lambda name classes too
    if (t == null) {
      throw new MalformedInputException("unknown type id " + Integer.toUnsignedString(tag) + " at offset " + at
          + " (not a built-in, a registration or a module type)");
    }
    return t;
  }

  /** A class descriptor (the class of a collection's elements, a map chunk's keys, an array's component). */
  private WireType classDescriptor(int at) {
    int tag = in.readVarUInt32();
    if (tag == 0 || tag == 1) {
      throw new MalformedInputException("expected a class descriptor at offset " + at + " but found tag " + tag);
    }
    return resolve(tag, at);
  }

  /**
   * A class descriptor that names its class where no payload would (an array's component, an EnumSet's or
   * EnumMap's enum): in compatible mode, tags 60 and 63 are followed by the class's definition reference
   * (its description is then in {@link #lastDefinition}).
   */
  private WireType definedClassDescriptor(int at) {
    int tagAt = in.position();
    int tag = in.readVarUInt32();
    if (tag == 0 || tag == 1) {
      throw new MalformedInputException("expected a class descriptor at offset " + at + " but found tag " + tag);
    }
    if (!compatible || tag != 60 && tag != 63) {
      return resolve(tag, at);
    }
    needsClasses = true;
    String[] def = definitions.read(in, tagAt);
    lastDefinition = def[1];
    return tag == 60 ? WireType.compatEnum(def[0]) : WireType.compatClass(def[0]);
  }

  /**
   * The description of the definition {@link #definedClassDescriptor} read last (an array's component may be
   * read deep inside a tag or class descriptor), shown and cleared by the node it belongs to; or null.
   */
  private String lastDefinition;

  /** {@link #lastDefinition}, cleared. */
  String takeDefinition() {
    String d = lastDefinition;
    lastDefinition = null;
    return d;
  }

  /** {@link #classChild} for a class descriptor that names its class ({@link #definedClassDescriptor}). */
  WireType definedClassChild(Node parent, String role) {
    int at = in.position();
    WireType t = definedClassDescriptor(at);
    Node n = parent.add(node(at, role, t.display()));
    String def = takeDefinition();
    if (def != null) {
      n.text(def);
    }
    n.end(in.position());
    return t;
  }

  WireType classChild(Node parent, String role) {
    int at = in.position();
    WireType t = classDescriptor(at);
    Node n = parent.add(node(at, role, t.display()));
    String def = takeDefinition(); // an array of a compatible class: its definition
    if (def != null) {
      n.text(def);
    }
    n.end(in.position());
    return t;
  }

  void enter(int at) {
    if (++depth > MAX_DEPTH) {
      throw new LimitExceededException("nested deeper than " + MAX_DEPTH + " levels at offset " + at);
    }
  }

  // ---------------------------------------------------------------- payloads

  /** The payload of {@code t} at {@code at}; {@code tagged} if a tag named the type there (else it was known). */
  void payload(Node parent, int at, String role, WireType t, boolean tagged) {
    Node n = parent.add(node(at, role, tagged ? t.display() : t.name()));
    if (t.kind() == Kind.OPAQUE) {
      n.text(t.id() == 62
          ? "a class written by name: its payload is the class's own (fields carry no tags or lengths)"
          : t.id() >= JdkBlock.FIRST && t.id() < JdkBlock.END ? "a JDK block id newer than this inspector"
          : t.id() >= 8192 && t.id() < JdkBlock.FIRST ? "a module's type whose layout is not documented"
          : "registered by the writer (Brine.Builder.register): its fields carry no tags or lengths");
      throw new Opaque(in.position(), t.name() + " (at " + Texts.hex(at) + ") writes its fields without tags or lengths"
          + " in an order and layout only its class knows");
    }
    if (references && t.tracked()) {
      n.referenceIndex(objects.size());
      objects.add(n);
    }
    enter(at);
    switch (t.kind()) {
      case BOOLEAN -> n.text(Boolean.toString(in.readBoolean()));
      case BYTE -> n.text(Byte.toString(in.readInt8()));
      case SHORT -> n.text(Short.toString(in.readInt16()));
      case CHAR -> n.text(Texts.character(in.readChar()));
      case INT -> n.text(Integer.toString(compressed ? in.readVarInt32() : in.readInt32()));
      case LONG -> n.text(Long.toString(compressed ? in.readVarInt64() : in.readInt64()));
      case FLOAT -> n.text(Texts.floatText(in.readFloat32()));
      case DOUBLE -> n.text(Texts.doubleText(in.readFloat64()));
      case STRING -> n.text(Leaves.string(in, false));
      case BOOLEAN_ARRAY, BYTE_ARRAY, SHORT_ARRAY, CHAR_ARRAY, INT_ARRAY, LONG_ARRAY, FLOAT_ARRAY, DOUBLE_ARRAY ->
          n.text(Leaves.primitiveArray(in, t));
      case STRING_ARRAY -> containers.stringArray(n);
      case OBJECT_ARRAY -> {
        int len = in.readLength("Object[] length", Integer.MAX_VALUE, 1);
        n.text("length " + len);
        for (int i = 0; i < len; i++) {
          value(n, "[" + i + "]");
        }
      }
      case ARRAY -> containers.array(n, t);
      case BIG_INTEGER -> n.text(Leaves.bigInteger(in).toString());
      case BIG_DECIMAL -> {
        int scale = in.readVarInt32();
        n.text(new BigDecimal(Leaves.bigInteger(in), scale).toString());
      }
      case UUID -> n.text(new UUID(in.readInt64(), in.readInt64()).toString());
      case COLLECTION, SORTED_COLLECTION -> containers.collection(n, t.kind() == Kind.SORTED_COLLECTION);
      case ENUM_SET -> containers.enumSet(n);
      case MAP, SORTED_MAP, ENUM_MAP -> containers.map(n, t.kind());
      case OPTIONAL -> value(n, "value");
      case OPTIONAL_INT -> n.text(in.readBoolean() ? Integer.toString(in.readVarInt32()) : "empty");
      case OPTIONAL_LONG -> n.text(in.readBoolean() ? Long.toString(in.readVarInt64()) : "empty");
      case OPTIONAL_DOUBLE -> n.text(in.readBoolean() ? Texts.doubleText(in.readFloat64()) : "empty");
      case INSTANT, LOCAL_DATE, LOCAL_TIME, LOCAL_DATE_TIME, ZONED_DATE_TIME, OFFSET_DATE_TIME, DURATION, PERIOD,
          ZONE_ID, DATE -> n.text(Leaves.time(in, t.kind(), at));
      case BIT_SET -> n.text(Leaves.bitSet(in));
      case REVERSE_ORDER -> n.text("(no payload)");
      case CLASS -> n.text(Texts.quote(in.readString()));
      case ENUM_ORDINAL -> n.text("ordinal " + in.readVarUInt32());
      case COMPAT_ENUM -> {
        needsClasses = true;
        String[] def = definitions.read(in, in.position());
        if (definitions.lastConstants == null) {
          throw new MalformedInputException("the definition of " + def[0] + " before offset " + in.position()
              + " is not an enum's");
        }
        compat.body(n, def); // the ordinal, named
      }
      case COMPAT_CLASS -> {
        needsClasses = true;
        String[] def = definitions.read(in, in.position());
        if (definitions.lastConstants != null && references && !objects.isEmpty() && objects.get(objects.size() - 1) == n) {
          objects.remove(objects.size() - 1); // an enum (a declared array's component names no kind): not a reference
          n.referenceIndex(-1);
        }
        compat.body(n, def);
      }
      case GEOMETRY -> n.text(Leaves.geometry(in, at));
      case NOTHING -> n.text("(no payload)");
      case TAGGED -> {
        for (int i = 0; i < t.taggedValues(); i++) {
          value(n, t.taggedValues() == 1 ? "value" : "_" + (i + 1));
        }
      }
      case COUNT_TAGGED, COUNT_PAIRS -> {
        boolean pairs = t.kind() == Kind.COUNT_PAIRS;
        int count = in.readLength("element count", Integer.MAX_VALUE, pairs ? 2 : 1);
        n.text(pairs ? Texts.plural(count, "entry", "entries") : Texts.plural(count, "element", "elements"));
        for (int i = 0; i < count; i++) {
          if (pairs) {
            value(n, "key " + i);
            value(n, "value " + i);
          } else {
            value(n, "[" + i + "]");
          }
        }
      }
      case JDK -> jdk(n, JdkBlock.steps(t.id()), new StringBuilder());
      case JAVA_STREAM -> {
        int len = in.readLength("Java serialization stream length", Integer.MAX_VALUE, 1);
        in.skip(len);
        n.text("a Java serialization stream of " + len + " bytes");
      }
      default -> throw new IllegalStateException("unhandled " + t.kind());
    }
    leave();
    n.end(in.position());
  }

  void leave() {
    depth--;
  }

  /** Follows a JDK block id's layout steps (see {@link JdkBlock}); {@code text} collects what they read. */
  private void jdk(Node n, String steps, StringBuilder text) {
    for (String step : steps.split(" ")) {
      if (step.equals("coll") || step.equals("map")) {
        String prefix = text.length() == 0 ? "" : text + "; ";
        if (step.equals("coll")) {
          containers.collectionBody(n, prefix);
        } else {
          containers.mapBody(n, prefix, null);
        }
        return; // a container is always the last step
      }
      String part = switch (step) {
        case "kind" -> "kind " + (in.readInt8() & 0xFF);
        case "bool" -> Boolean.toString(in.readBoolean());
        case "v32" -> Integer.toString(in.readVarInt32());
        case "vu32" -> Integer.toUnsignedString(in.readVarUInt32());
        case "v64" -> Long.toString(in.readVarInt64());
        case "vu64" -> Long.toUnsignedString(in.readVarUInt64());
        case "f64" -> Texts.doubleText(in.readFloat64());
        case "str" -> Leaves.string(in, false);
        case "tag" -> {
          value(n, "value");
          yield null;
        }
        case "tags" -> {
          int count = in.readLength("tagged values", Integer.MAX_VALUE, 1);
          n.text(text + (text.length() == 0 ? "" : "; ") + Texts.plural(count, "value", "values"));
          for (int i = 0; i < count; i++) {
            value(n, "[" + i + "]");
          }
          yield Texts.plural(count, "value", "values");
        }
        case "*singleton", "*wrapper", "*atomic" -> {
          int kind = in.readInt8() & 0xFF;
          text.append(text.length() == 0 ? "" : ", ").append("kind ").append(kind);
          n.text(text.toString());
          jdk(n, JdkBlock.then(step, kind), text);
          yield null;
        }
        case "*v32s", "*v64s" -> {
          boolean longs = step.equals("*v64s");
          int count = in.readLength("array length", Integer.MAX_VALUE, 1);
          StringBuilder sb = new StringBuilder("length " + count + ": [");
          for (int i = 0; i < count; i++) {
            String v = longs ? Long.toString(in.readVarInt64()) : Integer.toString(in.readVarInt32());
            if (i < 16) {
              sb.append(i == 0 ? "" : ", ").append(v);
            }
          }
          yield sb.append(count > 16 ? ", …]" : "]").toString();
        }
        case "*extensions" -> {
          int count = in.readLength("locale extensions", Integer.MAX_VALUE, 3);
          StringBuilder sb = new StringBuilder(Texts.plural(count, "extension", "extensions"));
          for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? ": " : ", ").append(Texts.character(in.readChar())).append('=')
                .append(Leaves.string(in, false));
          }
          yield sb.toString();
        }
        case "*inet" -> {
          String host = Leaves.string(in, true);
          int at = in.position();
          int len = in.readLength("address bytes", Integer.MAX_VALUE, 1);
          if (len != 4 && len != 16) {
            throw new MalformedInputException("an InetAddress of " + len + " bytes at offset " + at);
          }
          StringBuilder sb = new StringBuilder("host " + host + ", address ");
          for (byte b : in.readBytes(len)) {
            sb.append(String.format("%02x", b & 0xFF));
          }
          yield len == 16 ? sb.append(", scope ").append(in.readVarInt32()).toString() : sb.toString();
        }
        case "*socket" -> {
          boolean unresolved = in.readBoolean();
          int port = in.readVarUInt32();
          text.append(text.length() == 0 ? "" : ", ").append("port ").append(Integer.toUnsignedString(port));
          if (unresolved) {
            yield "unresolved host " + Leaves.string(in, false);
          }
          n.text(text.toString());
          value(n, "address");
          yield null;
        }
        default -> throw new IllegalStateException("layout step " + step);
      };
      if (part != null) {
        text.append(text.length() == 0 ? "" : ", ").append(part);
        n.text(text.toString());
      }
    }
  }

}
