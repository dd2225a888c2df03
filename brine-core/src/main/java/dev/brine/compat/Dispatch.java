package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * Reads a value tagged {@code COMPAT_OBJECT} or {@code COMPAT_ENUM}: the class definition that
 * follows names the class; a class this side does not know is skipped (null) inside other values and
 * refused at the top level. Never writes: each class's own serializer does.
 */
final class Dispatch implements Serializer<Object>, PayloadTraits {
  private final CompatContext cx;
  private final boolean enums;

  Dispatch(CompatContext cx, boolean enums) {
    this.cx = cx;
    this.enums = enums;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    throw new BrineException("internal: the compatible-mode tag is written by each class's serializer");
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    ClassDef def = cx.readDefRef(ctx);
    if ((def.kind == ClassDef.ENUM) != enums) {
      throw new dev.brine.MalformedInputException("the definition of " + def.self + " follows a tag for "
          + (enums ? "an enum" : "a class") + " near offset " + ctx.position());
    }
    Object owner = def.owner;
    if (owner != null) { // this side's own definition: its class's serializer
      if (owner instanceof CompatSerializer && !enums) {
        CompatSerializer s = (CompatSerializer) owner;
        Object v = s.readBody(ctx, def);
        ClassInfo info = s.info();
        return info.readResolve != null ? info.resolve(v) : v;
      }
      if (owner instanceof CompatEnumSerializer && enums) {
        return ((CompatEnumSerializer) owner).readBody(ctx, def);
      }
    }
    ClassInfo info = cx.resolve(def.self);
    if (info != null && info.serializer instanceof CompatSerializer && !enums) {
      Object v = ((CompatSerializer) info.serializer).readBody(ctx, def);
      return info.readResolve != null ? info.resolve(v) : v;
    }
    if (info != null && info.serializer instanceof CompatEnumSerializer && enums) {
      return ((CompatEnumSerializer) info.serializer).readBody(ctx, def);
    }
    if (ctx.depth() <= (enums ? 0 : 1)) {
      throw CompatContext.unknown(def);
    }
    if (enums) {
      ctx.readVarUInt32(); // the ordinal
      return null;
    }
    cx.readMapped(ctx, def, null);
    return null;
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }
}
