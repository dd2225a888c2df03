package dev.brine.geometry;

import static dev.brine.geometry.GeometryAssert.assertSameGeometry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKTFileReader;
import org.locationtech.jts.io.WKTReader;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Round trips over the real geometries in ../shared/data/geometry. */
class SharedDataTest {

  static void roundTripBoth(Geometry g) {
    GeometrySerdeTest.roundTrip(g);
    GeometryAssert.assertSameWkb(g, Wkb.read(Wkb.write(g)), false);
    GeometryAssert.assertSameWkb(g, Wkb.read(Wkb.writeEwkb(g)), true);
  }

  @Test
  void jtsTestXml() throws Exception {
    Path root = SharedData.dir().resolve("geometry/jts-testxml");
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(p -> p.toString().endsWith(".xml")).sorted().toList();
    }
    WKTReader reader = new WKTReader(); // old JTS syntax: "POINT (1 2 3)" is XYZ
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setValidating(false);
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    int parsed = 0;
    int hexWkb = 0;
    List<String> unparseable = new ArrayList<>();
    for (Path file : files) {
      org.w3c.dom.Document doc;
      try {
        doc = dbf.newDocumentBuilder().parse(file.toFile());
      } catch (org.xml.sax.SAXException e) {
        unparseable.add(root.relativize(file) + ": not XML: " + e.getMessage());
        continue;
      }
      for (String tag : new String[] {"a", "b"}) {
        NodeList nodes = doc.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
          String text = ((Element) nodes.item(i)).getTextContent().trim();
          Geometry g;
          try {
            if (text.matches("[0-9A-Fa-f]+")) {
              // some cases hold hex WKB (big-endian): our reader must agree with JTS's
              byte[] wkb = WKBReader.hexToBytes(text);
              g = new WKBReader().read(wkb);
              Geometry ours = Wkb.read(wkb);
              GeometryAssert.assertSameJtsRead(ours, g, true);
              g = ours;
              hexWkb++;
            } else {
              g = reader.read(text);
            }
          } catch (ParseException | IllegalArgumentException e) {
            unparseable.add(root.relativize(file) + " <" + tag + ">: " + e.getMessage());
            continue;
          }
          roundTripBoth(g);
          parsed++;
        }
      }
    }
    System.out.println("jts-testxml: " + files.size() + " files, " + parsed + " geometries round-tripped, "
        + unparseable.size() + " unparseable skipped (" + hexWkb + " of the geometries were hex WKB)");
    unparseable.forEach(u -> System.out.println("  skipped " + u));
    assertTrue(parsed > 1000, "expected thousands of geometries, got " + parsed);
    assertTrue(unparseable.size() < parsed / 20, "too many unparseable: " + unparseable.size());
  }

  @Test
  void jtsTestData() throws Exception {
    Path dir = SharedData.dir().resolve("geometry/jts-testdata");
    int count = 0;
    try (Stream<Path> s = Files.list(dir)) {
      for (Path file : s.filter(p -> p.toString().endsWith(".wkt")).sorted().toList()) {
        @SuppressWarnings("unchecked") // JTS 1.20 returns a raw List
        List<Geometry> gs = new WKTFileReader(file.toFile(), new WKTReader()).read();
        assertTrue(!gs.isEmpty(), file.toString());
        for (Geometry g : gs) {
          g.setSRID(4326);
          roundTripBoth(g);
          count++;
        }
      }
    }
    String hex = Files.readString(dir.resolve("polygon.wkb"), StandardCharsets.US_ASCII).trim();
    byte[] wkb = WKBReader.hexToBytes(hex);
    Geometry jts = new WKBReader().read(wkb);
    Geometry ours = Wkb.read(wkb);
    GeometryAssert.assertSameWkb(jts, ours, true);
    roundTripBoth(ours);
    System.out.println("jts-testdata: " + count + " WKT geometries + polygon.wkb (" + jts.getNumPoints() + " points)");
  }

  @Test
  void geoArrowExamples() throws IOException {
    Path dir = SharedData.dir().resolve("geometry/geoarrow-examples");
    WKTReader reader = GeometrySerdeTest.WKT;
    int count = 0;
    List<String> unparseable = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path file : s.filter(p -> p.toString().endsWith(".tsv")).sorted().toList()) {
        List<String> lines = Files.readAllLines(file);
        assertEquals("geometry", lines.get(0).trim(), file + " header");
        for (String line : lines.subList(1, lines.size())) {
          if (line.isBlank()) continue; // a null geometry
          Geometry g;
          try {
            g = reader.read(line.trim());
          } catch (ParseException e) {
            unparseable.add(file.getFileName() + ": " + line + ": " + e.getMessage());
            continue;
          }
          roundTripBoth(g);
          count++;
        }
      }
    }
    System.out.println("geoarrow-examples: " + count + " geometries, " + unparseable.size() + " unparseable skipped");
    unparseable.forEach(u -> System.out.println("  skipped " + u));
    assertTrue(count > 100, "round-tripped " + count);
  }
}
