package dev.brine.protobuf.codec;

import dev.brine.BrineException;
import dev.brine.codegen.Nestmates;
import dev.brine.plan.FieldModel;
import dev.brine.plan.Instantiator;
import dev.brine.protobuf.plan.MessagePlan;
import dev.brine.protobuf.plan.ProtoField;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.ProtoWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The interpreted codec: one {@link FieldCodec} per field, values read and set through method
 * handles. The fallback where code cannot be generated (a class its module does not open to Brine:
 * then only public fields, or a public record's accessors and constructor, can be used); it writes
 * the same bytes as the generated codec.
 */
final class ReflectiveCodec extends MessageCodec {
  private final FieldCodec[] fields;
  private final MethodHandle[] getters;
  private final MethodHandle[] setters;
  private final int[] byTag; // tag -> index + 1 for small tags
  private final Map<Integer, Integer> byLargeTag = new HashMap<>();
  private final MethodHandle construct; // record: (Object[])Object
  private final Instantiator instantiator;
  private final int[] componentOf; // record: component index -> field index

  ReflectiveCodec(MessagePlan plan, Codecs codecs) {
    super(plan.type);
    List<ProtoField> fs = plan.fields;
    int n = fs.size();
    fields = new FieldCodec[n];
    getters = new MethodHandle[n];
    setters = new MethodHandle[n];
    int maxSmall = 0;
    for (int i = 0; i < n; i++) {
      fields[i] = codecs.field(fs.get(i));
      getters[i] = getter(fs.get(i).model);
      for (int t : fields[i].tags()) {
        maxSmall = t >= 0 && t < 1024 ? Math.max(maxSmall, t) : maxSmall; // tags of numbers >= 2^28 are negative ints
      }
    }
    byTag = new int[maxSmall + 1];
    for (int i = 0; i < n; i++) {
      for (int t : fields[i].tags()) {
        if (t >= 0 && t < byTag.length) {
          byTag[t] = i + 1;
        } else {
          byLargeTag.put(t, i + 1);
        }
      }
    }
    if (plan.model.record) {
      Constructor<?> c = canonical(plan);
      try {
        construct = MethodHandles.publicLookup().unreflectConstructor(c).asSpreader(Object[].class, n)
            .asType(MethodType.methodType(Object.class, Object[].class));
      } catch (IllegalAccessException e) {
        throw new BrineException("protobuf: cannot construct " + type.getName() + ": " + e, e);
      }
      componentOf = new int[n];
      for (int i = 0; i < n; i++) {
        componentOf[fs.get(i).model.index] = i;
      }
      instantiator = null;
    } else {
      construct = null;
      componentOf = null;
      instantiator = plan.model.instantiator();
      for (int i = 0; i < n; i++) {
        setters[i] = setter(fs.get(i).model);
      }
    }
  }

  private static Constructor<?> canonical(MessagePlan plan) {
    try {
      return plan.model.canonicalConstructor();
    } catch (BrineException e) {
      Class<?>[] params = plan.model.fields.stream().map(FieldModel::type).toArray(Class<?>[]::new);
      try {
        Constructor<?> c = plan.type.getConstructor(params);
        return c;
      } catch (NoSuchMethodException e2) {
        throw e;
      }
    }
  }

  private static MethodHandle getter(FieldModel f) {
    MethodHandle mh;
    try {
      mh = Nestmates.getter(f.field);
    } catch (BrineException e) {
      mh = publicGetter(f, e);
    }
    return mh.asType(MethodType.methodType(Object.class, Object.class));
  }

  private static MethodHandle publicGetter(FieldModel f, BrineException cause) {
    try {
      if (Modifier.isPublic(f.field.getModifiers()) && Modifier.isPublic(f.declaringClass().getModifiers())) {
        return MethodHandles.publicLookup().unreflectGetter(f.field);
      }
      if (f.declaringClass().isRecord()) {
        Method m = f.declaringClass().getMethod(f.name);
        return MethodHandles.publicLookup().unreflect(m);
      }
    } catch (ReflectiveOperationException e) {
      // below
    }
    throw cause;
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
  public void write(ProtoWriter w, Object message) {
    for (int i = 0; i < fields.length; i++) {
      Object v;
      try {
        v = getters[i].invokeExact(message);
      } catch (Throwable t) {
        throw rethrow(t);
      }
      fields[i].write(w, v);
    }
  }

  @Override
  public Object read(ProtoReader r) {
    Object[] acc = new Object[fields.length];
    while (!r.atEnd()) {
      int tag = r.readTag();
      int i = tag >= 0 && tag < byTag.length ? byTag[tag] : byLargeTag.getOrDefault(tag, 0);
      if (i == 0) {
        r.skipField(tag);
      } else {
        acc[i - 1] = fields[i - 1].read(r, tag, acc[i - 1]);
      }
    }
    for (int i = 0; i < fields.length; i++) {
      acc[i] = fields[i].finish(acc[i]);
    }
    try {
      if (construct != null) {
        Object[] args = new Object[acc.length];
        for (int c = 0; c < args.length; c++) {
          args[c] = acc[componentOf[c]];
        }
        return construct.invokeExact(args);
      }
      Object o = instantiator.newInstance();
      for (int i = 0; i < fields.length; i++) {
        setters[i].invokeExact(o, acc[i]);
      }
      return o;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private RuntimeException rethrow(Throwable t) {
    if (t instanceof BrineException) {
      return (BrineException) t;
    }
    return new BrineException("protobuf: " + type.getName() + ": " + t, t);
  }
}
