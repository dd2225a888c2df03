package dev.brine.compat;

import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * A plain class or record in compatible mode: its class definition reference, then its fields in the
 * format-2 layout written by its usual serializer (generated or interpreted). Reading a payload whose
 * definition is this class's own runs that same serializer; any other definition goes through a
 * {@link Mapping}.
 */
final class CompatSerializer implements Serializer<Object>, PayloadTraits {
  private final CompatContext cx;
  private final Class<?> type;
  final ClassDef local;
  private final int number;
  private final Serializer<Object> inner;

  CompatSerializer(CompatContext cx, Class<?> type, ClassDef local, Serializer<Object> inner) {
    this.cx = cx;
    this.type = type;
    this.local = local;
    this.number = cx.number(local);
    this.inner = inner;
    local.owner = this;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    cx.writeDefRef((WriteSession) ctx, local, number);
    inner.write(ctx, value);
  }

  @Override
  public Object read(ReadContext ctx) {
    ReadSession rs = (ReadSession) ctx;
    return readBody(rs, cx.readDefRef(rs));
  }

  /** Reads the fields that follow a definition reference already read. */
  Object readBody(ReadSession ctx, ClassDef def) {
    if (def == local) {
      return inner.read(ctx);
    }
    if (def.kind == ClassDef.ENUM || !cx.names(def, type)) {
      throw new dev.brine.MalformedInputException("a " + def.self + " where a " + type.getName()
          + " was expected, near offset " + ctx.position());
    }
    return cx.readMapped(ctx, def, type);
  }

  private dev.brine.registry.ClassInfo info;

  /** The class's info (for its readResolve hook), looked up once. */
  dev.brine.registry.ClassInfo info() {
    dev.brine.registry.ClassInfo i = info;
    if (i == null) {
      info = i = cx.registry.forDeclared(type);
    }
    return i;
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }

  @Override
  public boolean emptyPayload() {
    return false; // the definition reference takes a byte
  }

  @Override
  public String toString() {
    return "compatible(" + inner + ")";
  }
}
