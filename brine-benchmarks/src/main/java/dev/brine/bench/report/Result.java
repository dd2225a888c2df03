package dev.brine.bench.report;

import java.util.Map;

/**
 * One JMH result, reduced to what the report needs and split by the shared naming convention
 * {@code <package>.<Class>.<op>_<library>}.
 *
 * @param className simple class name (the topic), e.g. {@code MediaContentBench}
 * @param packageName package of the class
 * @param params JMH {@code @Param} values in declaration order, e.g. {@code workload=int_int, size=64}
 * @param op operation token, e.g. {@code serialize}
 * @param library library token, e.g. {@code brine}
 * @param mode JMH mode short label ({@code thrpt}, {@code avgt}, {@code ss}, {@code sample})
 * @param score primary score
 * @param error primary score error (99.9% half-width; NaN when unknown)
 * @param unit primary score unit, e.g. {@code ops/s} or {@code ms/op}
 * @param allocBytesPerOp {@code gc.alloc.rate.norm} in B/op when the gc profiler ran, else NaN
 */
public record Result(String className, String packageName, Map<String, String> params, String op, String library,
    String mode, double score, double error, String unit, double allocBytesPerOp) {

  /**
   * Speed as "higher is better": the score for throughput, its inverse for time modes.
   *
   * @return a value whose ratios compare libraries (ratio &gt; 1 means faster)
   */
  public double speed() {
    return "thrpt".equals(mode) ? score : 1.0 / score;
  }

  /**
   * The parameters rendered as {@code a=1, b=2}, or {@code -} when there are none.
   *
   * @return label
   */
  public String paramsLabel() {
    if (params.isEmpty()) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(e.getKey()).append('=').append(e.getValue());
    }
    return sb.toString();
  }
}
