package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.builtin.CollectionSerializer;
import dev.brine.builtin.MapSerializer;
import dev.brine.context.WriteSession;
import dev.brine.io.ByteWriter;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.FlatWriter;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.Serializer;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The element and entry loops of {@link WriteCodegen}: a collection field whose declared element class
 * is final, a map field whose declared key and value classes are final. A loop writes what fits the
 * declared classes itself (numbers through a window of the array with the position in a local) and
 * hands anything else to {@code CollectionSerializer} / {@code MapSerializer}, which write it the
 * general way; the bytes are those of the general path.
 */
final class ContainerLoops {
  private static final String WC = Type.getInternalName(WriteSession.class);
  private static final String BW = Type.getInternalName(ByteWriter.class);
  private static final String FLAT = Type.getInternalName(FlatWriter.class);
  private static final String CI = Type.getDescriptor(ClassInfo.class);
  private static final String CI_ARGS = "(Ljava/lang/Object;" + CI + CI + ")V";

  private final SerializerGenerator g;
  private final WriteCodegen w;

  ContainerLoops(SerializerGenerator g, WriteCodegen w) {
    this.g = g;
    this.w = w;
  }

  private static void call(MethodVisitor mv, String name, String desc) {
    mv.visitMethodInsn(INVOKEVIRTUAL, WC, name, desc, false);
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

  /** Stores the numeric leaf value in local {@code valueLocal} at the window's position (room made), the bytes of {@code WriteCodegen.writeLeaf}. */
  private static void windowStore(MethodVisitor mv, ClassInfo info, int valueLocal) {
    boolean wide = info.leafKind == PayloadTraits.LEAF_INT64 || info.leafKind == PayloadTraits.LEAF_FIXED_INT64;
    mv.visitVarInsn(ALOAD, WINDOW_ARRAY);
    mv.visitVarInsn(ILOAD, WINDOW_POS);
    WriteCodegen.unboxed(mv, valueLocal, wide);
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

  /** The flat class's writer behind {@code serializer} (its payload is its group and fixed block), or null. */
  static FlatWriter flat(ClassInfo info, Serializer<Object> serializer) {
    return info.composite && serializer instanceof FlatWriter ? (FlatWriter) serializer : null;
  }

  /** The most bytes a value of this class takes in a loop's window (a numeric leaf or a flat class), or 0: written the general way. */
  private static int windowBytes(ClassInfo info, Serializer<Object> serializer) {
    FlatWriter flat = flat(info, serializer);
    return flat != null ? flat.flatWindow() : numericLeafMax(info);
  }

  /**
   * Before a loop over values of a flat class: each is one level deeper than the container, and its
   * flat fields' values ({@code FlatWriter.flatDepth}) deeper still, so the depth is checked once for
   * all of them instead of around each; if the deepest might pass the limit, a jump to {@code general},
   * where the values are written the general way (which counts the levels they really take).
   */
  private static void checkFlatDepth(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, Label general) {
    FlatWriter flat = flat(info, serializer);
    if (flat != null) {
      mv.visitVarInsn(ALOAD, 0);
      mv.visitLdcInsn(flat.flatDepth());
      call(mv, "fitsNested", "(I)Z");
      mv.visitJumpInsn(IFEQ, general);
    }
  }

  /** Stores the value in local {@code valueLocal} (of a class {@link #windowBytes} takes) at the window's position, room made. */
  private void windowPart(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, int valueLocal) {
    if (flat(info, serializer) == null) {
      windowStore(mv, info, valueLocal);
      return;
    }
    g.loadConstant(mv, g.constant(serializer, "L" + FLAT + ";"));
    mv.visitVarInsn(ALOAD, WINDOW_ARRAY);
    mv.visitVarInsn(ILOAD, WINDOW_POS);
    mv.visitVarInsn(ALOAD, valueLocal);
    mv.visitMethodInsn(INVOKEINTERFACE, FLAT, "writeFlat", "([BILjava/lang/Object;)I", true);
    mv.visitVarInsn(ISTORE, WINDOW_POS);
  }

  /**
   * The slot byte and the payload of the non-null value of a flat class in {@link
   * WriteCodegen#NESTED_LOCAL} (a field): the depth checked, one room check for both, then the payload
   * through the window as in the loops.
   */
  void writeFlatField(MethodVisitor mv, ClassInfo info, Serializer<Object> serializer, Label general) {
    checkFlatDepth(mv, info, serializer, general);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitLdcInsn(1 + windowBytes(info, serializer));
    call(mv, "ensure", "(I)V");
    loadWindow(mv);
    mv.visitVarInsn(ALOAD, WINDOW_ARRAY);
    mv.visitVarInsn(ILOAD, WINDOW_POS);
    mv.visitLdcInsn(TypeIds.SLOT_VALUE);
    mv.visitInsn(I2B);
    mv.visitInsn(BASTORE);
    mv.visitIincInsn(WINDOW_POS, 1);
    windowPart(mv, info, serializer, WriteCodegen.NESTED_LOCAL);
    storeWindow(mv);
  }

  /** Scratch locals of a collection field's element loop (after {@link WriteCodegen#NESTED_LOCAL}, the collection). */
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
  void writeElements(MethodVisitor mv, FieldPlan f, Serializer<Object> elements) {
    Label general = new Label();
    Label loop = new Label();
    Label done = new Label();
    Label end = new Label();
    w.fieldUnlessReferences(mv, f, general);
    // leaf elements (strings, Integer, Long) and flat classes: no first pass over the elements; each is checked
    // as it is written, and at the first null or other class the collection is written again the general way
    boolean flatElements = flat(f.element, elements) != null;
    boolean checkEach = leafInline(f.element) || flatElements;
    Label irregular = new Label();
    if (checkEach) {
      mv.visitVarInsn(ALOAD, 0);
      call(mv, "position", "()I");
      mv.visitVarInsn(ISTORE, START_LOCAL);
    }
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
    g.loadInfo(mv, f.element);
    mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(CollectionSerializer.class),
        flatElements ? "beginFlatElements" : checkEach ? "beginLeafElements" : "beginElements",
        "(L" + WC + ";Ljava/lang/Object;" + CI + ")I", false);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ISTORE, COUNT_LOCAL);
    mv.visitJumpInsn(IFLE, end);
    // numbers, and flat classes (group and fixed block only): stored through a window with the position in a local
    int windowMax = windowBytes(f.element, elements);
    if (flatElements) {
      checkFlatDepth(mv, f.element, elements, irregular);
    }
    if (windowMax > 0) {
      loadWindow(mv);
    }
    // an ArrayList by index (no iterator; C2 keeps its array and size in registers), any other by its iterator
    Label iterate = new Label();
    Label indexLoop = new Label();
    mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    mv.visitLdcInsn(Type.getType(java.util.ArrayList.class));
    mv.visitJumpInsn(IF_ACMPNE, iterate);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, INDEX_LOCAL);
    mv.visitLabel(indexLoop);
    mv.visitVarInsn(ILOAD, INDEX_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitJumpInsn(IF_ICMPGE, done);
    mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
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
    mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
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
      mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
      g.loadInfo(mv, f.element);
      mv.visitVarInsn(ILOAD, START_LOCAL);
      mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(CollectionSerializer.class), "restartElements",
          "(L" + WC + ";Ljava/lang/Object;" + CI + "I)V", false);
      mv.visitJumpInsn(GOTO, end);
    }
    general(mv, f, general, end);
  }

  /** At {@code general}: the field written the general way, {@code WriteContext.writeObject(value, element, value)}; then {@code end}. */
  private void general(MethodVisitor mv, FieldPlan f, Label general, Label end) {
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    w.getField(mv, f, 1);
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
  void writeEntries(MethodVisitor mv, FieldPlan f, Serializer<Object> keys, Serializer<Object> values) {
    String maps = Type.getInternalName(MapSerializer.class);
    String iterator = "java/util/Iterator";
    String entry = "java/util/Map$Entry";
    Label general = new Label();
    Label loop = new Label();
    Label irregular = new Label();
    Label done = new Label();
    Label end = new Label();
    w.fieldUnlessReferences(mv, f, general);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
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
    // numeric or flat keys and values: stored through a window with the position in a local
    int keyMax = windowBytes(f.element, keys);
    int valueMax = windowBytes(f.value, values);
    boolean window = keyMax > 0 && valueMax > 0;
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
      if (flat(f.element, keys) != null || flat(f.value, values) != null) {
        // before the first entry written here (none may be: all written the general way), as callWrite would
        Label checked = new Label();
        mv.visitVarInsn(ILOAD, WRITTEN_LOCAL);
        mv.visitJumpInsn(IFNE, checked);
        checkFlatDepth(mv, f.element, keys, irregular);
        checkFlatDepth(mv, f.value, values, irregular);
        mv.visitLabel(checked);
      }
      windowRoom(mv, keyMax + valueMax);
      windowPart(mv, f.element, keys, KEY_LOCAL);
      windowPart(mv, f.value, values, VALUE_LOCAL);
    } else {
      w.callWrite(mv, f.element, keys, KEY_LOCAL);
      w.callWrite(mv, f.value, values, VALUE_LOCAL);
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
    entryCounts(mv);
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
    entryCounts(mv);
    mv.visitMethodInsn(INVOKESTATIC, maps, "endEntries", "(L" + WC + ";IIII)V", false);
    mv.visitJumpInsn(GOTO, end);
    general(mv, f, general, end);
  }

  /** The key or value of the entry in {@link #ENTRY_LOCAL} into {@code local}; to {@code other} unless non-null of class {@code info}. */
  private void entryPart(MethodVisitor mv, String getter, ClassInfo info, int local, Label other) {
    mv.visitVarInsn(ALOAD, ENTRY_LOCAL);
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Map$Entry", getter, "()Ljava/lang/Object;", true);
    mv.visitVarInsn(ASTORE, local);
    exactOrJump(mv, info, local, other);
  }

  /**
   * Pushes what {@code MapSerializer.restEntries} and {@code endEntries} take last: where the current
   * chunk's count goes, the entries in that chunk, the entries written, and the size of the map in
   * {@link WriteCodegen#NESTED_LOCAL}.
   */
  private static void entryCounts(MethodVisitor mv) {
    mv.visitVarInsn(ILOAD, COUNT_AT_LOCAL);
    mv.visitVarInsn(ILOAD, COUNT_LOCAL);
    mv.visitVarInsn(ILOAD, WRITTEN_LOCAL);
    mv.visitVarInsn(ALOAD, WriteCodegen.NESTED_LOCAL);
    mv.visitTypeInsn(CHECKCAST, "java/util/Map");
    mv.visitMethodInsn(INVOKEINTERFACE, "java/util/Map", "size", "()I", true);
  }

  /** Where a collection written without a first pass begins (to write it again the general way). */
  private static final int START_LOCAL = 15;

  /** Whether {@code WriteCodegen.writeLeaf} writes values of this class inline (and writing them changes no session state). */
  private static boolean leafInline(ClassInfo info) {
    return numericLeafMax(info) > 0 || !info.composite && info.leafKind == PayloadTraits.LEAF_STRING;
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
      windowPart(mv, info, serializer, ELEMENT_LOCAL);
    } else {
      w.callWrite(mv, info, serializer, ELEMENT_LOCAL);
    }
  }
}
