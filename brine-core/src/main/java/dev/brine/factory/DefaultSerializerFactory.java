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
import dev.brine.serializer.Serializer;
import java.lang.reflect.Constructor;
import java.util.Collection;
import java.util.Map;

/**
 * Makes serializers for classes without a registered one: enums, arrays, collection and map classes
 * with a no-arg constructor, records, and plain classes (field by field).
 */
public final class DefaultSerializerFactory implements TypeRegistry.SerializerFactory {
  private final boolean codegen;
  private final boolean compressNumbers;
  private final int formatVersion;

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
    this.codegen = codegen;
    this.compressNumbers = compressNumbers;
    this.formatVersion = formatVersion;
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
    if (JavaHooks.needsJavaStream(type)) {
      return new JavaStreamSerializer(type);
    }
    if (Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)) {
      Constructor<?> ctor = noArg(type);
      if (ctor != null) {
        if (Map.class.isAssignableFrom(type)) {
          return MapSerializer.of(n -> (Map<Object, Object>) newInstance(ctor), null);
        }
        return CollectionSerializer.of(n -> (Collection<Object>) newInstance(ctor), null);
      }
    }
    ClassPlan plan = ClassPlan.of(type, registry);
    if (formatVersion == 1) {
      return type.isRecord() ? new LegacyRecordSerializer(plan, compressNumbers) : new LegacyObjectSerializer(plan, compressNumbers);
    }
    if (codegen && !plan.fields.isEmpty()) { // nothing to generate without fields (see WriteContext.emptyPayload)
      for (FieldPlan f : plan.fields) {
        if (f.declared != null) {
          registry.completeNow(f.declared); // generated code calls a nested class's serializer directly
        }
      }
      try {
        return SerializerGenerator.generate(plan, compressNumbers);
      } catch (BrineException | LinkageError e) {
        // not opened to Brine, or its class loader cannot see Brine: interpret (same bytes, slower)
        System.getLogger("dev.brine").log(System.Logger.Level.DEBUG,
            "interpreting " + type.getName() + ": " + e.getMessage());
      }
    }
    return type.isRecord() ? new RecordSerializer(plan, compressNumbers) : new ObjectSerializer(plan, compressNumbers);
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

  private static Object newInstance(Constructor<?> c) {
    try {
      return c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new dev.brine.BrineException("cannot create a " + c.getDeclaringClass().getName() + ": " + e, e);
    }
  }
}
