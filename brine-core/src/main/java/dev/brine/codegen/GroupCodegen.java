package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.context.ReadSession;
import dev.brine.io.Loads;
import dev.brine.io.ByteWriter;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.GroupKind;
import dev.brine.plan.Layout;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Emits the number group and the fixed block of the format-2 layout (docs/format.md, "Objects"),
 * for both halves: per group field a store of its whole width, its length code from a table, the
 * position advanced by the code, the codes packed two per control byte; per read (after {@code
 * ReadSession.window} has checked every code against its field's range), each value loaded at the
 * position and sign-extended by its code.
 * The generated code keeps the array and the position in locals; the caller ({@link WriteCodegen},
 * {@link ReadCodegen}) supplies the field access.
 */
final class GroupCodegen {
  static final String BW = Type.getInternalName(ByteWriter.class);
  static final String LOADS = Type.getInternalName(Loads.class);
  static final String RS = Type.getInternalName(ReadSession.class);
  private static final String SUPPORT = Type.getInternalName(GroupSupport.class);
  private static final String LAYOUT = Type.getDescriptor(Layout.class);

  /** Fields per group chunk method: 16 codes, 8 control bytes, one validity check. */
  static final int GROUP_CHUNK = 16;
  /**
   * Fixed-block fields per generated method ({@code wf<k>}, {@code rf<k>}): a method of 100 loads or
   * stores exceeds C2's inlining budget (NodeCountInliningCutoff), and the calls it leaves behind cost
   * more than the chunk calls (Struct with {@code compressNumbers(false)}: all 100 fields here).
   */
  static final int FIXED_CHUNK = 24;

  /**
   * Whether the number group's and the fixed block's read chunk methods are padded to be compiled on
   * their own ({@link SerializerGenerator#pad}): when the group and fixed fields together are more than
   * one chunk's worth. Inlined into the caller, the first chunk (about 25 word loads or stores through
   * {@code VarHandle}s) uses up C2's node budget, and the accesses of the next become calls: Struct with
   * {@code compressNumbers(false)} inlined {@code rf0} whole, then one load of {@code rf1}, and called
   * {@code Loads.loadFloat64}/{@code loadInt64} for the other 23 ({@code NodeCountInliningCutoff}).
   * Write chunks are not padded: their stores inlined into the caller measured faster (A/B, Struct
   * fixed-width serialize: padded 0.89×).
   */
  static boolean standalone(Layout layout) {
    return layout.group.size() + layout.fixed.size() > FIXED_CHUNK;
  }

  /** The number of {@link #FIXED_CHUNK} methods for {@code n} fixed fields. */
  static int fixedChunks(int n) {
    return (n + FIXED_CHUNK - 1) / FIXED_CHUNK;
  }

  private final SerializerGenerator g;
  final Layout layout;
  private int layoutConstant = -1;

  GroupCodegen(SerializerGenerator g, Layout layout) {
    this.g = g;
    this.layout = layout;
  }

  /** Pushes the layout (a class constant), for the failure paths. */
  void loadLayout(MethodVisitor mv) {
    if (layoutConstant < 0) {
      layoutConstant = g.constant(layout, LAYOUT);
    }
    g.loadConstant(mv, layoutConstant);
  }

  /** Field access supplied by the caller: push the field's value, or store the value on the stack into it. */
  interface Access {
    /** Pushes field {@code f}'s value (its declared type). */
    void get(MethodVisitor mv, FieldPlan f);
  }

  // ---------------------------------------------------------------- write

  /**
   * Emits the write of group fields {@code [from, to)} (one chunk): locals {@code b} (byte[]), {@code p}
   * (int, updated), {@code c0} (int, the control bytes' index) and scratch locals from {@code scratch}
   * (6 slots: a value of up to two slots, a reference, the code, and the control bytes: a full chunk's
   * 16 codes gathered in a {@code long} and stored at the end in one store instead of one per pair of
   * fields (journal step 124); a partial chunk's a byte per pair, as its fields go — its bytes in fewer
   * stores after the codes gathered measured slower, 0.90–0.95× on classes of 10 or fewer numbers).
   */
  void writeGroup(MethodVisitor mv, int from, int to, Access access, int b, int p, int c0, int scratch) {
    int value = scratch; // int or long (2 slots)
    int ref = scratch + 2;
    int code = scratch + 3;
    int codes = scratch + 4; // long (2 slots): a full chunk's control bytes
    int pending = scratch + 4; // a partial chunk's: the even field's code
    boolean full = to - from == GROUP_CHUNK;
    for (int i = from; i < to; i++) {
      FieldPlan f = layout.group.get(i);
      GroupKind k = layout.groupKinds.get(i);
      Label isNull = new Label();
      Label done = new Label();
      if (k == GroupKind.INT || k == GroupKind.LONG) {
        access.get(mv, f);
        storeCompressed(mv, k == GroupKind.LONG, b, p, value, code);
      } else {
        access.get(mv, f);
        mv.visitInsn(DUP);
        mv.visitVarInsn(ASTORE, ref);
        mv.visitJumpInsn(IFNULL, isNull);
        mv.visitVarInsn(ALOAD, ref);
        switch (k) {
          case BOXED_INT:
          case BOXED_LONG:
          case ENUM:
            compressedNumber(mv, k);
            storeCompressed(mv, k == GroupKind.BOXED_LONG, b, p, value, code);
            break;
          default:
            storeFixedBox(mv, k, b, p, value);
            mv.visitLdcInsn(k.maxCode);
            mv.visitVarInsn(ISTORE, code);
            break;
        }
        mv.visitJumpInsn(GOTO, done);
        mv.visitLabel(isNull);
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, code);
        mv.visitLabel(done);
      }
      // p += code
      mv.visitVarInsn(ILOAD, p);
      mv.visitVarInsn(ILOAD, code);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ISTORE, p);
      if (!full) {
        if ((i & 1) == 0) {
          mv.visitVarInsn(ILOAD, code);
          mv.visitVarInsn(ISTORE, pending);
          if (i == to - 1) {
            storeControlByte(mv, b, c0, i >> 1, pending, -1);
          }
        } else {
          storeControlByte(mv, b, c0, i >> 1, pending, code);
        }
        continue;
      }
      // codes |= (long) code << 4 * (i - from)
      mv.visitVarInsn(ILOAD, code);
      mv.visitInsn(I2L);
      int shift = 4 * (i - from);
      if (shift != 0) {
        mv.visitIntInsn(BIPUSH, shift);
        mv.visitInsn(LSHL);
        mv.visitVarInsn(LLOAD, codes);
        mv.visitInsn(LOR);
      }
      mv.visitVarInsn(LSTORE, codes);
    }
    if (full) {
      mv.visitVarInsn(ALOAD, b);
      pushIndex(mv, c0, from / 2);
      mv.visitVarInsn(LLOAD, codes);
      mv.visitMethodInsn(INVOKESTATIC, BW, "storeInt64", "([BIJ)I", false);
      mv.visitInsn(POP);
    }
  }

  /** {@code b[c0 + index] = (byte) (low | high << 4)}; {@code high} -1 for none. */
  private static void storeControlByte(MethodVisitor mv, int b, int c0, int index, int low, int high) {
    mv.visitVarInsn(ALOAD, b);
    pushIndex(mv, c0, index);
    mv.visitVarInsn(ILOAD, low);
    if (high >= 0) {
      mv.visitVarInsn(ILOAD, high);
      mv.visitInsn(ICONST_4);
      mv.visitInsn(ISHL);
      mv.visitInsn(IOR);
    }
    mv.visitInsn(I2B);
    mv.visitInsn(BASTORE);
  }

  /** Pushes {@code local + offset}. */
  private static void pushIndex(MethodVisitor mv, int local, int offset) {
    mv.visitVarInsn(ILOAD, local);
    if (offset != 0) {
      mv.visitLdcInsn(offset);
      mv.visitInsn(IADD);
    }
  }

  /**
   * With a non-null value of compressed kind {@code k} on the stack (an {@code Integer}, a {@code Long},
   * an enum), pushes the number the group holds for it: the int, the long, the ordinal.
   */
  private static void compressedNumber(MethodVisitor mv, GroupKind k) {
    switch (k) {
      case BOXED_INT: unbox(mv, Integer.class, "intValue", "I"); break;
      case BOXED_LONG: unbox(mv, Long.class, "longValue", "J"); break;
      case ENUM:
        mv.visitTypeInsn(CHECKCAST, "java/lang/Enum");
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Enum", "ordinal", "()I", false);
        break;
      default: throw new IllegalStateException("not a compressed box: " + k);
    }
  }

  private static void sizeOfSigned(MethodVisitor mv, boolean wide) {
    mv.visitMethodInsn(INVOKESTATIC, BW, wide ? "sizeOfSigned64" : "sizeOfSigned32", wide ? "(J)I" : "(I)I", false);
  }

  /** With an int (long) on the stack: store its whole width at p, and its signed size into {@code code}. */
  private static void storeCompressed(MethodVisitor mv, boolean wide, int b, int p, int value, int code) {
    mv.visitVarInsn(wide ? LSTORE : ISTORE, value);
    mv.visitVarInsn(ALOAD, b);
    mv.visitVarInsn(ILOAD, p);
    mv.visitVarInsn(wide ? LLOAD : ILOAD, value);
    mv.visitMethodInsn(INVOKESTATIC, BW, wide ? "storeInt64" : "storeInt32", wide ? "([BIJ)I" : "([BII)I", false);
    mv.visitInsn(POP);
    mv.visitVarInsn(wide ? LLOAD : ILOAD, value);
    sizeOfSigned(mv, wide);
    mv.visitVarInsn(ISTORE, code);
  }

  private static void unbox(MethodVisitor mv, Class<?> box, String method, String desc) {
    String owner = Type.getInternalName(box);
    mv.visitTypeInsn(CHECKCAST, owner);
    mv.visitMethodInsn(INVOKEVIRTUAL, owner, method, "()" + desc, false);
  }

  /** With a non-null box on the stack: store its value at p (fixed width). */
  private static void storeFixedBox(MethodVisitor mv, GroupKind k, int b, int p, int value) {
    String store;
    String desc;
    switch (k) {
      case FIXED_BOXED_INT: unbox(mv, Integer.class, "intValue", "I"); store = "storeInt32"; desc = "([BII)I"; break;
      case FIXED_BOXED_LONG: unbox(mv, Long.class, "longValue", "J"); store = "storeInt64"; desc = "([BIJ)I"; break;
      case BOXED_BOOLEAN: unbox(mv, Boolean.class, "booleanValue", "Z"); store = "storeBoolean"; desc = "([BIZ)I"; break;
      case BOXED_BYTE: unbox(mv, Byte.class, "byteValue", "B"); store = "storeInt8"; desc = "([BII)I"; break;
      case BOXED_SHORT: unbox(mv, Short.class, "shortValue", "S"); store = "storeInt16"; desc = "([BII)I"; break;
      case BOXED_CHAR: unbox(mv, Character.class, "charValue", "C"); store = "storeInt16"; desc = "([BII)I"; break;
      case BOXED_FLOAT: unbox(mv, Float.class, "floatValue", "F"); store = "storeFloat32"; desc = "([BIF)I"; break;
      case BOXED_DOUBLE: unbox(mv, Double.class, "doubleValue", "D"); store = "storeFloat64"; desc = "([BID)I"; break;
      default: throw new IllegalStateException("not a fixed box: " + k);
    }
    mv.visitVarInsn(storeOp(desc), value);
    mv.visitVarInsn(ALOAD, b);
    mv.visitVarInsn(ILOAD, p);
    mv.visitVarInsn(loadOp(desc), value);
    mv.visitMethodInsn(INVOKESTATIC, BW, store, desc, false);
    mv.visitInsn(POP);
  }

  private static int storeOp(String desc) {
    switch (desc.charAt(4)) {
      case 'J': return LSTORE;
      case 'D': return DSTORE;
      case 'F': return FSTORE;
      default: return ISTORE;
    }
  }

  private static int loadOp(String desc) {
    switch (desc.charAt(4)) {
      case 'J': return LLOAD;
      case 'D': return DLOAD;
      case 'F': return FLOAD;
      default: return ILOAD;
    }
  }

  /** Emits the stores of the fixed fields {@code [from, to)} at {@code p + offset} (p unchanged). */
  void writeFixed(MethodVisitor mv, Access access, int b, int p, int from, int to) {
    for (int i = from; i < to; i++) {
      FieldPlan f = layout.fixed.get(i);
      mv.visitVarInsn(ALOAD, b);
      mv.visitVarInsn(ILOAD, p);
      int off = layout.fixedOffsets[i];
      if (off != 0) {
        mv.visitLdcInsn(off);
        mv.visitInsn(IADD);
      }
      access.get(mv, f);
      String[] s = fixedStore(f.kind);
      mv.visitMethodInsn(INVOKESTATIC, BW, s[0], "([BI" + s[1] + ")I", false);
      mv.visitInsn(POP);
    }
  }

  private static String[] fixedStore(FieldKind k) {
    switch (k) {
      case BOOLEAN: return new String[] {"storeBoolean", "Z"};
      case BYTE: return new String[] {"storeInt8", "I"};
      case SHORT: case CHAR: return new String[] {"storeInt16", "I"};
      case INT: return new String[] {"storeInt32", "I"};
      case LONG: return new String[] {"storeInt64", "J"};
      case FLOAT: return new String[] {"storeFloat32", "F"};
      case DOUBLE: return new String[] {"storeFloat64", "D"};
      default: throw new IllegalStateException("not fixed: " + k);
    }
  }

  // ---------------------------------------------------------------- read

  /** A sink for a decoded value on the stack (typed as the field): store it into the field, or a local. */
  interface Sink {
    /** Called with nothing pushed yet; {@code push} pushes the value; the sink stores it. */
    void put(MethodVisitor mv, FieldPlan f, Runnable push);
  }

  /**
   * Emits the check of every control code against its field's range: per 8 control bytes one load and
   * a few operations with constant lane masks ({@code Loads.controlErrors}), the error bits
   * or-ed into a long in locals {@code scratch}/{@code scratch + 1}, one branch at the end to {@link
   * GroupSupport#controlError}. Locals: {@code rs} the session, {@code b}, {@code c0}.
   */
  void checkControl(MethodVisitor mv, int rs, int b, int c0, int scratch) {
    if (layout.group.isEmpty()) {
      return;
    }
    long[] lim = layout.controlLimits;
    int words = lim.length / 4;
    for (int w = 0; w < words; w++) {
      mv.visitVarInsn(ALOAD, b);
      mv.visitVarInsn(ILOAD, c0);
      if (w != 0) {
        mv.visitLdcInsn(8 * w);
        mv.visitInsn(IADD);
      }
      mv.visitMethodInsn(INVOKESTATIC, LOADS, "loadControl", "([BI)J", false);
      for (int k = 0; k < 4; k++) {
        mv.visitLdcInsn(lim[4 * w + k]);
      }
      mv.visitMethodInsn(INVOKESTATIC, LOADS, "controlErrors", "(JJJJJ)J", false);
      if (w != 0) {
        mv.visitVarInsn(LLOAD, scratch);
        mv.visitInsn(LOR);
      }
      mv.visitVarInsn(LSTORE, scratch);
    }
    Label ok = new Label();
    mv.visitVarInsn(LLOAD, scratch);
    mv.visitInsn(LCONST_0);
    mv.visitInsn(LCMP);
    mv.visitJumpInsn(IFEQ, ok);
    mv.visitVarInsn(ALOAD, rs);
    mv.visitVarInsn(ALOAD, b);
    mv.visitVarInsn(ILOAD, c0);
    loadLayout(mv);
    mv.visitInsn(ICONST_0);
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "controlError",
        "(L" + RS + ";[BI" + LAYOUT + "I)Ldev/brine/MalformedInputException;", false);
    mv.visitInsn(ATHROW);
    mv.visitLabel(ok);
  }

  /**
   * Emits the read of group fields {@code [from, to)} into {@code sink} (control codes already
   * checked): locals {@code rs}, {@code b}, {@code p} (updated), {@code c0}, {@code code} (int
   * scratch), {@code value} (int scratch for ordinals) and {@code word} (a long: the 8 control bytes of
   * the current 16 fields, loaded once, each code shifted out of it rather than loaded byte by byte).
   */
  void readGroup(MethodVisitor mv, int from, int to, Sink sink, int rs, int b, int p, int c0, int code, int value,
      int word) {
    for (int i = from; i < to; i++) {
      FieldPlan f = layout.group.get(i);
      GroupKind k = layout.groupKinds.get(i);
      if (i == from || (i & 15) == 0) {
        // word = the control bytes of fields (i & ~15) .. (i | 15), little-endian: field i's code at bit 4 * (i & 15)
        mv.visitVarInsn(ALOAD, b);
        mv.visitVarInsn(ILOAD, c0);
        if ((i >> 4) != 0) {
          mv.visitLdcInsn((i >> 4) << 3);
          mv.visitInsn(IADD);
        }
        mv.visitMethodInsn(INVOKESTATIC, LOADS, "loadControl", "([BI)J", false);
        mv.visitVarInsn(LSTORE, word);
      }
      // code = (int) (word >>> 4 * (i & 15)) & 15
      mv.visitVarInsn(LLOAD, word);
      if ((i & 15) != 0) {
        mv.visitLdcInsn(4 * (i & 15));
        mv.visitInsn(LUSHR);
      }
      mv.visitInsn(L2I);
      mv.visitLdcInsn(15);
      mv.visitInsn(IAND);
      mv.visitVarInsn(ISTORE, code);
      final int index = i;
      sink.put(mv, f, () -> pushGroupValue(mv, k, index, f, rs, b, p, c0, code, value));
      mv.visitVarInsn(ILOAD, p);
      mv.visitVarInsn(ILOAD, code);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ISTORE, p);
    }
  }

  private void pushGroupValue(MethodVisitor mv, GroupKind k, int index, FieldPlan f, int rs, int b, int p, int c0,
      int code, int value) {
    if (k == GroupKind.INT || k == GroupKind.LONG) {
      loadSigned(mv, k == GroupKind.LONG, b, p, code);
      return;
    }
    Label isNull = new Label();
    Label done = new Label();
    mv.visitVarInsn(ILOAD, code);
    mv.visitJumpInsn(IFEQ, isNull);
    switch (k) {
      case BOXED_INT:
        loadSigned(mv, false, b, p, code);
        box(mv, Integer.class, "I");
        break;
      case BOXED_LONG:
        loadSigned(mv, true, b, p, code);
        box(mv, Long.class, "J");
        break;
      case ENUM: {
        Object[] constants = f.field.getType().getEnumConstants();
        Label bad = new Label();
        Label good = new Label();
        loadSigned(mv, false, b, p, code);
        mv.visitVarInsn(ISTORE, value);
        mv.visitVarInsn(ILOAD, value);
        mv.visitLdcInsn(constants.length);
        mv.visitJumpInsn(IF_ICMPGE, bad);
        mv.visitVarInsn(ILOAD, value);
        mv.visitJumpInsn(IFGE, good);
        mv.visitLabel(bad);
        mv.visitVarInsn(ALOAD, rs);
        mv.visitVarInsn(ALOAD, b);
        mv.visitVarInsn(ILOAD, c0);
        loadLayout(mv);
        mv.visitLdcInsn(index);
        mv.visitVarInsn(ILOAD, value);
        mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "ordinalError",
            "(L" + RS + ";[BI" + LAYOUT + "II)Ldev/brine/MalformedInputException;", false);
        mv.visitInsn(ATHROW);
        mv.visitLabel(good);
        g.loadConstant(mv, g.constant(constants, "[Ljava/lang/Object;"));
        mv.visitVarInsn(ILOAD, value);
        mv.visitInsn(AALOAD);
        break;
      }
      default: {
        // fixed boxes: the code must be the width
        Label ok = new Label();
        mv.visitVarInsn(ILOAD, code);
        mv.visitLdcInsn(k.maxCode);
        mv.visitJumpInsn(IF_ICMPEQ, ok);
        mv.visitVarInsn(ALOAD, rs);
        mv.visitVarInsn(ALOAD, b);
        mv.visitVarInsn(ILOAD, c0);
        loadLayout(mv);
        mv.visitLdcInsn(index & ~15);
        mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "controlError",
            "(L" + RS + ";[BI" + LAYOUT + "I)Ldev/brine/MalformedInputException;", false);
        mv.visitInsn(ATHROW);
        mv.visitLabel(ok);
        pushFixedBox(mv, k, f, rs, b, p, c0);
        break;
      }
    }
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(isNull);
    mv.visitInsn(ACONST_NULL);
    mv.visitLabel(done);
    mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
  }

  private void pushFixedBox(MethodVisitor mv, GroupKind k, FieldPlan f, int rs, int b, int p, int c0) {
    switch (k) {
      case FIXED_BOXED_INT: load(mv, b, p, 0, "loadInt32", "I"); box(mv, Integer.class, "I"); break;
      case FIXED_BOXED_LONG: load(mv, b, p, 0, "loadInt64", "J"); box(mv, Long.class, "J"); break;
      case BOXED_BYTE: load(mv, b, p, 0, "loadInt8", "B"); box(mv, Byte.class, "B"); break;
      case BOXED_SHORT: load(mv, b, p, 0, "loadInt16", "S"); box(mv, Short.class, "S"); break;
      case BOXED_CHAR: load(mv, b, p, 0, "loadChar", "C"); box(mv, Character.class, "C"); break;
      case BOXED_FLOAT: load(mv, b, p, 0, "loadFloat32", "F"); box(mv, Float.class, "F"); break;
      case BOXED_DOUBLE: load(mv, b, p, 0, "loadFloat64", "D"); box(mv, Double.class, "D"); break;
      case BOXED_BOOLEAN: loadBoolean(mv, rs, b, p, 0, c0, GroupSupport.name(f)); box(mv, Boolean.class, "Z"); break;
      default: throw new IllegalStateException("not a fixed box: " + k);
    }
  }

  /** Pushes the boolean at {@code b[p + off]}, which must be 0 or 1. */
  private void loadBoolean(MethodVisitor mv, int rs, int b, int p, int off, int c0, String field) {
    Label ok = new Label();
    load(mv, b, p, off, "loadInt8", "B");
    mv.visitInsn(DUP);
    mv.visitLdcInsn(~1);
    mv.visitInsn(IAND);
    mv.visitJumpInsn(IFEQ, ok);
    mv.visitInsn(POP);
    mv.visitVarInsn(ALOAD, rs);
    mv.visitVarInsn(ALOAD, b);
    mv.visitVarInsn(ILOAD, c0);
    loadLayout(mv);
    mv.visitLdcInsn(field);
    load(mv, b, p, off, "loadInt8", "B");
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "booleanError",
        "(L" + RS + ";[BI" + LAYOUT + "Ljava/lang/String;I)Ldev/brine/MalformedInputException;", false);
    mv.visitInsn(ATHROW);
    mv.visitLabel(ok);
  }

  private static void box(MethodVisitor mv, Class<?> box, String prim) {
    String owner = Type.getInternalName(box);
    mv.visitMethodInsn(INVOKESTATIC, owner, "valueOf", "(" + prim + ")L" + owner + ";", false);
  }

  /** Pushes {@code Loads.loadSigned32/64(b, p, code)}. */
  private static void loadSigned(MethodVisitor mv, boolean wide, int b, int p, int code) {
    mv.visitVarInsn(ALOAD, b);
    mv.visitVarInsn(ILOAD, p);
    mv.visitVarInsn(ILOAD, code);
    mv.visitMethodInsn(INVOKESTATIC, LOADS, wide ? "loadSigned64" : "loadSigned32", wide ? "([BII)J" : "([BII)I", false);
  }

  /** Pushes {@code Loads.<name>(b, p + off)}. */
  private static void load(MethodVisitor mv, int b, int p, int off, String name, String desc) {
    mv.visitVarInsn(ALOAD, b);
    mv.visitVarInsn(ILOAD, p);
    if (off != 0) {
      mv.visitLdcInsn(off);
      mv.visitInsn(IADD);
    }
    mv.visitMethodInsn(INVOKESTATIC, LOADS, name, "([BI)" + desc, false);
  }

  /** Emits the reads of the fixed block at {@code p + offset} into {@code sink} (p unchanged). */
  void readFixed(MethodVisitor mv, Sink sink, int rs, int b, int p, int c0) {
    readFixed(mv, sink, rs, b, p, c0, 0, layout.fixed.size());
  }

  /** As {@link #readFixed(MethodVisitor, Sink, int, int, int, int)} for the fixed fields {@code [from, to)}. */
  void readFixed(MethodVisitor mv, Sink sink, int rs, int b, int p, int c0, int from, int to) {
    for (int i = from; i < to; i++) {
      FieldPlan f = layout.fixed.get(i);
      int off = layout.fixedOffsets[i];
      sink.put(mv, f, () -> {
        switch (f.kind) {
          case BOOLEAN: loadBoolean(mv, rs, b, p, off, c0, GroupSupport.name(f)); break;
          case BYTE: load(mv, b, p, off, "loadInt8", "B"); break;
          case SHORT: load(mv, b, p, off, "loadInt16", "S"); break;
          case CHAR: load(mv, b, p, off, "loadChar", "C"); break;
          case INT: load(mv, b, p, off, "loadInt32", "I"); break;
          case LONG: load(mv, b, p, off, "loadInt64", "J"); break;
          case FLOAT: load(mv, b, p, off, "loadFloat32", "F"); break;
          case DOUBLE: load(mv, b, p, off, "loadFloat64", "D"); break;
          default: throw new IllegalStateException("not fixed: " + f.kind);
        }
      });
    }
  }
}
