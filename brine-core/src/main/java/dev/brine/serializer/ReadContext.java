package dev.brine.serializer;

import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import dev.brine.io.ByteReader;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Map;

/**
 * The state of one deserialize call: the input plus type resolution, reference tracking and the
 * limits. Pooled and reused; never shared between threads at the same time.
 */
public final class ReadContext extends ByteReader {
  private final TypeRegistry registry;
  private final boolean trackRefs;
  private final int maxDepth;
  private final int maxLength;
  private int depth;
  private final ArrayList<Object> refs = new ArrayList<>();
  private int pendingRef = -1;
  private final ArrayList<ClassInfo> names = new ArrayList<>();
  private static final Object UNDER_CONSTRUCTION = new Object();

  /** Creates a context; used by {@code Brine}. */
  public ReadContext(TypeRegistry registry, boolean trackRefs, int maxDepth, int maxLength, long maxStringBytes) {
    this.registry = registry;
    this.trackRefs = trackRefs;
    this.maxDepth = maxDepth;
    this.maxLength = maxLength;
    maxStringBytes(maxStringBytes);
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
    depth = 0;
    refs.clear();
    names.clear();
    pendingRef = -1;
  }

  /** Drops references to the input and to objects read, so a pooled context pins nothing. */
  public void release() {
    reset();
    wrap(EMPTY, 0, 0);
    if (refs.size() > 1024) {
      refs.trimToSize();
    }
  }

  private static final byte[] EMPTY = new byte[0];

  /**
   * Reads an element count or length (varuint32), checked against the configured limit and against
   * the bytes that remain ({@code minBytesEach} per element) before anything is allocated.
   */
  public int readLength(String what, int minBytesEach) {
    return readLength(what, maxLength, minBytesEach);
  }

  /** Reads a value written by {@link WriteContext#writeObject}. */
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

  /** Reads a value written by {@link WriteContext#writeObject(Object, ClassInfo, ClassInfo)} with the same hints. */
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
    if ((element != null || valueClass != null) && info.serializer instanceof ContainerSerializer) {
      return readPayload(info, element, valueClass);
    }
    return readPayload(info);
  }

  /** Reads a value written by {@link WriteContext#writeDeclared} for the declared class {@code declared}. */
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
    if (slot == TypeIds.SLOT_REF) {
      throw new MalformedInputException("back-reference at offset " + offsetOf(at) + " but reference tracking is off");
    }
    throw new MalformedInputException("invalid slot byte " + slot + " at offset " + offsetOf(at) + " (expected 0, 1 or 2)");
  }

  private int elementCount;
  private Object elementsSerializer; // the CollectionSerializer or MapSerializer beginElements/beginEntries found

  /**
   * For generated code reading a collection field whose declared element class is final, with
   * references off (the counterpart of {@code WriteContext.beginElements}): when the input holds a
   * plain collection with the {@code DECLARED} header, reads up to the elements, counts one level of
   * nesting and returns the new empty collection; {@link #elementCount()} is then its size, and the
   * caller reads each element's payload, adds it, and calls {@link #endElements}. Otherwise reads the
   * whole value the general way; {@link #elementCount()} is then 0.
   */
  public Object beginElements(ClassInfo element) {
    int at = pos;
    Object s = taggedSerializer();
    if (s instanceof CollectionSerializer && ((CollectionSerializer) s).plain()) {
      CollectionSerializer cs = (CollectionSerializer) s;
      enterNested();
      int n = readLength("collection size", 1);
      if (n > 0 && buf[pos] == CollectionSerializer.DECLARED) { // in bounds: n >= 1 element bytes remain
        pos++;
        elementCount = n;
        elementsSerializer = cs;
        return cs.create(n);
      }
      exitNested();
    }
    pos = at; // read it again the general way (nothing above changed any state)
    elementCount = 0;
    return readObject(element, null);
  }

  /**
   * Reads a type tag and returns the serializer of the class it names when that class has one and
   * no readResolve hook and resolving it changed no state (not null, a back-reference, a class by
   * name or an array); null otherwise. The caller rewinds to re-read the value the general way.
   */
  private Object taggedSerializer() {
    int at = pos;
    int tag = readVarUInt32();
    if (tag == TypeIds.NULL || tag == TypeIds.REF || tag == TypeIds.BY_NAME || tag == TypeIds.ARRAY) {
      return null;
    }
    ClassInfo info = resolve(tag, at);
    return info.readResolve == null ? info.serializer : null;
  }

  /** The element (entry) count of the collection (map) just begun (0: the value is complete). */
  public int elementCount() {
    return elementCount;
  }

  /** The serializer of the collection or map just begun, for {@link #endElements} or {@link #endEntries}. */
  public Object elementsSerializer() {
    return elementsSerializer;
  }

  /**
   * Ends a collection begun by {@link #beginElements}: checks that {@code n} distinct elements went
   * in and returns the collection to store (unmodifiable wrappers and the like applied).
   *
   * @throws MalformedInputException if a set received duplicates
   */
  @SuppressWarnings("unchecked")
  public Object endElements(Object collection, int n, Object serializer) {
    Collection<Object> c = (Collection<Object>) collection;
    if (c.size() != n) {
      throw new MalformedInputException("collection before offset " + position() + " declares " + n
          + " elements but " + c.size() + " distinct ones were read");
    }
    depth--;
    return ((CollectionSerializer) serializer).finish(c);
  }

  /**
   * For generated code reading a map field whose declared key and value classes are final, with
   * references off (the counterpart of {@code WriteContext.beginEntries}): when the input holds a plain
   * map of at least one entry, reads its tag and size, counts one level of nesting and returns the new
   * empty map ({@link #elementCount()} is its size); the caller then reads chunk after chunk with
   * {@link #entryChunk} and calls {@link #endEntries}. Otherwise reads the whole value the general
   * way; {@link #elementCount()} is then 0.
   */
  public Object beginEntries(ClassInfo key, ClassInfo val) {
    int at = pos;
    Object s = taggedSerializer();
    if (s instanceof MapSerializer && ((MapSerializer) s).plain()) {
      MapSerializer ms = (MapSerializer) s;
      enterNested();
      int n = readLength("map size", 1);
      if (n > 0) {
        elementCount = n;
        elementsSerializer = ms;
        return ms.newMap(n);
      }
      exitNested();
    }
    pos = at; // read it again the general way (nothing above changed any state)
    elementCount = 0;
    return readObject(key, val);
  }

  /**
   * Starts the next chunk of a map begun by {@link #beginEntries} ({@code left} entries to go): when
   * it holds declared keys and values, returns its count and the caller reads that many key and value
   * payloads; any other chunk is read whole into {@code map} here and minus its count is returned.
   *
   * @throws MalformedInputException for an invalid chunk
   */
  @SuppressWarnings("unchecked")
  public int entryChunk(Object map, int left, ClassInfo key, ClassInfo val) {
    int p = pos;
    if (limit - p >= 2 && buf[p] == (MapSerializer.KEY_DECL | MapSerializer.VALUE_DECL)) {
      int count = buf[p + 1] & 0xFF;
      if (count == 0 || count > left) {
        throw new MalformedInputException("invalid map chunk (" + count + " entries, " + left + " left) at offset " + offsetOf(p));
      }
      pos = p + 2;
      return count;
    }
    return -MapSerializer.readChunk(this, (Map<Object, Object>) map, left, key, val);
  }

  /**
   * Ends a map begun by {@link #beginEntries}: checks that {@code n} distinct keys went in and
   * returns the map to store.
   *
   * @throws MalformedInputException if keys repeated
   */
  @SuppressWarnings("unchecked")
  public Object endEntries(Object map, int n, Object serializer) {
    Map<Object, Object> m = (Map<Object, Object>) map;
    if (m.size() != n) {
      throw new MalformedInputException("map before offset " + position() + " declares " + n + " entries but "
          + m.size() + " distinct keys were read");
    }
    depth--;
    return ((MapSerializer) serializer).finish(m);
  }

  /** Counts one level of nesting before a composite payload (see {@link #exitNested}). */
  public void enterNested() {
    if (++depth > maxDepth) {
      throw new LimitExceededException("object graph nested deeper than " + maxDepth
          + " levels at offset " + position() + " (Brine.Builder.maxDepth)");
    }
  }

  /** Ends the level of nesting entered by {@link #enterNested}. */
  public void exitNested() {
    depth--;
  }

  // Boxed primitives in declared slots, read without a virtual call (see WriteContext.writeNullableInt32).

  private int boxSlot(String what) {
    int at = pos;
    int slot = readInt8();
    if (slot != TypeIds.SLOT_VALUE && slot != TypeIds.SLOT_NULL) {
      throw new MalformedInputException("invalid slot byte " + slot + " for a " + what + " at offset " + offsetOf(at));
    }
    return slot;
  }

  /** A declared {@code Integer} written by {@code writeNullableInt32}. */
  public Integer readNullableInt32() {
    return boxSlot("Integer") == TypeIds.SLOT_NULL ? null : Integer.valueOf(readVarInt32());
  }

  /** A declared {@code Long} written by {@code writeNullableInt64}. */
  public Long readNullableInt64() {
    return boxSlot("Long") == TypeIds.SLOT_NULL ? null : Long.valueOf(readVarInt64());
  }

  /** A declared {@code Double} written by {@code writeNullableFloat64}. */
  public Double readNullableFloat64() {
    return boxSlot("Double") == TypeIds.SLOT_NULL ? null : Double.valueOf(readFloat64());
  }

  /** A declared {@code Float} written by {@code writeNullableFloat32}. */
  public Float readNullableFloat32() {
    return boxSlot("Float") == TypeIds.SLOT_NULL ? null : Float.valueOf(readFloat32());
  }

  /** Reads the payload of a value of class {@code info}, registering it for back-references. */
  public Object readPayload(ClassInfo info) {
    Serializer<Object> s = info.serializer;
    if (s == null || (trackRefs && info.tracked) || info.readResolve != null || info.composite) {
      return readPayload(info, null, null);
    }
    // a leaf value: nothing to track, count or resolve; the commonest classes without a call through
    // the serializer interface (megamorphic here), as WriteContext.writePayload writes them
    Object leaf = s;
    if (leaf == ScalarSerializers.STRING) {
      return readString();
    }
    if (leaf == ScalarSerializers.INT) {
      return Integer.valueOf(readVarInt32());
    }
    if (leaf == ScalarSerializers.LONG) {
      return Long.valueOf(readVarInt64());
    }
    return s.read(this);
  }

  @SuppressWarnings("unchecked")
  private Object readPayload(ClassInfo info, ClassInfo element, ClassInfo valueClass) {
    Serializer<Object> s = info.serializer;
    ContainerSerializer<Object> cs = (element != null || valueClass != null) && s instanceof ContainerSerializer
        ? (ContainerSerializer<Object>) (Serializer<?>) s : null;
    if (s == null) {
      throw new MalformedInputException("type " + info.type.getName() + " at offset " + offsetOf(pos)
          + " is abstract or an interface and has no payload");
    }
    if (info.composite && ++depth > maxDepth) {
      throw new LimitExceededException("object graph nested deeper than " + maxDepth
          + " levels at offset " + position() + " (Brine.Builder.maxDepth)");
    }
    Object value;
    if (trackRefs && info.tracked) {
      int id = refs.size();
      refs.add(UNDER_CONSTRUCTION);
      int saved = pendingRef;
      pendingRef = id;
      value = cs != null ? cs.read(this, element, valueClass) : s.read(this);
      if (info.readResolve != null) {
        value = JavaHooks.invoke(info.readResolve, value);
      }
      refs.set(id, value);
      pendingRef = saved;
    } else {
      value = cs != null ? cs.read(this, element, valueClass) : s.read(this);
      if (info.readResolve != null) {
        value = JavaHooks.invoke(info.readResolve, value);
      }
    }
    if (info.composite) {
      depth--;
    }
    return value;
  }

  /**
   * Makes a just-created instance available to back-references from inside itself. Serializers of
   * mutable containers call this as soon as the instance exists, before reading its contents.
   */
  public void reference(Object instance) {
    if (pendingRef >= 0) {
      refs.set(pendingRef, instance);
      pendingRef = -1;
    }
  }

  private Object readBackReference(int at) {
    if (!trackRefs) {
      throw new MalformedInputException("back-reference at offset " + offsetOf(at)
          + " but reference tracking is off");
    }
    int index = readVarUInt32();
    if (index < 0 || index >= refs.size()) {
      throw new MalformedInputException("back-reference to object #" + Integer.toUnsignedString(index)
          + " at offset " + offsetOf(at) + ", but only " + refs.size() + " objects were read");
    }
    Object o = refs.get(index);
    if (o == UNDER_CONSTRUCTION) {
      throw new MalformedInputException("back-reference at offset " + offsetOf(at) + " to object #" + index
          + " whose construction is not finished (a cycle through a record or an immutable value cannot be rebuilt)");
    }
    return o;
  }

  /** Reads a class descriptor written by {@link WriteContext#writeClass}. */
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
    if (tag == TypeIds.ARRAY) {
      if (++depth > maxDepth) {
        throw new LimitExceededException("array class descriptor nested deeper than " + maxDepth + " at offset " + offsetOf(at));
      }
      ClassInfo component = readClass();
      depth--;
      return registry.arrayOf(component, offsetOf(at));
    }
    return registry.forId(tag, offsetOf(at));
  }
}
