package dev.brine.compat;

import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.lang.reflect.Array;

/**
 * An array of a compatible class or enum (or of arrays of one) in compatible mode: written as {@code
 * ObjectArraySerializer} writes it — {@code length}, then declared slots when the component is exact here
 * (final, a record, an enum), tagged values otherwise — and read whichever the writer chose, element by
 * element: a class may have been made final, or no longer final, between writer and reader. A slot byte
 * {@code 2} is followed by the element's payload; {@code 0} and {@code 1} read the same as tags (null, a
 * back-reference); anything else is a tag (no tag of such an element is {@code 2}, {@code Boolean}'s).
 */
final class CompatArraySerializer implements Serializer<Object[]> {
  private final Class<?> component;
  private final Serializer<Object[]> writer;
  private final ClassInfo[] element = new ClassInfo[1];
  private final dev.brine.registry.TypeRegistry registry;

  CompatArraySerializer(Class<?> component, Serializer<Object[]> writer, dev.brine.registry.TypeRegistry registry) {
    this.component = component;
    this.writer = writer;
    this.registry = registry;
  }

  @Override
  public void write(WriteContext ctx, Object[] value) {
    writer.write(ctx, value);
  }

  @Override
  public Object[] read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    int n = ctx.readLength(component.getName() + "[] length", 1);
    Object[] a = (Object[]) Array.newInstance(component, n);
    ctx.reference(a);
    ClassInfo declared = element[0];
    if (declared == null) {
      element[0] = declared = registry.forDeclared(component);
    }
    for (int i = 0; i < n; i++) {
      int mark = ctx.mark();
      int slot = ctx.readInt8();
      ctx.rewind(mark);
      Object o = slot == TypeIds.SLOT_VALUE ? ctx.readDeclared(declared) : ctx.readObject();
      if (o != null && !component.isInstance(o)) {
        throw new MalformedInputException("element " + i + " of a " + component.getName() + "[] is a "
            + o.getClass().getName() + " (offset " + ctx.position() + ")");
      }
      a[i] = o;
    }
    return a;
  }

  @Override
  public String toString() {
    return "compatible(" + component.getName() + "[])";
  }
}
