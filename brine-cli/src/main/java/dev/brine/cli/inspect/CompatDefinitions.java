package dev.brine.cli.inspect;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compatible mode's class definitions (docs/format.md, "Compatible mode"), read for display: the
 * class, its field names (or {@code #id}) and how each is written, from the bytes alone. One per
 * payload: definitions are numbered within it. Both layouts: 1 (header 0xC2: an 8-byte fingerprint, names
 * in full) and 2 (header 0xCA: names in the field key, shared prefixes, repeated codes, relative class names).
 */
final class CompatDefinitions {
  private static final int MAX_FIELDS = 1 << 16;
  private static final String[] GROUP = {"int", "long", "Integer", "Long", "enum", "Integer (fixed)", "Long (fixed)",
      "Boolean", "Byte", "Short", "Character", "Float", "Double"};
  private static final String[] FIXED = {"boolean", "byte", "short", "char", "int (fixed)", "long (fixed)", "float", "double"};

  private final List<String> classes = new ArrayList<>();
  private final List<String> texts = new ArrayList<>();
  /** Per definition: an enum's constant names in the writer's ordinal order, else null. */
  private final List<String[]> constants = new ArrayList<>();
  /** Per definition: a class's or record's fields in the writer's wire order, else null. */
  private final List<DefField[]> fields = new ArrayList<>();
  /** The constant names of the enum of the definition {@link #read} returned last (null: not an enum). */
  String[] lastConstants;
  /** The fields of the class or record of the definition {@link #read} returned last (null: an enum). */
  DefField[] lastFields;
  /** The payload type of the type reference {@link #typeRef} read last (null: none, or not decodable here). */
  private WireType refType;

  /**
   * A field of a definition, as far as its values can be decoded: its name (or {@code #id}), its code
   * (docs/format.md: 0x10 + group kind, 0x20 + primitive, 0x30 String, 0x31 declared, 0x32 container,
   * 0x33 tagged), an enum field's constant names, a declared field's payload type (null: a class with its
   * own serializer, whose bytes only it can split) or a container field's declared element (or key) class,
   * and a map field's declared value class (null: none).
   */
  record DefField(String name, int code, String[] constants, WireType declared, WireType value) {}

  /** Kind (0 class, 1 record, 2 enum) of each class a definition read so far names. */
  private final java.util.Map<String, Integer> kinds = new java.util.HashMap<>();

  /**
   * Whether the compatible class named {@code name} is an enum, as far as the definitions read so far say.
   *
   * @return TRUE or FALSE, or null if no definition of it was read yet
   */
  Boolean isEnum(String name) {
    Integer k = kinds.get(name);
    return k == null ? null : k == 2;
  }
  /** A def-ref of {@code NEW_V2 + i} starts definition {@code i} in layout 2 ({@code 0, i}: layout 1). */
  private static final int NEW_V2 = 0x2000;

  /**
   * Reads a definition reference at the cursor and returns {class, description}.
   *
   * @throws MalformedInputException if the reference or the definition is invalid
   */
  String[] read(Cursor in, int at) {
    int ref = in.readVarUInt32();
    int layout = ref == 0 ? 1 : 2;
    if (ref != 0 && (ref < NEW_V2 || ref >= NEW_V2 + MAX_FIELDS)) {
      if (ref < 0 || ref > texts.size() || texts.get(ref - 1) == null) {
        throw new MalformedInputException("class definition reference #" + Integer.toUnsignedString(ref) + " at offset "
            + at + ", but only " + texts.size() + " definitions were read");
      }
      lastConstants = constants.get(ref - 1);
      lastFields = fields.get(ref - 1);
      return new String[] {classes.get(ref - 1), "definition #" + (ref - 1) + " (above)"};
    }
    int index = layout == 1 ? in.readVarUInt32() : ref - NEW_V2;
    if (index < 0 || index > texts.size() || index >= MAX_FIELDS) {
      throw new MalformedInputException("class definition #" + Integer.toUnsignedString(index) + " at offset " + at
          + " skips an index");
    }
    int size = in.readVarUInt32();
    if (size < 0 || size > in.remaining()) {
      throw new MalformedInputException("class definition of " + Integer.toUnsignedString(size) + " bytes at offset "
          + at + " but " + in.remaining() + " bytes remain");
    }
    String fingerprint = layout == 1 ? ", fingerprint " + Long.toHexString(in.readInt64()) : "";
    int end = in.position() + size;
    int kind = in.readInt8() & 0xFF;
    String self = typeRef(in, 0, null);
    int dot = self.lastIndexOf('.');
    String pkg = layout >= 2 && dot > 0 && !self.startsWith("class id ") ? self.substring(0, dot + 1) : null;
    int n = count(in);
    StringBuilder sb = new StringBuilder();
    sb.append(kind == 2 ? "enum " : kind == 1 ? "record " : kind == 0 ? "class " : "?").append(self)
        .append(" (definition #").append(index).append(fingerprint).append("): ");
    if (kind > 2) {
      throw new MalformedInputException("invalid class definition kind " + kind + " at offset " + at);
    }
    String prevName = "";
    String prevDesc = null;
    DefField prev = null;
    String[] names = kind == 2 ? new String[n] : null;
    DefField[] defFields = kind == 2 ? null : new DefField[n];
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      if (kind == 2) {
        names[i] = in.readString();
        sb.append(names[i]);
        continue;
      }
      int key = in.readVarUInt32();
      String name;
      String label = null;
      if (layout == 1) {
        name = (key & 1) != 0 ? "#" + (key >>> 1) : in.readString();
      } else if ((key & 1) != 0) {
        name = "#" + (key >>> 2);
      } else if (key >>> 4 == 0 && ((key >>> 2) & 3) == 1) { // an @Field id and the name
        int id = in.readVarUInt32();
        name = in.readString();
        label = name + " #" + Integer.toUnsignedString(id);
      } else if (key >>> 4 == 0) {
        if (((key >>> 2) & 3) != 0) {
          throw new MalformedInputException("invalid field key " + key + " in a class definition at offset " + at);
        }
        name = in.readString();
      } else {
        int shared = (key >>> 2) & 3;
        int len = key >>> 4;
        if (shared > prevName.length() || len > in.remaining()) {
          throw new MalformedInputException("invalid field key " + key + " in a class definition at offset " + at);
        }
        StringBuilder nb = new StringBuilder(prevName.substring(0, shared));
        for (int k = 0; k < len; k++) {
          nb.append((char) (in.readInt8() & 0xFF));
        }
        name = nb.toString();
      }
      prevName = (key & 1) != 0 ? "" : name;
      if (label == null) {
        label = name;
      }
      sb.append(label).append(": ");
      if (layout >= 2 && (key & 2) != 0) {
        if (prevDesc == null) {
          throw new MalformedInputException("field " + name + " repeats the code of no field, at offset " + at);
        }
        sb.append(prevDesc); // the previous field's code and extras
        defFields[i] = new DefField(label, prev.code(), prev.constants(), prev.declared(), prev.value());
        continue;
      }
      int mark = sb.length();
      int code = in.readInt8() & 0xFF;
      String[] enumConstants = null;
      WireType declared = null;
      WireType value = null;
      if (code >= 0x10 && code < 0x10 + GROUP.length) {
        sb.append(GROUP[code - 0x10]);
        if (code == 0x14) {
          sb.append(' ').append(typeRef(in, 0, pkg)).append(" [");
          int m = count(in);
          enumConstants = new String[m];
          for (int k = 0; k < m; k++) {
            enumConstants[k] = in.readString();
            sb.append(k > 0 ? ", " : "").append(enumConstants[k]);
          }
          sb.append(']');
        }
      } else if (code >= 0x20 && code < 0x20 + FIXED.length) {
        sb.append(FIXED[code - 0x20]);
      } else if (code == 0x30) {
        sb.append("String");
      } else if (code == 0x31) {
        sb.append(typeRef(in, 0, pkg));
        declared = refType;
      } else if (code == 0x32) {
        String e = typeRef(in, 0, pkg);
        declared = refType;
        String v = typeRef(in, 0, pkg);
        value = refType;
        sb.append("container").append(e.equals("-") && v.equals("-") ? "" : "<" + e + (v.equals("-") ? "" : ", " + v) + ">");
      } else if (code == 0x33) {
        sb.append("any (tagged)");
      } else {
        throw new MalformedInputException("invalid field code 0x" + Integer.toHexString(code) + " in a class definition"
            + " at offset " + at);
      }
      prevDesc = sb.substring(mark);
      prev = defFields[i] = new DefField(label, code, enumConstants, declared, value);
    }
    if (in.position() != end) {
      throw new MalformedInputException("class definition at offset " + at + " is " + size + " bytes long but its"
          + " fields take " + (in.position() - (end - size)));
    }
    if (index == texts.size()) {
      texts.add(null);
      classes.add(null);
      constants.add(null);
      fields.add(null);
    }
    texts.set(index, sb.toString());
    classes.set(index, self);
    constants.set(index, names);
    fields.set(index, defFields);
    kinds.put(self, kind);
    lastConstants = names;
    lastFields = defFields;
    return new String[] {self, sb.toString()};
  }

  private static int count(Cursor in) {
    int n = in.readVarUInt32();
    if (n < 0 || n > in.remaining() || n > MAX_FIELDS) {
      throw new LimitExceededException("class definition claims " + Integer.toUnsignedString(n) + " entries but "
          + in.remaining() + " bytes remain");
    }
    return n;
  }

  private String typeRef(Cursor in, int depth, String pkg) {
    int kind = in.readInt8() & 0xFF;
    switch (kind) {
      case 0:
        refType = null;
        return "-";
      case 1: {
        int id = in.readVarUInt32();
        refType = WireType.forId(id);
        return "type " + id;
      }
      case 2: case 5: {
        String name = "class id " + in.readVarUInt32();
        refType = kind == 2 ? WireType.compatClass(name) : WireType.byName(name);
        return name;
      }
      case 3: case 6: {
        String name = in.readString();
        refType = kind == 3 ? WireType.compatClass(name) : WireType.byName(name);
        return name;
      }
      case 7: case 8: {
        if (pkg == null) {
          throw new MalformedInputException("class name relative to a package in a class definition of a class without one");
        }
        String name = pkg + in.readString();
        refType = kind == 7 ? WireType.compatClass(name) : WireType.byName(name);
        return name;
      }
      case 4: {
        if (depth > 255) {
          throw new LimitExceededException("array type nested deeper than 255 in a class definition");
        }
        String component = typeRef(in, depth + 1, pkg);
        refType = refType == null ? null : WireType.arrayOf(refType);
        return component + "[]";
      }
      default: throw new MalformedInputException("invalid type reference kind " + kind + " in a class definition");
    }
  }
}
