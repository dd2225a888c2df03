package dev.brine.reflect;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.plan.ClassPlan;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;

/**
 * A record in format 1: its components in declaration order, written like fields (see {@link
 * LegacyObjectSerializer}), read back through the canonical constructor so its checks run.
 */
public final class LegacyRecordSerializer implements Serializer<Object>, PayloadTraits {
  private final LegacyFields w;
  private final MethodHandle canonical;

  /** Creates the serializer for the record {@code plan.type}. */
  public LegacyRecordSerializer(ClassPlan plan) {
    this(plan, true);
  }

  /** Creates the serializer; with {@code compressNumbers} false, int and long components are fixed-width. */
  public LegacyRecordSerializer(ClassPlan plan, boolean compressNumbers) {
    this.w = new LegacyFields(plan, compressNumbers);
    int n = plan.fields.size();
    Class<?>[] types = new Class<?>[n];
    for (int i = 0; i < n; i++) {
      types[i] = plan.fields.get(i).field.getType();
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
  public void write(WriteContext ctx0, Object rec) {
    WriteSession ctx = (WriteSession) ctx0;
    w.write(ctx, rec);
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    Object[] args = new Object[w.fields.length];
    for (int i = 0; i < args.length; i++) {
      switch (w.kinds[i]) {
        case BOOLEAN: args[i] = ctx.readBoolean(); break;
        case BYTE: args[i] = ctx.readInt8(); break;
        case SHORT: args[i] = ctx.readInt16(); break;
        case CHAR: args[i] = ctx.readChar(); break;
        case INT: args[i] = w.compressNumbers ? ctx.readVarInt32() : ctx.readInt32(); break;
        case LONG: args[i] = w.compressNumbers ? ctx.readVarInt64() : ctx.readInt64(); break;
        case FLOAT: args[i] = ctx.readFloat32(); break;
        case DOUBLE: args[i] = ctx.readFloat64(); break;
        case STRING: args[i] = ctx.readNullableString(); break;
        case DECLARED: args[i] = ctx.readDeclared(w.declared[i]); break;
        case CONTAINER: args[i] = w.checked(i, ctx.readObject(w.elements[i], w.values[i]), ctx); break;
        default: args[i] = w.checked(i, ctx.readObject(), ctx); break;
      }
    }
    try {
      return canonical.invoke(args);
    } catch (RuntimeException e) {
      throw new MalformedInputException("the canonical constructor of " + w.plan.type.getName()
          + " rejected the values read before offset " + ctx.position() + ": " + e, e);
    } catch (Error e) {
      throw e;
    } catch (Throwable t) {
      throw new BrineException("constructing record " + w.plan.type.getName() + " failed: " + t, t);
    }
  }
}
