package dev.brine.cli;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.cli.inspect.PayloadDecoder;
import dev.brine.cli.inspect.TextPrinter;
import dev.brine.columnar.ColumnarReader;
import dev.brine.geometry.GeometrySerde;
import dev.brine.geometry.Wkb;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.locationtech.jts.geom.Geometry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./brine inspect FILE}: says what a file holds. A Brine payload (or a stream of length-prefixed payloads)
 * is shown as its header and the structure of its value, decoded without the classes ({@link PayloadDecoder},
 * printed by {@link TextPrinter}); a columnar file as its schema, rows and blocks; a geometry as what it is.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
    description = {"Show what a file holds. For a Brine payload: its header (format, references on or off, int/long as "
        + "varints or fixed-width) and the structure of its value, decoded without your classes, like protoc "
        + "--decode_raw: each value's offset, type id, lengths and sizes, nested values, strings and numbers. "
        + "A registered class's fields carry no tags or lengths, so from the first one the bytes are shown raw, "
        + "with their offsets and the strings found in them. Also reads streams of length-prefixed payloads, "
        + "Brine columnar files (.brc) and brine-geometry or WKB geometries.",
        "Exit 0 when the file was read (even if part of it needs the classes), 1 for malformed or truncated input "
        + "(the message gives the offset), 2 for a file that cannot be read."})
public final class InspectCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the file to inspect")
  Path file;

  @Option(names = "--elements", paramLabel = "N",
      description = "elements, entries or chunks shown per value (default ${DEFAULT-VALUE}; all are decoded)")
  int elements = 100;

  @Option(names = "--hex", paramLabel = "N",
      description = "bytes shown in a raw dump: of undecoded bytes, or of a file in no known format "
          + "(default ${DEFAULT-VALUE})")
  int hex = 256;

  @Option(names = "--allow", split = ",", paramLabel = "PACKAGE",
      description = "package prefixes whose classes, when written by name and on the class path, may be loaded to "
          + "show the value as Java objects as well")
  String[] allow = new String[0];

  /** Kept so that old scripts still run: the payload's header says whether references are on. */
  @Option(names = "--references", hidden = true)
  boolean references;

  @Spec CommandSpec spec;

  /** Creates the command (picocli instantiates it). */
  public InspectCommand() {}

  @Option(names = "--proto", description = "decode the file as raw protobuf, without a schema (like protoc --decode_raw)")
  boolean proto;

  @Option(names = "--json", description = "print the Brine payload's value as JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (Files.isDirectory(file)) {
      throw new FileSystemException(file.toString()); // reported as "is a directory"
    }
    if (elements < 1 || hex < 0) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--elements must be at least 1 and --hex at least 0");
    }
    PrintWriter out = spec.commandLine().getOut();
    try {
      byte[] bytes = Files.readAllBytes(file);
      if (proto) {
        out.flush();
        return FormatViews.protoRaw(bytes);
      }
      if (json) {
        return json(out, bytes);
      }
      out.printf("%s: %,d bytes%n", file, bytes.length);
      return inspect(out, bytes);
    } finally {
      out.flush();
    }
  }

  /** The payload's value as JSON ({@code --json}): read with the header's settings, no registration needed. */
  private int json(PrintWriter out, byte[] bytes) {
    if (bytes.length == 0 || !PayloadDecoder.isHeader(bytes[0] & 0xFF)) {
      out.println("invalid: not a Brine payload (no header byte)");
      return 1;
    }
    int h = bytes[0] & 0xFF;
    Brine.Builder b = Brine.builder().requireRegistration(false).references((h & 0x01) != 0)
        .compressNumbers((h & 0x04) == 0).compatible((h & 0xF0) == 0xC0 && (h & 0x02) != 0); // format 2's bit
    if (allow.length > 0) {
      b.allowPackages(allow);
    }
    try {
      out.println(FormatViews.json(b.build().deserialize(bytes)));
      return 0;
    } catch (BrineException e) {
      out.println("invalid: " + e.getMessage());
      return 1;
    }
  }

  private int inspect(PrintWriter out, byte[] bytes) {
    if (bytes.length == 0) {
      out.println("invalid: the file is empty (a Brine payload has at least a header byte and a value)");
      return 1;
    }
    if (bytes.length >= 4 && bytes[0] == 'B' && bytes[1] == 'R' && bytes[2] == 'N' && bytes[3] == 'C') {
      return columnar(out);
    }
    if (PayloadDecoder.isHeader(bytes[0] & 0xFF)) {
      out.println("kind: Brine payload (docs/format.md)");
      return payload(out, bytes, 0, bytes.length);
    }
    int[] spans = PayloadDecoder.lengthPrefixedPayloads(bytes);
    if (spans != null) {
      out.printf("kind: %d length-prefixed Brine payloads (written with serialize(value, OutputStream))%n",
          spans.length / 2);
      int worst = 0;
      for (int i = 0; i < spans.length; i += 2) {
        out.printf("%n%06x  payload %d: %,d bytes%n", spans[i], i / 2 + 1, spans[i + 1]);
        worst = Math.max(worst, payload(out, bytes, spans[i], spans[i + 1]));
      }
      return worst;
    }
    return otherFormats(out, bytes);
  }

  /** Decodes and prints one payload; also shows it as Java objects when that needs no class from the user. */
  private int payload(PrintWriter out, byte[] bytes, int from, int length) {
    PayloadDecoder.Decoded d = PayloadDecoder.decode(bytes, from, length, elements);
    new TextPrinter(out, from).print(d, bytes, from, length, hex);
    if (d.error() != null) {
      return 1;
    }
    if (d.complete() && !d.needsClasses() || allow.length > 0) {
      int h = bytes[from] & 0xFF;
      Brine.Builder b = Brine.builder().requireRegistration(false).references((h & 0x01) != 0)
          .compressNumbers((h & 0x04) == 0);
      if (allow.length > 0) {
        b.allowPackages(allow);
      }
      try {
        byte[] payload = java.util.Arrays.copyOfRange(bytes, from, from + length);
        Object v = b.build().deserialize(payload);
        out.println("as Java: " + (v == null ? "null" : v.getClass().getName() + " " + summary(v)));
      } catch (BrineException e) {
        if (d.complete() && !d.needsClasses()) { // sound structure, unsound values (a set with duplicates…)
          out.println("invalid: " + e.getMessage());
          return 1;
        }
        out.println("as Java: not loaded (" + e.getMessage() + ")");
      }
    }
    return 0;
  }

  private static String summary(Object v) {
    String s;
    try {
      s = v.getClass().isArray() ? java.util.Arrays.deepToString(new Object[] {v}) : String.valueOf(v);
    } catch (RuntimeException e) {
      s = "(toString failed: " + e + ")";
    }
    return s.length() > 500 ? s.substring(0, 500) + "… (" + s.length() + " chars)" : s;
  }

  /** A Brine columnar record file ({@code .brc}, magic "BRNC"): its schema, rows and blocks. */
  private int columnar(PrintWriter out) {
    out.println("kind: Brine columnar record file (docs/format-columnar.md)");
    try (ColumnarReader r = ColumnarReader.open(file, ColumnarReader.Options.defaults().recover(true))) {
      out.println("schema: " + r.schema());
      out.printf("rows: %d in %d blocks%n", r.rowCount(), r.blockCount());
      r.tornTail().ifPresent(t -> out.println("unfinished: " + t
          + " (a writer that never committed; ColumnarReader reads it only with recover(true))"));
      return 0;
    } catch (BrineException e) {
      out.println("invalid: " + e.getMessage());
      return 1;
    }
  }

  /** Not a Brine payload: a brine-geometry native value or WKB, if it decodes as one. */
  private int otherFormats(PrintWriter out, byte[] bytes) {
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
      out.println("kind: " + f.getKey());
      out.println("value: " + g.getGeometryType() + " of " + g.getNumPoints() + " points, SRID " + g.getSRID()
          + ", envelope " + g.getEnvelopeInternal());
      return 0;
    }
    TextPrinter.dump(out, bytes, 0, Math.min(hex, bytes.length), 0);
    out.printf("invalid: header byte 0x%02X is not a Brine payload's (0xC0, 0xC1, 0xC4, 0xC5; format 1: 0xB2, "
        + "0xB3, 0xB6, 0xB7), and the file is "
        + "neither a stream of length-prefixed payloads, a Brine columnar file nor a geometry (bare values, written "
        + "with serializeValue, carry no header and cannot be recognized)%n", bytes[0] & 0xFF);
    return 1;
  }
}
