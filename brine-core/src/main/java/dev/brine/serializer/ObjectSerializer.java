package dev.brine.serializer;

import dev.brine.BrineException;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldPlan;
import dev.brine.plan.Instantiator;
import dev.brine.registry.ClassInfo;
import java.lang.reflect.Field;

/**
 * The interpreted serializer of a plain class: its {@link ClassPlan}'s fields one after another, with
 * no names, tags or lengths in between (see docs/format.md). Primitive fields are read and written
 * through {@link Field}'s primitive accessors, so nothing is boxed. The ASM code generator produces
 * the same bytes faster; this is its fallback.
 */
public final class ObjectSerializer implements Serializer<Object> {
  private final ClassPlan plan;
  private final Field[] fields;
  private final FieldKind[] kinds;
  private final ClassInfo[] declared;
  private final ClassInfo[] elements;
  private final ClassInfo[] values;
  private final Instantiator instantiator;

  /**
   * Creates the serializer.
   *
   * @throws BrineException if the fields cannot be accessed (a module that does not open its package)
   */
  public ObjectSerializer(ClassPlan plan) {
    this.plan = plan;
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
    this.instantiator = Instantiator.of(plan.type);
  }

  /** The plan this serializer follows. */
  public ClassPlan plan() {
    return plan;
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

  @Override
  public void write(WriteContext ctx, Object obj) {
    try {
      for (int i = 0; i < fields.length; i++) {
        Field f = fields[i];
        switch (kinds[i]) {
          case BOOLEAN: ctx.writeBoolean(f.getBoolean(obj)); break;
          case BYTE: ctx.writeInt8(f.getByte(obj)); break;
          case SHORT: ctx.writeInt16(f.getShort(obj)); break;
          case CHAR: ctx.writeChar(f.getChar(obj)); break;
          case INT: ctx.writeVarInt32(f.getInt(obj)); break;
          case LONG: ctx.writeVarInt64(f.getLong(obj)); break;
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

  @Override
  public Object read(ReadContext ctx) {
    Object obj = instantiator.newInstance();
    ctx.reference(obj);
    try {
      for (int i = 0; i < fields.length; i++) {
        Field f = fields[i];
        switch (kinds[i]) {
          case BOOLEAN: f.setBoolean(obj, ctx.readBoolean()); break;
          case BYTE: f.setByte(obj, ctx.readInt8()); break;
          case SHORT: f.setShort(obj, ctx.readInt16()); break;
          case CHAR: f.setChar(obj, ctx.readChar()); break;
          case INT: f.setInt(obj, ctx.readVarInt32()); break;
          case LONG: f.setLong(obj, ctx.readVarInt64()); break;
          case FLOAT: f.setFloat(obj, ctx.readFloat32()); break;
          case DOUBLE: f.setDouble(obj, ctx.readFloat64()); break;
          case STRING: f.set(obj, ctx.readNullableString()); break;
          case DECLARED: f.set(obj, ctx.readDeclared(declared[i])); break;
          case CONTAINER: f.set(obj, checked(f, ctx.readObject(elements[i], values[i]), ctx)); break;
          default: f.set(obj, checked(f, ctx.readObject(), ctx)); break;
        }
      }
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot set a field of " + plan.type.getName() + ": " + e.getMessage(), e);
    }
    return obj;
  }

  static Object checked(Field f, Object v, ReadContext ctx) {
    if (v != null && !f.getType().isInstance(v)) {
      throw new dev.brine.MalformedInputException("field " + f.getDeclaringClass().getSimpleName() + "." + f.getName()
          + " of type " + f.getType().getName() + " cannot hold a " + v.getClass().getName()
          + " (before offset " + ctx.position() + ")");
    }
    return v;
  }
}
