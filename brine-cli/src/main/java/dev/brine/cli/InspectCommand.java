package dev.brine.cli;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.columnar.ColumnarReader;
import dev.brine.geometry.GeometrySerde;
import dev.brine.geometry.Wkb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.locationtech.jts.geom.Geometry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./brine inspect FILE}: decodes a Brine payload (classes loaded by name only if allowed) and
 * prints a hex dump with the decoded value, or says what is wrong with it and where.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
    description = "Decode a Brine payload, a Brine columnar file (.brc) or a brine-geometry value and print what it holds (or the error and its offset).")
public final class InspectCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "the payload file")
  Path file;

  @Option(names = "--references", description = "ignored: the payload's header says whether it tracks references")
  boolean references;

  @Option(names = "--allow", split = ",", description = "package prefixes whose classes may be loaded by name")
  String[] allow = new String[0];

  @Option(names = "--hex", description = "how many bytes to dump (default ${DEFAULT-VALUE})")
  int hex = 256;

  @Option(names = "--proto", description = "decode the file as raw protobuf, without a schema (like protoc --decode_raw)")
  boolean proto;

  @Option(names = "--json", description = "print the Brine payload's value as JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (Files.isDirectory(file)) {
      throw new java.nio.file.FileSystemException(file.toString()); // reported as "is a directory"
    }
    byte[] bytes = Files.readAllBytes(file);
    if (proto) {
      return FormatViews.protoRaw(bytes);
    }
    System.out.printf("%s: %d bytes%n", file, bytes.length);
    dump(bytes, Math.min(hex, bytes.length));
    int h = bytes.length == 0 ? 0 : bytes[0] & 0xFF;
    if (bytes.length >= 4 && bytes[0] == 'B' && bytes[1] == 'R' && bytes[2] == 'N' && bytes[3] == 'C') {
      return columnar();
    }
    if ((h & ~0x05) != 0xB2) {
      return otherFormats(bytes, h);
    }
    boolean refs = references;
    boolean compress = true;
    if ((h & ~0x05) == 0xB2) { // a Brine header: 0xB2 | 1 references | 4 fixed-width numbers
      refs = (h & 0x01) != 0;
      compress = (h & 0x04) == 0;
      System.out.printf("header: 0x%02X (references %s, numbers %s)%n", h, refs ? "on" : "off",
          compress ? "compressed" : "fixed-width");
    }
    Brine.Builder b = Brine.builder().requireRegistration(false).references(refs).compressNumbers(compress);
    if (allow.length > 0) {
      b.allowPackages(allow);
    }
    try {
      Object v = b.build().deserialize(bytes);
      if (json) {
        System.out.println(FormatViews.json(v));
        return 0;
      }
      System.out.println("value: " + (v == null ? "null" : v.getClass().getName() + " " + v));
      return 0;
    } catch (BrineException e) {
      System.out.println("invalid: " + e.getMessage());
      return 1;
    }
  }

  /** A Brine columnar record file ({@code .brc}, magic "BRNC"): its schema, rows and blocks. */
  private int columnar() {
    System.out.println("kind: Brine columnar record file (docs/format-columnar.md)");
    try (ColumnarReader r = ColumnarReader.open(file, ColumnarReader.Options.defaults().recover(true))) {
      System.out.println("schema: " + r.schema());
      System.out.printf("rows: %d in %d blocks%n", r.rowCount(), r.blockCount());
      r.tornTail().ifPresent(t -> System.out.println("unfinished: " + t
          + " (a writer that never committed; ColumnarReader reads it only with recover(true))"));
      return 0;
    } catch (BrineException e) {
      System.out.println("invalid: " + e.getMessage());
      return 1;
    }
  }

  /** Not a Brine payload: a brine-geometry native value or WKB, if it decodes as one. */
  private static int otherFormats(byte[] bytes, int h) {
    Map<String, Function<byte[], Geometry>> geometryFormats = new LinkedHashMap<>();
    geometryFormats.put("brine-geometry native format (docs/format-geometry.md)", GeometrySerde::deserialize);
    geometryFormats.put("WKB geometry", Wkb::read);
    for (Map.Entry<String, Function<byte[], Geometry>> f : geometryFormats.entrySet()) {
      Geometry g;
      try {
        g = f.getValue().apply(bytes);
      } catch (RuntimeException e) { // BrineException for malformed bytes, anything else for JTS refusing them
        continue;
      }
      System.out.println("kind: " + f.getKey());
      System.out.println("value: " + g.getGeometryType() + " of " + g.getNumPoints() + " points, envelope "
          + g.getEnvelopeInternal());
      return 0;
    }
    System.out.printf("invalid: header byte 0x%02X is not a Brine payload's (0xB2, 0xB3, 0xB6, 0xB7), "
        + "and the file is neither a Brine columnar file nor a geometry%n", h);
    return 1;
  }

  private static void dump(byte[] b, int n) {
    for (int i = 0; i < n; i += 16) {
      StringBuilder sb = new StringBuilder(String.format("%08x  ", i));
      for (int j = i; j < i + 16; j++) {
        sb.append(j < n ? String.format("%02x ", b[j] & 0xFF) : "   ");
      }
      sb.append(' ');
      for (int j = i; j < Math.min(i + 16, n); j++) {
        char c = (char) (b[j] & 0xFF);
        sb.append(c >= 32 && c < 127 ? c : '.');
      }
      System.out.println(sb);
    }
  }
}
