package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.io.Loads;
import dev.brine.plan.ClassModel;
import dev.brine.plan.ClassPlan;
import dev.brine.plan.FieldKind;
import dev.brine.plan.FieldModel;
import dev.brine.plan.GroupKind;
import dev.brine.plan.Instantiator;
import dev.brine.registry.ClassInfo;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Optional;

/**
 * Reads a payload written for another version of a class: the writer's fields in the writer's
 * layout (from its {@link ClassDef}), each matched to a local field by {@code @Field} id or by
 * name, converted where the change is a safe widening, and the rest skipped; local fields the
 * payload lacks keep their defaults (a record's get 0, false or null through its canonical
 * constructor). Immutable; built once per (definition, local class) and cached in the definition.
 * With no local class it skips the value.
 */
final class Mapping {
  private static final Object SKIP = new Object();

  final ClassDef def;
  final Class<?> type;
  private final CompatContext cx;
  private final boolean record;
  private final Instantiator instantiator;
  private final Constructor<?> canonical;
  /** Local fields in ClassModel order (a record's components). */
  private final Field[] local;
  /** Per remote field: the local index, or -1 to skip. */
  private final int[] target;
  /** Per remote field: the primitive type (or box) it is converted to, or null to store as read. */
  private final Class<?>[] convert;
  /** Per remote field: whether the value is wrapped in an Optional. */
  private final boolean[] optional;
  /** Per remote field: the class a value must have here (the local field's, or its Optional's content). */
  private final Class<?>[] want;
  /** Per remote field: the element (key) and map value classes checked per value, or null (no check). */
  private final Class<?>[] wantElement;
  private final Class<?>[] wantValue;
  /** Per remote field: resolved declared / element / value classes. */
  private final ClassInfo[] declared;
  private final ClassInfo[] element;
  private final ClassInfo[] value;
  /** Per remote group ENUM field: remote ordinal to local constant (null entries: unknown constant). */
  private final Object[][] enums;

  Mapping(CompatContext cx, ClassDef def, Class<?> type, boolean refs) {
    this.cx = cx;
    this.def = def;
    this.type = type;
    int n = def.fields.length;
    target = new int[n];
    convert = new Class<?>[n];
    optional = new boolean[n];
    want = new Class<?>[n];
    wantElement = new Class<?>[n];
    wantValue = new Class<?>[n];
    declared = new ClassInfo[n];
    element = new ClassInfo[n];
    value = new ClassInfo[n];
    enums = new Object[n][];
    java.util.Arrays.fill(target, -1);
    List<FieldModel> models = type == null ? List.of() : ClassModel.of(type).fields;
    local = new Field[models.size()];
    for (int i = 0; i < local.length; i++) {
      local[i] = FieldMatching.accessible(models.get(i).field);
    }
    if (type == null) {
      record = false;
      instantiator = null;
      canonical = null;
    } else if (type.isRecord()) {
      record = true;
      instantiator = null;
      canonical = ClassModel.of(type).canonicalConstructor();
    } else {
      record = false;
      instantiator = Instantiator.of(type);
      canonical = null;
    }
    boolean[] taken = new boolean[models.size()];
    boolean[] shadowed = new boolean[n];
    for (int i = 0; i < n; i++) {
      ClassDef.DefField f = def.fields[i];
      if (f.code == ClassDef.DefField.CODE_DECLARED) {
        declared[i] = cx.resolve(f.ref);
        if (declared[i] == null && f.ref.compatArrayDims() > 0) {
          declared[i] = cx.skippedArray(f.ref.compatArrayDims()); // an array of a class unknown here: read through
        }
        if (declared[i] == null && !f.ref.compat()) {
          throw new BrineException("compatible mode: field " + where(f) + " holds a " + f.ref + ", which this side does"
              + " not know and cannot skip (it has a serializer of its own); register it here");
        }
      } else if (f.code == ClassDef.DefField.CODE_CONTAINER) {
        element[i] = skipped(cx.resolve(f.ref), f.ref, refs);
        value[i] = skipped(cx.resolve(f.ref2), f.ref2, refs);
        if ((element[i] == null && f.ref.kind != TypeRef.NONE) || (value[i] == null && f.ref2.kind != TypeRef.NONE)) {
          throw new BrineException("compatible mode: field " + where(f) + " is a container of " + f.describe()
              + ", a class this side does not know; register it here");
        }
      }
      int t = FieldMatching.match(models, taken, f);
      if (t < 0) {
        continue;
      }
      boolean byId = f.id != 0 && models.get(t).explicitId && models.get(t).id == f.id;
      if (!byId && (FieldMatching.shadowed(models, f.name) || FieldMatching.shadowed(def, f.name))) {
        shadowed[i] = true; // matched below, once the fields of other names have theirs
        continue;
      }
      taken[t] = true;
      target[i] = t;
      plan(i, f, local[t]);
    }
    for (int score = 2; score >= 0; score--) {
      for (int i = 0; i < n; i++) {
        if (shadowed[i] && target[i] < 0) {
          int t = score > 0 ? fitting(models, taken, i, def.fields[i], score) : FieldMatching.match(models, taken, def.fields[i]);
          if (t >= 0) {
            taken[t] = true;
            target[i] = t;
            plan(i, def.fields[i], local[t]); // last round: refused unless it fits
          }
        }
      }
    }
  }

  /**
   * The local field for remote field {@code i} when a name is shadowed (declared by a class and again by
   * a superclass, on either side): the definition does not say which class declared a field and its
   * sections are not in class order, so the fields of such a name are matched by type, first those of
   * the same type ({@code score} 2) then those that accept the written type (1): the first untaken field
   * of that name with at least {@code score}, or -1.
   */
  private int fitting(List<FieldModel> models, boolean[] taken, int i, ClassDef.DefField f, int score) {
    for (int t = 0; t < models.size(); t++) {
      FieldModel m = models.get(t);
      if (taken[t] || !m.name.equals(f.name) || (f.id != 0 && m.explicitId && m.id != f.id)) {
        continue;
      }
      int fit;
      try {
        plan(i, f, local[t]);
        Class<?> rt = remoteType(i, f);
        fit = rt != null && rt == local[t].getType() ? 2 : 1;
      } catch (BrineException e) {
        fit = 0;
      }
      unplan(i);
      if (fit >= score) {
        return t;
      }
    }
    return -1;
  }

  /** Forgets what {@link #plan} decided for remote field {@code i}. */
  private void unplan(int i) {
    convert[i] = null;
    optional[i] = false;
    want[i] = null;
    wantElement[i] = null;
    wantValue[i] = null;
    enums[i] = null;
  }

  /**
   * {@code info}, or for a compatible class this side does not know (a container's final element, key or
   * value class) one that reads its values through and drops them: for an array of such a class always,
   * for the class itself with references off (see {@link SkippedValue}); otherwise null.
   */
  private ClassInfo skipped(ClassInfo info, TypeRef ref, boolean refs) {
    if (info == null && ref.compatArrayDims() > 0) {
      return cx.skippedArray(ref.compatArrayDims()); // an array of such a class: read through, references on or off
    }
    return info == null && ref.compat() && !refs ? cx.skippedValue() : info;
  }

  private String where(ClassDef.DefField f) {
    return def.self + "." + f.label();
  }

  /** Decides how remote field {@code i} goes into local field {@code l}, or throws for an incompatible change. */
  private void plan(int i, ClassDef.DefField f, Field l) {
    Class<?> lt = l.getType();
    java.lang.reflect.Type gt = ClassPlan.genericTypeOrRaw(l);
    Class<?> rt = remoteType(i, f);
    if (lt == Optional.class) {
      optional[i] = true; // T -> Optional<T>: checked as T; an Optional written is stored as it is, its content checked
      gt = FieldTypes.argumentType(gt, 0);
      lt = FieldTypes.erasure(gt);
      if (rt == Optional.class) {
        want[i] = lt;
        return;
      }
      if (f.code == ClassDef.DefField.CODE_OBJECT) {
        want[i] = lt; // a tagged value: an Optional or a T, per value
        convert[i] = FieldTypes.unboxed(lt); // a number widened into a box's T, per value
        return;
      }
    }
    want[i] = lt;
    if (f.code == ClassDef.DefField.CODE_CONTAINER) {
      planContainer(i, f, lt, gt);
      return;
    }
    if (rt == null && f.code == ClassDef.DefField.CODE_DECLARED && (lt.isPrimitive() || FieldTypes.unboxed(lt) != null
        || lt == String.class || lt.isEnum())) {
      throw incompatible(f, f.describe(), lt); // a class (or an array) this side does not know is none of these
    }
    if (rt == null) {
      checkElements(i, lt, gt); // a tagged value: a collection's or map's elements checked per value
    }
    if (f.group == GroupKind.ENUM) {
      ClassInfo written = cx.resolve(f.ref); // the writer's enum as this side knows it (by name or explicit id)
      Class<?> et = lt.isEnum() ? lt : written != null && lt.isAssignableFrom(written.type) ? written.type : null;
      if (et == null || (written != null && written.type != et)) { // another enum; Object or an interface takes it
        throw incompatible(f, "enum " + f.ref, lt);
      }
      Object[] locals = et.getEnumConstants();
      Object[] map = new Object[f.constants.length];
      for (int k = 0; k < map.length; k++) {
        for (Object c : locals) {
          if (((Enum<?>) c).name().equals(f.constants[k])) {
            map[k] = c;
          }
        }
      }
      enums[i] = map;
      return;
    }
    if (rt != null && (rt.isPrimitive() || FieldTypes.unboxed(rt) != null)) {
      Class<?> rp = rt.isPrimitive() ? rt : FieldTypes.unboxed(rt);
      Class<?> lp = lt.isPrimitive() ? lt : FieldTypes.unboxed(lt);
      if (lp != null) {
        if (!FieldTypes.widens(rp, lp)) {
          throw incompatible(f, rt.getName(), lt);
        }
        convert[i] = lp;
        return;
      }
      if (!lt.isAssignableFrom(FieldTypes.boxed(rp))) {
        throw incompatible(f, rt.getName(), lt);
      }
      return;
    }
    if (rt != null) {
      Class<?> lb = FieldTypes.boxed(lt);
      if (!lb.isAssignableFrom(rt)) {
        throw incompatible(f, rt.getName(), lt);
      }
    }
    if (lt.isPrimitive() || FieldTypes.unboxed(lt) != null) {
      convert[i] = lt.isPrimitive() ? lt : FieldTypes.unboxed(lt); // a tagged value: checked and widened per value
    }
  }

  /**
   * A written collection or map (the definition names the element, key and value classes when they were
   * final): this side's field must hold one, and its declared element, key and value classes must accept
   * the written ones; elements whose class the definition does not name are checked per value.
   */
  private void planContainer(int i, ClassDef.DefField f, Class<?> lt, java.lang.reflect.Type gt) {
    if (!FieldTypes.holdsContainer(lt) || (f.ref2.kind != TypeRef.NONE && !FieldTypes.holdsMap(lt))) {
      throw incompatible(f, f.describe(), lt); // a definition that names a value class wrote a map
    }
    Class<?> el = FieldTypes.element(lt, gt);
    Class<?> vl = FieldTypes.mapValue(lt, gt);
    Class<?> er = known(element[i]);
    Class<?> vr = known(value[i]);
    if (el != Object.class) {
      if (er == null) {
        wantElement[i] = el;
      } else if (!el.isAssignableFrom(FieldTypes.boxed(er))) {
        throw incompatible(f, f.describe(), lt, "<" + el.getName() + (vl != Object.class ? ", " + vl.getName() : "") + ">");
      }
    }
    if (vl != Object.class) {
      if (vr == null) {
        wantValue[i] = vl;
      } else if (!vl.isAssignableFrom(FieldTypes.boxed(vr))) {
        throw incompatible(f, f.describe(), lt, "<" + el.getName() + ", " + vl.getName() + ">");
      }
    }
  }

  /**
   * The class of a container's written element, key or value class, or null when the definition names
   * none or one this side does not know (its values are skipped: they read as null, which any class takes).
   */
  private static Class<?> known(ClassInfo info) {
    return info == null || info.serializer instanceof SkippedValue || info.serializer instanceof SkippedArray
        ? null : info.type;
  }

  /**
   * Element, key and value classes of a container field checked per value (those that are not Object;
   * none for a field that is not a collection or map).
   */
  private void checkElements(int i, Class<?> lt, java.lang.reflect.Type gt) {
    Class<?> el = FieldTypes.element(lt, gt);
    Class<?> vl = FieldTypes.mapValue(lt, gt);
    wantElement[i] = el == Object.class ? null : el;
    wantValue[i] = vl == Object.class ? null : vl;
  }

  /** The class a remote field's values have, when its definition says (null: any, checked per value). */
  private Class<?> remoteType(int i, ClassDef.DefField f) {
    if (f.group != null) {
      switch (f.group) {
        case INT: return int.class;
        case LONG: return long.class;
        case BOXED_INT: case FIXED_BOXED_INT: return Integer.class;
        case BOXED_LONG: case FIXED_BOXED_LONG: return Long.class;
        case BOXED_BOOLEAN: return Boolean.class;
        case BOXED_BYTE: return Byte.class;
        case BOXED_SHORT: return Short.class;
        case BOXED_CHAR: return Character.class;
        case BOXED_FLOAT: return Float.class;
        case BOXED_DOUBLE: return Double.class;
        default: return null;
      }
    }
    if (f.fixed != null) {
      switch (f.fixed) {
        case BOOLEAN: return boolean.class;
        case BYTE: return byte.class;
        case SHORT: return short.class;
        case CHAR: return char.class;
        case INT: return int.class;
        case LONG: return long.class;
        case FLOAT: return float.class;
        default: return double.class;
      }
    }
    if (f.code == ClassDef.DefField.CODE_STRING) {
      return String.class;
    }
    if (f.code == ClassDef.DefField.CODE_DECLARED && declared[i] != null && !(declared[i].serializer instanceof SkippedArray)) {
      return declared[i].type;
    }
    return null;
  }

  private BrineException incompatible(ClassDef.DefField f, String written, Class<?> here) {
    return incompatible(f, written, here, "");
  }

  private BrineException incompatible(ClassDef.DefField f, String written, Class<?> here, String arguments) {
    return new BrineException("compatible mode: field " + f.label() + " of " + (type != null ? type.getName() : def.self)
        + " was written as " + written + " but is " + here.getName() + arguments + " here; that change is not compatible"
        + " (only widening: byte -> short -> int -> long, float -> double, int -> double, primitive <-> box,"
        + " T -> Optional<T>)");
  }

  // ---------------------------------------------------------------- reading

  Object read(ReadSession ctx) {
    Object obj = null;
    Object[] args = null;
    if (type == null) {
      ctx.reference(null); // skipped: a back-reference to it from inside (a cycle) reads null too
    } else if (record) {
      args = new Object[local.length];
    } else {
      obj = instantiator.newInstance();
      ctx.reference(obj);
    }
    ClassDef.DefField[] fs = def.fields;
    int i = 0;
    if (def.groupCount + def.fixedCount > 0) {
      byte[] b = ctx.window(def.readWindow, def.controlBytes, def.fixedBytes);
      int c0 = ctx.windowStart();
      int p = c0 + def.controlBytes;
      for (int g = 0; g < def.groupCount; g++, i++) {
        ClassDef.DefField f = fs[i];
        int code = (b[c0 + (g >> 1)] >> ((g & 1) << 2)) & 15;
        if (!f.group.valid(code)) {
          throw new MalformedInputException("invalid length code " + code + " for field " + where(f) + " ("
              + f.group + ") in the number group at offset " + ctx.offsetOf(ctx.windowIndex(c0)));
        }
        Object v = code == 0 ? null : load(ctx, f, b, p, code, c0);
        p += code;
        if (f.group == GroupKind.ENUM && v != null && target[i] >= 0) {
          v = constant(i, f, (Integer) v);
        }
        store(ctx, obj, args, i, v);
      }
      for (int k = 0; k < def.fixedCount; k++, i++) {
        ClassDef.DefField f = fs[i];
        store(ctx, obj, args, i, loadFixed(ctx, f, b, p + f.offset, c0));
      }
      ctx.windowEnd(p + def.fixedBytes);
    }
    for (int k = 0; k < def.stringCount; k++, i++) {
      store(ctx, obj, args, i, ctx.readNullableString());
    }
    for (; i < fs.length; i++) {
      ClassDef.DefField f = fs[i];
      Object v;
      switch (f.code) {
        case ClassDef.DefField.CODE_DECLARED:
          v = ctx.readDeclared(declared[i] != null ? declared[i] : cx.objectDispatch);
          break;
        case ClassDef.DefField.CODE_CONTAINER:
          v = ctx.readObject(element[i], value[i]);
          break;
        default:
          v = ctx.readObject();
          break;
      }
      store(ctx, obj, args, i, v);
    }
    if (!record || type == null) {
      return obj;
    }
    for (int k = 0; k < args.length; k++) {
      if (args[k] == null && local[k].getType().isPrimitive()) {
        args[k] = FieldTypes.defaultValue(local[k].getType());
      }
    }
    try {
      return canonical.newInstance(args);
    } catch (InvocationTargetException e) {
      Throwable c = e.getCause();
      throw new MalformedInputException("the canonical constructor of " + type.getName() + " refused the values read: " + c, c);
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      throw new BrineException("cannot construct " + type.getName() + ": " + e, e);
    }
  }

  private Object constant(int i, ClassDef.DefField f, int ordinal) {
    Object[] map = enums[i];
    if (ordinal < 0 || ordinal >= map.length) {
      throw new MalformedInputException("ordinal " + ordinal + " of field " + where(f) + " is not a constant of "
          + f.ref + " (it had " + map.length + ")");
    }
    Object c = map[ordinal];
    if (c == null && !cx.settings.unknownEnumAsNull()) {
      throw new BrineException("compatible mode: field " + where(f) + " holds enum constant " + f.constants[ordinal]
          + ", which " + local[target[i]].getType().getName() + " does not have here (Brine.Builder.unknownEnumAsNull(true)"
          + " reads it as null)");
    }
    return c;
  }

  private void store(ReadSession ctx, Object obj, Object[] args, int i, Object v) {
    int t = target[i];
    if (t < 0) {
      return;
    }
    Field l = local[t];
    if (optional[i] && v instanceof Optional<?> o) {
      if (o.isPresent()) {
        check(ctx, l, i, o.get());
      }
    } else if (v != null) {
      Class<?> c = convert[i];
      if (c != null) {
        v = convert(v, c, l, i);
      } else {
        check(ctx, l, i, v);
      }
    }
    if (optional[i] && !(v instanceof Optional)) {
      v = Optional.ofNullable(v);
    }
    if (args != null) {
      args[t] = v;
      return;
    }
    try {
      if (v == null && l.getType().isPrimitive()) {
        // null into a primitive: its default value (0, false), as a record component gets and README
        // says, whatever the no-arg constructor set
        v = FieldTypes.defaultValue(l.getType());
      }
      l.set(obj, v);
    } catch (IllegalAccessException | IllegalArgumentException e) {
      throw new BrineException("cannot set field " + l.getName() + " of " + type.getName() + ": " + e, e);
    }
  }

  /** Checks that value {@code v} (not null) of remote field {@code i} fits local field {@code l}: its class, its elements. */
  private void check(ReadSession ctx, Field l, int i, Object v) {
    Object misfit = want[i].isInstance(v) ? FieldTypes.misfit(v, wantElement[i], wantValue[i]) : v;
    if (misfit != null) {
      throw new BrineException("compatible mode: field " + l.getName() + " of " + type.getName() + " is a "
          + l.getGenericType().getTypeName() + " here but the payload holds " + (misfit == v ? "a " : "one with a ")
          + misfit.getClass().getName() + " (before offset " + ctx.position() + ")");
    }
  }

  /** {@code v} (a box) as a value of primitive {@code to}, boxed; checked per value for tagged fields. */
  private Object convert(Object v, Class<?> to, Field l, int i) {
    Class<?> from = FieldTypes.unboxed(v.getClass());
    if (from == null || !FieldTypes.widens(from, to)) {
      throw new BrineException("compatible mode: field " + l.getName() + " of " + type.getName() + " is a "
          + l.getType().getName() + " here but the payload holds a " + v.getClass().getName() + "; that change is not compatible");
    }
    if (from == to) {
      return v;
    }
    if (v instanceof Character) {
      v = (int) (Character) v;
    }
    Number n = (Number) v;
    if (to == short.class) return n.shortValue();
    if (to == int.class) return n.intValue();
    if (to == long.class) return n.longValue();
    if (to == float.class) return n.floatValue();
    return n.doubleValue();
  }

  private Object load(ReadSession ctx, ClassDef.DefField f, byte[] b, int p, int code, int c0) {
    switch (f.group) {
      case INT: case BOXED_INT: case ENUM: return Loads.loadSigned32(b, p, code);
      case LONG: case BOXED_LONG: return Loads.loadSigned64(b, p, code);
      case FIXED_BOXED_INT: return Loads.loadInt32(b, p);
      case FIXED_BOXED_LONG: return Loads.loadInt64(b, p);
      case BOXED_BOOLEAN: return bool(ctx, b, p, c0, f);
      case BOXED_BYTE: return Loads.loadInt8(b, p);
      case BOXED_SHORT: return Loads.loadInt16(b, p);
      case BOXED_CHAR: return Loads.loadChar(b, p);
      case BOXED_FLOAT: return Loads.loadFloat32(b, p);
      case BOXED_DOUBLE: return Loads.loadFloat64(b, p);
      default: throw new IllegalStateException("group kind " + f.group);
    }
  }

  private Object loadFixed(ReadSession ctx, ClassDef.DefField f, byte[] b, int p, int c0) {
    FieldKind k = f.fixed;
    switch (k) {
      case BOOLEAN: return bool(ctx, b, p, c0, f);
      case BYTE: return Loads.loadInt8(b, p);
      case SHORT: return Loads.loadInt16(b, p);
      case CHAR: return Loads.loadChar(b, p);
      case INT: return Loads.loadInt32(b, p);
      case LONG: return Loads.loadInt64(b, p);
      case FLOAT: return Loads.loadFloat32(b, p);
      default: return Loads.loadFloat64(b, p);
    }
  }

  private Boolean bool(ReadSession ctx, byte[] b, int p, int c0, ClassDef.DefField f) {
    int v = b[p];
    if ((v & ~1) != 0) {
      throw ctx.windowError(b, c0, def.groupCount, def.fixedBytes, "boolean byte " + v + " of field " + where(f)
          + " is neither 0 nor 1");
    }
    return v != 0;
  }
}
