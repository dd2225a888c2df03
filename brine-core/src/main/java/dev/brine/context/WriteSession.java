package dev.brine.context;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.io.ByteWriter;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.IdentityHashMap;

/**
 * The state of one serialize call: the output buffer plus type resolution, reference tracking and
 * the depth limit. Pooled and reused; never shared between threads at the same time.
 *
 * <p>A user's serializer sees it as the small {@link WriteContext}; Brine's built-in serializers and
 * generated code use the rest (the buffer, class descriptors, declared slots). It knows no concrete
 * serializer: what it needs about a class is in its {@link ClassInfo}.
 */
public final class WriteSession extends ByteWriter implements WriteContext {
  private final TypeRegistry registry;
  private final boolean trackRefs;
  private final int maxDepth;
  private int depth;
  /** Writes outermost values where a mode knows a shorter way than the tag (null: none); set by the engine. */
  Roots roots;
  /** The objects this call has written, with tracking on. */
  private final IdentityIds refs = new IdentityIds();
  private IdentityHashMap<Class<?>, Integer> names;
  /** With tracking on, each object this call replaced through {@code writeReplace()} and its replacement. */
  private IdentityHashMap<Object, Object> replaced;
  /** A small direct-mapped cache of class infos, indexed by the class's identity hash. */
  private final Class<?>[] cachedClasses = new Class<?>[2 * CACHE_SETS];
  private final ClassInfo[] cachedInfos = new ClassInfo[2 * CACHE_SETS];
  private static final int CACHE_SETS = 32;

  /** Creates a context; used by {@code Brine}. */
  public WriteSession(TypeRegistry registry, boolean trackRefs, int maxDepth, long maxBytes) {
    super(256, maxBytes);
    this.registry = registry;
    this.trackRefs = trackRefs;
    this.maxDepth = maxDepth;
  }

  private int calls;
  private Object compat;

  /** A number that changes with every call ({@link #reset}): compatible mode's per-call state checks it. */
  public int calls() {
    return calls;
  }

  /** The state compatible mode ({@code dev.brine.compat}) keeps with this session, or null. */
  public Object compatState() {
    return compat;
  }

  /** Sets the state compatible mode keeps with this session. */
  public void compatState(Object state) {
    this.compat = state;
  }

  /** The registry this context resolves classes with. */
  public TypeRegistry registry() {
    return registry;
  }

  /** Whether reference tracking is on. */
  public boolean trackingReferences() {
    return trackRefs;
  }

  /** Clears per-call state. */
  @Override
  public void reset() {
    super.reset();
    calls++;
    depth = 0;
    refs.clear();
    if (names != null && !names.isEmpty()) {
      names.clear();
    }
    replaced = null;
  }

  /** Drops the objects this call tracked and a grown buffer, so a pooled context pins nothing between calls. */
  public void release() {
    refs.clear();
    replaced = null;
    trim(1 << 20);
  }

  /** The info for {@code type}, checking registration and the deny-list. */
  public ClassInfo classInfo(Class<?> type) {
    // two-way sets indexed by identity hash: a payload's few classes (an object, its lists and maps,
    // their elements, a shuffle's key class) each keep their entry, and two that share a set both stay
    // (direct-mapped, the Spark job suite's classes collided: ConcurrentHashMap.get was 5 % of its
    // serializer samples). A hit moves nothing; a miss pushes the set's first entry to its second.
    int i = (type.hashCode() & (CACHE_SETS - 1)) << 1;
    Class<?>[] classes = cachedClasses;
    if (classes[i] == type) {
      return cachedInfos[i];
    }
    if (classes[i + 1] == type) {
      return cachedInfos[i + 1];
    }
    ClassInfo info = registry.forClass(type);
    ClassInfo[] infos = cachedInfos;
    classes[i + 1] = classes[i];
    infos[i + 1] = infos[i];
    classes[i] = type;
    infos[i] = info;
    return info;
  }

  /**
   * Writes any value with its type tag: {@code 0} for null, {@code 1 + index} for a back-reference,
   * otherwise the type id (or by-name entry) and the payload.
   */
  public void writeObject(Object value) {
    if (value == null) {
      writeInt8(TypeIds.NULL);
      return;
    }
    writeObject(value, classInfo(value.getClass()));
  }

  /**
   * Writes {@code value} (not null, of {@code info}'s class) as a payload's outermost value: as {@link
   * #writeObject(Object, ClassInfo)}, or the shorter way of the engine's {@link Roots} (compatible mode).
   */
  void writeOutermost(Object value, ClassInfo info) {
    Roots r = roots;
    if (r == null || !r.writeRoot(this, value, info)) {
      writeObject(value, info);
    }
  }

  /** {@link #writeObject(Object)} of a value that is not null, whose class's info the caller looked up. */
  public void writeObject(Object value, ClassInfo info) {
    if (info.writeReplace != null) {
      value = replace(info, value);
      if (value == null) {
        writeInt8(TypeIds.NULL);
        return;
      }
      info = classInfo(value.getClass());
    }
    if (trackRefs && info.tracked && writeBackReference(value, TypeIds.REF)) {
      return;
    }
    writeClass(info);
    writePayload(info, value);
  }

  /**
   * Applies Java serialization's {@code writeReplace()} as ObjectOutputStream does: again while the
   * replacement has a hook of its own and another class.
   */
  private Object replace(ClassInfo info, Object value) {
    if (!trackRefs) {
      return replaceOnce(info, value);
    }
    // as ObjectOutputStream: an object written again is replaced by the same replacement, which is then
    // written as a back-reference, so the reader's readResolve result is shared as the original was
    if (replaced == null) {
      replaced = new IdentityHashMap<>();
    } else {
      Object r = replaced.get(value);
      if (r != null || replaced.containsKey(value)) {
        return r;
      }
    }
    Object r = replaceOnce(info, value);
    replaced.put(value, r);
    return r;
  }

  private Object replaceOnce(ClassInfo info, Object value) {
    for (int i = 0; i < 16; i++) {
      Object r = info.replace(value);
      if (r == null || r.getClass() == value.getClass()) {
        return r;
      }
      value = r;
      info = classInfo(r.getClass());
      if (info.writeReplace == null) {
        return r;
      }
    }
    throw new dev.brine.BrineException("writeReplace of " + value.getClass().getName() + " does not settle");
  }

  /**
   * Writes a tagged value like {@link #writeObject(Object)}; a collection or map uses the declared
   * element (key) and value classes, when known, to omit per-element class information.
   */
  @SuppressWarnings("unchecked")
  public void writeObject(Object value, ClassInfo element, ClassInfo valueClass) {
    if (value == null) {
      writeInt8(TypeIds.NULL);
      return;
    }
    ClassInfo info = classInfo(value.getClass());
    if (info.writeReplace != null) {
      Object r = replace(info, value);
      if (r != value) { // replaced by another object: written as that, tagged
        writeObject(r);
        return;
      }
      // a hook that keeps this value (e.g. an insertion-ordered LinkedHashMap): written as it is, below
    }
    if (trackRefs && info.tracked && writeBackReference(value, TypeIds.REF)) {
      return;
    }
    writeClass(info);
    if ((element != null || valueClass != null) && info.usesDeclaredClasses) {
      if (++depth > maxDepth) {
        throw depthExceeded();
      }
      ((ContainerSerializer<Object>) (Serializer<?>) info.serializer).write(this, value, element, valueClass);
      depth--;
    } else {
      writePayload(info, value);
    }
  }

  /**
   * Writes a value whose class is known to the reader from the declaration (a final field or element
   * type): one slot byte ({@link TypeIds#SLOT_NULL}, {@link TypeIds#SLOT_REF} + index, or {@link
   * TypeIds#SLOT_VALUE}) and the payload, no type tag.
   */
  public void writeDeclared(ClassInfo declared, Object value) {
    if (value == null) {
      writeInt8(TypeIds.SLOT_NULL);
      return;
    }
    if (trackRefs && declared.tracked && writeBackReference(value, TypeIds.SLOT_REF)) {
      return;
    }
    writeInt8(TypeIds.SLOT_VALUE);
    writePayload(declared, value);
  }

  /** Counts one level of nesting before a composite payload written by generated code (see {@link #exitNested}). */
  public void enterNested() {
    if (++depth > maxDepth) {
      throw depthExceeded();
    }
  }

  /**
   * Whether {@code levels} more levels of nesting are within the depth limit (generated code, before the
   * payload of a flat class that may span that many, {@code FlatWriter.flatDepth}: when they are not,
   * it writes the value the general way, which counts the levels its values really take).
   */
  public boolean fitsNested(int levels) {
    return depth + levels <= maxDepth;
  }

  /** Ends the level of nesting entered by {@link #enterNested}. */
  public void exitNested() {
    depth--;
  }

  /** Writes a non-null value's payload only (the reader must know its class), counting depth. */
  public void writePayload(ClassInfo info, Object value) {
    if (info.composite) {
      if (++depth > maxDepth) {
        throw depthExceeded();
      }
      info.serializer.write(this, value);
      depth--;
    } else {
      // the commonest leaf classes (collection elements, map keys and values) without a call through
      // the serializer interface, which is megamorphic here; the same bytes as their serializers
      switch (info.leafKind) {
        case PayloadTraits.LEAF_STRING:
          writeString((String) value);
          break;
        case PayloadTraits.LEAF_INT32:
          writeVarInt32((Integer) value);
          break;
        case PayloadTraits.LEAF_INT64:
          writeVarInt64((Long) value);
          break;
        case PayloadTraits.LEAF_FIXED_INT32:
          writeInt32((Integer) value);
          break;
        case PayloadTraits.LEAF_FIXED_INT64:
          writeInt64((Long) value);
          break;
        default:
          info.serializer.write(this, value);
      }
    }
  }

  /**
   * With tracking on, returns true after writing {@code marker} and the index if {@code value} was
   * written before; otherwise remembers it and returns false.
   */
  private boolean writeBackReference(Object value, int marker) {
    int seen = refs.idOrAdd(value);
    if (seen < 0) {
      return false;
    }
    writeInt8(marker);
    writeVarUInt32(seen);
    return true;
  }

  /**
   * Writes a class descriptor: its type id, or {@link TypeIds#BY_NAME} and a name-table entry
   * (varuint 0 and the name the first time, 1 + index after), or {@link TypeIds#ARRAY} and the
   * component's descriptor as {@link #writeDefinedClass} writes it.
   */
  public void writeClass(ClassInfo info) {
    int id = info.typeId;
    if (id != TypeIds.BY_NAME) {
      writeVarUInt32(id);
      if (id == TypeIds.ARRAY) {
        writeDefinedClass(classInfo(info.type.getComponentType()));
      }
      return;
    }
    writeVarUInt32(TypeIds.BY_NAME);
    IdentityHashMap<Class<?>, Integer> n = names;
    if (n == null) {
      n = names = new IdentityHashMap<>();
    }
    Integer index = n.get(info.type);
    if (index != null) {
      writeVarUInt32(index + 1);
    } else {
      n.put(info.type, n.size());
      writeVarUInt32(0);
      writeString(info.type.getName());
    }
  }

  /**
   * Writes a class descriptor that names its class even where no payload follows that would: as
   * {@link #writeClass}, but a compatible-mode class or enum (tag {@link TypeIds#COMPAT_OBJECT} or
   * {@link TypeIds#COMPAT_ENUM}) is followed by its class definition reference ({@link DefinedClass}).
   * For an array's component and an EnumSet's or EnumMap's enum; a collection's or map chunk's class
   * needs no reference, as each element's payload starts with one.
   */
  public void writeDefinedClass(ClassInfo info) {
    writeClass(info);
    if (info.typeId == TypeIds.COMPAT_OBJECT || info.typeId == TypeIds.COMPAT_ENUM) {
      if (!((Object) info.serializer instanceof DefinedClass)) {
        throw new dev.brine.BrineException("internal: " + info + " has no class definition to name it (" + info.serializer + ")");
      }
      ((DefinedClass) (Object) info.serializer).writeReference(this);
    }
  }

  private LimitExceededException depthExceeded() {
    // with tracking on a cycle is written as a reference, so the graph is deep indeed (a long linked list)
    return new LimitExceededException("object graph nested deeper than " + maxDepth + " levels ("
        + (trackRefs ? "" : "a cycle? enable Brine.Builder.references(true), or ")
        + "raise Brine.Builder.maxDepth)");
  }
}
