package dev.brine.reflect;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.Planned;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;

/**
 * The interpreted serializer of a record: its components in the format-2 layout, like a class's
 * fields (see {@link ObjectSerializer}), read back through the canonical constructor so its checks
 * run.
 */
public final class RecordSerializer implements Serializer<Object>, PayloadTraits, Planned {
  private final FieldWriter w;
  private final MethodHandle canonical;

  /** Creates the serializer for the record {@code plan.type}, numbers compressed. */
  public RecordSerializer(ClassPlan plan) {
    this(plan, true);
  }

  /** Creates the serializer; with {@code compressNumbers} false, int and long components are fixed-width. */
  public RecordSerializer(ClassPlan plan, boolean compressNumbers) {
    this.w = new FieldWriter(plan, compressNumbers);
    this.canonical = canonical(plan);
  }

  /** The record's canonical constructor, spread over an {@code Object[]} in component order. */
  static MethodHandle canonical(ClassPlan plan) {
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
      return MethodHandles.lookup().unreflectConstructor(c).asSpreader(Object[].class, n);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new BrineException("cannot access the canonical constructor of record " + plan.type.getName() + ": " + e, e);
    }
  }

  /** Calls the canonical constructor; a rejection is a MalformedInputException naming the record. */
  static Object construct(MethodHandle canonical, ClassPlan plan, Object[] args, ReadContext ctx) {
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
  public void write(WriteContext ctx, Object rec) {
    w.write((WriteSession) ctx, rec);
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    Object[] args = new Object[w.fields.length];
    w.read(ctx, null, args);
    return construct(canonical, w.plan, args, ctx);
  }
}
