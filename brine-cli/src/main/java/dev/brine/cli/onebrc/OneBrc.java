package dev.brine.cli.onebrc;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.columnar.ColumnarReader;
import dev.brine.columnar.ColumnarWriter;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The One Billion Row Challenge on Brine columnar files: generate {@code name;temp} text, convert
 * it to a {@code .brc} record file of {@link Measurement}s, and aggregate either form into the
 * 1BRC result {@code {Abha=-23.0/18.0/59.2, ...}}.
 */
public final class OneBrc {
  private OneBrc() {}

  /** A station and its mean temperature, for the generator. */
  public record Station(String name, double mean) {}

  /**
   * The built-in 413 stations (names from weather_stations.csv, CC BY 4.0 simplemaps; means from
   * a latitude model, see the resource header).
   *
   * @return the stations in file order
   */
  public static List<Station> defaultStations() {
    try (InputStream in = OneBrc.class.getResourceAsStream("stations-413.csv")) {
      if (in == null) {
        throw new BrineException("missing resource stations-413.csv");
      }
      return parseStations(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), false);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads a {@code name;latitude} station file (1BRC's weather_stations.csv; {@code #} lines are
   * comments); each distinct name gets the mean {@code 30 - 0.45 * |latitude|}.
   *
   * @param csv the file
   * @return the distinct stations in file order
   * @throws MalformedInputException if a line has no ';' or no number
   */
  public static List<Station> readStations(Path csv) {
    try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      return parseStations(r, true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + csv, e);
    }
  }

  private static List<Station> parseStations(BufferedReader r, boolean latitude) throws IOException {
    Map<String, Station> out = new LinkedHashMap<>();
    String line;
    int n = 0;
    while ((line = r.readLine()) != null) {
      n++;
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int semi = line.lastIndexOf(';');
      if (semi <= 0) {
        throw new MalformedInputException("station line " + n + " has no 'name;value'");
      }
      double v;
      try {
        v = Double.parseDouble(line.substring(semi + 1).trim());
      } catch (NumberFormatException e) {
        throw new MalformedInputException("station line " + n + " has no number after ';'", e);
      }
      double mean = latitude ? Math.round((30 - 0.45 * Math.abs(v)) * 10) / 10.0 : v;
      out.putIfAbsent(line.substring(0, semi), new Station(line.substring(0, semi), mean));
    }
    if (out.isEmpty()) {
      throw new MalformedInputException("no stations found");
    }
    return new ArrayList<>(out.values());
  }

  /**
   * Deterministic row generator: station uniformly at random, temperature gaussian around its
   * mean with sigma 10, clamped to [-99.9, 99.9], in tenths.
   */
  public static final class Generator {
    private final Random random;
    private final int stations;
    private final int[] meanTenths;

    /**
     * Creates a generator.
     *
     * @param stations the stations to draw from
     * @param seed the random seed
     */
    public Generator(List<Station> stations, long seed) {
      this.random = new Random(seed);
      this.stations = stations.size();
      this.meanTenths = new int[stations.size()];
      for (int i = 0; i < meanTenths.length; i++) {
        meanTenths[i] = (int) Math.round(stations.get(i).mean() * 10);
      }
    }

    /**
     * Draws the next station index.
     *
     * @return 0 .. stations-1
     */
    public int nextStation() {
      return random.nextInt(stations);
    }

    /**
     * Draws a temperature for a station.
     *
     * @param station the station index
     * @return tenths of a degree in -999..999
     */
    public int nextTenths(int station) {
      long t = meanTenths[station] + Math.round(random.nextGaussian() * 100);
      return (int) Math.max(-999, Math.min(999, t));
    }
  }

  /**
   * Writes {@code rows} lines of {@code name;temp} text.
   *
   * @param rows number of lines
   * @param out the text file
   * @param seed random seed
   * @param stations the stations (see {@link #defaultStations()})
   * @param progress called with the number of rows written so far every 1 Mi rows (may be null)
   * @throws UncheckedIOException if writing fails
   */
  public static void generate(long rows, Path out, long seed, List<Station> stations, LongConsumer progress) {
    Generator g = new Generator(stations, seed);
    byte[][] names = new byte[stations.size()][];
    for (int i = 0; i < names.length; i++) {
      names[i] = (stations.get(i).name() + ";").getBytes(StandardCharsets.UTF_8);
    }
    byte[] num = new byte[8];
    try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
      for (long r = 0; r < rows; r++) {
        int s = g.nextStation();
        int t = g.nextTenths(s);
        os.write(names[s]);
        int n = 0;
        int a = Math.abs(t);
        if (t < 0) {
          num[n++] = '-';
        }
        if (a >= 100) {
          num[n++] = (byte) ('0' + a / 100);
        }
        num[n++] = (byte) ('0' + (a / 10) % 10);
        num[n++] = '.';
        num[n++] = (byte) ('0' + a % 10);
        num[n++] = '\n';
        os.write(num, 0, n);
        if (progress != null && (r & 0xFFFFF) == 0xFFFFF) {
          progress.accept(r + 1);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + out, e);
    }
    if (progress != null) {
      progress.accept(rows);
    }
  }

  /**
   * Converts a 1BRC text file into a Brine columnar file of {@link Measurement}s.
   *
   * @param text the {@code name;temp} file (UTF-8)
   * @param brc the record file to write
   * @param progress called with bytes of text consumed so far (may be null)
   * @return the number of rows written
   * @throws MalformedInputException for a bad line, as {@code file:line:column: problem: "line"}
   * @throws UncheckedIOException on I/O errors
   */
  public static long convert(Path text, Path brc, LongConsumer progress) {
    NameTable names = new NameTable();
    AtomicLong done = new AtomicLong();
    try (FileChannel ch = FileChannel.open(text, StandardOpenOption.READ);
        ColumnarWriter<Measurement> w = ColumnarWriter.create(brc, Measurement.class)) {
      TextScanner.scan(ch, 0, ch.size(), names,
          (station, tenths) -> w.write(new Measurement(names.name(station), tenths / 10.0)),
          progress == null ? null : bytes -> progress.accept(done.addAndGet(bytes)));
      w.commit(); // a bad line threw above: then nothing is published and an earlier file stays
      return w.rowCount();
    } catch (LineError e) {
      throw describe(text, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot convert " + text, e);
    }
  }

  /**
   * Aggregates a file: {@code .brc} files are scanned as Brine columnar files, anything else is
   * parsed as 1BRC text.
   *
   * @param file the input
   * @param threads scanning threads (at least 1)
   * @return statistics by station, sorted by name
   * @throws BrineException for bad input
   */
  public static TreeMap<String, StationStats> aggregate(Path file, int threads) {
    return aggregate(file, threads, ColumnarReader.Options.defaults());
  }

  /**
   * Aggregates a file, opening {@code .brc} files with the given options (e.g. recovery of a file
   * whose writer died, or skipping block checksums).
   *
   * @param file the input
   * @param threads scanning threads (at least 1)
   * @param options reader options for {@code .brc} files
   * @return statistics by station, sorted by name
   * @throws BrineException for bad input
   */
  public static TreeMap<String, StationStats> aggregate(Path file, int threads, ColumnarReader.Options options) {
    if (file.getFileName().toString().endsWith(".brc")) {
      try (ColumnarReader r = ColumnarReader.open(file, options)) {
        return ColumnarAggregator.aggregate(r, threads);
      }
    }
    return aggregateText(file, threads);
  }

  /**
   * Aggregates 1BRC text, splitting the file into {@code threads} ranges at line boundaries.
   *
   * @param file the text file
   * @param threads scanning threads
   * @return statistics by station, sorted by name
   * @throws MalformedInputException for a bad line
   */
  public static TreeMap<String, StationStats> aggregateText(Path file, int threads) {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      int t = (int) Math.max(1, Math.min(threads, size / (1 << 20) + 1));
      List<Map<String, StationStats>> parts = Parallel.run(t, i -> {
        NameTable names = new NameTable();
        List<StationStats> stats = new ArrayList<>();
        TextScanner.scan(ch, size * i / t, size * (i + 1) / t, names, (station, tenths) -> {
          if (station == stats.size()) {
            stats.add(new StationStats());
          }
          stats.get(station).add(tenths);
        }, null);
        Map<String, StationStats> m = new HashMap<>();
        for (int s = 0; s < stats.size(); s++) {
          m.put(names.name(s), stats.get(s));
        }
        return m;
      });
      return merge(parts);
    } catch (LineError e) {
      throw describe(file, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** A bad line as {@code file:line:column: problem: "text"} (counting lines only now, on the error path). */
  private static MalformedInputException describe(Path file, LineError e) {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      return e.describe(file, ch);
    } catch (IOException io) {
      return new MalformedInputException(file + ": " + e.getMessage(), e);
    }
  }

  static TreeMap<String, StationStats> merge(List<Map<String, StationStats>> parts) {
    TreeMap<String, StationStats> out = new TreeMap<>();
    for (Map<String, StationStats> m : parts) {
      m.forEach((k, v) -> out.computeIfAbsent(k, x -> new StationStats()).merge(v));
    }
    return out;
  }

  /**
   * Formats results exactly like 1BRC: {@code {A=min/mean/max, B=...}} sorted by name
   * (String order), without a trailing newline.
   *
   * @param results statistics by station
   * @return the result line
   */
  public static String format(Map<String, StationStats> results) {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, StationStats> e : new TreeMap<>(results).entrySet()) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(e.getKey()).append('=').append(e.getValue());
    }
    return sb.append('}').toString();
  }
}
