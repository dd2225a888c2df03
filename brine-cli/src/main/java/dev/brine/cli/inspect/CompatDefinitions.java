package dev.brine.cli.inspect;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compatible mode's class definitions (docs/format.md, "Compatible mode"), read for display: the
 * class, its field names (or {@code #id}) and how each is written, from the bytes alone. One per
 * payload: definitions are numbered within it.
 */
final class CompatDefinitions {
  private static final int MAX_FIELDS = 1 << 16;
  private static final String[] GROUP = {"int", "long", "Integer", "Long", "enum", "Integer (fixed)", "Long (fixed)",
      "Boolean", "Byte", "Short", "Character", "Float", "Double"};
  private static final String[] FIXED = {"boolean", "byte", "short", "char", "int (fixed)", "long (fixed)", "float", "double"};

  private final List<String> classes = new ArrayList<>();
  private final List<String> texts = new ArrayList<>();

  /**
   * Reads a definition reference at the cursor and returns {class, description}.
   *
   * @throws MalformedInputException if the reference or the definition is invalid
   */
  String[] read(Cursor in, int at) {
    int ref = in.readVarUInt32();
    if (ref != 0) {
      if (ref < 0 || ref > texts.size() || texts.get(ref - 1) == null) {
        throw new MalformedInputException("class definition reference #" + Integer.toUnsignedString(ref) + " at offset "
            + at + ", but only " + texts.size() + " definitions were read");
      }
      return new String[] {classes.get(ref - 1), "definition #" + (ref - 1) + " (above)"};
    }
    int index = in.readVarUInt32();
    if (index < 0 || index > texts.size() || index >= MAX_FIELDS) {
      throw new MalformedInputException("class definition #" + Integer.toUnsignedString(index) + " at offset " + at
          + " skips an index");
    }
    int size = in.readVarUInt32();
    if (size < 0 || size > in.remaining()) {
      throw new MalformedInputException("class definition of " + Integer.toUnsignedString(size) + " bytes at offset "
          + at + " but " + in.remaining() + " bytes remain");
    }
    long fingerprint = in.readInt64();
    int end = in.position() + size;
    int kind = in.readInt8() & 0xFF;
    String self = typeRef(in, 0);
    int n = count(in);
    StringBuilder sb = new StringBuilder();
    sb.append(kind == 2 ? "enum " : kind == 1 ? "record " : kind == 0 ? "class " : "?").append(self)
        .append(" (definition #").append(index).append(", fingerprint ").append(Long.toHexString(fingerprint)).append("): ");
    if (kind > 2) {
      throw new MalformedInputException("invalid class definition kind " + kind + " at offset " + at);
    }
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      if (kind == 2) {
        sb.append(in.readString());
        continue;
      }
      int key = in.readVarUInt32();
      sb.append((key & 1) != 0 ? "#" + (key >>> 1) : in.readString()).append(": ");
      int code = in.readInt8() & 0xFF;
      if (code >= 0x10 && code < 0x10 + GROUP.length) {
        sb.append(GROUP[code - 0x10]);
        if (code == 0x14) {
          sb.append(' ').append(typeRef(in, 0)).append(" [");
          int m = count(in);
          for (int k = 0; k < m; k++) {
            sb.append(k > 0 ? ", " : "").append(in.readString());
          }
          sb.append(']');
        }
      } else if (code >= 0x20 && code < 0x20 + FIXED.length) {
        sb.append(FIXED[code - 0x20]);
      } else if (code == 0x30) {
        sb.append("String");
      } else if (code == 0x31) {
        sb.append(typeRef(in, 0));
      } else if (code == 0x32) {
        String e = typeRef(in, 0);
        String v = typeRef(in, 0);
        sb.append("container").append(e.equals("-") && v.equals("-") ? "" : "<" + e + (v.equals("-") ? "" : ", " + v) + ">");
      } else if (code == 0x33) {
        sb.append("any (tagged)");
      } else {
        throw new MalformedInputException("invalid field code 0x" + Integer.toHexString(code) + " in a class definition"
            + " at offset " + at);
      }
    }
    if (in.position() != end) {
      throw new MalformedInputException("class definition at offset " + at + " is " + size + " bytes long but its"
          + " fields take " + (in.position() - (end - size)));
    }
    if (index == texts.size()) {
      texts.add(null);
      classes.add(null);
    }
    texts.set(index, sb.toString());
    classes.set(index, self);
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

  private static String typeRef(Cursor in, int depth) {
    int kind = in.readInt8() & 0xFF;
    switch (kind) {
      case 0: return "-";
      case 1: return "type " + in.readVarUInt32();
      case 2: case 5: return "class id " + in.readVarUInt32();
      case 3: case 6: return in.readString();
      case 4:
        if (depth > 255) {
          throw new LimitExceededException("array type nested deeper than 255 in a class definition");
        }
        return typeRef(in, depth + 1) + "[]";
      default: throw new MalformedInputException("invalid type reference kind " + kind + " in a class definition");
    }
  }
}
