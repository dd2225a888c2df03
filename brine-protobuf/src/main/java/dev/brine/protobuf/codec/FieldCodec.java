package dev.brine.protobuf.codec;

import dev.brine.BrineException;
import dev.brine.protobuf.plan.ProtoField;
import dev.brine.protobuf.plan.ProtoField.Container;
import dev.brine.protobuf.plan.ProtoKind;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.ProtoWriter;
import dev.brine.protobuf.wire.Wire;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Writes and reads one field of a message with its tag: the interpreted codec uses one per field,
 * generated code one per field it does not inline (enums, containers, time values, narrow numbers).
 * Reading accumulates: {@link #read} is called once per occurrence of the field with what the
 * previous calls returned, and {@link #finish} turns that into the field's value (proto3's default
 * when the field never occurred). Public because generated code calls it.
 */
public abstract class FieldCodec {
  /** The field. */
  public final ProtoField field;
  /** The tag it is written with. */
  public final int tag;
  final ValueIO io;

  FieldCodec(ProtoField field, ValueIO io) {
    this.field = field;
    this.tag = field.tag();
    this.io = io;
  }

  /** Writes the field's value {@code v} (the field's Java value, possibly null), or nothing when it is absent or default. */
  public abstract void write(ProtoWriter w, Object v);

  /** Reads one occurrence whose tag {@code tag} was just read; returns the new accumulator. */
  public abstract Object read(ProtoReader r, int tag, Object acc);

  /** The field's value from the accumulator (null when the field did not occur). */
  public abstract Object finish(Object acc);

  /** The tags this field is read from (a packable repeated field accepts packed and unpacked). */
  public int[] tags() {
    return new int[] {tag};
  }

  static FieldCodec of(ProtoField f, Codecs codecs) {
    switch (f.shape) {
      case SINGULAR:
        return new Singular(f, ValueIO.of(f.value, codecs));
      case OPTIONAL:
        return new Nullable(f, ValueIO.of(f.value, codecs));
      case REPEATED:
        return new Repeated(f, ValueIO.of(f.value, codecs));
      default:
        return new MapField(f, ValueIO.of(f.key, codecs), ValueIO.of(f.value, codecs));
    }
  }

  String where() {
    return field.model.declaringClass().getName() + "." + field.name();
  }

  /** A primitive or enum: not written when default. */
  static final class Singular extends FieldCodec {
    Singular(ProtoField f, ValueIO io) {
      super(f, io);
    }

    @Override public void write(ProtoWriter w, Object v) {
      if (v == null) {
        throw new BrineException("protobuf: " + where() + " is null; a proto3 enum field cannot be absent "
            + "(declare it Optional<" + field.value.java.getSimpleName() + "> to allow null)");
      }
      if (!io.isDefault(v)) {
        w.varint32(tag);
        io.write(w, v);
      }
    }

    @Override public Object read(ProtoReader r, int tag, Object acc) {
      return io.read(r);
    }

    @Override public Object finish(Object acc) {
      return acc == null ? io.defaultValue() : acc;
    }
  }

  /** A nullable value or an Optional: written unless null or empty. */
  static final class Nullable extends FieldCodec {
    private final Container container;

    Nullable(ProtoField f, ValueIO io) {
      super(f, io);
      this.container = f.container;
    }

    @Override public void write(ProtoWriter w, Object v) {
      if (v == null) {
        return;
      }
      switch (container) {
        case OPTIONAL: v = ((Optional<?>) v).orElse(null); break;
        case OPTIONAL_INT: v = ((OptionalInt) v).isPresent() ? (Object) ((OptionalInt) v).getAsInt() : null; break;
        case OPTIONAL_LONG: v = ((OptionalLong) v).isPresent() ? (Object) ((OptionalLong) v).getAsLong() : null; break;
        case OPTIONAL_DOUBLE:
          v = ((OptionalDouble) v).isPresent() ? (Object) ((OptionalDouble) v).getAsDouble() : null;
          break;
        default: break;
      }
      if (v != null) {
        w.varint32(tag);
        io.write(w, v);
      }
    }

    @Override public Object read(ProtoReader r, int tag, Object acc) {
      return io.read(r);
    }

    @Override public Object finish(Object acc) {
      switch (container) {
        case OPTIONAL: return Optional.ofNullable(acc);
        case OPTIONAL_INT: return acc == null ? OptionalInt.empty() : OptionalInt.of((Integer) acc);
        case OPTIONAL_LONG: return acc == null ? OptionalLong.empty() : OptionalLong.of((Long) acc);
        case OPTIONAL_DOUBLE: return acc == null ? OptionalDouble.empty() : OptionalDouble.of((Double) acc);
        default: return acc;
      }
    }
  }

  /** A collection or array: packed for numbers, bools and enums. */
  static final class Repeated extends FieldCodec {
    private final boolean packed;
    private final int elementTag;
    private final MethodHandle create;

    Repeated(ProtoField f, ValueIO io) {
      super(f, io);
      this.packed = f.packed();
      this.elementTag = Wire.tag(f.number, io.wireType);
      this.create = f.container == Container.COLLECTION ? constructor(f.concrete) : null;
    }

    @Override public int[] tags() {
      return packed ? new int[] {tag, elementTag} : new int[] {tag};
    }

    @Override public void write(ProtoWriter w, Object v) {
      if (v == null) {
        return;
      }
      if (field.container == Container.ARRAY) {
        if (writePrimitiveArray(w, v)) {
          return;
        }
        int n = Array.getLength(v);
        if (n == 0) {
          return;
        }
        int mark = begin(w);
        for (int i = 0; i < n; i++) {
          element(w, Array.get(v, i));
        }
        end(w, mark);
        return;
      }
      Collection<?> c = (Collection<?>) v;
      if (c.isEmpty()) {
        return;
      }
      int mark = begin(w);
      for (Object e : c) {
        element(w, e);
      }
      end(w, mark);
    }

    private int begin(ProtoWriter w) {
      if (!packed) {
        return -1;
      }
      w.varint32(tag);
      return w.beginLength();
    }

    private void end(ProtoWriter w, int mark) {
      if (packed) {
        w.endLength(mark);
      }
    }

    private void element(ProtoWriter w, Object e) {
      if (e == null) {
        throw new BrineException("protobuf: " + where() + " holds a null element; repeated fields cannot");
      }
      if (!packed) {
        w.varint32(tag);
      }
      io.write(w, e);
    }

    /** The common primitive arrays in their default encodings, without boxing. */
    private boolean writePrimitiveArray(ProtoWriter w, Object v) {
      ProtoKind k = field.value.kind;
      if (v instanceof int[] && k == ProtoKind.INT32) {
        int[] a = (int[]) v;
        if (a.length > 0) {
          w.varint32(tag);
          int mark = w.beginLength();
          for (int x : a) {
            w.int32Value(x);
          }
          w.endLength(mark);
        }
        return true;
      }
      if (v instanceof long[] && k == ProtoKind.INT64) {
        long[] a = (long[]) v;
        if (a.length > 0) {
          w.varint32(tag);
          int mark = w.beginLength();
          for (long x : a) {
            w.varint64(x);
          }
          w.endLength(mark);
        }
        return true;
      }
      if (v instanceof double[]) {
        double[] a = (double[]) v;
        if (a.length > 0) {
          w.varint32(tag);
          w.varint32(a.length * 8);
          w.ensure(a.length * 8);
          for (double x : a) {
            w.fixed64Value(Double.doubleToRawLongBits(x));
          }
        }
        return true;
      }
      if (v instanceof float[]) {
        float[] a = (float[]) v;
        if (a.length > 0) {
          w.varint32(tag);
          w.varint32(a.length * 4);
          for (float x : a) {
            w.fixed32Value(Float.floatToRawIntBits(x));
          }
        }
        return true;
      }
      return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object read(ProtoReader r, int tag, Object acc) {
      ArrayList<Object> list = acc == null ? new ArrayList<>() : (ArrayList<Object>) acc;
      if (packed && tag == this.tag) {
        int len = r.readLength();
        int old = r.pushLimit(len);
        while (!r.atEnd()) {
          list.add(io.read(r));
        }
        r.popLimit(old);
      } else {
        list.add(io.read(r));
      }
      return list;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object finish(Object acc) {
      ArrayList<Object> list = acc == null ? new ArrayList<>() : (ArrayList<Object>) acc;
      if (field.container == Container.ARRAY) {
        Class<?> component = field.model.type().getComponentType();
        Object array = Array.newInstance(component, list.size());
        for (int i = 0; i < list.size(); i++) {
          Array.set(array, i, list.get(i));
        }
        return array;
      }
      if (field.concrete == ArrayList.class) {
        return list;
      }
      Collection<Object> c = (Collection<Object>) newInstance(create, field);
      try {
        c.addAll(list);
      } catch (ClassCastException | IllegalArgumentException e) {
        throw new BrineException("protobuf: cannot fill " + where() + ": " + e, e);
      }
      return c;
    }
  }

  /** A map: entries of {key = 1, value = 2}; both are always written, as protobuf-java does. */
  static final class MapField extends FieldCodec {
    private final ValueIO keyIO;
    private final int keyTag;
    private final int valueTag;
    private final MethodHandle create;

    MapField(ProtoField f, ValueIO keyIO, ValueIO valueIO) {
      super(f, valueIO);
      this.keyIO = keyIO;
      this.keyTag = Wire.tag(1, keyIO.wireType);
      this.valueTag = Wire.tag(2, valueIO.wireType);
      this.create = constructor(f.concrete);
    }

    @Override public void write(ProtoWriter w, Object v) {
      if (v == null) {
        return;
      }
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        Object k = e.getKey();
        Object val = e.getValue();
        if (k == null || val == null) {
          throw new BrineException("protobuf: " + where() + " has a null " + (k == null ? "key" : "value")
              + "; map entries cannot");
        }
        w.varint32(tag);
        int mark = w.beginLength();
        w.varint32(keyTag);
        keyIO.write(w, k);
        w.varint32(valueTag);
        io.write(w, val);
        w.endLength(mark);
      }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object read(ProtoReader r, int tag, Object acc) {
      Map<Object, Object> map = acc == null ? (Map<Object, Object>) newInstance(create, field) : (Map<Object, Object>) acc;
      int len = r.readLength();
      int old = r.pushLimit(len);
      Object k = null;
      Object v = null;
      while (!r.atEnd()) {
        int t = r.readTag();
        if (t == keyTag) {
          k = keyIO.read(r);
        } else if (t == valueTag) {
          v = io.read(r);
        } else {
          r.skipField(t);
        }
      }
      r.popLimit(old);
      // an entry without its key or value gets proto3's default; a type with none (text such as a UUID or a
      // BigDecimal, a Timestamp or Duration value) cannot be absent: the map would hold a null
      if (k == null && (k = keyIO.defaultValue()) == null) {
        throw new dev.brine.MalformedInputException("protobuf: an entry of " + where() + " without its key, whose type"
            + " has no default (before offset " + r.offset(r.pos) + ")");
      }
      if (v == null && (v = io.defaultValue()) == null) {
        throw new dev.brine.MalformedInputException("protobuf: the entry " + k + " of " + where() + " without its value,"
            + " whose type has no default (before offset " + r.offset(r.pos) + ")");
      }
      try {
        map.put(k, v);
      } catch (ClassCastException | IllegalArgumentException e) {
        throw new BrineException("protobuf: cannot fill " + where() + ": " + e, e);
      }
      return map;
    }

    @Override public Object finish(Object acc) {
      return acc == null ? newInstance(create, field) : acc;
    }
  }

  private static MethodHandle constructor(Class<?> c) {
    try {
      return MethodHandles.publicLookup().findConstructor(c, MethodType.methodType(void.class))
          .asType(MethodType.methodType(Object.class));
    } catch (ReflectiveOperationException e) {
      throw new BrineException("protobuf: cannot create " + c.getName() + ": " + e, e);
    }
  }

  private static Object newInstance(MethodHandle create, ProtoField f) {
    try {
      return create.invokeExact();
    } catch (Throwable t) {
      throw new BrineException("protobuf: cannot create the " + f.concrete.getName() + " of " + f.name() + ": " + t, t);
    }
  }
}
