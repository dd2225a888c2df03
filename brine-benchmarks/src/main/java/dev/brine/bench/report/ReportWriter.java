package dev.brine.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Writes the markdown report: per benchmark class, one row per ({@code @Param} values, op) with each library's
 * score, Brine's speed ratios over Fory, Kryo and the hand-written code, then bytes per payload and, when the gc
 * profiler ran, allocation per op. Works for any class following the {@code <op>_<library>} convention.
 */
public final class ReportWriter {
  /** Libraries in the order columns are shown; others follow alphabetically. */
  static final List<String> ORDER = List.of("brine", "fory", "kryo", "protobuf", "handwritten", "jdk", "jackson");
  /** The peers Brine is compared against in ratio columns (label, library). */
  static final List<String[]> RATIOS =
      List.of(new String[] {"Brine/Fory", "fory"}, new String[] {"Brine/Kryo", "kryo"},
          new String[] {"Brine/hand-written", "handwritten"});

  private ReportWriter() {
  }

  /** Rows of one class: key = params label + op, value = library → result. */
  static Map<String, Map<String, Map<String, Result>>> group(List<Result> results) {
    // rows ordered by parameter set (first seen), then op (first seen), whatever order JMH ran them in
    Map<String, Integer> paramOrder = new LinkedHashMap<>();
    Map<String, Integer> opOrder = new LinkedHashMap<>();
    List<Result> sorted = new ArrayList<>(results);
    for (Result r : sorted) {
      paramOrder.putIfAbsent(r.paramsLabel(), paramOrder.size());
      opOrder.putIfAbsent(r.op(), opOrder.size());
    }
    sorted.sort(Comparator.comparing((Result r) -> paramOrder.get(r.paramsLabel()))
        .thenComparing(r -> opOrder.get(r.op())));
    Map<String, Map<String, Map<String, Result>>> byClass = new LinkedHashMap<>();
    for (Result r : results) {
      byClass.computeIfAbsent(r.packageName() + "." + r.className(), k -> new LinkedHashMap<>());
    }
    for (Result r : sorted) {
      byClass.get(r.packageName() + "." + r.className())
          .computeIfAbsent(r.paramsLabel() + "\u0000" + r.op(), k -> new LinkedHashMap<>())
          .put(r.library(), r);
    }
    return byClass;
  }

  static List<String> libraries(Iterable<Map<String, Result>> rows) {
    Set<String> seen = new LinkedHashSet<>();
    for (Map<String, Result> row : rows) {
      seen.addAll(row.keySet());
    }
    List<String> libs = new ArrayList<>();
    for (String l : ORDER) {
      if (seen.remove(l)) {
        libs.add(l);
      }
    }
    List<String> rest = new ArrayList<>(seen);
    rest.sort(null);
    libs.addAll(rest);
    return libs;
  }

  /**
   * Writes the report.
   *
   * @param file target markdown file (parent directories are created)
   * @param header lines placed under the title (command, machine, settings)
   * @param results all results
   * @param sizes payload sizes per "fqcn\u0000paramsLabel" key, library → bytes
   * @param chartFile file name of the chart to link, or null
   * @throws IOException on write failure
   */
  public static void write(Path file, List<String> header, List<Result> results,
      Map<String, Map<String, Integer>> sizes, String chartFile) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Brine benchmark report\n\n");
    for (String h : header) {
      md.append(h).append("  \n");
    }
    md.append("\nThroughput (`thrpt`) is operations per second, higher is better; single-shot (`ss`) and average-time "
        + "(`avgt`) modes show time per operation, lower is better. `±` is JMH's 99.9% confidence half-width as a "
        + "percentage of the score. Ratios are Brine's speed divided by the peer's: above 1.00× Brine is faster. "
        + "A dash means the benchmark did not run or failed its round-trip check.\n\n");
    if (chartFile != null) {
      md.append("![throughput relative to a reference peer, one panel per workload](").append(chartFile)
          .append(")\n\n");
    }
    Map<String, Map<String, Map<String, Result>>> byClass = group(results);
    summary(md, byClass);
    for (Map.Entry<String, Map<String, Map<String, Result>>> cls : byClass.entrySet()) {
      String fqcn = cls.getKey();
      Map<String, Map<String, Result>> rows = cls.getValue();
      List<String> libs = libraries(rows.values());
      md.append("## ").append(fqcn.substring(fqcn.lastIndexOf('.') + 1)).append("\n\n`").append(fqcn)
          .append("`\n\n");
      List<String[]> ratios = new ArrayList<>();
      for (String[] r : RATIOS) {
        if (libs.contains("brine") && libs.contains(r[1])) {
          ratios.add(r);
        }
      }
      md.append("| params | op | mode |");
      for (String l : libs) {
        md.append(' ').append(l).append(" |");
      }
      for (String[] r : ratios) {
        md.append(' ').append(r[0]).append(" |");
      }
      md.append('\n').append("|---|---|---|");
      md.append("---:|".repeat(libs.size() + ratios.size())).append('\n');
      for (Map.Entry<String, Map<String, Result>> row : rows.entrySet()) {
        Map<String, Result> byLib = row.getValue();
        Result any = byLib.values().iterator().next();
        md.append("| ").append(any.paramsLabel()).append(" | ").append(any.op()).append(" | ").append(any.mode())
            .append(" |");
        for (String l : libs) {
          Result r = byLib.get(l);
          md.append(' ').append(r == null ? "—" : score(r)).append(" |");
        }
        for (String[] ratio : ratios) {
          md.append(' ').append(ratio(byLib.get("brine"), byLib.get(ratio[1]))).append(" |");
        }
        md.append('\n');
      }
      md.append('\n');
      sizeTable(md, fqcn, rows, sizes);
      allocTable(md, rows, libs);
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, md.toString(), StandardCharsets.UTF_8);
  }

  private static void summary(StringBuilder md, Map<String, Map<String, Map<String, Result>>> byClass) {
    md.append("## Summary\n\nGeometric mean of Brine's throughput ratio over every (workload, op) both ran "
        + "(cold start is reported in its own table, not here).\n\n");
    md.append("| ratio | geometric mean | min | max | cases |\n|---|---:|---:|---:|---:|\n");
    for (String[] r : RATIOS) {
      double logSum = 0;
      double min = Double.POSITIVE_INFINITY;
      double max = 0;
      int n = 0;
      for (Map<String, Map<String, Result>> rows : byClass.values()) {
        for (Map<String, Result> row : rows.values()) {
          Result b = row.get("brine");
          Result p = row.get(r[1]);
          if (b != null && p != null && "thrpt".equals(b.mode()) && b.speed() > 0 && p.speed() > 0) {
            double x = b.speed() / p.speed();
            logSum += Math.log(x);
            min = Math.min(min, x);
            max = Math.max(max, x);
            n++;
          }
        }
      }
      md.append("| ").append(r[0]).append(" | ");
      if (n == 0) {
        md.append("— | — | — | 0 |\n");
      } else {
        md.append(fmt("%.2f×", Math.exp(logSum / n))).append(" | ").append(fmt("%.2f×", min)).append(" | ")
            .append(fmt("%.2f×", max)).append(" | ").append(n).append(" |\n");
      }
    }
    md.append('\n');
  }

  private static void sizeTable(StringBuilder md, String fqcn, Map<String, Map<String, Result>> rows,
      Map<String, Map<String, Integer>> sizes) {
    Map<String, Map<String, Integer>> mine = new LinkedHashMap<>();
    for (Map<String, Result> row : rows.values()) {
      String label = row.values().iterator().next().paramsLabel();
      Map<String, Integer> s = sizes.get(fqcn + "\u0000" + label);
      if (s != null && !s.isEmpty()) {
        mine.put(label, s);
      }
    }
    if (mine.isEmpty()) {
      return;
    }
    Set<String> seen = new LinkedHashSet<>();
    mine.values().forEach(m -> seen.addAll(m.keySet()));
    List<String> libs = new ArrayList<>();
    for (String l : ORDER) {
      if (seen.remove(l)) {
        libs.add(l);
      }
    }
    libs.addAll(seen);
    md.append("Bytes per payload:\n\n| params |");
    libs.forEach(l -> md.append(' ').append(l).append(" |"));
    md.append("\n|---|").append("---:|".repeat(libs.size())).append('\n');
    for (Map.Entry<String, Map<String, Integer>> e : mine.entrySet()) {
      md.append("| ").append(e.getKey()).append(" |");
      for (String l : libs) {
        Integer n = e.getValue().get(l);
        md.append(' ').append(n == null ? "—" : n.toString()).append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
  }

  private static void allocTable(StringBuilder md, Map<String, Map<String, Result>> rows, List<String> libs) {
    boolean any = rows.values().stream().flatMap(m -> m.values().stream())
        .anyMatch(r -> !Double.isNaN(r.allocBytesPerOp()));
    if (!any) {
      return;
    }
    md.append("Allocation per operation (B/op, `-prof gc`):\n\n| params | op |");
    libs.forEach(l -> md.append(' ').append(l).append(" |"));
    md.append("\n|---|---|").append("---:|".repeat(libs.size())).append('\n');
    for (Map<String, Result> row : rows.values()) {
      Result first = row.values().iterator().next();
      md.append("| ").append(first.paramsLabel()).append(" | ").append(first.op()).append(" |");
      for (String l : libs) {
        Result r = row.get(l);
        md.append(' ').append(r == null || Double.isNaN(r.allocBytesPerOp()) ? "—"
            : fmt("%.0f", r.allocBytesPerOp())).append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
  }

  /**
   * Formats a score with an SI prefix and its relative error, e.g. {@code 12.3M ±1.2%}.
   *
   * @param r the result
   * @return text for a table cell
   */
  static String score(Result r) {
    String unit = r.unit();
    String s = "ops/s".equals(unit) ? si(r.score()) : plain(r.score()) + " " + unit;
    if (!Double.isNaN(r.error()) && r.score() != 0) {
      s += fmt(" ±%.0f%%", 100 * r.error() / Math.abs(r.score()));
    }
    return s;
  }

  static String si(double v) {
    BiFunction<Double, String, String> f = (x, p) -> fmt(x >= 100 ? "%.0f" : x >= 10 ? "%.1f" : "%.2f", x) + p;
    double a = Math.abs(v);
    if (a >= 1e9) {
      return f.apply(v / 1e9, "G");
    } else if (a >= 1e6) {
      return f.apply(v / 1e6, "M");
    } else if (a >= 1e3) {
      return f.apply(v / 1e3, "k");
    }
    return f.apply(v, "");
  }

  /** Three significant digits without exponent for values from 0.001 up. */
  static String plain(double v) {
    double a = Math.abs(v);
    return fmt(a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
  }

  private static String ratio(Result brine, Result peer) {
    if (brine == null || peer == null || peer.speed() <= 0) {
      return "—";
    }
    return fmt("%.2f×", brine.speed() / peer.speed());
  }

  static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
