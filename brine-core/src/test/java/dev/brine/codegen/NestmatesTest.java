package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

class NestmatesTest {
  static class Base {
    private int secret = 41;
    int y;
  }

  static class Derived extends Base {
    private final int fin = 1;
  }

  @Test
  void accessRules() throws Throwable {
    java.lang.reflect.Field y = Base.class.getDeclaredField("y");
    assertTrue(Nestmates.directAccess(y, Derived.class)); // same nest (nested classes of this test)
    assertFalse(Nestmates.directAccess(java.util.ArrayList.class.getDeclaredField("size"), Derived.class));
    Derived d = new Derived();
    Nestmates.setter(y).invoke((Base) d, 5);
    assertEquals(5, (int) Nestmates.getter(y).invoke((Base) d));
    java.lang.reflect.Field fin = Derived.class.getDeclaredField("fin");
    Nestmates.setter(fin).invoke(d, 7);
    assertEquals(7, (int) Nestmates.getter(fin).invoke(d));
    assertThrows(BrineException.class, () -> Nestmates.privateLookup(java.util.ArrayList.class));
  }

  /** A hidden nestmate reads a private field with GETFIELD and gets its class data. */
  @Test
  @SuppressWarnings("unchecked")
  void definesAHiddenNestmate() throws Throwable {
    String base = org.objectweb.asm.Type.getInternalName(Base.class);
    String name = base + "$$Probe";
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object",
        new String[] {"java/util/function/ToIntFunction"});
    MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitInsn(Opcodes.RETURN);
    init.visitMaxs(0, 0);
    MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "applyAsInt", "(Ljava/lang/Object;)I", null, null);
    mv.visitVarInsn(Opcodes.ALOAD, 1);
    mv.visitTypeInsn(Opcodes.CHECKCAST, base);
    mv.visitFieldInsn(Opcodes.GETFIELD, base, "secret", "I");
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
        "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
    mv.visitLdcInsn("_");
    mv.visitLdcInsn(org.objectweb.asm.Type.getType(Integer.class));
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "classData",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;", false);
    mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/Integer");
    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Integer", "intValue", "()I", false);
    mv.visitInsn(Opcodes.IADD);
    mv.visitInsn(Opcodes.IRETURN);
    mv.visitMaxs(0, 0);
    cw.visitEnd();
    MethodHandles.Lookup hidden = Nestmates.defineNestmate(Base.class, cw.toByteArray(), 1);
    assertTrue(hidden.lookupClass().isHidden());
    ToIntFunction<Object> probe = (ToIntFunction<Object>) hidden.findConstructor(hidden.lookupClass(),
        MethodType.methodType(void.class)).invoke();
    assertEquals(42, probe.applyAsInt(new Derived()));
    assertThrows(BrineException.class, () -> Nestmates.defineNestmate(Base.class, new byte[] {1, 2, 3}, null));
  }
}
