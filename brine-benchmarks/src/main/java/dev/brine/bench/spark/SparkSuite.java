package dev.brine.bench.spark;

import dev.brine.bench.spark.SparkBench.Args;
import dev.brine.bench.spark.SparkBench.Run;
import dev.brine.spark.BrineSerializer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.storage.RDDInfo;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The Spark side of {@link SparkBench}, run in the child JVMs that have Spark on their class path:
 * one warm-up and one measured run of one serializer ({@code --result}, the default mode's child),
 * all serializers' runs rotating ({@code --one-jvm}), or ({@code --sizes}) bytes per record.
 */
public final class SparkSuite {
  private SparkSuite() {}

  /** Spark's job group property (SparkContext.SPARK_JOB_GROUP_ID, which Java does not see). */
  private static final String JOB_GROUP_ID = "spark.jobGroup.id";

  /**
   * Child entry point.
   *
   * @param argv the arguments of {@code bench spark} (see {@code bench spark --help})
   * @throws Exception if a job fails or the report cannot be written
   */
  public static void main(String[] argv) throws Exception {
    Args a = SparkBench.parse(argv);
    if (a == null) {
      return;
    }
    if (a.sizes) {
      sizes(a);
    } else if (a.result != null) {
      measureOne(a);
    } else {
      runSuite(a);
    }
  }

  /**
   * Bytes per record in each serializer's stream, uncompressed and without Spark running: the
   * records alone, and as shuffle pairs (customer key, record); then the stream's write and read
   * time per record (best of 7, one thread), to set the serializer's own speed apart from Spark's.
   */
  static void sizes(Args a) throws Exception {
    int n = (int) Math.min(a.records, 100_000);
    ClassTag<Object> tag = ClassTag$.MODULE$.AnyRef();
    for (String s : a.serializers) {
      SparkConf c = conf(s, Path.of(System.getProperty("java.io.tmpdir")), a.conf);
      Serializer ser = (Serializer) Class.forName(c.get("spark.serializer")).getConstructor(SparkConf.class).newInstance(c);
      SerializerInstance inst = ser.newInstance();
      ByteArrayOutputStream records = new ByteArrayOutputStream();
      ByteArrayOutputStream pairs = new ByteArrayOutputStream();
      SerializationStream r = inst.serializeStream(records);
      SerializationStream p = inst.serializeStream(pairs);
      for (int i = 0; i < n; i++) {
        BenchRecord rec = BenchRecord.of(i);
        r.writeObject(rec, tag);
        p.writeKey(rec.customer(), tag);
        p.writeValue(rec, tag);
      }
      r.close();
      p.close();
      System.out.printf(Locale.ROOT, "bench spark: %-5s %.2f bytes per record, %.2f per (key, record) pair (%,d records)%n",
          s, records.size() / (double) n, pairs.size() / (double) n, n);
      // stream throughput outside Spark: best of 7 rounds of writing and reading all records back
      BenchRecord[] recs = new BenchRecord[n];
      for (int i = 0; i < n; i++) {
        recs[i] = BenchRecord.of(i);
      }
      long bestWrite = Long.MAX_VALUE;
      long bestRead = Long.MAX_VALUE;
      for (int round = 0; round < 7; round++) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream(records.size() + 1024);
        long t0 = System.nanoTime();
        SerializationStream w = inst.serializeStream(bos);
        for (BenchRecord rec : recs) {
          w.writeObject(rec, tag);
        }
        w.close();
        long t1 = System.nanoTime();
        DeserializationStream d = inst.deserializeStream(new java.io.ByteArrayInputStream(bos.toByteArray()));
        long check = 0;
        for (int i = 0; i < n; i++) {
          check += ((BenchRecord) d.readObject(tag)).id();
        }
        d.close();
        long t2 = System.nanoTime();
        if (check != (long) n * (n - 1) / 2) {
          throw new IllegalStateException(s + " read back different records");
        }
        bestWrite = Math.min(bestWrite, t1 - t0);
        bestRead = Math.min(bestRead, t2 - t1);
      }
      System.out.printf(Locale.ROOT, "bench spark: %-5s stream write %.1f ns/record, read %.1f ns/record (best of 7)%n",
          s, bestWrite / (double) n, bestRead / (double) n);
    }
  }


  /**
   * The suite's Spark configuration for {@code serializer}, then the user's {@code --conf key=value}
   * settings ({@code extra}), which win.
   */
  static SparkConf conf(String serializer, Path tmp, List<String> extra) {
    SparkConf c = new SparkConf()
        .setMaster("local[2]")
        .setAppName("brine-bench-spark-" + serializer)
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.local.dir", tmp.toString())
        .set("spark.default.parallelism", "4")
        .set("spark.sql.shuffle.partitions", "4");
    String rec = BenchRecord.class.getName();
    switch (serializer) {
      case "brine" -> c.set("spark.serializer", BrineSerializer.class.getName())
          .set("spark.brine.classesToRegister", rec)
          .set("spark.brine.referenceTracking", "false");
      case "kryo" -> c.set("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
          .set("spark.kryo.classesToRegister", rec + ",java.util.ArrayList,java.util.HashMap")
          .set("spark.kryo.referenceTracking", "false");
      default -> c.set("spark.serializer", "org.apache.spark.serializer.JavaSerializer");
    }
    for (String kv : extra) {
      int eq = kv.indexOf('=');
      c.set(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return c;
  }

  /** {@code --one-jvm}: every serializer's warm-up run, then all measured runs in this JVM, rotating. */
  static void runSuite(Args a) throws Exception {
    Path tmp = localDir();
    for (String s : a.serializers) {
      warmUp(s, a.warmup, tmp, a.conf);
    }
    SparkBench.finish(a, SparkBench.alternate(a, (s, round) -> runOnce(s, a.records, tmp, a.conf)));
  }

  /**
   * Default mode, in a fresh JVM per run: the warm-up run, then one measured run of the one
   * serializer, written to {@code --result} as {@link Run#toLine} for the parent.
   */
  static void measureOne(Args a) throws Exception {
    Path tmp = localDir();
    String s = a.serializers.get(0);
    warmUp(s, a.warmup, tmp, a.conf);
    Files.writeString(a.result, runOnce(s, a.records, tmp, a.conf).toLine() + "\n");
  }

  /**
   * A fresh {@code spark.local.dir} for this JVM's runs, removed at exit: the JDK deletes it after the
   * application shutdown hooks, among them Spark's, which delete what Spark created inside it.
   */
  static Path localDir() throws IOException {
    Path tmp = Files.createTempDirectory("brine-bench-spark");
    tmp.toFile().deleteOnExit();
    return tmp;
  }

  /** An unreported run for JIT, codegen and class loading (none if {@code records} is 0). */
  static void warmUp(String serializer, long records, Path tmp, List<String> extra) {
    if (records > 0) {
      Run r = runOnce(serializer, records, tmp, extra);
      System.out.printf(Locale.ROOT, "bench spark: warm-up %-5s %.2f s%n", serializer, r.totalNanos() / 1e9);
    }
  }

  /**
   * Levels the heap between runs: in one JVM the order rotates, but each serializer always follows
   * the same one (Brine follows Java, whose run leaves the most garbage), so without this a run would
   * pay for its predecessor's garbage. In a JVM per run it clears the warm-up run's garbage.
   */
  static void settle() {
    for (int i = 0; i < 2; i++) {
      System.gc();
    }
    try {
      Thread.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Sums task shuffle-write bytes per job of the suite: each job runs in a Spark job group named after
   * it ({@link Jobs#run}), and a job's start maps its stages to that group, so a task's bytes go to
   * the job of its stage.
   */
  static final class ShuffleBytes extends SparkListener {
    private final Map<Integer, Integer> jobOfStage = new ConcurrentHashMap<>();
    private final AtomicLongArray bytes = new AtomicLongArray(SparkBench.JOBS.length);
    private final AtomicLong unattributed = new AtomicLong();

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      String group = start.properties() == null ? null : start.properties().getProperty(JOB_GROUP_ID);
      int job = Arrays.asList(SparkBench.JOBS).indexOf(group);
      for (Object stage : CollectionConverters.asJava(start.stageIds())) {
        jobOfStage.put((Integer) stage, job);
      }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
      if (end.taskMetrics() != null) {
        long written = end.taskMetrics().shuffleWriteMetrics().bytesWritten();
        int job = jobOfStage.getOrDefault(end.stageId(), -1);
        if (job < 0) {
          unattributed.addAndGet(written);
        } else {
          bytes.addAndGet(job, written);
        }
      }
    }

    /** Bytes per job, indexed by {@link SparkBench#JOBS}; fails if a shuffle ran outside the suite's jobs. */
    long[] perJob() {
      if (unattributed.get() != 0) {
        throw new IllegalStateException(unattributed.get() + " shuffle bytes written outside the suite's jobs");
      }
      long[] out = new long[bytes.length()];
      Arrays.setAll(out, bytes::get);
      return out;
    }
  }

  /** Runs and times the suite's jobs, each in the Spark job group named after it. */
  private static final class Jobs {
    private final JavaSparkContext sc;
    final long[] nanos = new long[SparkBench.JOBS.length];

    Jobs(JavaSparkContext sc) {
      this.sc = sc;
    }

    /** Runs job {@code index} of {@link SparkBench#JOBS} and returns its result. */
    long run(int index, LongSupplier job) {
      sc.setJobGroup(SparkBench.JOBS[index], SparkBench.JOBS[index]);
      long t = System.nanoTime();
      long result = job.getAsLong();
      nanos[index] = System.nanoTime() - t;
      sc.clearJobGroup();
      return result;
    }
  }

  /** One job suite under {@code serializer} in a fresh SparkContext. */
  static Run runOnce(String serializer, long records, Path tmp, List<String> extra) {
    settle();
    try (JavaSparkContext sc = new JavaSparkContext(conf(serializer, tmp, extra))) {
      sc.setLogLevel("WARN");
      ShuffleBytes listener = new ShuffleBytes();
      sc.sc().addSparkListener(listener);
      Jobs jobs = new Jobs(sc);
      long start = System.nanoTime();
      JavaRDD<BenchRecord> base = generate(sc, records).persist(StorageLevel.MEMORY_ONLY_SER());
      long count = jobs.run(0, base::count);
      long cached = cachedBytes(sc, base);
      long groups = jobs.run(1, () -> groupByKey(base));
      long customers = jobs.run(2, () -> reduceByKey(base));
      long joined = jobs.run(3, () -> join(base));
      long sorted = jobs.run(4, () -> sortByKey(base));
      long total = System.nanoTime() - start;
      try {
        sc.sc().listenerBus().waitUntilEmpty();
      } catch (java.util.concurrent.TimeoutException e) {
        throw new IllegalStateException("Spark's listener bus did not drain", e);
      }
      base.unpersist(true);
      long checksum = count * 31 + groups * 17 + customers * 13 + joined * 7 + sorted;
      return new Run(serializer, jobs.nanos, total, listener.perJob(), cached, checksum);
    }
  }

  /** {@code records} BenchRecords generated inside the tasks, in 8 partitions. */
  private static JavaRDD<BenchRecord> generate(JavaSparkContext sc, long records) {
    int parts = 8;
    return sc.parallelize(IntStream.range(0, parts).boxed().collect(Collectors.toList()), parts)
        .flatMap(p -> {
          long from = records * p / parts;
          long to = records * (p + 1) / parts;
          return new java.util.Iterator<BenchRecord>() {
            long i = from;

            @Override
            public boolean hasNext() {
              return i < to;
            }

            @Override
            public BenchRecord next() {
              return BenchRecord.of(i++);
            }
          };
        });
  }

  /** The in-memory plus on-disk size of the cached RDD. */
  private static long cachedBytes(JavaSparkContext sc, JavaRDD<BenchRecord> rdd) {
    long cached = 0;
    for (RDDInfo info : sc.sc().getRDDStorageInfo()) {
      if (info.id() == rdd.id()) {
        cached = info.memSize() + info.diskSize();
      }
    }
    return cached;
  }

  /** Sum of quantities over the groups by city (every record shuffled). */
  private static long groupByKey(JavaRDD<BenchRecord> base) {
    return base.mapToPair(r -> new Tuple2<>(r.city(), r)).groupByKey(4)
        .mapValues(it -> {
          long n = 0;
          for (BenchRecord r : it) {
            n += r.quantity;
          }
          return n;
        }).values().reduce(Long::sum);
  }

  /** Number of customers, keeping each one's largest record (map-side combine). */
  private static long reduceByKey(JavaRDD<BenchRecord> base) {
    return base.mapToPair(r -> new Tuple2<>(r.customer(), r))
        .reduceByKey((x, y) -> x.amount() >= y.amount() ? x : y, 4).count();
  }

  /** Size of the join of the records keyed by {@code id / 2} with the records of the even ids' successors. */
  private static long join(JavaRDD<BenchRecord> base) {
    JavaPairRDD<Long, BenchRecord> byId = base.mapToPair(r -> new Tuple2<>(r.id() / 2, r));
    JavaPairRDD<Long, BenchRecord> other = base.filter(r -> r.id() % 2 == 0)
        .mapToPair(r -> new Tuple2<>(r.id() / 2, BenchRecord.of(r.id() + 1)));
    return byId.join(other, 4).count();
  }

  /** Sorts by amount twice: the first id ascending ({@code take(1)}) and the count descending, folded into one number. */
  private static long sortByKey(JavaRDD<BenchRecord> base) {
    long first = base.mapToPair(r -> new Tuple2<>(r.amount(), r)).sortByKey(true, 4)
        .map(x -> x._2().id()).take(1).get(0);
    long count = base.mapToPair(r -> new Tuple2<>(r.amount(), r)).sortByKey(false, 4).count();
    return count * 3 + first;
  }
}
