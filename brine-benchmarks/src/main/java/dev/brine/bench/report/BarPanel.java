package dev.brine.bench.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * One bar chart of a figure: categories along the x axis, one bar per series in each, and a whisker on every bar.
 *
 * <p>Two scales. {@link Scale#LINEAR} draws the values from zero with symmetric whiskers (value ± error): for
 * quantities of one order of magnitude, such as seconds or bytes. {@link Scale#RATIO} is for ratios to a reference
 * (1.0 = as fast as the reference): the bars grow up from 1× when faster and down when slower, on a logarithmic
 * axis, so a 50× case does not squash the 1.2× ones; a whisker spans the ratio times and divided by
 * (1 + its relative error), which is symmetric on that axis. (XChart draws error bars on a logarithmic axis in
 * decades of the error itself, so the panel plots log2 values on a linear axis and labels the ticks as ratios.)
 */
public final class BarPanel {
  /** How values are drawn. */
  public enum Scale {
    /** Values from zero; whiskers value ± error. */
    LINEAR,
    /** Ratios around 1× on a logarithmic axis; whiskers ratio ×÷ (1 + relative error). */
    RATIO
  }

  private final String title;
  private final String yTitle;
  private final Scale scale;
  private final List<String> categories;
  private final Map<String, double[]> values = new LinkedHashMap<>();
  private final Map<String, double[]> errors = new LinkedHashMap<>();

  /**
   * A panel without series yet.
   *
   * @param title the panel's title
   * @param yTitle the y axis title
   * @param scale how values are drawn
   * @param categories x axis labels, in order
   */
  public BarPanel(String title, String yTitle, Scale scale, List<String> categories) {
    this.title = title;
    this.yTitle = yTitle;
    this.scale = scale;
    this.categories = List.copyOf(categories);
  }

  /**
   * Adds a series. A value that is NaN or (on the ratio scale) not positive has no bar; an error that is NaN has
   * no whisker.
   *
   * @param name the legend label
   * @param value one value per category
   * @param error one error per category: absolute on the linear scale, relative (0.1 = 10 %) on the ratio scale
   * @return this panel
   */
  public BarPanel series(String name, double[] value, double[] error) {
    if (value.length != categories.size() || error.length != categories.size()) {
      throw new IllegalArgumentException(name + ": " + value.length + " values and " + error.length
          + " errors for " + categories.size() + " categories");
    }
    values.put(name, value.clone());
    errors.put(name, error.clone());
    return this;
  }

  /**
   * The categories.
   *
   * @return x axis labels
   */
  public List<String> categories() {
    return categories;
  }

  /**
   * Whether no series has a bar.
   *
   * @return true if there is nothing to draw
   */
  public boolean isEmpty() {
    for (double[] v : values.values()) {
      for (double x : v) {
        if (drawable(x)) {
          return false;
        }
      }
    }
    return true;
  }

  private boolean drawable(double v) {
    return !Double.isNaN(v) && !Double.isInfinite(v) && (scale == Scale.LINEAR || v > 0);
  }

  /**
   * Renders the panel with XChart.
   *
   * @param width pixels
   * @param height pixels
   * @return the chart
   */
  public CategoryChart chart(int width, int height) {
    CategoryChart chart = new CategoryChartBuilder().width(width).height(height).title(title)
        .xAxisTitle("").yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setOverlapped(false);
    chart.getStyler().setAvailableSpaceFill(0.8);
    chart.getStyler().setErrorBarsColor(Color.BLACK);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    int longest = categories.stream().mapToInt(String::length).max().orElse(0);
    boolean crowded = longest * 9 > (width - 120) / Math.max(1, categories.size()); // ~9 px per bold character
    chart.getStyler().setXAxisLabelRotation(crowded ? 25 : 0);
    if (scale == Scale.RATIO) {
      chart.getStyler().setyAxisTickLabelsFormattingFunction(BarPanel::ratioLabel);
    }
    for (Map.Entry<String, double[]> s : values.entrySet()) {
      double[] v = s.getValue();
      double[] e = errors.get(s.getKey());
      List<Double> ys = new ArrayList<>();
      List<Double> es = new ArrayList<>();
      for (int i = 0; i < v.length; i++) {
        if (!drawable(v[i])) {
          ys.add(Double.NaN);
          es.add(0.0);
        } else if (scale == Scale.RATIO) {
          ys.add(log2(v[i]));
          es.add(Double.isNaN(e[i]) ? 0.0 : log2(1 + Math.abs(e[i])));
        } else {
          ys.add(v[i]);
          es.add(Double.isNaN(e[i]) ? 0.0 : Math.abs(e[i]));
        }
      }
      chart.addSeries(s.getKey(), new ArrayList<>(categories), ys, es).setFillColor(color(s.getKey()));
    }
    if (scale == Scale.RATIO) {
      double[] range = ratioRange();
      chart.getStyler().setYAxisMin(range[0]);
      chart.getStyler().setYAxisMax(range[1]);
    } else {
      chart.getStyler().setYAxisMin(0.0);
    }
    return chart;
  }

  /** The same colour for a library in every panel and figure. */
  static Color color(String series) {
    String lib = series.toLowerCase(Locale.ROOT);
    for (Map.Entry<String, Color> c : COLORS.entrySet()) {
      if (lib.startsWith(c.getKey())) {
        return c.getValue();
      }
    }
    return Color.getHSBColor((lib.hashCode() & 0xFF) / 255f, 0.45f, 0.75f);
  }

  /** Colours by series name prefix (Brine's variants first, so "brinewkb" gets its own). */
  private static final Map<String, Color> COLORS = new LinkedHashMap<>();

  static {
    COLORS.put("brinewkb", new Color(0x8FB3F0));
    COLORS.put("brinefixed", new Color(0x1B3F8B)); // navy: Brine's fixed-width mode beside its default
    COLORS.put("foryfixed", new Color(0xF5B98A)); // light orange: Fory with its number compression off
    COLORS.put("brine", new Color(0x2F6FDE));
    COLORS.put("fory", new Color(0xE8833A));
    COLORS.put("kryo", new Color(0xF2C14E));
    COLORS.put("protobuf", new Color(0x7D5BA6));
    COLORS.put("handwritten", new Color(0x55A868));
    COLORS.put("jdk", new Color(0x8C8C8C));
    COLORS.put("java", new Color(0x8C8C8C));
    COLORS.put("jackson", new Color(0xC44E52));
    COLORS.put("sedona", new Color(0xE8833A));
    COLORS.put("jtswkb", new Color(0x8C8C8C));
    COLORS.put("duckdb", new Color(0xE8833A));
    COLORS.put("1 thread", new Color(0x2F6FDE));
    COLORS.put("2 threads", new Color(0x8FB3F0));
  }

  /** The log2 axis range: whole powers of two around every bar and whisker, 1× included. */
  private double[] ratioRange() {
    double lo = 0;
    double hi = 0;
    for (Map.Entry<String, double[]> s : values.entrySet()) {
      double[] v = s.getValue();
      double[] e = errors.get(s.getKey());
      for (int i = 0; i < v.length; i++) {
        if (drawable(v[i])) {
          double w = Double.isNaN(e[i]) ? 0 : log2(1 + Math.abs(e[i]));
          lo = Math.min(lo, log2(v[i]) - w);
          hi = Math.max(hi, log2(v[i]) + w);
        }
      }
    }
    return new double[] {Math.floor(lo - 0.05), Math.ceil(hi + 0.05)};
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  /**
   * A tick of the ratio scale: the log2 value as a ratio, {@code 0.25×}, {@code 1×}, {@code 1.4×}, {@code 16×}.
   *
   * @param log2 a position on the axis
   * @return its label
   */
  static String ratioLabel(double log2) {
    double r = Math.pow(2, log2);
    String s = r >= 10 ? String.format(Locale.ROOT, "%.0f", r)
        : r >= 1 ? String.format(Locale.ROOT, "%.2f", r) : String.format(Locale.ROOT, "%.2g", r);
    if (s.contains(".")) {
      s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return s + "×";
  }
}
