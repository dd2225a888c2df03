package dev.brine.reflect;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.context.WriteSession;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.registry.ClassInfo;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.WriteContext;
import java.lang.reflect.Field;

/**
 * The format-1 write side shared by {@link LegacyObjectSerializer} and {@link LegacyRecordSerializer}: a
 * plan's fields as parallel arrays, written one after another through {@link Field}'s primitive
 * accessors (nothing boxed).
 */
final class LegacyFields {
  final ClassPlan plan;
  final Field[] fields;
  final FieldKind[] kinds;
  final ClassInfo[] declared;
  final ClassInfo[] elements;
  final ClassInfo[] values;

  /** Whether int and long fields are varints (else fixed-width). */
  final boolean compressNumbers;

  LegacyFields(ClassPlan plan, boolean compressNumbers) {
    this.plan = plan;
    this.compressNumbers = compressNumbers;
    int n = plan.fields.size();
    fields = new Field[n];
    kinds = new FieldKind[n];
    declared = new ClassInfo[n];
    elements = new ClassInfo[n];
    values = new ClassInfo[n];
    for (int i = 0; i < n; i++) {
      FieldPlan f = plan.fields.get(i);
      fields[i] = accessible(f.field);
      kinds[i] = f.kind;
      declared[i] = f.declared;
      elements[i] = f.element;
      values[i] = f.value;
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

  void write(WriteContext ctx0, Object obj) {
    WriteSession ctx = (WriteSession) ctx0;
    try {
      for (int i = 0; i < fields.length; i++) {
        Field f = fields[i];
        switch (kinds[i]) {
          case BOOLEAN: ctx.writeBoolean(f.getBoolean(obj)); break;
          case BYTE: ctx.writeInt8(f.getByte(obj)); break;
          case SHORT: ctx.writeInt16(f.getShort(obj)); break;
          case CHAR: ctx.writeChar(f.getChar(obj)); break;
          case INT:
            if (compressNumbers) {
              ctx.writeVarInt32(f.getInt(obj));
            } else {
              ctx.writeInt32(f.getInt(obj));
            }
            break;
          case LONG:
            if (compressNumbers) {
              ctx.writeVarInt64(f.getLong(obj));
            } else {
              ctx.writeInt64(f.getLong(obj));
            }
            break;
          case FLOAT: ctx.writeFloat32(f.getFloat(obj)); break;
          case DOUBLE: ctx.writeFloat64(f.getDouble(obj)); break;
          case STRING: ctx.writeNullableString((String) f.get(obj)); break;
          case DECLARED: ctx.writeDeclared(declared[i], f.get(obj)); break;
          case CONTAINER: ctx.writeObject(f.get(obj), elements[i], values[i]); break;
          default: ctx.writeObject(f.get(obj)); break;
        }
      }
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot read a field of " + plan.type.getName() + ": " + e.getMessage(), e);
    }
  }

  /** Checks that a value read for field {@code i} fits its declared type. */
  Object checked(int i, Object v, ReadContext ctx) {
    Field f = fields[i];
    if (v != null && !f.getType().isInstance(v)) {
      throw new dev.brine.MalformedInputException("field " + f.getDeclaringClass().getName() + "." + f.getName()
          + " of type " + f.getType().getName() + " cannot hold a " + v.getClass().getName()
          + " (before offset " + ctx.position() + ")");
    }
    return v;
  }
}
