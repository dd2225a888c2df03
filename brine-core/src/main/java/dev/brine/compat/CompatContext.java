package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.javaser.JavaHooks;
import dev.brine.plan.ClassModel;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldModel;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.GroupKind;
import dev.brine.plan.Layout;
import dev.brine.plan.Planned;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import dev.brine.serializer.Serializer;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Compatible mode of one {@code Brine} (docs/format.md, "Compatible mode"): which classes it writes
 * with class definitions and how they are named, the local definitions, the bounded cache of
 * definitions read from payloads, and the per-call tables of definitions already written or read.
 * Thread-safe; what a payload holds never changes how anything else is read or written (definitions
 * and mappings are immutable and keyed by their exact bytes).
 */
public final class CompatContext {
  /** Settings of compatible mode, from {@code Brine.Builder}. */
  public record Settings(boolean compressNumbers, int maxClassDefBytes, int maxClassDefFields, int maxClassDefNameBytes,
      int classDefCacheSize, boolean unknownEnumAsNull) {}

  final TypeRegistry registry;
  final Settings settings;
  private final Map<Class<?>, Integer> explicitIds = new ConcurrentHashMap<>();
  private final Map<Integer, Class<?>> byExplicitId = new ConcurrentHashMap<>();
  /** Classes this side knows by name: the registered ones and every class given a compatible serializer. */
  private final Map<String, Class<?>> byName = new ConcurrentHashMap<>();
  /** The local definitions, open addressing by fingerprint (as many as local classes); replaced whole when one is added. */
  private volatile ClassDef[] local = new ClassDef[16];
  private int localCount;
  /** Definitions read from payloads by fingerprint, at most {@link Settings#classDefCacheSize}. */
  private final Map<Long, ClassDef> remote = new ConcurrentHashMap<>();
  private final AtomicInteger numbers = new AtomicInteger();
  private final Map<ClassDef, Integer> defNumbers = new ConcurrentHashMap<>();
  ClassInfo objectDispatch;
  ClassInfo enumDispatch;
  /** How the outermost value of a payload is written and read ({@link Openings}). */
  final Openings openings = new Openings();

  /** Creates compatible mode over {@code registry} (before any class is registered). */
  public CompatContext(TypeRegistry registry, Settings settings) {
    this.registry = registry;
    this.settings = settings;
  }

  /** The engine's way to write and read the outermost value of a payload ({@code Engine}'s {@link dev.brine.context.Roots}). */
  public dev.brine.context.Roots roots() {
    return openings;
  }

  // ---------------------------------------------------------------- building

  /** The factory to give the registry: {@code inner}'s serializers, wrapped for the classes this mode names. */
  public TypeRegistry.SerializerFactory factory(TypeRegistry.SerializerFactory inner) {
    return new TypeRegistry.SerializerFactory() {
      @Override
      public Serializer<?> create(Class<?> type, TypeRegistry reg) {
        Serializer<?> s = inner.create(type, reg);
        if (type.isArray() && !type.getComponentType().isPrimitive() && compatComponent(type)) {
          @SuppressWarnings("unchecked")
          Serializer<Object[]> so = (Serializer<Object[]>) s;
          return new CompatArraySerializer(type.getComponentType(), so, reg); // reads slots or tags, whichever was written
        }
        if (type.isEnum()) {
          byName.putIfAbsent(type.getName(), type);
          return new CompatEnumSerializer(CompatContext.this, type, enumDef(type));
        }
        if (s instanceof Planned) {
          byName.putIfAbsent(type.getName(), type);
          @SuppressWarnings("unchecked")
          Serializer<Object> so = (Serializer<Object>) s;
          return new CompatSerializer(CompatContext.this, type, objectDef(type), so);
        }
        return s;
      }

      @Override
      public boolean tracked(Class<?> type) {
        return inner.tracked(type);
      }

      @Override
      public boolean composite(Class<?> type) {
        return inner.composite(type);
      }

      @Override
      public void hooks(ClassInfo info) {
        inner.hooks(info);
      }

      @Override
      public Serializer<?> createLegacy(Class<?> type, Serializer<?> current, TypeRegistry reg) {
        return null; // compatible mode reads no format-1 payloads
      }
    };
  }

  /**
   * Whether the innermost component of array class {@code type} is a class compatible mode may write with a
   * class definition (a user's plain class, record or enum): such an array's elements are declared slots or
   * tagged values depending on whether the class is final, which may differ between writer and reader. (For
   * such a class that has a serializer of the user's, reading either form is as safe: no tagged value of it
   * starts with {@code 2}.)
   */
  private static boolean compatComponent(Class<?> type) {
    Class<?> c = type;
    while (c.isArray()) {
      c = c.getComponentType();
    }
    return !c.isPrimitive() && eligible(c);
  }

  /** Registers the readers of the two compatible-mode tags; call after the built-ins are registered. */
  public void registerTags() {
    registry.registerId(TypeIds.COMPAT_OBJECT, Object.class, new Dispatch(this, false), true, true);
    registry.registerId(TypeIds.COMPAT_ENUM, Enum.class, new Dispatch(this, true), false, false);
    objectDispatch = registry.forId(TypeIds.COMPAT_OBJECT, 0);
    enumDispatch = registry.forId(TypeIds.COMPAT_ENUM, 0);
  }

  /**
   * Whether compatible mode writes {@code type} with a class definition (a plain class, record or
   * enum that has no serializer of the user's): such a registered class is written with a shared tag
   * and named in its definition, so registration order does not matter.
   */
  public static boolean eligible(Class<?> type) {
    if (type.isEnum()) {
      return true;
    }
    return !type.isArray() && !type.isInterface() && !type.isPrimitive() && !Modifier.isAbstract(type.getModifiers())
        && !Collection.class.isAssignableFrom(type) && !Map.class.isAssignableFrom(type)
        && !JavaHooks.needsJavaStream(type) && !JavaHooks.closedSerializable(type)
        && !type.getName().startsWith("java.");
  }

  /**
   * Records a user registration: {@code id} is its explicit id ({@code register(int, Class)}) or -1,
   * so that definitions name it by id or by name.
   */
  public void registered(Class<?> type, int id) {
    if (id >= 0) {
      Class<?> prev = byExplicitId.putIfAbsent(id, type);
      if (prev != null && prev != type) {
        throw new BrineException("id " + id + " is given to both " + prev.getName() + " and " + type.getName());
      }
      explicitIds.put(type, id);
    }
    byName.putIfAbsent(type.getName(), type);
  }

  // ---------------------------------------------------------------- local definitions

  private ClassDef objectDef(Class<?> type) {
    ClassPlan plan = ClassPlan.of(type, registry);
    Layout layout = Layout.of(plan, settings.compressNumbers());
    Map<java.lang.reflect.Field, FieldModel> models = new HashMap<>();
    for (FieldModel m : ClassModel.of(type).fields) {
      models.put(m.field, m);
    }
    List<ClassDef.DefField> fields = new ArrayList<>();
    for (FieldPlan f : layout.wireOrder()) {
      FieldModel m = models.get(f.field);
      String name = f.name(); // with an id too: readers whose class has no id for the field yet match it by name
      int id = m.explicitId ? m.id : 0;
      GroupKind gk = Layout.groupKind(f, settings.compressNumbers());
      TypeRef ref = TypeRef.NONE_REF;
      TypeRef ref2 = TypeRef.NONE_REF;
      String[] constants = null;
      int code;
      if (gk != null) {
        code = 0x10 + gk.ordinal();
        if (gk == GroupKind.ENUM) {
          ref = ref(f.declared);
          constants = names(f.type());
        }
      } else if (f.kind.primitive()) {
        code = 0x20 + f.kind.ordinal();
      } else if (f.kind == FieldKind.STRING) {
        code = ClassDef.DefField.CODE_STRING;
      } else if (f.kind == FieldKind.DECLARED) {
        code = ClassDef.DefField.CODE_DECLARED;
        ref = ref(f.declared);
      } else if (f.kind == FieldKind.CONTAINER) {
        code = ClassDef.DefField.CODE_CONTAINER;
        ref = ref(f.element);
        ref2 = ref(f.value);
      } else {
        code = ClassDef.DefField.CODE_OBJECT;
      }
      fields.add(new ClassDef.DefField(name, id, code, ref, ref2, constants));
    }
    return publish(ClassDef.build(type.isRecord() ? ClassDef.RECORD : ClassDef.OBJECT, self(type), fields, null));
  }

  private ClassDef enumDef(Class<?> type) {
    return publish(ClassDef.build(ClassDef.ENUM, self(type), List.of(), names(type)));
  }

  private synchronized ClassDef publish(ClassDef def) {
    ClassDef[] t = local;
    if (2 * (localCount + 1) > t.length) {
      ClassDef[] bigger = new ClassDef[t.length * 2];
      for (ClassDef d : t) {
        if (d != null) {
          insert(bigger, d);
        }
      }
      t = bigger;
    } else {
      t = t.clone();
    }
    insert(t, def);
    localCount++;
    local = t;
    defNumbers.put(def, numbers.getAndIncrement());
    return def;
  }

  private static void insert(ClassDef[] t, ClassDef d) {
    int mask = t.length - 1;
    int i = (int) d.fingerprint & mask;
    while (t[i] != null) {
      i = (i + 1) & mask;
    }
    t[i] = d;
  }

  /** The local definition with the body bytes {@code b[from, from + size)} (layout V2), or null. */
  private ClassDef local(long key, byte[] b, int from, int size) {
    ClassDef[] t = local;
    int mask = t.length - 1;
    for (int i = (int) key & mask; t[i] != null; i = (i + 1) & mask) {
      ClassDef d = t[i];
      if (d.fingerprint == key && d.sameBody(ClassDef.V2, b, from, size)) {
        return d;
      }
    }
    return null;
  }

  /** The per-Brine number of a local definition (its slot in the per-call table of written definitions). */
  int number(ClassDef def) {
    return defNumbers.get(def);
  }

  private static String[] names(Class<?> enumType) {
    Object[] cs = enumType.getEnumConstants();
    String[] names = new String[cs.length];
    for (int i = 0; i < cs.length; i++) {
      names[i] = ((Enum<?>) cs[i]).name();
    }
    return names;
  }

  private TypeRef self(Class<?> type) {
    Integer id = explicitIds.get(type);
    return id != null ? new TypeRef(TypeRef.COMPAT_ID, id, null, null) : new TypeRef(TypeRef.COMPAT_NAME, 0, type.getName(), null);
  }

  /** How a definition names the class of {@code info} (null: none). */
  TypeRef ref(ClassInfo info) {
    if (info == null) {
      return TypeRef.NONE_REF;
    }
    Class<?> t = info.type;
    int id = info.typeId;
    if (id == TypeIds.ARRAY) {
      return new TypeRef(TypeRef.ARRAY, 0, null, ref(registry.forDeclared(t.getComponentType())));
    }
    boolean user = id == TypeIds.COMPAT_OBJECT || id == TypeIds.COMPAT_ENUM || id == TypeIds.BY_NAME
        || (id >= TypeIds.FIRST_USER && id < TypeIds.FIRST_MODULE);
    if (!user) {
      return new TypeRef(TypeRef.FIXED, id, null, null);
    }
    boolean compat = !info.custom && eligible(t) && (info.serializer == null || info.serializer instanceof CompatSerializer
        || info.serializer instanceof CompatEnumSerializer);
    Integer explicit = explicitIds.get(t);
    if (explicit != null) {
      return new TypeRef(compat ? TypeRef.COMPAT_ID : TypeRef.OTHER_ID, explicit, null, null);
    }
    return new TypeRef(compat ? TypeRef.COMPAT_NAME : TypeRef.OTHER_NAME, 0, t.getName(), null);
  }

  /**
   * The local class {@code ref} names, or null when this side does not know it (never loads a class
   * that registration or the allow-list refuses).
   */
  ClassInfo resolve(TypeRef ref) {
    try {
      switch (ref.kind) {
        case TypeRef.NONE:
          return null;
        case TypeRef.FIXED: {
          int id = ref.id;
          boolean builtin = id >= 2 && id <= TypeIds.LAST_BUILTIN && id != TypeIds.COMPAT_ENUM && id != TypeIds.ARRAY;
          boolean module = id >= TypeIds.FIRST_MODULE && id < TypeIds.END_MODULE;
          return builtin || module ? registry.forId(id, 0) : null;
        }
        case TypeRef.COMPAT_ID:
        case TypeRef.OTHER_ID: {
          Class<?> c = byExplicitId.get(ref.id);
          return c == null ? null : registry.forDeclared(c);
        }
        case TypeRef.COMPAT_NAME:
        case TypeRef.OTHER_NAME: {
          Class<?> c = byName.get(ref.name);
          if (c != null) {
            return registry.forDeclared(c);
          }
          if (registry.requireRegistration()) {
            return null;
          }
          return registry.forName(ref.name, 0);
        }
        case TypeRef.ARRAY: {
          ClassInfo c = resolve(ref.component);
          return c == null || c.type == void.class ? null : registry.forDeclared(c.type.arrayType());
        }
        default:
          return null;
      }
    } catch (ClassNotAllowedException | MalformedInputException e) {
      return null; // unknown here: its values are skipped
    }
  }

  /** Whether definition {@code def} names {@code type} on this side. */
  boolean names(ClassDef def, Class<?> type) {
    TypeRef r = def.self;
    if (r.kind == TypeRef.COMPAT_ID) {
      return byExplicitId.get(r.id) == type;
    }
    return r.name.equals(type.getName()) || byName.get(r.name) == type;
  }

  // ---------------------------------------------------------------- per call

  /** The most definitions one payload, or one stream of bare values, may define. */
  static final int MAX_DEFINITIONS = 4096;

  /**
   * Writes the reference to {@code def}: {@code 1 + index} when this payload (or stream) has it
   * already, else {@code 0}, the next index and the definition.
   */
  void writeDefRef(WriteSession ctx, ClassDef def, int number) {
    CallState st = CallState.forWrite(ctx);
    long[] written = st.written;
    if (number < written.length) {
      long e = written[number];
      if ((int) (e >>> 32) == st.calls && (int) e != 0) {
        ctx.writeVarUInt32((int) e);
        return;
      }
    }
    writeDefinition(ctx, st, def, number);
  }

  /** The first reference to {@code def} in this call or stream: a new index, then the definition. */
  private static void writeDefinition(WriteSession ctx, CallState st, ClassDef def, int number) {
    long[] written = st.written;
    if (number >= written.length) {
      st.written = written = java.util.Arrays.copyOf(written, Math.max(number + 1, written.length * 2));
    }
    int index = st.writtenCount++;
    written[number] = (long) st.calls << 32 | (index + 1);
    ctx.writeVarUInt32(NEW_V2 + index); // two bytes, as layout 1's 0 and index were
    ctx.writeBytes(def.framed, 0, def.framed.length); // size and body, built once
  }

  /**
   * A {@code def-ref} of {@code NEW_V2 + i} starts a new definition of index {@code i} in layout 2;
   * layout 1 wrote {@code 0} and {@code i}. References to definitions read are {@code 1 + i}, at most
   * {@link #MAX_DEFINITIONS}, so the three never overlap and each definition says its own layout
   * (bare values and streams carry no header that could).
   */
  static final int NEW_V2 = 0x2000;

  /**
   * Reads a class definition reference and returns the definition: one read earlier in this payload
   * (or stream), or the one that follows (found among the known ones by fingerprint and exact bytes,
   * else parsed).
   */
  ClassDef readDefRef(ReadSession ctx) {
    CallState st = CallState.forRead(ctx);
    int at = ctx.position();
    int ref = ctx.readVarUInt32();
    if (ref > 0 && ref <= st.defCount) {
      ClassDef d = st.defs[ref - 1];
      if (d != null) {
        return d; // a definition read earlier in this payload: small enough to inline at every reference
      }
    }
    return readDefinition(ctx, st, at, ref);
  }

  /** {@link #readDefRef} past its first case: a new definition, or an error. */
  private ClassDef readDefinition(ReadSession ctx, CallState st, int at, int ref) {
    int version;
    int index;
    if (ref == 0) {
      version = ClassDef.V1;
      index = ctx.readVarUInt32();
    } else if (ref >= NEW_V2 && ref < NEW_V2 + MAX_DEFINITIONS) {
      version = ClassDef.V2;
      index = ref - NEW_V2;
    } else {
      if (ref < 0 || ref > st.defCount || st.defs[ref - 1] == null) {
        throw new MalformedInputException("class definition reference #" + Integer.toUnsignedString(ref) + " at offset "
            + at + ", but only " + st.defCount + " definitions were read");
      }
      return st.defs[ref - 1];
    }
    if (index < 0 || index > st.defCount) {
      throw new MalformedInputException("class definition #" + Integer.toUnsignedString(index) + " at offset " + at
          + " skips an index: only " + st.defCount + " definitions were read");
    }
    if (index >= MAX_DEFINITIONS) {
      throw new LimitExceededException("more than " + MAX_DEFINITIONS + " class definitions in one payload or stream at offset " + at);
    }
    int size = ctx.readVarUInt32();
    if (size < 0 || size > settings.maxClassDefBytes()) {
      throw new LimitExceededException("class definition of " + Integer.toUnsignedString(size) + " bytes at offset " + at
          + " exceeds the limit of " + settings.maxClassDefBytes() + " bytes (Brine.Builder.maxClassDefBytes)");
    }
    long fingerprint = version == ClassDef.V1 ? ctx.readInt64() : 0;
    int from = ctx.mark();
    ctx.skip(size); // checks that the bytes are there
    ClassDef def = find(st, index, version, fingerprint, ctx.array(), from, size);
    if (index == st.defs.length) {
      st.defs = java.util.Arrays.copyOf(st.defs, st.defs.length * 2);
    }
    if (st.defs[index] != def) {
      // a redefinition (a stream reset by its writer, a value read again) replaces it. Unchanged (the
      // same definitions in every payload), the store is skipped: storing a reference into this
      // long-lived array costs G1's write barrier a StoreLoad fence (journal step 78)
      st.defs[index] = def;
    }
    if (index == st.defCount) {
      st.defCount++;
    }
    return def;
  }

  /**
   * The definition whose body is {@code b[from, from + size)} in layout {@code version}: the one read
   * at this index before (one byte comparison), else a local one or one cached from earlier payloads
   * (by a cheap hash of the bytes, then compared byte for byte), else parsed (untrusted) and cached.
   */
  private ClassDef find(CallState st, int index, int version, long fingerprint, byte[] b, int from, int size) {
    ClassDef[] hints = st.hints;
    ClassDef d = index < hints.length ? hints[index] : null;
    if (d != null && d.sameBody(version, b, from, size)) {
      return d;
    }
    long key = ClassDef.key(b, from, size);
    d = version == ClassDef.V2 ? local(key, b, from, size) : null;
    if (d == null) {
      d = remote.get(key);
      if (d == null || !d.sameBody(version, b, from, size)) {
        d = ClassDef.parse(java.util.Arrays.copyOfRange(b, from, from + size), version, fingerprint,
            settings.maxClassDefFields(), settings.maxClassDefNameBytes());
        if (remote.size() >= settings.classDefCacheSize()) {
          remote.clear(); // bounded: a stream of ever new definitions only costs their parsing
        }
        remote.putIfAbsent(key, d);
      }
    }
    if (index >= hints.length) {
      st.hints = hints = java.util.Arrays.copyOf(hints, Math.max(index + 1, hints.length * 2));
    }
    hints[index] = d;
    return d;
  }

  /** The number of definitions read from payloads that are cached now (for tests). */
  public int cachedDefinitions() {
    return remote.size();
  }

  // ---------------------------------------------------------------- reading through a definition

  /**
   * The mapping that reads a payload of {@code def} into {@code type} (null: skip it); {@code refs}: whether
   * this Brine tracks references (the same for every call).
   */
  Mapping mapping(ClassDef def, Class<?> type, boolean refs) {
    Object m = def.mapping;
    if (m instanceof Mapping && ((Mapping) m).type == type) {
      return (Mapping) m;
    }
    Mapping made = new Mapping(this, def, type, refs);
    def.mapping = made;
    return made;
  }

  /** Reads (type null: skips) the body of a value whose definition is {@code def}. */
  Object readMapped(ReadSession ctx, ClassDef def, Class<?> type) {
    if (def.kind == ClassDef.ENUM) {
      throw new MalformedInputException("the definition of enum " + def.self + " stands before an object's fields");
    }
    return mapping(def, type, ctx.trackingReferences()).read(ctx);
  }

  private final java.util.concurrent.atomic.AtomicReferenceArray<ClassInfo> skipped =
      new java.util.concurrent.atomic.AtomicReferenceArray<>(256);

  /** The class of arrays ({@code dims} dimensions, at most 255) of a compatible class this side does not know: read and dropped. */
  ClassInfo skippedArray(int dims) {
    if (dims < 1 || dims > 255) {
      throw new MalformedInputException("array of " + dims + " dimensions (at most 255)");
    }
    ClassInfo info = skipped.get(dims);
    if (info == null) {
      skipped.compareAndSet(dims, null, registry.unregistered(Object[].class, TypeIds.ARRAY, new SkippedArray(this, dims), true, true));
      info = skipped.get(dims);
    }
    return info;
  }

  private volatile ClassInfo skippedValue;

  /** The declared element (key, value) class of a container of a compatible class this side does not know: read and dropped. */
  ClassInfo skippedValue() {
    ClassInfo info = skippedValue;
    if (info == null) {
      skippedValue = info = registry.unregistered(Object.class, TypeIds.COMPAT_OBJECT, new SkippedValue(this), false, true);
    }
    return info;
  }

  /** A value of an unknown class at the top level: it cannot be skipped. */
  static ClassNotAllowedException unknown(ClassDef def) {
    return new ClassNotAllowedException("the payload holds a " + def.self + ", a class this Brine does not know (register"
        + " it, or read the payload with a Brine that has it); inside other values such values are skipped");
  }
}
