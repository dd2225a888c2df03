package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * Golden files pin format version 1: for each case {@code <name>.wkt} (optionally {@code SRID=n;}
 * prefixed) there are {@code <name>.geom} (native), {@code <name>.wkb} (ISO) and {@code <name>.ewkb}.
 * Both directions are checked. Changing a byte of an existing file is a format break: add v2, never
 * edit v1. Regenerate missing files only with {@code -Dgolden.write=true}.
 */
class GoldenFilesTest {
  static final String DIR = "golden/v1/";

  static final Map<String, String> CASES = new LinkedHashMap<>();

  static {
    CASES.put("point", "POINT (1 2)");
    CASES.put("point_z", "POINT Z (1 2 3)");
    CASES.put("point_m", "POINT M (1 2 4)");
    CASES.put("point_zm", "POINT ZM (1 2 3 4)");
    CASES.put("point_empty", "POINT EMPTY");
    CASES.put("point_zm_empty", "POINT ZM EMPTY");
    CASES.put("point_nan", "POINT (NaN 2)");
    CASES.put("point_srid_4326", "SRID=4326;POINT (-71.06 42.36)");
    CASES.put("point_srid_above_24_bits", "SRID=16777300;POINT (1 2)");
    CASES.put("point_srid_negative", "SRID=-2;POINT (1 2)");
    CASES.put("linestring", "LINESTRING (30 10, 10 30, 40 40)");
    CASES.put("linestring_zm", "LINESTRING ZM (30 10 40 300, 10 30 40 300)");
    CASES.put("linestring_empty", "LINESTRING EMPTY");
    CASES.put("linearring", "LINEARRING (0 0, 1 0, 1 1, 0 0)");
    CASES.put("polygon_with_holes", "SRID=4326;POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))");
    CASES.put("polygon_z", "POLYGON Z ((30 10 40, 40 40 80, 20 40 60, 10 20 30, 30 10 40))");
    CASES.put("polygon_empty", "POLYGON EMPTY");
    CASES.put("multipoint_with_empty", "MULTIPOINT ((1 2), EMPTY, (3 4))");
    CASES.put("multipoint_empty", "MULTIPOINT EMPTY");
    CASES.put("multilinestring_m", "MULTILINESTRING M ((1 2 3, 4 5 6), (7 8 9, 10 11 12, 13 14 15))");
    CASES.put("multipolygon", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((10 10, 20 10, 20 20, 10 10), (11 11, 12 11, 12 12, 11 11)))");
    CASES.put("multipolygon_of_empty", "MULTIPOLYGON (EMPTY)");
    CASES.put("multipolygon_empty", "MULTIPOLYGON EMPTY");
    CASES.put("geometrycollection_nested", "GEOMETRYCOLLECTION (POINT (1 2), GEOMETRYCOLLECTION (LINESTRING (1 2, 3 4), GEOMETRYCOLLECTION EMPTY), POLYGON EMPTY)");
    CASES.put("geometrycollection_mixed_dims", "GEOMETRYCOLLECTION (POINT Z (1 2 3), POINT M (1 2 4), POINT (5 6))");
    CASES.put("geometrycollection_empty", "GEOMETRYCOLLECTION EMPTY");
  }

  static Geometry parse(String text) {
    int srid = 0;
    if (text.startsWith("SRID=")) {
      int semi = text.indexOf(';');
      srid = Integer.parseInt(text.substring(5, semi));
      text = text.substring(semi + 1);
    }
    Geometry g = GeometrySerdeTest.wkt(text);
    g.setSRID(srid);
    return g;
  }

  static byte[] resource(String name) throws IOException {
    try (InputStream in = GoldenFilesTest.class.getClassLoader().getResourceAsStream(DIR + name)) {
      return in == null ? null : in.readAllBytes();
    }
  }

  @Test
  void goldenFilesMatchBothWays() throws IOException {
    boolean write = Boolean.getBoolean("golden.write");
    Path src = Paths.get("src/test/resources", DIR);
    Set<Integer> typesSeen = new TreeSet<>();
    Set<Integer> flagsSeen = new TreeSet<>();
    for (Map.Entry<String, String> c : CASES.entrySet()) {
      String name = c.getKey();
      Geometry g = parse(c.getValue());
      Map<String, byte[]> encodings = Map.of(".geom", GeometrySerde.serialize(g), ".wkb", Wkb.write(g), ".ewkb", Wkb.writeEwkb(g));
      byte[] wkt = resource(name + ".wkt");
      if (wkt == null && write) {
        Files.createDirectories(src);
        Files.writeString(src.resolve(name + ".wkt"), c.getValue() + "\n");
        for (var e : encodings.entrySet()) Files.write(src.resolve(name + e.getKey()), e.getValue());
        continue;
      }
      assertTrue(wkt != null, "no golden files for case " + name + " (run once with -Dgolden.write=true)");
      assertEquals(c.getValue(), new String(wkt, StandardCharsets.UTF_8).trim(), name + ".wkt");
      for (var e : encodings.entrySet()) {
        byte[] golden = resource(name + e.getKey());
        assertArrayEquals(golden, e.getValue(), name + e.getKey() + ": encoder output changed (format break?)");
      }
      byte[] nat = resource(name + ".geom");
      GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(nat));
      GeometryAssert.assertSameWkb(g, Wkb.read(resource(name + ".wkb")), false);
      GeometryAssert.assertSameWkb(g, Wkb.read(resource(name + ".ewkb")), true);
      typesSeen.add((int) nat[0]);
      flagsSeen.add(nat[1] & 0xFF);
    }
    if (!write) {
      assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7, 8), typesSeen, "every type code has a golden file");
      for (int flag : new int[] {NativeFormat.FLAG_Z, NativeFormat.FLAG_M, NativeFormat.FLAG_ENVELOPE, NativeFormat.FLAG_EMPTY}) {
        assertTrue(flagsSeen.stream().anyMatch(f -> (f & flag) != 0), "flag " + flag + " has a golden file");
      }
    }
  }

  @Test
  void noStrayGoldenFiles() throws IOException {
    Path src = Paths.get("src/test/resources", DIR);
    if (!Files.isDirectory(src)) return;
    try (var s = Files.list(src)) {
      s.forEach(p -> {
        String f = p.getFileName().toString();
        String name = f.substring(0, f.lastIndexOf('.'));
        assertTrue(CASES.containsKey(name), "golden file without a case: " + f);
      });
    }
  }
}
