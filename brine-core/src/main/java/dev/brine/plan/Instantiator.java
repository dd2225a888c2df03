package dev.brine.plan;

import dev.brine.BrineException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;

/**
 * Creates instances of a class for deserialization: through its no-arg constructor when it has one
 * (any access), otherwise like Java serialization does, without running a constructor of the class
 * ({@code sun.reflect.ReflectionFactory} from the jdk.unsupported module, reached reflectively; the
 * Unsafe class is never used).
 */
public final class Instantiator {
  private final Class<?> type;
  private final MethodHandle constructor;

  private Instantiator(Class<?> type, MethodHandle constructor) {
    this.type = type;
    this.constructor = constructor;
  }

  /**
   * An instantiator for {@code type}.
   *
   * @throws BrineException if the class is abstract or no way to create it exists
   */
  public static Instantiator of(Class<?> type) {
    if (Modifier.isAbstract(type.getModifiers()) || type.isInterface()) {
      throw new BrineException("cannot instantiate abstract class or interface " + type.getName());
    }
    Constructor<?> ctor = null;
    try {
      Constructor<?> c = type.getDeclaredConstructor();
      c.setAccessible(true);
      ctor = c;
    } catch (NoSuchMethodException | RuntimeException e) {
      // no usable no-arg constructor: fall back below
    }
    if (ctor == null) {
      // A serialization constructor must be called through reflection: a method handle made from it
      // would create an instance of the declaring class of the constructor it borrows (Object).
      Constructor<?> sc = serializationConstructor(type);
      MethodHandle invoke = REFLECTIVE_NEW.bindTo(sc);
      return new Instantiator(type, invoke);
    }
    try {
      MethodHandle mh = MethodHandles.lookup().unreflectConstructor(ctor)
          .asType(MethodType.methodType(Object.class));
      return new Instantiator(type, mh);
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot access a constructor of " + type.getName() + ": " + e.getMessage(), e);
    }
  }

  /** A new instance with default field values (or those its no-arg constructor sets). */
  public Object newInstance() {
    try {
      return constructor.invokeExact();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new BrineException("constructing " + type.getName() + " failed: " + t, t);
    }
  }

  /** The constructor handle, type {@code ()Object}; for generated code. */
  public MethodHandle handle() {
    return constructor;
  }

  private static final MethodHandle REFLECTIVE_NEW;

  static {
    try {
      REFLECTIVE_NEW = MethodHandles.lookup().findStatic(Instantiator.class, "reflectiveNew",
          MethodType.methodType(Object.class, Constructor.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("unused") // called through REFLECTIVE_NEW
  private static Object reflectiveNew(Constructor<?> c) throws ReflectiveOperationException {
    return c.newInstance();
  }

  private static Constructor<?> serializationConstructor(Class<?> type) {
    try {
      Class<?> rf = Class.forName("sun.reflect.ReflectionFactory");
      Object factory = rf.getMethod("getReflectionFactory").invoke(null);
      Constructor<?> objectCtor = Object.class.getDeclaredConstructor();
      Constructor<?> c = (Constructor<?>) rf.getMethod("newConstructorForSerialization", Class.class, Constructor.class)
          .invoke(factory, type, objectCtor);
      c.setAccessible(true);
      return c;
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new BrineException("cannot create instances of " + type.getName()
          + ": it has no no-arg constructor and the JDK's serialization constructor is unavailable (" + e + ")", e);
    }
  }
}
