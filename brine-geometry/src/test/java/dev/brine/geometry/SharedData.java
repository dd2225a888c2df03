package dev.brine.geometry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assumptions;

/** Locates {@code ../shared/data} (relative to the repository root) from the test's working dir. */
final class SharedData {
  private SharedData() {}

  /** The shared data folder; skips the calling test (JUnit assumption) when it is absent. */
  static Path dir() {
    for (Path d = Paths.get(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
      Path candidate = d.resolve("../shared/data").normalize();
      if (Files.isDirectory(candidate.resolve("geometry"))) {
        return candidate;
      }
    }
    Assumptions.abort("../shared/data/geometry not found above " + System.getProperty("user.dir") + ": skipping real-data test");
    throw new AssertionError("unreachable");
  }
}
