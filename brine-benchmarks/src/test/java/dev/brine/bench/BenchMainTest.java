package dev.brine.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Command-line parsing and the quick-mode parameter subset (no benchmark is run). */
class BenchMainTest {
  @Test
  void parsesOptions() {
    BenchMain.Args a = BenchMain.parse(new String[] {"--quick", "--include", "Map", "--prof", "gc", "--forks", "3",
        "--out", "x/y", "--report-only", "--jvm", "/j", "--exclude", "Cold"});
    assertTrue(a.quick);
    assertTrue(a.reportOnly);
    assertEquals("Map", a.include);
    assertEquals("Cold", a.exclude);
    assertEquals("gc", a.prof);
    assertEquals(3, a.forks);
    assertEquals("/j", a.jvm);
    assertEquals(Path.of("x/y"), a.out);
    assertNull(BenchMain.parse(new String[] {"--help"}));
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> BenchMain.parse(new String[] {"--bogus"}));
    assertThrows(IllegalArgumentException.class, () -> BenchMain.parse(new String[] {"--include"}));
    assertThrows(IllegalArgumentException.class, () -> BenchMain.parse(new String[] {"--forks", "many"}));
  }

  @Test
  void quickKeepsTheMiddleNumberAndTheFirstThreeWords() {
    assertArrayEquals(new String[] {"256"}, BenchMain.quickValues(new String[] {"64", "128", "256", "512"}));
    assertArrayEquals(new String[] {"16"}, BenchMain.quickValues(new String[] {"4", "16", "48"}));
    assertArrayEquals(new String[] {"a", "b", "c"}, BenchMain.quickValues(new String[] {"a", "b", "c", "d"}));
    assertArrayEquals(new String[] {"primitive", "boxed"}, BenchMain.quickValues(new String[] {"primitive", "boxed"}));
  }
}
