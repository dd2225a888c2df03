package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Brine on the module path (docs/modules.md): a user's module that opens its package to brine.core,
 * compiled and run in a JVM of its own, with brine-core as the automatic module {@code brine.core}.
 * The JDK defines a hidden class in a module only through a full-privilege lookup of that module: with
 * the package opened to Brine, Brine takes one through a lookup class it defines in the package
 * ({@code Nestmates.fullLookup}) and generates code without being given a lookup; with {@code
 * Brine.builder().lookup(MethodHandles.lookup())} it uses the user's. Without ASM it warns that ASM is
 * missing.
 */
class ModulePathTest {
  @TempDir static Path dir;
  static Path brineJar;
  static Path asmJar;
  static Path out;

  @BeforeAll
  static void compileTheModule() throws Exception {
    brineJar = dir.resolve("brine-core.jar");
    jar(Path.of("target/classes"), brineJar);
    asmJar = Path.of(org.objectweb.asm.ClassWriter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path src = dir.resolve("src/demo");
    Files.createDirectories(src.resolve("demo"));
    Files.writeString(src.resolve("module-info.java"),
        "module demo { requires brine.core; requires static org.objectweb.asm; opens demo to brine.core; }");
    Files.writeString(src.resolve("demo/Main.java"), String.join("\n",
        "package demo;",
        "import dev.brine.Brine;",
        "import java.io.Serializable;",
        "import java.lang.invoke.MethodHandles;",
        "import java.util.List;",
        "import java.util.function.Function;",
        "public class Main {",
        "  public static final class Point { int x; int y; String label; List<String> tags; }",
        "  public record Line(Point from, Point to) {}",
        "  public static void main(String[] args) {",
        "    Brine.Builder b = Brine.builder().register(Main.class, Point.class, Line.class);",
        "    if (args.length > 0) b.lookup(MethodHandles.lookup());",
        "    Brine brine = b.build();",
        "    Point p = new Point(); p.x = 1; p.y = 2; p.label = \"l\"; p.tags = List.of(\"t\");",
        "    Line back = brine.deserialize(brine.serialize(new Line(p, p)), Line.class);",
        "    Function<String, Integer> f = (Function<String, Integer> & Serializable) s -> s.length() + back.to().x;",
        "    @SuppressWarnings(\"unchecked\") Function<String, Integer> g = (Function<String, Integer>) brine.deserialize(brine.serialize(f));",
        "    System.out.println(\"ok \" + back.from().label + back.to().tags + g.apply(\"abc\"));",
        "    System.out.println(\"explain \" + brine.explain(Point.class));",
        "  }",
        "}"));
    out = dir.resolve("out");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "--module-path", brineJar + java.io.File.pathSeparator + asmJar, "-d",
        out.resolve("demo").toString(), src.resolve("module-info.java").toString(), src.resolve("demo/Main.java").toString());
    assertEquals(0, rc, "the demo module compiles");
  }

  /** A jar of {@code classes} naming its module brine.core, as the released jar does. */
  static void jar(Path classes, Path jar) throws IOException {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(new Attributes.Name("Automatic-Module-Name"), "brine.core");
    try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), m)) {
      Files.walkFileTree(classes, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
          j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
          Files.copy(f, j);
          j.closeEntry();
          return FileVisitResult.CONTINUE;
        }
      });
    }
  }

  static String run(boolean asm, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--module-path", out + java.io.File.pathSeparator + brineJar + (asm ? java.io.File.pathSeparator + asmJar : "")));
    if (asm) {
      cmd.addAll(List.of("--add-modules", "org.objectweb.asm"));
    }
    cmd.addAll(List.of("-m", "demo/demo.Main"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream o = bytes) {
      p.getInputStream().transferTo(o);
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String text = bytes.toString();
    assertEquals(0, p.exitValue(), text);
    assertTrue(text.contains("ok l[t]4"), text);
    return text;
  }

  @Test
  void withoutALookupItGeneratesThroughALookupClassInTheOpenedPackage() throws Exception {
    String text = run(true);
    assertFalse(text.contains("WARNING"), text);
    assertTrue(text.contains("explain id 65, generated"), text);
  }

  @Test
  void withTheUsersLookupItGeneratesCode() throws Exception {
    String text = run(true, "lookup");
    assertFalse(text.contains("WARNING"), text);
    assertTrue(text.contains("explain id 65, generated"), text);
  }

  @Test
  void withoutAsmItWarnsThatAsmIsMissing() throws Exception {
    String text = run(false, "lookup");
    assertTrue(text.contains("WARNING") && text.contains("ASM"), text);
    assertEquals(text.indexOf("WARNING"), text.lastIndexOf("WARNING"), "warned once: " + text);
  }
}
