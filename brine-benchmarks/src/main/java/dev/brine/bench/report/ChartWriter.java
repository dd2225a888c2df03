package dev.brine.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws the JMH report's figure: one panel per benchmark class (per class and operation when a class has many
 * parameter sets), each showing every library's throughput relative to the class's reference peer (Fory, or
 * Sedona for geometry, or Kryo) on a logarithmic ratio scale, with whiskers from JMH's error of both scores.
 * Single-shot results (cold start) stay in the tables.
 */
public final class ChartWriter {
  /** Reference peers, first present wins: the library each panel's ratios are taken against. */
  static final List<String> REFERENCES = List.of("fory", "sedona", "kryo");
  /** A class with more rows than this gets one panel per operation. */
  static final int MAX_ROWS_PER_PANEL = 12;

  private ChartWriter() {
  }

  /**
   * Writes the PNG.
   *
   * @param file target file
   * @param results all results
   * @param caption lines under the panels (command, date, settings)
   * @return true if a chart was written (false when no throughput benchmark has a reference peer)
   * @throws IOException on write failure
   */
  public static boolean write(Path file, List<Result> results, List<String> caption) throws IOException {
    return Figure.write(file, "Throughput relative to a reference peer: above 1× faster, below slower "
        + "(whiskers: JMH 99.9% error of both scores)", panels(results), caption);
  }

  /**
   * The panels of a set of results.
   *
   * @param results all results
   * @return one panel per class, or per class and operation
   */
  static List<BarPanel> panels(List<Result> results) {
    List<BarPanel> panels = new ArrayList<>();
    for (Map.Entry<String, Map<String, Map<String, Result>>> cls : ReportWriter.group(results).entrySet()) {
      String name = cls.getKey().substring(cls.getKey().lastIndexOf('.') + 1).replaceFirst("Bench$", "");
      List<Map<String, Result>> rows = new ArrayList<>();
      for (Map<String, Result> row : cls.getValue().values()) {
        if (row.values().stream().allMatch(r -> "thrpt".equals(r.mode()))) {
          rows.add(row);
        }
      }
      String ref = reference(rows);
      if (ref == null) {
        continue;
      }
      rows.removeIf(row -> row.get(ref) == null || row.get(ref).speed() <= 0 || row.size() < 2);
      if (rows.size() <= MAX_ROWS_PER_PANEL) {
        panels.add(panel(name + " (relative to " + ref + ")", rows, ref, true));
      } else {
        Map<String, List<Map<String, Result>>> byOp = new LinkedHashMap<>();
        for (Map<String, Result> row : rows) {
          byOp.computeIfAbsent(row.get(ref).op(), k -> new ArrayList<>()).add(row);
        }
        byOp.forEach((op, opRows) -> panels.add(panel(name + " " + op + " (relative to " + ref + ")", opRows, ref,
            false)));
      }
    }
    return panels;
  }

  /** The first of {@link #REFERENCES} that ran in these rows, or null. */
  static String reference(List<Map<String, Result>> rows) {
    for (String ref : REFERENCES) {
      for (Map<String, Result> row : rows) {
        if (row.containsKey(ref)) {
          return ref;
        }
      }
    }
    return null;
  }

  private static BarPanel panel(String title, List<Map<String, Result>> rows, String ref, boolean withOp) {
    Map<String, String> common = new LinkedHashMap<>(rows.get(0).get(ref).params());
    for (Map<String, Result> row : rows) {
      common.entrySet().removeIf(e -> !e.getValue().equals(row.get(ref).params().get(e.getKey())));
    }
    List<String> categories = new ArrayList<>();
    for (Map<String, Result> row : rows) {
      Result r = row.get(ref);
      Map<String, String> own = new LinkedHashMap<>(r.params());
      own.keySet().removeAll(common.keySet());
      String params = label(own);
      categories.add(params.isEmpty() ? r.op() : withOp ? params + " " + r.op() : params);
    }
    String fixed = label(common);
    String named = fixed.isEmpty() ? title
        : title.replaceFirst(" \\(", java.util.regex.Matcher.quoteReplacement(", " + fixed + " ("));
    BarPanel panel = new BarPanel(named, "ops/s ÷ " + ref + "'s", BarPanel.Scale.RATIO, categories);
    for (String lib : ReportWriter.libraries(rows)) {
      if (lib.equals(ref)) {
        continue;
      }
      double[] ratio = new double[rows.size()];
      double[] error = new double[rows.size()];
      for (int i = 0; i < rows.size(); i++) {
        Result r = rows.get(i).get(lib);
        Result peer = rows.get(i).get(ref);
        ratio[i] = r == null ? Double.NaN : r.speed() / peer.speed();
        error[i] = r == null ? Double.NaN : Math.hypot(relative(r), relative(peer));
      }
      panel.series(lib, ratio, error);
    }
    return panel;
  }

  /** JMH's error as a fraction of the score (0 when unknown). */
  static double relative(Result r) {
    return Double.isNaN(r.error()) || r.score() == 0 ? 0 : Math.abs(r.error() / r.score());
  }

  /** {@code point n=16}: text values first as they are, then numbers with their name. */
  static String label(Map<String, String> params) {
    List<String> words = new ArrayList<>();
    List<String> numbers = new ArrayList<>();
    params.forEach((k, v) -> {
      if (v.matches("-?[0-9.]+")) {
        numbers.add(k + "=" + v);
      } else {
        words.add(v);
      }
    });
    words.addAll(numbers);
    return String.join(" ", words);
  }
}
