package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.context.ContainerSerializer;
import dev.brine.javaser.JavaStreamSerializer;
import dev.brine.serializer.Serializer;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.WriteContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * Collections: a varuint32 size; if not empty, one header byte and the elements. Header bits:
 * {@link #HAS_NULL} some element is null, or the elements' payloads are empty (so each has a slot
 * byte and takes at least one byte, as the reader's size check expects); {@link #SAME_CLASS} all
 * non-null elements share one class, written once after the header; {@link #DECLARED} they are all
 * of the declared element class (from a generic field type), written nowhere. With neither class bit, each element is a tagged value. With a
 * known class, each element is its payload alone, or a slot byte and the payload when some are null
 * or references are tracked. Sorted collections write their comparator (a tagged value, null for
 * natural order) before the size.
 */
public final class CollectionSerializer implements ContainerSerializer<Collection<Object>> {
  /** Header bit: some element is null. */
  public static final int HAS_NULL = 1;
  /** Header bit: all non-null elements share one class, written once. */
  public static final int SAME_CLASS = 2;
  /** Header bit: all non-null elements are of the declared element class. */
  public static final int DECLARED = 4;

  private final IntFunction<Collection<Object>> factory;
  private final UnaryOperator<Collection<Object>> finisher;
  private final boolean sorted;
  private final java.util.function.Function<Comparator<Object>, Collection<Object>> sortedFactory;
  /** Reads the Java serialization form that earlier versions wrote for this class, or null. */
  private final Serializer<Object> javaForm;

  /**
   * A serializer that creates collections with {@code factory(size)} and hands the filled one to
   * {@code finisher} (e.g. to wrap it unmodifiable).
   */
  public static CollectionSerializer of(IntFunction<Collection<Object>> factory, UnaryOperator<Collection<Object>> finisher) {
    return new CollectionSerializer(factory, null, finisher, null);
  }

  /**
   * A serializer of a class of one's own that extends a JDK collection and adds nothing ({@code
   * JavaHooks.elementsOnly}), which versions before 2026-12-03 wrote in its Java serialization form:
   * {@code javaForm} reads such a payload, told apart by the stream's magic after the size (where a
   * collection has its header, at most 7).
   */
  public static CollectionSerializer elementsOf(IntFunction<Collection<Object>> factory, Serializer<Object> javaForm) {
    return new CollectionSerializer(factory, null, null, javaForm);
  }

  /** A serializer of sorted collections, created from their comparator (written before the size). */
  public static CollectionSerializer sorted(java.util.function.Function<Comparator<Object>, Collection<Object>> factory,
      UnaryOperator<Collection<Object>> finisher) {
    return new CollectionSerializer(null, factory, finisher, null);
  }

  private CollectionSerializer(IntFunction<Collection<Object>> factory,
      java.util.function.Function<Comparator<Object>, Collection<Object>> sortedFactory,
      UnaryOperator<Collection<Object>> finisher, Serializer<Object> javaForm) {
    this.factory = factory;
    this.finisher = finisher;
    this.sorted = sortedFactory != null;
    this.sortedFactory = sortedFactory;
    this.javaForm = javaForm;
  }

  /**
   * Whether collections are written as size, header and elements only (no comparator first) and read
   * only that way (generated code reads their elements inline).
   */
  boolean plain() {
    return !sorted && javaForm == null;
  }

  /** A new, empty collection for {@code n} elements (not sorted). */
  Collection<Object> create(int n) {
    return factory.apply(n);
  }

  /** The collection to hand out once filled (e.g. an unmodifiable wrapper). */
  Collection<Object> finish(Collection<Object> c) {
    return finisher == null ? c : finisher.apply(c);
  }

  /** The comparator of a sorted collection; overridden by sorted serializers. */
  private Comparator<Object> comparator(Collection<Object> c) {
    return ((java.util.SortedSet<Object>) c).comparator();
  }

  @Override
  public void write(WriteSession ctx, Collection<Object> c, ClassInfo declared, ClassInfo unused) {
    if (sorted) {
      UtilSerializers.writeComparator(ctx, comparator(c));
    }
    int n = c.size();
    ctx.writeVarUInt32(n);
    if (n == 0) {
      return;
    }
    writeElements(ctx, c, n, declared);
  }

  /** Writes the header and {@code n} elements of {@code c}. */
  static void writeElements(WriteSession ctx, Iterable<?> c, int n, ClassInfo declared) {
    boolean hasNull = false;
    Class<?> common = null;
    boolean same = true;
    int seen = 0;
    for (Object o : c) {
      seen++;
      if (o == null) {
        hasNull = true;
      } else if (common == null) {
        common = o.getClass();
      } else if (o.getClass() != common) {
        same = false;
      }
    }
    if (seen != n) {
      throw new dev.brine.BrineException("collection changed while being serialized (size " + n + ", iterated " + seen + ")");
    }
    int header = hasNull ? HAS_NULL : 0;
    ClassInfo info = null;
    if (same && common != null) {
      if (declared != null && declared.type == common) {
        header |= DECLARED;
        info = declared;
      } else {
        info = ctx.classInfo(common);
        if (info.writeReplace == null) {
          header |= SAME_CLASS;
        } else {
          info = null; // each element is replaced and tagged on its own
        }
      }
    }
    if (info != null && info.emptyPayload) {
      header |= HAS_NULL; // a slot byte for each element, so that each takes at least one byte
    }
    ctx.writeInt8(header);
    if (info == null) {
      for (Object o : c) {
        ctx.writeObject(o);
      }
      return;
    }
    if ((header & SAME_CLASS) != 0) {
      ctx.writeClass(info);
    }
    if ((header & HAS_NULL) != 0 || (ctx.trackingReferences() && info.tracked)) {
      for (Object o : c) {
        ctx.writeDeclared(info, o);
      }
    } else {
      for (Object o : c) {
        ctx.writePayload(info, o);
      }
    }
  }

  @Override
  public Collection<Object> read(ReadSession ctx, ClassInfo declared, ClassInfo unused) {
    Collection<Object> c;
    if (sorted) {
      Object cmp = ctx.readObject();
      if (cmp != null && !(cmp instanceof Comparator)) {
        throw new MalformedInputException("expected a Comparator before offset " + ctx.position()
            + " but read a " + cmp.getClass().getName());
      }
      @SuppressWarnings("unchecked")
      Comparator<Object> comparator = (Comparator<Object>) cmp;
      c = sortedFactory.apply(comparator);
      ctx.referenceFilling(c, finisher != null);
      int at = ctx.position();
      int n = ctx.readLength("collection size", 1);
      readElements(ctx, c, n, declared);
      if (c.size() != n) {
        throw new MalformedInputException("sorted collection at offset " + at + " declares " + n
            + " elements but " + c.size() + " distinct ones were read");
      }
    } else {
      int mark = ctx.mark();
      int at = ctx.position();
      int n = ctx.readLength("collection size", 1);
      if (javaForm != null && n > 0 && JavaStreamSerializer.startsAt(ctx)) {
        ctx.rewind(mark);
        @SuppressWarnings("unchecked")
        Collection<Object> old = (Collection<Object>) javaForm.read(ctx);
        return old;
      }
      c = create(n);
      ctx.referenceFilling(c, finisher != null);
      readElements(ctx, c, n, declared);
      if (c.size() != n) {
        throw new MalformedInputException("collection at offset " + at + " declares " + n
            + " elements but " + c.size() + " distinct ones were read");
      }
    }
    return finish(c);
  }

  /** Reads the header and {@code n} elements into {@code c}. */
  static void readElements(ReadSession ctx, Collection<Object> c, int n, ClassInfo declared) {
    if (n == 0) {
      return;
    }
    int at = ctx.position();
    int header = ctx.readInt8();
    if ((header & ~7) != 0 || (header & (SAME_CLASS | DECLARED)) == (SAME_CLASS | DECLARED)) {
      throw new MalformedInputException("invalid collection header 0x" + Integer.toHexString(header & 0xFF) + " at offset " + at);
    }
    ClassInfo info = null;
    if ((header & DECLARED) != 0) {
      if (declared == null) {
        throw new MalformedInputException("collection at offset " + at + " claims a declared element class, but none is declared here");
      }
      info = declared;
    } else if ((header & SAME_CLASS) != 0) {
      info = ctx.readClass();
    }
    if (info == null) {
      for (int i = 0; i < n; i++) {
        add(ctx, c, ctx.readObject());
      }
    } else if ((header & HAS_NULL) != 0 || (ctx.trackingReferences() && info.tracked)) {
      for (int i = 0; i < n; i++) {
        add(ctx, c, ctx.readDeclared(info));
      }
    } else {
      for (int i = 0; i < n; i++) {
        c.add(ctx.readPayload(info));
      }
    }
  }

  /**
   * Adds an element that may be a back-reference. A set may not contain itself (its hashCode would
   * recurse until the stack overflows), so a back-reference to the set being read is refused.
   */
  private static void add(ReadContext ctx, Collection<Object> c, Object o) {
    if (o == c && c instanceof java.util.Set) {
      throw new MalformedInputException("back-reference before offset " + ctx.position()
          + " puts a set into itself (a set cannot contain itself)");
    }
    c.add(o);
  }

  // ---------------------------------------------------------------- generated code's fast path

  /**
   * For generated code writing a collection field whose declared element class is final, with
   * references off: when {@code value} is a plain collection (not sorted, no writeReplace) of at least
   * one element, all of exactly that class, writes what {@link WriteSession#writeObject(Object,
   * ClassInfo, ClassInfo)} writes before the elements (type tag, size, the {@link #DECLARED} header),
   * counts one level of nesting and returns the size: the caller then writes each element's payload
   * and calls {@link WriteSession#exitNested()}. Otherwise writes the whole value the general way and
   * returns 0.
   */
  public static int beginElements(WriteSession ctx, Object value, ClassInfo element) {
    if (value != null && !ctx.trackingReferences()) {
      ClassInfo info = ctx.classInfo(value.getClass());
      if (plainClass(info)) {
        Collection<?> c = (Collection<?>) value;
        int n = c.size();
        if (n > 0 && !element.emptyPayload && allOfClass(c, n, element.type)) {
          return beginDeclared(ctx, info, n);
        }
      }
    }
    ctx.writeObject(value, element, null);
    return 0;
  }

  /**
   * As {@link #beginElements(WriteSession, Object, ClassInfo)} for a leaf element class (String,
   * Integer, Long), but without a first pass over the elements: the caller checks each element as it
   * writes it and, at the first null or other class (or a count other than the size), calls {@link
   * #restartElements}. Declined (written the general way, 0) for a collection class written by name,
   * whose name the session would remember, and while a stream's string table is in use, which would
   * remember the strings.
   */
  public static int beginLeafElements(WriteSession ctx, Object value, ClassInfo element) {
    return beginUnchecked(ctx, value, element, ctx.stringTable() == null);
  }

  /**
   * As {@link #beginLeafElements} for a flat element class (its payload is its number group and fixed
   * block; writing it changes no session state, strings included): not declined while a stream's string
   * table is in use.
   */
  public static int beginFlatElements(WriteSession ctx, Object value, ClassInfo element) {
    return beginUnchecked(ctx, value, element, true);
  }

  private static int beginUnchecked(WriteSession ctx, Object value, ClassInfo element, boolean allowed) {
    if (value != null && !ctx.trackingReferences() && allowed) {
      ClassInfo info = ctx.classInfo(value.getClass());
      if (info.typeId != TypeIds.BY_NAME && plainClass(info)) {
        int n = ((Collection<?>) value).size();
        if (n > 0) {
          return beginDeclared(ctx, info, n);
        }
      }
    }
    ctx.writeObject(value, element, null);
    return 0;
  }

  /** Whether values of this class are written as a plain collection (no writeReplace, no prefix). */
  private static boolean plainClass(ClassInfo info) {
    return info.writeReplace == null && (Object) info.serializer instanceof CollectionSerializer
        && ((CollectionSerializer) (Object) info.serializer).plain();
  }

  /** Writes the tag, size and {@link #DECLARED} header of {@code n} elements and counts a level of nesting; returns {@code n}. */
  private static int beginDeclared(WriteSession ctx, ClassInfo info, int n) {
    ctx.writeClass(info);
    ctx.enterNested();
    ctx.writeVarUInt32(n);
    ctx.writeInt8(DECLARED);
    return n;
  }

  /**
   * Drops what generated code wrote of a collection begun by {@link #beginLeafElements} or {@link
   * #beginFlatElements} from position {@code start} on (leaf or flat payloads only, which change no
   * session state) and writes it again the general way.
   */
  public static void restartElements(WriteSession ctx, Object value, ClassInfo element, int start) {
    ctx.position(start);
    ctx.exitNested();
    ctx.writeObject(value, element, null);
  }

  /** Whether the {@code n} elements of {@code c} are all non-null and of exactly class {@code type}. */
  private static boolean allOfClass(Collection<?> c, int n, Class<?> type) {
    if (c.getClass() == ArrayList.class) {
      ArrayList<?> list = (ArrayList<?>) c;
      for (int i = 0; i < n; i++) {
        Object o = list.get(i);
        if (o == null || o.getClass() != type) {
          return false;
        }
      }
      return true;
    }
    int seen = 0;
    for (Object o : c) {
      if (o == null || o.getClass() != type) {
        return false;
      }
      seen++;
    }
    return seen == n;
  }

  /**
   * For generated code reading a collection field whose declared element class is final, with
   * references off (the counterpart of {@link #beginElements(WriteSession, Object, ClassInfo)}): when
   * the input holds a plain collection with the {@link #DECLARED} header, reads up to the elements,
   * counts one level of nesting and returns the new empty collection; {@link
   * ReadSession#elementCount()} is then its size, and the caller reads each element's payload, adds
   * it, and calls {@link #endElements}. Otherwise reads the whole value the general way; the count is
   * then 0.
   */
  public static Object beginElements(ReadSession ctx, ClassInfo element) {
    int at = ctx.mark();
    ClassInfo info = ctx.readPlainClass();
    if (info != null && (Object) info.serializer instanceof CollectionSerializer
        && ((CollectionSerializer) (Object) info.serializer).plain()) {
      CollectionSerializer cs = (CollectionSerializer) (Object) info.serializer;
      ctx.enterNested();
      int n = ctx.readLength("collection size", 1);
      if (n > 0 && ctx.getInt8(ctx.mark()) == DECLARED) { // in bounds: n >= 1 element bytes remain
        ctx.skip(1);
        ctx.begun(n, cs);
        return cs.create(n);
      }
      ctx.exitNested();
    }
    ctx.rewind(at); // read it again the general way (nothing above changed any state)
    ctx.begun(0, null);
    return ctx.readObject(element, null);
  }

  /**
   * Ends a collection begun by {@link #beginElements(ReadSession, ClassInfo)}: checks that {@code n}
   * distinct elements went in and returns the collection to store (unmodifiable wrappers and the like
   * applied).
   *
   * @throws MalformedInputException if a set received duplicates
   */
  @SuppressWarnings("unchecked")
  public static Object endElements(ReadSession ctx, Object collection, int n, Object serializer) {
    Collection<Object> c = (Collection<Object>) collection;
    if (c.size() != n) {
      throw new MalformedInputException("collection before offset " + ctx.position() + " declares " + n
          + " elements but " + c.size() + " distinct ones were read");
    }
    ctx.exitNested();
    return ((CollectionSerializer) serializer).finish(c);
  }
}
