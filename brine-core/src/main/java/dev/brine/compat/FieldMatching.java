package dev.brine.compat;

import dev.brine.BrineException;
import dev.brine.plan.FieldModel;
import java.lang.reflect.Field;
import java.util.List;

/** How a {@link Mapping} pairs the fields of a definition read from a payload with this side's fields. */
final class FieldMatching {
  private FieldMatching() {}

  /** Whether several fields of {@code models} (a class and its superclasses) have name {@code name}. */
  static boolean shadowed(List<FieldModel> models, String name) {
    int k = 0;
    for (FieldModel m : models) {
      if (m.name.equals(name)) {
        k++;
      }
    }
    return k > 1;
  }

  /** Whether several fields of definition {@code d} have name {@code name}. */
  static boolean shadowed(ClassDef d, String name) {
    int k = 0;
    for (ClassDef.DefField f : d.fields) {
      if (name != null && name.equals(f.name)) {
        k++;
      }
    }
    return k > 1;
  }

  /** {@code f}, made accessible; a BrineException when it cannot be. */
  static Field accessible(Field f) {
    try {
      f.setAccessible(true);
      return f;
    } catch (RuntimeException e) {
      throw new BrineException("cannot access field " + f.getDeclaringClass().getName() + "." + f.getName() + ": " + e, e);
    }
  }

  /**
   * The local field for remote field {@code f}: the local field with the same {@code @Field} id; else the
   * one of the same name, unless both sides have given the field an id and the ids differ (a field the
   * writer has an id for and this side has not is the same field when the names agree: an id added
   * before a rename, README "Evolving classes").
   */
  static int match(List<FieldModel> models, boolean[] taken, ClassDef.DefField f) {
    if (f.id != 0) {
      for (int i = 0; i < models.size(); i++) {
        FieldModel m = models.get(i);
        if (!taken[i] && m.explicitId && m.id == f.id) {
          return i;
        }
      }
    }
    if (f.name != null) {
      for (int i = 0; i < models.size(); i++) {
        FieldModel m = models.get(i);
        if (!taken[i] && m.name.equals(f.name) && (f.id == 0 || !m.explicitId)) {
          return i;
        }
      }
    }
    return -1;
  }
}
