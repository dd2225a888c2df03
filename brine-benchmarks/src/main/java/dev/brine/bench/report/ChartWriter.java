package dev.brine.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws the report's bar chart with XChart: for every throughput (class, params, op) that Fory ran, each
 * library's ops/s relative to Fory's (Fory = 1.0, higher is better). Single-shot results (cold start) stay in the
 * tables only, their ratios would flatten the scale.
 */
public final class ChartWriter {
  private ChartWriter() {
  }

  /**
   * Writes the PNG.
   *
   * @param file target file; {@code .png} is appended by XChart if missing
   * @param results all results
   * @return true if a chart was written (false when no throughput benchmark has a Fory result)
   * @throws IOException on write failure
   */
  public static boolean write(Path file, List<Result> results) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Map<String, Map<String, Map<String, Result>>> byClass = ReportWriter.group(results);
    List<String> categories = new ArrayList<>();
    List<Map<String, Result>> rows = new ArrayList<>();
    for (Map.Entry<String, Map<String, Map<String, Result>>> cls : byClass.entrySet()) {
      String name = cls.getKey().substring(cls.getKey().lastIndexOf('.') + 1).replaceFirst("Bench$", "");
      for (Map<String, Result> row : cls.getValue().values()) {
        Result fory = row.get("fory");
        if (fory == null || fory.speed() <= 0 || !"thrpt".equals(fory.mode())) {
          continue;
        }
        String params = String.join("/", fory.params().values());
        categories.add(name + (params.isEmpty() ? "" : " " + params) + " " + fory.op());
        rows.add(row);
      }
    }
    if (categories.isEmpty()) {
      return false;
    }
    List<String> libs = ReportWriter.libraries(rows);
    int width = Math.min(12_000, Math.max(1200, 120 + categories.size() * (libs.size() * 9 + 24)));
    CategoryChart chart = new CategoryChartBuilder().width(width).height(800)
        .title("Speed relative to Apache Fory (1.0 = Fory; higher is better)").xAxisTitle("")
        .yAxisTitle("speed / Fory speed").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    chart.getStyler().setXAxisLabelRotation(60);
    chart.getStyler().setOverlapped(false);
    chart.getStyler().setAvailableSpaceFill(0.85);
    for (String lib : libs) {
      List<Double> ys = new ArrayList<>();
      for (Map<String, Result> row : rows) {
        Result r = row.get(lib);
        ys.add(r == null ? 0.0 : r.speed() / row.get("fory").speed());
      }
      chart.addSeries(lib, categories, ys);
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return true;
  }
}
