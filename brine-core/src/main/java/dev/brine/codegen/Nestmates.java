package dev.brine.codegen;

import dev.brine.BrineException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The code-generation SPI that format back-ends outside the core (brine-protobuf, brine-json) use
 * to do what Brine's own {@link SerializerGenerator} does: define a generated class as a hidden
 * nestmate of a user's class, so that it reads and writes the class's private fields with plain
 * field instructions. Access goes through brine-core's module, so a module that opens its package
 * to {@code brine.core} is enough for every format.
 *
 * <p>The JDK defines a hidden nestmate only through a lookup with full privilege in the target's
 * module, and {@link MethodHandles#privateLookupIn} gives Brine that only for classes of its own
 * module: not for a class of another class loader (an application server's, Spark's for {@code
 * --jars}, sbt's layered loaders, a plugin's) or of a named module, even one that opens its package to
 * Brine. For those, {@link #fullLookup} defines one small class in the target's package (which the
 * private lookup may do): {@code Target$$BrineLookup}, whose package-private static method returns
 * its own lookup, full privilege in the target's module; nothing outside that package can call it.
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
   * A lookup with full privilege access to {@code target}: Brine's private lookup where that has it (a
   * class of Brine's own module), else one through the target's package's bridge class (see the class
   * comment), made once per class.
   *
   * @throws BrineException if the target's package is not open to Brine or no bridge can be defined there
   */
  public static MethodHandles.Lookup fullLookup(Class<?> target) {
    MethodHandles.Lookup own = privateLookup(target);
    if (own.hasFullPrivilegeAccess()) {
      return own;
    }
    try {
      return MethodHandles.privateLookupIn(target, BRIDGES.get(target));
    } catch (IllegalAccessException | RuntimeException | LinkageError e) {
      throw new BrineException("cannot open " + target.getName() + " to generated code: " + e, e);
    }
  }

  private static final ClassValue<MethodHandles.Lookup> BRIDGES = new ClassValue<>() {
    @Override
    protected MethodHandles.Lookup computeValue(Class<?> target) {
      MethodHandles.Lookup own = privateLookup(target);
      String name = target.getName() + "$$BrineLookup";
      Class<?> bridge;
      try {
        bridge = own.defineClass(bridgeClass(name.replace('.', '/')));
      } catch (LinkageError | IllegalAccessException e) {
        try { // defined already: by another thread, or by another copy of Brine
          bridge = Class.forName(name, false, target.getClassLoader());
        } catch (ClassNotFoundException | LinkageError notThere) {
          e.addSuppressed(notThere);
          throw new BrineException("cannot define a lookup class in the package of " + target.getName() + ": " + e, e);
        }
      }
      try {
        return (MethodHandles.Lookup) own.findStatic(bridge, "lookup", MethodType.methodType(MethodHandles.Lookup.class))
            .invoke();
      } catch (Throwable e) {
        throw new BrineException("cannot take the lookup of " + bridge.getName() + ": " + e, e);
      }
    }
  };

  /** {@code final synthetic class <name> { static Lookup lookup() { return MethodHandles.lookup(); } }}. */
  private static byte[] bridgeClass(String internalName) {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC | Opcodes.ACC_SUPER, internalName, null,
        "java/lang/Object", null);
    MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "lookup",
        "()Ljava/lang/invoke/MethodHandles$Lookup;", null, null);
    mv.visitCode();
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
        "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
    mv.visitInsn(Opcodes.ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  /**
   * Defines {@code classFile} as a hidden class in {@code target}'s nest, with {@code classData}
   * available to it through {@link MethodHandles#classData}, and returns a lookup on it. The class
   * file's name must be in {@code target}'s package; the class is initialized.
   *
   * @throws BrineException if the target cannot be opened or the class cannot be defined
   */
  public static MethodHandles.Lookup defineNestmate(Class<?> target, byte[] classFile, Object classData) {
    MethodHandles.Lookup lookup = fullLookup(target);
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
