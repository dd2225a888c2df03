package dev.brine.protobuf.codec;

import static dev.brine.protobuf.codec.CodecGenerator.*;
import static org.objectweb.asm.Opcodes.*;

import dev.brine.plan.FieldModel;
import dev.brine.protobuf.plan.MessagePlan;
import dev.brine.protobuf.plan.ProtoField;
import dev.brine.protobuf.plan.ProtoKind;
import dev.brine.protobuf.wire.ProtoWriter;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The write half of {@link CodecGenerator}: emits {@code write}, which calls static chunk methods
 * {@code w<n>} of at most {@code CHUNK} fields each, straight-line code with one {@link ProtoWriter}
 * call per field in number order on the fields read with {@code GETFIELD} (or a getter's method handle).
 */
final class WriteEmitter {
  private final CodecGenerator g;
  private final MessagePlan plan;
  private final String owner;
  private final String self;

  WriteEmitter(CodecGenerator g) {
    this.g = g;
    this.plan = g.plan;
    this.owner = g.owner;
    this.self = g.self;
  }

  private void getConstant(MethodVisitor mv, int i) {
    g.getConstant(mv, i);
  }

  /** Emits {@code write} and its chunk methods into {@code cw} ({@code fieldConst}/{@code accessConst}: each field's codec and getter constants, or -1). */
  void writeMethods(ClassWriter cw, int[] fieldConst, int[] accessConst) {
    String chunkDesc = "(L" + PW + ";L" + owner + ";)V";
    List<ProtoField> fs = plan.fields;
    int chunks = 0;
    for (int from = 0; from < fs.size() || chunks == 0; from += CHUNK) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "w" + chunks, chunkDesc, null, null);
      mv.visitCode();
      for (int i = from; i < Math.min(fs.size(), from + CHUNK); i++) {
        writeField(mv, fs.get(i), fieldConst[i], accessConst[i]);
      }
      mv.visitInsn(RETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
      chunks++;
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "write", "(L" + PW + ";Ljava/lang/Object;)V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 2);
    mv.visitTypeInsn(CHECKCAST, owner);
    mv.visitVarInsn(ASTORE, 2);
    for (int c = 0; c < chunks; c++) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ALOAD, 2);
      mv.visitMethodInsn(INVOKESTATIC, self, "w" + c, chunkDesc, false);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** Pushes field {@code f} of the object in local {@code obj}, typed as the field (erased to Object through a getter). */
  private void loadField(MethodVisitor mv, FieldModel f, int obj, int accessConst) {
    if (accessConst < 0) {
      mv.visitVarInsn(ALOAD, obj);
      mv.visitFieldInsn(GETFIELD, Type.getInternalName(f.declaringClass()), f.name, Type.getDescriptor(f.type()));
    } else {
      getConstant(mv, accessConst);
      mv.visitVarInsn(ALOAD, obj);
      Class<?> e = erased(f.type());
      mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact", "(Ljava/lang/Object;)" + Type.getDescriptor(e), false);
      if (!f.type().isPrimitive()) {
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.type()));
      }
    }
  }

  private void writeField(MethodVisitor mv, ProtoField f, int fieldConst, int accessConst) {
    Inline in = inline(f);
    int tag = f.tag();
    switch (in) {
      case PRIM: {
        mv.visitVarInsn(ALOAD, 0);
        mv.visitLdcInsn(tag);
        loadField(mv, f.model, 1, accessConst);
        String[] m = primWriter(f.value.kind);
        mv.visitMethodInsn(INVOKEVIRTUAL, PW, m[0], m[1], false);
        break;
      }
      case STRING:
        mv.visitVarInsn(ALOAD, 0);
        mv.visitLdcInsn(tag);
        loadField(mv, f.model, 1, accessConst);
        mv.visitMethodInsn(INVOKEVIRTUAL, PW, "string", "(ILjava/lang/String;)V", false);
        break;
      case BOXED: {
        mv.visitVarInsn(ALOAD, 0);
        mv.visitLdcInsn(tag);
        loadField(mv, f.model, 1, accessConst);
        Class<?> j = f.value.java;
        String name = j == Integer.class ? "optionalInt32" : j == Long.class ? "optionalInt64"
            : j == Float.class ? "optionalFloat32" : j == Double.class ? "optionalFloat64" : "optionalBool";
        mv.visitMethodInsn(INVOKEVIRTUAL, PW, name, "(I" + Type.getDescriptor(j) + ")V", false);
        break;
      }
      case MESSAGE:
        getConstant(mv, fieldConst);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitLdcInsn(tag);
        loadField(mv, f.model, 1, accessConst);
        mv.visitMethodInsn(INVOKEVIRTUAL, MC, "writeField", "(L" + PW + ";ILjava/lang/Object;)V", false);
        break;
      default:
        getConstant(mv, fieldConst);
        mv.visitVarInsn(ALOAD, 0);
        loadField(mv, f.model, 1, accessConst);
        box(mv, f.model.type());
        mv.visitMethodInsn(INVOKEVIRTUAL, FC, "write", "(L" + PW + ";Ljava/lang/Object;)V", false);
        break;
    }
  }

  private static String[] primWriter(ProtoKind k) {
    switch (k) {
      case INT32: return new String[] {"int32", "(II)V"};
      case UINT32: return new String[] {"uint32", "(II)V"};
      case SINT32: return new String[] {"sint32", "(II)V"};
      case FIXED32: case SFIXED32: return new String[] {"fixed32", "(II)V"};
      case INT64: case UINT64: return new String[] {"int64", "(IJ)V"};
      case SINT64: return new String[] {"sint64", "(IJ)V"};
      case FIXED64: case SFIXED64: return new String[] {"fixed64", "(IJ)V"};
      case FLOAT: return new String[] {"float32", "(IF)V"};
      case DOUBLE: return new String[] {"float64", "(ID)V"};
      default: return new String[] {"bool", "(IZ)V"};
    }
  }
}
