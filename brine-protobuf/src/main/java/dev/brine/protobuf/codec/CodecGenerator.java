package dev.brine.protobuf.codec;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.codegen.Nestmates;
import dev.brine.plan.FieldModel;
import dev.brine.plan.Instantiator;
import dev.brine.protobuf.plan.MessagePlan;
import dev.brine.protobuf.plan.ProtoField;
import dev.brine.protobuf.plan.ProtoField.Container;
import dev.brine.protobuf.plan.ProtoField.Shape;
import dev.brine.protobuf.plan.ProtoKind;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.ProtoWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Generates a {@link MessageCodec} for one {@link MessagePlan} with ASM, defined as a hidden nestmate
 * of the class ({@link Nestmates}): {@code write} is straight-line code, one {@link ProtoWriter}
 * call per field in number order, on the fields read with {@code GETFIELD}; {@code read} is a loop
 * over tags with one {@code lookupswitch}, the values held in locals until the end, where the record
 * is constructed or the object created and its fields stored. Numbers, bools, strings, boxes and
 * nested messages are inline; the other fields call their {@link FieldCodec} (held in a static
 * final, so the JIT sees its exact class), whose bytes are the interpreted codec's by construction.
 */
final class CodecGenerator {
  private static final String PW = Type.getInternalName(ProtoWriter.class);
  private static final String PR = Type.getInternalName(ProtoReader.class);
  private static final String MC = Type.getInternalName(MessageCodec.class);
  private static final String FC = Type.getInternalName(FieldCodec.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String OBJ = "java/lang/Object";
  /** Field weight of one generated write method (see core's SerializerGenerator.CHUNK_WEIGHT). */
  private static final int CHUNK = 16;
  /**
   * Classes with at most this many fields get the in-order fast path in {@code read}; beyond it the
   * method would approach HotSpot's limit for compiling a method at all ({@code HugeMethodLimit},
   * 8000 bytes).
   */
  private static final int FAST_PATH_FIELDS = 200;

  private enum Inline { PRIM, STRING, BOXED, MESSAGE, COMPLEX }

  private final MessagePlan plan;
  private final Codecs codecs;
  private final Class<?> type;
  private final String owner;
  private final String self;
  private final List<Object> constants = new ArrayList<>();
  private final List<String> constantDescs = new ArrayList<>();

  private CodecGenerator(MessagePlan plan, Codecs codecs) {
    this.plan = plan;
    this.codecs = codecs;
    this.type = plan.type;
    this.owner = Type.getInternalName(type);
    this.self = owner + "$$BrineProto";
  }

  /**
   * Generates and instantiates the codec.
   *
   * @throws BrineException if the class cannot be opened to Brine, does not see Brine's classes, or
   *     the code cannot be defined (the caller then interprets)
   */
  static MessageCodec generate(MessagePlan plan, Codecs codecs) {
    ClassLoader loader = plan.type.getClassLoader();
    for (Class<?> c : new Class<?>[] {MessageCodec.class, ProtoWriter.class, ProtoReader.class, FieldCodec.class}) {
      try {
        if (Class.forName(c.getName(), false, loader) != c) {
          throw new BrineException("protobuf: " + plan.type.getName() + "'s class loader sees another " + c.getName());
        }
      } catch (ClassNotFoundException e) {
        throw new BrineException("protobuf: " + plan.type.getName() + "'s class loader does not see " + c.getName(), e);
      }
    }
    CodecGenerator g = new CodecGenerator(plan, codecs);
    byte[] bytes;
    try {
      bytes = g.bytecode();
    } catch (RuntimeException e) { // e.g. ASM's MethodTooLargeException for a class with thousands of fields
      throw new BrineException("protobuf: cannot generate code for " + plan.type.getName() + ": " + e, e);
    }
    MethodHandles.Lookup hidden = Nestmates.defineNestmate(plan.type, bytes, g.constants.toArray());
    try {
      return (MessageCodec) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class, Class.class))
          .invoke(plan.type);
    } catch (Throwable e) {
      throw new BrineException("protobuf: cannot instantiate generated code for " + plan.type.getName() + ": " + e, e);
    }
  }

  /** The class file for {@code plan} (deterministic; for tests). */
  static byte[] bytecodeFor(MessagePlan plan, Codecs codecs) {
    return new CodecGenerator(plan, codecs).bytecode();
  }

  private static Inline inline(ProtoField f) {
    Class<?> j = f.value.java;
    ProtoKind k = f.value.kind;
    if (f.shape == Shape.SINGULAR && (j == int.class || j == long.class || j == float.class || j == double.class
        || j == boolean.class)) {
      return Inline.PRIM;
    }
    if (f.shape == Shape.OPTIONAL && f.container == Container.NONE) {
      if (k == ProtoKind.STRING) return Inline.STRING;
      if (k == ProtoKind.MESSAGE) return Inline.MESSAGE;
      if ((j == Integer.class && k == ProtoKind.INT32) || (j == Long.class && k == ProtoKind.INT64) || j == Float.class
          || j == Double.class || j == Boolean.class) {
        return Inline.BOXED;
      }
    }
    return Inline.COMPLEX;
  }

  private int constant(Object value, Class<?> declared) {
    constants.add(value);
    constantDescs.add(Type.getDescriptor(declared));
    return constants.size() - 1;
  }

  private void getConstant(MethodVisitor mv, int i) {
    mv.visitFieldInsn(GETSTATIC, self, "K" + i, constantDescs.get(i));
  }

  private byte[] bytecode() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
      @Override
      protected String getCommonSuperClass(String a, String b) {
        return OBJ; // each local holds one type; no class is loaded to merge
      }
    };
    cw.visit(V17, ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, self, null, MC, null);
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "(Ljava/lang/Class;)V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitVarInsn(ALOAD, 1);
    init.visitMethodInsn(INVOKESPECIAL, MC, "<init>", "(Ljava/lang/Class;)V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    // per-field constants, in field order
    int[] fieldConst = new int[plan.fields.size()];
    int[] accessConst = new int[plan.fields.size()];
    for (int i = 0; i < plan.fields.size(); i++) {
      ProtoField f = plan.fields.get(i);
      Inline in = inline(f);
      fieldConst[i] = in == Inline.MESSAGE ? constant(codecs.codec(f.value.message), MessageCodec.class)
          : in == Inline.COMPLEX ? constant(codecs.field(f), FieldCodec.class) : -1;
      accessConst[i] = Nestmates.directAccess(f.model.field, type) ? -1
          : constant(Nestmates.getter(f.model.field).asType(MethodType.methodType(erased(f.model.type()), Object.class)),
              MethodHandle.class);
    }
    writeMethods(cw, fieldConst, accessConst);
    readMethod(cw, fieldConst);
    for (int i = 0; i < constants.size(); i++) {
      cw.visitField(ACC_STATIC | ACC_FINAL | ACC_PRIVATE, "K" + i, constantDescs.get(i), null, null).visitEnd();
    }
    MethodVisitor clinit = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
    clinit.visitCode();
    if (!constants.isEmpty()) {
      clinit.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
          "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
      clinit.visitLdcInsn("_");
      clinit.visitLdcInsn(Type.getType(Object[].class));
      clinit.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "classData",
          "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;", false);
      clinit.visitTypeInsn(CHECKCAST, "[Ljava/lang/Object;");
      clinit.visitVarInsn(ASTORE, 0);
      for (int i = 0; i < constants.size(); i++) {
        clinit.visitVarInsn(ALOAD, 0);
        clinit.visitLdcInsn(i);
        clinit.visitInsn(AALOAD);
        clinit.visitTypeInsn(CHECKCAST, Type.getType(constantDescs.get(i)).getInternalName());
        clinit.visitFieldInsn(PUTSTATIC, self, "K" + i, constantDescs.get(i));
      }
    }
    clinit.visitInsn(RETURN);
    clinit.visitMaxs(0, 0);
    clinit.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  private static Class<?> erased(Class<?> c) {
    return c.isPrimitive() ? c : Object.class;
  }

  // ------------------------------------------------------------------------------ write

  private void writeMethods(ClassWriter cw, int[] fieldConst, int[] accessConst) {
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

  private static void box(MethodVisitor mv, Class<?> c) {
    if (!c.isPrimitive()) {
      return;
    }
    Type b = Type.getType(boxOf(c));
    mv.visitMethodInsn(INVOKESTATIC, b.getInternalName(), "valueOf", "(" + Type.getDescriptor(c) + ")" + b.getDescriptor(), false);
  }

  private static void unbox(MethodVisitor mv, Class<?> c) {
    Type b = Type.getType(boxOf(c));
    mv.visitTypeInsn(CHECKCAST, b.getInternalName());
    mv.visitMethodInsn(INVOKEVIRTUAL, b.getInternalName(), c.getName() + "Value", "()" + Type.getDescriptor(c), false);
  }

  private static Class<?> boxOf(Class<?> c) {
    if (c == int.class) return Integer.class;
    if (c == long.class) return Long.class;
    if (c == short.class) return Short.class;
    if (c == byte.class) return Byte.class;
    if (c == char.class) return Character.class;
    if (c == float.class) return Float.class;
    if (c == double.class) return Double.class;
    return Boolean.class;
  }

  // ------------------------------------------------------------------------------ read

  private void readMethod(ClassWriter cw, int[] fieldConst) {
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
    Label loop = new Label();
    Label end = new Label();
    Label dflt = new Label();
    Label advance = new Label();
    int[][] tagsOf = new int[fs.size()][];
    for (int i = 0; i < fs.size(); i++) {
      ProtoField f = fs.get(i);
      tagsOf[i] = inline(f) == Inline.COMPLEX ? codecs.field(f).tags() : new int[] {f.tag()};
    }
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
        readBody(mv, fs.get(i), local[i], fieldConst[i]);
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
      readBody(mv, fs.get(i), local[i], fieldConst[i]);
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
    Label loop = new Label();
    Label end = new Label();
    Label dflt = new Label();
    Label advance = new Label();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, PR, "nextTag", "()I", false);
    mv.visitVarInsn(ISTORE, 2);
    if (fs.size() <= FAST_PATH_FIELDS) {
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
        readInto(mv, fs.get(i), fieldConst[i], setterConst[i], complexIndex[i], obj, acc);
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
    mv.visitLookupSwitchInsn(dflt, cases.keySet().stream().mapToInt(Integer::intValue).toArray(),
        cases.values().toArray(new Label[0]));
    for (int i = 0; i < fs.size(); i++) {
      mv.visitLabel(bodies[i]);
      readInto(mv, fs.get(i), fieldConst[i], setterConst[i], complexIndex[i], obj, acc);
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
}
