package dev.brine.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.io.Loads;
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
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Golden files pin every format version: for each case {@code <name>.wkt} (optionally {@code SRID=n;}
 * and {@code ENVELOPE;} prefixed) there is {@code <name>.geom} (native). Version 1 ({@code golden/v1/},
 * which also holds the {@code .wkb} and {@code .ewkb} files) is read only: its files must decode to the
 * case's geometry, and the tests' {@link V1Writer} must still produce them. Version 2 ({@code
 * golden/v2/}) is what {@link GeometrySerde} writes: checked both ways. Changing a byte of an existing
 * file is a format break: add a version, never edit. Regenerate missing files only with {@code
 * -Dgolden.write=true}.
 */
class GoldenFilesTest {
  static final String V1 = "golden/v1/";
  static final String V2 = "golden/v2/";

  /** The cases of both versions. */
  static final Map<String, String> CASES = new LinkedHashMap<>();
  /** Cases added with version 2 (its new flags and header forms). */
  static final Map<String, String> V2_CASES = new LinkedHashMap<>();

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

    V2_CASES.put("point_z_nan", "SRID=4326;POINT Z (1 2 NaN)");
    V2_CASES.put("point_zm_nan", "POINT ZM (1 2 NaN NaN)");
    V2_CASES.put("linestring_m_nan", "LINESTRING M (1 2 NaN, 3 4 NaN)");
    V2_CASES.put("linestring_zm_z_nan", "LINESTRING ZM (1 2 NaN 5, 3 4 NaN 6)");
    V2_CASES.put("linestring_zm_m_nan", "LINESTRING ZM (1 2 3 NaN, 3 4 5 NaN)");
    V2_CASES.put("linestring_z_nan_first_only", "LINESTRING Z (1 2 NaN, 3 4 5)");
    V2_CASES.put("multipolygon_z_nan", "SRID=3857;MULTIPOLYGON Z (((0 0 NaN, 1 0 NaN, 1 1 NaN, 0 0 NaN)), ((5 5 NaN, 6 5 NaN, 6 6 NaN, 5 5 NaN)))");
    V2_CASES.put("multipoint_z_with_empty", "MULTIPOINT Z ((1 2 3), EMPTY, EMPTY, (4 5 6))");
    V2_CASES.put("polygon_with_envelope", "ENVELOPE;SRID=4326;POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1))");
    V2_CASES.put("geometrycollection_with_envelope", "ENVELOPE;GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (3 4, 5 6))");
    V2_CASES.put("linestring_srid_wide_with_envelope", "ENVELOPE;SRID=-1;LINESTRING (3 4, 5 6)");
    V2_CASES.put("point_srid_largest_narrow", "SRID=16777214;POINT (1 2)");
    V2_CASES.put("point_srid_smallest_wide", "SRID=16777215;POINT (1 2)");
    // a polygon's boundary: a MultiLineString of LinearRings (flag RINGS), which WKT cannot write
    V2_CASES.put("multilinestring_of_rings", "BOUNDARY;SRID=4326;POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1))");
  }

  /**
   * The case's geometry: its WKT, with the prefixes {@code ENVELOPE;} (written with a stored envelope),
   * {@code BOUNDARY;} (the geometry's {@code getBoundary()}) and {@code SRID=n;}, in that order.
   */
  static Geometry parse(String text) {
    if (text.startsWith("ENVELOPE;")) {
      text = text.substring(9);
    }
    boolean boundary = text.startsWith("BOUNDARY;");
    if (boundary) {
      text = text.substring(9);
    }
    int srid = 0;
    if (text.startsWith("SRID=")) {
      int semi = text.indexOf(';');
      srid = Integer.parseInt(text.substring(5, semi));
      text = text.substring(semi + 1);
    }
    Geometry g = GeometrySerdeTest.wkt(text);
    if (boundary) {
      g = g.getBoundary();
    }
    g.setSRID(srid);
    return g;
  }

  static byte[] resource(String dir, String name) throws IOException {
    try (InputStream in = GoldenFilesTest.class.getClassLoader().getResourceAsStream(dir + name)) {
      return in == null ? null : in.readAllBytes();
    }
  }

  /** The case's text, or null if it has no files yet (they are written with -Dgolden.write=true). */
  static String checkText(String dir, String name, String text, Map<String, byte[]> writeIfMissing) throws IOException {
    byte[] wkt = resource(dir, name + ".wkt");
    if (wkt == null && Boolean.getBoolean("golden.write")) {
      Path src = Paths.get("src/test/resources", dir);
      Files.createDirectories(src);
      Files.writeString(src.resolve(name + ".wkt"), text + "\n");
      for (var e : writeIfMissing.entrySet()) Files.write(src.resolve(name + e.getKey()), e.getValue());
      return null;
    }
    assertTrue(wkt != null, "no golden files for case " + dir + name + " (run once with -Dgolden.write=true)");
    assertEquals(text, new String(wkt, StandardCharsets.UTF_8).trim(), name + ".wkt");
    return text;
  }

  @Test
  void version1FilesStillDecode() throws IOException {
    Set<Integer> typesSeen = new TreeSet<>();
    Set<Integer> flagsSeen = new TreeSet<>();
    for (Map.Entry<String, String> c : CASES.entrySet()) {
      String name = c.getKey();
      Geometry g = parse(c.getValue());
      // no new v1 files: v1 is no longer written (only WKB files of new cases could be added)
      if (checkText(V1, name, c.getValue(), Map.of(".wkb", Wkb.write(g), ".ewkb", Wkb.writeEwkb(g))) == null) continue;
      byte[] nat = resource(V1, name + ".geom");
      GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(nat));
      GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(nat, new GeometryFactory()));
      EnvelopeTest.assertSameEnvelope(g.getEnvelopeInternal(), GeometrySerde.envelope(nat), name);
      assertArrayEquals(nat, V1Writer.serialize(g), name + ".geom: the tests' V1Writer no longer writes version 1");
      for (String ext : new String[] {".wkb", ".ewkb"}) {
        byte[] golden = resource(V1, name + ext);
        assertArrayEquals(golden, ext.equals(".wkb") ? Wkb.write(g) : Wkb.writeEwkb(g), name + ext + ": WKB output changed");
      }
      GeometryAssert.assertSameWkb(g, Wkb.read(resource(V1, name + ".wkb")), false);
      GeometryAssert.assertSameWkb(g, Wkb.read(resource(V1, name + ".ewkb")), true);
      typesSeen.add((int) nat[0]);
      flagsSeen.add(nat[1] & 0xFF);
    }
    assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7, 8), typesSeen, "every type code has a golden file");
    for (int flag : new int[] {NativeFormat.FLAG_Z, NativeFormat.FLAG_M, NativeFormat.FLAG_ENVELOPE, NativeFormat.FLAG_EMPTY}) {
      assertTrue(flagsSeen.stream().anyMatch(f -> (f & flag) != 0), "flag " + flag + " has a golden file");
    }
  }

  @Test
  void version2FilesMatchBothWays() throws IOException {
    Map<String, String> all = new LinkedHashMap<>(CASES);
    all.putAll(V2_CASES);
    Set<Integer> typesSeen = new TreeSet<>();
    int flagsSeen = 0;
    boolean wideSeen = false;
    for (Map.Entry<String, String> c : all.entrySet()) {
      String name = c.getKey();
      Geometry g = parse(c.getValue());
      byte[] encoded = c.getValue().startsWith("ENVELOPE;") ? GeometrySerde.serializeWithEnvelope(g) : GeometrySerde.serialize(g);
      if (checkText(V2, name, c.getValue(), Map.of(".geom", encoded)) == null) continue;
      byte[] golden = resource(V2, name + ".geom");
      assertArrayEquals(golden, encoded, name + ".geom: encoder output changed (format break?)");
      GeometryAssert.assertSameGeometry(g, GeometrySerde.deserialize(golden));
      EnvelopeTest.assertSameEnvelope(g.getEnvelopeInternal(), GeometrySerde.envelope(golden), name);
      assertEquals(NativeFormat.VERSION_2, (golden[0] & 0xFF) >> 4, name + ": version nibble");
      typesSeen.add(golden[0] & 0x0F);
      flagsSeen |= golden[1] & 0xFF;
      wideSeen |= (Loads.loadInt32(golden, 1) >>> 8) == NativeFormat.WIDE;
    }
    assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7, 8), typesSeen, "every type code has a golden file");
    assertEquals(NativeFormat.KNOWN_FLAGS_V2, flagsSeen, "every flag has a golden file");
    assertTrue(wideSeen, "the extended header has a golden file");
  }

  @Test
  void noStrayGoldenFiles() throws IOException {
    Map<String, String> all = new LinkedHashMap<>(CASES);
    all.putAll(V2_CASES);
    for (String dir : new String[] {V1, V2}) {
      Path src = Paths.get("src/test/resources", dir);
      if (!Files.isDirectory(src)) continue;
      try (var s = Files.list(src)) {
        s.forEach(p -> {
          String f = p.getFileName().toString();
          String name = f.substring(0, f.lastIndexOf('.'));
          assertTrue((dir.equals(V1) ? CASES : all).containsKey(name), "golden file without a case: " + dir + f);
        });
      }
    }
  }
}
