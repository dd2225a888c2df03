package dev.brine.codegen;

import static dev.brine.codegen.ReadCodegen.rcall;
import static org.objectweb.asm.Opcodes.*;

import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.FlatReader;
import dev.brine.plan.Layout;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Emits the {@link FlatReader} half of a flat class's generated serializer: {@code readFlat(ctx, b, p)}
 * reads its payload from a window the caller holds, with the position in a local — the number group
 * and fixed block (the chunk methods of {@link ReadCodegen} for a POJO, the same code inline for a
 * record), then each flat field's slot byte and, for a value, the field class's {@code readFlat} — and
 * leaves its end in the session. A flat class with flat fields ({@code Trade} with two {@code Price}s)
 * also gets a {@code read} that, without reference tracking and with room for its deepest field under
 * the depth limit, opens one window for the whole payload ({@code ReadSession.flatWindow}) and calls {@code readFlat};
 * with references it calls the general read ({@link #TRACKED}), whose fields may be back-references.
 */
final class FlatReadCodegen {
  /** The name of the general read of a class whose {@code read} is this class's. */
  static final String TRACKED = "readTracked";

  private static final String RS = Type.getInternalName(ReadSession.class);
  private static final String FLAT = Type.getInternalName(FlatReader.class);
  private static final String READ_FLAT = "(L" + Type.getInternalName(ReadContext.class) + ";[BI)Ljava/lang/Object;";
  private static final String READ = "(L" + Type.getInternalName(ReadContext.class) + ";)Ljava/lang/Object;";

  private final SerializerGenerator g;
  private final ReadCodegen reads;

  FlatReadCodegen(SerializerGenerator g, ReadCodegen reads) {
    this.g = g;
    this.reads = reads;
  }

  /** {@code flatReadWindow}, {@code readFlat} and, when {@code ownRead}, {@code read}. */
  void methods(ClassWriter cw, boolean ownRead) {
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "flatReadWindow", "()I", null, null);
    mv.visitCode();
    mv.visitLdcInsn(g.flatReadWindow);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    if (g.plan.record) {
      readFlatRecord(cw);
    } else {
      readFlatObject(cw);
    }
    if (ownRead) {
      read(cw);
    }
  }

  /** {@code read(ctx)}: one window for the whole payload unless references are tracked or the depth limit is near. */
  private void read(ClassWriter cw) {
    Layout layout = g.layout;
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "read", READ, null, null);
    mv.visitCode();
    Label general = new Label();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitTypeInsn(CHECKCAST, RS);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ASTORE, 1);
    rcall(mv, "trackingReferences", "()Z");
    mv.visitJumpInsn(IFNE, general);
    // this value's level is counted by the caller, its fields' levels here: if the deepest might pass the
    // limit, the general read counts the levels the values really take
    mv.visitVarInsn(ALOAD, 1);
    mv.visitLdcInsn(g.flatDepth - 1);
    rcall(mv, "fitsNested", "(I)Z");
    mv.visitJumpInsn(IFEQ, general);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitLdcInsn(g.flatReadWindow);
    mv.visitLdcInsn(layout.controlBytes);
    rcall(mv, "flatWindow", "(II)[B");
    mv.visitVarInsn(ASTORE, 2);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitVarInsn(ALOAD, 1);
    rcall(mv, "windowStart", "()I");
    mv.visitMethodInsn(INVOKEVIRTUAL, g.self, "readFlat", READ_FLAT, false);
    mv.visitVarInsn(ASTORE, 3);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 1);
    rcall(mv, "flatEnd", "()I");
    rcall(mv, "windowEnd", "(I)V");
    mv.visitVarInsn(ALOAD, 3);
    mv.visitInsn(ARETURN);
    mv.visitLabel(general);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, g.self, TRACKED, READ, false);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * {@code readFlat} of a POJO. Locals: 1 the session, 2 the array, 3 the position, 4 the object, 5 the
   * control index, 6–7 the control check's scratch, 8 a flat field's value.
   */
  private void readFlatObject(ClassWriter cw) {
    Layout layout = g.layout;
    String owner = Type.getInternalName(g.type);
    MethodVisitor mv = ReadCodegen.beginRead(cw, "readFlat", READ_FLAT);
    reads.newInstance(mv);
    mv.visitVarInsn(ASTORE, 4);
    mv.visitVarInsn(ILOAD, 3);
    mv.visitVarInsn(ISTORE, 5);
    g.groups.checkControl(mv, 1, 2, 5, 6);
    if (layout.controlBytes != 0) {
      mv.visitIincInsn(3, layout.controlBytes);
    }
    // the chunk methods ReadCodegen emitted for read: rg<k> returns the position, rf<k> reads at it
    String groupDesc = "(L" + RS + ";[BIIL" + owner + ";)I";
    String fixedDesc = "(L" + RS + ";[BIIL" + owner + ";)V";
    int groupChunks = (layout.group.size() + GroupCodegen.GROUP_CHUNK - 1) / GroupCodegen.GROUP_CHUNK;
    for (int k = 0; k < groupChunks; k++) {
      chunkArgs(mv);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "rg" + k, groupDesc, false);
      mv.visitVarInsn(ISTORE, 3);
    }
    for (int k = 0; k < GroupCodegen.fixedChunks(layout.fixed.size()); k++) {
      chunkArgs(mv);
      mv.visitMethodInsn(INVOKESTATIC, g.self, "rf" + k, fixedDesc, false);
    }
    if (layout.fixedBytes != 0) {
      mv.visitIincInsn(3, layout.fixedBytes);
    }
    List<FieldPlan> others = layout.others;
    for (int i = 0; i < others.size(); i++) {
      flatField(mv, (FlatReader) g.flatFields.get(i), 8);
      FieldPlan f = others.get(i);
      reads.readField(mv, f, () -> {
        mv.visitVarInsn(ALOAD, 8);
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(f.field.getType()));
      }, 4);
    }
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ILOAD, 3);
    rcall(mv, "flatEnd", "(I)V");
    mv.visitVarInsn(ALOAD, 4);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static void chunkArgs(MethodVisitor mv) {
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitVarInsn(ILOAD, 3);
    mv.visitVarInsn(ILOAD, 5);
    mv.visitVarInsn(ALOAD, 4);
  }

  /**
   * {@code readFlat} of a record: every component into a local, then the canonical constructor (as
   * {@link RecordReadCodegen#readRecordMethod}). Locals: 1 the session, 2 the array, 3 the position, 4 the
   * control index, 5 the code, 6 a scratch int, 7… the components, then the control word.
   */
  private void readFlatRecord(ClassWriter cw) {
    Layout layout = g.layout;
    MethodVisitor mv = ReadCodegen.beginRead(cw, "readFlat", READ_FLAT);
    List<FieldPlan> fields = g.plan.fields;
    RecordReadCodegen records = new RecordReadCodegen(g, reads);
    int[] locals = records.componentLocals();
    GroupCodegen.Sink toLocal = records.toLocals(locals);
    records.recordGroupAndFixed(mv, toLocal, locals[fields.size()]);
    for (int i = 0; i < layout.others.size(); i++) {
      flatField(mv, (FlatReader) g.flatFields.get(i), locals[fields.indexOf(layout.others.get(i))]);
    }
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ILOAD, 3);
    rcall(mv, "flatEnd", "(I)V");
    records.construct(mv, locals);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * A flat field at the position in local 3 of the array in local 2 (session in local 1): its slot
   * byte, then null (slot 0) or the value {@code reader} reads after it (slot 2) into local {@code
   * value}, the position advanced; any other slot byte is an error ({@code ReadSession.flatSlotError}:
   * truncated input past the end, else malformed).
   */
  private void flatField(MethodVisitor mv, FlatReader reader, int value) {
    Label notValue = new Label();
    Label bad = new Label();
    Label done = new Label();
    mv.visitVarInsn(ALOAD, 2);
    mv.visitVarInsn(ILOAD, 3);
    mv.visitInsn(BALOAD);
    mv.visitInsn(DUP);
    mv.visitLdcInsn(TypeIds.SLOT_VALUE);
    mv.visitJumpInsn(IF_ICMPNE, notValue);
    mv.visitInsn(POP);
    g.loadConstant(mv, g.constant(reader, "L" + FLAT + ";"));
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitVarInsn(ILOAD, 3);
    mv.visitInsn(ICONST_1);
    mv.visitInsn(IADD);
    mv.visitMethodInsn(INVOKEINTERFACE, FLAT, "readFlat", READ_FLAT, true);
    mv.visitVarInsn(ASTORE, value);
    mv.visitVarInsn(ALOAD, 1);
    rcall(mv, "flatEnd", "()I");
    mv.visitVarInsn(ISTORE, 3);
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(notValue);
    mv.visitJumpInsn(IFNE, bad); // TypeIds.SLOT_NULL is 0
    mv.visitInsn(ACONST_NULL);
    mv.visitVarInsn(ASTORE, value);
    mv.visitIincInsn(3, 1);
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(bad);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitVarInsn(ILOAD, 3);
    rcall(mv, "flatSlotError", "([BI)" + Type.getDescriptor(MalformedInputException.class));
    mv.visitInsn(ATHROW);
    mv.visitLabel(done);
  }
}
