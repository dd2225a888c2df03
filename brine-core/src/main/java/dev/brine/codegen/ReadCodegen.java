package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.builtin.CollectionSerializer;
import dev.brine.builtin.MapSerializer;
import dev.brine.context.ReadSession;
import dev.brine.io.ByteReader;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.Layout;
import dev.brine.plan.Instantiator;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The read half of a generated serializer ({@link SerializerGenerator} assembles the class and
 * writes the write half): {@code read} for POJOs (a new instance, then chunk methods that store each
 * field), and each field's value for every read ({@link RecordReadCodegen} reads records, {@link
 * FlatReadCodegen} flat classes' {@code readFlat}). It reads exactly what the write half wrote, the
 * bytes of the interpreted serializers.
 */
final class ReadCodegen {
  /** The session generated code reads with (its full API). */
  private static final String RC = Type.getInternalName(ReadSession.class);
  /** The interface type of {@code Serializer.read}'s context parameter. */
  private static final String COLLECTIONS = Type.getInternalName(CollectionSerializer.class);
  private static final String MAPS = Type.getInternalName(MapSerializer.class);
  private static final String READ_CONTEXT = Type.getInternalName(ReadContext.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String SER = Type.getInternalName(Serializer.class);

  private final SerializerGenerator g;

  ReadCodegen(SerializerGenerator g) {
    this.g = g;
  }

  /**
   * Pushes a declared field's value read like {@code ReadContext.readDeclared} (see {@link
   * #writeNested}), typed as the field.
   */
  private void readNested(MethodVisitor mv, FieldPlan f, Serializer<Object> nested, int ctxLocal) {
    Label general = new Label();
    Label isNull = new Label();
    Label end = new Label();
    mv.visitVarInsn(ALOAD, ctxLocal);
    rcall(mv, "trackingReferences", "()Z");
    mv.visitJumpInsn(IFNE, general);
    mv.visitVarInsn(ALOAD, ctxLocal);
    rcall(mv, "readDeclaredSlot", "()Z");
    mv.visitJumpInsn(IFEQ, isNull);
    callRead(mv, f.declared, nested, ctxLocal);
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(isNull);
    mv.visitInsn(ACONST_NULL);
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, ctxLocal);
    g.loadInfo(mv, f.declared);
    rcall(mv, "readDeclared", "(" + CI + ")Ljava/lang/Object;");
    mv.visitLabel(end);
    mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
  }

  /** Pushes the next value for {@code f} read from the context in local {@code ctxLocal}, typed as the field. */
  void readValue(MethodVisitor mv, FieldPlan f, int ctxLocal) {
    readUnchecked(mv, f, ctxLocal);
    if (f.optionalContent != null) { // ReadSession.checkOptional(value, T, name): an Optional<T> holds a T
      mv.visitVarInsn(ALOAD, ctxLocal);
      mv.visitInsn(SWAP);
      g.loadConstant(mv, g.constant(f.optionalContent, "Ljava/lang/Class;"));
      mv.visitLdcInsn(f.field.getDeclaringClass().getName() + "." + f.name());
      rcall(mv, "checkOptional", "(Ljava/lang/Object;Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Object;");
      mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
    }
  }

  private void readUnchecked(MethodVisitor mv, FieldPlan f, int ctxLocal) {
    Serializer<Object> nested = SerializerGenerator.nestedSerializer(f);
    if (nested != null) {
      readNested(mv, f, nested, ctxLocal);
      return;
    }
    mv.visitVarInsn(ALOAD, ctxLocal);
    Class<?> ft = f.field.getType();
    switch (f.kind) {
      case STRING: rcall(mv, "readNullableString", "()Ljava/lang/String;"); break;
      case DECLARED: {
        g.loadInfo(mv, f.declared);
        rcall(mv, "readDeclared", "(" + CI + ")Ljava/lang/Object;");
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(ft));
        break;
      }
      case CONTAINER:
        g.loadInfo(mv, f.element);
        g.loadInfo(mv, f.value);
        rcall(mv, "readObject", "(" + CI + CI + ")Ljava/lang/Object;");
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(ft));
        break;
      default:
        rcall(mv, "readObject", "()Ljava/lang/Object;");
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(ft));
        break;
    }
  }

  static void rcall(MethodVisitor mv, String name, String desc) {
    mv.visitMethodInsn(INVOKEVIRTUAL, RC, name, desc, false);
  }

  /**
   * Starts public method {@code name} of descriptor {@code desc}, whose first argument (local 1) is a
   * {@code ReadContext}: casts it to {@code ReadSession}, Brine's only one, back into local 1.
   */
  static MethodVisitor beginRead(ClassWriter cw, String name, String desc) {
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, name, desc, null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitTypeInsn(CHECKCAST, RC);
    mv.visitVarInsn(ASTORE, 1);
    return mv;
  }

  void readObjectMethod(ClassWriter cw, String name) {
    MethodVisitor mv = beginRead(cw, name, "(L" + READ_CONTEXT + ";)Ljava/lang/Object;");
    String owner = Type.getInternalName(g.type);
    newInstance(mv);
    mv.visitVarInsn(ASTORE, 2);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    rcall(mv, "reference", "(Ljava/lang/Object;)V");
    Layout layout = g.layout;
    GroupCodegen gc = g.groups;
    int groupChunks = (layout.group.size() + GroupCodegen.GROUP_CHUNK - 1) / GroupCodegen.GROUP_CHUNK;
    String groupDesc = "(L" + RC + ";[BIIL" + owner + ";)I";
    String fixedDesc = "(L" + RC + ";[BIIL" + owner + ";)V";
    if (layout.writeWindow() > 0) {
      // the number group and the fixed block: one window, the array and the position in locals
      // (locals 3: array, 4: position, 5: control index)
      mv.visitVarInsn(ALOAD, 1);
      mv.visitLdcInsn(layout.readWindow());
      mv.visitLdcInsn(layout.controlBytes);
      mv.visitLdcInsn(layout.fixedBytes);
      rcall(mv, "window", "(III)[B");
      mv.visitVarInsn(ASTORE, 3);
      mv.visitVarInsn(ALOAD, 1);
      rcall(mv, "windowStart", "()I");
      mv.visitInsn(DUP);
      mv.visitVarInsn(ISTORE, 5);
      gc.checkControl(mv, 1, 3, 5, 6);
      if (layout.controlBytes != 0) {
        mv.visitLdcInsn(layout.controlBytes);
        mv.visitInsn(IADD);
      }
      mv.visitVarInsn(ISTORE, 4);
      for (int k = 0; k < groupChunks; k++) {
        mv.visitVarInsn(ALOAD, 1);
        mv.visitVarInsn(ALOAD, 3);
        mv.visitVarInsn(ILOAD, 4);
        mv.visitVarInsn(ILOAD, 5);
        mv.visitVarInsn(ALOAD, 2);
        mv.visitMethodInsn(INVOKESTATIC, g.self, "rg" + k, groupDesc, false);
        mv.visitVarInsn(ISTORE, 4);
      }
      for (int k = 0; k < GroupCodegen.fixedChunks(layout.fixed.size()); k++) {
        mv.visitVarInsn(ALOAD, 1);
        mv.visitVarInsn(ALOAD, 3);
        mv.visitVarInsn(ILOAD, 4);
        mv.visitVarInsn(ILOAD, 5);
        mv.visitVarInsn(ALOAD, 2);
        mv.visitMethodInsn(INVOKESTATIC, g.self, "rf" + k, fixedDesc, false);
      }
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ILOAD, 4);
      if (layout.fixedBytes != 0) {
        mv.visitLdcInsn(layout.fixedBytes);
        mv.visitInsn(IADD);
      }
      rcall(mv, "windowEnd", "(I)V");
    }
    String chunkDesc = "(L" + RC + ";L" + owner + ";)V";
    List<List<FieldPlan>> chunkList = g.tailChunks();
    int chunks = chunkList.size();
    for (int c = 0; c < chunks; c++) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ALOAD, 2);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "read" + c, chunkDesc, false);
    }
    mv.visitVarInsn(ALOAD, 2);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    // group chunks: static int rg<k>(ReadSession rs, byte[] b, int p, int c0, T obj); locals 5 code, 6 value, 7-8 word
    for (int k = 0; k < groupChunks; k++) {
      MethodVisitor cm = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "rg" + k, groupDesc, null, null);
      cm.visitCode();
      Label start = new Label();
      cm.visitLabel(start);
      int from = k * GroupCodegen.GROUP_CHUNK;
      int to = Math.min(layout.group.size(), from + GroupCodegen.GROUP_CHUNK);
      gc.readGroup(cm, from, to, (m, f, push) -> readField(m, f, push, 4), 0, 1, 2, 3, 5, 6, 7);
      SerializerGenerator.pad(cm, start, groupChunks > 1 || GroupCodegen.standalone(layout));
      cm.visitVarInsn(ILOAD, 2);
      cm.visitInsn(IRETURN);
      cm.visitMaxs(0, 0);
      cm.visitEnd();
    }
    for (int k = 0; k < GroupCodegen.fixedChunks(layout.fixed.size()); k++) {
      MethodVisitor cm = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "rf" + k, fixedDesc, null, null);
      cm.visitCode();
      Label start = new Label();
      cm.visitLabel(start);
      int from = k * GroupCodegen.FIXED_CHUNK;
      int to = Math.min(layout.fixed.size(), from + GroupCodegen.FIXED_CHUNK);
      gc.readFixed(cm, (m, f, push) -> readField(m, f, push, 4), 0, 1, 2, 3, from, to);
      SerializerGenerator.pad(cm, start, GroupCodegen.standalone(layout));
      cm.visitInsn(RETURN);
      cm.visitMaxs(0, 0);
      cm.visitEnd();
    }
    for (int c = 0; c < chunks; c++) {
      MethodVisitor cm = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "read" + c, chunkDesc, null, null);
      cm.visitCode();
      Label start = new Label();
      cm.visitLabel(start);
      for (FieldPlan f : chunkList.get(c)) {
        Serializer<Object> elements = SerializerGenerator.elementSerializer(f);
        List<Serializer<Object>> entries = SerializerGenerator.entrySerializers(f);
        if (elements != null || entries != null) {
          if (elements != null) {
            readElements(cm, f, elements);
          } else {
            readEntries(cm, f, entries.get(0), entries.get(1));
          }
          readField(cm, f, () -> {
            cm.visitVarInsn(ALOAD, COLLECTION_LOCAL);
            cm.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
          });
        } else {
          readField(cm, f);
        }
      }
      SerializerGenerator.endChunk(cm, start, chunks);
      cm.visitMaxs(0, 0);
      cm.visitEnd();
    }
  }

  /** Pushes a new instance of the (non-record) class: its no-argument constructor, or the {@link Instantiator}. */
  void newInstance(MethodVisitor mv) {
    String owner = Type.getInternalName(g.type);
    Constructor<?> noArg = null;
    try {
      noArg = g.type.getDeclaredConstructor();
    } catch (NoSuchMethodException e) {
      // created without a constructor below
    }
    if (noArg != null && g.type.getNestHost() == g.type.getNestHost() && !Modifier.isAbstract(g.type.getModifiers())) {
      mv.visitTypeInsn(NEW, owner);
      mv.visitInsn(DUP);
      mv.visitMethodInsn(INVOKESPECIAL, owner, "<init>", "()V", false);
    } else {
      g.loadConstant(mv, g.constant(Instantiator.of(g.type).handle(), "L" + MH + ";"));
      mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact", "()Ljava/lang/Object;", false);
      mv.visitTypeInsn(CHECKCAST, owner);
    }
  }

  /** Locals of a POJO chunk's collection loop: the collection, its size, a countdown, its serializer. */
  private static final int COLLECTION_LOCAL = 4;
  private static final int COUNT_LOCAL = 5;
  private static final int LEFT_LOCAL = 6;
  private static final int COLLECTION_SERIALIZER_LOCAL = 7;

  /**
   * Reads a collection field whose declared element class is final into {@link #COLLECTION_LOCAL}
   * (the counterpart of {@code ContainerLoops.writeElements}): with references off,
   * {@code ReadContext.beginElements} reads up to the elements and this loop calls the element
   * class's serializer directly; any other input is read whole by {@code beginElements}.
   */
  private void readElements(MethodVisitor mv, FieldPlan f, Serializer<Object> elements) {
    Label general = new Label();
    Label loop = new Label();
    Label end = new Label();
    beginContainer(mv, f, "beginElements", false, general, end);
    mv.visitLabel(loop);
    mv.visitVarInsn(ALOAD, COLLECTION_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/util/Collection");
    callRead(mv, f.element, elements, 0);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Collection", "add", "(Ljava/lang/Object;)Z", true);
    mv.visitInsn(POP);
    mv.visitIincInsn(LEFT_LOCAL, -1);
    mv.visitVarInsn(ILOAD, LEFT_LOCAL);
    mv.visitJumpInsn(IFGT, loop);
    endContainer(mv, f, "endElements", general, end);
  }

  /**
   * The start of a collection or map loop: with references on, a jump to {@code general}; otherwise
   * the {@code begin} call (the container into {@link #COLLECTION_LOCAL}, its count into {@link
   * #COUNT_LOCAL} and {@link #LEFT_LOCAL}, its serializer), and a jump to {@code end} when the
   * container was read whole.
   */
  private void beginContainer(MethodVisitor mv, FieldPlan f, String begin, boolean map, Label general, Label end) {
    mv.visitVarInsn(ALOAD, 0);
    rcall(mv, "trackingReferences", "()Z");
    mv.visitJumpInsn(IFNE, general);
    mv.visitVarInsn(ALOAD, 0);
    g.loadInfo(mv, f.element);
    if (map) {
      g.loadInfo(mv, f.value);
    }
    mv.visitMethodInsn(INVOKESTATIC, map ? MAPS : COLLECTIONS, begin,
        "(L" + RC + ";" + CI + (map ? CI : "") + ")Ljava/lang/Object;", false);
    mv.visitVarInsn(ASTORE, COLLECTION_LOCAL);
    mv.visitVarInsn(ALOAD, 0);
    rcall(mv, "elementCount", "()I");
    mv.visitInsn(DUP);
    mv.visitVarInsn(ISTORE, COUNT_LOCAL);
    mv.visitVarInsn(ISTORE, LEFT_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitJumpInsn(IFLE, end);
    mv.visitVarInsn(ALOAD, 0);
    rcall(mv, "elementsSerializer", "()Ljava/lang/Object;");
    mv.visitVarInsn(ASTORE, COLLECTION_SERIALIZER_LOCAL);
  }

  /** The end of a collection or map loop ({@code end} call), and the general read for references on. */
  private void endContainer(MethodVisitor mv, FieldPlan f, String endName, Label general, Label end) {
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, COLLECTION_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitVarInsn(ALOAD, COLLECTION_SERIALIZER_LOCAL);
    mv.visitMethodInsn(INVOKESTATIC, endName.equals("endEntries") ? MAPS : COLLECTIONS, endName,
        "(L" + RC + ";Ljava/lang/Object;ILjava/lang/Object;)Ljava/lang/Object;", false);
    mv.visitVarInsn(ASTORE, COLLECTION_LOCAL);
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    rcall(mv, "readObject", "(" + CI + CI + ")Ljava/lang/Object;");
    mv.visitVarInsn(ASTORE, COLLECTION_LOCAL);
    mv.visitLabel(end);
  }

  /** Local of a map loop: the entries left in the current chunk (after the collection loop's locals). */
  private static final int CHUNK_LOCAL = 8;

  /**
   * Reads a map field whose declared key and value classes are final into {@link #COLLECTION_LOCAL}
   * (the counterpart of {@code ContainerLoops.writeEntries}): with references off, {@code
   * ReadContext.beginEntries} reads the tag and size, {@code entryChunk} each chunk's header, and the
   * loop here calls the key and value serializers directly; other chunks and other inputs are read by
   * those helpers the general way.
   */
  private void readEntries(MethodVisitor mv, FieldPlan f, Serializer<Object> keys, Serializer<Object> values) {
    Label general = new Label();
    Label chunk = new Label();
    Label fast = new Label();
    Label entry = new Label();
    Label next = new Label();
    Label end = new Label();
    beginContainer(mv, f, "beginEntries", true, general, end);
    mv.visitLabel(chunk);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, COLLECTION_LOCAL);
    mv.visitVarInsn(ILOAD, LEFT_LOCAL);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    mv.visitMethodInsn(INVOKESTATIC, MAPS, "entryChunk", "(L" + RC + ";Ljava/lang/Object;I" + CI + CI + ")I", false);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ISTORE, CHUNK_LOCAL);
    mv.visitJumpInsn(IFGT, fast);
    mv.visitVarInsn(ILOAD, LEFT_LOCAL); // a chunk read whole: left += -count
    mv.visitVarInsn(ILOAD, CHUNK_LOCAL);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ISTORE, LEFT_LOCAL);
    mv.visitJumpInsn(GOTO, next);
    mv.visitLabel(fast);
    mv.visitVarInsn(ILOAD, LEFT_LOCAL);
    mv.visitVarInsn(ILOAD, CHUNK_LOCAL);
    mv.visitInsn(ISUB);
    mv.visitVarInsn(ISTORE, LEFT_LOCAL);
    mv.visitLabel(entry);
    mv.visitVarInsn(ALOAD, COLLECTION_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/util/Map");
    callRead(mv, f.element, keys, 0);
    callRead(mv, f.value, values, 0);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Map", "put", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", true);
    mv.visitInsn(POP);
    mv.visitIincInsn(CHUNK_LOCAL, -1);
    mv.visitVarInsn(ILOAD, CHUNK_LOCAL);
    mv.visitJumpInsn(IFGT, entry);
    mv.visitLabel(next);
    mv.visitVarInsn(ILOAD, LEFT_LOCAL);
    mv.visitJumpInsn(IFGT, chunk);
    endContainer(mv, f, "endEntries", general, end);
  }

  /**
   * Pushes a payload read with {@code serializer} (a constant, so the JIT inlines the call) from the
   * context in {@code ctxLocal}, counting a level of nesting for composite classes as {@code
   * ReadContext.readPayload} does.
   */
  private void callRead(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, int ctxLocal) {
    if (readLeaf(mv, info, ctxLocal)) {
      return;
    }
    if (info.composite) {
      mv.visitVarInsn(ALOAD, ctxLocal);
      rcall(mv, "enterNested", "()V");
    }
    g.loadConstant(mv, g.constant(serializer, "L" + SER + ";"));
    mv.visitVarInsn(ALOAD, ctxLocal);
    mv.visitMethodInsn(INVOKEINTERFACE, SER, "read", "(L" + READ_CONTEXT + ";)Ljava/lang/Object;", true);
    if (info.composite) {
      mv.visitVarInsn(ALOAD, ctxLocal);
      rcall(mv, "exitNested", "()V");
    }
  }
  /**
   * For the commonest leaf classes (String and the compressed or fixed Integer and Long), pushes the
   * value read by the context's own method, as {@code ReadSession.readPayload} reads them (the same
   * bytes as their serializer): the built-in scalars share one serializer class whose {@code read}
   * switches over fourteen kinds, too big for C2 to inline once compiled (perfasm, MediaContent
   * deserialize: {@code ScalarSerializers$Scalar::read} a method of its own). False for any other class.
   */
  private static boolean readLeaf(MethodVisitor mv, ClassInfo info, int ctxLocal) {
    if (info.composite) {
      return false;
    }
    switch (info.leafKind) {
      case PayloadTraits.LEAF_STRING:
        mv.visitVarInsn(ALOAD, ctxLocal);
        rcall(mv, "readString", "()Ljava/lang/String;");
        return true;
      case PayloadTraits.LEAF_INT32:
      case PayloadTraits.LEAF_FIXED_INT32:
        mv.visitVarInsn(ALOAD, ctxLocal);
        rcall(mv, info.leafKind == PayloadTraits.LEAF_INT32 ? "readVarInt32" : "readInt32", "()I");
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", false);
        return true;
      case PayloadTraits.LEAF_INT64:
      case PayloadTraits.LEAF_FIXED_INT64:
        mv.visitVarInsn(ALOAD, ctxLocal);
        rcall(mv, info.leafKind == PayloadTraits.LEAF_INT64 ? "readVarInt64" : "readInt64", "()J");
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false);
        return true;
      default:
        return false;
    }
  }


  /** Reads one field into the object in local 1 from the context in local 0. */
  private void readField(MethodVisitor mv, FieldPlan f) {
    readField(mv, f, () -> readValue(mv, f, 0));
  }

  /** Stores the value {@code push} leaves on the stack into field {@code f} of the object in local 1. */
  private void readField(MethodVisitor mv, FieldPlan f, Runnable push) {
    readField(mv, f, push, 1);
  }

  /** Stores the value {@code push} leaves on the stack into field {@code f} of the object in local {@code object}. */
  void readField(MethodVisitor mv, FieldPlan f, Runnable push, int object) {
    Field field = f.field;
    Class<?> ft = field.getType();
    boolean direct = g.direct(field) && !Modifier.isFinal(field.getModifiers());
    if (direct) {
      mv.visitVarInsn(ALOAD, object);
      push.run();
      mv.visitFieldInsn(PUTFIELD, Type.getInternalName(field.getDeclaringClass()), field.getName(), Type.getDescriptor(ft));
    } else {
      Class<?> erased = ft.isPrimitive() ? ft : Object.class;
      MethodHandle setter;
      try {
        field.setAccessible(true);
        setter = g.lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, erased));
      } catch (IllegalAccessException | RuntimeException e) {
        throw new BrineException("cannot set field " + field + ": " + e.getMessage(), e);
      }
      g.loadConstant(mv, g.constant(setter, "L" + MH + ";"));
      mv.visitVarInsn(ALOAD, object);
      push.run();
      mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact", "(Ljava/lang/Object;" + Type.getDescriptor(erased) + ")V", false);
    }
  }
}
