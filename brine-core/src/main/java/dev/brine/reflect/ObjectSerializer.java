package dev.brine.reflect;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.Planned;
import dev.brine.plan.Instantiator;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * The interpreted serializer of a plain class: its fields in the format-2 {@link
 * dev.brine.plan.Layout} (docs/format.md, "Objects"), through reflection. The ASM code generator
 * produces the same bytes faster; this is its fallback.
 */
public final class ObjectSerializer implements Serializer<Object>, PayloadTraits, Planned {
  private final FieldWriter w;
  private final Instantiator instantiator;

  /**
   * Creates the serializer, numbers compressed.
   *
   * @throws BrineException if the fields cannot be accessed (a module that does not open its package)
   */
  public ObjectSerializer(ClassPlan plan) {
    this(plan, true);
  }

  /**
   * Creates the serializer; with {@code compressNumbers} false, int and long fields are written
   * fixed-width.
   *
   * @throws BrineException if the fields cannot be accessed (a module that does not open its package)
   */
  public ObjectSerializer(ClassPlan plan, boolean compressNumbers) {
    this.w = new FieldWriter(plan, compressNumbers);
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
  public void write(WriteContext ctx, Object obj) {
    w.write((WriteSession) ctx, obj);
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    Object obj = instantiator.newInstance();
    ctx.reference(obj);
    w.read(ctx, obj, null);
    return obj;
  }
}
