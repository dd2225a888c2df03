package dev.brine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import scala.Tuple2;

/**
 * Real local[2] Spark jobs: the suite of {@link SparkJobs} runs first under Spark's JavaSerializer,
 * then under Brine in one shared context; every result must be identical.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkJobsTest {
  private Map<String, Object> expected;
  private Map<String, Object> actual;
  private JavaSparkContext sc;

  @BeforeAll
  void runBoth() throws Exception {
    try (JavaSparkContext js = SparkJobs.context("org.apache.spark.serializer.JavaSerializer", Map.of())) {
      expected = SparkJobs.runAll(js);
    }
    sc = SparkJobs.context(BrineSerializer.class.getName(), Map.of());
    actual = SparkJobs.runAll(sc);
  }

  @AfterAll
  void stop() {
    if (sc != null) {
      sc.stop();
    }
  }

  @Test
  void brineIsTheSerializer() {
    assertInstanceOf(BrineSerializer.class, SparkEnv.get().serializer());
  }

  @Test
  void sameJobsAsJavaSerializer() {
    assertEquals(expected.keySet(), actual.keySet());
    for (String job : expected.keySet()) {
      assertEquals(expected.get(job), actual.get(job), job);
    }
    assertEquals((long) SparkJobs.N, actual.get("cache.count"));
  }

  @Test
  void nonSerializableRecordsMoveThroughShufflesAndCache() {
    // JavaSerializer (and Kryo, for records) cannot do this; Brine can.
    List<Model.Plain> data = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      data.add(new Model.Plain("n" + (i % 13), i));
    }
    JavaRDD<Model.Plain> rdd = sc.parallelize(data, 2).persist(StorageLevel.MEMORY_ONLY_SER());
    assertEquals(500, rdd.count());
    JavaPairRDD<Model.Plain, Long> byName = rdd.mapToPair(p -> new Tuple2<>(new Model.Plain(p.name(), 0), p.n()));
    Map<Model.Plain, Long> sums = byName.reduceByKey(Long::sum, 2).collectAsMap();
    assertEquals(13, sums.size());
    long total = sums.values().stream().mapToLong(Long::longValue).sum();
    assertEquals(499L * 500 / 2, total);
    List<Tuple2<Model.Plain, Iterable<Long>>> groups = byName.groupByKey(2).collect();
    assertEquals(13, groups.size());
    rdd.unpersist(true);
  }

  /**
   * More than 200 reduce partitions and no map-side combine: Spark takes its serialized shuffle
   * (UnsafeShuffleWriter), which flushes after every record and moves the records' bytes around, the
   * relocation the stream's string table must survive (it starts over at every flush).
   */
  @Test
  void serializedShuffleMovesRecordsWhoseStringsRecur() {
    List<Tuple2<String, List<String>>> data = new ArrayList<>();
    Map<String, List<List<String>>> want = new java.util.TreeMap<>();
    for (int i = 0; i < 3000; i++) {
      String city = "city-" + (i % 37);
      List<String> tags = List.of("tag-" + (i % 5), "tag-" + (i % 5), "id-" + i);
      data.add(new Tuple2<>(city, tags));
      want.computeIfAbsent(city, k -> new ArrayList<>()).add(tags);
    }
    JavaPairRDD<String, Iterable<List<String>>> grouped = sc.parallelizePairs(data, 3).groupByKey(250);
    assertEquals("SerializedShuffleHandle", shuffleHandleOf(grouped.rdd()));
    Map<String, List<List<String>>> got = new java.util.TreeMap<>();
    for (Tuple2<String, Iterable<List<String>>> t : grouped.collect()) {
      List<List<String>> l = new ArrayList<>();
      t._2().forEach(l::add);
      l.sort(java.util.Comparator.comparing(x -> Integer.parseInt(x.get(2).substring(3))));
      got.put(t._1(), l);
    }
    assertEquals(want, got);
  }

  private static String shuffleHandleOf(org.apache.spark.rdd.RDD<?> rdd) {
    for (org.apache.spark.Dependency<?> d : scala.jdk.javaapi.CollectionConverters.asJava(rdd.dependencies())) {
      if (d instanceof org.apache.spark.ShuffleDependency<?, ?, ?> sd) {
        return sd.shuffleHandle().getClass().getSimpleName();
      }
      String inner = shuffleHandleOf(d.rdd());
      if (inner != null) {
        return inner;
      }
    }
    return null;
  }

  @Test
  void scalaSingletonsSurviveCollect() {
    List<Object> back = sc.parallelize(List.<Object>of(scala.None$.MODULE$, scala.collection.immutable.Nil$.MODULE$,
        org.apache.spark.Success$.MODULE$), 2).collect();
    assertSame(scala.None$.MODULE$, back.get(0));
    assertSame(scala.collection.immutable.Nil$.MODULE$, back.get(1));
    assertSame(org.apache.spark.Success$.MODULE$, back.get(2));
    assertTrue(back.size() == 3);
  }
}
