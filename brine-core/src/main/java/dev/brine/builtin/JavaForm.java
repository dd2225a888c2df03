package dev.brine.builtin;

import dev.brine.BrineException;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a JDK class shows only to Java serialization, seen through Java serialization's public API:
 * an {@link ObjectOutputStream} whose {@code replaceObject} hook (a protected method meant for
 * subclasses) receives, in stream order, the object after its {@code writeReplace()} and then the
 * objects its serialized fields hold, and whose {@code annotateClass} hook receives each class
 * described. Every field object is replaced by null, so nothing is written past the fields
 * themselves and nothing needs to be Serializable. This is how Brine learns, without {@code
 * --add-opens}, the collection inside a {@code Collections.unmodifiableSet}, the element type of a
 * {@code checkedList}, the {@code SerializedLambda} of a serializable lambda, and the like.
 */
final class JavaForm {
  private JavaForm() {}

  /** What the stream saw. */
  static final class Capture {
    /** The value after its {@code writeReplace()} (the value itself when it has none). */
    Object replaced;
    /** The objects held by its serialized fields, in stream order (fields sorted by name, superclass first). */
    final List<Object> objects = new ArrayList<>();
    /** Classes held by its fields as {@code Class} values, in stream order (the value's own classes excluded). */
    final List<Class<?>> classes = new ArrayList<>();

    /** The first captured object that is an instance of {@code type}, or null. */
    <T> T first(Class<T> type) {
      for (Object o : objects) {
        if (type.isInstance(o)) {
          return type.cast(o);
        }
      }
      return null;
    }
  }

  /**
   * Writes {@code value} to a stream that keeps nothing and returns what it saw. With {@code fields}
   * false only {@link Capture#replaced} is set (the value after writeReplace, which is not written).
   *
   * @throws BrineException if the value is not Serializable or its Java serialization fails
   */
  static Capture capture(Object value, boolean fields) {
    if (!(value instanceof Serializable)) {
      throw new BrineException("cannot see inside a " + value.getClass().getName() + ": it is not Serializable");
    }
    try (CaptureStream out = new CaptureStream(fields)) {
      out.writeObject(value);
      return out.capture;
    } catch (NotSerializableException e) {
      throw new BrineException("cannot see inside a " + value.getClass().getName() + ": " + e, e);
    } catch (IOException | RuntimeException e) {
      throw new BrineException("Java serialization of a " + value.getClass().getName() + " failed: " + e, e);
    }
  }

  /**
   * The first enum class among the classes {@code value}'s serialized fields hold as {@code Class} values
   * (an {@code EnumMap}'s key type, an {@code EnumSet} proxy's element type), or null if there is none.
   */
  static Class<?> firstEnumClass(Object value) {
    for (Class<?> k : capture(value, true).classes) {
      if (k.isEnum()) {
        return k;
      }
    }
    return null;
  }

  private static final class CaptureStream extends ObjectOutputStream {
    final Capture capture = new Capture();
    private final boolean fields;
    private boolean rootSeen;
    private Set<Class<?>> own;

    CaptureStream(boolean fields) throws IOException {
      super(OutputStream.nullOutputStream());
      this.fields = fields;
      enableReplaceObject(true);
    }

    @Override
    protected Object replaceObject(Object obj) {
      if (!rootSeen) {
        rootSeen = true;
        capture.replaced = obj;
        own = new HashSet<>();
        for (Class<?> c = obj.getClass(); c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass()) {
          own.add(c);
        }
        return fields ? obj : null;
      }
      capture.objects.add(obj);
      return null;
    }

    @Override
    protected void annotateClass(Class<?> cl) {
      if (own != null && !own.contains(cl)) {
        capture.classes.add(cl);
      }
    }
  }
}
