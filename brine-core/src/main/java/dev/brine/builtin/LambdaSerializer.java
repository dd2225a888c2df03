package dev.brine.builtin;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.registry.TypeRegistry;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Serializable lambdas and method references ({@link dev.brine.registry.TypeIds#SERIALIZED_LAMBDA}),
 * through their {@link SerializedLambda}, the form Java serialization gives them. Written: the
 * lambda's {@code writeReplace()} is run by Java serialization itself ({@link JavaForm}), and the
 * SerializedLambda's public getters give the capturing class, the functional interface and the
 * implementation method (9 {@code string}s and a {@code varuint32} kind, in constructor order) and the
 * captured arguments ({@code n:varuint32} + tagged values). Read: the capturing class is checked like
 * a by-name class, and its {@code $deserializeLambda$} (which rebuilds only lambdas the class itself
 * compiled) is called through a lookup Brine may use: one the class's module opens to Brine (every
 * class-path class), one the user gave ({@code Brine.Builder.lookup}), or else Java serialization's
 * own lambda resolution on the SerializedLambda alone, with the captured arguments Brine read handed
 * back in place.
 */
final class LambdaSerializer implements Serializer<Object> {
  private static final MethodType DESERIALIZE = MethodType.methodType(Object.class, SerializedLambda.class);
  private final List<MethodHandles.Lookup> lookups;
  private final Set<String> checked = ConcurrentHashMap.newKeySet();
  private final ConcurrentHashMap<Class<?>, MethodHandle> deserializers = new ConcurrentHashMap<>();

  LambdaSerializer(List<MethodHandles.Lookup> lookups) {
    this.lookups = lookups;
  }

  /** The writeReplace hook of a serializable lambda's class: its SerializedLambda, from Java serialization. */
  static Object replace(Object lambda) {
    Object replaced = JavaForm.capture(lambda, false).replaced;
    if (!(replaced instanceof SerializedLambda)) {
      throw new BrineException("the serializable " + lambda.getClass().getName() + " gave no SerializedLambda");
    }
    return replaced;
  }

  /** Writes a SerializedLambda (what the hook of a lambda's class gives). */
  @Override
  public void write(WriteContext c0, Object value) {
    WriteSession c = (WriteSession) c0;
    SerializedLambda v = (SerializedLambda) value;
    String capturing = v.getCapturingClass().replace('/', '.');
    if (!checked.contains(capturing)) {
      try {
        c.registry().loadChecked(capturing, 0);
      } catch (BrineException e) {
        throw new BrineException("a lambda of " + capturing + " could not be read back: " + e.getMessage(), e);
      }
      checked.add(capturing);
    }
    c.writeString(v.getCapturingClass());
    c.writeString(v.getFunctionalInterfaceClass());
    c.writeString(v.getFunctionalInterfaceMethodName());
    c.writeString(v.getFunctionalInterfaceMethodSignature());
    c.writeVarUInt32(v.getImplMethodKind());
    c.writeString(v.getImplClass());
    c.writeString(v.getImplMethodName());
    c.writeString(v.getImplMethodSignature());
    c.writeString(v.getInstantiatedMethodType());
    int n = v.getCapturedArgCount();
    c.writeVarUInt32(n);
    for (int i = 0; i < n; i++) {
      c.writeObject(v.getCapturedArg(i));
    }
  }

  /** Reads the lambda itself: the rebuilt lambda, not its SerializedLambda. */
  @Override
  public Object read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
    int at = c.position();
    String capturing = c.readString();
    String fic = c.readString();
    String fimn = c.readString();
    String fims = c.readString();
    int kind = c.readVarUInt32();
    String implClass = c.readString();
    String implName = c.readString();
    String implSig = c.readString();
    String instantiated = c.readString();
    Class<?> cc = c.registry().loadChecked(capturing.replace('/', '.'), at);
    int n = c.readLength("captured arguments", 1);
    Object[] args = new Object[n];
    for (int i = 0; i < n; i++) {
      args[i] = c.readObject();
    }
    SerializedLambda sl = new SerializedLambda(cc, fic, fimn, fims, kind, implClass, implName, implSig, instantiated, args);
    MethodHandle h = deserializer(cc, at);
    try {
      return h != null ? h.invokeExact(sl) : viaJavaSerialization(sl, cc, args, c.registry(), at);
    } catch (BrineException | IllegalArgumentException e) {
      throw e instanceof BrineException ? (BrineException) e
          : new MalformedInputException("lambda at offset " + at + " is not one " + cc.getName() + " defines: " + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new BrineException("rebuilding a lambda of " + cc.getName() + " failed: " + t, t);
    }
  }

  /** The capturing class's {@code $deserializeLambda$} through a lookup Brine may use, or null. */
  private MethodHandle deserializer(Class<?> cc, int at) {
    MethodHandle h = deserializers.get(cc);
    if (h != null) {
      return h;
    }
    h = find(cc, MethodHandles.lookup());
    for (int i = 0; h == null && i < lookups.size(); i++) {
      h = find(cc, lookups.get(i));
    }
    if (h != null) {
      deserializers.put(cc, h);
    }
    return h;
  }

  private static MethodHandle find(Class<?> cc, MethodHandles.Lookup base) {
    try {
      return MethodHandles.privateLookupIn(cc, base).findStatic(cc, "$deserializeLambda$", DESERIALIZE);
    } catch (IllegalAccessException | NoSuchMethodException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Java serialization resolves a SerializedLambda with the JDK's own access: a SerializedLambda whose
   * captured arguments are placeholders is written and read back, and the reader puts the arguments
   * back in place of the placeholders, so nothing but the SerializedLambda goes through the stream.
   */
  private static Object viaJavaSerialization(SerializedLambda sl, Class<?> cc, Object[] args, TypeRegistry registry, int at) {
    Object[] placeholders = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      placeholders[i] = Integer.valueOf(i);
    }
    SerializedLambda form = new SerializedLambda(cc, sl.getFunctionalInterfaceClass(), sl.getFunctionalInterfaceMethodName(),
        sl.getFunctionalInterfaceMethodSignature(), sl.getImplMethodKind(), sl.getImplClass(), sl.getImplMethodName(),
        sl.getImplMethodSignature(), sl.getInstantiatedMethodType(), placeholders);
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(form);
      }
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
        {
          enableResolveObject(true);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
          String name = desc.getName();
          if (name.equals(cc.getName())) {
            return cc;
          }
          if (name.equals(SerializedLambda.class.getName()) || name.equals("[Ljava.lang.Object;")
              || name.equals("java.lang.Integer") || name.equals("java.lang.Number")) {
            return super.resolveClass(desc);
          }
          throw new InvalidClassException(name, "not part of a SerializedLambda");
        }

        @Override
        protected Object resolveObject(Object obj) {
          return obj instanceof Integer ? args[(Integer) obj] : obj;
        }
      }) {
        return in.readObject();
      }
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      throw new BrineException("cannot rebuild a lambda of " + cc.getName() + " at offset " + at + " (" + e + "): give"
          + " Brine access with Brine.builder().lookup(MethodHandles.lookup()) called in " + cc.getName()
          + "'s module, or open its package to brine.core", e);
    }
  }
}
