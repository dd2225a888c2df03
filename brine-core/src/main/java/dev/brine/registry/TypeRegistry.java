package dev.brine.registry;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.MalformedInputException;
import dev.brine.security.ClassFilter;
import dev.brine.serializer.Serializer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Maps classes to {@link ClassInfo}s and wire ids back to classes. Built-in and registered classes
 * are known at build time; others are resolved on first use (by-name classes only when registration
 * is not required, and never a class on the deny-list). Thread-safe; lookups of known classes take
 * no lock.
 */
public final class TypeRegistry {
  /** Creates serializers for classes that have none registered (POJOs, records, enums, arrays…). */
  public interface SerializerFactory {
    /** A serializer for {@code type}; may look up other classes through {@code registry}. */
    Serializer<?> create(Class<?> type, TypeRegistry registry);

    /** Whether values of {@code type} take part in reference tracking. */
    boolean tracked(Class<?> type);

    /** Whether values of {@code type} may contain other values. */
    boolean composite(Class<?> type);

    /** Sets the Java-serialization hooks ({@code writeReplace}, {@code readResolve}) that apply to {@code info}. */
    void hooks(ClassInfo info);

    /**
     * A serializer for {@code type} in format 1 (docs/format.md), for payloads written by earlier
     * versions; null when its format-1 bytes are its format-2 bytes (everything but plain classes and
     * records).
     */
    Serializer<?> createLegacy(Class<?> type, Serializer<?> current, TypeRegistry registry);
  }

  /**
   * Built-ins resolved on first use rather than at build time (the JDK block, {@link TypeIds#JDK_FIRST}):
   * a class is looked up by name the first time it is seen, an id the first time it is read.
   */
  public interface LazyTypes {
    /**
     * Registers the built-in for {@code type} (with {@link #registerFixed} and {@link #registerAlias})
     * if there is one; returns whether it did. Called once per class, under the registry's lock.
     */
    boolean register(TypeRegistry registry, Class<?> type);

    /** Registers the built-in with wire id {@code id} if there is one; returns whether it did. */
    boolean register(TypeRegistry registry, int id);
  }

  private final ClassInfo[] byId = new ClassInfo[TypeIds.END_MODULE];
  private LazyTypes lazy;
  private final ConcurrentHashMap<Class<?>, ClassInfo> byClass = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, ClassInfo> byName = new ConcurrentHashMap<>();
  private final Map<Class<?>, ClassInfo> pending = new HashMap<>();
  private final List<ClassInfo> toComplete = new ArrayList<>();
  private final List<ClassInfo> inProgress = new ArrayList<>();
  private int creating;
  private final boolean requireRegistration;
  private final ClassFilter filter;
  private final ClassLoader loader;
  private SerializerFactory factory;

  /** Creates an empty registry. */
  public TypeRegistry(boolean requireRegistration, ClassFilter filter, ClassLoader loader) {
    this.requireRegistration = requireRegistration;
    this.filter = filter;
    this.loader = loader;
  }

  /** Sets the factory for classes without a registered serializer; called once while building. */
  public void factory(SerializerFactory factory) {
    this.factory = factory;
  }

  /** Sets the built-ins that are resolved on first use; called once while building. */
  public void lazyTypes(LazyTypes lazy) {
    this.lazy = lazy;
  }

  /** Whether classes must be registered. */
  public boolean requireRegistration() {
    return requireRegistration;
  }

  // ---------------------------------------------------------------- building

  /**
   * Registers a built-in or module type under a fixed id; {@code aliases} are other classes written
   * with the same id (e.g. the JDK's several immutable list classes).
   */
  public synchronized void registerFixed(int id, Class<?> type, Serializer<?> serializer, boolean tracked,
      boolean composite, Class<?>... aliases) {
    ClassInfo info = new ClassInfo(type, id, serializer, tracked, composite);
    if (byId[id] != null) {
      throw new BrineException("type id " + id + " is taken by " + byId[id].type.getName()
          + "; cannot register " + type.getName());
    }
    byId[id] = info;
    byClass.put(type, info);
    for (Class<?> alias : aliases) {
      byClass.put(alias, new ClassInfo(alias, id, serializer, tracked, composite));
    }
  }

  /**
   * Registers an extension module's type under its fixed id with the module's own serializer, which
   * Brine's object layouts then never bypass.
   */
  public synchronized void registerModule(int id, Class<?> type, Serializer<?> serializer) {
    registerFixed(id, type, serializer, true, true);
    byId[id].custom = true;
  }

  /**
   * Registers a built-in id for reading only: the class is written with it once {@link LazyTypes} maps
   * it there (on first use, with any per-value hook it needs).
   */
  public synchronized void registerId(int id, Class<?> type, Serializer<?> serializer, boolean tracked, boolean composite) {
    if (byId[id] != null) {
      throw new BrineException("type id " + id + " is taken by " + byId[id].type.getName());
    }
    byId[id] = new ClassInfo(type, id, serializer, tracked, composite);
  }

  /**
   * An info that is not registered: what a payload's class descriptor stands for when it names a class
   * this side does not know, so that {@code serializer} reads through (skips) its values. Compatible
   * mode's arrays of unknown classes ({@code dev.brine.compat}).
   */
  public ClassInfo unregistered(Class<?> type, int id, Serializer<?> serializer, boolean tracked, boolean composite) {
    return new ClassInfo(type, id, serializer, tracked, composite);
  }

  /**
   * Writes {@code alias} with the id (and serializer) already registered as {@code id}, and returns its
   * new info (whose hooks the caller may set before anyone else sees it).
   */
  public synchronized ClassInfo registerAlias(int id, Class<?> alias) {
    ClassInfo main = byId[id];
    if (main == null) {
      throw new BrineException("type id " + id + " is not registered; cannot alias " + alias.getName());
    }
    ClassInfo info = byClass.get(alias);
    if (info == null) {
      info = new ClassInfo(alias, id, main.serializer, main.tracked, main.composite);
      byClass.put(alias, info);
    }
    return info;
  }

  /** Whether wire id {@code id} has a class (a built-in resolved on first use included, which this resolves). */
  public boolean hasId(int id) {
    return id >= 0 && id < byId.length && byId[id] != null;
  }

  /** Whether {@code type} already has an info (built-in or registered; a built-in resolved on first use is resolved now). */
  public boolean known(Class<?> type) {
    return byClass.containsKey(type) || (lazy != null && registerLazy(type));
  }

  private synchronized boolean registerLazy(Class<?> type) {
    return byClass.containsKey(type) || lazy.register(this, type);
  }

  /**
   * Registers a user class under {@code id}; its serializer is {@code serializer}, or one from the
   * factory when null (created by {@link #complete()}).
   */
  public synchronized void registerUser(int id, Class<?> type, Serializer<?> serializer) {
    if (byId[id] != null) {
      throw new BrineException("type id " + id + " is taken by " + byId[id].type.getName());
    }
    ClassInfo info = new ClassInfo(type, id, serializer, factory.tracked(type), factory.composite(type));
    info.custom = serializer != null;
    factory.hooks(info);
    byId[id] = info;
    byClass.put(type, info);
    if (serializer == null) {
      toComplete.add(info);
    }
  }

  /**
   * Registers a user class of compatible mode: every such class is written with the same tag {@code
   * typeId} ({@link TypeIds#COMPAT_OBJECT} or {@link TypeIds#COMPAT_ENUM}) and named by the class
   * definition its serializer writes, so registration order does not matter; the serializer comes
   * from the factory ({@link #complete()}). The tag itself is read through {@link #registerId}.
   */
  public synchronized void registerShared(int typeId, Class<?> type) {
    if (byClass.containsKey(type)) {
      throw new BrineException(type.getName() + " is registered twice");
    }
    ClassInfo info = new ClassInfo(type, typeId, null, factory.tracked(type), factory.composite(type));
    factory.hooks(info);
    byClass.put(type, info);
    toComplete.add(info);
  }

  /** Creates the factory serializers of registered classes; called once at the end of building. */
  public synchronized void complete() {
    for (ClassInfo info : toComplete) {
      completeNow(info);
    }
    toComplete.clear();
  }

  /**
   * Creates the serializer of a registered class now if it has none yet, so that a class referring to
   * it (a generated serializer calling it directly) can be created after it, whatever the order of
   * registration. A class whose serializer is being created (a cycle) is left as it is.
   */
  public synchronized void completeNow(ClassInfo info) {
    if (info.serializer == null && toComplete.contains(info) && !inProgress.contains(info) && instantiable(info.type)) {
      inProgress.add(info);
      creating++;
      try {
        info.serializer(factory.create(info.type, this));
      } finally {
        inProgress.remove(info);
        finishCreating();
      }
    }
  }

  /**
   * Puts {@code to} in place of {@code from} as the serializer of {@code type} (an {@link Upgradable}
   * replaced by its generated serializer, which writes the same bytes and has the same payload traits).
   * Threads that still hold {@code from} keep working: it delegates to {@code to} from then on.
   */
  @SuppressWarnings("unchecked")
  public synchronized void replace(Class<?> type, Serializer<?> from, Serializer<?> to) {
    ClassInfo info = byClass.get(type);
    if (info == null) {
      info = pending.get(type);
    }
    if (info != null && info.serializer == from) {
      info.serializer = (Serializer<Object>) to;
      info.flat = to instanceof PayloadTraits t && t.flat(); // generated code may write flat payloads
    }
  }

  /**
   * The serializer that reads (and, with {@code formatVersion(1)}, writes) {@code info}'s class in
   * format 1: its own serializer unless the class is a plain class or record written by Brine.
   */
  @SuppressWarnings("unchecked")
  public Serializer<Object> legacy(ClassInfo info) {
    Serializer<Object> s = info.legacy;
    if (s == null) {
      synchronized (this) {
        s = info.legacy;
        if (s == null) {
          Serializer<?> l = info.custom || info.serializer == null ? null : factory.createLegacy(info.type, info.serializer, this);
          s = l == null ? info.serializer : (Serializer<Object>) l;
          if (s != null) {
            info.legacy = s;
          }
        }
      }
    }
    return s;
  }

  // ---------------------------------------------------------------- lookups

  /**
   * The info for writing a value of class {@code type} with a type tag.
   *
   * @throws ClassNotAllowedException if registration is required and {@code type} is not registered,
   *     or the class is denied
   */
  public ClassInfo forClass(Class<?> type) {
    ClassInfo info = byClass.get(type);
    if (info == null) {
      return resolve(type, false);
    }
    if (info.typeId == TypeIds.BY_NAME && requireRegistration) {
      throw notRegistered(type); // known only through a declaration: it may not be named in a payload
    }
    return info;
  }

  /**
   * The info for a class named by a declaration (a field or element type) rather than by the input;
   * such classes need no registration, but the deny-list still applies.
   */
  public ClassInfo forDeclared(Class<?> type) {
    ClassInfo info = byClass.get(type);
    return info != null ? info : resolve(type, true);
  }

  /**
   * The info for a type id read from input.
   *
   * @throws MalformedInputException for an id no class has
   */
  public ClassInfo forId(int id, int offset) {
    if (id >= 0 && id < byId.length) {
      ClassInfo info = byId[id];
      if (info != null) {
        return info;
      }
      if (lazy != null && (id < TypeIds.FIRST_USER || id >= TypeIds.FIRST_MODULE && id < TypeIds.JDK_END) && registerLazy(id)) {
        return byId[id];
      }
    }
    throw new MalformedInputException("unknown type id " + Integer.toUnsignedString(id) + " at offset " + offset
        + " (register the same classes in the same order on both sides)");
  }

  /**
   * The info for a class named in the input; the name is checked against the deny-list and the
   * allow-list before the class is loaded (without initializing it).
   */
  public ClassInfo forName(String name, int offset) {
    ClassInfo info = byName.get(name);
    if (info != null) {
      return info;
    }
    if (requireRegistration) {
      throw new ClassNotAllowedException("class " + name + " named at offset " + offset
          + " is not registered; register it with Brine.builder().register(" + simple(name)
          + ".class) on both sides, or use requireRegistration(false)");
    }
    if (!filter.allowed(name)) {
      throw new ClassNotAllowedException("class " + name + " named at offset " + offset + " is refused: "
          + filter.reason(name));
    }
    Class<?> type;
    try {
      type = Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new MalformedInputException("class " + name + " named at offset " + offset + " cannot be loaded: " + e, e);
    }
    info = forClass(type);
    byName.put(name, info);
    return info;
  }

  /** The class loader by-name classes are loaded with. */
  public ClassLoader loader() {
    return loader;
  }

  /**
   * Loads a class named by the input (a {@code Class} value, or a class inside an embedded Java
   * serialization stream) after the same checks as a by-name class: registration when required, the
   * deny-list, the allow-list. Primitive type names are accepted.
   *
   * @throws ClassNotAllowedException if the class is not allowed
   * @throws MalformedInputException if it cannot be loaded
   */
  public Class<?> loadChecked(String name, int offset) {
    Class<?> primitive = PRIMITIVES.get(name);
    if (primitive != null) {
      return primitive;
    }
    if (ClassFilter.denied(name)) {
      throw new ClassNotAllowedException("class " + name + " named at offset " + offset + " is refused: " + filter.reason(name));
    }
    Class<?> type;
    try {
      type = Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new MalformedInputException("class " + name + " named at offset " + offset + " cannot be loaded: " + e, e);
    }
    check(type, "class " + name + " named at offset " + offset);
    return type;
  }

  /**
   * Checks, when writing, that a reader will accept {@code type} by name as {@link #loadChecked} does
   * (for the classes inside an embedded Java serialization stream, a lambda's capturing class), so that
   * what cannot be read back fails when written.
   *
   * @throws ClassNotAllowedException if a reader with this configuration would refuse it
   */
  public void checkReadable(Class<?> type) {
    if (ClassFilter.denied(type.getName())) {
      throw new ClassNotAllowedException("class " + type.getName() + " is refused: " + filter.reason(type.getName()));
    }
    check(type, "class " + type.getName());
    if (!loadsAs(type)) {
      throw new ClassNotAllowedException("class " + type.getName() + " cannot be loaded by name with the reader's"
          + " class loader (" + loader + "); set Brine.Builder.classLoader");
    }
  }

  private void check(Class<?> type, String what) {
    Class<?> base = type;
    while (base.isArray()) {
      base = base.getComponentType();
    }
    if (base.isPrimitive() || known(base) || base.getName().startsWith("java.")) {
      return; // built-in, registered, or a Java SE class (superclass descriptors in Java streams)
    }
    if (requireRegistration) {
      throw new ClassNotAllowedException(what + " is not registered; " + registrationAdvice(base));
    }
    if (!filter.allowed(base.getName())) {
      throw new ClassNotAllowedException(what + " is refused: " + filter.reason(base.getName()));
    }
  }

  private static final Map<String, Class<?>> PRIMITIVES = Map.of("boolean", boolean.class, "byte", byte.class,
      "short", short.class, "char", char.class, "int", int.class, "long", long.class, "float", float.class,
      "double", double.class, "void", void.class);

  /** The info of the array class whose component is {@code component}. */
  public ClassInfo arrayOf(ClassInfo component, int offset) {
    if (component.type == void.class) {
      throw new MalformedInputException("array of void at offset " + offset);
    }
    return forDeclared(component.type.arrayType());
  }

  private synchronized boolean registerLazy(int id) {
    return byId[id] != null || lazy.register(this, id);
  }

  private synchronized ClassInfo resolve(Class<?> type, boolean declared) {
    ClassInfo info = byClass.get(type);
    if (info == null) {
      info = pending.get(type);
    }
    if (info != null) {
      return info;
    }
    if (lazy != null && lazy.register(this, type)) {
      info = byClass.get(type);
      if (info != null) {
        return info;
      }
    }
    if (type.isHidden()) {
      throw new ClassNotAllowedException("cannot write a " + type.getName() + ": it is a hidden class (a lambda or a"
          + " proxy), which no reader can load by name; make the lambda Serializable (e.g. (Comparator<T> &"
          + " Serializable) (a, b) -> ...) or a method reference cast to such a type, or use a named class");
    }
    if (!type.isArray() && !type.isEnum() && Enum.class.isAssignableFrom(type) && type.getSuperclass().isEnum()) {
      return resolve(type.getSuperclass(), declared); // an enum constant with a body
    }
    String name = type.getName();
    if (type.isArray()) {
      Class<?> component = type.getComponentType();
      ClassInfo c = declared ? forDeclared(component) : forClass(component); // its descriptor is written: allowed?
      if (c.typeId >= TypeIds.JDK_FIRST && c.typeId < TypeIds.JDK_END && byId[c.typeId].type != component) {
        // a family of the JDK block shares one id: the reader could not make an array of exactly this class
        throw new BrineException("cannot write an array of " + component.getName() + ": its id ("
            + c.typeId + ") is shared with other JDK classes, so a reader could not create an array of exactly"
            + " this class; write a List (or an Object[]) instead");
      }
    } else if (!declared && requireRegistration) {
      throw notRegistered(type);
    }
    if (!type.isArray() && ClassFilter.denied(name)) {
      throw new ClassNotAllowedException("class " + name + " is refused: " + filter.reason(name));
    }
    if (!type.isArray() && !declared && !filter.allowed(name)) {
      throw new ClassNotAllowedException("class " + name + " is refused: " + filter.reason(name));
    }
    if (!type.isArray() && !declared && !loadsAs(type)) {
      throw new ClassNotAllowedException("cannot write a " + name + " by name: the reader's class loader ("
          + loader + ") does not load this class by that name (it comes from " + type.getClassLoader()
          + "); set Brine.Builder.classLoader to a loader that sees it, or register the class");
    }
    int id = type.isArray() ? TypeIds.ARRAY : TypeIds.BY_NAME;
    info = new ClassInfo(type, id, null, factory.tracked(type), factory.composite(type));
    factory.hooks(info);
    pending.put(type, info);
    creating++;
    try {
      if (instantiable(type)) {
        info.serializer(factory.create(type, this));
      }
    } catch (RuntimeException e) {
      pending.remove(type);
      throw e;
    } finally {
      finishCreating();
    }
    return info;
  }

  private void finishCreating() {
    if (--creating == 0) {
      byClass.putAll(pending);
      pending.clear();
    }
  }

  /** Whether values of {@code type} exist (abstract classes and interfaces only name a type; enums with bodies are abstract). */
  private static boolean instantiable(Class<?> type) {
    return type.isArray() || type.isEnum()
        || (!type.isInterface() && !java.lang.reflect.Modifier.isAbstract(type.getModifiers()));
  }

  /** Whether a reader with this registry's loader gets {@code type} back from its name (checked at write time). */
  private boolean loadsAs(Class<?> type) {
    if (type.getClassLoader() == loader || type.getClassLoader() == null) {
      return true;
    }
    try {
      return Class.forName(type.getName(), false, loader) == type;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static ClassNotAllowedException notRegistered(Class<?> type) {
    return new ClassNotAllowedException("class " + type.getName() + " is not registered; " + registrationAdvice(type));
  }

  /**
   * What a user can do about an unregistered class: register it when they can name it; for a class
   * they cannot name (a library's or the JDK's internal class, a hidden class) allow its family by
   * name or write a custom serializer.
   */
  static String registrationAdvice(Class<?> type) {
    if (type.isHidden()) {
      return "it is a hidden class (a lambda or a proxy), which cannot be registered or named in a payload: make"
          + " the lambda Serializable (e.g. (Comparator<T> & Serializable) (a, b) -> ...), or use a named class";
    }
    String name = type.getName();
    String pkg = type.getPackageName();
    boolean jdk = name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
        || name.startsWith("sun.") || name.startsWith("com.sun.");
    String simple = type.getSimpleName().isEmpty() ? name : type.getSimpleName();
    String register = "register it with Brine.builder().register(" + simple + ".class) on both sides (same order),"
        + " or use requireRegistration(false)";
    if (!nameable(type)) {
      if (jdk) {
        return "it is an internal JDK class that Brine has no built-in serializer for, so it cannot be registered"
            + " by name; use requireRegistration(false) (a Serializable JDK class is then written in its Java"
            + " serialization form), or convert the value to a public type before writing it";
      }
      String family = "allow its family by name with Brine.builder().requireRegistration(false).allowPackages(\""
          + pkg + "\") on both sides, or register a custom serializer for it";
      if (fromJar(type)) {
        return "it is not public, an internal class of the library " + jarName(type) + " that you cannot name to"
            + " register it; " + family;
      }
      return register + "; if it is a library's non-public class, which you cannot name, " + family;
    }
    return register + (pkg.isEmpty() ? "" : " with allowPackages(\"" + pkg + "\")");
  }

  private static boolean fromJar(Class<?> type) {
    return jarName(type) != null;
  }

  /** The jar file a class was loaded from, or null (a directory of the user's own classes, the JDK). */
  private static String jarName(Class<?> type) {
    try {
      java.security.CodeSource cs = type.getProtectionDomain().getCodeSource();
      String loc = cs == null || cs.getLocation() == null ? null : cs.getLocation().getPath();
      if (loc == null || !loc.endsWith(".jar")) {
        return null;
      }
      return loc.substring(loc.lastIndexOf('/') + 1);
    } catch (SecurityException e) {
      return null;
    }
  }

  /** Whether source code outside the class's package can name it (it and its enclosing classes are public). */
  private static boolean nameable(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      if (!java.lang.reflect.Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static String simple(String name) {
    int i = Math.max(name.lastIndexOf('.'), name.lastIndexOf('$'));
    return name.substring(i + 1);
  }
}
