package dev.brine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brine.Brine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * A real local[2] job with {@code spark.brine.registrationRequired=true}: the application's classes
 * come from {@code classesToRegister} and a registrator, Spark's own from the default
 * registrations; nothing may be written by name.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkRegistrationRequiredTest {
  private JavaSparkContext sc;

  /** Registers the test model (besides the class list). */
  public static final class ModelRegistrator implements BrineRegistrator {
    /** Public no-arg constructor. */
    public ModelRegistrator() {}

    @Override
    public void registerClasses(Brine.Builder builder) {
      builder.register(Model.Person.class, Model.Point.class, Model.Reading.class, Model.Color.class);
    }
  }

  @BeforeAll
  void start() throws Exception {
    sc = SparkJobs.context(BrineSerializer.class.getName(), Map.of(
        "spark.brine.registrationRequired", "true",
        "spark.brine.referenceTracking", "false",
        "spark.brine.classesToRegister", Model.Plain.class.getName(),
        "spark.brine.registrator", ModelRegistrator.class.getName()));
  }

  @AfterAll
  void stop() {
    if (sc != null) {
      sc.stop();
    }
  }

  @Test
  void jobsRunWithEveryClassRegistered() {
    JavaRDD<Model.Person> people = sc.parallelize(SparkJobs.people(), 3).persist(StorageLevel.MEMORY_ONLY_SER());
    assertEquals(SparkJobs.N, people.count());
    JavaPairRDD<Model.Point, Model.Reading> readings = people.mapToPair(p -> {
      Model.Point at = new Model.Point((int) (p.id % 10), 0);
      return new Tuple2<>(at, new Model.Reading(at, p.name, p.score, p.favorite));
    });
    Map<Integer, Integer> sizes = new TreeMap<>();
    for (Tuple2<Model.Point, Iterable<Model.Reading>> t : readings.groupByKey(2).collect()) {
      int n = 0;
      for (Model.Reading r : t._2()) {
        n += r.at().equals(t._1()) ? 1 : 0;
      }
      sizes.put(t._1().x(), n);
    }
    assertEquals(10, sizes.size());
    assertEquals(SparkJobs.N, sizes.values().stream().mapToInt(Integer::intValue).sum());
    List<Long> sorted = people.mapToPair(p -> new Tuple2<>(-p.id, new Model.Plain(p.name, p.id)))
        .sortByKey(true, 2).map(t -> t._2().n()).collect();
    List<Long> expected = new ArrayList<>();
    for (long i = SparkJobs.N - 1; i >= 0; i--) {
      expected.add(i);
    }
    assertEquals(expected, sorted);
    Map<Model.Color, Double> sums = people.mapToPair(p -> new Tuple2<>(p.favorite, p.score)).reduceByKey(Double::sum, 2)
        .collectAsMap();
    assertEquals(3, sums.size());
    people.unpersist(true);
  }
}
