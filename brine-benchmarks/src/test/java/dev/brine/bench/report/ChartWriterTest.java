package dev.brine.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/** The figures: ratios and their whiskers, panels per workload, the reference peer, the ratio axis. */
class ChartWriterTest {
  @TempDir Path dir;

  private static Result thrpt(String cls, Map<String, String> params, String op, String lib, double score, double err) {
    return new Result(cls, "dev.brine.bench.x", params, op, lib, "thrpt", score, err, "ops/s", Double.NaN);
  }

  @Test
  void ratiosToTheReferenceWithBothErrorsCombined() {
    List<Result> rs = List.of(
        thrpt("MapBench", Map.of("size", "64"), "serialize", "brine", 300, 30),
        thrpt("MapBench", Map.of("size", "64"), "serialize", "fory", 200, 40),
        thrpt("MapBench", Map.of("size", "64"), "serialize", "kryo", 50, Double.NaN));
    List<BarPanel> panels = ChartWriter.panels(rs);
    assertEquals(1, panels.size());
    CategoryChart chart = panels.get(0).chart(600, 400);
    assertEquals("Map, size=64 (relative to fory)", chart.getTitle(), "a parameter with one value goes to the title");
    assertEquals(List.of("serialize"), panels.get(0).categories());
    Map<String, CategorySeries> series = chart.getSeriesMap();
    assertEquals(List.of("brine", "kryo"), new ArrayList<>(series.keySet()), "the reference has no bars of its own");
    // plotted as log2 of the ratio; the whisker is log2(1 + relative error), 10 % and 20 % combined
    assertEquals(Math.log(1.5) / Math.log(2), first(series.get("brine").getYData()), 1e-9);
    assertEquals(Math.log(1 + Math.hypot(0.1, 0.2)) / Math.log(2), first(series.get("brine").getExtraValues()), 1e-9);
    assertEquals(-2, first(series.get("kryo").getYData()), 1e-9);
    assertEquals(Math.log(1.2) / Math.log(2), first(series.get("kryo").getExtraValues()), 1e-9);
  }

  @Test
  void sedonaIsTheReferenceWhereForyDidNotRunAndBigClassesGetAPanelPerOperation() {
    List<Result> rs = new ArrayList<>();
    for (String w : List.of("point", "linestring", "polygon", "multipolygon", "collection")) {
      for (String op : List.of("serialize", "deserialize", "envelope")) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("workload", w);
        p.put("n", "16");
        rs.add(thrpt("GeometryBench", p, op, "brine", 2e6, 1e5));
        rs.add(thrpt("GeometryBench", p, op, "sedona", 1e6, 1e5));
      }
      rs.add(thrpt("GeometryBench", Map.of("workload", w, "n", "16"), "decode", "brine", 1e6, 1e5)); // no peer
    }
    List<BarPanel> panels = ChartWriter.panels(rs);
    assertEquals(3, panels.size(), "15 rows with a peer: one panel per operation");
    assertEquals("Geometry serialize, n=16 (relative to sedona)", panels.get(0).chart(600, 400).getTitle());
    assertEquals("point", panels.get(0).categories().get(0), "a parameter with one value is named in the title");
  }

  @Test
  void coldStartAndClassesWithoutAPeerDrawNothing() throws Exception {
    List<Result> rs = List.of(new Result("ColdStartBench", "x", Map.of(), "coldstart", "brine", "ss", 100, 1, "ms/op",
        Double.NaN), new Result("ColdStartBench", "x", Map.of(), "coldstart", "fory", "ss", 700, 1, "ms/op",
        Double.NaN), thrpt("StringFloorBench", Map.of(), "strings", "scan", 1, 0));
    assertTrue(ChartWriter.panels(rs).isEmpty());
    assertFalse(ChartWriter.write(dir.resolve("none.png"), rs, List.of()));
  }

  @Test
  void theRatioAxisIsLabelledInRatios() {
    assertEquals("1×", BarPanel.ratioLabel(0));
    assertEquals("2×", BarPanel.ratioLabel(1));
    assertEquals("0.5×", BarPanel.ratioLabel(-1));
    assertEquals("0.25×", BarPanel.ratioLabel(-2));
    assertEquals("1.41×", BarPanel.ratioLabel(0.5));
    assertEquals("64×", BarPanel.ratioLabel(6));
  }

  @Test
  void aFigureHasAPanelPerWorkloadAndItsCaption() throws Exception {
    BarPanel speed = new BarPanel("speed", "x", BarPanel.Scale.RATIO, List.of("a", "b"))
        .series("brine", new double[] {50, 1.2}, new double[] {0.1, 0.3});
    BarPanel time = new BarPanel("time", "s", BarPanel.Scale.LINEAR, List.of("total"))
        .series("brine", new double[] {2}, new double[] {0.1})
        .series("kryo", new double[] {3}, new double[] {Double.NaN});
    Path png = dir.resolve("f.png");
    assertTrue(Figure.write(png, "title", List.of(speed, time), List.of("command", "date")));
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(2 * 760, img.getWidth(), "two panels side by side");
    assertThrows(IllegalArgumentException.class, () -> speed.series("x", new double[1], new double[2]));
  }

  private static double first(java.util.Collection<? extends Number> xs) {
    return xs.iterator().next().doubleValue();
  }
}
