package dev.brine.context;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteReader;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import java.util.ArrayList;

/**
 * The state of one deserialize call: the input plus type resolution, reference tracking and the
 * limits. Pooled and reused; never shared between threads at the same time.
 *
 * <p>A user's serializer sees it as the small {@link ReadContext}; Brine's built-in serializers and
 * generated code use the rest. It knows no concrete serializer: what it needs about a class is in its
 * {@link ClassInfo}.
 */
public final class ReadSession extends ByteReader implements ReadContext {
  private final TypeRegistry registry;
  private final boolean trackRefs;
  private final int maxDepth;
  private final int maxLength;
  private int depth;
  /** {@link #flatEnd()}. */
  private int flatEnd;
  /** Reads outermost values where a mode knows a shorter way than the tag (null: none); set by the engine. */
  Roots roots;
  /**
   * The objects this call has read, with tracking on, by id: allocated afresh by each call that tracks an
   * object (young, so its stores need no G1 barrier fence; see {@link IdentityIds}), starting at the size
   * the previous call needed ({@link IdentityIds#startSize}).
   */
  private Object[] refs = NO_REFS;
  private int refCount;
  private int refStart = IdentityIds.startSize(0);
  private static final Object[] NO_REFS = {};
  private int pendingRef = -1;
  /**
   * The ids of the values of readResolve classes being read ({@link #beginResolve}), innermost last, and
   * whether a back-reference to each was read meanwhile.
   */
  private int[] resolvingIds = new int[4];
  private boolean[] resolvingHit = new boolean[4];
  private int resolving;
  private final ArrayList<ClassInfo> names = new ArrayList<>();
  /** Whether the payload being read is in format 1 (plain classes and records read by their legacy serializers). */
  private boolean legacy;
  private static final Object UNDER_CONSTRUCTION = new Object();

  /** Creates a context; used by {@code Brine}. */
  public ReadSession(TypeRegistry registry, boolean trackRefs, int maxDepth, int maxLength, long maxStringBytes) {
    this.registry = registry;
    this.trackRefs = trackRefs;
    this.maxDepth = maxDepth;
    this.maxLength = maxLength;
    maxStringBytes(maxStringBytes);
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

  private Object callScratch;

  /**
   * What compatible mode's checks keep for the rest of this call ({@code dev.brine.compat.ErasedChecks}:
   * the values already checked, with references on), or null; dropped when the call ends.
   */
  public Object callScratch() {
    return callScratch;
  }

  /** Sets what compatible mode keeps for the rest of this call. */
  public void callScratch(Object scratch) {
    this.callScratch = scratch;
  }

  /** The current nesting depth (1 inside the payload of the outermost composite value). */
  public int depth() {
    return depth;
  }

  /** The registry this context resolves classes with. */
  public TypeRegistry registry() {
    return registry;
  }

  /** Whether reference tracking is on. */
  public boolean trackingReferences() {
    return trackRefs;
  }

  /** The configured maximum length of arrays, collections and maps. */
  public int maxLength() {
    return maxLength;
  }

  /** Clears per-call state. */
  public void reset() {
    calls++;
    depth = 0;
    legacy = false;
    if (refs != NO_REFS) {
      refStart = IdentityIds.startSize(refs.length);
      refs = NO_REFS;
      refCount = 0;
    }
    if (!names.isEmpty()) {
      names.clear();
    }
    pendingRef = -1;
    resolving = 0;
    callScratch = null;
  }

  /** Drops references to the input and to objects read, so a pooled context pins nothing. */
  public void release() {
    reset();
    wrap(EMPTY, 0, 0);
  }

  private static final byte[] EMPTY = new byte[0];

  /**
   * Reads an element count or length (varuint32), checked against the configured limit and against
   * the bytes that remain ({@code minBytesEach} per element) before anything is allocated.
   */
  public int readLength(String what, int minBytesEach) {
    return readLength(what, maxLength, minBytesEach);
  }

  /** Reads the rest of the payload in format 1 (written by an earlier version); cleared by {@link #reset}. */
  public void legacy(boolean formatOne) {
    this.legacy = formatOne;
  }

  /**
   * {@code v}, the value read for field {@code field} declared {@code Optional<T>} with {@code T} final
   * ({@code FieldPlan.optionalContent}), when it is null or an {@code Optional} empty or holding exactly a
   * {@code content}; otherwise (another version of the class, bad input) a MalformedInputException.
   */
  public Object checkOptional(Object v, Class<?> content, String field) {
    if (v instanceof java.util.Optional<?> o && o.isPresent() && o.get().getClass() != content) {
      throw new MalformedInputException("field " + field + " is an Optional<" + content.getName()
          + "> but the value before offset " + offsetOf(pos) + " is an Optional of " + o.get().getClass().getName());
    }
    return v;
  }

  /** Reads a payload's outermost value: as {@link #readObject()}, or the shorter way of the engine's {@link Roots}. */
  Object readOutermost() {
    Roots r = roots;
    return r == null ? readObject() : r.readRoot(this);
  }

  /** Reads a value written by {@link WriteSession#writeObject}. */
  public Object readObject() {
    int at = pos;
    int tag = readVarUInt32();
    if (tag == TypeIds.NULL) {
      return null;
    }
    if (tag == TypeIds.REF) {
      return readBackReference(at);
    }
    return readPayload(resolve(tag, at));
  }

  /** Reads a value written by {@link WriteSession#writeObject(Object, ClassInfo, ClassInfo)} with the same hints. */
  public Object readObject(ClassInfo element, ClassInfo valueClass) {
    int at = pos;
    int tag = readVarUInt32();
    if (tag == TypeIds.NULL) {
      return null;
    }
    if (tag == TypeIds.REF) {
      return readBackReference(at);
    }
    ClassInfo info = resolve(tag, at);
    if ((element != null || valueClass != null) && info.usesDeclaredClasses) {
      return readPayload(info, element, valueClass);
    }
    return readPayload(info);
  }

  /** Reads a value written by {@link WriteSession#writeDeclared} for the declared class {@code declared}. */
  public Object readDeclared(ClassInfo declared) {
    int at = pos;
    int slot = readInt8();
    switch (slot) {
      case TypeIds.SLOT_NULL:
        return null;
      case TypeIds.SLOT_VALUE:
        return readPayload(declared);
      case TypeIds.SLOT_REF:
        return readBackReference(at);
      default:
        throw new MalformedInputException("invalid slot byte " + slot + " at offset " + offsetOf(at) + " (expected 0, 1 or 2)");
    }
  }

  // Generated serializers call a nested class's serializer directly when references are off (see
  // SerializerGenerator): the slot byte, then enterNested/read/exitNested, the same as readDeclared.

  /**
   * Reads a declared slot byte when references are off: true if a payload follows, false for null.
   *
   * @throws MalformedInputException for a back-reference or an invalid slot byte
   */
  public boolean readDeclaredSlot() {
    int at = pos;
    int slot = readInt8();
    if (slot == TypeIds.SLOT_VALUE) {
      return true;
    }
    if (slot == TypeIds.SLOT_NULL) {
      return false;
    }
    throw slotError(slot, at);
  }

  /** The exception for slot byte {@code slot} at array index {@code at}, neither a value nor null (references off). */
  private MalformedInputException slotError(int slot, int at) {
    if (slot == TypeIds.SLOT_REF) {
      return new MalformedInputException("back-reference at offset " + offsetOf(at) + " but reference tracking is off");
    }
    return new MalformedInputException("invalid slot byte " + slot + " at offset " + offsetOf(at) + " (expected 0, 1 or 2)");
  }

  private int elementCount;
  private Object elementsSerializer;

  /**
   * For the collection and map fast paths of generated code: reads a type tag and returns its class
   * when the tag is a plain registered or built-in id (not null, a back-reference, a class by name or
   * an array) and the class has no readResolve hook, so that reading it changed no state; otherwise
   * returns null. Either way the caller may go back to {@link #mark()} and read the value again.
   */
  public ClassInfo readPlainClass() {
    int at = pos;
    int tag = readVarUInt32();
    if (tag == TypeIds.NULL || tag == TypeIds.REF || tag == TypeIds.BY_NAME || tag == TypeIds.ARRAY) {
      return null;
    }
    ClassInfo info = resolve(tag, at);
    return info.readResolve == null ? info : null;
  }

  /** The current read index, for {@link #rewind}. */
  public int mark() {
    return pos;
  }

  /** Goes back to an index from {@link #mark()}, to read the same bytes again. */
  public void rewind(int mark) {
    pos = mark;
  }

  /** Records what a container fast path began: its element (entry) count, 0 when the value is complete, and its serializer. */
  public void begun(int count, Object serializer) {
    elementCount = count;
    elementsSerializer = serializer;
  }

  /** The element (entry) count of the collection (map) just begun (0: the value is complete). */
  public int elementCount() {
    return elementCount;
  }

  /** The serializer of the collection or map just begun. */
  public Object elementsSerializer() {
    return elementsSerializer;
  }

  /** Counts one level of nesting before a composite payload (see {@link #exitNested}). */
  public void enterNested() {
    if (++depth > maxDepth) {
      throw tooDeep();
    }
  }

  /**
   * Whether {@code levels} more levels of nesting are within the depth limit (generated code, before
   * the fields of a flat class that may reach that much deeper, {@code FlatWriter.flatDepth}: when they
   * are not, it reads the value the general way, which counts the levels its values really take).
   */
  public boolean fitsNested(int levels) {
    return depth + levels <= maxDepth;
  }

  /** Where the last {@code FlatReader.readFlat} ended, as an index of the window's array. */
  public int flatEnd() {
    return flatEnd;
  }

  /** Sets {@link #flatEnd()} (generated {@code readFlat}). */
  public void flatEnd(int at) {
    flatEnd = at;
  }

  /**
   * The exception for the slot byte at {@code b[p]} of the window (a flat field's), which is neither a
   * value nor null: truncated input when it lies past the input's end, otherwise malformed, as {@link
   * #readDeclaredSlot} says it.
   */
  public MalformedInputException flatSlotError(byte[] b, int p) {
    int at = windowIndex(p);
    if (at >= limit) {
      return truncated("declared slot", at);
    }
    return slotError(b[p], at);
  }

  /** Ends the level of nesting entered by {@link #enterNested}. */
  public void exitNested() {
    depth--;
  }

  /** Reads the payload of a value of class {@code info}, registering it for back-references. */
  public Object readPayload(ClassInfo info) {
    Serializer<Object> s = info.serializer;
    if (s == null || (trackRefs && info.tracked) || info.readResolve != null || info.composite || legacy) {
      return readPayload(info, null, null);
    }
    // a leaf value: nothing to track, count or resolve; the commonest classes without a call through
    // the serializer interface (megamorphic here), as WriteSession.writePayload writes them
    switch (info.leafKind) {
      case PayloadTraits.LEAF_STRING:
        return readString();
      case PayloadTraits.LEAF_INT32:
        return Integer.valueOf(readVarInt32());
      case PayloadTraits.LEAF_INT64:
        return Long.valueOf(readVarInt64());
      case PayloadTraits.LEAF_FIXED_INT32:
        return Integer.valueOf(readInt32());
      case PayloadTraits.LEAF_FIXED_INT64:
        return Long.valueOf(readInt64());
      default:
        return s.read(this);
    }
  }

  @SuppressWarnings("unchecked")
  private Object readPayload(ClassInfo info, ClassInfo element, ClassInfo valueClass) {
    Serializer<Object> s = legacy ? registry.legacy(info) : info.serializer;
    if (s == null) {
      throw noPayload(info);
    }
    ContainerSerializer<Object> cs = (element != null || valueClass != null) && info.usesDeclaredClasses
        ? (ContainerSerializer<Object>) (Serializer<?>) s : null;
    if (info.composite && ++depth > maxDepth) {
      throw tooDeep();
    }
    Object value;
    if (trackRefs && info.tracked) {
      value = readTracked(info, s, cs, element, valueClass);
    } else {
      value = cs != null ? cs.read(this, element, valueClass) : s.read(this);
      if (info.readResolve != null) {
        value = info.resolve(value);
      }
    }
    if (info.composite) {
      depth--;
    }
    return value;
  }

  // readPayload's reference bookkeeping and errors out of line: the method is on every call's path and
  // inlines only while it stays small (-XX:+PrintInlining showed it "hot method too big" at 354 bytes)

  /** Reads a value of a tracked class with references on: its reference id is taken before its fields are read. */
  private Object readTracked(ClassInfo info, Serializer<Object> s, ContainerSerializer<Object> cs, ClassInfo element,
      ClassInfo valueClass) {
    int id = refCount;
    if (id == refs.length) {
      refs = java.util.Arrays.copyOf(refs, Math.max(refStart, id * 2));
    }
    refs[id] = UNDER_CONSTRUCTION;
    refCount = id + 1;
    int saved = pendingRef;
    pendingRef = id;
    Object value;
    if (info.readResolve != null) {
      int frame = beginResolve();
      value = endResolve(frame, info, cs != null ? cs.read(this, element, valueClass) : s.read(this));
    } else {
      value = cs != null ? cs.read(this, element, valueClass) : s.read(this);
    }
    refs[id] = value;
    pendingRef = saved;
    return value;
  }

  /**
   * Starts reading a value of a class with a readResolve hook whose reference id is pending (references
   * on): from here back-references to it are watched. Returns the frame for {@link #endResolve}, or -1
   * when no reference is pending (references off: nothing to watch).
   */
  public int beginResolve() {
    int id = pendingRef;
    if (id < 0) {
      return -1;
    }
    int k = resolving;
    if (k == resolvingIds.length) {
      resolvingIds = java.util.Arrays.copyOf(resolvingIds, k * 2);
      resolvingHit = java.util.Arrays.copyOf(resolvingHit, k * 2);
    }
    resolvingIds[k] = id;
    resolvingHit[k] = false;
    resolving = k + 1;
    return k;
  }

  /**
   * Ends {@link #beginResolve}: runs the hook on {@code read}. A back-reference from inside the value got
   * it before its hook ran; when the hook returns another object (a {@code writeReplace} proxy resolving
   * to the real one), that back-reference would hold the wrong object, so the cycle is refused — Java
   * serialization's own limitation, here an error rather than a proxy left in the graph.
   */
  public Object endResolve(int frame, ClassInfo info, Object read) {
    Object value = info.resolve(read);
    if (frame >= 0) {
      resolving = frame;
      if (value != read && resolvingHit[frame]) {
        throw new MalformedInputException("a back-reference inside the " + info.type.getName() + " before offset "
            + offsetOf(pos) + " points to it before its readResolve replaced it with a " + typeName(value)
            + " (a cycle through a writeReplace/readResolve class cannot be rebuilt)");
      }
    }
    return value;
  }

  private static String typeName(Object o) {
    return o == null ? "null" : o.getClass().getName();
  }

  private MalformedInputException noPayload(ClassInfo info) {
    return new MalformedInputException("type " + info.type.getName() + " at offset " + offsetOf(pos)
        + " is abstract or an interface and has no payload");
  }

  private LimitExceededException tooDeep() {
    return new LimitExceededException("object graph nested deeper than " + maxDepth
        + " levels at offset " + position() + " (Brine.Builder.maxDepth)");
  }

  /**
   * Makes a just-created instance available to back-references from inside itself. Serializers of
   * mutable containers call this as soon as the instance exists, before reading its contents.
   */
  public void reference(Object instance) {
    if (pendingRef >= 0) {
      refs[pendingRef] = instance;
      pendingRef = -1;
    }
  }

  /**
   * Makes {@code filling}, a container just created, the target of back-references from inside it — unless
   * {@code replacedWhenFull}: a collection that {@code List.of} or an unmodifiable view replaces once filled
   * is not the value that will be read, so the reference stays unfinished and a back-reference from inside
   * it is refused rather than given the wrong object.
   */
  public void referenceFilling(Object filling, boolean replacedWhenFull) {
    if (replacedWhenFull) {
      pendingRef = -1;
    } else {
      reference(filling);
    }
  }

  private Object readBackReference(int at) {
    if (!trackRefs) {
      throw new MalformedInputException("back-reference at offset " + offsetOf(at)
          + " but reference tracking is off");
    }
    int index = readVarUInt32();
    if (index < 0 || index >= refCount) {
      throw new MalformedInputException("back-reference to object #" + Integer.toUnsignedString(index)
          + " at offset " + offsetOf(at) + ", but only " + refCount + " objects were read");
    }
    Object o = refs[index];
    for (int k = 0; k < resolving; k++) {
      if (resolvingIds[k] == index) {
        resolvingHit[k] = true;
      }
    }
    if (o == UNDER_CONSTRUCTION) {
      throw new MalformedInputException("back-reference at offset " + offsetOf(at) + " to object #" + index
          + " whose construction is not finished (a cycle through a record or an immutable value cannot be rebuilt)");
    }
    return o;
  }

  /** Reads a class descriptor written by {@link WriteSession#writeClass}. */
  public ClassInfo readClass() {
    int at = pos;
    int tag = readVarUInt32();
    if (tag == TypeIds.NULL || tag == TypeIds.REF) {
      throw new MalformedInputException("expected a class descriptor at offset " + offsetOf(at) + " but found tag " + tag);
    }
    return resolve(tag, at);
  }

  private ClassInfo resolve(int tag, int at) {
    if (tag == TypeIds.BY_NAME) {
      return resolveName(at);
    }
    if (tag == TypeIds.ARRAY) {
      return resolveArray(at);
    }
    return registry.forId(tag, offsetOf(at));
  }

  // resolve's rarer cases out of line, so that resolve inlines into the read paths of every call

  /** A class named in the payload (tag {@link TypeIds#BY_NAME} at {@code at} already read). */
  private ClassInfo resolveName(int at) {
    int k = readVarUInt32();
    if (k == 0) {
      int nameAt = pos;
      String name = readString();
      ClassInfo info = registry.forName(name, offsetOf(nameAt));
      names.add(info);
      return info;
    }
    if (k < 0 || k > names.size()) {
      throw new MalformedInputException("class-name reference #" + Integer.toUnsignedString(k) + " at offset "
          + offsetOf(at) + ", but only " + names.size() + " names were read");
    }
    return names.get(k - 1);
  }

  /** An array class descriptor (tag {@link TypeIds#ARRAY} at {@code at} already read). */
  private ClassInfo resolveArray(int at) {
    int dims = 0;
    int componentAt;
    int component;
    do {
      if (depth + ++dims > maxDepth) {
        throw new LimitExceededException("array class descriptor nested deeper than " + maxDepth + " at offset " + offsetOf(at));
      }
      componentAt = pos;
      component = readVarUInt32();
    } while (component == TypeIds.ARRAY);
    if (component == TypeIds.NULL || component == TypeIds.REF) {
      throw new MalformedInputException("expected a class descriptor at offset " + offsetOf(componentAt) + " but found tag " + component);
    }
    ClassInfo info = resolve(component, componentAt);
    if ((info.typeId == TypeIds.COMPAT_OBJECT || info.typeId == TypeIds.COMPAT_ENUM)
        && (Object) info.serializer instanceof DefinedClass) {
      return ((DefinedClass) (Object) info.serializer).readArrayClass(this, dims); // compatible mode: a definition reference follows
    }
    for (int i = 0; i < dims; i++) {
      info = registry.arrayOf(info, offsetOf(at));
    }
    return info;
  }

  /**
   * For the enum class descriptor {@code info} of an EnumSet or EnumMap just read by {@link
   * #readClass}: when it is a compatible-mode enum (tag {@link TypeIds#COMPAT_ENUM}), reads the
   * definition reference that follows ({@link WriteSession#writeDefinedClass}) and returns what it
   * names ({@code topLevel}: see {@link DefinedClass#readEnumClass}); otherwise returns null and reads
   * nothing.
   */
  public DefinedClass.EnumConstants readEnumReference(ClassInfo info, boolean topLevel) {
    if (info.typeId == TypeIds.COMPAT_ENUM && (Object) info.serializer instanceof DefinedClass) {
      return ((DefinedClass) (Object) info.serializer).readEnumClass(this, topLevel);
    }
    return null;
  }
}
