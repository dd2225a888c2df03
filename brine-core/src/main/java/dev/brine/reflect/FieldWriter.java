package dev.brine.reflect;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.io.Loads;
import dev.brine.io.ByteWriter;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.GroupKind;
import dev.brine.plan.Layout;
import dev.brine.serializer.ReadContext;
import java.lang.reflect.Field;
import java.util.List;

/**
 * The interpreted format-2 codec shared by {@link ObjectSerializer} and {@link RecordSerializer}: a
 * class's {@link Layout} — number group, fixed block, strings, the rest — written and read through
 * {@link FieldAccess} (field handles, or {@link Field} on JDK 17; primitives are never boxed). The generated serializers write the same
 * bytes; this is their fallback and their reference.
 */
final class FieldWriter {
  final ClassPlan plan;
  final Layout layout;
  /** The group's fields, their codings, their enum constants (for ENUM), and their plan indexes. */
  private final FieldAccess[] group;
  private final GroupKind[] kinds;
  private final Object[][] constants;
  private final int[] groupIndex;
  /** The fixed block's fields, kinds, offsets and plan indexes. */
  private final FieldAccess[] fixed;
  private final FieldKind[] fixedKinds;
  private final int[] fixedOffsets;
  private final int[] fixedIndex;
  /** The strings and the other fields (with their plans), and their plan indexes. */
  private final FieldAccess[] strings;
  private final int[] stringIndex;
  private final FieldAccess[] others;
  private final FieldPlan[] otherPlans;
  private final int[] otherIndex;
  /** Every plan field, accessible, in plan order (for the record's canonical constructor). */
  final Field[] fields;

  FieldWriter(ClassPlan plan, boolean compressNumbers) {
    this.plan = plan;
    this.layout = Layout.of(plan, compressNumbers);
    fields = new Field[plan.fields.size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = accessible(plan.fields.get(i).field);
    }
    FieldAccess[] access = FieldAccess.of(fields);
    java.util.IdentityHashMap<FieldPlan, Integer> position = new java.util.IdentityHashMap<>(fields.length * 2);
    for (int i = 0; i < fields.length; i++) {
      position.put(plan.fields.get(i), i); // a field's index in the plan, without a linear search per field
    }
    List<FieldPlan> g = layout.group;
    group = new FieldAccess[g.size()];
    kinds = layout.groupKinds.toArray(new GroupKind[0]);
    constants = new Object[g.size()][];
    groupIndex = new int[g.size()];
    for (int i = 0; i < group.length; i++) {
      groupIndex[i] = position.get(g.get(i));
      group[i] = access[groupIndex[i]];
      if (kinds[i] == GroupKind.ENUM) {
        constants[i] = g.get(i).field.getType().getEnumConstants();
      }
    }
    fixed = new FieldAccess[layout.fixed.size()];
    fixedKinds = new FieldKind[fixed.length];
    fixedOffsets = layout.fixedOffsets.clone();
    fixedIndex = new int[fixed.length];
    for (int i = 0; i < fixed.length; i++) {
      fixedIndex[i] = position.get(layout.fixed.get(i));
      fixed[i] = access[fixedIndex[i]];
      fixedKinds[i] = layout.fixed.get(i).kind;
    }
    strings = new FieldAccess[layout.strings.size()];
    stringIndex = new int[strings.length];
    for (int i = 0; i < strings.length; i++) {
      stringIndex[i] = position.get(layout.strings.get(i));
      strings[i] = access[stringIndex[i]];
    }
    others = new FieldAccess[layout.others.size()];
    otherPlans = layout.others.toArray(new FieldPlan[0]);
    otherIndex = new int[others.length];
    for (int i = 0; i < others.length; i++) {
      otherIndex[i] = position.get(otherPlans[i]);
      others[i] = access[otherIndex[i]];
    }
  }

  static Field accessible(Field f) {
    try {
      f.setAccessible(true);
      return f;
    } catch (RuntimeException e) {
      throw new BrineException("cannot access field " + f.getDeclaringClass().getName() + "." + f.getName()
          + " (" + e.getMessage() + "); open its package to Brine or register a custom serializer", e);
    }
  }

  // ---------------------------------------------------------------- write

  void write(WriteSession ctx, Object obj) {
    try {
      if (group.length + fixed.length > 0) {
        ctx.ensure(layout.writeWindow());
        byte[] b = ctx.array();
        int c0 = ctx.position();
        int p = c0 + layout.controlBytes;
        int code = 0;
        for (int i = 0; i < group.length; i++) {
          int n = store(b, p, i, obj);
          p += n;
          if ((i & 1) == 0) {
            code = n;
          } else {
            b[c0 + (i >> 1)] = (byte) (code | n << 4);
          }
        }
        if ((group.length & 1) != 0) {
          b[c0 + (group.length >> 1)] = (byte) code;
        }
        for (int i = 0; i < fixed.length; i++) {
          storeFixed(b, p + fixedOffsets[i], fixedKinds[i], fixed[i], obj);
        }
        ctx.advanceTo(p + layout.fixedBytes);
      }
      for (FieldAccess f : strings) {
        ctx.writeNullableString((String) f.get(obj));
      }
      for (int i = 0; i < others.length; i++) {
        FieldPlan f = otherPlans[i];
        Object v = others[i].get(obj);
        switch (f.kind) {
          case DECLARED: ctx.writeDeclared(f.declared, v); break;
          case CONTAINER: ctx.writeObject(v, f.element, f.value); break;
          default: ctx.writeObject(v); break;
        }
      }
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot read a field of " + plan.type.getName() + ": " + e.getMessage(), e);
    }
  }

  /** Stores group field {@code i} at {@code p} (its whole width); returns its code (bytes used). */
  private int store(byte[] b, int p, int i, Object obj) throws IllegalAccessException {
    FieldAccess f = group[i];
    switch (kinds[i]) {
      case INT: {
        int v = f.getInt(obj);
        ByteWriter.storeInt32(b, p, v);
        return ByteWriter.sizeOfSigned32(v);
      }
      case LONG: {
        long v = f.getLong(obj);
        ByteWriter.storeInt64(b, p, v);
        return ByteWriter.sizeOfSigned64(v);
      }
      default:
        break;
    }
    Object v = f.get(obj);
    if (v == null) {
      return 0;
    }
    switch (kinds[i]) {
      case BOXED_INT: {
        int x = (Integer) v;
        ByteWriter.storeInt32(b, p, x);
        return ByteWriter.sizeOfSigned32(x);
      }
      case BOXED_LONG: {
        long x = (Long) v;
        ByteWriter.storeInt64(b, p, x);
        return ByteWriter.sizeOfSigned64(x);
      }
      case ENUM: {
        int x = ((Enum<?>) v).ordinal();
        ByteWriter.storeInt32(b, p, x);
        return ByteWriter.sizeOfSigned32(x);
      }
      case FIXED_BOXED_INT: return ByteWriter.storeInt32(b, p, (Integer) v) - p;
      case FIXED_BOXED_LONG: return ByteWriter.storeInt64(b, p, (Long) v) - p;
      case BOXED_BOOLEAN: return ByteWriter.storeBoolean(b, p, (Boolean) v) - p;
      case BOXED_BYTE: return ByteWriter.storeInt8(b, p, (Byte) v) - p;
      case BOXED_SHORT: return ByteWriter.storeInt16(b, p, (Short) v) - p;
      case BOXED_CHAR: return ByteWriter.storeInt16(b, p, (Character) v) - p;
      case BOXED_FLOAT: return ByteWriter.storeFloat32(b, p, (Float) v) - p;
      case BOXED_DOUBLE: return ByteWriter.storeFloat64(b, p, (Double) v) - p;
      default: throw new IllegalStateException("group kind " + kinds[i]);
    }
  }

  private static void storeFixed(byte[] b, int p, FieldKind k, FieldAccess f, Object obj) throws IllegalAccessException {
    switch (k) {
      case BOOLEAN: ByteWriter.storeBoolean(b, p, f.getBoolean(obj)); break;
      case BYTE: ByteWriter.storeInt8(b, p, f.getByte(obj)); break;
      case SHORT: ByteWriter.storeInt16(b, p, f.getShort(obj)); break;
      case CHAR: ByteWriter.storeInt16(b, p, f.getChar(obj)); break;
      case INT: ByteWriter.storeInt32(b, p, f.getInt(obj)); break;
      case LONG: ByteWriter.storeInt64(b, p, f.getLong(obj)); break;
      case FLOAT: ByteWriter.storeFloat32(b, p, f.getFloat(obj)); break;
      case DOUBLE: ByteWriter.storeFloat64(b, p, f.getDouble(obj)); break;
      default: throw new IllegalStateException("not fixed: " + k);
    }
  }

  // ---------------------------------------------------------------- read

  /**
   * Reads every field: into {@code obj}'s fields when {@code args} is null, otherwise into {@code
   * args} by plan index (primitives boxed, for a record's canonical constructor).
   */
  void read(ReadSession ctx, Object obj, Object[] args) {
    try {
      if (group.length + fixed.length > 0) {
        int controlBytes = layout.controlBytes;
        byte[] b = ctx.window(layout.readWindow(), controlBytes, layout.fixedBytes);
        int c0 = ctx.windowStart();
        int p = c0 + controlBytes;
        for (int i = 0; i < group.length; i++) {
          int code = (b[c0 + (i >> 1)] >> ((i & 1) << 2)) & 15;
          if (!kinds[i].valid(code)) {
            throw new MalformedInputException("invalid length code " + code + " for field " + name(group[i])
                + " (" + kinds[i] + ") in the number group at offset " + ctx.offsetOf(ctx.windowIndex(c0)));
          }
          Object v = load(ctx, b, p, code, i, c0);
          set(group[i], groupIndex[i], obj, args, v);
          p += code;
        }
        for (int i = 0; i < fixed.length; i++) {
          Object v = loadFixed(ctx, b, p + fixedOffsets[i], fixedKinds[i], c0);
          set(fixed[i], fixedIndex[i], obj, args, v);
        }
        ctx.windowEnd(p + layout.fixedBytes);
      }
      for (int i = 0; i < strings.length; i++) {
        set(strings[i], stringIndex[i], obj, args, ctx.readNullableString());
      }
      for (int i = 0; i < others.length; i++) {
        FieldPlan f = otherPlans[i];
        Object v;
        switch (f.kind) {
          case DECLARED:
            v = ctx.readDeclared(f.declared);
            if (f.optionalContent != null) {
              v = ((ReadSession) ctx).checkOptional(v, f.optionalContent, name(others[i]));
            }
            break;
          case CONTAINER: v = checked(i, ctx.readObject(f.element, f.value), ctx); break;
          default: v = checked(i, ctx.readObject(), ctx); break;
        }
        set(others[i], otherIndex[i], obj, args, v);
      }
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot set a field of " + plan.type.getName() + ": " + e.getMessage(), e);
    }
  }

  private static void set(FieldAccess f, int index, Object obj, Object[] args, Object v) throws IllegalAccessException {
    if (args != null) {
      args[index] = v;
    } else {
      f.set(obj, v); // a primitive field unboxes
    }
  }

  private Object load(ReadSession ctx, byte[] b, int p, int code, int i, int c0) {
    if (code == 0) {
      return null; // valid() allows 0 only for nullable kinds
    }
    switch (kinds[i]) {
      case INT: case BOXED_INT: return Loads.loadSigned32(b, p, code);
      case LONG: case BOXED_LONG: return Loads.loadSigned64(b, p, code);
      case ENUM: {
        int ordinal = Loads.loadSigned32(b, p, code);
        Object[] cs = constants[i];
        if (ordinal < 0 || ordinal >= cs.length) {
          throw ctx.windowError(b, c0, group.length, layout.fixedBytes, "ordinal " + ordinal + " of field "
              + name(group[i]) + " is not a constant of " + group[i].field.getType().getName() + " (it has " + cs.length + ")");
        }
        return cs[ordinal];
      }
      case FIXED_BOXED_INT: return Loads.loadInt32(b, p);
      case FIXED_BOXED_LONG: return Loads.loadInt64(b, p);
      case BOXED_BOOLEAN: return bool(ctx, b, p, c0, group[i]);
      case BOXED_BYTE: return Loads.loadInt8(b, p);
      case BOXED_SHORT: return Loads.loadInt16(b, p);
      case BOXED_CHAR: return Loads.loadChar(b, p);
      case BOXED_FLOAT: return Loads.loadFloat32(b, p);
      case BOXED_DOUBLE: return Loads.loadFloat64(b, p);
      default: throw new IllegalStateException("group kind " + kinds[i]);
    }
  }

  private Object loadFixed(ReadSession ctx, byte[] b, int p, FieldKind k, int c0) {
    switch (k) {
      case BOOLEAN: return bool(ctx, b, p, c0, null);
      case BYTE: return Loads.loadInt8(b, p);
      case SHORT: return Loads.loadInt16(b, p);
      case CHAR: return Loads.loadChar(b, p);
      case INT: return Loads.loadInt32(b, p);
      case LONG: return Loads.loadInt64(b, p);
      case FLOAT: return Loads.loadFloat32(b, p);
      case DOUBLE: return Loads.loadFloat64(b, p);
      default: throw new IllegalStateException("not fixed: " + k);
    }
  }

  private Boolean bool(ReadSession ctx, byte[] b, int p, int c0, FieldAccess f) {
    int v = b[p];
    if ((v & ~1) != 0) {
      throw ctx.windowError(b, c0, group.length, layout.fixedBytes, "boolean byte " + v
          + (f == null ? "" : " of field " + name(f)) + " is neither 0 nor 1");
    }
    return v != 0;
  }

  private static String name(FieldAccess a) {
    Field f = a.field;
    return f.getDeclaringClass().getName() + "." + f.getName();
  }

  /** Checks that a value read for tail field {@code i} fits its declared type. */
  private Object checked(int i, Object v, ReadContext ctx) {
    Field f = others[i].field;
    if (v != null && !f.getType().isInstance(v)) {
      throw new MalformedInputException("field " + name(others[i]) + " of type " + f.getType().getName()
          + " cannot hold a " + v.getClass().getName() + " (before offset " + ctx.position() + ")");
    }
    return v;
  }
}
