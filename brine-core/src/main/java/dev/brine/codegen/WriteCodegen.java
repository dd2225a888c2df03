package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.context.WriteSession;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.FlatWriter;
import dev.brine.plan.Layout;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
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
 * Emits the write half of a generated serializer (the counterpart of {@link ReadCodegen}) in the
 * format-2 layout: {@code write(WriteContext, Object)} casts the context to Brine's {@link
 * WriteSession} once, reserves room for the number group and the fixed block with one capacity check
 * and writes them with the array and the position in locals ({@link GroupCodegen}), then calls one
 * static method per chunk of the remaining fields; fields of final classes call their serializer
 * directly.
 */
final class WriteCodegen {
  private static final String WC = Type.getInternalName(WriteSession.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String SER = Type.getInternalName(Serializer.class);
  private static final String CI_ARGS = "(Ljava/lang/Object;" + CI + CI + ")V";

  private final SerializerGenerator g;
  private final ContainerLoops loops;

  WriteCodegen(SerializerGenerator g) {
    this.g = g;
    this.loops = new ContainerLoops(g, this);
  }

  /** Locals of {@code write}: 0 this, 1 the session, 2 the object, 3 the array, 4 the position, 5 the control index. */
  private static final int W_SESSION = 1;
  private static final int W_OBJECT = 2;
  private static final int W_ARRAY = 3;
  private static final int W_POS = 4;
  private static final int W_CONTROL = 5;

  void writeMethod(ClassWriter cw) {
    String owner = Type.getInternalName(g.type);
    Layout layout = g.layout;
    GroupCodegen gc = g.groups;
    // number group chunks: static int wg<k>(byte[] b, int p, int c0, T obj), scratch locals 4..9
    int groupChunks = (layout.group.size() + GroupCodegen.GROUP_CHUNK - 1) / GroupCodegen.GROUP_CHUNK;
    String groupDesc = "([BIIL" + owner + ";)I";
    for (int k = 0; k < groupChunks; k++) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "wg" + k, groupDesc, null, null);
      mv.visitCode();
      Label start = new Label();
      mv.visitLabel(start);
      int from = k * GroupCodegen.GROUP_CHUNK;
      int to = Math.min(layout.group.size(), from + GroupCodegen.GROUP_CHUNK);
      gc.writeGroup(mv, from, to, (m, f) -> getField(m, f, 3), 0, 1, 2, 4);
      SerializerGenerator.pad(mv, start, groupChunks);
      mv.visitVarInsn(ILOAD, 1);
      mv.visitInsn(IRETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    // the fixed block: static void wf(byte[] b, int p, T obj)
    String fixedDesc = "([BIL" + owner + ";)V";
    for (int k = 0; k < GroupCodegen.fixedChunks(layout.fixed.size()); k++) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "wf" + k, fixedDesc, null, null);
      mv.visitCode();
      int from = k * GroupCodegen.FIXED_CHUNK;
      gc.writeFixed(mv, (m, f) -> getField(m, f, 2), 0, 1, from, Math.min(layout.fixed.size(), from + GroupCodegen.FIXED_CHUNK));
      mv.visitInsn(RETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    // strings and the rest: static void write<c>(WriteSession ws, T obj)
    String chunkDesc = "(L" + WC + ";L" + owner + ";)V";
    List<List<FieldPlan>> chunkList = g.tailChunks();
    int chunks = chunkList.size();
    for (int c = 0; c < chunks; c++) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "write" + c, chunkDesc, null, null);
      mv.visitCode();
      Label start = new Label();
      mv.visitLabel(start);
      for (FieldPlan f : chunkList.get(c)) {
        writeField(mv, f);
      }
      SerializerGenerator.endChunk(mv, start, chunks);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "write", "(L" + SerializerGenerator.WRITE_CONTEXT + ";Ljava/lang/Object;)V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitTypeInsn(CHECKCAST, WC); // Brine's only WriteContext
    mv.visitVarInsn(ASTORE, W_SESSION);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitTypeInsn(CHECKCAST, owner);
    mv.visitVarInsn(ASTORE, W_OBJECT);
    if (layout.writeWindow() > 0) {
      // one capacity check for the group and the fixed block, then the array and position in locals
      mv.visitVarInsn(ALOAD, W_SESSION);
      mv.visitLdcInsn(layout.writeWindow());
      call(mv, "ensure", "(I)V");
      mv.visitVarInsn(ALOAD, W_SESSION);
      call(mv, "array", "()[B");
      mv.visitVarInsn(ASTORE, W_ARRAY);
      mv.visitVarInsn(ALOAD, W_SESSION);
      call(mv, "position", "()I");
      mv.visitInsn(DUP);
      mv.visitVarInsn(ISTORE, W_CONTROL);
      if (layout.controlBytes != 0) {
        mv.visitLdcInsn(layout.controlBytes);
        mv.visitInsn(IADD);
      }
      mv.visitVarInsn(ISTORE, W_POS);
      groupAndFixed(mv, W_ARRAY, W_POS, W_CONTROL, W_OBJECT, groupChunks, groupDesc, fixedDesc);
      mv.visitVarInsn(ALOAD, W_SESSION);
      pushEnd(mv, W_POS);
      call(mv, "advanceTo", "(I)V");
    }
    for (int c = 0; c < chunks; c++) {
      mv.visitVarInsn(ALOAD, W_SESSION);
      mv.visitVarInsn(ALOAD, W_OBJECT);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "write" + c, chunkDesc, false);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    if (g.flatFields != null) {
      flatMethods(cw, owner, groupChunks, groupDesc, fixedDesc);
    }
  }

  /**
   * Calls the group chunks ({@code wg<k>}, each returning the new position into {@code pos}) and the
   * fixed block chunks ({@code wf<k>}) on the array, position, control index and object in those
   * locals.
   */
  private void groupAndFixed(MethodVisitor mv, int array, int pos, int control, int object, int groupChunks,
      String groupDesc, String fixedDesc) {
    Layout layout = g.layout;
    for (int k = 0; k < groupChunks; k++) {
      mv.visitVarInsn(ALOAD, array);
      mv.visitVarInsn(ILOAD, pos);
      mv.visitVarInsn(ILOAD, control);
      mv.visitVarInsn(ALOAD, object);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "wg" + k, groupDesc, false);
      mv.visitVarInsn(ISTORE, pos);
    }
    for (int k = 0; k < GroupCodegen.fixedChunks(layout.fixed.size()); k++) {
      mv.visitVarInsn(ALOAD, array);
      mv.visitVarInsn(ILOAD, pos);
      mv.visitVarInsn(ALOAD, object);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "wf" + k, fixedDesc, false);
    }
  }

  /** Pushes the position after the fixed block that starts at the position in local {@code pos}. */
  private void pushEnd(MethodVisitor mv, int pos) {
    mv.visitVarInsn(ILOAD, pos);
    if (g.layout.fixedBytes != 0) {
      mv.visitLdcInsn(g.layout.fixedBytes);
      mv.visitInsn(IADD);
    }
  }

  /**
   * {@link FlatWriter}'s methods for a flat class (its group and fixed block, then slots of final flat
   * classes): {@code writeFlat(byte[] b, int p, Object value)} is {@code write} without the session (the
   * caller made the room and keeps the position); each flat field is its slot byte and its value's
   * {@code writeFlat}, the same bytes as {@link #writeNested} without references.
   */
  private void flatMethods(ClassWriter cw, String owner, int groupChunks, String groupDesc, String fixedDesc) {
    Layout layout = g.layout;
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "flatWindow", "()I", null, null);
    mv.visitCode();
    mv.visitLdcInsn(g.flatWindow);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    if (g.flatDepth > 1) {
      mv = cw.visitMethod(ACC_PUBLIC, "flatDepth", "()I", null, null);
      mv.visitCode();
      mv.visitLdcInsn(g.flatDepth);
      mv.visitInsn(IRETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    // locals: 0 this, 1 the array, 2 the position, 3 the value, 4 the control index, 5 the value cast,
    // 6 a flat field's value
    mv = cw.visitMethod(ACC_PUBLIC, "writeFlat", "([BILjava/lang/Object;)I", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 3);
    mv.visitTypeInsn(CHECKCAST, owner);
    mv.visitVarInsn(ASTORE, 5);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitVarInsn(ISTORE, 4);
    if (layout.controlBytes != 0) {
      mv.visitIincInsn(2, layout.controlBytes);
    }
    groupAndFixed(mv, 1, 2, 4, 5, groupChunks, groupDesc, fixedDesc);
    pushEnd(mv, 2);
    if (!g.flatFields.isEmpty()) {
      mv.visitVarInsn(ISTORE, 2);
      for (int i = 0; i < g.flatFields.size(); i++) {
        flatField(mv, layout.others.get(i), g.flatFields.get(i));
      }
      mv.visitVarInsn(ILOAD, 2);
    }
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * In {@code writeFlat} (locals as there), the slot byte of flat field {@code f} and, when not null, its
   * value's payload through {@code writer}, advancing the position in local 2.
   */
  private void flatField(MethodVisitor mv, FieldPlan f, FlatWriter writer) {
    Label isNull = new Label();
    Label next = new Label();
    getField(mv, f, 5);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ASTORE, 6);
    mv.visitJumpInsn(IFNULL, isNull);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitLdcInsn(TypeIds.SLOT_VALUE);
    mv.visitInsn(I2B);
    mv.visitInsn(BASTORE);
    g.loadConstant(mv, g.constant(writer, Type.getDescriptor(FlatWriter.class)));
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitInsn(ICONST_1);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ALOAD, 6);
    mv.visitMethodInsn(INVOKEINTERFACE, Type.getInternalName(FlatWriter.class), "writeFlat", "([BILjava/lang/Object;)I", true);
    mv.visitVarInsn(ISTORE, 2);
    mv.visitJumpInsn(GOTO, next);
    mv.visitLabel(isNull);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitLdcInsn(TypeIds.SLOT_NULL);
    mv.visitInsn(I2B);
    mv.visitInsn(BASTORE);
    mv.visitIincInsn(2, 1);
    mv.visitLabel(next);
  }

  /** Scratch local of the chunk methods for a nested value (0 context, 1 object, 2-3 a primitive run). */
  static final int NESTED_LOCAL = 4;

  /** With references on, a jump to {@code general}; otherwise the field's value into {@link #NESTED_LOCAL}. */
  void fieldUnlessReferences(MethodVisitor mv, FieldPlan f, Label general) {
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
  void callWrite(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, int valueLocal) {
    if (writeLeaf(mv, info, valueLocal)) {
      return;
    }
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
  /**
   * For the commonest leaf classes (String and the compressed or fixed Integer and Long), writes the
   * value in local {@code valueLocal} through the context's own method, as {@code
   * WriteSession.writePayload} writes them (the same bytes as their serializer, whose {@code write}
   * switches over fourteen kinds and is too big to inline once compiled). False for any other class.
   */
  private static boolean writeLeaf(MethodVisitor mv, ClassInfo info, int valueLocal) {
    if (info.composite) {
      return false;
    }
    switch (info.leafKind) {
      case PayloadTraits.LEAF_STRING:
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ALOAD, valueLocal);
        mv.visitTypeInsn(CHECKCAST, "java/lang/String");
        call(mv, "writeString", "(Ljava/lang/String;)V");
        return true;
      case PayloadTraits.LEAF_INT32:
      case PayloadTraits.LEAF_FIXED_INT32:
        mv.visitVarInsn(ALOAD, 0);
        unboxed(mv, valueLocal, false);
        call(mv, info.leafKind == PayloadTraits.LEAF_INT32 ? "writeVarInt32" : "writeInt32", "(I)V");
        return true;
      case PayloadTraits.LEAF_INT64:
      case PayloadTraits.LEAF_FIXED_INT64:
        mv.visitVarInsn(ALOAD, 0);
        unboxed(mv, valueLocal, true);
        call(mv, info.leafKind == PayloadTraits.LEAF_INT64 ? "writeVarInt64" : "writeInt64", "(J)V");
        return true;
      default:
        return false;
    }
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
    if (ContainerLoops.flat(f.declared, nested) != null) {
      Label deep = new Label(); // its flat fields might pass the depth limit: written the general way below
      loops.writeFlatField(mv, f.declared, nested, deep);
      mv.visitJumpInsn(GOTO, end);
      mv.visitLabel(deep);
    }
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

  /** Pushes the Integer (or, {@code wide}, the Long) in local {@code local} as its primitive value. */
  static void unboxed(MethodVisitor mv, int local, boolean wide) {
    String box = wide ? "java/lang/Long" : "java/lang/Integer";
    mv.visitVarInsn(ALOAD, local);
    mv.visitTypeInsn(CHECKCAST, box);
    mv.visitMethodInsn(INVOKEVIRTUAL, box, wide ? "longValue" : "intValue", wide ? "()J" : "()I", false);
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
      loops.writeElements(mv, f, elements);
      return;
    }
    List<Serializer<Object>> entries = SerializerGenerator.entrySerializers(f);
    if (entries != null) {
      loops.writeEntries(mv, f, entries.get(0), entries.get(1));
      return;
    }
    mv.visitVarInsn(ALOAD, 0);
    if (f.kind == FieldKind.DECLARED) {
      g.loadInfo(mv, f.declared);
    }
    getField(mv, f);
    switch (f.kind) {
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
    getField(mv, f, 1);
  }

  /** Pushes the value of field {@code f} of the object in local {@code object}, typed as the field. */
  void getField(MethodVisitor mv, FieldPlan f, int object) {
    Field field = f.field;
    Class<?> ft = field.getType();
    if (g.direct(field)) {
      mv.visitVarInsn(ALOAD, object);
      mv.visitFieldInsn(GETFIELD, Type.getInternalName(field.getDeclaringClass()), field.getName(), Type.getDescriptor(ft));
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
    mv.visitVarInsn(ALOAD, object);
    mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact",
        "(Ljava/lang/Object;)" + Type.getDescriptor(erased), false);
    if (!ft.isPrimitive() && ft != Object.class) {
      mv.visitTypeInsn(CHECKCAST, Type.getInternalName(ft));
    }
  }
}
