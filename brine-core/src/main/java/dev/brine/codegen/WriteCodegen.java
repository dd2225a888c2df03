package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.builtin.CollectionSerializer;
import dev.brine.context.WriteSession;
import dev.brine.io.ByteWriter;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.Serializer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Emits the write half of a generated serializer (the counterpart of {@link ReadCodegen}): {@code
 * write(WriteContext, Object)} casts the context to Brine's {@link WriteSession} once and calls one
 * static method per chunk of fields; runs of primitive fields are stored with the buffer and position
 * in locals after one capacity check; fields of final classes call their serializer directly.
 */
final class WriteCodegen {
  private static final String WC = Type.getInternalName(WriteSession.class);
  private static final String BW = Type.getInternalName(ByteWriter.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String SER = Type.getInternalName(Serializer.class);
  private static final String CI_ARGS = "(Ljava/lang/Object;" + CI + CI + ")V";

  private final SerializerGenerator g;

  WriteCodegen(SerializerGenerator g) {
    this.g = g;
  }

  void writeMethod(ClassWriter cw) {
    String owner = Type.getInternalName(g.type);
    String chunkDesc = "(L" + WC + ";L" + owner + ";)V";
    List<List<FieldPlan>> chunkList = g.chunks();
    int chunks = chunkList.size();
    for (int c = 0; c < chunks; c++) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "write" + c, chunkDesc, null, null);
      mv.visitCode();
      Label start = new Label();
      mv.visitLabel(start);
      List<FieldPlan> chunk = chunkList.get(c);
      for (int i = 0; i < chunk.size(); ) {
        // a run of primitive fields: reserve its largest size once, then append without checks
        int j = i;
        int bytes = 0;
        while (j < chunk.size() && inRun(chunk.get(j))) {
          bytes += runSize(chunk.get(j));
          j++;
        }
        if (j - i >= 2) {
          writeRun(mv, chunk.subList(i, j), bytes);
          i = j;
        } else {
          writeField(mv, chunk.get(i));
          i++;
        }
      }
      SerializerGenerator.endChunk(mv, start, chunks);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "write", "(L" + SerializerGenerator.WRITE_CONTEXT + ";Ljava/lang/Object;)V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitTypeInsn(CHECKCAST, WC); // Brine's only WriteContext
    mv.visitVarInsn(ASTORE, 1);
    for (int c = 0; c < chunks; c++) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ALOAD, 2);
      mv.visitTypeInsn(CHECKCAST, owner);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "write" + c, chunkDesc, false);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** The most bytes a primitive field takes. */
  private int maxSize(FieldKind k) {
    switch (k) {
      case BOOLEAN: case BYTE: return 1;
      case SHORT: case CHAR: return 2;
      case INT: return g.compressNumbers ? 5 : 4;
      case LONG: return g.compressNumbers ? 9 : 8;
      case FLOAT: return 4;
      default: return 9; // LONG varint, DOUBLE 8
    }
  }

  /**
   * Writes a run of primitive (and boxed number) fields: one capacity check for the run's largest
   * size, then the buffer (local 2) and the position (local 3) stay in locals through static {@code
   * store*} calls ({@code ByteWriter}'s, and {@code WriteContext}'s for boxed numbers), and
   * the end position is published once. A position in a local costs nothing per field; the context's
   * position field would be stored to memory before every bounds check.
   */
  private void writeRun(MethodVisitor mv, List<FieldPlan> run, int bytes) {
    mv.visitVarInsn(ALOAD, 0);
    mv.visitLdcInsn(bytes);
    call(mv, "ensure", "(I)V");
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "array", "()[B");
    mv.visitVarInsn(ASTORE, 2);
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "position", "()I");
    mv.visitVarInsn(ISTORE, 3);
    for (FieldPlan f : run) {
      mv.visitVarInsn(ALOAD, 2);
      mv.visitVarInsn(ILOAD, 3);
      getField(mv, f);
      if (f.kind.primitive()) {
        String[] store = store(f.kind);
        mv.visitMethodInsn(INVOKESTATIC, BW, store[0], "([BI" + store[1] + ")I", false);
      } else { // a boxed number: WriteContext.storeNullable*, the bytes of writeNullable*
        String box = Type.getDescriptor(f.field.getType());
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
        String name = "store" + g.boxedNames(f.field.getType())[0].substring("write".length());
        mv.visitMethodInsn(INVOKESTATIC, WC, name, "([BI" + box + ")I", false);
      }
      mv.visitVarInsn(ISTORE, 3);
    }
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ILOAD, 3);
    call(mv, "advanceTo", "(I)V");
  }

  /** Whether a field can be written inside a run: a primitive, or a boxed number (slot byte and value). */
  private static boolean inRun(FieldPlan f) {
    return f.kind.primitive() || (f.kind == FieldKind.DECLARED && SerializerGenerator.boxed(f.field.getType()) != null);
  }

  /** The most bytes a field of a run takes. */
  private int runSize(FieldPlan f) {
    if (f.kind.primitive()) {
      return maxSize(f.kind);
    }
    Class<?> t = f.field.getType();
    return 1 + (t == Integer.class ? (g.compressNumbers ? 5 : 4) : t == Float.class ? 4 : 9);
  }

  /** The static {@code ByteWriter} store for a primitive kind: {name, value descriptor}. */
  private String[] store(FieldKind k) {
    switch (k) {
      case BOOLEAN: return new String[] {"storeBoolean", "Z"};
      case BYTE: return new String[] {"storeInt8", "I"};
      case SHORT: case CHAR: return new String[] {"storeInt16", "I"};
      case INT: return new String[] {g.compressNumbers ? "storeVarInt32" : "storeInt32", "I"};
      case LONG: return new String[] {g.compressNumbers ? "storeVarInt64" : "storeInt64", "J"};
      case FLOAT: return new String[] {"storeFloat32", "F"};
      case DOUBLE: return new String[] {"storeFloat64", "D"};
      default: throw new IllegalStateException("not primitive: " + k);
    }
  }

  /** Scratch local of the chunk methods for a nested value (0 context, 1 object, 2-3 a primitive run). */
  private static final int NESTED_LOCAL = 4;

  /** With references on, a jump to {@code general}; otherwise the field's value into {@link #NESTED_LOCAL}. */
  private void fieldUnlessReferences(MethodVisitor mv, FieldPlan f, Label general) {
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "trackingReferences", "()Z");
    mv.visitJumpInsn(IFNE, general);
    getField(mv, f);
    mv.visitVarInsn(ASTORE, NESTED_LOCAL);
  }

  /**
   * Writes the payload of the value in local {@code valueLocal} with {@code serializer} (a constant, so
   * the JIT inlines the call), counting a level of nesting for composite classes as {@code
   * WriteContext.writePayload} does.
   */
  private void callWrite(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, int valueLocal) {
    if (info.composite) {
      mv.visitVarInsn(ALOAD, 0);
      call(mv, "enterNested", "()V");
    }
    g.loadConstant(mv, g.constant(serializer, "L" + SER + ";"));
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, valueLocal);
    mv.visitMethodInsn(INVOKEINTERFACE, SER, "write", "(L" + SerializerGenerator.WRITE_CONTEXT + ";Ljava/lang/Object;)V", true);
    if (info.composite) {
      mv.visitVarInsn(ALOAD, 0);
      call(mv, "exitNested", "()V");
    }
  }

  /** Scratch locals of a collection field's element loop (after {@link #NESTED_LOCAL}, the collection). */
  private static final int ITERATOR_LOCAL = 5;
  private static final int ELEMENT_LOCAL = 6;

  /**
   * A collection field whose declared element class is final, written like {@code
   * WriteContext.writeObject(value, element, null)}: with references off and every element of
   * exactly that class, {@code beginElements} writes the tag, size and header and the loop here calls
   * the element class's serializer directly (a call site of this class only, so the JIT inlines it
   * even when the application has many classes); any other case is written by {@code beginElements}.
   */
  private void writeElements(MethodVisitor mv, FieldPlan f, Serializer<Object> elements) {
    Label general = new Label();
    Label loop = new Label();
    Label done = new Label();
    Label end = new Label();
    fieldUnlessReferences(mv, f, general);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    g.loadInfo(mv, f.element);
    mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(CollectionSerializer.class), "beginElements",
        "(L" + WC + ";Ljava/lang/Object;" + CI + ")I", false);
    mv.visitJumpInsn(IFLE, end);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/lang/Iterable");
    mv.visitMethodInsn(INVOKEINTERFACE, "java/lang/Iterable", "iterator", "()Ljava/util/Iterator;", true);
    mv.visitVarInsn(ASTORE, ITERATOR_LOCAL);
    mv.visitLabel(loop);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Iterator", "hasNext", "()Z", true);
    mv.visitJumpInsn(IFEQ, done);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Iterator", "next", "()Ljava/lang/Object;", true);
    mv.visitVarInsn(ASTORE, ELEMENT_LOCAL);
    callWrite(mv, f.element, elements, ELEMENT_LOCAL);
    mv.visitJumpInsn(GOTO, loop);
    mv.visitLabel(done);
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "exitNested", "()V");
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    getField(mv, f);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    call(mv, "writeObject", CI_ARGS);
    mv.visitLabel(end);
  }

  /**
   * A declared field of a final class, written like {@code WriteContext.writeDeclared}: with
   * references on, through it; otherwise the slot byte, then the nested serializer called directly.
   */
  private void writeNested(MethodVisitor mv, FieldPlan f, Serializer<Object> nested) {
    Label general = new Label();
    Label isNull = new Label();
    Label end = new Label();
    fieldUnlessReferences(mv, f, general);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    mv.visitJumpInsn(IFNULL, isNull);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitLdcInsn(TypeIds.SLOT_VALUE);
    call(mv, "writeInt8", "(I)V");
    callWrite(mv, f.declared, nested, NESTED_LOCAL);
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(isNull);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitLdcInsn(TypeIds.SLOT_NULL);
    call(mv, "writeInt8", "(I)V");
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    g.loadInfo(mv, f.declared);
    getField(mv, f);
    call(mv, "writeDeclared", "(" + CI + "Ljava/lang/Object;)V");
    mv.visitLabel(end);
  }

  /** Writes one field; the context is local 0 and the object local 1 (a static chunk method). */
  private void writeField(MethodVisitor mv, FieldPlan f) {
    Serializer<Object> nested = SerializerGenerator.nestedSerializer(f);
    if (nested != null) {
      writeNested(mv, f, nested);
      return;
    }
    Serializer<Object> elements = SerializerGenerator.elementSerializer(f);
    if (elements != null) {
      writeElements(mv, f, elements);
      return;
    }
    mv.visitVarInsn(ALOAD, 0);
    String[] box = f.kind == FieldKind.DECLARED ? g.boxedNames(f.field.getType()) : null;
    if (box != null) {
      getField(mv, f);
      mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
      call(mv, box[0], "(" + Type.getDescriptor(f.field.getType()) + ")V");
      return;
    }
    if (f.kind == FieldKind.DECLARED) {
      g.loadInfo(mv, f.declared);
    }
    getField(mv, f);
    switch (f.kind) {
      case BOOLEAN: call(mv, "writeBoolean", "(Z)V"); break;
      case BYTE: call(mv, "writeInt8", "(I)V"); break;
      case SHORT: call(mv, "writeInt16", "(I)V"); break;
      case CHAR: call(mv, "writeChar", "(C)V"); break;
      case INT: call(mv, g.compressNumbers ? "writeVarInt32" : "writeInt32", "(I)V"); break;
      case LONG: call(mv, g.compressNumbers ? "writeVarInt64" : "writeInt64", "(J)V"); break;
      case FLOAT: call(mv, "writeFloat32", "(F)V"); break;
      case DOUBLE: call(mv, "writeFloat64", "(D)V"); break;
      case STRING: call(mv, "writeNullableString", "(Ljava/lang/String;)V"); break;
      case DECLARED: call(mv, "writeDeclared", "(" + CI + "Ljava/lang/Object;)V"); break;
      case CONTAINER:
        g.loadInfo(mv, f.element);
        g.loadInfo(mv, f.value);
        call(mv, "writeObject", CI_ARGS);
        break;
      default: call(mv, "writeObject", "(Ljava/lang/Object;)V"); break;
    }
  }

  private static void call(MethodVisitor mv, String name, String desc) {
    mv.visitMethodInsn(INVOKEVIRTUAL, WC, name, desc, false);
  }

  /** Pushes the value of field {@code f} of the object in local 1 (its primitive type, or a reference). */
  private void getField(MethodVisitor mv, FieldPlan f) {
    Field field = f.field;
    Class<?> ft = field.getType();
    if (g.direct(field)) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitFieldInsn(GETFIELD, Type.getInternalName(field.getDeclaringClass()), field.getName(), Type.getDescriptor(ft));
      if (!ft.isPrimitive() && f.kind == FieldKind.STRING) {
        return;
      }
      return;
    }
    Class<?> erased = ft.isPrimitive() ? ft : Object.class;
    MethodHandle getter;
    try {
      field.setAccessible(true);
      getter = g.lookup.unreflectGetter(field).asType(MethodType.methodType(erased, Object.class));
    } catch (IllegalAccessException | RuntimeException e) {
      throw new BrineException("cannot read field " + field + ": " + e.getMessage(), e);
    }
    g.loadConstant(mv, g.constant(getter, "L" + MH + ";"));
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact",
        "(Ljava/lang/Object;)" + Type.getDescriptor(erased), false);
    if (f.kind == FieldKind.STRING) {
      mv.visitTypeInsn(CHECKCAST, "java/lang/String");
    }
  }
}
