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
 * {@link #ARRAY} the component's reference; in definitions of layout {@link ClassDef#V2} also {@link
 * #COMPAT_RELATIVE} / {@link #OTHER_RELATIVE} {@code name:string}: a class in the package of the class
 * the definition defines, named without that package. "Compat" classes are plain classes, records and enums
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
  /** (V2 bytes only; read as {@link #COMPAT_NAME}) a compatible class in the defined class's package. */
  static final int COMPAT_RELATIVE = 7;
  /** (V2 bytes only; read as {@link #OTHER_NAME}) a class with its own serializer in the defined class's package. */
  static final int OTHER_RELATIVE = 8;

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

  /** For an array (of arrays…) of a compatible class, its dimensions; otherwise 0. */
  int compatArrayDims() {
    int dims = 0;
    TypeRef r = this;
    while (r.kind == ARRAY) {
      dims++;
      r = r.component;
    }
    return r.compat() ? dims : 0;
  }

  /** The package of the named class ({@code ""} for none), or null when it is not named by name. */
  String packageName() {
    if (kind != COMPAT_NAME && kind != OTHER_NAME) {
      return null;
    }
    int dot = name.lastIndexOf('.');
    return dot < 0 ? null : name.substring(0, dot + 1);
  }

  /** Writes the reference; a name in package {@code pkg} (with its dot; null: none) is written relative to it. */
  void write(ByteWriter w, String pkg) {
    if ((kind == COMPAT_NAME || kind == OTHER_NAME) && pkg != null && name.length() > pkg.length() && name.startsWith(pkg)
        && name.indexOf('.', pkg.length()) < 0) {
      w.writeInt8(kind == COMPAT_NAME ? COMPAT_RELATIVE : OTHER_RELATIVE);
      w.writeString(name.substring(pkg.length()));
      return;
    }
    w.writeInt8(kind);
    switch (kind) {
      case NONE: break;
      case FIXED: case COMPAT_ID: case OTHER_ID: w.writeVarUInt32(id); break;
      case COMPAT_NAME: case OTHER_NAME: w.writeString(name); break;
      case ARRAY: component.write(w, pkg); break;
      default: throw new IllegalStateException("type reference kind " + kind);
    }
  }

  /**
   * Reads a reference of a definition in layout {@code version}; {@code pkg} is the defined class's
   * package with its dot (null: relative names are invalid here).
   */
  static TypeRef read(ByteReader r, int depth, int version, String pkg) {
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
      case COMPAT_RELATIVE: case OTHER_RELATIVE: {
        if (version < ClassDef.V2 || pkg == null) {
          throw new MalformedInputException("class name relative to a package at offset " + at
              + (pkg == null ? ", but the defined class has none" : ", which this version of definitions has not"));
        }
        String name = r.readString();
        if (name.isEmpty() || name.indexOf('.') >= 0) {
          throw new MalformedInputException("invalid relative class name '" + name + "' in a class definition at offset " + at);
        }
        return new TypeRef(kind == COMPAT_RELATIVE ? COMPAT_NAME : OTHER_NAME, 0, pkg + name, null);
      }
      case ARRAY:
        if (depth > 255) {
          throw new LimitExceededException("array type nested deeper than 255 in a class definition");
        }
        return new TypeRef(kind, 0, null, read(r, depth + 1, version, pkg));
      default:
        throw new MalformedInputException("invalid type reference kind " + kind + " in a class definition at offset " + at);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TypeRef && ((TypeRef) o).kind == kind && ((TypeRef) o).id == id
        && java.util.Objects.equals(((TypeRef) o).name, name) && java.util.Objects.equals(((TypeRef) o).component, component);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(kind, id, name, component);
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
