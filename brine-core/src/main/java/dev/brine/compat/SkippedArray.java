package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.context.ReadSession;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.PayloadTraits;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * Reads through the payload of an array ({@code dims} dimensions) of a compatible class or enum this
 * side does not know, and returns null. The payload is the one {@code ObjectArraySerializer} writes:
 * {@code length:varuint32}, then each element either as a declared slot (slot byte {@code 2} and the
 * element's payload: its definition reference and fields or ordinal, or for {@code dims > 1} an
 * array payload of one dimension less) when the writer's component class was exact, or as a tagged
 * value otherwise. Both read the same for null ({@code 0}) and back-references ({@code 1} + index),
 * and no tagged value of such an array starts with {@code 2} (the tag of {@code Boolean}), so each
 * element says which it is: the reader needs neither the class nor whether it was final.
 */
final class SkippedArray implements Serializer<Object>, PayloadTraits {
  private final CompatContext cx;
  private final int dims;

  SkippedArray(CompatContext cx, int dims) {
    this.cx = cx;
    this.dims = dims;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    throw new BrineException("internal: an array of an unknown class is never written");
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    ctx.reference(null); // a back-reference to it from inside (an element's field) reads null too
    int n = ctx.readLength("array (of a class unknown here) length", 1);
    ClassInfo inner = dims > 1 ? cx.skippedArray(dims - 1) : null;
    for (int i = 0; i < n; i++) {
      int mark = ctx.mark();
      int slot = ctx.readInt8();
      if (slot != TypeIds.SLOT_VALUE) { // null, a back-reference or a tagged value
        ctx.rewind(mark);
        ctx.readObject();
      } else if (inner != null) {
        ctx.rewind(mark);
        ctx.readDeclared(inner);
      } else {
        // the element's own definition says whether it is an enum constant (not tracked) or an object
        ClassDef def = cx.readDefRef(ctx);
        ctx.rewind(mark);
        ctx.readDeclared(def.kind == ClassDef.ENUM ? cx.enumDispatch : cx.objectDispatch);
      }
    }
    return null;
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }

  @Override
  public String toString() {
    return "skipped array of " + dims + " dimension(s)";
  }
}
