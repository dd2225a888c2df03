package dev.brine.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON result format ({@code -rf json}) into {@link Result}s. Generic: any benchmark whose method name
 * has the form {@code <op>_<library>} is understood; others get op = method name and library = {@code -}.
 */
public final class ResultParser {
  private ResultParser() {
  }

  /**
   * Parses one JMH JSON result file.
   *
   * @param file the file (an empty or missing file yields no results)
   * @return results in file order
   * @throws IOException if the file cannot be read or is not JMH JSON
   */
  public static List<Result> parse(Path file) throws IOException {
    List<Result> out = new ArrayList<>();
    if (!Files.exists(file) || Files.size(file) == 0) {
      return out;
    }
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    if (root == null || !root.isArray()) {
      throw new IOException(file + ": not a JMH JSON result array");
    }
    for (JsonNode n : root) {
      String benchmark = n.path("benchmark").asText();
      int lastDot = benchmark.lastIndexOf('.');
      String method = benchmark.substring(lastDot + 1);
      String fqcn = lastDot < 0 ? "" : benchmark.substring(0, lastDot);
      int classDot = fqcn.lastIndexOf('.');
      String cls = fqcn.substring(classDot + 1);
      String pkg = classDot < 0 ? "" : fqcn.substring(0, classDot);
      int us = method.lastIndexOf('_');
      String op = us <= 0 ? method : method.substring(0, us);
      String lib = us <= 0 ? "-" : method.substring(us + 1);
      Map<String, String> params = new LinkedHashMap<>();
      JsonNode p = n.path("params");
      for (Map.Entry<String, JsonNode> e : p.properties()) {
        params.put(e.getKey(), e.getValue().asText());
      }
      JsonNode primary = n.path("primaryMetric");
      double alloc = Double.NaN;
      for (Map.Entry<String, JsonNode> e : n.path("secondaryMetrics").properties()) {
        if (e.getKey().endsWith("gc.alloc.rate.norm")) {
          alloc = e.getValue().path("score").asDouble(Double.NaN);
        }
      }
      out.add(new Result(cls, pkg, params, op, lib, n.path("mode").asText(),
          primary.path("score").asDouble(Double.NaN), number(primary.path("scoreError")),
          primary.path("scoreUnit").asText(), alloc));
    }
    return out;
  }

  private static double number(JsonNode n) {
    // JMH writes "NaN" as a string when the error is undefined (e.g. a single sample)
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }
}
