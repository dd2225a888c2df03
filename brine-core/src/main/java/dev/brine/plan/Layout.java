package dev.brine.plan;

import dev.brine.registry.ClassInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The format-2 byte layout of a class's fields (docs/format.md, "Objects"): what a serializer writes
 * and in which order. Four sections, each in a fixed order that depends only on the fields:
 *
 * <ol>
 *   <li>the <em>number group</em> ({@link #group}): every int and long (when numbers are compressed),
 *       boxed number, Boolean, Character and enum field — one 4-bit code per field, two per control
 *       byte, then the values back to back, each in as many bytes as its code says;
 *   <li>the <em>fixed block</em> ({@link #fixed}): the other primitives at constant offsets, widest
 *       first;
 *   <li>the strings ({@link #strings}), each an {@code nstring};
 *   <li>everything else ({@link #others}): declared slots, containers and tagged values.
 * </ol>
 *
 * Within a section fields are ordered by name (a superclass's field before a subclass's field of the
 * same name). Plain data, computed once per class and number encoding.
 */
public final class Layout {
  /** The number group, in wire order. */
  public final List<FieldPlan> group;
  /** How each field of {@link #group} is coded, parallel to it. */
  public final List<GroupKind> groupKinds;
  /** The fixed block, in wire order. */
  public final List<FieldPlan> fixed;
  /** Each fixed field's offset from the start of the block, parallel to {@link #fixed}. */
  public final int[] fixedOffsets;
  /** Size of the fixed block in bytes. */
  public final int fixedBytes;
  /** The string fields, in wire order. */
  public final List<FieldPlan> strings;
  /** The other fields (declared slots, containers, tagged values), in wire order. */
  public final List<FieldPlan> others;
  /** Control bytes of the number group: two codes per byte, low nibble first. */
  public final int controlBytes;
  /** The bytes a reader loads for the values of the group at most (each value's load width). */
  public final int groupLoadBytes;
  /**
   * The valid range of every control code, four lane masks per 8 control bytes (16 codes): {@code
   * 15 - max} of the even codes, {@code 16 - min} of the even codes, then the same for the odd codes,
   * one byte lane per control byte (see {@code ByteReader.window}); lanes without a field accept any
   * code.
   */
  public final long[] controlLimits;
  /** The group's fields as {@code Class.field} names, for messages. */
  public final String[] groupNames;

  private Layout(List<FieldPlan> group, List<GroupKind> kinds, List<FieldPlan> fixed, List<FieldPlan> strings,
      List<FieldPlan> others) {
    this.group = List.copyOf(group);
    this.groupKinds = List.copyOf(kinds);
    this.fixed = List.copyOf(fixed);
    this.strings = List.copyOf(strings);
    this.others = List.copyOf(others);
    this.fixedOffsets = new int[fixed.size()];
    int off = 0;
    for (int i = 0; i < fixed.size(); i++) {
      fixedOffsets[i] = off;
      off += fixedWidth(fixed.get(i).kind);
    }
    this.fixedBytes = off;
    this.controlBytes = (group.size() + 1) / 2;
    int load = 0;
    for (GroupKind k : kinds) {
      load += k.width;
    }
    this.groupLoadBytes = load;
    int words = (controlBytes + 7) / 8;
    this.controlLimits = new long[4 * words];
    for (int w = 0; w < words; w++) {
      for (int lane = 0; lane < 8; lane++) {
        int even = 16 * w + 2 * lane;
        controlLimits[4 * w] |= (long) laneMax(kinds, even) << (8 * lane);
        controlLimits[4 * w + 1] |= (long) laneMin(kinds, even) << (8 * lane);
        controlLimits[4 * w + 2] |= (long) laneMax(kinds, even + 1) << (8 * lane);
        controlLimits[4 * w + 3] |= (long) laneMin(kinds, even + 1) << (8 * lane);
      }
    }
    this.groupNames = new String[group.size()];
    for (int i = 0; i < group.size(); i++) {
      java.lang.reflect.Field f = group.get(i).field;
      groupNames[i] = f.getDeclaringClass().getSimpleName() + "." + f.getName() + " (" + kinds.get(i) + ")";
    }
  }

  /** {@code 15 - max}: a code above max carries into bit 4 of its lane; 0 for no field (any code). */
  private static int laneMax(List<GroupKind> kinds, int field) {
    return field < kinds.size() ? 15 - kinds.get(field).maxCode : 0;
  }

  /** {@code 16 - min}: a code at least min carries into bit 4; 16 for no field (always). */
  private static int laneMin(List<GroupKind> kinds, int field) {
    return field < kinds.size() ? 16 - kinds.get(field).minCode : 16;
  }

  /**
   * The layout of {@code plan}'s fields; with {@code compressNumbers} false, int and long fields are
   * in the fixed block and Integer and Long fields fixed-width in the group.
   */
  public static Layout of(ClassPlan plan, boolean compressNumbers) {
    List<FieldPlan> group = new ArrayList<>();
    List<FieldPlan> fixed = new ArrayList<>();
    List<FieldPlan> strings = new ArrayList<>();
    List<FieldPlan> others = new ArrayList<>();
    for (FieldPlan f : plan.fields) {
      if (groupKind(f, compressNumbers) != null) {
        group.add(f);
      } else if (f.kind.primitive()) {
        fixed.add(f);
      } else if (f.kind == FieldKind.STRING) {
        strings.add(f);
      } else {
        others.add(f);
      }
    }
    // primitives first (no null test), then the nullable kinds; widest fixed fields first; then by name
    group.sort(FieldOrder.GROUP);
    fixed.sort(FieldOrder.FIXED);
    strings.sort(FieldOrder.BY_NAME);
    others.sort(FieldOrder.BY_NAME);
    List<GroupKind> kinds = new ArrayList<>();
    for (FieldPlan f : group) {
      kinds.add(groupKind(f, compressNumbers));
    }
    return new Layout(group, kinds, fixed, strings, others);
  }

  /** All fields in wire order: group, fixed block, strings, others. */
  public List<FieldPlan> wireOrder() {
    List<FieldPlan> all = new ArrayList<>(group);
    all.addAll(fixed);
    all.addAll(strings);
    all.addAll(others);
    return all;
  }

  /** The bytes a reader may load for the group and the fixed block: the room it checks once. */
  public int readWindow() {
    return Math.max(controlBytes + groupLoadBytes + fixedBytes, (controlBytes + 7) & ~7);
  }

  /** The most bytes the group and the fixed block take (what a writer reserves). */
  public int writeWindow() {
    return controlBytes + groupLoadBytes + fixedBytes;
  }

  /** Bytes of a primitive kind in the fixed block. */
  public static int fixedWidth(FieldKind k) {
    switch (k) {
      case BOOLEAN: case BYTE: return 1;
      case SHORT: case CHAR: return 2;
      case INT: case FLOAT: return 4;
      case LONG: case DOUBLE: return 8;
      default: throw new IllegalArgumentException("not a primitive kind: " + k);
    }
  }

  /** The group coding of {@code f}, or null when it is not in the number group. */
  public static GroupKind groupKind(FieldPlan f, boolean compressNumbers) {
    switch (f.kind) {
      case INT: return compressNumbers ? GroupKind.INT : null;
      case LONG: return compressNumbers ? GroupKind.LONG : null;
      case DECLARED: break;
      default: return null;
    }
    Class<?> t = f.field.getType();
    if (t == Integer.class) return compressNumbers ? GroupKind.BOXED_INT : GroupKind.FIXED_BOXED_INT;
    if (t == Long.class) return compressNumbers ? GroupKind.BOXED_LONG : GroupKind.FIXED_BOXED_LONG;
    if (t == Boolean.class) return GroupKind.BOXED_BOOLEAN;
    if (t == Byte.class) return GroupKind.BOXED_BYTE;
    if (t == Short.class) return GroupKind.BOXED_SHORT;
    if (t == Character.class) return GroupKind.BOXED_CHAR;
    if (t == Float.class) return GroupKind.BOXED_FLOAT;
    if (t == Double.class) return GroupKind.BOXED_DOUBLE;
    ClassInfo d = f.declared;
    // by class, not by the serializer's traits: a registered enum's serializer may not exist yet
    // when another class is planned, and both sides must plan alike
    if (t.isEnum() && d != null && !d.custom) {
      return GroupKind.ENUM;
    }
    return null;
  }
}
