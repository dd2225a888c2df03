package dev.brine;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** The {@link BrineModule}s found on the class path, loaded once. */
final class Modules {
  static final List<BrineModule> MODULES = load();

  private static List<BrineModule> load() {
    List<BrineModule> out = new ArrayList<>();
    ServiceLoader<BrineModule> loader = ServiceLoader.load(BrineModule.class, Brine.class.getClassLoader());
    for (var it = loader.iterator(); ; ) {
      try {
        if (!it.hasNext()) {
          break;
        }
        out.add(it.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        // A module whose dependencies are missing is skipped; its types are then simply unknown.
        System.getLogger("dev.brine").log(System.Logger.Level.WARNING, "skipping Brine module: " + e);
      }
    }
    for (int i = 1; i < out.size(); i++) { // by class name (an insertion sort: no lambda to spin at start-up)
      for (int j = i; j > 0 && out.get(j - 1).getClass().getName().compareTo(out.get(j).getClass().getName()) > 0; j--) {
        out.set(j, out.set(j - 1, out.get(j)));
      }
    }
    return List.copyOf(out);
  }
}
