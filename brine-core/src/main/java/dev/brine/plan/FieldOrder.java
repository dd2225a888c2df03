package dev.brine.plan;

import java.lang.reflect.Field;
import java.util.Comparator;

/**
 * The orders fields are sorted in, as one named class rather than lambdas and {@code Comparator}
 * combinators: each lambda costs a class spun at its first use, milliseconds of a cold start.
 */
final class FieldOrder implements Comparator<Object> {
  /** {@link FieldModel}s by id. */
  static final FieldOrder BY_ID = new FieldOrder(0);
  /** {@link Field}s by the depth of their declaring class (topmost superclass first), then by name. */
  static final FieldOrder BY_CLASS_THEN_NAME = new FieldOrder(1);
  /** {@link FieldPlan}s by name, then by the depth of their declaring class. */
  static final FieldOrder BY_NAME = new FieldOrder(2);
  /** {@link FieldPlan}s of the number group: primitives first, then {@link #BY_NAME}. */
  static final FieldOrder GROUP = new FieldOrder(3);
  /** {@link FieldPlan}s of the fixed block: widest first, then {@link #BY_NAME}. */
  static final FieldOrder FIXED = new FieldOrder(4);

  private final int order;

  private FieldOrder(int order) {
    this.order = order;
  }

  @Override
  public int compare(Object a, Object b) {
    switch (order) {
      case 0:
        return Integer.compare(((FieldModel) a).id, ((FieldModel) b).id);
      case 1: {
        Field x = (Field) a;
        Field y = (Field) b;
        int c = Integer.compare(depth(x.getDeclaringClass()), depth(y.getDeclaringClass()));
        return c != 0 ? c : x.getName().compareTo(y.getName());
      }
      case 2:
        return byName((FieldPlan) a, (FieldPlan) b);
      case 3: {
        FieldPlan x = (FieldPlan) a;
        FieldPlan y = (FieldPlan) b;
        int c = Boolean.compare(!x.kind.primitive(), !y.kind.primitive());
        return c != 0 ? c : byName(x, y);
      }
      default: {
        FieldPlan x = (FieldPlan) a;
        FieldPlan y = (FieldPlan) b;
        int c = Integer.compare(-Layout.fixedWidth(x.kind), -Layout.fixedWidth(y.kind));
        return c != 0 ? c : byName(x, y);
      }
    }
  }

  private static int byName(FieldPlan x, FieldPlan y) {
    int c = x.name().compareTo(y.name());
    return c != 0 ? c : Integer.compare(depth(x.field.getDeclaringClass()), depth(y.field.getDeclaringClass()));
  }

  /** The number of superclasses of {@code c}. */
  private static int depth(Class<?> c) {
    int d = 0;
    for (Class<?> s = c.getSuperclass(); s != null; s = s.getSuperclass()) {
      d++;
    }
    return d;
  }
}
