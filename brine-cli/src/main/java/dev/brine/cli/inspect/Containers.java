package dev.brine.cli.inspect;

import dev.brine.MalformedInputException;
import dev.brine.cli.inspect.WireType.Kind;

/**
 * The containers of a payload for {@link PayloadDecoder}: arrays, collections, {@code EnumSet}s and maps (their
 * sizes, headers, class descriptors, map chunks and flags), each element or entry decoded back through the
 * decoder's tagged-value, declared-slot and payload readers.
 */
final class Containers {
  private final PayloadDecoder d;

  Containers(PayloadDecoder d) {
    this.d = d;
  }

  void stringArray(Node n) {
    int len = d.in.readLength("String[] length", Integer.MAX_VALUE, 1);
    n.text("length " + len);
    for (int i = 0; i < len; i++) {
      int at = d.in.position();
      d.leaf(n, at, "[" + i + "]", "string", Leaves.string(d.in, true));
    }
  }

  void array(Node n, WireType t) {
    String def = d.takeDefinition(); // compatible mode: the definition of the component class, if it came with the tag
    String prefix = def == null ? "" : def + "; ";
    int len = d.in.readLength(t.name() + " length", Integer.MAX_VALUE, 1);
    WireType component = t.component();
    n.text(prefix + "length " + len + (component.compatClassArray() ? ", each a slot byte or a tag, and a " + component.name()
        : component.exact() ? ", each a slot byte and a " + component.name() : ""));
    if (len > 0 && (component.kind() == Kind.OPAQUE)) {
      n.text("length " + len + "; the elements' layout (declared slots or tagged values) depends on whether "
          + component.name() + " is final");
      throw new PayloadDecoder.Opaque(d.in.position(), "the elements of " + t.name() + " (at " + Texts.hex(n.offset()) + ") are declared slots"
          + " or tagged values, depending on whether the class is final");
    }
    for (int i = 0; i < len; i++) {
      if (component.compatClassArray()) {
        compatElement(n, "[" + i + "]", component);
      } else if (component.exact()) {
        d.declared(n, "[" + i + "]", component);
      } else {
        d.value(n, "[" + i + "]");
      }
    }
  }

  /**
   * An element of an array of a compatible class (or of arrays of one): a declared slot when the writer's class
   * was exact, a tagged value otherwise; the first byte says which (no tagged value of such an array starts
   * with 2).
   */
  void compatElement(Node parent, String role, WireType component) {
    int at = d.in.position();
    int b = d.in.readInt8();
    d.in.seek(at);
    if (b == 0 || b == 1 || b == 2) {
      d.declared(parent, role, component);
    } else {
      d.value(parent, role);
    }
  }

  void collection(Node n, boolean sorted) {
    if (sorted) {
      d.value(n, "comparator");
    }
    collectionBody(n, "");
  }

  /** A collection's size, header and elements; the node's text is {@code prefix} and what they hold. */
  void collectionBody(Node n, String prefix) {
    WireType declared = d.compat.takeDeclared()[0];
    int sizeAt = d.in.position();
    int size = d.in.readLength("collection size", Integer.MAX_VALUE, 1);
    if (size == 0) {
      n.text(prefix + "0 elements");
      return;
    }
    int at = d.in.position();
    int header = d.in.readInt8() & 0xFF;
    if ((header & ~7) != 0 || (header & 6) == 6) {
      throw new MalformedInputException("invalid collection header 0x" + Integer.toHexString(header) + " at offset "
          + at);
    }
    if ((header & 4) != 0 && declared == null) {
      throw new MalformedInputException("collection at offset " + sizeAt + " claims a declared element class, "
          + "but none is declared here");
    }
    boolean hasNull = (header & 1) != 0;
    n.text(prefix + Texts.plural(size, "element", "elements") + ", header 0x" + Integer.toHexString(header) + " ("
        + ((header & 2) != 0 ? "one element class" : (header & 4) != 0 ? "the declared element class " + declared.name()
        : "each element tagged") + (hasNull ? ", slot bytes" : "") + ")");
    if ((header & 6) == 0) {
      for (int i = 0; i < size; i++) {
        d.value(n, "[" + i + "]");
      }
      return;
    }
    WireType element = (header & 4) != 0 ? declared : d.classChild(n, "element class");
    boolean slots = hasNull || d.references && d.compat.trackedHere(element);
    for (int i = 0; i < size; i++) {
      if (slots) {
        d.declared(n, "[" + i + "]", element);
      } else {
        d.payload(n, d.in.position(), "[" + i + "]", element, false);
      }
    }
  }

  void enumSet(Node n) {
    WireType t = d.definedClassChild(n, "enum class");
    String[] names = t.kind() == Kind.COMPAT_ENUM ? d.definitions.lastConstants : null; // compatible mode: the writer's names
    int count = d.in.readLength("EnumSet size", Integer.MAX_VALUE, 1);
    StringBuilder sb = new StringBuilder(Texts.plural(count, "constant", "constants") + ", ordinals [");
    for (int i = 0; i < count; i++) {
      int o = d.in.readVarUInt32();
      if (i < 64) {
        sb.append(i == 0 ? "" : ", ").append(Integer.toUnsignedString(o));
        if (names != null) {
          sb.append(' ').append(o >= 0 && o < names.length ? names[o] : "(not a constant of the enum as written)");
        }
      }
    }
    n.text(sb.append(count > 64 ? ", …]" : "]").toString());
  }

  private static final int KEY_NULL = 1;
  private static final int KEY_DECL = 2;
  private static final int KEY_REF = 4;
  private static final int VALUE_NULL = 8;
  private static final int VALUE_DECL = 16;
  private static final int VALUE_REF = 32;
  private static final int KEY_TAGGED = 64;
  private static final int VALUE_TAGGED = 128;

  void map(Node n, Kind kind) {
    if (kind == Kind.SORTED_MAP) {
      d.value(n, "comparator");
    }
    WireType enumKeys = kind == Kind.ENUM_MAP ? WireType.enumKeys(d.definedClassChild(n, "key enum class")) : null;
    mapBody(n, "", enumKeys);
  }

  /** A map's size and chunks; the node's text is {@code prefix} and what they hold. */
  void mapBody(Node n, String prefix, WireType enumKeys) {
    WireType[] declared = d.compat.takeDeclared();
    WireType keys = enumKeys != null ? enumKeys : declared[0];
    int size = d.in.readLength("map size", Integer.MAX_VALUE, 1);
    n.text(prefix + Texts.plural(size, "entry", "entries"));
    int read = 0;
    int chunks = 0;
    while (read < size) {
      read += chunk(n, ++chunks, size - read, keys, declared[1]);
    }
    if (size > 0) {
      n.text(prefix + Texts.plural(size, "entry", "entries") + " in " + Texts.plural(chunks, "chunk", "chunks"));
    }
  }

  /** A map chunk; {@code keys} and {@code values} are the declared classes, if any (an EnumMap's keys, a field's). */
  int chunk(Node map, int number, int left, WireType keys, WireType values) {
    int at = d.in.position();
    int header = d.in.readInt8() & 0xFF;
    int count = d.in.readInt8() & 0xFF;
    int keyModes = Integer.bitCount(header & (KEY_NULL | KEY_DECL | KEY_TAGGED));
    int valueModes = Integer.bitCount(header & (VALUE_NULL | VALUE_DECL | VALUE_TAGGED));
    if (count == 0 || count > left || keyModes > 1 || valueModes > 1
        || (header & (KEY_TAGGED | KEY_REF)) == (KEY_TAGGED | KEY_REF)
        || (header & (VALUE_TAGGED | VALUE_REF)) == (VALUE_TAGGED | VALUE_REF)
        || (header & (KEY_NULL | KEY_REF)) == (KEY_NULL | KEY_REF)
        || (header & (VALUE_NULL | VALUE_REF)) == (VALUE_NULL | VALUE_REF)
        || (header & KEY_NULL) != 0 && count != 1) {
      throw new MalformedInputException("invalid map chunk (header 0x" + Integer.toHexString(header) + ", "
          + count + " entries, " + left + " left) at offset " + at);
    }
    if ((header & KEY_DECL) != 0 && keys == null || (header & VALUE_DECL) != 0 && values == null) {
      throw new MalformedInputException("map chunk at offset " + at + " claims a declared "
          + ((header & VALUE_DECL) != 0 ? "value" : "key") + " class, but none is declared here");
    }
    Node c = map.add(d.node(at, "chunk " + number, ""));
    c.text(Texts.plural(count, "entry", "entries") + ", header 0x" + Integer.toHexString(header)
        + chunkFlags(header));
    WireType key = null;
    WireType val = null;
    if ((header & (KEY_NULL | KEY_TAGGED)) == 0) {
      key = (header & KEY_DECL) != 0 ? keys : d.classChild(c, "key class");
    }
    if ((header & (VALUE_NULL | VALUE_TAGGED)) == 0) {
      val = (header & VALUE_DECL) != 0 ? values : d.classChild(c, "value class");
    }
    for (int i = 0; i < count; i++) {
      entryPart(c, "key", header, KEY_NULL, KEY_TAGGED, KEY_REF, key);
      entryPart(c, "value", header, VALUE_NULL, VALUE_TAGGED, VALUE_REF, val);
    }
    c.end(d.in.position());
    return count;
  }

  void entryPart(Node c, String role, int header, int nullBit, int taggedBit, int refBit, WireType t) {
    if ((header & nullBit) != 0) {
      d.leaf(c, d.in.position(), role, "null", "(no bytes)");
    } else if ((header & taggedBit) != 0) {
      d.value(c, role);
    } else if ((header & refBit) != 0) {
      d.declared(c, role, t);
    } else {
      d.payload(c, d.in.position(), role, t, false);
    }
  }

  private static String chunkFlags(int header) {
    String[] names = {"null key", "declared key class", "key slot bytes", "null values", "declared value class",
        "value slot bytes", "tagged keys", "tagged values"};
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < names.length; i++) {
      if ((header & (1 << i)) != 0) {
        sb.append(sb.length() == 0 ? " (" : ", ").append(names[i]);
      }
    }
    return sb.length() == 0 ? "" : sb.append(')').toString();
  }

}
