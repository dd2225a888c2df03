package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.Layout;
import dev.brine.plan.FlatReader;
import dev.brine.plan.FlatWriter;
import dev.brine.plan.Planned;
import dev.brine.registry.Upgradable;
import dev.brine.registry.ClassInfo;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
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
 * final classes written by calling their serializer directly. This class assembles the class and its
 * constants; {@link WriteCodegen} emits the write half and {@link ReadCodegen} the read half. The class is defined as a hidden nestmate of the
 * target ({@link MethodHandles#privateLookupIn} + {@link MethodHandles.Lookup#defineHiddenClass}), so
 * it reads and writes the target's own private fields with plain field instructions; fields it may
 * not touch directly (final fields, private fields of superclasses in another nest) go through
 * method handles held in static finals, which the JIT folds. It writes exactly the bytes of the
 * interpreted {@code ObjectSerializer}/{@code RecordSerializer}, which remain the fallback when a
 * class's module does not open it to Brine.
 */
public final class SerializerGenerator {
  /** The interface type of {@code Serializer.write}'s context parameter. */
  static final String WRITE_CONTEXT = Type.getInternalName(WriteContext.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);

  final ClassPlan plan;
  /** The format-2 layout of the plan's fields. */
  final Layout layout;
  /** Emits the number group and the fixed block. */
  final GroupCodegen groups;
  final Class<?> type;
  final String self;
  private final List<Object> constants = new ArrayList<>();
  private final List<String> constantDescs = new ArrayList<>();
  final MethodHandles.Lookup lookup;
  /** Whether int and long values are varints (true) or fixed-width. */
  final boolean compressNumbers;
  /**
   * When the class is flat ({@link FlatWriter}), the serializers of its other fields, parallel to
   * {@code layout.others} (each a final flat class); null when it is not flat.
   */
  final List<FlatWriter> flatFields;
  /** {@link FlatWriter#flatWindow()} of a flat class. */
  final int flatWindow;
  /** {@link FlatReader#flatReadWindow()} of a flat class. */
  final int flatReadWindow;
  /** {@link FlatWriter#flatDepth()} of a flat class. */
  final int flatDepth;

  private SerializerGenerator(ClassPlan plan, MethodHandles.Lookup lookup, boolean compressNumbers) {
    this.plan = plan;
    this.compressNumbers = compressNumbers;
    this.type = plan.type;
    this.lookup = lookup;
    this.self = Type.getInternalName(type) + "$$BrineSerializer";
    this.layout = Layout.of(plan, compressNumbers);
    this.groups = new GroupCodegen(this, layout);
    List<FlatWriter> flat = flatFields(layout);
    long window = layout.writeWindow();
    long readWindow = layout.readWindow();
    int depth = 1;
    for (FlatWriter w : flat == null ? List.<FlatWriter>of() : flat) {
      window += 1 + w.flatWindow(); // the slot byte, then the value's payload
      readWindow += 1 + ((FlatReader) w).flatReadWindow(); // it starts at most readWindow() after the group
      depth = Math.max(depth, 1 + w.flatDepth());
    }
    boolean fits = window > 0 && window <= MAX_FLAT_WINDOW && readWindow <= MAX_FLAT_WINDOW;
    this.flatFields = fits ? flat : null;
    this.flatWindow = fits ? (int) window : 0;
    this.flatReadWindow = fits ? (int) readWindow : 0;
    this.flatDepth = depth;
  }

  /** The widest payload a flat class may have ({@link FlatWriter#flatWindow()}): wider ones are not flat. */
  static final int MAX_FLAT_WINDOW = 1 << 16;

  /**
   * The flat writers of the fields after the number group and the fixed block, when every one is a
   * declared field of a final flat class called directly (and there are no strings); null otherwise.
   * A class cannot reach itself this way: a class reached through its own fields has no generated
   * serializer yet while its own is generated ({@link #nestedSerializer}).
   */
  private static List<FlatWriter> flatFields(Layout layout) {
    if (!layout.strings.isEmpty()) {
      return null;
    }
    List<FlatWriter> writers = new ArrayList<>();
    for (FieldPlan f : layout.others) {
      Serializer<Object> nested = nestedSerializer(f);
      FlatWriter w = nested == null ? null : ContainerLoops.flat(f.declared, nested);
      if (!(w instanceof FlatReader)) {
        return null;
      }
      writers.add(w);
    }
    return writers;
  }

  /**
   * Generates and instantiates the serializer of {@code plan}.
   *
   * @throws BrineException if the class cannot be opened to Brine or the generated class cannot be
   *     defined (the caller then uses the interpreted serializer)
   */
  public static Serializer<Object> generate(ClassPlan plan) {
    return generate(plan, true);
  }

  /**
   * Generates and instantiates the serializer of {@code plan}, with int and long values as varints
   * ({@code compressNumbers}) or fixed-width.
   *
   * @throws BrineException as {@link #generate(ClassPlan)}
   */
  public static Serializer<Object> generate(ClassPlan plan, boolean compressNumbers) {
    return generate(plan, compressNumbers, java.util.List.of());
  }

  /**
   * As {@link #generate(ClassPlan, boolean)}, defining the class through one of {@code lookups} (the
   * user's, from {@code Brine.Builder.lookup}) when Brine's own access to the target's module is not
   * enough: the JDK defines a hidden nestmate only through a lookup with full privilege in the target's
   * module, which Brine's lookup lacks for a class in another named module even when its package is
   * opened to Brine.
   *
   * @throws BrineException as {@link #generate(ClassPlan)}; the message says what the user can do
   */
  @SuppressWarnings("unchecked")
  public static Serializer<Object> generate(ClassPlan plan, boolean compressNumbers, java.util.List<MethodHandles.Lookup> lookups) {
    MethodHandles.Lookup lookup = fullLookup(plan.type, lookups);
    SerializerGenerator g = new SerializerGenerator(plan, lookup, compressNumbers);
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

  private static MethodHandles.Lookup fullLookup(Class<?> type, java.util.List<MethodHandles.Lookup> lookups) {
    Exception failure = null;
    try {
      MethodHandles.Lookup own = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
      if (own.hasFullPrivilegeAccess()) {
        return own;
      }
    } catch (IllegalAccessException | RuntimeException e) {
      failure = e;
    }
    for (MethodHandles.Lookup user : lookups) {
      if (user.lookupClass().getModule() == type.getModule()) {
        try {
          MethodHandles.Lookup l = MethodHandles.privateLookupIn(type, user);
          if (l.hasFullPrivilegeAccess()) {
            return l;
          }
        } catch (IllegalAccessException | RuntimeException e) {
          failure = e;
        }
      }
    }
    try {
      return Nestmates.fullLookup(type); // through a lookup class defined in the type's package
    } catch (BrineException e) {
      if (failure == null) {
        failure = e;
      }
    }
    Module m = type.getModule();
    String why = failure != null ? failure.getMessage() : "Brine's access to module " + m.getName() + " lacks full privilege";
    throw new BrineException("cannot generate a serializer for " + type.getName() + ": " + why
        + (m.isNamed() ? "; pass Brine.builder().lookup(MethodHandles.lookup()) from a class in package "
            + type.getPackageName() + " of module " + m.getName() + (m.isOpen(type.getPackageName(), SerializerGenerator.class.getModule())
                ? "" : " (and open the package to brine.core)") : ""), failure);
  }

  /** The generated class file, for tests (deterministic for a given class). */
  public static byte[] bytecodeFor(ClassPlan plan) {
    try {
      return new SerializerGenerator(plan, MethodHandles.privateLookupIn(plan.type, MethodHandles.lookup()), true).bytecode();
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot open " + plan.type.getName() + ": " + e.getMessage(), e);
    }
  }

  private byte[] bytecode() {
    // Branches exist only around fields of final classes called directly; without them the code is
    // straight-line and needs no stack map frames (computing them is a cost at first use).
    boolean branches = !layout.group.isEmpty() || layout.fixed.stream().anyMatch(f -> f.kind == FieldKind.BOOLEAN)
        || plan.fields.stream()
            .anyMatch(f -> nestedSerializer(f) != null || elementSerializer(f) != null || entrySerializers(f) != null);
    ClassWriter cw = new ClassWriter(branches ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
      // The one local that can merge two reference types (the scratch slot of a nested value) is
      // always stored again before it is loaded, so Object is exact enough, and no class is loaded.
      @Override
      protected String getCommonSuperClass(String a, String b) {
        return "java/lang/Object";
      }
    };
    String[] interfaces = flatFields != null
        ? new String[] {Type.getInternalName(Serializer.class), Type.getInternalName(Planned.class), Type.getInternalName(FlatWriter.class),
            Type.getInternalName(FlatReader.class)}
        : new String[] {Type.getInternalName(Serializer.class), Type.getInternalName(Planned.class)};
    cw.visit(V17, ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, self, null, "java/lang/Object", interfaces);
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    new WriteCodegen(this).writeMethod(cw);
    ReadCodegen reads = new ReadCodegen(this);
    // a flat class with flat fields reads its whole payload in one window unless references are tracked
    // (FlatReadCodegen); the general read is then readTracked
    boolean flatRead = flatFields != null && !flatFields.isEmpty();
    String readName = flatRead ? FlatReadCodegen.TRACKED : "read";
    if (plan.record) {
      new RecordReadCodegen(this, reads).readRecordMethod(cw, readName);
    } else {
      reads.readObjectMethod(cw, readName);
    }
    if (flatFields != null) {
      new FlatReadCodegen(this, reads).methods(cw, flatRead);
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

  /**
   * The strings and other fields of the layout (after the number group and the fixed block), split
   * into consecutive chunks of at most {@link #CHUNK_WEIGHT} (each field weighs 3); none when there
   * are none.
   */
  List<List<FieldPlan>> tailChunks() {
    List<FieldPlan> tail = new ArrayList<>(layout.strings);
    tail.addAll(layout.others);
    List<List<FieldPlan>> chunks = new ArrayList<>();
    int per = CHUNK_WEIGHT / 3;
    for (int from = 0; from < tail.size(); from += per) {
      chunks.add(tail.subList(from, Math.min(tail.size(), from + per)));
    }
    return chunks;
  }

  /**
   * Pads a chunk method of a class with several chunks with NOPs to {@link #STANDALONE_BYTES} (see
   * {@link #endChunk}); emits nothing else.
   */
  static void pad(MethodVisitor mv, Label start, int chunks) {
    pad(mv, start, chunks > 1);
  }

  /** Pads a chunk method with NOPs to {@link #STANDALONE_BYTES} when {@code standalone}. */
  static void pad(MethodVisitor mv, Label start, boolean standalone) {
    if (standalone) {
      Label here = new Label();
      mv.visitLabel(here);
      for (int i = here.getOffset() - start.getOffset(); i < STANDALONE_BYTES; i++) {
        mv.visitInsn(NOP);
      }
    }
  }

  /** Whether {@code t} is a box that format 2 writes in the number group or the fixed block, not in a slot. */
  private static boolean boxed(Class<?> t) {
    return t == Integer.class || t == Long.class || t == Double.class || t == Float.class;
  }

  /**
   * The serializer of a declared field's final class when generated code may call it directly (held
   * in a static final, so the JIT sees the exact receiver and can inline it), or null: not a declared
   * class, boxed, not created yet (a class that contains itself), or with Java serialization hooks.
   */
  static Serializer<Object> nestedSerializer(FieldPlan f) {
    ClassInfo d = f.declared;
    if (f.kind != FieldKind.DECLARED || boxed(f.field.getType()) || !callable(d)) {
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
        || !callable(e)) {
      return null;
    }
    return e.serializer;
  }

  /**
   * Whether generated code may call this class's serializer directly: created, final (not a stand-in
   * for code being generated, {@link Upgradable}: a class reached through its own fields), no Java
   * serialization hooks.
   */
  private static boolean callable(ClassInfo c) {
    return c != null && c.serializer != null && !(c.serializer instanceof Upgradable) && c.writeReplace == null
        && c.readResolve == null;
  }

  /**
   * The key and value serializers of a map field whose declared key and value classes are final, when
   * generated code may read and write its entries itself; null otherwise. (The write loop has no
   * first pass over the entries: a first version checked their classes before writing, which cost more
   * than it saved, A/B 1.18–1.32× the time for {@code Map<String,Integer>} and {@code
   * Map<Integer,Integer>}; it now writes the first chunk's entries while they fit and hands the rest to
   * the general path, journal step 83.)
   */
  static List<Serializer<Object>> entrySerializers(FieldPlan f) {
    if (f.kind != FieldKind.CONTAINER || !java.util.Map.class.isAssignableFrom(f.field.getType())
        || !callable(f.element) || !callable(f.value)) {
      return null;
    }
    return List.of(f.element.serializer, f.value.serializer);
  }

}
