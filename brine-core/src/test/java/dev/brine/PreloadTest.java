package dev.brine;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link Preload}'s list stays true: each class exists, and a fresh JVM's first calls load every one. */
class PreloadTest {
  @Test
  void everyClassOfTheListExists() throws ClassNotFoundException {
    for (String name : Preload.CLASSES) {
      Class.forName(name, false, Preload.class.getClassLoader());
    }
  }

  @Test
  void runningItAgainChangesNothing() {
    assertDoesNotThrow(Preload::run);
    assertDoesNotThrow(Preload::run);
  }

  /** A name the first calls no longer need would make the head start load a class for nothing. */
  @Test
  void theFirstCallsOfAFreshJvmLoadEveryClassOfTheList() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    // the head start off, so the log shows what the calls load by themselves
    Process p = new ProcessBuilder(java.toString(), "-verbose:class", "-cp", System.getProperty("java.class.path"),
        PreloadFixture.class.getName(), "off").redirectErrorStream(true).start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    p.getInputStream().transferTo(out);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String log = out.toString();
    assertTrue(log.contains("done"), log.length() > 2000 ? log.substring(log.length() - 2000) : log);
    for (String name : Preload.CLASSES) {
      assertTrue(log.contains(" " + name + " "), name + " was not loaded by the first calls");
    }
  }
}
