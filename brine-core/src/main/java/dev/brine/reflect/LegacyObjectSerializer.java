package dev.brine.reflect;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.Instantiator;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.lang.reflect.Field;

/**
 * A plain class in format 1 (docs/format.md, "Format 1"): its {@link ClassPlan}'s fields one after
 * another in plan order, int and long fields as varints, boxed numbers and enums in declared slots.
 * Kept so that payloads written by earlier versions are still read, and for {@code
 * Brine.Builder.formatVersion(1)}.
 */
public final class LegacyObjectSerializer implements Serializer<Object>, PayloadTraits {
  private final LegacyFields w;
  private final Instantiator instantiator;

  /**
   * Creates the serializer.
   *
   * @throws BrineException if the fields cannot be accessed (a module that does not open its package)
   */
  public LegacyObjectSerializer(ClassPlan plan) {
    this(plan, true);
  }

  /**
   * Creates the serializer; with {@code compressNumbers} false, int and long fields are written
   * fixed-width.
   *
   * @throws BrineException if the fields cannot be accessed (a module that does not open its package)
   */
  public LegacyObjectSerializer(ClassPlan plan, boolean compressNumbers) {
    this.w = new LegacyFields(plan, compressNumbers);
    this.instantiator = Instantiator.of(plan.type);
  }

  /** True for a class without serialized fields. */
  @Override
  public boolean emptyPayload() {
    return plan().fields.isEmpty();
  }

  /** The plan this serializer follows. */
  public ClassPlan plan() {
    return w.plan;
  }

  @Override
  public void write(WriteContext ctx0, Object obj) {
    WriteSession ctx = (WriteSession) ctx0;
    w.write(ctx, obj);
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    Object obj = instantiator.newInstance();
    ctx.reference(obj);
    Field[] fields = w.fields;
    try {
      for (int i = 0; i < fields.length; i++) {
        Field f = fields[i];
        switch (w.kinds[i]) {
          case BOOLEAN: f.setBoolean(obj, ctx.readBoolean()); break;
          case BYTE: f.setByte(obj, ctx.readInt8()); break;
          case SHORT: f.setShort(obj, ctx.readInt16()); break;
          case CHAR: f.setChar(obj, ctx.readChar()); break;
          case INT: f.setInt(obj, w.compressNumbers ? ctx.readVarInt32() : ctx.readInt32()); break;
          case LONG: f.setLong(obj, w.compressNumbers ? ctx.readVarInt64() : ctx.readInt64()); break;
          case FLOAT: f.setFloat(obj, ctx.readFloat32()); break;
          case DOUBLE: f.setDouble(obj, ctx.readFloat64()); break;
          case STRING: f.set(obj, ctx.readNullableString()); break;
          case DECLARED: f.set(obj, ctx.readDeclared(w.declared[i])); break;
          case CONTAINER: f.set(obj, w.checked(i, ctx.readObject(w.elements[i], w.values[i]), ctx)); break;
          default: f.set(obj, w.checked(i, ctx.readObject(), ctx)); break;
        }
      }
    } catch (IllegalAccessException e) {
      throw new BrineException("cannot set a field of " + w.plan.type.getName() + ": " + e.getMessage(), e);
    }
    return obj;
  }
}
