package dev.brine.protobuf.codec;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.codegen.Nestmates;
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
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassWriter;
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
 *
 * <p>This class assembles the class file (constructor, constants, class initializer) and holds what
 * both halves share; {@link WriteEmitter} emits {@code write} and {@link ReadEmitter} emits {@code read}.
 */
final class CodecGenerator {
  static final String PW = Type.getInternalName(ProtoWriter.class);
  static final String PR = Type.getInternalName(ProtoReader.class);
  static final String MC = Type.getInternalName(MessageCodec.class);
  static final String FC = Type.getInternalName(FieldCodec.class);
  static final String MH = Type.getInternalName(MethodHandle.class);
  static final String OBJ = "java/lang/Object";
  /** Field weight of one generated write method (see core's SerializerGenerator.CHUNK_WEIGHT). */
  static final int CHUNK = 16;
  /**
   * Classes with at most this many fields get the in-order fast path in {@code read}; beyond it the
   * method would approach HotSpot's limit for compiling a method at all ({@code HugeMethodLimit},
   * 8000 bytes).
   */
  static final int FAST_PATH_FIELDS = 200;

  enum Inline { PRIM, STRING, BOXED, MESSAGE, COMPLEX }

  final MessagePlan plan;
  final Codecs codecs;
  final Class<?> type;
  final String owner;
  final String self;
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

  static Inline inline(ProtoField f) {
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

  int constant(Object value, Class<?> declared) {
    constants.add(value);
    constantDescs.add(Type.getDescriptor(declared));
    return constants.size() - 1;
  }

  void getConstant(MethodVisitor mv, int i) {
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
    new WriteEmitter(this).writeMethods(cw, fieldConst, accessConst);
    new ReadEmitter(this).readMethod(cw, fieldConst);
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

  static Class<?> erased(Class<?> c) {
    return c.isPrimitive() ? c : Object.class;
  }

  static void box(MethodVisitor mv, Class<?> c) {
    if (!c.isPrimitive()) {
      return;
    }
    Type b = Type.getType(boxOf(c));
    mv.visitMethodInsn(INVOKESTATIC, b.getInternalName(), "valueOf", "(" + Type.getDescriptor(c) + ")" + b.getDescriptor(), false);
  }

  static void unbox(MethodVisitor mv, Class<?> c) {
    Type b = Type.getType(boxOf(c));
    mv.visitTypeInsn(CHECKCAST, b.getInternalName());
    mv.visitMethodInsn(INVOKEVIRTUAL, b.getInternalName(), c.getName() + "Value", "()" + Type.getDescriptor(c), false);
  }

  static Class<?> boxOf(Class<?> c) {
    if (c == int.class) return Integer.class;
    if (c == long.class) return Long.class;
    if (c == short.class) return Short.class;
    if (c == byte.class) return Byte.class;
    if (c == char.class) return Character.class;
    if (c == float.class) return Float.class;
    if (c == double.class) return Double.class;
    return Boolean.class;
  }
}
