package dev.brine.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.spark.BrineSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.Test;
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
    assertThrows(IllegalArgumentException.class, () -> SparkBench.parse(new String[] {"--serializers", "fory"}));
    assertThrows(IllegalArgumentException.class, () -> SparkBench.parse(new String[] {"--records"}));
    assertThrows(IllegalArgumentException.class, () -> SparkBench.parse(new String[] {"--bogus"}));
  }

  @Test
  void recordsAreDeterministic() {
    assertEquals(BenchRecord.of(42), BenchRecord.of(42));
    assertTrue(BenchRecord.of(7).amount() >= 0);
  }

  @Test
  void recordRoundTripsThroughTheBenchBrineSettings() {
    SparkConf conf = SparkSuite.conf("brine", java.nio.file.Path.of("/tmp"));
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
        new SparkBench.Run("brine", new long[] {1, 2, 3, 4, 5}, 2_000_000_000L, 80, 70, 1),
        new SparkBench.Run("kryo", new long[] {1, 2, 3, 4, 5}, 3_000_000_000L, 100, 100, 1));
    String r = SparkBench.report(a, runs);
    assertTrue(r.contains("| brine | 2.00 |"), r);
    assertTrue(r.contains("1.50x faster"), r);
    assertTrue(r.contains("shuffle bytes 0.80x"), r);
    assertEquals(3, SparkBench.median(new long[] {5, 1, 3}));
  }
}
