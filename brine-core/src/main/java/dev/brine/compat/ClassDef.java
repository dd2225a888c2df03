package dev.brine.compat;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteReader;
import dev.brine.io.ByteWriter;
import dev.brine.plan.FieldKind;
import dev.brine.plan.GroupKind;
import dev.brine.plan.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A class definition of compatible mode: what a reader needs to map a payload's fields without the
 * writer's class (docs/format.md, "Compatible mode"). The same type describes a local class (built
 * by {@link CompatContext}) and one read from a payload (untrusted, checked by {@link #parse}).
 * Immutable once published; the mapping a reader builds for it is cached here.
 *
 * <p>Body bytes: {@code kind:u8} (0 plain class, 1 record, 2 enum), the class's {@link TypeRef},
 * {@code n:varuint32}, then for a class {@code n} fields in wire order, each {@code key:varuint32}
 * ({@code id << 1 | 1} for a {@code @Field} id, else {@code 0} and the name as a {@code string}) and
 * its {@link DefField#code code} with the code's extras; for an enum {@code n} constant names in
 * ordinal order.
 */
public final class ClassDef {
  static final int OBJECT = 0;
  static final int RECORD = 1;
  static final int ENUM = 2;

  /** The body bytes, exactly as written. */
  final byte[] body;
  /** A 64-bit hash of {@link #body} (written before it, so a reader finds a known definition without hashing). */
  final long fingerprint;
  final int kind;
  final TypeRef self;
  /** The fields in the writer's wire order (empty for an enum). */
  final DefField[] fields;
  /** An enum's constant names in the writer's ordinal order (null for a class). */
  final String[] constants;
  /** Fields of the number group, then the fixed block, then strings, then the rest: counts and sizes. */
  final int groupCount;
  final int fixedCount;
  final int stringCount;
  final int controlBytes;
  final int fixedBytes;
  final int readWindow;
  /** The reader's mapping for this definition (a {@code Mapping} or an enum's constant table), made on first use. */
  volatile Object mapping;
  /** The serializer of the local class this definition is of (its own definition), or null. */
  volatile Object owner;

  private ClassDef(byte[] body, long fingerprint, int kind, TypeRef self, DefField[] fields, String[] constants) {
    this.body = body;
    this.fingerprint = fingerprint;
    this.kind = kind;
    this.self = self;
    this.fields = fields;
    this.constants = constants;
    int g = 0;
    int f = 0;
    int s = 0;
    int fixed = 0;
    int load = 0;
    for (DefField d : fields) {
      switch (d.section()) {
        case DefField.GROUP: g++; load += d.group.width; break;
        case DefField.FIXED: d.offset = fixed; fixed += Layout.fixedWidth(d.fixed); f++; break;
        case DefField.STRING: s++; break;
        default: break;
      }
    }
    this.groupCount = g;
    this.fixedCount = f;
    this.stringCount = s;
    this.controlBytes = (g + 1) / 2;
    this.fixedBytes = fixed;
    this.readWindow = Math.max(controlBytes + load + fixed, (controlBytes + 7) & ~7);
  }

  /** The name this definition gives its class (for messages and the inspector). */
  public String className() {
    return self.toString();
  }

  /** Whether it describes a record. */
  public boolean record() {
    return kind == RECORD;
  }

  /** Whether it describes an enum. */
  public boolean isEnum() {
    return kind == ENUM;
  }

  /** The field names (or {@code #id} for fields identified by a {@code @Field} id), in wire order. */
  public List<String> fieldNames() {
    List<String> names = new ArrayList<>();
    for (DefField f : fields) {
      names.add(f.label());
    }
    return names;
  }

  /** Each field as {@code name: type}, in wire order (an enum: its constants). */
  public List<String> describeFields() {
    List<String> out = new ArrayList<>();
    if (constants != null) {
      out.addAll(Arrays.asList(constants));
      return out;
    }
    for (DefField f : fields) {
      out.add(f.label() + ": " + f.describe());
    }
    return out;
  }

  // ---------------------------------------------------------------- building (local classes)

  static ClassDef build(int kind, TypeRef self, List<DefField> fields, String[] constants) {
    ByteWriter w = new ByteWriter(64);
    w.writeInt8(kind);
    self.write(w);
    if (constants != null) {
      w.writeVarUInt32(constants.length);
      for (String c : constants) {
        w.writeString(c);
      }
    } else {
      w.writeVarUInt32(fields.size());
      for (DefField f : fields) {
        f.write(w);
      }
    }
    byte[] body = w.toByteArray();
    return new ClassDef(body, hash(body, 0, body.length), kind, self, fields.toArray(new DefField[0]), constants);
  }

  // ---------------------------------------------------------------- reading (untrusted)

  /**
   * Parses a definition's body read from a payload.
   *
   * @throws MalformedInputException if the bytes are not a valid definition or do not match {@code fingerprint}
   * @throws LimitExceededException if it has more than {@code maxFields} fields or constants, or a
   *     name longer than {@code maxNameBytes}
   */
  static ClassDef parse(byte[] body, long fingerprint, int maxFields, int maxNameBytes) {
    if (hash(body, 0, body.length) != fingerprint) {
      throw new MalformedInputException("class definition of " + body.length + " bytes does not match its fingerprint "
          + Long.toHexString(fingerprint));
    }
    ByteReader r = new ByteReader(body);
    r.maxStringBytes(maxNameBytes);
    try {
      int kind = r.readInt8() & 0xFF;
      if (kind > ENUM) {
        throw new MalformedInputException("invalid class definition kind " + kind);
      }
      TypeRef self = TypeRef.read(r, 0);
      if (!self.compat()) {
        throw new MalformedInputException("class definition names " + self + ", not a class of compatible mode");
      }
      int n = count(r, maxFields, kind == ENUM ? "enum constants" : "fields");
      List<DefField> fields = new ArrayList<>(n);
      String[] constants = null;
      if (kind == ENUM) {
        constants = new String[n];
        for (int i = 0; i < n; i++) {
          constants[i] = r.readString();
        }
      } else {
        int section = 0;
        for (int i = 0; i < n; i++) {
          DefField f = DefField.read(r, maxFields);
          if (f.section() < section) {
            throw new MalformedInputException("class definition of " + self + ": field " + f.label()
                + " is out of wire order (number group, fixed block, strings, the rest)");
          }
          section = f.section();
          fields.add(f);
        }
      }
      if (r.remaining() != 0) {
        throw new MalformedInputException(r.remaining() + " bytes after the class definition of " + self);
      }
      return new ClassDef(body, fingerprint, kind, self, fields.toArray(new DefField[0]), constants);
    } catch (MalformedInputException | LimitExceededException e) {
      throw e;
    } catch (dev.brine.BrineException e) {
      throw new MalformedInputException("invalid class definition: " + e.getMessage(), e);
    }
  }

  static int count(ByteReader r, int max, String what) {
    int n = r.readVarUInt32();
    if (n < 0 || n > max) {
      throw new LimitExceededException("class definition with " + Integer.toUnsignedString(n) + " " + what
          + " exceeds the limit of " + max + " (Brine.Builder.maxClassDefFields)");
    }
    if (n > r.remaining()) {
      throw new MalformedInputException("class definition claims " + n + " " + what + " but has "
          + r.remaining() + " bytes left");
    }
    return n;
  }

  /** A 64-bit hash of {@code b[from, to)} (FNV-1a, then a final mix). */
  static long hash(byte[] b, int from, int to) {
    long h = 0xcbf29ce484222325L;
    for (int i = from; i < to; i++) {
      h = (h ^ (b[i] & 0xFF)) * 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return h;
  }

  /** Whether {@code b[0, n)} are this definition's body bytes. */
  boolean sameBody(byte[] b, int n) {
    return n == body.length && Arrays.equals(body, 0, n, b, 0, n);
  }

  @Override
  public String toString() {
    return (kind == ENUM ? "enum " : kind == RECORD ? "record " : "class ") + self + describeFields();
  }

  // ---------------------------------------------------------------- one field

  /** One field of a definition: its key and how it is written. */
  static final class DefField {
    static final int GROUP = 0;
    static final int FIXED = 1;
    static final int STRING = 2;
    static final int OTHER = 3;

    /** {@code 0x10 + GroupKind}, {@code 0x20 + FieldKind} (primitives), or one of these. */
    static final int CODE_STRING = 0x30;
    static final int CODE_DECLARED = 0x31;
    static final int CODE_CONTAINER = 0x32;
    static final int CODE_OBJECT = 0x33;

    /** The name, or null when identified by {@link #id}. */
    final String name;
    /** The {@code @Field} id, or 0. */
    final int id;
    final int code;
    final GroupKind group;
    final FieldKind fixed;
    /** DECLARED: the class; CONTAINER: the element (key) class; group ENUM: the enum. */
    final TypeRef ref;
    /** CONTAINER: the map value class. */
    final TypeRef ref2;
    /** Group ENUM: the writer's constants in ordinal order. */
    final String[] constants;
    /** FIXED: the offset in the fixed block. */
    int offset;

    DefField(String name, int id, int code, TypeRef ref, TypeRef ref2, String[] constants) {
      this.name = name;
      this.id = id;
      this.code = code;
      this.group = code >= 0x10 && code < 0x10 + GroupKind.values().length ? GroupKind.values()[code - 0x10] : null;
      this.fixed = code >= 0x20 && code <= 0x20 + FieldKind.DOUBLE.ordinal() ? FieldKind.values()[code - 0x20] : null;
      this.ref = ref;
      this.ref2 = ref2;
      this.constants = constants;
    }

    int section() {
      return group != null ? GROUP : fixed != null ? FIXED : code == CODE_STRING ? STRING : OTHER;
    }

    String label() {
      return name != null ? name : "#" + id;
    }

    String describe() {
      if (group != null) {
        return group == GroupKind.ENUM ? "enum " + ref + Arrays.toString(constants) : group.toString();
      }
      if (fixed != null) {
        return fixed.toString();
      }
      switch (code) {
        case CODE_STRING: return "String";
        case CODE_DECLARED: return ref.toString();
        case CODE_CONTAINER: return "container" + (ref.kind == TypeRef.NONE && ref2.kind == TypeRef.NONE ? ""
            : "<" + ref + (ref2.kind == TypeRef.NONE ? "" : ", " + ref2) + ">");
        default: return "any";
      }
    }

    void write(ByteWriter w) {
      if (name == null) {
        w.writeVarUInt32(id << 1 | 1);
      } else {
        w.writeVarUInt32(0);
        w.writeString(name);
      }
      w.writeInt8(code);
      if (group == GroupKind.ENUM) {
        ref.write(w);
        w.writeVarUInt32(constants.length);
        for (String c : constants) {
          w.writeString(c);
        }
      } else if (code == CODE_DECLARED) {
        ref.write(w);
      } else if (code == CODE_CONTAINER) {
        ref.write(w);
        ref2.write(w);
      }
    }

    static DefField read(ByteReader r, int maxFields) {
      int at = r.position();
      int key = r.readVarUInt32();
      String name = null;
      int id = 0;
      if ((key & 1) != 0) {
        id = key >>> 1;
        if (id < 1 || id > dev.brine.plan.ClassModel.MAX_ID) {
          throw new MalformedInputException("invalid field id " + id + " in a class definition at offset " + at);
        }
      } else if (key != 0) {
        throw new MalformedInputException("invalid field key " + key + " in a class definition at offset " + at);
      } else {
        name = r.readString();
        if (name.isEmpty()) {
          throw new MalformedInputException("empty field name in a class definition at offset " + at);
        }
      }
      int code = r.readInt8() & 0xFF;
      boolean valid = (code >= 0x10 && code < 0x10 + GroupKind.values().length)
          || (code >= 0x20 && code <= 0x20 + FieldKind.DOUBLE.ordinal()) || (code >= CODE_STRING && code <= CODE_OBJECT);
      if (!valid) {
        throw new MalformedInputException("invalid field code 0x" + Integer.toHexString(code) + " for field "
            + (name != null ? name : "#" + id) + " in a class definition");
      }
      TypeRef ref = TypeRef.NONE_REF;
      TypeRef ref2 = TypeRef.NONE_REF;
      String[] constants = null;
      if (code == 0x10 + GroupKind.ENUM.ordinal()) {
        ref = TypeRef.read(r, 0);
        int n = count(r, maxFields, "enum constants");
        constants = new String[n];
        for (int i = 0; i < n; i++) {
          constants[i] = r.readString();
        }
      } else if (code == CODE_DECLARED) {
        ref = TypeRef.read(r, 0);
      } else if (code == CODE_CONTAINER) {
        ref = TypeRef.read(r, 0);
        ref2 = TypeRef.read(r, 0);
      }
      return new DefField(name, id, code, ref, ref2, constants);
    }
  }
}
