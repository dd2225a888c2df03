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
 * An enum in compatible mode: its class definition reference (the constants' names in the writer's
 * order), then the ordinal as a {@code varuint32}. A reader maps the writer's ordinal to its own
 * constant by name; an unknown constant is an error, or null with {@code unknownEnumAsNull(true)}.
 */
final class CompatEnumSerializer implements Serializer<Object>, PayloadTraits, DefinedClass {
  private final CompatContext cx;
  private final Class<?> type;
  final ClassDef local;
  private final int number;
  private final Object[] constants;
  private volatile ClassInfo info;

  CompatEnumSerializer(CompatContext cx, Class<?> type, ClassDef local) {
    this.cx = cx;
    this.type = type;
    this.local = local;
    this.number = cx.number(local);
    this.constants = type.getEnumConstants();
    local.owner = this;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    cx.writeDefRef((WriteSession) ctx, local, number);
    ctx.writeVarUInt32(((Enum<?>) value).ordinal());
  }

  @Override
  public Object read(ReadContext ctx) {
    ReadSession rs = (ReadSession) ctx;
    return readBody(rs, cx.readDefRef(rs));
  }

  Object readBody(ReadSession ctx, ClassDef def) {
    int at = ctx.position();
    int ordinal = ctx.readVarUInt32();
    if (def == local) {
      if (ordinal < 0 || ordinal >= constants.length) {
        throw new MalformedInputException("ordinal " + Integer.toUnsignedString(ordinal) + " at offset " + at
            + " is not a constant of " + type.getName());
      }
      return constants[ordinal];
    }
    if (def.kind != ClassDef.ENUM || !cx.names(def, type)) {
      throw new MalformedInputException("a " + def.self + " where enum " + type.getName() + " was expected, at offset " + at);
    }
    return constant(def, ordinal, at);
  }

  /**
   * This enum's constant for ordinal {@code ordinal} of {@code def} (this enum as written, possibly by
   * another version), read at offset {@code at}: matched by name; a constant this side does not have
   * is an error, or null with {@code unknownEnumAsNull(true)}.
   */
  Object constant(ClassDef def, int ordinal, int at) {
    if (def == local && ordinal >= 0 && ordinal < constants.length) {
      return constants[ordinal];
    }
    if (ordinal < 0 || ordinal >= def.constants.length) {
      throw new MalformedInputException("ordinal " + Integer.toUnsignedString(ordinal) + " at offset " + at
          + " is not a constant of " + def.self + " as written (it had " + def.constants.length + ")");
    }
    Object[] map = table(def);
    Object c = map[ordinal];
    if (c == null && !cx.settings.unknownEnumAsNull()) {
      throw new BrineException("compatible mode: enum constant " + def.constants[ordinal] + " of " + type.getName()
          + " is unknown here (Brine.Builder.unknownEnumAsNull(true) reads it as null)");
    }
    return c;
  }

  /** The enum's info, looked up once. */
  ClassInfo info() {
    ClassInfo i = info;
    if (i == null) {
      info = i = cx.registry.forDeclared(type);
    }
    return i;
  }

  @Override
  public void writeReference(WriteSession ctx) {
    cx.writeDefRef(ctx, local, number);
  }

  @Override
  public ClassInfo readArrayClass(ReadSession ctx, int dims) {
    return ((DefinedClass) cx.enumDispatch.serializer).readArrayClass(ctx, dims);
  }

  @Override
  public EnumConstants readEnumClass(ReadSession ctx, boolean topLevel) {
    return ((DefinedClass) cx.enumDispatch.serializer).readEnumClass(ctx, topLevel);
  }

  /** Remote ordinal to local constant for one definition and this enum, cached in the definition. */
  private record Table(Class<?> type, Object[] map) {}

  private Object[] table(ClassDef def) {
    Object m = def.mapping;
    if (m instanceof Table && ((Table) m).type() == type) {
      return ((Table) m).map();
    }
    Object[] map = new Object[def.constants.length];
    for (int k = 0; k < map.length; k++) {
      for (Object c : constants) {
        if (((Enum<?>) c).name().equals(def.constants[k])) {
          map[k] = c;
        }
      }
    }
    def.mapping = new Table(type, map);
    return map;
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }

  @Override
  public String toString() {
    return "compatible(enum " + type.getName() + ")";
  }
}
