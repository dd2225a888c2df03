package dev.brine.serializer;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.registry.ClassInfo;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;

/**
 * The interpreted serializer of a record: its components in declaration order, written like fields
 * (see {@link ObjectSerializer}), read back through the canonical constructor so its checks run.
 */
public final class RecordSerializer implements Serializer<Object> {
  private final ClassPlan plan;
  private final Field[] fields;
  private final FieldKind[] kinds;
  private final ClassInfo[] declared;
  private final ClassInfo[] elements;
  private final ClassInfo[] values;
  private final MethodHandle canonical;

  /** Creates the serializer for the record {@code plan.type}. */
  public RecordSerializer(ClassPlan plan) {
    this.plan = plan;
    int n = plan.fields.size();
    fields = new Field[n];
    kinds = new FieldKind[n];
    declared = new ClassInfo[n];
    elements = new ClassInfo[n];
    values = new ClassInfo[n];
    Class<?>[] types = new Class<?>[n];
    for (int i = 0; i < n; i++) {
      FieldPlan f = plan.fields.get(i);
      fields[i] = ObjectSerializer.accessible(f.field);
      kinds[i] = f.kind;
      declared[i] = f.declared;
      elements[i] = f.element;
      values[i] = f.value;
      types[i] = f.field.getType();
    }
    RecordComponent[] rc = plan.type.getRecordComponents();
    if (rc.length != n) {
      throw new BrineException("record " + plan.type.getName() + " has " + rc.length + " components but " + n + " fields");
    }
    try {
      Constructor<?> c = plan.type.getDeclaredConstructor(types);
      c.setAccessible(true);
      canonical = MethodHandles.lookup().unreflectConstructor(c).asSpreader(Object[].class, n);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new BrineException("cannot access the canonical constructor of record " + plan.type.getName() + ": " + e, e);
    }
  }

  @Override
  public void write(WriteContext ctx, Object rec) {
    try {
      for (int i = 0; i < fields.length; i++) {
        Field f = fields[i];
        switch (kinds[i]) {
          case BOOLEAN: ctx.writeBoolean(f.getBoolean(rec)); break;
          case BYTE: ctx.writeInt8(f.getByte(rec)); break;
          case SHORT: ctx.writeInt16(f.getShort(rec)); break;
          case CHAR: ctx.writeChar(f.getChar(rec)); break;
          case INT: ctx.writeVarInt32(f.getInt(rec)); break;
          case LONG: ctx.writeVarInt64(f.getLong(rec)); break;
          case FLOAT: ctx.writeFloat32(f.getFloat(rec)); break;
          case DOUBLE: ctx.writeFloat64(f.getDouble(rec)); break;
          case STRING: ctx.writeNullableString((String) f.get(rec)); break;
          case DECLARED: ctx.writeDeclared(declared[i], f.get(rec)); break;
          case CONTAINER: ctx.writeObject(f.get(rec), elements[i], values[i]); break;
          default: ctx.writeObject(f.get(rec)); break;
        }
      }
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot read a component of " + plan.type.getName() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Object read(ReadContext ctx) {
    Object[] args = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      switch (kinds[i]) {
        case BOOLEAN: args[i] = ctx.readBoolean(); break;
        case BYTE: args[i] = ctx.readInt8(); break;
        case SHORT: args[i] = ctx.readInt16(); break;
        case CHAR: args[i] = ctx.readChar(); break;
        case INT: args[i] = ctx.readVarInt32(); break;
        case LONG: args[i] = ctx.readVarInt64(); break;
        case FLOAT: args[i] = ctx.readFloat32(); break;
        case DOUBLE: args[i] = ctx.readFloat64(); break;
        case STRING: args[i] = ctx.readNullableString(); break;
        case DECLARED: args[i] = ctx.readDeclared(declared[i]); break;
        case CONTAINER: args[i] = ObjectSerializer.checked(fields[i], ctx.readObject(elements[i], values[i]), ctx); break;
        default: args[i] = ObjectSerializer.checked(fields[i], ctx.readObject(), ctx); break;
      }
    }
    try {
      return canonical.invoke(args);
    } catch (RuntimeException e) {
      throw new MalformedInputException("the canonical constructor of " + plan.type.getName()
          + " rejected the values read before offset " + ctx.position() + ": " + e, e);
    } catch (Error e) {
      throw e;
    } catch (Throwable t) {
      throw new BrineException("constructing record " + plan.type.getName() + " failed: " + t, t);
    }
  }
}
