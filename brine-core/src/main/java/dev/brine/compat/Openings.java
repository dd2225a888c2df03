package dev.brine.compat;

import dev.brine.context.ReadSession;
import dev.brine.context.Roots;
import dev.brine.context.WriteSession;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;

/**
 * Compatible mode's way to write and read the outermost value of a payload ({@link Roots}): a payload
 * whose value is of a local class opens with bytes known in advance — its tag, the reference that opens
 * definition 0 and the class's own definition ({@link #of}) — written as one block, and read as one
 * comparison when a payload opens exactly as the one of the class read at the top last (docs/format.md,
 * "Compatible mode", Reading; journal step 114).
 */
final class Openings implements Roots {
  /**
   * The class whose own definition opened the last payload read here through its tag: a service reads
   * payloads of one class again and again, and {@link #readRoot} compares the next payload's opening
   * with this class's before going through the tag. A hint only: the comparison decides.
   */
  private volatile CompatSerializer lastOpening;

  /**
   * The bytes that open a payload (after its header) whose outermost value is of the class {@code def}
   * defines, written in compatible mode: its tag {@link TypeIds#COMPAT_OBJECT}, the reference that opens
   * definition 0 ({@link CompatContext#NEW_V2}), then the definition's size and body.
   */
  static byte[] of(ClassDef def) {
    dev.brine.io.ByteWriter w = new dev.brine.io.ByteWriter(def.framed.length + 8);
    w.writeVarUInt32(TypeIds.COMPAT_OBJECT);
    w.writeVarUInt32(CompatContext.NEW_V2);
    w.writeBytes(def.framed, 0, def.framed.length);
    return w.toByteArray();
  }

  /** Notes that {@code s}'s own definition opened the outermost value just read through the tag. */
  void openedBy(CompatSerializer s) {
    if (lastOpening != s) {
      lastOpening = s;
    }
  }

  /**
   * Reads a payload's outermost value. When the payload opens with the bytes of {@link #of opening} of the
   * class that opened the last one ({@link #lastOpening}), they are what {@link CompatContext#readDefRef} would read
   * and find to be that class's own definition: the fields are read straight away, with the call's
   * definitions left as {@code readDefRef} would leave them. Any other payload, a stream's value and a
   * payload read with references go through the tag ({@link ReadSession#readObject()}).
   */
  @Override
  public Object readRoot(ReadSession ctx) {
    CompatSerializer s = lastOpening;
    if (s != null && ctx.stringTable() == null && !ctx.trackingReferences()) {
      byte[] o = s.opening();
      int at = ctx.mark();
      if (ctx.remaining() >= o.length && java.util.Arrays.equals(ctx.array(), at, at + o.length, o, 0, o.length)) {
        ctx.skip(o.length);
        CallState.forRead(ctx).opened(s.local());
        ctx.enterNested(); // as the tag's reader: the outermost composite value is one level
        Object v;
        try {
          v = s.checked(s.inner().read(ctx), ctx);
        } catch (ClassCastException e) {
          throw CompatSerializer.mismatch(s.type(), e, ctx);
        }
        ctx.exitNested();
        ClassInfo info = s.info();
        return info.readResolve != null ? info.resolve(v) : v;
      }
    }
    return ctx.readObject();
  }

  /**
   * Writes the outermost value of a payload of a local class's value at once: the class's {@link
   * #of opening} (what {@link CompatContext#writeDefRef} writes for the payload's first definition, after the tag), then
   * its fields, with the call's definitions left as {@code writeDefRef} leaves them. Not for a value
   * with a {@code writeReplace}, with references, or in a stream (whose definitions carry over).
   */
  @Override
  public boolean writeRoot(WriteSession ctx, Object value, ClassInfo info) {
    CompatSerializer s = own(info);
    if (s == null || ctx.trackingReferences() || ctx.stringTable() != null) {
      return false;
    }
    byte[] o = s.opening();
    ctx.writeBytes(o, 0, o.length);
    CallState.forWrite(ctx).opened(s.number());
    if (info.composite) {
      ctx.enterNested();
      s.inner().write(ctx, value);
      ctx.exitNested();
    } else {
      s.inner().write(ctx, value);
    }
    return true;
  }

  /**
   * A local class of numbers alone (its payload flat: no nested class, whose definition reference would
   * change the call's definitions): its opening, then its payload as {@link #writeRoot} writes them.
   */
  @Override
  public FlatOpening flatOpening(ClassInfo info) {
    CompatSerializer s = own(info);
    return s != null && s.inner() instanceof dev.brine.plan.FlatWriter f ? new FlatOpening(s.opening(), f, s) : null;
  }

  /** The compatible serializer of a class whose outermost values open with its own definition, or null. */
  private static CompatSerializer own(ClassInfo info) {
    return info.typeId == TypeIds.COMPAT_OBJECT && info.writeReplace == null && info.serializer instanceof CompatSerializer s
        ? s : null;
  }
}
