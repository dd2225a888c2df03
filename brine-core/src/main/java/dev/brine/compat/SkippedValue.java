package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * Reads through the payload of a compatible class or enum this side does not know where it stands as
 * a container's declared element, key or value (the writer's class was final): its definition
 * reference, then its fields or its ordinal; returns null. Only with references off: with them on, a
 * class's elements carry reference ids and an enum's do not, which the reader cannot tell apart
 * before it has read the definition.
 */
final class SkippedValue implements Serializer<Object>, PayloadTraits {
  private final CompatContext cx;

  SkippedValue(CompatContext cx) {
    this.cx = cx;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    throw new BrineException("internal: a value of an unknown class is never written");
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    ClassDef def = cx.readDefRef(ctx);
    if (def.kind == ClassDef.ENUM) {
      ctx.readVarUInt32(); // the ordinal
    } else {
      cx.readMapped(ctx, def, null);
    }
    return null;
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }

  @Override
  public String toString() {
    return "skipped value of a class unknown here";
  }
}
