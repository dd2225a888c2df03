package dev.brine;

import dev.brine.Brine.Builder;
import dev.brine.Brine.Fixed;
import dev.brine.Brine.Registration;
import dev.brine.compat.CompatContext;
import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a builder's registrations become the type ids of a new {@link Brine}'s registry: the modules'
 * first (as if they had registered before the application), then the classes with an explicit id, then
 * the others in registration order, skipping the ids taken; in compatible mode a plain class or record
 * is named by its definition instead.
 */
final class Registrations {
  private Registrations() {}

  /**
   * Registers {@code b}'s classes and module types, after those of the modules' builder {@code m} (null
   * when none), in {@code registry}; module types registered by name go to {@code byName}.
   */
  static void apply(Builder b, Builder m, TypeRegistry registry, CompatContext compat, ModuleTypes byName) {
    Map<Integer, Fixed> fixed = b.fixed;
    List<Registration> registrations = b.registrations;
    if (m != null && (!m.fixed.isEmpty() || !m.registrations.isEmpty())) { // the modules' first, as if they came first
      fixed = new LinkedHashMap<>(m.fixed);
      fixed.putAll(b.fixed); // registerWithId allowed only the same class under a module's id
      registrations = new ArrayList<>(m.registrations);
      registrations.addAll(b.registrations);
    }
    for (Map.Entry<Integer, Fixed> e : fixed.entrySet()) {
      Fixed f = e.getValue();
      if (f.lazy() != null) {
        byName.add(e.getKey(), f.name(), f.lazy());
      } else {
        registry.registerModule(e.getKey(), f.type(), f.serializer());
      }
    }
    java.util.Set<Integer> taken = new java.util.HashSet<>();
    for (Registration r : registrations) {
      if (r.id() >= 0 && !taken.add(r.id())) {
        throw new BrineException("id " + r.id() + " is given to more than one class");
      }
    }
    int id = TypeIds.FIRST_USER;
    for (int pass = 0; pass < 2; pass++) { // classes with an explicit id first, so the others skip their ids
      for (Registration r : registrations) {
        if ((r.id() >= 0) != (pass == 0)) {
          continue;
        }
        if (registry.known(r.type()) && r.serializer() == null) {
          continue; // built-ins and module types need no id
        }
        if (compat != null) {
          compat.registered(r.type(), r.id());
          if (r.serializer() == null && CompatContext.eligible(r.type())) {
            registry.registerShared(r.type().isEnum() ? TypeIds.COMPAT_ENUM : TypeIds.COMPAT_OBJECT, r.type());
            continue; // named by its class definition, not by a registration-order id
          }
        }
        int wire;
        if (r.id() >= 0) {
          wire = TypeIds.FIRST_USER + r.id();
        } else {
          while (taken.contains(id - TypeIds.FIRST_USER)) {
            id++;
          }
          wire = id++;
        }
        if (wire >= TypeIds.FIRST_MODULE) {
          throw new BrineException("too many registered classes: at most " + (TypeIds.FIRST_MODULE - TypeIds.FIRST_USER));
        }
        registry.registerUser(wire, r.type(), r.serializer());
      }
    }
  }
}
