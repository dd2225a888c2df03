package dev.brine.json.codec;

import dev.brine.BrineException;
import dev.brine.codegen.Nestmates;
import dev.brine.json.io.JsonReader;
import dev.brine.json.io.JsonWriter;
import dev.brine.plan.ClassModel;
import dev.brine.plan.FieldModel;
import dev.brine.plan.Instantiator;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The interpreted object codec: fields read and set through method handles, each value through its
 * {@link JsonCodec}. The fallback where code cannot be generated; it writes the same bytes as the
 * generated codec.
 */
final class ReflectiveObjectCodec extends ObjectCodec {
  private final JsonCodec[] codecs;
  private final byte[][] prefixes;
  private final MethodHandle[] getters;
  private final MethodHandle[] setters;
  private final Object[] defaults;
  private final MethodHandle construct;
  private final Instantiator instantiator;

  ReflectiveObjectCodec(ClassModel model, List<JsonCodec> codecs) {
    super(model.type, model.fields.stream().map(f -> f.name).collect(Collectors.toList()));
    int n = model.fields.size();
    this.codecs = codecs.toArray(new JsonCodec[0]);
    prefixes = new byte[n][];
    getters = new MethodHandle[n];
    setters = new MethodHandle[n];
    defaults = new Object[n];
    for (int i = 0; i < n; i++) {
      FieldModel f = model.fields.get(i);
      prefixes[i] = prefix(f.name, i == 0);
      getters[i] = getter(f);
      defaults[i] = defaultOf(f.type());
    }
    if (model.record) {
      Constructor<?> c;
      try {
        c = model.canonicalConstructor();
      } catch (BrineException e) {
        try {
          c = model.type.getConstructor(model.fields.stream().map(FieldModel::type).toArray(Class<?>[]::new));
        } catch (NoSuchMethodException e2) {
          throw e;
        }
      }
      try {
        construct = MethodHandles.publicLookup().unreflectConstructor(c).asSpreader(Object[].class, n)
            .asType(MethodType.methodType(Object.class, Object[].class));
      } catch (IllegalAccessException e) {
        throw new BrineException("json: cannot construct " + type.getName() + ": " + e, e);
      }
      instantiator = null;
    } else {
      construct = null;
      instantiator = model.instantiator();
      for (int i = 0; i < n; i++) {
        setters[i] = setter(model.fields.get(i));
      }
    }
  }

  /** What an absent record component gets: 0, false, {@code Optional.empty()} (as Jackson's Jdk8Module gives a creator), else null. */
  static Object defaultOf(Class<?> c) {
    if (c == java.util.Optional.class) return java.util.Optional.empty();
    if (!c.isPrimitive()) return null;
    if (c == int.class) return 0;
    if (c == long.class) return 0L;
    if (c == double.class) return 0d;
    if (c == float.class) return 0f;
    if (c == boolean.class) return false;
    if (c == short.class) return (short) 0;
    if (c == byte.class) return (byte) 0;
    return '\0';
  }

  private static MethodHandle getter(FieldModel f) {
    MethodHandle mh;
    try {
      mh = Nestmates.getter(f.field);
    } catch (BrineException e) {
      try {
        if (Modifier.isPublic(f.field.getModifiers()) && Modifier.isPublic(f.declaringClass().getModifiers())) {
          mh = MethodHandles.publicLookup().unreflectGetter(f.field);
        } else if (f.declaringClass().isRecord()) {
          Method m = f.declaringClass().getMethod(f.name);
          mh = MethodHandles.publicLookup().unreflect(m);
        } else {
          throw e;
        }
      } catch (ReflectiveOperationException e2) {
        throw e;
      }
    }
    return mh.asType(MethodType.methodType(Object.class, Object.class));
  }

  private static MethodHandle setter(FieldModel f) {
    MethodHandle mh;
    try {
      mh = Nestmates.setter(f.field);
    } catch (BrineException e) {
      int m = f.field.getModifiers();
      if (!Modifier.isPublic(m) || Modifier.isFinal(m)) {
        throw e;
      }
      try {
        mh = MethodHandles.publicLookup().unreflectSetter(f.field);
      } catch (IllegalAccessException e2) {
        throw e;
      }
    }
    return mh.asType(MethodType.methodType(void.class, Object.class, Object.class));
  }

  @Override
  protected void writeObject(JsonWriter w, Object v) {
    for (int i = 0; i < codecs.length; i++) {
      w.raw(prefixes[i]);
      Object x;
      try {
        x = getters[i].invokeExact(v);
      } catch (Throwable t) {
        throw rethrow(t);
      }
      codecs[i].write(w, x);
    }
  }

  @Override
  protected Object readObject(JsonReader r) {
    if (construct == null) {
      return readPojo(r);
    }
    Object[] values = defaults.clone();
    if (r.firstField()) {
      int hint = 0;
      do {
        int i = r.matchField(names, hint);
        if (i < 0) {
          r.skipValue();
        } else {
          values[i] = codecs[i].read(r);
          hint = i + 1;
        }
      } while (r.nextField());
    }
    try {
      if (construct != null) {
        return construct.invokeExact(values);
      }
      Object o = instantiator.newInstance();
      for (int i = 0; i < setters.length; i++) {
        setters[i].invokeExact(o, values[i]);
      }
      return o;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** A class that is not a record: created first, fields set as read (absent ones keep what the constructor set, as with Jackson). */
  private Object readPojo(JsonReader r) {
    Object o = instantiator.newInstance();
    if (r.firstField()) {
      int hint = 0;
      do {
        int i = r.matchField(names, hint);
        if (i < 0) {
          r.skipValue();
        } else {
          Object v = codecs[i].read(r);
          try {
            setters[i].invokeExact(o, v);
          } catch (Throwable t) {
            throw rethrow(t);
          }
          hint = i + 1;
        }
      } while (r.nextField());
    }
    return o;
  }

  private RuntimeException rethrow(Throwable t) {
    if (t instanceof BrineException) {
      return (BrineException) t;
    }
    return new BrineException("json: " + type.getName() + ": " + t, t);
  }
}
