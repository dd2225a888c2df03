package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Classes of a class loader other than Brine's (an application server's, Spark's for {@code --jars},
 * sbt's, a plugin's) are in another unnamed module, where Brine's private lookup lacks the full
 * privilege the JDK asks for to define a hidden nestmate: code is still generated for them, through a
 * lookup class Brine defines in their package ({@link Nestmates#fullLookup}), once per class.
 */
class OtherClassLoaderTest {
  @TempDir
  Path dir;

  @Test
  void classesOfAnotherClassLoaderGetGeneratedCode() throws Exception {
    Path pkg = Files.createDirectories(dir.resolve("other"));
    Files.writeString(pkg.resolve("P.java"), "package other;\n"
        + "public class P { private int x; private String s; P() {} public P(int x, String s) { this.x = x; this.s = s; } }\n");
    Files.writeString(pkg.resolve("R.java"), "package other;\nrecord R(long a, P p) {}\n");
    assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(),
        pkg.resolve("P.java").toString(), pkg.resolve("R.java").toString()));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> p = loader.loadClass("other.P");
      Class<?> r = loader.loadClass("other.R");
      for (int round = 0; round < 2; round++) { // a second Brine finds the lookup class made for the first
        Brine brine = Brine.builder().register(p, r).codegenThreshold(0).build();
        assertTrue(brine.explain(p).contains(", generated"), brine.explain(p));
        assertTrue(brine.explain(r).contains(", generated"), brine.explain(r));
        Object value = p.getConstructor(int.class, String.class).newInstance(7, "seven");
        Object back = brine.deserialize(brine.serialize(value), p);
        Field x = p.getDeclaredField("x");
        x.setAccessible(true);
        assertEquals(7, x.get(back));
      }
      assertEquals(loader, Class.forName("other.P$$BrineLookup", false, loader).getClassLoader());
    }
  }
}
