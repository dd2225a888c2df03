package dev.brine.codegen;

import dev.brine.BrineException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * The code-generation SPI that format back-ends outside the core (brine-protobuf, brine-json) use
 * to do what Brine's own {@link SerializerGenerator} does: define a generated class as a hidden
 * nestmate of a user's class, so that it reads and writes the class's private fields with plain
 * field instructions. Access goes through brine-core's module, so a module that opens its package
 * to {@code brine.core} is enough for every format.
 */
public final class Nestmates {
  private Nestmates() {
  }

  /**
   * A lookup with private access to {@code target}.
   *
   * @throws BrineException if the target's module does not open its package to Brine
   */
  public static MethodHandles.Lookup privateLookup(Class<?> target) {
    try {
      return MethodHandles.privateLookupIn(target, MethodHandles.lookup());
    } catch (IllegalAccessException | RuntimeException e) {
      throw new BrineException("cannot open " + target.getName() + " to generated code: " + e.getMessage(), e);
    }
  }

  /**
   * Defines {@code classFile} as a hidden class in {@code target}'s nest, with {@code classData}
   * available to it through {@link MethodHandles#classData}, and returns a lookup on it. The class
   * file's name must be in {@code target}'s package; the class is initialized.
   *
   * @throws BrineException if the target cannot be opened or the class cannot be defined
   */
  public static MethodHandles.Lookup defineNestmate(Class<?> target, byte[] classFile, Object classData) {
    MethodHandles.Lookup lookup = privateLookup(target);
    try {
      return lookup.defineHiddenClassWithClassData(classFile, classData, true, MethodHandles.Lookup.ClassOption.NESTMATE);
    } catch (IllegalAccessException | LinkageError | RuntimeException e) {
      throw new BrineException("cannot define generated code for " + target.getName() + ": " + e, e);
    }
  }

  /**
   * Whether a hidden nestmate of {@code target} may read {@code f} with {@code GETFIELD} (and, if the
   * field is not final, write it with {@code PUTFIELD}): fields of the target's nest, and fields of
   * superclasses that are accessible from the target's package.
   */
  public static boolean directAccess(Field f, Class<?> target) {
    Class<?> owner = f.getDeclaringClass();
    if (owner.getNestHost() == target.getNestHost()) {
      return true;
    }
    int m = f.getModifiers();
    boolean samePackage = owner.getPackageName().equals(target.getPackageName())
        && owner.getClassLoader() == target.getClassLoader();
    return !Modifier.isPrivate(m) && (samePackage || (Modifier.isPublic(m) && Modifier.isPublic(owner.getModifiers())));
  }

  /**
   * A getter for {@code f} of type {@code (declaringClass)fieldType}, for fields generated code may
   * not read directly.
   *
   * @throws BrineException if the field cannot be made accessible
   */
  public static MethodHandle getter(Field f) {
    try {
      f.setAccessible(true);
      return privateLookup(f.getDeclaringClass()).unreflectGetter(f);
    } catch (IllegalAccessException | RuntimeException e) {
      throw new BrineException("cannot read " + f + ": " + e.getMessage(), e);
    }
  }

  /**
   * A setter for {@code f} of type {@code (declaringClass, fieldType)void}, final fields of classes
   * that are not records included.
   *
   * @throws BrineException if the field cannot be made accessible (a record's fields never can)
   */
  public static MethodHandle setter(Field f) {
    try {
      f.setAccessible(true);
      return privateLookup(f.getDeclaringClass()).unreflectSetter(f);
    } catch (IllegalAccessException | RuntimeException e) {
      throw new BrineException("cannot set " + f + ": " + e.getMessage(), e);
    }
  }
}
