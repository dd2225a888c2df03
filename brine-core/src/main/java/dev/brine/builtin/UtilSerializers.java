package dev.brine.builtin;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ContainerSerializer;
import dev.brine.context.DefinedClass;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.registry.ClassInfo;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.BitSet;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Optional and its primitive forms, Date, BitSet, EnumSet and EnumMap. */
public final class UtilSerializers {
  private UtilSerializers() {}

  /** A tagged value, or the null tag for an empty Optional. */
  public static final Serializer<Optional<?>> OPTIONAL = new Serializer<>() {
    @Override public void write(WriteContext c, Optional<?> v) { c.writeObject(v.orElse(null)); }
    @Override public Optional<?> read(ReadContext c) { return Optional.ofNullable(c.readObject()); }
  };
  /** A presence byte, then a zig-zag varint. */
  public static final Serializer<OptionalInt> OPTIONAL_INT = new Serializer<>() {
    @Override public void write(WriteContext c, OptionalInt v) {
      c.writeBoolean(v.isPresent());
      if (v.isPresent()) {
        c.writeVarInt32(v.getAsInt());
      }
    }

    @Override public OptionalInt read(ReadContext c) {
      return c.readBoolean() ? OptionalInt.of(c.readVarInt32()) : OptionalInt.empty();
    }
  };
  /** A presence byte, then a zig-zag varint. */
  public static final Serializer<OptionalLong> OPTIONAL_LONG = new Serializer<>() {
    @Override public void write(WriteContext c, OptionalLong v) {
      c.writeBoolean(v.isPresent());
      if (v.isPresent()) {
        c.writeVarInt64(v.getAsLong());
      }
    }

    @Override public OptionalLong read(ReadContext c) {
      return c.readBoolean() ? OptionalLong.of(c.readVarInt64()) : OptionalLong.empty();
    }
  };
  /** A presence byte, then 8 bytes of raw bits. */
  public static final Serializer<OptionalDouble> OPTIONAL_DOUBLE = new Serializer<>() {
    @Override public void write(WriteContext c, OptionalDouble v) {
      c.writeBoolean(v.isPresent());
      if (v.isPresent()) {
        c.writeFloat64(v.getAsDouble());
      }
    }

    @Override public OptionalDouble read(ReadContext c) {
      return c.readBoolean() ? OptionalDouble.of(c.readFloat64()) : OptionalDouble.empty();
    }
  };
  /** {@code Collections.reverseOrder()}: no payload. */
  @SuppressWarnings("rawtypes")
  public static final Serializer<java.util.Comparator> REVERSE_ORDER = new TraitSerializer<>() {
    @Override public boolean emptyPayload() { return true; }
    @Override public void write(WriteContext c, java.util.Comparator v) {}
    @Override public java.util.Comparator read(ReadContext c) { return java.util.Collections.reverseOrder(); }
  };

  /**
   * Writes a sorted container's comparator as a tagged value; natural order (null or {@code
   * Comparator.naturalOrder()}) is the null tag.
   */
  static void writeComparator(WriteContext c, java.util.Comparator<?> cmp) {
    c.writeObject(cmp == java.util.Comparator.naturalOrder() ? null : cmp);
  }

  /**
   * A {@code java.lang.Class}: its name as a string; reading checks the name like a by-name class
   * (registration when required, deny-list, allow-list) before loading it.
   */
  @SuppressWarnings("rawtypes")
  public static final Serializer<Class> CLASS = new Serializer<>() {
    @Override public void write(WriteContext c, Class v) {
      if (!v.isPrimitive()) {
        ((WriteSession) c).registry().checkReadable(v); // what the reader would refuse fails now, when written
      }
      c.writeString(v.getName());
    }
    @Override public Class read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      int at = c.position();
      return c.registry().loadChecked(c.readString(), at);
    }
  };

  /** Milliseconds since the epoch, zig-zag varint. */
  public static final Serializer<Date> DATE = new Serializer<>() {
    @Override public void write(WriteContext c, Date v) { c.writeVarInt64(v.getTime()); }
    @Override public Date read(ReadContext c) { return new Date(c.readVarInt64()); }
  };
  /** {@link BitSet#toLongArray()}: a varuint32 count and 8-byte words. */
  public static final Serializer<BitSet> BIT_SET = new Serializer<>() {
    @Override public void write(WriteContext c0, BitSet v) {
    WriteSession c = (WriteSession) c0;
      long[] words = v.toLongArray();
      c.writeVarUInt32(words.length);
      c.writeInt64s(words);
    }

    @Override public BitSet read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      long[] words = new long[c.readLength("BitSet words", 8)];
      c.readInt64s(words);
      return BitSet.valueOf(words);
    }
  };

  /**
   * The element enum's class descriptor (in compatible mode followed by the enum's class definition
   * reference, see {@link WriteSession#writeDefinedClass}), a varuint32 count and each ordinal as a
   * varuint32. In compatible mode the writer's ordinals are mapped to the reader's constants by name;
   * a constant the reader does not have is an error, or left out of the set with {@code
   * unknownEnumAsNull(true)}; an enum the reader does not know makes the set null (skipped).
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  public static final Serializer<EnumSet> ENUM_SET = new Serializer<>() {
    @Override public void write(WriteContext c0, EnumSet v) {
    WriteSession c = (WriteSession) c0;
      Class<?> type = elementType(v);
      c.writeDefinedClass(c.classInfo(type));
      c.writeVarUInt32(v.size());
      for (Object e : v) {
        c.writeVarUInt32(((Enum<?>) e).ordinal());
      }
    }

    @Override public EnumSet read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      int at = c.position();
      ClassInfo info = c.readClass();
      DefinedClass.EnumConstants named = c.readEnumReference(info, c.depth() == 0); // not composite: depth 0 at the top
      if (named != null) {
        return readNamed(c, named, at);
      }
      if (!info.type.isEnum()) {
        throw new MalformedInputException("EnumSet of non-enum " + info.type.getName() + " at offset " + at);
      }
      Class<? extends Enum> type = (Class<? extends Enum>) info.type;
      Enum[] constants = type.getEnumConstants();
      EnumSet set = EnumSet.noneOf(type);
      int n = c.readLength("EnumSet size", 1);
      for (int i = 0; i < n; i++) {
        int o = c.readVarUInt32();
        if (o < 0 || o >= constants.length) {
          throw new MalformedInputException("ordinal " + o + " is not a constant of " + type.getName() + " (offset " + c.position() + ")");
        }
        set.add(constants[o]);
      }
      if (set.size() != n) {
        throw new MalformedInputException("EnumSet at offset " + at + " repeats an ordinal");
      }
      return set;
    }

    /** Compatible mode: the writer's ordinals mapped by name (unknown constants left out under the null policy). */
    private EnumSet readNamed(ReadSession c, DefinedClass.EnumConstants named, int at) {
      Class<? extends Enum> type = (Class<? extends Enum>) named.type();
      EnumSet set = type == null ? null : EnumSet.noneOf(type);
      int n = c.readLength("EnumSet size", 1);
      java.util.BitSet seen = new java.util.BitSet();
      for (int i = 0; i < n; i++) {
        int oat = c.position();
        int o = c.readVarUInt32();
        Object e = named.constant(o, oat); // checks o against the writer's constants
        if (seen.get(o)) {
          throw new MalformedInputException("EnumSet at offset " + at + " repeats ordinal " + o + " (offset " + oat + ")");
        }
        seen.set(o);
        if (e != null) {
          set.add(e);
        }
      }
      return set;
    }
  };

  @SuppressWarnings({"rawtypes", "unchecked"})
  static Class<?> elementType(EnumSet set) {
    EnumSet probe = set.isEmpty() ? EnumSet.complementOf(set) : set;
    if (probe.isEmpty()) {
      throw new BrineException("cannot tell the element type of an EnumSet of an enum without constants");
    }
    return ((Enum<?>) probe.iterator().next()).getDeclaringClass();
  }

  /**
   * EnumMap: the key enum's class descriptor, then the entries as {@link MapSerializer} writes them.
   * An empty EnumMap's key type is the declared generic key type when there is one, else its
   * serialized {@code keyType} field, seen through Java serialization's public API ({@link JavaForm}).
   */
  public static final class EnumMapSerializer implements ContainerSerializer<Map<Object, Object>> {
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void write(WriteSession c, Map<Object, Object> v, ClassInfo keyDecl, ClassInfo valueDecl) {
      Class<?> keyType;
      if (!v.isEmpty()) {
        keyType = ((Enum<?>) v.keySet().iterator().next()).getDeclaringClass();
      } else if (keyDecl != null && keyDecl.type.isEnum()) {
        keyType = keyDecl.type;
      } else {
        keyType = JavaForm.firstEnumClass(v);
        if (keyType == null) {
          throw new BrineException("cannot tell the key type of an empty " + v.getClass().getName());
        }
      }
      c.writeDefinedClass(c.classInfo(keyType));
      c.writeVarUInt32(v.size());
      if (!v.isEmpty()) {
        MapSerializer.writeEntries(c, v, v.size(), c.classInfo(keyType), valueDecl);
      }
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public Map<Object, Object> read(ReadSession c, ClassInfo keyDecl, ClassInfo valueDecl) {
      int at = c.position();
      ClassInfo info = c.readClass();
      DefinedClass.EnumConstants named = c.readEnumReference(info, c.depth() == 1); // composite: depth 1 at the top
      if (named != null) {
        return readNamed(c, info, named, valueDecl, at);
      }
      if (!info.type.isEnum()) {
        throw new MalformedInputException("EnumMap keyed by non-enum " + info.type.getName() + " at offset " + at);
      }
      EnumMap map = new EnumMap(info.type);
      c.reference(map);
      int n = c.readLength("EnumMap size", 1);
      MapSerializer.readEntries(c, map, n, info, valueDecl);
      if (map.size() != n) {
        throw new MalformedInputException("EnumMap at offset " + at + " repeats a key");
      }
      return map;
    }

    /**
     * Compatible mode: each key's payload carries the enum's definition reference and is mapped by
     * name; an entry whose key is a constant this side does not have is dropped under {@code
     * unknownEnumAsNull(true)}; an enum this side does not know is read through and gives null.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private Map<Object, Object> readNamed(ReadSession c, ClassInfo tag, DefinedClass.EnumConstants named, ClassInfo valueDecl,
        int at) {
      EnumMap map = named.type() == null ? null : new EnumMap(named.type());
      if (map != null) {
        c.reference(map);
      }
      int n = c.readLength("EnumMap size", 1);
      EntrySink sink = new EntrySink(map);
      MapSerializer.readEntries(c, sink, n, map == null ? tag : named.info(), valueDecl);
      if (map != null && map.size() + sink.dropped != n) {
        throw new MalformedInputException("EnumMap at offset " + at + " repeats a key");
      }
      return map;
    }
  }

  /**
   * Where compatible mode reads an EnumMap's entries: into the map, except entries whose key is null
   * (a constant this side does not have, under {@code unknownEnumAsNull(true)}; or every key of an
   * enum this side does not know, where there is no map), which are counted and dropped.
   */
  private static final class EntrySink extends java.util.AbstractMap<Object, Object> {
    private final Map<Object, Object> map;
    int dropped;

    EntrySink(Map<Object, Object> map) {
      this.map = map;
    }

    @Override
    public Object put(Object key, Object value) {
      if (key == null || map == null) {
        dropped++;
        return null;
      }
      return map.put(key, value);
    }

    @Override
    public java.util.Set<Map.Entry<Object, Object>> entrySet() {
      return map == null ? java.util.Set.of() : map.entrySet();
    }
  }
}