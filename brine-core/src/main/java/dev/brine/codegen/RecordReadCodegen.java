package dev.brine.codegen;

import static org.objectweb.asm.Opcodes.*;

import dev.brine.plan.FieldPlan;
import dev.brine.plan.Layout;
import dev.brine.serializer.ReadContext;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The read half of a generated serializer for a record ({@link ReadCodegen} does POJOs): every component
 * decoded into a local, then the canonical constructor, so compact-constructor validation runs. Its
 * pieces (the component locals, the group and fixed block into them, the constructor call) also make a
 * flat record's {@code readFlat} ({@link FlatReadCodegen}).
 */
final class RecordReadCodegen {
  private static final String READ_CONTEXT = Type.getInternalName(ReadContext.class);

  private final SerializerGenerator g;
  private final ReadCodegen reads;

  RecordReadCodegen(SerializerGenerator g, ReadCodegen reads) {
    this.g = g;
    this.reads = reads;
  }

  /**
   * A record's {@code read}: every component decoded into a local (the group and fixed block through
   * one window, the rest one by one), then the canonical constructor. Locals: 1 the session, 2 the
   * array, 3 the position, 4 the control index, 5 the code, 6 a scratch int, 7… the components, then a
   * long: the current control word of the number group.
   */
  void readRecordMethod(ClassWriter cw, String name) {
    MethodVisitor mv = ReadCodegen.beginRead(cw, name, "(L" + READ_CONTEXT + ";)Ljava/lang/Object;");
    int[] locals = componentLocals();
    GroupCodegen.Sink toLocal = toLocals(locals);
    Layout layout = g.layout;
    if (layout.writeWindow() > 0) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitLdcInsn(layout.readWindow());
      mv.visitLdcInsn(layout.controlBytes);
      mv.visitLdcInsn(layout.fixedBytes);
      ReadCodegen.rcall(mv, "window", "(III)[B");
      mv.visitVarInsn(ASTORE, 2);
      mv.visitVarInsn(ALOAD, 1);
      ReadCodegen.rcall(mv, "windowStart", "()I");
      mv.visitVarInsn(ISTORE, 3);
      recordGroupAndFixed(mv, toLocal, locals[g.plan.fields.size()]);
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ILOAD, 3);
      ReadCodegen.rcall(mv, "windowEnd", "(I)V");
    }
    for (FieldPlan f : layout.strings) {
      toLocal.put(mv, f, () -> reads.readValue(mv, f, 1));
    }
    for (FieldPlan f : layout.others) {
      toLocal.put(mv, f, () -> reads.readValue(mv, f, 1));
    }
    construct(mv, locals);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * A record's number group and fixed block into the component locals ({@code toLocal}), from the array
   * in local 2 at the index in local 3 (session in local 1): the control index into local 4, the codes
   * checked, then the values; local 3 ends after the fixed block. {@code word} is the local of the
   * group's control word.
   */
  void recordGroupAndFixed(MethodVisitor mv, GroupCodegen.Sink toLocal, int word) {
    Layout layout = g.layout;
    mv.visitVarInsn(ILOAD, 3);
    mv.visitVarInsn(ISTORE, 4);
    g.groups.checkControl(mv, 1, 2, 4, 5);
    if (layout.controlBytes != 0) {
      mv.visitIincInsn(3, layout.controlBytes);
    }
    for (int from = 0; from < layout.group.size(); from += GroupCodegen.GROUP_CHUNK) {
      int to = Math.min(layout.group.size(), from + GroupCodegen.GROUP_CHUNK);
      g.groups.readGroup(mv, from, to, toLocal, 1, 2, 3, 4, 5, 6, word);
    }
    g.groups.readFixed(mv, toLocal, 1, 2, 3, 4);
    if (layout.fixedBytes != 0) {
      mv.visitIincInsn(3, layout.fixedBytes);
    }
  }

  /**
   * The local of each record component, in declaration order, from local 7 (long and double take two),
   * then the first local after them.
   */
  int[] componentLocals() {
    List<FieldPlan> fields = g.plan.fields;
    int[] locals = new int[fields.size() + 1];
    locals[0] = 7;
    for (int i = 0; i < fields.size(); i++) {
      Class<?> t = fields.get(i).field.getType();
      locals[i + 1] = locals[i] + (t == long.class || t == double.class ? 2 : 1);
    }
    return locals;
  }

  /** A sink that stores each value into its component's local. */
  GroupCodegen.Sink toLocals(int[] locals) {
    List<FieldPlan> fields = g.plan.fields;
    return (m, f, push) -> {
      push.run();
      m.visitVarInsn(Type.getType(f.field.getType()).getOpcode(ISTORE), locals[fields.indexOf(f)]);
    };
  }

  /** Pushes the record made by its canonical constructor from the component locals (each cast to its type). */
  void construct(MethodVisitor mv, int[] locals) {
    List<FieldPlan> fields = g.plan.fields;
    StringBuilder desc = new StringBuilder("(");
    mv.visitTypeInsn(NEW, Type.getInternalName(g.type));
    mv.visitInsn(DUP);
    for (int i = 0; i < fields.size(); i++) {
      Class<?> t = fields.get(i).field.getType();
      mv.visitVarInsn(Type.getType(t).getOpcode(ILOAD), locals[i]);
      if (!t.isPrimitive()) {
        mv.visitTypeInsn(CHECKCAST, Type.getInternalName(t));
      }
      desc.append(Type.getDescriptor(t));
    }
    desc.append(")V");
    mv.visitMethodInsn(INVOKESPECIAL, Type.getInternalName(g.type), "<init>", desc.toString(), false);
  }
}
