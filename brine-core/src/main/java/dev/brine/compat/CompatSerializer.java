package dev.brine.compat;

import dev.brine.context.DefinedClass;
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
 *
 * <p>A record because the JIT trusts a record's final fields as constants: generated code holds the
 * serializer of a nested class in a {@code static final}, so {@link #inner} folds to the class's own
 * serializer and its call is inlined, where a plain field would leave one call site shared by every
 * class (megamorphic once three classes pass through it).
 */
record CompatSerializer(CompatContext cx, Class<?> type, ClassDef local, int number, Serializer<Object> inner,
    dev.brine.registry.ClassInfo[] infoCell, byte[] opening, ErasedChecks checks) implements Serializer<Object>, PayloadTraits, DefinedClass {

  /**
   * The serializer of {@code type}; {@code opening} are the bytes that open a payload whose outermost
   * value is of it ({@link Openings#of}).
   */
  CompatSerializer(CompatContext cx, Class<?> type, ClassDef local, Serializer<Object> inner) {
    this(cx, type, local, cx.number(local), inner, new dev.brine.registry.ClassInfo[1], Openings.of(local),
        ErasedChecks.of(type));
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
    ClassDef def = cx.readDefRef(rs);
    // the class's own definition calls its reader here, not through readBody: readBody is compiled on
    // its own (Dispatch calls it) with the reader inlined, and would then be a call at every nested field
    try {
      return checked(def == local ? inner.read(rs) : readOther(rs, def), rs);
    } catch (ClassCastException e) {
      throw mismatch(type, e, rs);
    }
  }

  /**
   * {@code v}, just read, once its fields' type arguments that no definition names are checked ({@link
   * ErasedChecks}; most classes have none and pay a null test the JIT folds).
   */
  Object checked(Object v, ReadSession ctx) {
    if (checks != null) {
      checks.check(v, ctx);
    }
    return v;
  }

  /** Reads the fields that follow a definition reference already read. */
  Object readBody(ReadSession ctx, ClassDef def) {
    try {
      return checked(def == local ? inner.read(ctx) : readOther(ctx, def), ctx);
    } catch (ClassCastException e) {
      throw mismatch(type, e, ctx);
    }
  }

  /**
   * The error for a value of another class than its field's, which a generated reader's cast met: where
   * a definition names no class (a field declared as a class that is not final), a writer's class may
   * have changed to one this side's field cannot hold. Names the class, the field (found by the cast's
   * target type among the class's fields) and both types, as the interpreted reader's check does.
   */
  static dev.brine.MalformedInputException mismatch(Class<?> type, ClassCastException e, ReadSession ctx) {
    String m = String.valueOf(e.getMessage()); // "class A cannot be cast to class B (...)"
    String held = between(m, "class ", " cannot be cast");
    String target = between(m, "cannot be cast to class ", " ");
    java.util.List<String> fields = new java.util.ArrayList<>();
    for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
      for (java.lang.reflect.Field f : k.getDeclaredFields()) {
        if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType().getName().equals(target)) {
          fields.add(k.getName() + "." + f.getName());
        }
      }
    }
    String where = fields.isEmpty() ? "a field of " + type.getName() + " (or of a class inside it)"
        : fields.size() == 1 ? "field " + fields.get(0) : "one of the fields " + String.join(", ", fields);
    return new dev.brine.MalformedInputException(where + " of type " + target + " cannot hold a " + held
        + " (before offset " + ctx.position() + "): the writer's class of it is not one this side's field takes", e);
  }

  private static String between(String s, String from, String to) {
    int a = s.indexOf(from);
    if (a < 0) {
      return "?";
    }
    a += from.length();
    int b = s.indexOf(to, a);
    return b < 0 ? s.substring(a) : s.substring(a, b);
  }

  /** Reads the fields of another definition than the class's own (through a {@link Mapping}). */
  private Object readOther(ReadSession ctx, ClassDef def) {
    if (def.kind == ClassDef.ENUM || !cx.names(def, type)) {
      throw new dev.brine.MalformedInputException("a " + def.self + " where a " + type.getName()
          + " was expected, near offset " + ctx.position());
    }
    return cx.readMapped(ctx, def, type);
  }

  @Override
  public void writeReference(WriteSession ctx) {
    cx.writeDefRef(ctx, local, number);
  }

  @Override
  public dev.brine.registry.ClassInfo readArrayClass(ReadSession ctx, int dims) {
    return ((DefinedClass) cx.objectDispatch.serializer).readArrayClass(ctx, dims);
  }

  @Override
  public EnumConstants readEnumClass(ReadSession ctx, boolean topLevel) {
    return ((DefinedClass) cx.objectDispatch.serializer).readEnumClass(ctx, topLevel);
  }

  /** The class's info (for its readResolve hook), looked up once. */
  dev.brine.registry.ClassInfo info() {
    dev.brine.registry.ClassInfo i = infoCell[0];
    if (i == null) {
      infoCell[0] = i = cx.registry.forDeclared(type);
    }
    return i;
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }

  @Override
  public int leafKind() {
    return LEAF_OTHER;
  }

  /**
   * True for a class of numbers alone: at the top its payload is its {@link #opening} and the flat payload of
   * {@link #inner}, which the engine writes without a session ({@link Openings#flatOpening}).
   */
  @Override
  public boolean flat() {
    return inner instanceof dev.brine.plan.FlatWriter;
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
