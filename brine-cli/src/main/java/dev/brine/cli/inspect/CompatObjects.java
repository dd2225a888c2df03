package dev.brine.cli.inspect;

import dev.brine.MalformedInputException;
import dev.brine.cli.inspect.CompatDefinitions.DefField;

/**
 * The fields of a compatible-mode object (docs/format.md, "Compatible mode"), decoded from the class
 * definition that came with the payload: where a default-mode object's fields can only be split by its
 * class, a compatible one's definition names every field and says how it is written, in the writer's wire
 * order — the number group (a 4-bit code per field, then each value in that many bytes), the fixed block,
 * the strings, then declared slots and tagged values. Each field becomes a node named after it.
 */
final class CompatObjects {
  private static final int GROUP_FIRST = 0x10;
  private static final int GROUP_END = 0x1D;
  private static final int FIXED_FIRST = 0x20;
  private static final int FIXED_END = 0x28;
  private static final int STRING = 0x30;
  private static final int DECLARED = 0x31;
  private static final int CONTAINER = 0x32;

  /** Per group kind (docs/format.md, GroupKind order): the largest valid code. */
  private static final int[] MAX_CODE = {4, 8, 4, 8, 4, 4, 8, 1, 1, 2, 2, 4, 8};
  private static final String[] GROUP_TYPES = {"int", "long", "Integer", "Long", "enum", "Integer", "Long",
      "Boolean", "Byte", "Short", "Character", "Float", "Double"};
  private static final String[] FIXED_TYPES = {"boolean", "byte", "short", "char", "int", "long", "float", "double"};

  private final PayloadDecoder d;

  CompatObjects(PayloadDecoder d) {
    this.d = d;
  }

  /**
   * A value of compatible mode after its tag (63 a class or record, 60 an enum): its class definition (or a
   * reference to one read before), shown with the class's field names, then its fields decoded by that
   * definition, or an enum's constant.
   */
  void value(Node parent, int at, String role) {
    String[] def = d.definitions.read(d.in, at);
    Node n = parent.add(d.node(at, role, def[0]));
    if (d.definitions.lastConstants == null) {
      d.track(n);
    }
    d.enter(at);
    body(n, def);
    d.leave();
    n.end(d.in.position());
  }

  /**
   * What follows a compatible value's definition reference ({@code def}, just read): an enum's ordinal, or a
   * class's or record's fields.
   */
  void body(Node n, String[] def) {
    String[] constants = d.definitions.lastConstants;
    if (constants != null) {
      int o = d.in.readVarUInt32();
      n.text(def[0] + "." + (o >= 0 && o < constants.length ? constants[o] : "?") + " (ordinal "
          + Integer.toUnsignedString(o) + ")");
      return;
    }
    n.text(def[1]);
    fields(n, def[0], d.definitions.lastFields);
  }

  /** The declared element (or key) and value classes of the container field being read, until its body takes them. */
  private WireType declaredElement;
  private WireType declaredValue;

  /** The classes a container field declares, for the next collection or map body (null: none). */
  private void expectDeclared(WireType element, WireType value) {
    declaredElement = element;
    declaredValue = value;
  }

  /** {@link #expectDeclared}'s classes, taken (so that the containers inside see none): {element, value}. */
  WireType[] takeDeclared() {
    WireType[] t = {declaredElement, declaredValue};
    declaredElement = null;
    declaredValue = null;
    return t;
  }

  /**
   * Whether values of {@code t} in a container with references on have slot bytes: tracked classes do. A
   * compatible class named only by a definition's type reference may be an enum (not tracked): known from its
   * definition if one was read; else the value starts with its new definition's reference (a first byte of
   * 0x80 or more, which no slot byte has) exactly when it has no slot byte.
   */
  boolean trackedHere(WireType t) {
    if (t.kind() != WireType.Kind.COMPAT_CLASS) {
      return t.tracked();
    }
    Boolean isEnum = d.definitions.isEnum(t.name());
    if (isEnum != null) {
      return !isEnum;
    }
    int at = d.in.position();
    int b = d.in.readInt8() & 0xFF;
    d.in.seek(at);
    return b < 0x80;
  }

  /**
   * Reads the fields of an object whose definition says {@code fields}, as children of {@code n}.
   *
   * @throws MalformedInputException if a code, a value or a length is invalid
   * @throws PayloadDecoder.Opaque at a field of a class with a serializer of its own
   */
  private void fields(Node n, String className, DefField[] fields) {
    Cursor in = d.in;
    int groups = 0;
    while (groups < fields.length && isGroup(fields[groups].code())) {
      groups++;
    }
    int controlAt = in.position();
    int[] codes = new int[groups];
    for (int k = 0; k < groups; k += 2) {
      int c = in.readInt8() & 0xFF;
      codes[k] = c & 0x0F;
      if (k + 1 < groups) {
        codes[k + 1] = c >>> 4;
      }
    }
    for (int k = 0; k < groups; k++) {
      group(n, className, fields[k], codes[k], controlAt + k / 2);
    }
    for (int i = groups; i < fields.length; i++) {
      DefField f = fields[i];
      int code = f.code();
      int at = in.position();
      if (isGroup(code)) {
        throw new MalformedInputException("the definition of " + className + " lists number-group field " + f.name()
            + " after the group, before offset " + at);
      }
      if (code >= FIXED_FIRST && code < FIXED_END) {
        d.leaf(n, at, f.name(), FIXED_TYPES[code - FIXED_FIRST], fixed(in, code - FIXED_FIRST));
      } else if (code == STRING) {
        d.leaf(n, at, f.name(), "String", Leaves.string(in, true));
      } else if (code == DECLARED) {
        WireType t = f.declared();
        if (t == null || t.kind() == WireType.Kind.OPAQUE) {
          throw new PayloadDecoder.Opaque(at, className + "." + f.name() + " (at " + Texts.hex(at) + ") is a "
              + (t == null ? "class" : t.name()) + " with a serializer of its own: only it can split its bytes");
        }
        d.declared(n, f.name(), t);
      } else if (code == CONTAINER) {
        expectDeclared(f.declared(), f.value()); // its elements' (keys', values') classes, if the header says declared
        try {
          d.value(n, f.name());
        } finally {
          expectDeclared(null, null);
        }
      } else {
        d.value(n, f.name()); // any other value: tagged
      }
    }
  }

  private static boolean isGroup(int code) {
    return code >= GROUP_FIRST && code < GROUP_END;
  }

  /** One number-group value of {@code code} bytes. */
  private void group(Node n, String className, DefField f, int code, int controlAt) {
    int kind = f.code() - GROUP_FIRST;
    boolean nullable = kind >= 2;
    boolean exact = kind >= 5; // fixed boxes and Boolean..Double: null or their full width
    if (code > MAX_CODE[kind] || code == 0 && !nullable || code != 0 && exact && code != MAX_CODE[kind]) {
      throw new MalformedInputException("invalid code " + code + " for " + className + "." + f.name() + " ("
          + GROUP_TYPES[kind] + ") in the control byte at offset " + controlAt);
    }
    Cursor in = d.in;
    int at = in.position();
    if (code == 0) {
      d.leaf(n, at, f.name(), GROUP_TYPES[kind], "null");
      return;
    }
    long v = 0;
    for (int b = 0; b < code; b++) {
      v |= (long) (in.readInt8() & 0xFF) << (8 * b);
    }
    long signed = code == 8 ? v : v << (64 - 8 * code) >> (64 - 8 * code);
    String text = switch (kind) {
      case 4 -> constant(f, signed, className, at);
      case 7 -> {
        if (v > 1) {
          throw new MalformedInputException("invalid Boolean " + v + " for " + className + "." + f.name() + " at offset " + at);
        }
        yield v == 1 ? "true" : "false";
      }
      case 10 -> Texts.character((char) v);
      case 11 -> Texts.floatText(Float.intBitsToFloat((int) v));
      case 12 -> Texts.doubleText(Double.longBitsToDouble(v));
      default -> Long.toString(signed);
    };
    d.leaf(n, at, f.name(), GROUP_TYPES[kind], text);
  }

  private static String constant(DefField f, long ordinal, String className, int at) {
    String[] names = f.constants();
    if (names == null || ordinal < 0 || ordinal >= names.length) {
      throw new MalformedInputException("enum ordinal " + ordinal + " for " + className + "." + f.name() + " at offset "
          + at + ", but its definition lists " + (names == null ? 0 : names.length) + " constants");
    }
    return names[(int) ordinal] + " (ordinal " + ordinal + ")";
  }

  private static String fixed(Cursor in, int primitive) {
    return switch (primitive) {
      case 0 -> Boolean.toString(in.readBoolean());
      case 1 -> Byte.toString(in.readInt8());
      case 2 -> Short.toString(in.readInt16());
      case 3 -> Texts.character(in.readChar());
      case 4 -> Integer.toString(in.readInt32());
      case 5 -> Long.toString(in.readInt64());
      case 6 -> Texts.floatText(in.readFloat32());
      default -> Texts.doubleText(in.readFloat64());
    };
  }
}
