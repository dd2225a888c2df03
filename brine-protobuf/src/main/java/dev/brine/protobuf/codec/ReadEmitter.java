package dev.brine.protobuf.codec;

import static dev.brine.protobuf.codec.CodecGenerator.*;
import static org.objectweb.asm.Opcodes.*;

import dev.brine.codegen.Nestmates;
import dev.brine.plan.FieldModel;
import dev.brine.plan.Instantiator;
import dev.brine.protobuf.plan.MessagePlan;
import dev.brine.protobuf.plan.ProtoField;
import dev.brine.protobuf.plan.ProtoField.Shape;
import dev.brine.protobuf.plan.ProtoKind;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The read half of {@link CodecGenerator}: emits {@code read}, a loop over tags with one {@code
 * lookupswitch} after an in-order fast path. A record's values are held in locals until the end,
 * where it is constructed; any other class is created first and each value stored into it as it is
 * read.
 */
final class ReadEmitter {
  private final CodecGenerator g;
  private final MessagePlan plan;
  private final Codecs codecs;
  private final Class<?> type;
  private final String owner;
  private final String self;

  ReadEmitter(CodecGenerator g) {
    this.g = g;
    this.plan = g.plan;
    this.codecs = g.codecs;
    this.type = g.type;
    this.owner = g.owner;
    this.self = g.self;
  }

  private int constant(Object value, Class<?> declared) {
    return g.constant(value, declared);
  }

  private void getConstant(MethodVisitor mv, int i) {
    g.getConstant(mv, i);
  }

  /** The reader method for a primitive of kind {@code k}: {name, descriptor}. */
  private static String[] primReader(ProtoKind k) {
    switch (k) {
      case INT32: case UINT32: return new String[] {"readVarint32", "()I"};
      case SINT32: return new String[] {"readSint32", "()I"};
      case FIXED32: case SFIXED32: return new String[] {"readFixed32", "()I"};
      case INT64: case UINT64: return new String[] {"readVarint64", "()J"};
      case SINT64: return new String[] {"readSint64", "()J"};
      case FIXED64: case SFIXED64: return new String[] {"readFixed64", "()J"};
      case FLOAT: return new String[] {"readFloat", "()F"};
      case DOUBLE: return new String[] {"readDouble", "()D"};
      default: return new String[] {"readBool", "()Z"};
    }
  }

  /** Emits {@code read} into {@code cw} ({@code fieldConst}: each field's codec constant, or -1). */
  void readMethod(ClassWriter cw, int[] fieldConst) {
    if (!plan.model.record) {
      readPojoMethod(cw, fieldConst);
      return;
    }
    List<ProtoField> fs = plan.fields;
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "read", "(L" + PR + ";)Ljava/lang/Object;", null, null);
    mv.visitCode();
    int[] local = new int[fs.size()];
    int next = 3; // 0 this, 1 reader, 2 tag
    for (int i = 0; i < fs.size(); i++) {
      ProtoField f = fs.get(i);
      local[i] = next;
      Class<?> t = inline(f) == Inline.PRIM ? f.value.java : Object.class;
      next += t == long.class || t == double.class ? 2 : 1;
      Type lt = Type.getType(t);
      if (t == long.class) {
        mv.visitInsn(LCONST_0);
      } else if (t == double.class) {
        mv.visitInsn(DCONST_0);
      } else if (t == float.class) {
        mv.visitInsn(FCONST_0);
      } else if (t.isPrimitive()) {
        mv.visitInsn(ICONST_0);
      } else {
        mv.visitInsn(ACONST_NULL);
      }
      mv.visitVarInsn(lt.getOpcode(ISTORE), local[i]);
    }
    int objLocal = next;
    int[][] tagsOf = new int[fs.size()][];
    for (int i = 0; i < fs.size(); i++) {
      ProtoField f = fs.get(i);
      tagsOf[i] = inline(f) == Inline.COMPLEX ? codecs.field(f).tags() : new int[] {f.tag()};
    }
    fieldLoop(mv, fs, tagsOf, i -> readBody(mv, fs.get(i), local[i], fieldConst[i]));
    if (plan.model.record) {
      mv.visitTypeInsn(NEW, owner);
      mv.visitInsn(DUP);
      StringBuilder desc = new StringBuilder("(");
      for (FieldModel m : plan.model.fields) {
        int i = indexOf(m);
        loadFinal(mv, fs.get(i), local[i], fieldConst[i], false);
        desc.append(Type.getDescriptor(m.type()));
      }
      mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", desc.append(")V").toString(), false);
      mv.visitInsn(ARETURN);
    } else {
      if (hasNoArgConstructor()) {
        mv.visitTypeInsn(NEW, owner);
        mv.visitInsn(DUP);
        mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", "()V", false);
      } else {
        Instantiator inst = plan.model.instantiator();
        getConstant(mv, constant(inst, Instantiator.class));
        mv.visitMethodInsn(INVOKEVIRTUAL, Type.getInternalName(Instantiator.class), "newInstance", "()Ljava/lang/Object;", false);
        mv.visitTypeInsn(CHECKCAST, owner);
      }
      mv.visitVarInsn(ASTORE, objLocal);
      for (int i = 0; i < fs.size(); i++) {
        FieldModel m = fs.get(i).model;
        if (!m.isFinal() && Nestmates.directAccess(m.field, type)) {
          mv.visitVarInsn(ALOAD, objLocal);
          loadFinal(mv, fs.get(i), local[i], fieldConst[i], false);
          mv.visitFieldInsn(PUTFIELD, Type.getInternalName(m.declaringClass()), m.name, Type.getDescriptor(m.type()));
        } else {
          Class<?> e = erased(m.type());
          getConstant(mv, constant(Nestmates.setter(m.field).asType(MethodType.methodType(void.class, Object.class, e)),
              MethodHandle.class));
          mv.visitVarInsn(ALOAD, objLocal);
          loadFinal(mv, fs.get(i), local[i], fieldConst[i], true);
          mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact", "(Ljava/lang/Object;" + Type.getDescriptor(e) + ")V", false);
        }
      }
      mv.visitVarInsn(ALOAD, objLocal);
      mv.visitInsn(ARETURN);
    }
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * {@code read} for a class that is not a record: the object is created first and each value stored
   * into it as it is read (values in locals across the loop made C1 and C2 give up on classes of 100
   * fields: "out of virtual registers", "out of nodes"; the method then ran interpreted). A class
   * created through a constructor first gets proto3's defaults (chunk methods {@code z<n>}); the
   * accumulators of container fields live in an array until the end.
   */
  private void readPojoMethod(ClassWriter cw, int[] fieldConst) {
    List<ProtoField> fs = plan.fields;
    String zDesc = "(L" + owner + ";)V";
    boolean ctor = hasNoArgConstructor();
    int[] setterConst = new int[fs.size()];
    int[] complexIndex = new int[fs.size()];
    int complex = 0;
    for (int i = 0; i < fs.size(); i++) {
      FieldModel m = fs.get(i).model;
      setterConst[i] = !m.isFinal() && Nestmates.directAccess(m.field, type) ? -1
          : constant(Nestmates.setter(m.field).asType(MethodType.methodType(void.class, Object.class, erased(m.type()))),
              MethodHandle.class);
      complexIndex[i] = inline(fs.get(i)) == Inline.COMPLEX ? complex++ : -1;
    }
    int zChunks = 0;
    if (ctor) {
      for (int from = 0; from < fs.size(); from += CHUNK * 2) {
        MethodVisitor z = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "z" + zChunks++, zDesc, null, null);
        z.visitCode();
        for (int i = from; i < Math.min(fs.size(), from + CHUNK * 2); i++) {
          if (complexIndex[i] >= 0) {
            continue; // set from its accumulator at the end
          }
          Class<?> t = fs.get(i).model.type();
          store(z, fs.get(i).model, setterConst[i], 0, () -> {
            if (t == long.class) z.visitInsn(LCONST_0);
            else if (t == double.class) z.visitInsn(DCONST_0);
            else if (t == float.class) z.visitInsn(FCONST_0);
            else if (t.isPrimitive()) z.visitInsn(ICONST_0);
            else z.visitInsn(ACONST_NULL);
          });
        }
        z.visitInsn(RETURN);
        z.visitMaxs(0, 0);
        z.visitEnd();
      }
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "read", "(L" + PR + ";)Ljava/lang/Object;", null, null);
    mv.visitCode();
    final int obj = 3;
    final int acc = 4;
    if (ctor) {
      mv.visitTypeInsn(NEW, owner);
      mv.visitInsn(DUP);
      mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", "()V", false);
      mv.visitVarInsn(ASTORE, obj);
      for (int c = 0; c < zChunks; c++) {
        mv.visitVarInsn(ALOAD, obj);
        mv.visitMethodInsn(INVOKESTATIC, self, "z" + c, zDesc, false);
      }
    } else {
      getConstant(mv, constant(plan.model.instantiator(), Instantiator.class));
      mv.visitMethodInsn(INVOKEVIRTUAL, Type.getInternalName(Instantiator.class), "newInstance", "()Ljava/lang/Object;", false);
      mv.visitTypeInsn(CHECKCAST, owner);
      mv.visitVarInsn(ASTORE, obj);
    }
    if (complex > 0) {
      mv.visitLdcInsn(complex);
      mv.visitTypeInsn(ANEWARRAY, OBJ);
      mv.visitVarInsn(ASTORE, acc);
    }
    int[][] tagsOf = new int[fs.size()][];
    for (int i = 0; i < fs.size(); i++) {
      ProtoField f = fs.get(i);
      tagsOf[i] = complexIndex[i] >= 0 ? codecs.field(f).tags() : new int[] {f.tag()};
    }
    fieldLoop(mv, fs, tagsOf, i -> readInto(mv, fs.get(i), fieldConst[i], setterConst[i], complexIndex[i], obj, acc));
    for (int i = 0; i < fs.size(); i++) {
      if (complexIndex[i] < 0) {
        continue;
      }
      final int j = complexIndex[i];
      final int k = fieldConst[i];
      final Class<?> t = fs.get(i).model.type();
      store(mv, fs.get(i).model, setterConst[i], obj, () -> {
        getConstant(mv, k);
        mv.visitVarInsn(ALOAD, acc);
        mv.visitLdcInsn(j);
        mv.visitInsn(AALOAD);
        mv.visitMethodInsn(INVOKEVIRTUAL, FC, "finish", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        if (t.isPrimitive()) {
          unbox(mv, t);
        } else {
          mv.visitTypeInsn(CHECKCAST, Type.getInternalName(t));
        }
      });
    }
    mv.visitVarInsn(ALOAD, obj);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** Stores the value {@code value} pushes into field {@code m} of the object in local {@code obj}. */
  private void store(MethodVisitor mv, FieldModel m, int setterConst, int obj, Runnable value) {
    if (setterConst < 0) {
      mv.visitVarInsn(ALOAD, obj);
      value.run();
      mv.visitFieldInsn(PUTFIELD, Type.getInternalName(m.declaringClass()), m.name, Type.getDescriptor(m.type()));
    } else {
      getConstant(mv, setterConst);
      mv.visitVarInsn(ALOAD, obj);
      value.run();
      mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact",
          "(Ljava/lang/Object;" + Type.getDescriptor(erased(m.type())) + ")V", false);
    }
  }

  /** Reads one occurrence of {@code f} (tag in local 2) straight into the object, or into its accumulator. */
  private void readInto(MethodVisitor mv, ProtoField f, int fieldConst, int setterConst, int complexIndex, int obj, int acc) {
    if (complexIndex >= 0) {
      mv.visitVarInsn(ALOAD, acc);
      mv.visitLdcInsn(complexIndex);
      getConstant(mv, fieldConst);
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ILOAD, 2);
      mv.visitVarInsn(ALOAD, acc);
      mv.visitLdcInsn(complexIndex);
      mv.visitInsn(AALOAD);
      mv.visitMethodInsn(INVOKEVIRTUAL, FC, "read", "(L" + PR + ";ILjava/lang/Object;)Ljava/lang/Object;", false);
      mv.visitInsn(AASTORE);
      return;
    }
    store(mv, f.model, setterConst, obj, () -> {
      switch (inline(f)) {
        case PRIM: {
          mv.visitVarInsn(ALOAD, 1);
          String[] m = primReader(f.value.kind);
          mv.visitMethodInsn(INVOKEVIRTUAL, PR, m[0], m[1], false);
          break;
        }
        case STRING:
          mv.visitVarInsn(ALOAD, 1);
          mv.visitMethodInsn(INVOKEVIRTUAL, PR, "readString", "()Ljava/lang/String;", false);
          break;
        case BOXED: {
          Class<?> prim = f.value.java == Integer.class ? int.class : f.value.java == Long.class ? long.class
              : f.value.java == Float.class ? float.class : f.value.java == Double.class ? double.class : boolean.class;
          mv.visitVarInsn(ALOAD, 1);
          String[] m = primReader(f.value.kind);
          mv.visitMethodInsn(INVOKEVIRTUAL, PR, m[0], m[1], false);
          box(mv, prim);
          break;
        }
        default: // MESSAGE
          getConstant(mv, fieldConst);
          mv.visitVarInsn(ALOAD, 1);
          mv.visitMethodInsn(INVOKEVIRTUAL, MC, "readField", "(L" + PR + ";)Ljava/lang/Object;", false);
          if (setterConst < 0) {
            mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.model.type()));
          }
          break;
      }
    });
  }

  /** Reads one occurrence of field {@code f} (its tag in local 2) into its local. */
  private void readBody(MethodVisitor mv, ProtoField f, int local, int fieldConst) {
    switch (inline(f)) {
      case PRIM: {
        mv.visitVarInsn(ALOAD, 1);
        String[] m = primReader(f.value.kind);
        mv.visitMethodInsn(INVOKEVIRTUAL, PR, m[0], m[1], false);
        mv.visitVarInsn(Type.getType(f.value.java).getOpcode(ISTORE), local);
        break;
      }
      case STRING:
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, PR, "readString", "()Ljava/lang/String;", false);
        mv.visitVarInsn(ASTORE, local);
        break;
      case BOXED: {
        Class<?> prim = f.value.java == Integer.class ? int.class : f.value.java == Long.class ? long.class
            : f.value.java == Float.class ? float.class : f.value.java == Double.class ? double.class : boolean.class;
        mv.visitVarInsn(ALOAD, 1);
        String[] m = primReader(f.value.kind);
        mv.visitMethodInsn(INVOKEVIRTUAL, PR, m[0], m[1], false);
        box(mv, prim);
        mv.visitVarInsn(ASTORE, local);
        break;
      }
      case MESSAGE:
        getConstant(mv, fieldConst);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, MC, "readField", "(L" + PR + ";)Ljava/lang/Object;", false);
        mv.visitVarInsn(ASTORE, local);
        break;
      default:
        getConstant(mv, fieldConst);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitVarInsn(ILOAD, 2);
        mv.visitVarInsn(ALOAD, local);
        mv.visitMethodInsn(INVOKEVIRTUAL, FC, "read", "(L" + PR + ";ILjava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitVarInsn(ASTORE, local);
        break;
    }
  }

  private int indexOf(FieldModel m) {
    for (int i = 0; i < plan.fields.size(); i++) {
      if (plan.fields.get(i).model == m) {
        return i;
      }
    }
    throw new IllegalStateException(m.toString());
  }

  private boolean hasNoArgConstructor() {
    try {
      type.getDeclaredConstructor();
      return !Modifier.isAbstract(type.getModifiers());
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** Pushes the field's final value, typed as the field (or erased to Object when {@code erasedRef}). */
  private void loadFinal(MethodVisitor mv, ProtoField f, int local, int fieldConst, boolean erasedRef) {
    Class<?> t = f.model.type();
    switch (inline(f)) {
      case PRIM:
        mv.visitVarInsn(Type.getType(t).getOpcode(ILOAD), local);
        return;
      case COMPLEX:
        getConstant(mv, fieldConst);
        mv.visitVarInsn(ALOAD, local);
        mv.visitMethodInsn(INVOKEVIRTUAL, FC, "finish", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        if (t.isPrimitive()) {
          unbox(mv, t);
        } else if (!erasedRef) {
          mv.visitTypeInsn(CHECKCAST, Type.getInternalName(t));
        }
        return;
      default:
        mv.visitVarInsn(ALOAD, local);
        if (!erasedRef) {
          mv.visitTypeInsn(CHECKCAST, Type.getInternalName(t));
        }
    }
  }

  /**
   * Emits the loop over a message's tags (local 2, read from the reader in local 1): with few fields,
   * each expected in number order first; then a switch on the tag to each field's {@code read}, unknown
   * fields skipped, until tag 0.
   */
  private static void fieldLoop(MethodVisitor mv, List<ProtoField> fs, int[][] tagsOf, IntConsumer read) {
    Label loop = new Label();
    Label end = new Label();
    Label dflt = new Label();
    Label advance = new Label();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, PR, "nextTag", "()I", false);
    mv.visitVarInsn(ISTORE, 2);
    if (fs.size() <= FAST_PATH_FIELDS) {
      // Fields arrive in number order from every writer that follows the spec's advice (protobuf-java,
      // this mapper): expect each in turn, a compare that predicts perfectly, before the switch
      // loop takes what came out of order, unknown fields and the rest of repeated ones.
      for (int i = 0; i < fs.size(); i++) {
        Label again = new Label();
        Label body = new Label();
        Label skip = new Label();
        boolean repeats = fs.get(i).shape == Shape.REPEATED || fs.get(i).shape == Shape.MAP;
        mv.visitLabel(again);
        for (int t : tagsOf[i]) {
          mv.visitVarInsn(ILOAD, 2);
          mv.visitLdcInsn(t);
          mv.visitJumpInsn(IF_ICMPEQ, body);
        }
        mv.visitJumpInsn(GOTO, skip);
        mv.visitLabel(body);
        read.accept(i);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, PR, "nextTag", "()I", false);
        mv.visitVarInsn(ISTORE, 2);
        if (repeats) {
          mv.visitJumpInsn(GOTO, again);
        }
        mv.visitLabel(skip);
      }
    }
    mv.visitLabel(loop);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitJumpInsn(IFEQ, end);
    TreeMap<Integer, Label> cases = new TreeMap<>();
    Label[] bodies = new Label[fs.size()];
    for (int i = 0; i < fs.size(); i++) {
      bodies[i] = new Label();
      for (int t : tagsOf[i]) {
        cases.put(t, bodies[i]);
      }
    }
    mv.visitVarInsn(ILOAD, 2);
    int[] keys = cases.keySet().stream().mapToInt(Integer::intValue).toArray();
    mv.visitLookupSwitchInsn(dflt, keys, cases.values().toArray(new Label[0]));
    for (int i = 0; i < fs.size(); i++) {
      mv.visitLabel(bodies[i]);
      read.accept(i);
      mv.visitJumpInsn(GOTO, advance);
    }
    mv.visitLabel(dflt);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitMethodInsn(INVOKEVIRTUAL, PR, "skipField", "(I)V", false);
    mv.visitLabel(advance);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, PR, "nextTag", "()I", false);
    mv.visitVarInsn(ISTORE, 2);
    mv.visitJumpInsn(GOTO, loop);
    mv.visitLabel(end);
  }
}
