package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.context.ContainerSerializer;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.javaser.JavaStreamSerializer;
import dev.brine.registry.ClassInfo;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * Maps, in the chunked layout of seed 002 (see docs/format.md, "Maps"): a varuint32 size, then chunks
 * of 1–255 entries whose keys share one class and whose values share one class. Each chunk is a header
 * byte, a count byte, the key class and the value class (each written only when not implied by the
 * header), and the entries' key and value payloads. A new chunk starts when 255 entries are reached or
 * the key or value class changes; a null key or null values get their own chunk flag. Chunk state
 * lives in locals; no per-map helper objects. Sorted maps write their comparator first; EnumMaps their
 * key class.
 */
public class MapSerializer implements ContainerSerializer<Map<Object, Object>> {
  /** Chunk header bit: the key is null (no key class, no key payload; count is 1). */
  public static final int KEY_NULL = 0x01;
  /** Chunk header bit: keys are of the declared key class (not written). */
  public static final int KEY_DECL = 0x02;
  /** Chunk header bit: each key has a slot byte (reference tracking). */
  public static final int KEY_REF = 0x04;
  /** Chunk header bit: the values are null (no value class, no value payloads). */
  public static final int VALUE_NULL = 0x08;
  /** Chunk header bit: values are of the declared value class (not written). */
  public static final int VALUE_DECL = 0x10;
  /** Chunk header bit: each value has a slot byte (reference tracking). */
  public static final int VALUE_REF = 0x20;
  /** Chunk header bit: each key is a tagged value (its class has a Java writeReplace hook); no key class. */
  public static final int KEY_TAGGED = 0x40;
  /** Chunk header bit: each value is a tagged value; no value class. */
  public static final int VALUE_TAGGED = 0x80;
  /** The most entries in one chunk. */
  public static final int MAX_CHUNK = 255;

  private final IntFunction<Map<Object, Object>> factory;
  private final Function<Comparator<Object>, Map<Object, Object>> sortedFactory;
  private final UnaryOperator<Map<Object, Object>> finisher;
  /** Reads the Java serialization form that earlier versions wrote for this class, or null. */
  private final Serializer<Object> javaForm;

  private MapSerializer(IntFunction<Map<Object, Object>> factory,
      Function<Comparator<Object>, Map<Object, Object>> sortedFactory, UnaryOperator<Map<Object, Object>> finisher,
      Serializer<Object> javaForm) {
    this.factory = factory;
    this.sortedFactory = sortedFactory;
    this.finisher = finisher;
    this.javaForm = javaForm;
  }

  /**
   * A serializer of a map class of one's own that extends a JDK map and adds nothing ({@code
   * JavaHooks.elementsOnly}), which versions before 2026-12-03 wrote in its Java serialization form:
   * {@code javaForm} reads such a payload, told apart by the stream's magic after the size (where a map
   * has a chunk header, which is never {@code 0xAC}: tagged and referenced values at once).
   */
  public static MapSerializer entriesOf(IntFunction<Map<Object, Object>> factory, Serializer<Object> javaForm) {
    return new MapSerializer(factory, null, null, javaForm);
  }

  /** A serializer that creates maps with {@code factory(size)}, then applies {@code finisher} (may be null). */
  public static MapSerializer of(IntFunction<Map<Object, Object>> factory, UnaryOperator<Map<Object, Object>> finisher) {
    return new MapSerializer(factory, null, finisher, null);
  }

  /** A serializer of sorted maps, created from their comparator (written before the entries). */
  public static MapSerializer sorted(Function<Comparator<Object>, Map<Object, Object>> factory,
      UnaryOperator<Map<Object, Object>> finisher) {
    return new MapSerializer(null, factory, finisher, null);
  }

  /** Whether maps are written as size and chunks only (no comparator or key class first). */
  boolean plain() {
    return getClass() == MapSerializer.class && sortedFactory == null && javaForm == null;
  }

  /** A new, empty map for {@code n} entries, from the factory (maps that are not sorted). */
  Map<Object, Object> newMap(int n) {
    return factory.apply(n);
  }

  /** The map to hand out once filled (e.g. an unmodifiable wrapper). */
  Map<Object, Object> finish(Map<Object, Object> map) {
    return finisher == null ? map : finisher.apply(map);
  }

  /** Writes what precedes the entries (a comparator, a key class); nothing by default. */
  @SuppressWarnings("unchecked")
  protected void writePrefix(WriteContext ctx0, Map<Object, Object> map) {
    WriteSession ctx = (WriteSession) ctx0;
    if (sortedFactory != null) {
      UtilSerializers.writeComparator(ctx, ((java.util.SortedMap<Object, Object>) map).comparator());
    }
  }

  /** Reads what {@link #writePrefix} wrote and creates the (empty) map for {@code size} entries. */
  @SuppressWarnings("unchecked")
  protected Map<Object, Object> create(ReadContext ctx) {
    if (sortedFactory != null) {
      Object cmp = ctx.readObject();
      if (cmp != null && !(cmp instanceof Comparator)) {
        throw new MalformedInputException("expected a Comparator before offset " + ctx.position()
            + " but read a " + cmp.getClass().getName());
      }
      return sortedFactory.apply((Comparator<Object>) cmp);
    }
    return null;
  }

  @Override
  public void write(WriteSession ctx, Map<Object, Object> map, ClassInfo keyDecl, ClassInfo valueDecl) {
    writePrefix(ctx, map);
    int size = map.size();
    ctx.writeVarUInt32(size);
    if (size != 0) {
      writeEntries(ctx, map, size, keyDecl, valueDecl);
    }
  }

  /** Writes {@code size} entries of {@code map} in chunks. */
  public static void writeEntries(WriteSession ctx, Map<?, ?> map, int size, ClassInfo keyDecl, ClassInfo valueDecl) {
    writeChunks(ctx, map.entrySet().iterator(), null, size, 0, keyDecl, valueDecl);
  }

  /**
   * Writes entries in chunks, starting a new chunk: {@code first} (unless null), then the rest of
   * {@code entries}; {@code written} entries of the map's {@code size} are already written.
   */
  private static void writeChunks(WriteSession ctx, Iterator<? extends Map.Entry<?, ?>> entries, Map.Entry<?, ?> first,
      int size, int written, ClassInfo keyDecl, ClassInfo valueDecl) {
    boolean refs = ctx.trackingReferences();
    int countAt = -1;
    int count = 0;
    int header = 0;
    Class<?> keyClass = null;
    Class<?> valueClass = null;
    ClassInfo keyInfo = null;
    ClassInfo valueInfo = null;
    Map.Entry<?, ?> e = first;
    while (e != null || entries.hasNext()) {
      if (e == null) {
        e = entries.next();
      }
      Object k = e.getKey();
      Object v = e.getValue();
      Class<?> kc = k == null ? null : k.getClass();
      Class<?> vc = v == null ? null : v.getClass();
      if (count == 0 || count == MAX_CHUNK || kc != keyClass || vc != valueClass || k == null) {
        if (countAt >= 0) {
          ctx.putInt8(countAt, count);
        }
        header = 0;
        keyInfo = null;
        valueInfo = null;
        if (k == null) {
          header |= KEY_NULL;
        } else {
          keyInfo = keyDecl != null && keyDecl.type == kc ? keyDecl : ctx.classInfo(kc);
          if (keyInfo.writeReplace != null) {
            header |= KEY_TAGGED;
          } else if (keyInfo == keyDecl) {
            header |= KEY_DECL;
          }
          if (keyInfo.writeReplace == null && (refs && keyInfo.tracked || keyInfo.emptyPayload)) {
            header |= KEY_REF; // also for empty payloads: each entry takes at least one byte
          }
        }
        if (v == null) {
          header |= VALUE_NULL;
        } else {
          valueInfo = valueDecl != null && valueDecl.type == vc ? valueDecl : ctx.classInfo(vc);
          if (valueInfo.writeReplace != null) {
            header |= VALUE_TAGGED;
          } else if (valueInfo == valueDecl) {
            header |= VALUE_DECL;
          }
          if (valueInfo.writeReplace == null && (refs && valueInfo.tracked || valueInfo.emptyPayload)) {
            header |= VALUE_REF;
          }
        }
        ctx.writeInt8(header);
        countAt = ctx.position();
        ctx.writeInt8(0);
        if ((header & (KEY_NULL | KEY_DECL | KEY_TAGGED)) == 0) {
          ctx.writeClass(keyInfo);
        }
        if ((header & (VALUE_NULL | VALUE_DECL | VALUE_TAGGED)) == 0) {
          ctx.writeClass(valueInfo);
        }
        keyClass = kc;
        valueClass = vc;
        count = 0;
      }
      if ((header & KEY_TAGGED) != 0) {
        ctx.writeObject(k);
      } else if (keyInfo != null) {
        if ((header & KEY_REF) != 0) {
          ctx.writeDeclared(keyInfo, k);
        } else {
          ctx.writePayload(keyInfo, k);
        }
      }
      if ((header & VALUE_TAGGED) != 0) {
        ctx.writeObject(v);
      } else if (valueInfo != null) {
        if ((header & VALUE_REF) != 0) {
          ctx.writeDeclared(valueInfo, v);
        } else {
          ctx.writePayload(valueInfo, v);
        }
      }
      count++;
      written++;
      e = null;
    }
    if (countAt >= 0) {
      ctx.putInt8(countAt, count);
    }
    checkWritten(size, written);
  }

  private static void checkWritten(int size, int written) {
    if (written != size) {
      throw new dev.brine.BrineException("map changed while being serialized (size " + size + ", iterated " + written + ")");
    }
  }

  /**
   * Begins a map field's entries for generated code, with references off (the counterpart of {@code
   * CollectionSerializer.beginElements}): when {@code value} is a non-empty map of a plain map class,
   * writes its class, its size and the header of a first chunk whose keys and values are of the
   * declared classes, counts a level of nesting and returns the map's entry iterator; the caller
   * writes the entries of that chunk that are non-null and of exactly the declared classes, at most
   * {@link #MAX_CHUNK}, then calls {@link #endEntries} or, at the first other entry, {@link
   * #restEntries}. The bytes are those of {@link #writeEntries}. Otherwise writes the whole value the
   * general way and returns null.
   */
  public static Iterator<? extends Map.Entry<?, ?>> beginEntries(WriteSession ctx, Object value, ClassInfo keyDecl,
      ClassInfo valueDecl) {
    if (value != null && !ctx.trackingReferences() && !keyDecl.emptyPayload && !valueDecl.emptyPayload) {
      ClassInfo info = ctx.classInfo(value.getClass());
      if ((Object) info.serializer instanceof MapSerializer && ((MapSerializer) (Object) info.serializer).plain()
          && (info.writeReplace == null || info.replace(value) == value)) {
        Map<?, ?> map = (Map<?, ?>) value;
        int n = map.size();
        if (n > 0) {
          ctx.writeClass(info);
          ctx.enterNested();
          ctx.writeVarUInt32(n);
          openChunk(ctx);
          return map.entrySet().iterator();
        }
      }
    }
    ctx.writeObject(value, keyDecl, valueDecl);
    return null;
  }

  /**
   * Ends the full chunk of a map begun by {@link #beginEntries} whose count byte is at {@code countAt}
   * and writes the header of the next (more entries of the declared classes may follow; if none do,
   * {@link #endEntries} or {@link #restEntries} removes it); returns the new count byte's position.
   */
  public static int nextChunk(WriteSession ctx, int countAt) {
    ctx.putInt8(countAt, MAX_CHUNK);
    return openChunk(ctx);
  }

  /**
   * Writes the header of a chunk of declared-class keys and values with a count of 0 (set by {@link
   * #nextChunk}, {@link #endEntries} or {@link #restEntries}); returns the count byte's position.
   */
  private static int openChunk(WriteSession ctx) {
    ctx.writeInt8(KEY_DECL | VALUE_DECL);
    ctx.writeInt8(0);
    return ctx.position() - 1;
  }

  /**
   * Ends a map begun by {@link #beginEntries} whose {@code written} entries, all of the declared
   * classes, were written by the caller, the last {@code count} in the chunk whose count byte is at
   * {@code countAt}.
   */
  public static void endEntries(WriteSession ctx, int countAt, int count, int written, int size) {
    endChunk(ctx, countAt, count);
    checkWritten(size, written);
    ctx.exitNested();
  }

  /**
   * Writes the rest of a map begun by {@link #beginEntries} from {@code entry}, the first entry the
   * caller did not write (a null or another class), the general way.
   */
  public static void restEntries(WriteSession ctx, Iterator<? extends Map.Entry<?, ?>> entries, Map.Entry<?, ?> entry,
      int countAt, int count, int written, int size, ClassInfo keyDecl, ClassInfo valueDecl) {
    endChunk(ctx, countAt, count);
    writeChunks(ctx, entries, entry, size, written, keyDecl, valueDecl);
    ctx.exitNested();
  }

  /** Sets a chunk's count, or removes its header if it is empty (a chunk has at least one entry). */
  private static void endChunk(WriteSession ctx, int countAt, int count) {
    if (count == 0) {
      ctx.position(countAt - 1);
    } else {
      ctx.putInt8(countAt, count);
    }
  }

  @Override
  public Map<Object, Object> read(ReadSession ctx, ClassInfo keyDecl, ClassInfo valueDecl) {
    Map<Object, Object> map = create(ctx);
    int mark = ctx.mark();
    int at = ctx.position();
    int size = ctx.readLength("map size", 1);
    if (javaForm != null && size > 0 && JavaStreamSerializer.startsAt(ctx)) {
      ctx.rewind(mark);
      @SuppressWarnings("unchecked")
      Map<Object, Object> old = (Map<Object, Object>) javaForm.read(ctx);
      return old;
    }
    if (map == null) {
      map = newMap(size);
    }
    ctx.referenceFilling(map, finisher != null);
    readEntries(ctx, map, size, keyDecl, valueDecl);
    if (map.size() != size) {
      throw new MalformedInputException("map at offset " + at + " declares " + size + " entries but "
          + map.size() + " distinct keys were read");
    }
    return finish(map);
  }

  /** Reads {@code size} entries in chunks into {@code map}. */
  public static void readEntries(ReadSession ctx, Map<Object, Object> map, int size, ClassInfo keyDecl, ClassInfo valueDecl) {
    int read = 0;
    while (read < size) {
      read += readChunk(ctx, map, size - read, keyDecl, valueDecl);
    }
  }

  /** Reads one chunk of at most {@code left} entries into {@code map}; returns its entry count. */
  static int readChunk(ReadSession ctx, Map<Object, Object> map, int left, ClassInfo keyDecl, ClassInfo valueDecl) {
    int at = ctx.position();
    int header = ctx.readInt8() & 0xFF;
    int count = ctx.readInt8() & 0xFF;
    int keyModes = Integer.bitCount(header & (KEY_NULL | KEY_DECL | KEY_TAGGED));
    int valueModes = Integer.bitCount(header & (VALUE_NULL | VALUE_DECL | VALUE_TAGGED));
    if (count == 0 || count > left || keyModes > 1 || valueModes > 1
        || (header & (KEY_TAGGED | KEY_REF)) == (KEY_TAGGED | KEY_REF)
        || (header & (VALUE_TAGGED | VALUE_REF)) == (VALUE_TAGGED | VALUE_REF)
        || (header & (KEY_NULL | KEY_DECL)) == (KEY_NULL | KEY_DECL)
        || (header & (KEY_NULL | KEY_REF)) == (KEY_NULL | KEY_REF)
        || (header & (VALUE_NULL | VALUE_DECL)) == (VALUE_NULL | VALUE_DECL)
        || (header & (VALUE_NULL | VALUE_REF)) == (VALUE_NULL | VALUE_REF)
        || ((header & KEY_NULL) != 0 && count != 1)) {
      throw new MalformedInputException("invalid map chunk (header 0x" + Integer.toHexString(header) + ", "
          + count + " entries, " + left + " left) at offset " + at);
    }
    ClassInfo keyInfo = null;
    ClassInfo valueInfo = null;
    boolean keyTagged = (header & KEY_TAGGED) != 0;
    boolean valueTagged = (header & VALUE_TAGGED) != 0;
    if ((header & (KEY_NULL | KEY_TAGGED)) == 0) {
      keyInfo = (header & KEY_DECL) != 0 ? declared(keyDecl, "key", at) : ctx.readClass();
    }
    if ((header & (VALUE_NULL | VALUE_TAGGED)) == 0) {
      valueInfo = (header & VALUE_DECL) != 0 ? declared(valueDecl, "value", at) : ctx.readClass();
    }
    boolean keyRef = (header & KEY_REF) != 0;
    boolean valueRef = (header & VALUE_REF) != 0;
    for (int i = 0; i < count; i++) {
      Object k = keyTagged ? ctx.readObject() : keyInfo == null ? null : keyRef ? ctx.readDeclared(keyInfo) : ctx.readPayload(keyInfo);
      Object v = valueTagged ? ctx.readObject()
          : valueInfo == null ? null : valueRef ? ctx.readDeclared(valueInfo) : ctx.readPayload(valueInfo);
      if (k == map) {
        throw new MalformedInputException("back-reference before offset " + ctx.position()
            + " makes a map its own key (a map cannot contain itself as a key)");
      }
      map.put(k, v);
    }
    return count;
  }

  private static ClassInfo declared(ClassInfo decl, String what, int at) {
    if (decl == null) {
      throw new MalformedInputException("map chunk at offset " + at + " claims a declared " + what
          + " class, but none is declared here");
    }
    return decl;
  }

  // ---------------------------------------------------------------- generated code's fast path

  /**
   * For generated code reading a map field whose declared key and value classes are final, with
   * references off: when the input holds a plain map of at least one entry, reads its tag and size,
   * counts one level of nesting and returns the new empty map ({@link ReadSession#elementCount()} is
   * its size); the caller then reads chunk after chunk with {@link #entryChunk} and calls {@link
   * #endEntries}. Otherwise reads the whole value the general way; the count is then 0.
   */
  public static Object beginEntries(ReadSession ctx, ClassInfo key, ClassInfo val) {
    int at = ctx.mark();
    ClassInfo info = ctx.readPlainClass();
    if (info != null && (Object) info.serializer instanceof MapSerializer && ((MapSerializer) (Object) info.serializer).plain()) {
      MapSerializer ms = (MapSerializer) (Object) info.serializer;
      ctx.enterNested();
      int n = ctx.readLength("map size", 1);
      if (n > 0) {
        ctx.begun(n, ms);
        return ms.newMap(n);
      }
      ctx.exitNested();
    }
    ctx.rewind(at); // read it again the general way (nothing above changed any state)
    ctx.begun(0, null);
    return ctx.readObject(key, val);
  }

  /**
   * Starts the next chunk of a map begun by {@link #beginEntries} ({@code left} entries to go): when
   * it holds declared keys and values, returns its count and the caller reads that many key and value
   * payloads; any other chunk is read whole into {@code map} here and minus its count is returned.
   *
   * @throws MalformedInputException for an invalid chunk
   */
  @SuppressWarnings("unchecked")
  public static int entryChunk(ReadSession ctx, Object map, int left, ClassInfo key, ClassInfo val) {
    int p = ctx.mark();
    if (ctx.remaining() >= 2 && ctx.getInt8(p) == (KEY_DECL | VALUE_DECL)) {
      int count = ctx.getInt8(p + 1) & 0xFF;
      if (count == 0 || count > left) {
        throw new MalformedInputException("invalid map chunk (" + count + " entries, " + left + " left) at offset "
            + ctx.offsetOf(p));
      }
      ctx.skip(2);
      return count;
    }
    return -readChunk(ctx, (Map<Object, Object>) map, left, key, val);
  }

  /**
   * Ends a map begun by {@link #beginEntries}: checks that {@code n} distinct keys went in and
   * returns the map to store.
   *
   * @throws MalformedInputException if keys repeated
   */
  @SuppressWarnings("unchecked")
  public static Object endEntries(ReadSession ctx, Object map, int n, Object serializer) {
    Map<Object, Object> m = (Map<Object, Object>) map;
    if (m.size() != n) {
      throw new MalformedInputException("map before offset " + ctx.position() + " declares " + n + " entries but "
          + m.size() + " distinct keys were read");
    }
    ctx.exitNested();
    return ((MapSerializer) serializer).finish(m);
  }
}
