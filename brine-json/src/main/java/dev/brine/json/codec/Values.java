package dev.brine.json.codec;

import dev.brine.BrineException;
import dev.brine.json.io.JsonReader;
import dev.brine.json.io.JsonWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The codecs of values that are not objects: numbers, strings, enums, containers. */
final class Values {
  private Values() {
  }

  static final class IntCodec extends JsonCodec {
    private final Class<?> java; // int, Integer, short, Short, byte, Byte

    IntCodec(Class<?> java) {
      this.java = java;
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
      } else {
        w.number(((Number) v).intValue());
      }
    }

    @Override public Object read(JsonReader r) {
      if (r.nextIsNull()) {
        return java.isPrimitive() ? narrow(r, 0) : null;
      }
      return narrow(r, r.readInt());
    }

    private Object narrow(JsonReader r, int v) {
      if (java == int.class || java == Integer.class) {
        return v;
      }
      if (java == short.class || java == Short.class) {
        if (v != (short) v) throw r.malformed("json: " + v + " does not fit a short");
        return (short) v;
      }
      if (v != (byte) v) throw r.malformed("json: " + v + " does not fit a byte");
      return (byte) v;
    }
  }

  static final class LongCodec extends JsonCodec {
    private final boolean primitive;

    LongCodec(boolean primitive) {
      this.primitive = primitive;
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
      } else {
        w.number((long) (Long) v);
      }
    }

    @Override public Object read(JsonReader r) {
      return r.nextIsNull() ? (primitive ? (Object) 0L : null) : (Object) r.readLong();
    }
  }

  static final class DoubleCodec extends JsonCodec {
    private final boolean primitive;
    private final boolean isFloat;

    DoubleCodec(boolean primitive, boolean isFloat) {
      this.primitive = primitive;
      this.isFloat = isFloat;
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
      } else if (isFloat) {
        w.number((float) (Float) v);
      } else {
        w.number((double) (Double) v);
      }
    }

    @Override public Object read(JsonReader r) {
      if (r.nextIsNull()) {
        return primitive ? (isFloat ? (Object) 0f : (Object) 0d) : null;
      }
      double d = r.readDouble();
      return isFloat ? (Object) (float) d : (Object) d;
    }
  }

  static final class BooleanCodec extends JsonCodec {
    private final boolean primitive;

    BooleanCodec(boolean primitive) {
      this.primitive = primitive;
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
      } else {
        w.bool((Boolean) v);
      }
    }

    @Override public Object read(JsonReader r) {
      return r.nextIsNull() ? (primitive ? (Object) false : null) : (Object) r.readBoolean();
    }
  }

  static final class CharCodec extends JsonCodec {
    private final boolean primitive;

    CharCodec(boolean primitive) {
      this.primitive = primitive;
    }

    @Override public void write(JsonWriter w, Object v) {
      w.string(v == null ? null : String.valueOf((char) (Character) v));
    }

    @Override public Object read(JsonReader r) {
      String s = r.readString();
      if (s == null) {
        return primitive ? (Object) '\0' : null;
      }
      if (s.length() != 1) {
        throw r.malformed("json: a char is a string of one character, not " + s.length());
      }
      return s.charAt(0);
    }
  }

  static final class StringCodec extends JsonCodec {
    @Override public void write(JsonWriter w, Object v) {
      w.string((String) v);
    }

    @Override public Object read(JsonReader r) {
      return r.readString();
    }
  }

  static final class EnumCodec extends JsonCodec {
    private final Class<?> type;
    private final Object[] constants;
    /** Each constant's name in UTF-8, matched against the input's bytes (no string per value). */
    private final byte[][] names;
    /** Each constant's name as written: quotes, escapes if any, UTF-8. */
    private final byte[][] quoted;

    EnumCodec(Class<?> type) {
      this.type = type;
      this.constants = type.getEnumConstants();
      this.names = new byte[constants.length][];
      this.quoted = new byte[constants.length][];
      for (int i = 0; i < constants.length; i++) {
        String name = ((Enum<?>) constants[i]).name();
        names[i] = name.getBytes(StandardCharsets.UTF_8);
        JsonWriter w = new JsonWriter(16, 1);
        w.string(name);
        quoted[i] = w.toByteArray();
      }
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
      } else {
        w.raw(quoted[((Enum<?>) v).ordinal()]);
      }
    }

    @Override public Object read(JsonReader r) {
      int at = r.pos;
      int i = r.readStringIndex(names);
      if (i >= 0) {
        return constants[i];
      }
      if (i == -2) {
        return null;
      }
      r.pos = at;
      String s = r.readString();
      throw r.malformed("json: \"" + s + "\" is not a constant of " + type.getName());
    }
  }

  /**
   * {@code char[]}: a string, as Jackson writes it; an array of one-char strings (what versions before
   * 2026-12-03 wrote) is read too.
   */
  static final class CharsCodec extends JsonCodec {
    private final JsonCodec asArray;

    CharsCodec(JsonCodec asArray) {
      this.asArray = asArray;
    }

    @Override public void write(JsonWriter w, Object v) {
      w.string(v == null ? null : new String((char[]) v));
    }

    @Override public Object read(JsonReader r) {
      if (r.nextIsString()) {
        return r.readString().toCharArray();
      }
      return asArray.read(r); // null, or the array form
    }
  }

  static final class BytesCodec extends JsonCodec {
    @Override public void write(JsonWriter w, Object v) {
      w.base64((byte[]) v);
    }

    @Override public Object read(JsonReader r) {
      String s = r.readString();
      try {
        return s == null ? null : Base64.getDecoder().decode(s);
      } catch (IllegalArgumentException e) {
        throw r.malformed("json: invalid base64: " + e.getMessage());
      }
    }
  }

  /** A value written as its {@code toString()} in quotes and read with a parse function (UUID, java.time). */
  static final class TextCodec extends JsonCodec {
    private final Class<?> type;
    private final Function<String, Object> parse;

    TextCodec(Class<?> type, Function<String, Object> parse) {
      this.type = type;
      this.parse = parse;
    }

    @Override public void write(JsonWriter w, Object v) {
      w.string(v == null ? null : v.toString());
    }

    @Override public Object read(JsonReader r) {
      String s = r.readString();
      try {
        return s == null ? null : parse.apply(s);
      } catch (RuntimeException e) {
        throw r.malformed("json: \"" + s + "\" is not a " + type.getSimpleName() + ": " + e.getMessage());
      }
    }
  }

  /** BigDecimal and BigInteger as JSON numbers. */
  static final class BigCodec extends JsonCodec {
    private final boolean integer;

    BigCodec(boolean integer) {
      this.integer = integer;
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
      } else {
        w.ascii(v.toString());
      }
    }

    @Override public Object read(JsonReader r) {
      if (r.nextIsNull()) {
        return null;
      }
      String s = r.numberText();
      if (s.length() > 1000) {
        throw r.malformed("json: a number of more than 1000 characters");
      }
      BigDecimal d;
      try {
        d = new BigDecimal(s);
      } catch (NumberFormatException e) { // an exponent beyond an int: 1E2147483648
        throw r.malformed("json: the number " + s + " is out of range (" + e.getMessage() + ")");
      }
      if (!integer) {
        return d;
      }
      // the integer's digits, before it is made: 1E234567890 is a short text but a number of 780 M bits;
      // and a scale beyond the digits (1E-2000000000) is no integer, which toBigIntegerExact would find by
      // dividing by 10^scale
      if ((long) d.precision() - d.scale() > 1000) {
        throw r.malformed("json: the integer " + s + " has more than 1000 digits");
      }
      if (d.signum() == 0) {
        return BigInteger.ZERO;
      }
      if (d.scale() > 1000) {
        throw r.malformed("json: " + s + " is not an integer");
      }
      try {
        return d.toBigIntegerExact();
      } catch (ArithmeticException e) {
        throw r.malformed("json: " + s + " is not an integer");
      }
    }
  }

  static final class OptionalCodec extends JsonCodec {
    private final JsonCodec inner;

    OptionalCodec(JsonCodec inner) {
      this.inner = inner;
    }

    @Override public void write(JsonWriter w, Object v) {
      Object x = v == null ? null : ((Optional<?>) v).orElse(null);
      if (x == null) {
        w.writeNull();
      } else {
        inner.write(w, x);
      }
    }

    @Override public Object read(JsonReader r) {
      return r.nextIsNull() ? Optional.empty() : Optional.ofNullable(inner.read(r));
    }
  }

  /** A collection or an array as a JSON array. */
  static final class ArrayCodec extends JsonCodec {
    private final JsonCodec element;
    private final Class<?> component; // arrays
    private final MethodHandle create; // collections

    ArrayCodec(JsonCodec element, Class<?> component, Class<?> concrete) {
      this.element = element;
      this.component = component;
      this.create = concrete == null ? null : constructor(concrete);
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
        return;
      }
      w.open('[');
      if (component != null) {
        if (v instanceof int[]) {
          int[] a = (int[]) v;
          for (int i = 0; i < a.length; i++) {
            if (i > 0) w.raw(',');
            w.number(a[i]);
          }
        } else if (v instanceof long[]) {
          long[] a = (long[]) v;
          for (int i = 0; i < a.length; i++) {
            if (i > 0) w.raw(',');
            w.number(a[i]);
          }
        } else if (v instanceof double[]) {
          double[] a = (double[]) v;
          for (int i = 0; i < a.length; i++) {
            if (i > 0) w.raw(',');
            w.number(a[i]);
          }
        } else {
          int n = Array.getLength(v);
          for (int i = 0; i < n; i++) {
            if (i > 0) w.raw(',');
            element.write(w, Array.get(v, i));
          }
        }
      } else {
        boolean first = true;
        for (Object e : (Collection<?>) v) {
          if (!first) w.raw(',');
          first = false;
          element.write(w, e);
        }
      }
      w.close(']');
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object read(JsonReader r) {
      if (r.nextIsNull()) {
        return null;
      }
      r.startArray();
      if (component == null) {
        return readCollection(r);
      }
      List<Object> list = new ArrayList<>();
      if (r.firstElement()) {
        do {
          Object e = element.read(r);
          if (e == null && component != null && component.isPrimitive()) {
            throw r.malformed("json: null in an array of " + component);
          }
          list.add(e);
        } while (r.nextElement());
      }
      Object a = Array.newInstance(component, list.size());
      for (int i = 0; i < list.size(); i++) {
        Array.set(a, i, list.get(i));
      }
      return a;
    }

    /** The elements straight into the collection (an {@code ArrayList} unless a concrete class is declared). */
    @SuppressWarnings("unchecked")
    private Object readCollection(JsonReader r) {
      Collection<Object> c = create == null ? new ArrayList<>() : (Collection<Object>) newInstance(create);
      if (r.firstElement()) {
        do {
          Object e = element.read(r);
          try {
            c.add(e);
          } catch (RuntimeException x) {
            throw new BrineException("json: cannot fill a " + c.getClass().getName() + ": " + x, x);
          }
        } while (r.nextElement());
      }
      return c;
    }
  }

  /** A map as a JSON object; keys as strings. */
  static final class MapCodec extends JsonCodec {
    private final Function<String, Object> parseKey;
    private final JsonCodec value;
    private final MethodHandle create;

    MapCodec(Function<String, Object> parseKey, JsonCodec value, Class<?> concrete) {
      this.parseKey = parseKey;
      this.value = value;
      this.create = constructor(concrete);
    }

    @Override public void write(JsonWriter w, Object v) {
      if (v == null) {
        w.writeNull();
        return;
      }
      w.open('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (!first) w.raw(',');
        first = false;
        Object k = e.getKey();
        if (k == null) {
          throw new BrineException("json: a map with a null key");
        }
        w.string(k instanceof Enum ? ((Enum<?>) k).name() : k.toString());
        w.raw(':');
        value.write(w, e.getValue());
      }
      w.close('}');
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object read(JsonReader r) {
      if (r.nextIsNull()) {
        return null;
      }
      r.startObject();
      Map<Object, Object> m = (Map<Object, Object>) newInstance(create);
      if (r.firstField()) {
        do {
          String name = r.fieldName();
          Object k;
          try {
            k = parseKey.apply(name);
          } catch (RuntimeException e) {
            String shown = name.length() > 100 ? name.substring(0, 100) + "…(" + name.length() + " chars)" : name;
            throw r.malformed("json: map key \"" + shown + "\" cannot be read: " + e.getMessage());
          }
          m.put(k, value.read(r));
        } while (r.nextField());
      }
      return m;
    }
  }

  static MethodHandle constructor(Class<?> c) {
    try {
      return MethodHandles.publicLookup().findConstructor(c, MethodType.methodType(void.class))
          .asType(MethodType.methodType(Object.class));
    } catch (ReflectiveOperationException e) {
      throw new BrineException("json: cannot create " + c.getName() + ": " + e, e);
    }
  }

  static Object newInstance(MethodHandle create) {
    try {
      return create.invokeExact();
    } catch (Throwable t) {
      throw new BrineException("json: cannot create a container: " + t, t);
    }
  }

  static Object parseNumberKey(Class<?> c, String s) {
    if (s.length() > 1000) { // as for number values: BigInteger's parser takes time quadratic in the digits
      throw new IllegalArgumentException("a number of more than 1000 characters");
    }
    if (c == Integer.class) return Integer.valueOf(s);
    if (c == Long.class) return Long.valueOf(s);
    if (c == Short.class) return Short.valueOf(s);
    if (c == Byte.class) return Byte.valueOf(s);
    if (c == Double.class) return Double.valueOf(s);
    if (c == Float.class) return Float.valueOf(s);
    if (c == BigInteger.class) return new BigInteger(s);
    return new BigDecimal(s);
  }
}
