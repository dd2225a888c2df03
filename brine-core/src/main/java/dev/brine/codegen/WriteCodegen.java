package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.BrineException;
import dev.brine.builtin.CollectionSerializer;
import dev.brine.builtin.MapSerializer;
import dev.brine.context.WriteSession;
import dev.brine.io.ByteWriter;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
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
  private static final String BW = Type.getInternalName(ByteWriter.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);
  private static final String MH = Type.getInternalName(MethodHandle.class);
  private static final String SER = Type.getInternalName(Serializer.class);
  private static final String CI_ARGS = "(Ljava/lang/Object;" + CI + CI + ")V";

  private final SerializerGenerator g;

  WriteCodegen(SerializerGenerator g) {
    this.g = g;
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
    // number group chunks: static int wg<k>(byte[] b, int p, int c0, T obj), scratch locals 4..8
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
      for (int k = 0; k < groupChunks; k++) {
        mv.visitVarInsn(ALOAD, W_ARRAY);
        mv.visitVarInsn(ILOAD, W_POS);
        mv.visitVarInsn(ILOAD, W_CONTROL);
        mv.visitVarInsn(ALOAD, W_OBJECT);
        mv.visitMethodInsn(INVOKESTATIC, g.self, "wg" + k, groupDesc, false);
        mv.visitVarInsn(ISTORE, W_POS);
      }
      for (int k = 0; k < GroupCodegen.fixedChunks(layout.fixed.size()); k++) {
        mv.visitVarInsn(ALOAD, W_ARRAY);
        mv.visitVarInsn(ILOAD, W_POS);
        mv.visitVarInsn(ALOAD, W_OBJECT);
        mv.visitMethodInsn(INVOKESTATIC, g.self, "wf" + k, fixedDesc, false);
      }
      mv.visitVarInsn(ALOAD, W_SESSION);
      mv.visitVarInsn(ILOAD, W_POS);
      if (layout.fixedBytes != 0) {
        mv.visitLdcInsn(layout.fixedBytes);
        mv.visitInsn(IADD);
      }
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
        mv.visitVarInsn(ALOAD, valueLocal);
        mv.visitTypeInsn(CHECKCAST, "java/lang/Integer");
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Integer", "intValue", "()I", false);
        call(mv, info.leafKind == PayloadTraits.LEAF_INT32 ? "writeVarInt32" : "writeInt32", "(I)V");
        return true;
      case PayloadTraits.LEAF_INT64:
      case PayloadTraits.LEAF_FIXED_INT64:
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ALOAD, valueLocal);
        mv.visitTypeInsn(CHECKCAST, "java/lang/Long");
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Long", "longValue", "()J", false);
        call(mv, info.leafKind == PayloadTraits.LEAF_INT64 ? "writeVarInt64" : "writeInt64", "(J)V");
        return true;
      default:
        return false;
    }
  }


  /**
   * The most bytes a value of a numeric leaf class (Integer or Long, compressed or fixed) takes, or 0
   * for any other class: such values are stored into a window of the array with the position in a
   * local ({@link #windowStore}), one room check per value and no field writes.
   */
  private static int numericLeafMax(ClassInfo info) {
    if (info.composite) {
      return 0;
    }
    switch (info.leafKind) {
      case PayloadTraits.LEAF_INT32: return 5;
      case PayloadTraits.LEAF_FIXED_INT32: return 4;
      case PayloadTraits.LEAF_INT64: return 9;
      case PayloadTraits.LEAF_FIXED_INT64: return 8;
      default: return 0;
    }
  }

  /** Locals of the window (the array, the position and the limit) of {@link #windowStore}. */
  private static final int WINDOW_ARRAY = 12;
  private static final int WINDOW_POS = 13;
  private static final int WINDOW_LIMIT = 14;

  /** Loads the context's array, position and limit into the window's locals. */
  private static void loadWindow(MethodVisitor mv) {
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "array", "()[B");
    mv.visitVarInsn(ASTORE, WINDOW_ARRAY);
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "position", "()I");
    mv.visitVarInsn(ISTORE, WINDOW_POS);
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "limit", "()I");
    mv.visitVarInsn(ISTORE, WINDOW_LIMIT);
  }

  /** Hands the window's position back to the context (before anything else writes through it). */
  private static void storeWindow(MethodVisitor mv) {
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ILOAD, WINDOW_POS);
    call(mv, "advanceTo", "(I)V");
  }

  /** Makes room for {@code max} bytes in the window: if fewer remain, through the context's {@code ensure}. */
  private static void windowRoom(MethodVisitor mv, int max) {
    Label room = new Label();
    mv.visitVarInsn(ILOAD, WINDOW_LIMIT);
    mv.visitVarInsn(ILOAD, WINDOW_POS);
    mv.visitInsn(ISUB);
    mv.visitLdcInsn(max);
    mv.visitJumpInsn(IF_ICMPGE, room);
    storeWindow(mv);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitLdcInsn(max);
    call(mv, "ensure", "(I)V");
    loadWindow(mv);
    mv.visitLabel(room);
  }

  /** Stores the numeric leaf value in local {@code valueLocal} at the window's position (room made), the bytes of {@link #writeLeaf}. */
  private static void windowStore(MethodVisitor mv, ClassInfo info, int valueLocal) {
    boolean wide = info.leafKind == PayloadTraits.LEAF_INT64 || info.leafKind == PayloadTraits.LEAF_FIXED_INT64;
    mv.visitVarInsn(ALOAD, WINDOW_ARRAY);
    mv.visitVarInsn(ILOAD, WINDOW_POS);
    mv.visitVarInsn(ALOAD, valueLocal);
    String box = wide ? "java/lang/Long" : "java/lang/Integer";
    mv.visitTypeInsn(CHECKCAST, box);
    mv.visitMethodInsn(INVOKEVIRTUAL, box, wide ? "longValue" : "intValue", wide ? "()J" : "()I", false);
    String store;
    switch (info.leafKind) {
      case PayloadTraits.LEAF_INT32: store = "storeVarInt32"; break;
      case PayloadTraits.LEAF_FIXED_INT32: store = "storeInt32"; break;
      case PayloadTraits.LEAF_INT64: store = "storeVarInt64"; break;
      default: store = "storeInt64"; break;
    }
    mv.visitMethodInsn(INVOKESTATIC, BW, store, wide ? "([BIJ)I" : "([BII)I", false);
    mv.visitVarInsn(ISTORE, WINDOW_POS);
  }

  /** Scratch locals of a collection field's element loop (after {@link #NESTED_LOCAL}, the collection). */
  private static final int ITERATOR_LOCAL = 5;
  private static final int ELEMENT_LOCAL = 6;
  private static final int COUNT_LOCAL = 7;
  private static final int INDEX_LOCAL = 8;

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
    // leaf elements (strings, Integer, Long): no first pass over the elements; each is checked as it is
    // written, and at the first null or other class the collection is written again the general way
    boolean checkEach = leafInline(f.element);
    Label irregular = new Label();
    if (checkEach) {
      mv.visitVarInsn(ALOAD, 0);
      call(mv, "position", "()I");
      mv.visitVarInsn(ISTORE, START_LOCAL);
    }
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    g.loadInfo(mv, f.element);
    mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(CollectionSerializer.class),
        checkEach ? "beginLeafElements" : "beginElements", "(L" + WC + ";Ljava/lang/Object;" + CI + ")I", false);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ISTORE, COUNT_LOCAL);
    mv.visitJumpInsn(IFLE, end);
    int windowMax = numericLeafMax(f.element); // numbers: stored through a window with the position in a local
    if (windowMax > 0) {
      loadWindow(mv);
    }
    // an ArrayList by index (no iterator; C2 keeps its array and size in registers), any other by its iterator
    Label iterate = new Label();
    Label indexLoop = new Label();
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    mv.visitLdcInsn(Type.getType(java.util.ArrayList.class));
    mv.visitJumpInsn(IF_ACMPNE, iterate);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, INDEX_LOCAL);
    mv.visitLabel(indexLoop);
    mv.visitVarInsn(ILOAD, INDEX_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitJumpInsn(IF_ICMPGE, done);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/util/ArrayList");
    mv.visitVarInsn(ILOAD, INDEX_LOCAL);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/util/ArrayList", "get", "(I)Ljava/lang/Object;", false);
    mv.visitVarInsn(ASTORE, ELEMENT_LOCAL);
    if (checkEach) {
      exactOrJump(mv, f.element, ELEMENT_LOCAL, irregular);
    }
    writeElement(mv, f.element, elements, windowMax);
    mv.visitIincInsn(INDEX_LOCAL, 1);
    mv.visitJumpInsn(GOTO, indexLoop);
    mv.visitLabel(iterate);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/lang/Iterable");
    mv.visitMethodInsn(INVOKEINTERFACE, "java/lang/Iterable", "iterator", "()Ljava/util/Iterator;", true);
    mv.visitVarInsn(ASTORE, ITERATOR_LOCAL);
    Label iterated = new Label();
    if (checkEach) {
      mv.visitInsn(ICONST_0);
      mv.visitVarInsn(ISTORE, INDEX_LOCAL);
    }
    mv.visitLabel(loop);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Iterator", "hasNext", "()Z", true);
    mv.visitJumpInsn(IFEQ, checkEach ? iterated : done);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Iterator", "next", "()Ljava/lang/Object;", true);
    mv.visitVarInsn(ASTORE, ELEMENT_LOCAL);
    if (checkEach) {
      exactOrJump(mv, f.element, ELEMENT_LOCAL, irregular);
      mv.visitIincInsn(INDEX_LOCAL, 1);
    }
    writeElement(mv, f.element, elements, windowMax);
    mv.visitJumpInsn(GOTO, loop);
    if (checkEach) {
      // as many elements as the size written, else the general way (which reports a changed collection)
      mv.visitLabel(iterated);
      mv.visitVarInsn(ILOAD, INDEX_LOCAL);
      mv.visitVarInsn(ILOAD, COUNT_LOCAL);
      mv.visitJumpInsn(IF_ICMPNE, irregular);
    }
    mv.visitLabel(done);
    if (windowMax > 0) {
      storeWindow(mv);
    }
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "exitNested", "()V");
    mv.visitJumpInsn(GOTO, end);
    if (checkEach) {
      mv.visitLabel(irregular);
      mv.visitVarInsn(ALOAD, 0);
      mv.visitVarInsn(ALOAD, NESTED_LOCAL);
      g.loadInfo(mv, f.element);
      mv.visitVarInsn(ILOAD, START_LOCAL);
      mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(CollectionSerializer.class), "restartElements",
          "(L" + WC + ";Ljava/lang/Object;" + CI + "I)V", false);
      mv.visitJumpInsn(GOTO, end);
    }
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    getField(mv, f);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    call(mv, "writeObject", CI_ARGS);
    mv.visitLabel(end);
  }

  /** Scratch locals of a map field's entry loop (after {@link #ITERATOR_LOCAL}, the entry iterator). */
  private static final int ENTRY_LOCAL = 6;
  private static final int COUNT_AT_LOCAL = 8;
  private static final int KEY_LOCAL = 9;
  private static final int VALUE_LOCAL = 10;
  private static final int WRITTEN_LOCAL = 11;

  /**
   * A map field whose declared key and value classes are final, written like {@code
   * WriteContext.writeObject(value, key, value)}: with references off and a plain map, {@code
   * MapSerializer.beginEntries} writes the class, size and first chunk header, and the loop here writes
   * the entries (non-null, of exactly the declared classes) through the key and value serializers
   * directly, {@code nextChunk} starting a chunk every 255 entries; at the first other entry, {@code
   * restEntries} writes the rest the general way. No first pass over the entries: a chunk's count byte
   * is set when it ends.
   */
  private void writeEntries(MethodVisitor mv, FieldPlan f, Serializer<Object> keys, Serializer<Object> values) {
    String maps = Type.getInternalName(MapSerializer.class);
    String iterator = "java/util/Iterator";
    String entry = "java/util/Map$Entry";
    Label general = new Label();
    Label loop = new Label();
    Label irregular = new Label();
    Label done = new Label();
    Label end = new Label();
    fieldUnlessReferences(mv, f, general);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    mv.visitMethodInsn(INVOKESTATIC, maps, "beginEntries", "(L" + WC + ";Ljava/lang/Object;" + CI + CI + ")L" + iterator + ";", false);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ASTORE, ITERATOR_LOCAL);
    mv.visitJumpInsn(IFNULL, end);
    mv.visitVarInsn(ALOAD, 0);
    call(mv, "position", "()I");
    mv.visitInsn(ICONST_1);
    mv.visitInsn(ISUB);
    mv.visitVarInsn(ISTORE, COUNT_AT_LOCAL);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, COUNT_LOCAL);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, WRITTEN_LOCAL);
    // numeric keys and values: stored through a window with the position in a local
    boolean window = numericLeafMax(f.element) > 0 && numericLeafMax(f.value) > 0;
    if (window) {
      loadWindow(mv);
    }
    mv.visitLabel(loop);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, iterator, "hasNext", "()Z", true);
    mv.visitJumpInsn(IFEQ, done);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, iterator, "next", "()Ljava/lang/Object;", true);
    mv.visitTypeInsn(CHECKCAST, entry);
    mv.visitVarInsn(ASTORE, ENTRY_LOCAL);
    entryPart(mv, "getKey", f.element, KEY_LOCAL, irregular);
    entryPart(mv, "getValue", f.value, VALUE_LOCAL, irregular);
    if (window) {
      windowRoom(mv, numericLeafMax(f.element) + numericLeafMax(f.value));
      windowStore(mv, f.element, KEY_LOCAL);
      windowStore(mv, f.value, VALUE_LOCAL);
    } else {
      callWrite(mv, f.element, keys, KEY_LOCAL);
      callWrite(mv, f.value, values, VALUE_LOCAL);
    }
    mv.visitIincInsn(COUNT_LOCAL, 1);
    mv.visitIincInsn(WRITTEN_LOCAL, 1);
    // a full chunk: its count set, the next one's header written
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitIntInsn(SIPUSH, MapSerializer.MAX_CHUNK);
    mv.visitJumpInsn(IF_ICMPLT, loop);
    if (window) {
      storeWindow(mv);
    }
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ILOAD, COUNT_AT_LOCAL);
    mv.visitMethodInsn(INVOKESTATIC, maps, "nextChunk", "(L" + WC + ";I)I", false);
    mv.visitVarInsn(ISTORE, COUNT_AT_LOCAL);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, COUNT_LOCAL);
    if (window) {
      loadWindow(mv);
    }
    mv.visitJumpInsn(GOTO, loop);
    mv.visitLabel(irregular);
    if (window) {
      storeWindow(mv);
    }
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, ITERATOR_LOCAL);
    mv.visitVarInsn(ALOAD, ENTRY_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_AT_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitVarInsn(ILOAD, WRITTEN_LOCAL);
    mapSize(mv);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    mv.visitMethodInsn(INVOKESTATIC, maps, "restEntries",
        "(L" + WC + ";L" + iterator + ";L" + entry + ";IIII" + CI + CI + ")V", false);
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(done);
    if (window) {
      storeWindow(mv);
    }
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ILOAD, COUNT_AT_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitVarInsn(ILOAD, WRITTEN_LOCAL);
    mapSize(mv);
    mv.visitMethodInsn(INVOKESTATIC, maps, "endEntries", "(L" + WC + ";IIII)V", false);
    mv.visitJumpInsn(GOTO, end);
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    getField(mv, f);
    g.loadInfo(mv, f.element);
    g.loadInfo(mv, f.value);
    call(mv, "writeObject", CI_ARGS);
    mv.visitLabel(end);
  }

  /** The key or value of the entry in {@link #ENTRY_LOCAL} into {@code local}; to {@code other} unless non-null of class {@code info}. */
  private void entryPart(MethodVisitor mv, String getter, ClassInfo info, int local, Label other) {
    mv.visitVarInsn(ALOAD, ENTRY_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Map$Entry", getter, "()Ljava/lang/Object;", true);
    mv.visitVarInsn(ASTORE, local);
    exactOrJump(mv, info, local, other);
  }

  /** Pushes the size of the map in {@link #NESTED_LOCAL}. */
  private static void mapSize(MethodVisitor mv) {
    mv.visitVarInsn(ALOAD, NESTED_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/util/Map");
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Map", "size", "()I", true);
  }

  /** Where a collection written without a first pass begins (to write it again the general way). */
  private static final int START_LOCAL = 15;

  /** Whether {@link #writeLeaf} writes values of this class inline (and writing them changes no session state). */
  private static boolean leafInline(ClassInfo info) {
    if (info.composite) {
      return false;
    }
    switch (info.leafKind) {
      case PayloadTraits.LEAF_STRING:
      case PayloadTraits.LEAF_INT32:
      case PayloadTraits.LEAF_FIXED_INT32:
      case PayloadTraits.LEAF_INT64:
      case PayloadTraits.LEAF_FIXED_INT64:
        return true;
      default:
        return false;
    }
  }

  /** To {@code other} unless the value in {@code local} is non-null and of exactly class {@code info}. */
  private void exactOrJump(MethodVisitor mv, ClassInfo info, int local, Label other) {
    mv.visitVarInsn(ALOAD, local);
    mv.visitJumpInsn(IFNULL, other);
    mv.visitVarInsn(ALOAD, local);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    g.loadConstant(mv, g.constant(info.type, "Ljava/lang/Class;"));
    mv.visitJumpInsn(IF_ACMPNE, other);
  }

  /** The element in {@link #ELEMENT_LOCAL}: through the window when {@code windowMax > 0}, else its serializer. */
  private void writeElement(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, int windowMax) {
    if (windowMax > 0) {
      windowRoom(mv, windowMax);
      windowStore(mv, info, ELEMENT_LOCAL);
    } else {
      callWrite(mv, info, serializer, ELEMENT_LOCAL);
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
    List<Serializer<Object>> entries = SerializerGenerator.entrySerializers(f);
    if (entries != null) {
      writeEntries(mv, f, entries.get(0), entries.get(1));
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
