package dev.brine;

import dev.brine.registry.TypeIds;
import dev.brine.registry.TypeRegistry;
import java.util.HashMap;
import java.util.Map;

/**
 * Module types registered by class name ({@code Brine.Builder.registerWithId(int, String, LazySerializer)}),
 * resolved on first use like the JDK block: a class is registered under its module id the first time a value of it
 * is written (found by name, and checked to be the class the module's loader gives for that name) or its id is
 * read (loaded by name through the module's loader). Anything else goes to the next table (the JDK block).
 * Filled while a {@code Brine} is built, read on first uses afterwards (under the registry's lock; its own lock
 * orders the two, whatever way the {@code Brine} was handed to other threads).
 */
final class ModuleTypes implements TypeRegistry.LazyTypes {
  private record Entry(int id, String name, BrineModule.LazySerializer serializer) {}

  private final TypeRegistry.LazyTypes next;
  private final Map<String, Entry> byName = new HashMap<>();
  private final Map<Integer, Entry> byId = new HashMap<>();

  /** A table in front of {@code next}. */
  ModuleTypes(TypeRegistry.LazyTypes next) {
    this.next = next;
  }

  /** Adds class {@code name} under module id {@code id}, its serializer made by {@code serializer}. */
  synchronized void add(int id, String name, BrineModule.LazySerializer serializer) {
    Entry e = new Entry(id, name, serializer);
    byName.put(name, e);
    byId.put(id, e);
  }

  @Override
  public synchronized boolean register(TypeRegistry registry, Class<?> type) {
    Entry e = byName.isEmpty() ? null : byName.get(type.getName());
    if (e != null && loadOrNull(e) == type) { // another class of that name (another loader) is not the module's
      define(registry, e, type);
      return true;
    }
    return next.register(registry, type);
  }

  @Override
  public synchronized boolean register(TypeRegistry registry, int id) {
    if (id < TypeIds.FIRST_MODULE || id >= TypeIds.JDK_FIRST) {
      return next.register(registry, id);
    }
    Entry e = byId.get(id);
    if (e == null) {
      return false;
    }
    define(registry, e, load(e));
    return true;
  }

  private static Class<?> loadOrNull(Entry e) {
    try {
      return Class.forName(e.name(), false, e.serializer().getClass().getClassLoader());
    } catch (ClassNotFoundException | LinkageError x) {
      return null;
    }
  }

  private static Class<?> load(Entry e) {
    Class<?> c = loadOrNull(e);
    if (c == null) {
      throw new BrineException("module type id " + e.id() + ": class " + e.name() + " cannot be loaded through the class"
          + " loader of " + e.serializer().getClass().getName());
    }
    return c;
  }

  private static void define(TypeRegistry registry, Entry e, Class<?> type) {
    if (registry.hasId(e.id())) {
      return;
    }
    registry.registerModule(e.id(), type, e.serializer().create(type));
  }
}
