package dev.brine.javaser;

import dev.brine.BrineException;
import dev.brine.registry.ClassInfo;
import java.io.Externalizable;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;

/**
 * Java serialization's hooks, honoured for {@link Serializable} classes the way ObjectOutputStream
 * does: {@code writeReplace()} substitutes another object before writing, {@code readResolve()}
 * substitutes one after reading (this is how Scala's {@code None}, {@code Nil} and case objects come
 * back as the same singleton), and classes that define {@code writeObject(ObjectOutputStream)} /
 * {@code readObject(ObjectInputStream)} or are {@link Externalizable} are written through Java
 * serialization itself ({@link JavaStreamSerializer}).
 */
public final class JavaHooks {
  private JavaHooks() {}

  private static final MethodType OBJECT_TO_OBJECT = MethodType.methodType(Object.class, Object.class);

  /**
   * Sets {@code info}'s writeReplace/readResolve handles if its class has them. A class written through
   * Java serialization itself ({@link #needsJavaStream}, {@link #closedSerializable}) gets none: the
   * stream applies its hooks (a readResolve applied again to what the stream returned, which may be of
   * another class, as a serialization proxy's is, would be wrong).
   */
  public static void apply(ClassInfo info) {
    Class<?> c = info.type;
    if (!Serializable.class.isAssignableFrom(c) || c.isArray() || c.isEnum() || needsJavaStream(c) || closedSerializable(c)) {
      return;
    }
    info.writeReplace = find(c, "writeReplace");
    info.readResolve = find(c, "readResolve");
  }

  /** Whether instances must go through Java serialization (custom writeObject/readObject, Externalizable). */
  public static boolean needsJavaStream(Class<?> c) {
    if (!Serializable.class.isAssignableFrom(c)) {
      return false;
    }
    if (Externalizable.class.isAssignableFrom(c)) {
      return true;
    }
    if (elementsOnly(c)) {
      return false; // the hooks are the JDK collection's, which Brine writes element by element
    }
    for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
      if (declares(k, "writeObject", ObjectOutputStream.class) || declares(k, "readObject", ObjectInputStream.class)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The JDK collections and maps whose Java serialization form is their elements (and sizing hints):
   * a subclass that adds nothing is rebuilt exactly by its no-arg constructor and its elements. Not the
   * sorted ones, queues with a comparator, or {@code Vector}, whose form holds more.
   */
  private static final Set<Class<?>> ELEMENTS_FORM = Set.of(java.util.ArrayList.class, java.util.LinkedList.class,
      java.util.ArrayDeque.class, java.util.HashSet.class, java.util.LinkedHashSet.class, java.util.HashMap.class,
      java.util.LinkedHashMap.class, java.util.Hashtable.class, java.util.IdentityHashMap.class,
      java.util.concurrent.ConcurrentHashMap.class, java.util.concurrent.CopyOnWriteArrayList.class,
      java.util.concurrent.ConcurrentLinkedQueue.class, java.util.concurrent.ConcurrentLinkedDeque.class);

  /**
   * Whether {@code c} is a class of one's own (open to Brine, not Externalizable) that extends one of
   * {@link #ELEMENTS_FORM} and adds no non-transient instance field and no {@code writeObject}/{@code
   * readObject} of its own, and has a no-arg constructor (a {@code class Tags extends ArrayList<String> {}}):
   * it is written element by
   * element, as Brine writes the JDK class, so its elements need not be Serializable and references
   * among them and to the rest of the graph are kept. A field of its own (a label) keeps Java
   * serialization's form, which has it.
   */
  public static boolean elementsOnly(Class<?> c) {
    if (!(java.util.Collection.class.isAssignableFrom(c) || java.util.Map.class.isAssignableFrom(c))
        || Externalizable.class.isAssignableFrom(c) || c.getName().startsWith("java.") || !open(c)) {
      return false;
    }
    Class<?> k = c;
    for (; k != null && !ELEMENTS_FORM.contains(k); k = k.getSuperclass()) {
      if (k.getName().startsWith("java.") || declares(k, "writeObject", ObjectOutputStream.class)
          || declares(k, "readObject", ObjectInputStream.class)) {
        return false; // another JDK class in between, or hooks of its own
      }
      if (declaresState(k)) {
        return false;
      }
    }
    if (k == null) {
      return false;
    }
    try {
      c.getDeclaredConstructor(); // rebuilt by it; without one, Java serialization's form
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** Whether {@code k} itself declares a non-static, non-transient field: state Java serialization writes. */
  public static boolean declaresState(Class<?> k) {
    for (java.lang.reflect.Field f : k.getDeclaredFields()) {
      int m = f.getModifiers();
      if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
        return true;
      }
    }
    return false;
  }

  /** Whether Brine may reach the private members of {@code c}: its module opens its package to Brine (every class-path class). */
  public static boolean open(Class<?> c) {
    return c.isArray() || c.isPrimitive() || c.getModule().isOpen(c.getPackageName(), JavaHooks.class.getModule());
  }

  /**
   * Whether {@code c} is Serializable but its package is not open to Brine (a JDK class, or one of a
   * named module), so that only Java serialization can reach its state: such a class without a
   * built-in serializer is written in its own Java serialization form.
   */
  public static boolean closedSerializable(Class<?> c) {
    return Serializable.class.isAssignableFrom(c) && !c.isEnum() && !c.isArray() && !c.isRecord() && !open(c);
  }

  private static boolean declares(Class<?> k, String name, Class<?> param) {
    try {
      Method m = k.getDeclaredMethod(name, param);
      return Modifier.isPrivate(m.getModifiers()) && !Modifier.isStatic(m.getModifiers());
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** A no-arg, Object-returning hook as ObjectStreamClass finds it (inherited unless private elsewhere). */
  private static ClassInfo.Hook find(Class<?> c, String name) {
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      Method m;
      try {
        m = k.getDeclaredMethod(name);
      } catch (NoSuchMethodException e) {
        continue;
      }
      int mod = m.getModifiers();
      if (m.getReturnType() != Object.class || Modifier.isStatic(mod) || Modifier.isAbstract(mod)) {
        return null;
      }
      boolean visible = k == c || Modifier.isPublic(mod) || Modifier.isProtected(mod)
          || (!Modifier.isPrivate(mod) && k.getPackageName().equals(c.getPackageName()) && k.getClassLoader() == c.getClassLoader());
      if (!visible) {
        return null;
      }
      try {
        m.setAccessible(true);
        return new Handle(MethodHandles.lookup().unreflect(m).asType(OBJECT_TO_OBJECT));
      } catch (IllegalAccessException | RuntimeException e) {
        throw new BrineException("cannot access " + k.getName() + "." + name + "(): " + e.getMessage(), e);
      }
    }
    return null;
  }

  /** A user class's hook method, called through its method handle. */
  private static final class Handle implements ClassInfo.Hook {
    private final MethodHandle method;

    Handle(MethodHandle method) {
      this.method = method;
    }

    @Override
    public Object apply(Object value) throws Throwable {
      return method.invokeExact(value);
    }
  }
}
