package dev.brine.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import scala.Option;
import scala.Some;
import scala.Tuple2;

/**
 * The job suite run under both serializers. Every result is turned into plain, ordered Java values
 * so the two runs compare with equals.
 */
final class SparkJobs {
  private SparkJobs() {}

  static final int N = 3000;

  /** A lean local[2] context on loopback, writing to a temp dir. */
  static JavaSparkContext context(String serializer, Map<String, String> extra) throws Exception {
    Path tmp = Files.createTempDirectory("brine-spark-test");
    SparkConf conf = new SparkConf()
        .setMaster("local[2]")
        .setAppName("brine-spark-test")
        .set("spark.serializer", serializer)
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.local.dir", tmp.toString())
        .set("spark.sql.shuffle.partitions", "2")
        .set("spark.default.parallelism", "2")
        .set("spark.metrics.staticSources.enabled", "false");
    extra.forEach(conf::set);
    return new JavaSparkContext(conf);
  }

  static List<Model.Person> people() {
    return IntStream.range(0, N).mapToObj(Model.Person::new).collect(Collectors.toList());
  }

  /** Runs every job; the keys name the jobs. */
  static Map<String, Object> runAll(JavaSparkContext sc) {
    Map<String, Object> out = new LinkedHashMap<>();
    JavaRDD<Model.Person> people = sc.parallelize(people(), 3);

    // persist in serialized form, read twice
    JavaRDD<Model.Person> cached = people.persist(StorageLevel.MEMORY_ONLY_SER());
    out.put("cache.count", cached.count());
    List<Model.Person> back = new ArrayList<>(cached.collect());
    back.sort(Comparator.comparingLong(p -> p.id));
    out.put("cache.collect", back);
    cached.unpersist(true);

    // groupByKey with record keys and record values (CompactBuffer goes through the serializer)
    JavaPairRDD<Model.Point, Model.Reading> readings = people.mapToPair(p -> {
      Model.Point at = new Model.Point((int) (p.id % 10), (int) (p.id % 3));
      return new Tuple2<>(at, new Model.Reading(at, p.name, p.score, p.favorite));
    });
    Map<Model.Point, List<String>> grouped = new TreeMap<>(Comparator.comparingInt(Model.Point::x)
        .thenComparingInt(Model.Point::y));
    for (Tuple2<Model.Point, Iterable<Model.Reading>> t : readings.groupByKey(2).collect()) {
      List<String> names = new ArrayList<>();
      t._2().forEach(r -> names.add(r.station() + "@" + r.value()));
      names.sort(null);
      grouped.put(t._1(), names);
    }
    out.put("groupByKey", grouped);

    // reduceByKey with enum keys
    out.put("reduceByKey", new TreeMap<>(people.mapToPair(p -> new Tuple2<>(p.favorite, p.score))
        .reduceByKey(Double::sum, 2).collectAsMap()));

    // sortByKey (range partitioner samples keys through the serializer too)
    List<Long> sorted = people.mapToPair(p -> new Tuple2<>(-p.id, p)).sortByKey(true, 2)
        .map(t -> t._2().id).collect();
    out.put("sortByKey", sorted);

    // join on record keys, values are POJOs and Java collections
    JavaPairRDD<Model.Point, Model.Person> left = people.mapToPair(p -> new Tuple2<>(new Model.Point((int) (p.id % 50), 0), p));
    JavaPairRDD<Model.Point, List<String>> right = sc.parallelize(IntStream.range(0, 60).boxed().toList(), 2)
        .mapToPair(i -> new Tuple2<>(new Model.Point(i, 0), List.of("r" + i, "s" + (i * 2))));
    Map<Integer, Long> joined = new TreeMap<>();
    for (Tuple2<Model.Point, Tuple2<Model.Person, List<String>>> t : left.join(right, 2).collect()) {
      joined.merge(t._1().x() * 1000 + t._2()._2().size(), t._2()._1().id, Long::sum);
    }
    out.put("join", joined);

    // broadcast a map of POJOs
    Map<Long, Model.Person> lookup = new HashMap<>();
    for (int i = 0; i < 100; i++) {
      lookup.put((long) i, new Model.Person(i));
    }
    Broadcast<Map<Long, Model.Person>> bc = sc.broadcast(lookup);
    out.put("broadcast", people.map(p -> bc.value().get(p.id % 100).name.length() + p.age).reduce(Integer::sum));
    bc.destroy();

    // Scala values through a shuffle and back to the driver: tuples, options, lists, vectors, maps
    JavaPairRDD<Tuple2<Integer, String>, Object> scalaPairs = people.mapToPair(p -> {
      Tuple2<Integer, String> key = new Tuple2<>((int) (p.id % 5), p.favorite.name());
      Option<Object> opt = p.id % 2 == 0 ? new Some<>(p.age) : Option.empty();
      Object value = new Tuple2<>(opt, scala.jdk.javaapi.CollectionConverters.asScala(p.tags).toList());
      return new Tuple2<>(key, value);
    });
    Map<String, String> scalaOut = new TreeMap<>();
    for (Tuple2<Tuple2<Integer, String>, Iterable<Object>> t : scalaPairs.groupByKey(2).collect()) {
      List<String> vs = new ArrayList<>();
      for (Object v : t._2()) {
        Tuple2<?, ?> tv = (Tuple2<?, ?>) v;
        Option<?> o = (Option<?>) tv._1();
        if (o.isEmpty() && o != scala.None$.MODULE$) {
          throw new AssertionError("None came back as a copy");
        }
        vs.add(o + "/" + tv._2());
      }
      vs.sort(null);
      scalaOut.put(t._1().toString(), String.join(",", vs));
    }
    out.put("scala.groupByKey", scalaOut);
    out.put("scala.collect", people.filter(p -> p.id < 20)
        .map(p -> (Object) new Tuple2<>(p.id, SparkDefaultsValues.sample((int) p.id))).collect().stream()
        .map(Object::toString).sorted().toList());
    return out;
  }
}
