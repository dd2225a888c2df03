package dev.brine.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.spark.BrineSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * Smoke test of the Spark bench without starting Spark (Spark needs its add-opens, which the bench
 * adds in its child JVM): arguments, the record, the report, and the record through the bench's
 * Brine configuration.
 */
class SparkBenchTest {

  @Test
  void parsesArguments() {
    SparkBench.Args a = SparkBench.parse(new String[] {"--records", "1_000", "--runs", "1", "--serializers", "brine,kryo"});
    assertEquals(1000, a.records);
    assertEquals(1, a.runs);
    assertEquals(1000, a.warmup);
    assertEquals(List.of("brine", "kryo"), a.serializers);
    assertNull(SparkBench.parse(new String[] {"--help"}));
    assertThrows(ParameterException.class, () -> SparkBench.parse(new String[] {"--serializers", "fory"}));
    assertThrows(ParameterException.class, () -> SparkBench.parse(new String[] {"--records"}));
    assertThrows(ParameterException.class, () -> SparkBench.parse(new String[] {"--bogus"}));
  }

  @Test
  void confSettingsComeAfterTheSuitesOwn() {
    SparkBench.Args a = SparkBench.parse(new String[] {"--conf", "spark.shuffle.compress=false",
        "--conf", "spark.kryo.referenceTracking=true"});
    SparkConf kryo = SparkSuite.conf("kryo", java.nio.file.Path.of("/tmp"), a.conf);
    assertEquals("false", kryo.get("spark.shuffle.compress"));
    assertEquals("true", kryo.get("spark.kryo.referenceTracking")); // the suite sets false; the user wins
    // and a child JVM of the default mode gets them too
    SparkBench.Args child = SparkBench.parse(SparkBench.childArgs(a, "kryo", java.nio.file.Path.of("/tmp/r")).toArray(new String[0]));
    assertEquals(a.conf, child.conf);
    assertThrows(ParameterException.class, () -> SparkBench.parse(new String[] {"--conf", "spark.x"}));
    assertThrows(ParameterException.class, () -> SparkBench.parse(new String[] {"--conf", "other=1"}));
  }

  @Test
  void recordsAreDeterministic() {
    assertEquals(BenchRecord.of(42), BenchRecord.of(42));
    assertTrue(BenchRecord.of(7).amount() >= 0);
  }

  @Test
  void recordRoundTripsThroughTheBenchBrineSettings() {
    SparkConf conf = SparkSuite.conf("brine", java.nio.file.Path.of("/tmp"), List.of());
    SerializerInstance inst = new BrineSerializer(conf).newInstance();
    ClassTag<Object> tag = ClassTag$.MODULE$.AnyRef();
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    for (int i = 0; i < 100; i++) {
      s.writeObject(BenchRecord.of(i), tag);
    }
    s.close();
    DeserializationStream d = inst.deserializeStream(new ByteArrayInputStream(bos.toByteArray()));
    for (int i = 0; i < 100; i++) {
      assertEquals(BenchRecord.of(i), d.readObject(tag));
    }
  }

  @Test
  void reportHasMediansAndRatios() {
    SparkBench.Args a = SparkBench.parse(new String[] {"--records", "10"});
    List<SparkBench.Run> runs = List.of(
        run("brine", 2_000_000_000L, new long[] {0, 10, 20, 20, 30}, 70),
        run("kryo", 3_000_000_000L, new long[] {0, 10, 40, 20, 30}, 100));
    String r = SparkReport.report(a, runs);
    assertTrue(r.contains("| brine | 2.00 |"), r);
    assertTrue(r.contains("1.50x faster"), r);
    assertTrue(r.contains("shuffle bytes 0.80x"), r);
    assertTrue(r.contains("| brine | 10 | 20 | 20 | 30 | 80 |"), r);
    assertTrue(r.contains("| shuffle bytes (Brine / Kryo) | 0.800 | | 1.000 | 0.500 | 1.000 | 1.000 |"), r);
    assertTrue(r.contains("| 1 | kryo | 3.00 | 100 | 100 |"), r);
    assertEquals(3, SparkReport.median(new long[] {5, 1, 3}));
  }

  @Test
  void theChartShowsTimesAndBytesPerSerializer(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    SparkBench.Args a = SparkBench.parse(new String[] {"--records", "10", "--serializers", "brine,kryo"});
    List<SparkBench.Run> runs = List.of(
        run("brine", 2_000_000_000L, new long[] {0, 10, 20, 20, 30}, 70),
        run("kryo", 3_000_000_000L, new long[] {0, 10, 40, 20, 30}, 100),
        run("brine", 2_200_000_000L, new long[] {0, 10, 20, 20, 30}, 70),
        run("kryo", 2_900_000_000L, new long[] {0, 10, 40, 20, 30}, 100));
    java.nio.file.Path png = dir.resolve("spark.png");
    assertTrue(SparkReport.chart(png, a, runs));
    assertTrue(java.nio.file.Files.size(png) > 10_000);
  }

  @Test
  void runsSurviveTheTripFromChildToParent() {
    SparkBench.Run r = new SparkBench.Run("kryo", new long[] {1, 2, 3, 4, 5}, 99, new long[] {0, 6, 7, 8, 9}, 42, -7);
    SparkBench.Run back = SparkBench.Run.parse(r.toLine() + "\n");
    assertEquals(r.toLine(), back.toLine());
    assertEquals(30, back.shuffleBytes());
    assertThrows(IllegalArgumentException.class, () -> SparkBench.Run.parse("kryo 1 2"));
  }

  @Test
  void childArgumentsMeasureOneSerializer() {
    SparkBench.Args a = SparkBench.parse(new String[] {"--records", "500", "--warmup", "50", "--heap", "2g"});
    SparkBench.Args child = SparkBench.parse(
        SparkBench.childArgs(a, "java", java.nio.file.Path.of("/tmp/x.run")).toArray(String[]::new));
    assertEquals(500, child.records);
    assertEquals(50, child.warmup);
    assertEquals(List.of("java"), child.serializers);
    assertEquals(java.nio.file.Path.of("/tmp/x.run"), child.result);
    assertThrows(ParameterException.class, () -> SparkBench.parse(new String[] {"--result", "/tmp/x.run"}));
    assertTrue(SparkBench.parse(new String[] {"--one-jvm"}).oneJvm);
  }

  @Test
  void jfrFilesAreNamedPerRun() {
    assertEquals("/tmp/p-brine-r2.jfr", SparkBench.jfrFile("/tmp/p.jfr", "brine", 2));
    assertEquals("prof-kryo-r1.jfr", SparkBench.jfrFile("prof", "kryo", 1));
  }

  @Test
  void roundsAlternateAndRotate() throws Exception {
    SparkBench.Args a = SparkBench.parse(new String[] {"--runs", "3"});
    List<String> order = new ArrayList<>();
    SparkBench.alternate(a, (s, round) -> {
      order.add(round + s);
      return run(s, 1, new long[5], 1);
    });
    assertEquals(List.of("1brine", "1kryo", "1java", "2kryo", "2java", "2brine", "3java", "3brine", "3kryo"), order);
  }

  @Test
  void differentResultsFail() {
    SparkBench.Run x = run("brine", 1, new long[5], 1);
    SparkBench.Run y = new SparkBench.Run("kryo", new long[5], 1, new long[5], 1, 2);
    SparkBench.checkChecksums(List.of(x, x));
    assertThrows(IllegalStateException.class, () -> SparkBench.checkChecksums(List.of(x, y)));
  }

  private static SparkBench.Run run(String serializer, long totalNanos, long[] shuffle, long cached) {
    return new SparkBench.Run(serializer, new long[] {1, 2, 3, 4, 5}, totalNanos, shuffle, cached, 1);
  }
}
