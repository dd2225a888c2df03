package dev.brine.factory;

import dev.brine.BrineException;
import dev.brine.builtin.ArraySerializers;
import dev.brine.builtin.CollectionSerializer;
import dev.brine.builtin.EnumSerializer;
import dev.brine.builtin.MapSerializer;
import dev.brine.codegen.SerializerGenerator;
import dev.brine.javaser.JavaHooks;
import dev.brine.javaser.JavaStreamSerializer;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.Planned;
import dev.brine.reflect.LegacyObjectSerializer;
import dev.brine.reflect.LegacyRecordSerializer;
import dev.brine.reflect.ObjectSerializer;
import dev.brine.reflect.RecordSerializer;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeRegistry;
import dev.brine.registry.Upgradable;
import dev.brine.serializer.Serializer;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes serializers for classes without a registered one: enums, arrays, collection and map classes
 * with a no-arg constructor, records, and plain classes (field by field).
 */
public final class DefaultSerializerFactory implements TypeRegistry.SerializerFactory {
  private final boolean codegen;
  private final boolean compressNumbers;
  private final List<MethodHandles.Lookup> lookups;
  /** What was already warned about (a module, or the missing ASM), so each is warned once per JVM. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();
  private final int formatVersion;
  private final int codegenThreshold;

  /**
   * Creates the factory.
   *
   * @param codegen whether to generate serializer classes with ASM (falling back to the interpreted
   *     serializers, which write the same bytes, when a class cannot be opened to Brine)
   */
  public DefaultSerializerFactory(boolean codegen) {
    this(codegen, true);
  }

  /**
   * Creates the factory.
   *
   * @param codegen whether to generate serializer classes (see {@link #DefaultSerializerFactory(boolean)})
   * @param compressNumbers whether int and long fields are varints (true) or fixed-width
   */
  public DefaultSerializerFactory(boolean codegen, boolean compressNumbers) {
    this(codegen, compressNumbers, 2);
  }

  /**
   * Creates the factory for a format version: 2 (the current one) or 1 (plain classes and records in
   * the layout of earlier versions, always interpreted; see {@code Brine.Builder.formatVersion}).
   */
  public DefaultSerializerFactory(boolean codegen, boolean compressNumbers, int formatVersion) {
    this(codegen, compressNumbers, formatVersion, List.of());
  }

  /**
   * Creates the factory.
   *
   * @param codegen whether to generate serializer classes (see {@link #DefaultSerializerFactory(boolean)})
   * @param compressNumbers whether int and long fields are varints (true) or fixed-width
   * @param formatVersion the format written, 2 or 1 (see {@code Brine.Builder.formatVersion})
   * @param lookups lookups the user granted ({@code Brine.Builder.lookup}) to define generated classes in
   *     their modules
   */
  public DefaultSerializerFactory(boolean codegen, boolean compressNumbers, int formatVersion,
      List<MethodHandles.Lookup> lookups) {
    this(codegen, compressNumbers, formatVersion, lookups, 0);
  }

  /**
   * Creates the factory.
   *
   * @param codegen whether to generate serializer classes (see {@link #DefaultSerializerFactory(boolean)})
   * @param compressNumbers whether int and long fields are varints (true) or fixed-width
   * @param formatVersion the format written, 2 or 1 (see {@code Brine.Builder.formatVersion})
   * @param lookups lookups the user granted ({@code Brine.Builder.lookup}) to define generated classes in
   *     their modules
   * @param codegenThreshold how many times a class is written or read with its interpreted serializer
   *     before its code is generated; 0 generates it when the serializer is created
   */
  public DefaultSerializerFactory(boolean codegen, boolean compressNumbers, int formatVersion,
      List<MethodHandles.Lookup> lookups, int codegenThreshold) {
    if (codegenThreshold < 0) {
      throw new BrineException("codegenThreshold must not be negative: " + codegenThreshold);
    }
    this.codegenThreshold = codegenThreshold;
    this.codegen = codegen;
    this.compressNumbers = compressNumbers;
    this.formatVersion = formatVersion;
    this.lookups = List.copyOf(lookups);
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Serializer<?> create(Class<?> type, TypeRegistry registry) {
    if (type.isEnum()) {
      return new EnumSerializer(type);
    }
    if (type.isArray()) {
      Class<?> component = type.getComponentType();
      ClassInfo declared = null;
      if (ClassPlan.exact(component)) {
        ClassInfo info = registry.forDeclared(component);
        declared = info.writeReplace == null ? info : null;
      }
      return new ArraySerializers.ObjectArraySerializer(component, declared);
    }
    if (JavaHooks.elementsOnly(type) && fillable(type)) {
      // a class of one's own extending a JDK collection and adding nothing: element by element, reading
      // too the Java serialization form earlier versions wrote for it
      Constructor<?> ctor = noArg(type);
      if (ctor != null) {
        Serializer<Object> javaForm = new JavaStreamSerializer(type);
        if (Map.class.isAssignableFrom(type)) {
          return MapSerializer.entriesOf(n -> emptyMap(ctor), javaForm);
        }
        return CollectionSerializer.elementsOf(n -> emptyCollection(ctor), javaForm);
      }
    }
    if (JavaHooks.needsJavaStream(type) || JavaHooks.closedSerializable(type)) {
      // custom Java serialization, or a Serializable class whose package is not open to Brine (a JDK
      // class without a built-in serializer): its own Java serialization form
      return new JavaStreamSerializer(type);
    }
    // a collection or map that can be filled: by its elements, unless it is a class of one's own with
    // state in non-transient fields Brine can read, which it writes by those fields, as Java serialization
    // writes such a class, so a field besides the elements (a label, an owner) is not lost
    if ((Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)) && fillable(type)
        && (isJdk(type) || !JavaHooks.open(type) || !hasInstanceFields(type))) {
      Constructor<?> ctor = noArg(type);
      if (ctor != null) {
        if (Map.class.isAssignableFrom(type)) {
          return MapSerializer.of(n -> emptyMap(ctor), null);
        }
        return CollectionSerializer.of(n -> emptyCollection(ctor), null);
      }
    }
    if (!JavaHooks.open(type) && hasInstanceFields(type)) {
      throw new BrineException("cannot write a " + type.getName() + ": it is not Serializable and its module ("
          + type.getModule().getName() + ") does not open package " + type.getPackageName() + " to Brine, so its fields"
          + " cannot be read, and Brine has no built-in serializer for it: "
          + (java.lang.reflect.Modifier.isPublic(type.getModifiers())
              ? "register a custom serializer, Brine.builder().register(" + type.getSimpleName() + ".class, serializer)"
              : "it is an internal class (a view or a helper object), so write a copy of a public type instead"
                  + " (e.g. new ArrayList<>(view), new HashSet<>(view))")
          + (type.getModule().isNamed() && !isJdk(type) ? ", or open the package to brine.core" : ""));
    }
    ClassPlan plan = ClassPlan.of(type, registry);
    if (formatVersion == 1) {
      return type.isRecord() ? new LegacyRecordSerializer(plan, compressNumbers) : new LegacyObjectSerializer(plan, compressNumbers);
    }
    if (codegen && !plan.fields.isEmpty()) { // nothing to generate without fields (see WriteContext.emptyPayload)
      if (codegenThreshold > 0) { // interpreted first; code generated once the class is used often enough
        return new TieredSerializer(this, registry, plan, interpreted(plan), codegenThreshold);
      }
      Serializer<Object> generated = generated(plan, registry);
      if (generated != null) {
        return generated;
      }
    }
    return interpreted(plan);
  }

  private Serializer<Object> interpreted(ClassPlan plan) {
    return plan.type.isRecord() ? new RecordSerializer(plan, compressNumbers) : new ObjectSerializer(plan, compressNumbers);
  }

  /**
   * The generated serializer of {@code plan}, or null (logged) when code cannot be generated for it. The
   * serializers of the final classes it calls directly are created, and generated, first.
   */
  Serializer<Object> generated(ClassPlan plan, TypeRegistry registry) {
    for (FieldPlan f : plan.fields) {
      // generated code calls a nested class's serializer, and a collection's element or a map's key and
      // value serializers, directly: create them first, whatever the registration order
      for (ClassInfo c : new ClassInfo[] {f.declared, f.element, f.value}) {
        if (c != null) {
          registry.completeNow(c);
          upgrade(c);
        }
      }
    }
    try {
      return SerializerGenerator.generate(plan, compressNumbers, lookups);
    } catch (BrineException | LinkageError e) {
      // not opened to Brine, ASM missing, or its class loader cannot see Brine: interpret (same bytes, slower)
      interpreted(plan.type, e);
      return null;
    }
  }

  /** Generates the code of a class that generated code may call directly, so that it calls the final serializer. */
  private static void upgrade(ClassInfo info) {
    if (info != null && info.serializer instanceof Upgradable u) {
      u.upgrade();
    }
  }

  /**
   * Logs why {@code type} runs interpreted: at WARNING, once per module (or once for a missing ASM),
   * when the user can fix it; at DEBUG otherwise.
   */
  static void interpreted(Class<?> type, Throwable e) {
    System.Logger log = System.getLogger("dev.brine");
    String key;
    String advice;
    if (e instanceof LinkageError && String.valueOf(e.getMessage()).contains("org/objectweb/asm")) {
      key = "asm";
      advice = "ASM (org.ow2.asm:asm) is not on the class path: add it (e.g. to Spark's --jars), or set"
          + " Brine.builder().codegen(false) to silence this";
    } else if (type.getModule().isNamed()) {
      key = "module " + type.getModule().getName();
      advice = e.getMessage();
    } else if (e instanceof LinkageError) {
      key = "loader " + type.getClassLoader();
      advice = "its class loader cannot see Brine's classes (" + e + "); load Brine in the same or a parent class loader";
    } else {
      log.log(System.Logger.Level.DEBUG, "interpreting " + type.getName() + ": " + e.getMessage());
      return;
    }
    if (WARNED.add(key)) {
      log.log(System.Logger.Level.WARNING, "Brine writes " + type.getName() + " (and other classes of its "
          + (key.startsWith("module") ? key : "kind") + ") with the interpreted serializers, which are slower: " + advice);
    } else {
      log.log(System.Logger.Level.DEBUG, "interpreting " + type.getName() + ": " + e.getMessage());
    }
  }

  /**
   * Whether a collection (map) class can be refilled element by element: its {@code add} ({@code put})
   * is not the one of {@code AbstractCollection}, {@code AbstractList} or {@code AbstractMap}, which only
   * throw {@code UnsupportedOperationException} (a read-only class of one's own, e.g. a view over
   * arrays). A class that cannot is written by its fields, like any other class.
   */
  private static boolean fillable(Class<?> type) {
    try {
      if (Map.class.isAssignableFrom(type)) {
        return type.getMethod("put", Object.class, Object.class).getDeclaringClass() != java.util.AbstractMap.class;
      }
      Class<?> add = type.getMethod("add", Object.class).getDeclaringClass();
      if (add == java.util.AbstractList.class) { // its add(e) is add(size(), e)
        add = type.getMethod("add", int.class, Object.class).getDeclaringClass();
      }
      return add != java.util.AbstractCollection.class && add != java.util.AbstractList.class;
    } catch (NoSuchMethodException | SecurityException e) {
      return true;
    }
  }

  private static boolean hasInstanceFields(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (JavaHooks.declaresState(c)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isJdk(Class<?> type) {
    String n = type.getName();
    return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.") || n.startsWith("com.sun.");
  }

  @Override
  public Serializer<?> createLegacy(Class<?> type, Serializer<?> current, TypeRegistry registry) {
    if (formatVersion == 1 || !(current instanceof Planned)) {
      return null;
    }
    ClassPlan plan = ClassPlan.of(type, registry);
    return type.isRecord() ? new LegacyRecordSerializer(plan, compressNumbers) : new LegacyObjectSerializer(plan, compressNumbers);
  }

  @Override
  public boolean tracked(Class<?> type) {
    return !type.isEnum();
  }

  @Override
  public boolean composite(Class<?> type) {
    return !type.isEnum();
  }

  @Override
  public void hooks(ClassInfo info) {
    JavaHooks.apply(info);
  }

  private static Constructor<?> noArg(Class<?> type) {
    try {
      Constructor<?> c = type.getDeclaredConstructor();
      c.setAccessible(true);
      return c;
    } catch (NoSuchMethodException | RuntimeException e) {
      return null;
    }
  }

  /**
   * A new instance from the no-arg constructor, emptied: a constructor that adds elements of its own (a
   * class's defaults, a double-brace initializer) would otherwise have them read back next to, or
   * instead of, the ones written.
   */
  @SuppressWarnings("unchecked")
  private static Collection<Object> emptyCollection(Constructor<?> c) {
    Collection<Object> made = (Collection<Object>) newInstance(c);
    if (!made.isEmpty()) {
      made.clear();
    }
    return made;
  }

  /** As {@link #emptyCollection}, for a map. */
  @SuppressWarnings("unchecked")
  private static Map<Object, Object> emptyMap(Constructor<?> c) {
    Map<Object, Object> made = (Map<Object, Object>) newInstance(c);
    if (!made.isEmpty()) {
      made.clear();
    }
    return made;
  }

  private static Object newInstance(Constructor<?> c) {
    try {
      return c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new dev.brine.BrineException("cannot create a " + c.getDeclaringClass().getName() + ": " + e, e);
    }
  }
}
