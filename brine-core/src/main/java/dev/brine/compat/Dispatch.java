package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.DefinedClass;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
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
final class Dispatch implements Serializer<Object>, PayloadTraits, DefinedClass {
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
        if (ctx.depth() == 1) {
          cx.openings.openedBy(s); // the outermost value, probably: the next payload may open the same way
        }
        ClassInfo info = s.info();
        if (info.readResolve != null) {
          int frame = ctx.beginResolve();
          return ctx.endResolve(frame, info, s.readBody(ctx, def));
        }
        return s.readBody(ctx, def);
      }
      if (owner instanceof CompatEnumSerializer && enums) {
        return ((CompatEnumSerializer) owner).readBody(ctx, def);
      }
    }
    ClassInfo info = cx.resolve(def.self);
    if (info != null && info.serializer instanceof CompatSerializer && !enums) {
      CompatSerializer s = (CompatSerializer) info.serializer;
      if (info.readResolve != null) {
        int frame = ctx.beginResolve();
        return ctx.endResolve(frame, info, s.readBody(ctx, def));
      }
      return s.readBody(ctx, def);
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

  // ---------------------------------------------------------------- class descriptors (DefinedClass)

  @Override
  public void writeReference(WriteSession ctx) {
    throw new BrineException("internal: the compatible-mode tag is written by each class's serializer");
  }

  /** Reads the definition reference after the tag of an array's component; checks that it is of the tag's kind. */
  private ClassDef readReference(ReadSession ctx, String where) {
    int at = ctx.position();
    ClassDef def = cx.readDefRef(ctx);
    if ((def.kind == ClassDef.ENUM) != enums) {
      throw new MalformedInputException("the definition of " + def.self + " follows a tag for " + (enums ? "an enum" : "a class")
          + " in the class descriptor of " + where + " at offset " + at);
    }
    return def;
  }

  /** This side's info of the class {@code def} names (a compatible class or enum of the same kind), or null. */
  private ClassInfo local(ClassDef def) {
    Object owner = def.owner;
    if (owner instanceof CompatSerializer && !enums) {
      return ((CompatSerializer) owner).info();
    }
    if (owner instanceof CompatEnumSerializer && enums) {
      return ((CompatEnumSerializer) owner).info();
    }
    ClassInfo info = cx.resolve(def.self);
    boolean same = info != null && (enums ? info.serializer instanceof CompatEnumSerializer : info.serializer instanceof CompatSerializer);
    return same ? info : null;
  }

  @Override
  public ClassInfo readArrayClass(ReadSession ctx, int dims) {
    int at = ctx.position();
    ClassDef def = readReference(ctx, "an array");
    ClassInfo info = local(def);
    if (info == null) {
      if (ctx.depth() == 0) {
        throw CompatContext.unknown(def);
      }
      return cx.skippedArray(dims);
    }
    if (dims > 255) {
      throw new MalformedInputException("array of " + dims + " dimensions (at most 255) at offset " + at);
    }
    for (int i = 0; i < dims; i++) {
      info = cx.registry.arrayOf(info, at);
    }
    return info;
  }

  @Override
  public EnumConstants readEnumClass(ReadSession ctx, boolean topLevel) {
    if (!enums) {
      throw new MalformedInputException("the class descriptor of an EnumSet or EnumMap names a class, not an enum, near offset "
          + ctx.position());
    }
    ClassDef def = readReference(ctx, "an EnumSet or EnumMap");
    ClassInfo info = local(def);
    if (info == null && topLevel) {
      throw CompatContext.unknown(def);
    }
    return new Named(def, info, info == null ? null : (CompatEnumSerializer) info.serializer);
  }

  /** An enum named by a definition: the writer's ordinals mapped to this side's constants by name. */
  private record Named(ClassDef def, ClassInfo info, CompatEnumSerializer local) implements EnumConstants {
    @Override
    public Class<?> type() {
      return info == null ? null : info.type;
    }

    @Override
    public Object constant(int ordinal, int at) {
      if (local == null) {
        if (ordinal < 0 || ordinal >= def.constants.length) {
          throw new MalformedInputException("ordinal " + Integer.toUnsignedString(ordinal) + " at offset " + at
              + " is not a constant of " + def.self + " as written (it had " + def.constants.length + ")");
        }
        return null;
      }
      return local.constant(def, ordinal, at);
    }
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }
}
