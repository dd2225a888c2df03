package dev.brine.compat;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteReader;
import dev.brine.io.ByteWriter;

/**
 * How a class definition names a class (docs/format.md, "Compatible mode"): nothing, a built-in or
 * module type id, a user class by its explicit id or its name, or an array of another. Immutable.
 *
 * <p>Bytes: {@code kind:u8} then {@link #FIXED} {@code id:varuint32}; {@link #COMPAT_ID} / {@link
 * #OTHER_ID} {@code id:varuint32}; {@link #COMPAT_NAME} / {@link #OTHER_NAME} {@code name:string};
 * {@link #ARRAY} the component's reference. "Compat" classes are plain classes, records and enums
 * written by compatible mode (their payload starts with a class definition reference, so a reader
 * that does not know them can skip them); "other" ones have a serializer of their own.
 */
final class TypeRef {
  static final int NONE = 0;
  static final int FIXED = 1;
  static final int COMPAT_ID = 2;
  static final int COMPAT_NAME = 3;
  static final int ARRAY = 4;
  static final int OTHER_ID = 5;
  static final int OTHER_NAME = 6;

  static final TypeRef NONE_REF = new TypeRef(NONE, 0, null, null);

  final int kind;
  final int id;
  final String name;
  final TypeRef component;

  TypeRef(int kind, int id, String name, TypeRef component) {
    this.kind = kind;
    this.id = id;
    this.name = name;
    this.component = component;
  }

  /** Whether the payload of such a value starts with a class definition reference (so it can be skipped). */
  boolean compat() {
    return kind == COMPAT_ID || kind == COMPAT_NAME;
  }

  void write(ByteWriter w) {
    w.writeInt8(kind);
    switch (kind) {
      case NONE: break;
      case FIXED: case COMPAT_ID: case OTHER_ID: w.writeVarUInt32(id); break;
      case COMPAT_NAME: case OTHER_NAME: w.writeString(name); break;
      case ARRAY: component.write(w); break;
      default: throw new IllegalStateException("type reference kind " + kind);
    }
  }

  static TypeRef read(ByteReader r, int depth) {
    int at = r.position();
    int kind = r.readInt8() & 0xFF;
    switch (kind) {
      case NONE: return NONE_REF;
      case FIXED: case COMPAT_ID: case OTHER_ID: return new TypeRef(kind, r.readVarUInt32(), null, null);
      case COMPAT_NAME: case OTHER_NAME: {
        String name = r.readString();
        if (name.isEmpty()) {
          throw new MalformedInputException("empty class name in a class definition at offset " + at);
        }
        return new TypeRef(kind, 0, name, null);
      }
      case ARRAY:
        if (depth > 255) {
          throw new LimitExceededException("array type nested deeper than 255 in a class definition");
        }
        return new TypeRef(kind, 0, null, read(r, depth + 1));
      default:
        throw new MalformedInputException("invalid type reference kind " + kind + " in a class definition at offset " + at);
    }
  }

  @Override
  public String toString() {
    switch (kind) {
      case NONE: return "-";
      case FIXED: return "#" + id;
      case COMPAT_ID: case OTHER_ID: return "id " + id;
      case ARRAY: return component + "[]";
      default: return name;
    }
  }
}
