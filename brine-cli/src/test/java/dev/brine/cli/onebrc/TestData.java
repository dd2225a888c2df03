package dev.brine.cli.onebrc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assumptions;

/** Locates {@code ../shared/data} relative to the repository (tests run in the module dir). */
final class TestData {
  private TestData() {}

  /**
   * The shared data folder, or a JUnit assumption failure (skip) when it is absent.
   *
   * @param sub a path under shared/data
   * @return the resolved path
   */
  static Path shared(String sub) {
    Path dir = Paths.get(System.getProperty("user.dir")).toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      Path cand = p.resolveSibling("shared").resolve("data");
      if (Files.isDirectory(cand)) {
        return cand.resolve(sub);
      }
    }
    Assumptions.assumeTrue(false, "../shared/data not found above " + dir + ": skipping tests that need it");
    return null;
  }
}
