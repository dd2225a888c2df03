package dev.brine.json.codec;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.codegen.Nestmates;
import dev.brine.json.io.JsonReader;
import dev.brine.json.io.JsonWriter;
import dev.brine.plan.ClassModel;
import dev.brine.plan.FieldModel;
import dev.brine.plan.Instantiator;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Generates an {@link ObjectCodec} for one class with ASM, defined as a hidden nestmate of the class
 * through core's {@link Nestmates}: {@code writeObject} is straight-line code (each field's
 * precomputed {@code ,"name":} bytes, then its value: numbers, booleans and strings inline, the rest
 * through the field's {@link JsonCodec} held in a static final); {@code readObject} loops over the
 * names, matching each against the next expected one first, with one {@code tableswitch} on the
 * field index, the values in locals until the record is constructed or the object filled.
 */
final class ObjectCodecGenerator {
  private static final String JW = Type.getInternalName(JsonWriter.class);
  private static final String JR = Type.getInternalName(JsonReader.class);
  private static final String OC = Type.getInternalName(ObjectCodec.class);
  private static final String JC = Type.getInternalName(JsonCodec.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String OBJ = "java/lang/Object";
  private static final int CHUNK = 16;

  private final ClassModel model;
  private final List<JsonCodec> codecs;
  private final Class<?> type;
  private final String owner;
  private final String self;
  private final List<Object> constants = new ArrayList<>();
  private final List<String> constantDescs = new ArrayList<>();

  private ObjectCodecGenerator(ClassModel model, List<JsonCodec> codecs) {
    this.model = model;
    this.codecs = codecs;
    this.type = model.type;
    this.owner = Type.getInternalName(type);
    this.self = owner + "$$BrineJson";
  }

  static ObjectCodec generate(ClassModel model, List<JsonCodec> codecs) {
    ClassLoader loader = model.type.getClassLoader();
    for (Class<?> c : new Class<?>[] {ObjectCodec.class, JsonWriter.class, JsonReader.class}) {
      try {
        if (Class.forName(c.getName(), false, loader) != c) {
          throw new BrineException("json: " + model.type.getName() + "'s class loader sees another " + c.getName());
        }
      } catch (ClassNotFoundException e) {
        throw new BrineException("json: " + model.type.getName() + "'s class loader does not see " + c.getName(), e);
      }
    }
    ObjectCodecGenerator g = new ObjectCodecGenerator(model, codecs);
    byte[] bytes;
    try {
      bytes = g.bytecode();
    } catch (RuntimeException e) {
      throw new BrineException("json: cannot generate code for " + model.type.getName() + ": " + e, e);
    }
    MethodHandles.Lookup hidden = Nestmates.defineNestmate(model.type, bytes, g.constants.toArray());
    try {
      return (ObjectCodec) hidden.findConstructor(hidden.lookupClass(),
          MethodType.methodType(void.class, Class.class, List.class)).invoke(model.type, g.names());
    } catch (Throwable e) {
      throw new BrineException("json: cannot instantiate generated code for " + model.type.getName() + ": " + e, e);
    }
  }

  private List<String> names() {
    return model.fields.stream().map(f -> f.name).collect(Collectors.toList());
  }

  /** Numbers, booleans and strings are inline; the rest goes through the field's codec. */
  private static boolean inline(Class<?> t) {
    return t == int.class || t == long.class || t == double.class || t == float.class || t == boolean.class
        || t == String.class;
  }

  private int constant(Object value, Class<?> declared) {
    constants.add(value);
    constantDescs.add(Type.getDescriptor(declared));
    return constants.size() - 1;
  }

  private void getConstant(MethodVisitor mv, int i) {
    mv.visitFieldInsn(GETSTATIC, self, "K" + i, constantDescs.get(i));
  }

  private static Class<?> erased(Class<?> c) {
    return c.isPrimitive() ? c : Object.class;
  }

  private byte[] bytecode() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
      @Override
      protected String getCommonSuperClass(String a, String b) {
        return OBJ;
      }
    };
    cw.visit(V17, ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, self, null, OC, null);
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "(Ljava/lang/Class;Ljava/util/List;)V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitVarInsn(ALOAD, 1);
    init.visitVarInsn(ALOAD, 2);
    init.visitMethodInsn(INVOKESPECIAL, OC, "<init>", "(Ljava/lang/Class;Ljava/util/List;)V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    int n = model.fields.size();
    int[] prefixConst = new int[n];
    int[] prefixLen = new int[n];
    int[] codecConst = new int[n];
    int[] accessConst = new int[n];
    for (int i = 0; i < n; i++) {
      FieldModel f = model.fields.get(i);
      prefixConst[i] = constant(JsonWriter.pad(ObjectCodec.prefix(f.name, i == 0)), byte[].class);
      prefixLen[i] = ObjectCodec.prefix(f.name, i == 0).length;
      codecConst[i] = inline(f.type()) ? -1 : constant(codecs.get(i), JsonCodec.class);
      accessConst[i] = Nestmates.directAccess(f.field, type) ? -1
          : constant(Nestmates.getter(f.field).asType(MethodType.methodType(erased(f.type()), Object.class)),
              MethodHandle.class);
    }
    writeMethods(cw, prefixConst, prefixLen, codecConst, accessConst);
    readMethod(cw, codecConst);
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

  private void loadField(MethodVisitor mv, FieldModel f, int obj, int accessConst) {
    if (accessConst < 0) {
      mv.visitVarInsn(ALOAD, obj);
      mv.visitFieldInsn(GETFIELD, Type.getInternalName(f.declaringClass()), f.name, Type.getDescriptor(f.type()));
    } else {
      getConstant(mv, accessConst);
      mv.visitVarInsn(ALOAD, obj);
      mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact", "(Ljava/lang/Object;)" + Type.getDescriptor(erased(f.type())), false);
      if (f.type() == String.class) {
        mv.visitTypeInsn(CHECKCAST, "java/lang/String");
      }
    }
  }

  private void writeMethods(ClassWriter cw, int[] prefixConst, int[] prefixLen, int[] codecConst, int[] accessConst) {
    String chunkDesc = "(L" + JW + ";L" + owner + ";)V";
    int n = model.fields.size();
    int chunks = 0;
    for (int from = 0; from < n || chunks == 0; from += CHUNK) {
      MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "w" + chunks, chunkDesc, null, null);
      mv.visitCode();
      for (int i = from; i < Math.min(n, from + CHUNK); i++) {
        FieldModel f = model.fields.get(i);
        mv.visitVarInsn(ALOAD, 0);
        getConstant(mv, prefixConst[i]);
        mv.visitLdcInsn(prefixLen[i]);
        mv.visitMethodInsn(INVOKEVIRTUAL, JW, "key", "([BI)V", false);
        Class<?> t = f.type();
        if (inline(t)) {
          mv.visitVarInsn(ALOAD, 0);
          loadField(mv, f, 1, accessConst[i]);
          String desc = t == String.class ? "Ljava/lang/String;" : Type.getDescriptor(t);
          mv.visitMethodInsn(INVOKEVIRTUAL, JW, t == boolean.class ? "bool" : t == String.class ? "string" : "number",
              "(" + desc + ")V", false);
        } else {
          getConstant(mv, codecConst[i]);
          mv.visitVarInsn(ALOAD, 0);
          loadField(mv, f, 1, accessConst[i]);
          box(mv, t);
          mv.visitMethodInsn(INVOKEVIRTUAL, JC, "write", "(L" + JW + ";Ljava/lang/Object;)V", false);
        }
      }
      mv.visitInsn(RETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
      chunks++;
    }
    MethodVisitor mv = cw.visitMethod(ACC_PROTECTED, "writeObject", "(L" + JW + ";Ljava/lang/Object;)V", null, null);
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

  private void readMethod(ClassWriter cw, int[] codecConst) {
    List<FieldModel> fs = model.fields;
    int n = fs.size();
    MethodVisitor mv = cw.visitMethod(ACC_PROTECTED, "readObject", "(L" + JR + ";)Ljava/lang/Object;", null, null);
    mv.visitCode();
    // locals: 0 this, 1 reader, 2 index/hint scratch, 3 hint, then the fields (records) or the object
    boolean record = model.record;
    int[] setterConst = new int[n];
    if (!record) {
      // the object is created first and filled as fields are read: a hundred values in locals across
      // the loop made the compilers give up on the method (see brine-protobuf's generator); fields
      // that do not occur keep what the constructor set, as with Jackson
      createObject(mv);
      mv.visitVarInsn(ASTORE, 4);
      for (int i = 0; i < n; i++) {
        FieldModel m = fs.get(i);
        setterConst[i] = !Modifier.isFinal(m.field.getModifiers()) && Nestmates.directAccess(m.field, type) ? -1
            : constant(Nestmates.setter(m.field).asType(MethodType.methodType(void.class, Object.class, erased(m.type()))),
                MethodHandle.class);
      }
    }
    int[] local = new int[n];
    int next = record ? 4 : 5;
    for (int i = 0; record && i < n; i++) {
      Class<?> t = fs.get(i).type();
      Class<?> lt = inline(t) && t != String.class ? t : Object.class;
      local[i] = next;
      next += lt == long.class || lt == double.class ? 2 : 1;
      if (lt == long.class) mv.visitInsn(LCONST_0);
      else if (lt == double.class) mv.visitInsn(DCONST_0);
      else if (lt == float.class) mv.visitInsn(FCONST_0);
      else if (lt.isPrimitive()) mv.visitInsn(ICONST_0);
      else if (t.isPrimitive()) { // a primitive read through its codec: its default, boxed
        mv.visitInsn(t == float.class ? FCONST_0 : t == double.class ? DCONST_0 : t == long.class ? LCONST_0 : ICONST_0);
        box(mv, t);
      } else if (t == java.util.Optional.class) { // an absent Optional: empty, as ReflectiveObjectCodec.defaultOf
        mv.visitMethodInsn(INVOKESTATIC, "java/util/Optional", "empty", "()Ljava/util/Optional;", false);
      } else mv.visitInsn(ACONST_NULL);
      mv.visitVarInsn(Type.getType(lt).getOpcode(ISTORE), local[i]);
    }
    int objLocal = next;
    Label dispatch = new Label();
    Label end = new Label();
    Label skip = new Label();
    Label advance = new Label();
    String fieldNames = "L" + Type.getInternalName(dev.brine.json.io.FieldNames.class) + ";";
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitFieldInsn(GETFIELD, OC, "fields", fieldNames);
    mv.visitMethodInsn(INVOKEVIRTUAL, JR, "firstFieldIndex", "(" + fieldNames + ")I", false);
    mv.visitVarInsn(ISTORE, 2);
    mv.visitJumpInsn(GOTO, dispatch);
    mv.visitLabel(advance);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitFieldInsn(GETFIELD, OC, "fields", fieldNames);
    mv.visitVarInsn(ILOAD, 3);
    mv.visitMethodInsn(INVOKEVIRTUAL, JR, "nextFieldIndex", "(" + fieldNames + "I)I", false);
    mv.visitVarInsn(ISTORE, 2);
    mv.visitLabel(dispatch);
    mv.visitVarInsn(ILOAD, 2);
    mv.visitInsn(ICONST_1);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ISTORE, 3); // hint: the field after the one matched
    Label[] bodies = new Label[n];
    Label[] cases = new Label[n + 2]; // JsonReader.END (-2), UNKNOWN (-1), then the fields
    cases[0] = end;
    cases[1] = skip;
    for (int i = 0; i < n; i++) {
      bodies[i] = new Label();
      cases[i + 2] = bodies[i];
    }
    mv.visitVarInsn(ILOAD, 2);
    mv.visitTableSwitchInsn(JsonReader.END, n - 1, skip, cases);
    for (int i = 0; i < n; i++) {
      mv.visitLabel(bodies[i]);
      Class<?> t = fs.get(i).type();
      if (!record) {
        final int k = codecConst[i];
        final int si = setterConst[i];
        store(mv, fs.get(i), si, () -> readValue(mv, t, k, si >= 0 || !t.isPrimitive()));
        mv.visitJumpInsn(GOTO, advance);
        continue;
      }
      if (inline(t)) {
        mv.visitVarInsn(ALOAD, 1);
        if (t == String.class) {
          mv.visitMethodInsn(INVOKEVIRTUAL, JR, "readString", "()Ljava/lang/String;", false);
          mv.visitVarInsn(ASTORE, local[i]);
        } else {
          String m = t == int.class ? "readInt" : t == long.class ? "readLong" : t == boolean.class ? "readBoolean" : "readDouble";
          String d = t == int.class ? "()I" : t == long.class ? "()J" : t == boolean.class ? "()Z" : "()D";
          mv.visitMethodInsn(INVOKEVIRTUAL, JR, m, d, false);
          if (t == float.class) {
            mv.visitInsn(D2F);
          }
          mv.visitVarInsn(Type.getType(t).getOpcode(ISTORE), local[i]);
        }
      } else {
        getConstant(mv, codecConst[i]);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, JC, "read", "(L" + JR + ";)Ljava/lang/Object;", false);
        mv.visitVarInsn(ASTORE, local[i]);
      }
      mv.visitJumpInsn(GOTO, advance);
    }
    mv.visitLabel(skip);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, JR, "skipValue", "()V", false);
    mv.visitJumpInsn(GOTO, advance);
    mv.visitLabel(end);
    if (!record) {
      mv.visitVarInsn(ALOAD, 4);
      mv.visitInsn(ARETURN);
    } else if (model.record) {
      mv.visitTypeInsn(NEW, owner);
      mv.visitInsn(DUP);
      StringBuilder desc = new StringBuilder("(");
      for (int i = 0; i < n; i++) {
        loadFinal(mv, fs.get(i).type(), local[i], false);
        desc.append(Type.getDescriptor(fs.get(i).type()));
      }
      mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", desc.append(")V").toString(), false);
      mv.visitInsn(ARETURN);
    } else {
      boolean noArg;
      try {
        type.getDeclaredConstructor();
        noArg = true;
      } catch (NoSuchMethodException e) {
        noArg = false;
      }
      if (noArg) {
        mv.visitTypeInsn(NEW, owner);
        mv.visitInsn(DUP);
        mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", "()V", false);
      } else {
        getConstant(mv, constant(model.instantiator(), Instantiator.class));
        mv.visitMethodInsn(INVOKEVIRTUAL, Type.getInternalName(Instantiator.class), "newInstance", "()Ljava/lang/Object;", false);
        mv.visitTypeInsn(CHECKCAST, owner);
      }
      mv.visitVarInsn(ASTORE, objLocal);
      for (int i = 0; i < n; i++) {
        FieldModel m = fs.get(i);
        if (!Modifier.isFinal(m.field.getModifiers()) && Nestmates.directAccess(m.field, type)) {
          mv.visitVarInsn(ALOAD, objLocal);
          loadFinal(mv, m.type(), local[i], false);
          mv.visitFieldInsn(PUTFIELD, Type.getInternalName(m.declaringClass()), m.name, Type.getDescriptor(m.type()));
        } else {
          Class<?> e = erased(m.type());
          getConstant(mv, constant(Nestmates.setter(m.field).asType(MethodType.methodType(void.class, Object.class, e)),
              MethodHandle.class));
          mv.visitVarInsn(ALOAD, objLocal);
          loadFinal(mv, m.type(), local[i], true);
          mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact", "(Ljava/lang/Object;" + Type.getDescriptor(e) + ")V", false);
        }
      }
      mv.visitVarInsn(ALOAD, objLocal);
      mv.visitInsn(ARETURN);
    }
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private void createObject(MethodVisitor mv) {
    boolean noArg;
    try {
      type.getDeclaredConstructor();
      noArg = true;
    } catch (NoSuchMethodException e) {
      noArg = false;
    }
    if (noArg) {
      mv.visitTypeInsn(NEW, owner);
      mv.visitInsn(DUP);
      mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", "()V", false);
    } else {
      getConstant(mv, constant(model.instantiator(), Instantiator.class));
      mv.visitMethodInsn(INVOKEVIRTUAL, Type.getInternalName(Instantiator.class), "newInstance", "()Ljava/lang/Object;", false);
      mv.visitTypeInsn(CHECKCAST, owner);
    }
  }

  /** Pushes the next value for a field of type {@code t}: inline, or through its codec (boxed when {@code boxedOk}). */
  private void readValue(MethodVisitor mv, Class<?> t, int codecConst, boolean erasedRef) {
    if (inline(t)) {
      mv.visitVarInsn(ALOAD, 1);
      if (t == String.class) {
        mv.visitMethodInsn(INVOKEVIRTUAL, JR, "readString", "()Ljava/lang/String;", false);
        return;
      }
      String m = t == int.class ? "readInt" : t == long.class ? "readLong" : t == boolean.class ? "readBoolean" : "readDouble";
      String d = t == int.class ? "()I" : t == long.class ? "()J" : t == boolean.class ? "()Z" : "()D";
      mv.visitMethodInsn(INVOKEVIRTUAL, JR, m, d, false);
      if (t == float.class) {
        mv.visitInsn(D2F);
      }
      return;
    }
    getConstant(mv, codecConst);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, JC, "read", "(L" + JR + ";)Ljava/lang/Object;", false);
    if (t.isPrimitive()) {
      unbox(mv, t);
    } else if (!erasedRef) {
      mv.visitTypeInsn(CHECKCAST, Type.getInternalName(t));
    }
  }

  /** Stores the value {@code value} pushes into field {@code m} of the object in local 4. */
  private void store(MethodVisitor mv, FieldModel m, int setterConst, Runnable value) {
    if (setterConst < 0) {
      mv.visitVarInsn(ALOAD, 4);
      value.run();
      if (!m.type().isPrimitive() && !inline(m.type())) {
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(m.type()));
      }
      mv.visitFieldInsn(PUTFIELD, Type.getInternalName(m.declaringClass()), m.name, Type.getDescriptor(m.type()));
    } else {
      getConstant(mv, setterConst);
      mv.visitVarInsn(ALOAD, 4);
      value.run();
      mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact",
          "(Ljava/lang/Object;" + Type.getDescriptor(erased(m.type())) + ")V", false);
    }
  }

  private static void loadFinal(MethodVisitor mv, Class<?> t, int local, boolean erasedRef) {
    if (inline(t) && t != String.class) {
      mv.visitVarInsn(Type.getType(t).getOpcode(ILOAD), local);
      return;
    }
    mv.visitVarInsn(ALOAD, local);
    if (t.isPrimitive()) {
      unbox(mv, t);
    } else if (!erasedRef) {
      mv.visitTypeInsn(CHECKCAST, Type.getInternalName(t));
    }
  }
}
