package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.builtin.CollectionSerializer;
import dev.brine.context.WriteSession;
import dev.brine.io.ByteWriter;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Generates a serializer class for one {@link ClassPlan} with ASM: straight-line code, primitives
 * never boxed, runs of primitive fields written with the buffer and position in locals, fields of
 * final classes written by calling their serializer directly. This class assembles the class and
 * emits the write half; {@link ReadCodegen} emits the read half. The class is defined as a hidden nestmate of the
 * target ({@link MethodHandles#privateLookupIn} + {@link MethodHandles.Lookup#defineHiddenClass}), so
 * it reads and writes the target's own private fields with plain field instructions; fields it may
 * not touch directly (final fields, private fields of superclasses in another nest) go through
 * method handles held in static finals, which the JIT folds. It writes exactly the bytes of the
 * interpreted {@code ObjectSerializer}/{@code RecordSerializer}, which remain the fallback when a
 * class's module does not open it to Brine.
 */
public final class SerializerGenerator {
  /** The session generated code writes with (its full API). */
  private static final String WC = Type.getInternalName(WriteSession.class);
  /** The interface type of {@code Serializer.write}'s context parameter. */
  static final String WRITE_CONTEXT = Type.getInternalName(WriteContext.class);
  private static final String BW = Type.getInternalName(ByteWriter.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String CI_ARGS = "(Ljava/lang/Object;" + CI + CI + ")V";

  final ClassPlan plan;
  final Class<?> type;
  final String self;
  private final List<Object> constants = new ArrayList<>();
  private final List<String> constantDescs = new ArrayList<>();
  final MethodHandles.Lookup lookup;

  private SerializerGenerator(ClassPlan plan, MethodHandles.Lookup lookup) {
    this.plan = plan;
    this.type = plan.type;
    this.lookup = lookup;
    this.self = Type.getInternalName(type) + "$$BrineSerializer";
  }

  /**
   * Generates and instantiates the serializer of {@code plan}.
   *
   * @throws BrineException if the class cannot be opened to Brine or the generated class cannot be
   *     defined (the caller then uses the interpreted serializer)
   */
  @SuppressWarnings("unchecked")
  public static Serializer<Object> generate(ClassPlan plan) {
    MethodHandles.Lookup lookup;
    try {
      lookup = MethodHandles.privateLookupIn(plan.type, MethodHandles.lookup());
    } catch (IllegalAccessException | RuntimeException e) {
      throw new BrineException("cannot generate a serializer for " + plan.type.getName() + ": " + e.getMessage(), e);
    }
    SerializerGenerator g = new SerializerGenerator(plan, lookup);
    byte[] bytes = g.bytecode();
    try {
      MethodHandles.Lookup hidden = lookup.defineHiddenClassWithClassData(bytes, g.constants.toArray(), true,
          MethodHandles.Lookup.ClassOption.NESTMATE);
      return (Serializer<Object>) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
          .invoke();
    } catch (Throwable e) {
      throw new BrineException("cannot define the generated serializer for " + plan.type.getName() + ": " + e, e);
    }
  }

  /** The generated class file, for tests (deterministic for a given class). */
  public static byte[] bytecodeFor(ClassPlan plan) {
    try {
      return new SerializerGenerator(plan, MethodHandles.privateLookupIn(plan.type, MethodHandles.lookup())).bytecode();
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot open " + plan.type.getName() + ": " + e.getMessage(), e);
    }
  }

  private byte[] bytecode() {
    // Branches exist only around fields of final classes called directly; without them the code is
    // straight-line and needs no stack map frames (computing them is a cost at first use).
    boolean branches = plan.fields.stream()
        .anyMatch(f -> nestedSerializer(f) != null || elementSerializer(f) != null || entrySerializers(f) != null);
    ClassWriter cw = new ClassWriter(branches ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
      // The one local that can merge two reference types (the scratch slot of a nested value) is
      // always stored again before it is loaded, so Object is exact enough, and no class is loaded.
      @Override
      protected String getCommonSuperClass(String a, String b) {
        return "java/lang/Object";
      }
    };
    cw.visit(V17, ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, self, null, "java/lang/Object",
        new String[] {Type.getInternalName(Serializer.class)});
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    writeMethod(cw);
    if (plan.record) {
      new ReadCodegen(this).readRecordMethod(cw);
    } else {
      new ReadCodegen(this).readObjectMethod(cw);
    }
    // static finals for the constants (class data), declared last: their count is known now
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

  int constant(Object value, String desc) {
    constants.add(value);
    constantDescs.add(desc);
    return constants.size() - 1;
  }

  void loadConstant(MethodVisitor mv, int index) {
    mv.visitFieldInsn(GETSTATIC, self, "K" + index, constantDescs.get(index));
  }

  void loadInfo(MethodVisitor mv, ClassInfo info) {
    if (info == null) {
      mv.visitInsn(ACONST_NULL);
    } else {
      loadConstant(mv, constant(info, CI));
    }
  }

  /** Whether generated code may use GETFIELD/PUTFIELD on {@code f} (it is a hidden nestmate of the target). */
  boolean direct(Field f) {
    Class<?> owner = f.getDeclaringClass();
    if (owner.getNestHost() == type.getNestHost()) {
      return true;
    }
    int m = f.getModifiers();
    boolean samePackage = owner.getPackageName().equals(type.getPackageName()) && owner.getClassLoader() == type.getClassLoader();
    return !Modifier.isPrivate(m) && (samePackage || (Modifier.isPublic(m) && Modifier.isPublic(owner.getModifiers())));
  }

  // ---------------------------------------------------------------- write

  /**
   * Budget of one generated helper method, in field weights (a primitive field 1, any other 3). A chunk
   * of up to 24 primitive fields compiles on its own with every store inlined; a whole 100-field class
   * in one method exceeded the JIT's inlining budget ({@code NodeCountInliningCutoff}), and so did
   * 8-field chunks once the JIT inlined many of them into their caller: the stores of the chunks it
   * inlined last became calls. Classes within one chunk keep a single method, which callers inline.
   */
  static final int CHUNK_WEIGHT = 16;

  /**
   * Bytecode size from which HotSpot's C2 compiles a hot method on its own instead of inlining it
   * into the caller ({@code FreqInlineSize} is 325 on JDK 17 and 25).
   */
  static final int STANDALONE_BYTES = 336;

  /**
   * Ends a chunk method. When a class has several chunks, each is padded with NOPs to {@link
   * #STANDALONE_BYTES}: the JIT then compiles every chunk as its own unit with all its field accesses
   * inlined, instead of inlining chunks into the caller until its budget runs out and leaving the
   * stores of the last ones as calls ({@code NodeCountInliningCutoff} in {@code -XX:+PrintInlining}).
   * A single chunk stays small so that callers inline it.
   */
  static void endChunk(MethodVisitor mv, Label start, int chunks) {
    if (chunks > 1) {
      Label here = new Label();
      mv.visitLabel(here);
      for (int i = here.getOffset() - start.getOffset(); i < STANDALONE_BYTES; i++) {
        mv.visitInsn(NOP);
      }
    }
    mv.visitInsn(RETURN);
  }

  /** The fields split into consecutive chunks of at most {@link #CHUNK_WEIGHT}. */
  List<List<FieldPlan>> chunks() {
    List<List<FieldPlan>> chunks = new ArrayList<>();
    int from = 0;
    int weight = 0;
    for (int i = 0; i < plan.fields.size(); i++) {
      int w = plan.fields.get(i).kind.primitive() ? 1 : 3;
      if (weight + w > CHUNK_WEIGHT && i > from) {
        chunks.add(plan.fields.subList(from, i));
        from = i;
        weight = 0;
      }
      weight += w;
    }
    if (from < plan.fields.size() || chunks.isEmpty()) {
      chunks.add(plan.fields.subList(from, plan.fields.size()));
    }
    return chunks;
  }

  private void writeMethod(ClassWriter cw) {
    String owner = Type.getInternalName(type);
    String chunkDesc = "(L" + WC + ";L" + owner + ";)V";
    List<List<FieldPlan>> chunkList = chunks();
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
      endChunk(mv, start, chunks);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "write", "(L" + WRITE_CONTEXT + ";Ljava/lang/Object;)V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitTypeInsn(CHECKCAST, WC); // Brine's only WriteContext
    mv.visitVarInsn(ASTORE, 1);
    for (int c = 0; c < chunks; c++) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ALOAD, 2);
      mv.visitTypeInsn(CHECKCAST, owner);
      mv.visitMethodInsn(INVOKESTATIC, self, "write" + c, chunkDesc, false);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** The most bytes a primitive field takes. */
  private static int maxSize(FieldKind k) {
    switch (k) {
      case BOOLEAN: case BYTE: return 1;
      case SHORT: case CHAR: return 2;
      case INT: return 5;
      case FLOAT: return 4;
      default: return 9; // LONG varint, DOUBLE 8
    }
  }

  /** The context method pair for a boxed declared type, or null: {write name, read name}. */
  static String[] boxed(Class<?> t) {
    if (t == Integer.class) return new String[] {"writeNullableInt32", "readNullableInt32"};
    if (t == Long.class) return new String[] {"writeNullableInt64", "readNullableInt64"};
    if (t == Double.class) return new String[] {"writeNullableFloat64", "readNullableFloat64"};
    if (t == Float.class) return new String[] {"writeNullableFloat32", "readNullableFloat32"};
    return null;
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
        String name = "store" + boxed(f.field.getType())[0].substring("write".length());
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
    return f.kind.primitive() || (f.kind == FieldKind.DECLARED && boxed(f.field.getType()) != null);
  }

  /** The most bytes a field of a run takes. */
  private static int runSize(FieldPlan f) {
    if (f.kind.primitive()) {
      return maxSize(f.kind);
    }
    Class<?> t = f.field.getType();
    return 1 + (t == Integer.class ? 5 : t == Float.class ? 4 : 9);
  }

  /** The static {@code ByteWriter} store for a primitive kind: {name, value descriptor}. */
  private static String[] store(FieldKind k) {
    switch (k) {
      case BOOLEAN: return new String[] {"storeBoolean", "Z"};
      case BYTE: return new String[] {"storeInt8", "I"};
      case SHORT: case CHAR: return new String[] {"storeInt16", "I"};
      case INT: return new String[] {"storeVarInt32", "I"};
      case LONG: return new String[] {"storeVarInt64", "J"};
      case FLOAT: return new String[] {"storeFloat32", "F"};
      case DOUBLE: return new String[] {"storeFloat64", "D"};
      default: throw new IllegalStateException("not primitive: " + k);
    }
  }

  /** Scratch local of the chunk methods for a nested value (0 context, 1 object, 2-3 a primitive run). */
  private static final int NESTED_LOCAL = 4;

  private static final String SER = Type.getInternalName(Serializer.class);

  /**
   * The serializer of a declared field's final class when generated code may call it directly (held
   * in a static final, so the JIT sees the exact receiver and can inline it), or null: not a declared
   * class, boxed, not created yet (a class that contains itself), or with Java serialization hooks.
   */
  static Serializer<Object> nestedSerializer(FieldPlan f) {
    ClassInfo d = f.declared;
    if (f.kind != FieldKind.DECLARED || boxed(f.field.getType()) != null || d == null || d.serializer == null
        || d.writeReplace != null || d.readResolve != null) {
      return null;
    }
    return d.serializer;
  }

  /**
   * The serializer of a collection field's final element class when generated code may loop over the
   * elements itself (see {@link #nestedSerializer}), or null: not a collection, no final element
   * class, or one with Java serialization hooks.
   */
  static Serializer<Object> elementSerializer(FieldPlan f) {
    ClassInfo e = f.element;
    if (f.kind != FieldKind.CONTAINER || f.value != null || !java.util.Collection.class.isAssignableFrom(f.field.getType())
        || e == null || e.serializer == null || e.writeReplace != null || e.readResolve != null) {
      return null;
    }
    return e.serializer;
  }

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
    loadConstant(mv, constant(serializer, "L" + SER + ";"));
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, valueLocal);
    mv.visitMethodInsn(INVOKEINTERFACE, SER, "write", "(L" + WRITE_CONTEXT + ";Ljava/lang/Object;)V", true);
    if (info.composite) {
      mv.visitVarInsn(ALOAD, 0);
      call(mv, "exitNested", "()V");
    }
  }

  /** Whether generated code may call this class's serializer directly (created, no Java serialization hooks). */
  private static boolean callable(ClassInfo c) {
    return c != null && c.serializer != null && c.writeReplace == null && c.readResolve == null;
  }

  /**
   * The key and value serializers of a map field whose declared key and value classes are final, when
   * generated code may read its entries itself; null otherwise. (Writing keeps the general path: a
   * generated entry loop needs a first pass over the entries to check their classes, which cost more
   * than it saved: A/B 1.18–1.32× the time for {@code Map<String,Integer>} and {@code
   * Map<Integer,Integer>}, 0.99× for beans.)
   */
  static List<Serializer<Object>> entrySerializers(FieldPlan f) {
    if (f.kind != FieldKind.CONTAINER || !java.util.Map.class.isAssignableFrom(f.field.getType())
        || !callable(f.element) || !callable(f.value)) {
      return null;
    }
    return List.of(f.element.serializer, f.value.serializer);
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
    loadInfo(mv, f.element);
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
    loadInfo(mv, f.element);
    loadInfo(mv, f.value);
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
    loadInfo(mv, f.declared);
    getField(mv, f);
    call(mv, "writeDeclared", "(" + CI + "Ljava/lang/Object;)V");
    mv.visitLabel(end);
  }

  /** Writes one field; the context is local 0 and the object local 1 (a static chunk method). */
  private void writeField(MethodVisitor mv, FieldPlan f) {
    Serializer<Object> nested = nestedSerializer(f);
    if (nested != null) {
      writeNested(mv, f, nested);
      return;
    }
    Serializer<Object> elements = elementSerializer(f);
    if (elements != null) {
      writeElements(mv, f, elements);
      return;
    }
    mv.visitVarInsn(ALOAD, 0);
    String[] box = f.kind == FieldKind.DECLARED ? boxed(f.field.getType()) : null;
    if (box != null) {
      getField(mv, f);
      mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
      call(mv, box[0], "(" + Type.getDescriptor(f.field.getType()) + ")V");
      return;
    }
    if (f.kind == FieldKind.DECLARED) {
      loadInfo(mv, f.declared);
    }
    getField(mv, f);
    switch (f.kind) {
      case BOOLEAN: call(mv, "writeBoolean", "(Z)V"); break;
      case BYTE: call(mv, "writeInt8", "(I)V"); break;
      case SHORT: call(mv, "writeInt16", "(I)V"); break;
      case CHAR: call(mv, "writeChar", "(C)V"); break;
      case INT: call(mv, "writeVarInt32", "(I)V"); break;
      case LONG: call(mv, "writeVarInt64", "(J)V"); break;
      case FLOAT: call(mv, "writeFloat32", "(F)V"); break;
      case DOUBLE: call(mv, "writeFloat64", "(D)V"); break;
      case STRING: call(mv, "writeNullableString", "(Ljava/lang/String;)V"); break;
      case DECLARED: call(mv, "writeDeclared", "(" + CI + "Ljava/lang/Object;)V"); break;
      case CONTAINER:
        loadInfo(mv, f.element);
        loadInfo(mv, f.value);
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
    if (direct(field)) {
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
      getter = lookup.unreflectGetter(field).asType(MethodType.methodType(erased, Object.class));
    } catch (IllegalAccessException | RuntimeException e) {
      throw new BrineException("cannot read field " + field + ": " + e.getMessage(), e);
    }
    loadConstant(mv, constant(getter, "L" + MH + ";"));
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invokeExact",
        "(Ljava/lang/Object;)" + Type.getDescriptor(erased), false);
    if (f.kind == FieldKind.STRING) {
      mv.visitTypeInsn(CHECKCAST, "java/lang/String");
    }
  }
}
