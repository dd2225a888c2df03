package dev.brine.compat;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteReader;
import dev.brine.io.Loads;
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
 * {@code n:varuint32}, then for a class {@code n} fields in wire order, each a key (its {@code @Field}
 * id or its name) and its {@link DefField#code code} with the code's extras; for an enum {@code n}
 * constant names in ordinal order. Two versions of the layout exist: {@link #V1} (written before:
 * {@code key} is {@code id << 1 | 1} or {@code 0} and the name as a {@code string}, type names in
 * full) and {@link #V2} (the current one: the key holds the name's length, the chars it shares with
 * the previous field's name and whether the code repeats the previous field's; a class in the same
 * package as the defined one is named relative to it). Writers write V2 only.
 */
public final class ClassDef {
  static final int OBJECT = 0;
  static final int RECORD = 1;
  static final int ENUM = 2;
  /** The first layout of definitions ({@code def-ref} 0 and the index; payload header {@code 0xC2}): read, never written. */
  static final int V1 = 1;
  /** The current layout of definitions ({@code def-ref} {@code 0x2000 +} index; payload header {@code 0xCA}). */
  static final int V2 = 2;

  /** The body bytes, exactly as written. */
  final byte[] body;
  /** {@code size:varuint32} and {@link #body}: what a writer copies after a new definition's index (V2). */
  final byte[] framed;
  /** The layout version of {@link #body}. */
  final int version;
  /** A cheap 64-bit hash of {@link #body} ({@link #key}): where the tables of known definitions look first. */
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

  private ClassDef(byte[] body, int version, int kind, TypeRef self, DefField[] fields, String[] constants) {
    this.body = body;
    this.version = version;
    this.fingerprint = key(body, 0, body.length);
    ByteWriter w = new ByteWriter(body.length + 5);
    w.writeVarUInt32(body.length);
    w.writeBytes(body, 0, body.length);
    this.framed = w.toByteArray();
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

  /** Builds a local class's definition in the current layout ({@link #V2}). */
  static ClassDef build(int kind, TypeRef self, List<DefField> fields, String[] constants) {
    ByteWriter w = new ByteWriter(64);
    w.writeInt8(kind);
    self.write(w, null);
    String pkg = self.packageName();
    if (constants != null) {
      w.writeVarUInt32(constants.length);
      for (String c : constants) {
        w.writeString(c);
      }
    } else {
      w.writeVarUInt32(fields.size());
      DefField prev = null;
      for (DefField f : fields) {
        f.write(w, prev, pkg);
        prev = f;
      }
    }
    byte[] body = w.toByteArray();
    return new ClassDef(body, V2, kind, self, fields.toArray(new DefField[0]), constants);
  }

  // ---------------------------------------------------------------- reading (untrusted)

  /**
   * Parses a definition's body read from a payload, in layout {@code version}; a {@link #V1} body is
   * checked against the fingerprint written before it ({@link #hash}).
   *
   * @throws MalformedInputException if the bytes are not a valid definition or do not match {@code fingerprint}
   * @throws LimitExceededException if it has more than {@code maxFields} fields or constants, or a
   *     name longer than {@code maxNameBytes}
   */
  static ClassDef parse(byte[] body, int version, long fingerprint, int maxFields, int maxNameBytes) {
    if (version == V1 && hash(body, 0, body.length) != fingerprint) {
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
      TypeRef self = TypeRef.read(r, 0, version, null);
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
        String pkg = self.packageName();
        DefField prev = null;
        for (int i = 0; i < n; i++) {
          DefField f = version == V1 ? DefField.readV1(r, maxFields) : DefField.read(r, maxFields, maxNameBytes, prev, pkg);
          prev = f;
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
      return new ClassDef(body, version, kind, self, fields.toArray(new DefField[0]), constants);
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

  /**
   * A cheap 64-bit hash of {@code b[from, from + n)}, eight bytes at a time: where a reader looks a
   * definition up before it compares the bytes (it never trusts the hash alone).
   */
  static long key(byte[] b, int from, int n) {
    long h = n * 0x9E3779B97F4A7C15L;
    int i = from;
    int end = from + n;
    for (; i + 8 <= end; i += 8) {
      h = Long.rotateLeft((h ^ Loads.loadInt64(b, i)) * 0x9E3779B97F4A7C15L, 29);
    }
    for (; i < end; i++) {
      h = (h ^ (b[i] & 0xFF)) * 0x100000001b3L;
    }
    h ^= h >>> 32;
    h *= 0xff51afd7ed558ccdL;
    return h ^ (h >>> 29);
  }

  /** A 64-bit hash of {@code b[from, to)} (FNV-1a, then a final mix): the fingerprint of a {@link #V1} definition. */
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

  /** Whether {@code b[from, from + n)} are this definition's body bytes, in layout {@code v}. */
  boolean sameBody(int v, byte[] b, int from, int n) {
    return n == body.length && v == version && Arrays.equals(body, 0, n, b, from, from + n);
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

    /**
     * The key of a field that has both an {@code @Field} id and a name ({@code id:varuint32} and {@code
     * name:string} follow; bit 1 may be set as in any key): the named form with no name bytes and 1 shared
     * char, which has no other meaning.
     */
    static final int ID_AND_NAME = 1 << 2;

    /** The name; null in a definition read from a writer that identified the field by {@link #id} alone. */
    final String name;
    /** The {@code @Field} id, or 0 (then the field is identified by its name). */
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

    /** Whether {@code o} has this field's code and extras (so V2 writes this field's code as "same"). */
    boolean sameCode(DefField o) {
      return o != null && o.code == code && o.ref.equals(ref) && o.ref2.equals(ref2) && Arrays.equals(o.constants, constants);
    }

    /**
     * Writes the field in layout V2: {@code key:varuint32}, then (unless the key says the code repeats
     * the previous field's) {@code code:u8} and its extras. Key bit 0: identified by {@code @Field} id
     * ({@code key >>> 2}); else by name: bits 2–3 the chars it shares with the previous field's name
     * (0–3), {@code key >>> 4} the number of Latin-1 bytes of the rest of the name that follow (0: the
     * whole name follows as a {@code string}, for names with chars above U+00FF). A field with an {@code @Field}
     * id is written as {@link #ID_AND_NAME}: its id, then its name as a {@code string}, so that a reader whose
     * version of the class has no id for it yet matches it by name (definitions read from older writers
     * may have the id alone: key bit 0). Key bit 1: the same code and extras as the previous field (none of
     * them written).
     */
    void write(ByteWriter w, DefField prev, String pkg) {
      boolean same = sameCode(prev);
      int flags = same ? 2 : 0;
      if (name == null) {
        w.writeVarUInt32(id << 2 | flags | 1);
      } else if (id != 0) {
        w.writeVarUInt32(ID_AND_NAME | flags);
        w.writeVarUInt32(id);
        w.writeString(name);
      } else {
        int shared = 0;
        if (prev != null && prev.name != null) {
          int max = Math.min(3, Math.min(prev.name.length(), name.length() - 1));
          while (shared < max && prev.name.charAt(shared) == name.charAt(shared)) {
            shared++;
          }
        }
        boolean latin1 = true;
        for (int i = shared; i < name.length(); i++) {
          latin1 &= name.charAt(i) <= 0xFF;
        }
        if (latin1) {
          int n = name.length() - shared;
          w.writeVarUInt32(n << 4 | shared << 2 | flags);
          for (int i = shared; i < name.length(); i++) {
            w.writeInt8(name.charAt(i));
          }
        } else {
          w.writeVarUInt32(flags);
          w.writeString(name);
        }
      }
      if (same) {
        return;
      }
      w.writeInt8(code);
      if (group == GroupKind.ENUM) {
        ref.write(w, pkg);
        w.writeVarUInt32(constants.length);
        for (String c : constants) {
          w.writeString(c);
        }
      } else if (code == CODE_DECLARED) {
        ref.write(w, pkg);
      } else if (code == CODE_CONTAINER) {
        ref.write(w, pkg);
        ref2.write(w, pkg);
      }
    }

    /** Reads a field in layout V2 (see {@link #write}); {@code prev} is the field before it, or null. */
    static DefField read(ByteReader r, int maxFields, int maxNameBytes, DefField prev, String pkg) {
      int at = r.position();
      int key = r.readVarUInt32();
      String name = null;
      int id = 0;
      if ((key & 1) != 0) {
        id = key >>> 2;
        if (id < 1 || id > dev.brine.plan.ClassModel.MAX_ID) {
          throw new MalformedInputException("invalid field id " + id + " in a class definition at offset " + at);
        }
      } else {
        int shared = (key >>> 2) & 3;
        int n = key >>> 4;
        if (n == 0) {
          if (shared == 1) { // ID_AND_NAME
            id = r.readVarUInt32();
            if (id < 1 || id > dev.brine.plan.ClassModel.MAX_ID) {
              throw new MalformedInputException("invalid field id " + id + " in a class definition at offset " + at);
            }
          } else if (shared != 0) {
            throw new MalformedInputException("invalid field key " + key + " in a class definition at offset " + at);
          }
          name = r.readString();
          if (name.isEmpty()) {
            throw new MalformedInputException("empty field name in a class definition at offset " + at);
          }
        } else {
          if (shared > 0 && (prev == null || prev.name == null || prev.name.length() < shared)) {
            throw new MalformedInputException("field name at offset " + at + " shares " + shared
                + " chars with a previous name that has fewer");
          }
          if (n < 0 || shared + (long) n > maxNameBytes) {
            throw new LimitExceededException("field name of " + Integer.toUnsignedString(n) + " bytes at offset " + at
                + " exceeds the limit of " + maxNameBytes + " bytes (Brine.Builder.maxClassDefNameBytes)");
          }
          r.require(n, "field name");
          char[] cs = new char[shared + n];
          for (int i = 0; i < shared; i++) {
            cs[i] = prev.name.charAt(i);
          }
          for (int i = 0; i < n; i++) {
            cs[shared + i] = (char) (r.readInt8() & 0xFF);
          }
          name = new String(cs);
        }
      }
      if ((key & 2) != 0) {
        if (prev == null) {
          throw new MalformedInputException("field " + (name != null ? name : "#" + id) + " at offset " + at
              + " repeats the code of no previous field");
        }
        return new DefField(name, id, prev.code, prev.ref, prev.ref2, prev.constants);
      }
      return readCode(r, maxFields, name, id, V2, pkg);
    }

    /** Reads a field in layout V1: {@code key:varuint32} ({@code id << 1 | 1}, or 0 and the name as a {@code string}), code, extras. */
    static DefField readV1(ByteReader r, int maxFields) {
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
      return readCode(r, maxFields, name, id, V1, null);
    }

    private static DefField readCode(ByteReader r, int maxFields, String name, int id, int version, String pkg) {
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
        ref = TypeRef.read(r, 0, version, pkg);
        int n = count(r, maxFields, "enum constants");
        constants = new String[n];
        for (int i = 0; i < n; i++) {
          constants[i] = r.readString();
        }
      } else if (code == CODE_DECLARED) {
        ref = TypeRef.read(r, 0, version, pkg);
      } else if (code == CODE_CONTAINER) {
        ref = TypeRef.read(r, 0, version, pkg);
        ref2 = TypeRef.read(r, 0, version, pkg);
      }
      return new DefField(name, id, code, ref, ref2, constants);
    }
  }
}
