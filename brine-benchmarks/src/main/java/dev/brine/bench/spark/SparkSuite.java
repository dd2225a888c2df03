package dev.brine.bench.spark;

import dev.brine.bench.spark.SparkBench.Args;
import dev.brine.bench.spark.SparkBench.Run;
import dev.brine.spark.BrineSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.storage.RDDInfo;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The Spark side of {@link SparkBench}, run in the child JVM that has Spark on its class path: the
 * job suite under each serializer, or ({@code --sizes}) bytes per record.
 */
public final class SparkSuite {
  private SparkSuite() {}

  /**
   * Child entry point.
   *
   * @param argv the arguments of {@link SparkBench#USAGE}
   * @throws Exception if a job fails or the report cannot be written
   */
  public static void main(String[] argv) throws Exception {
    Args a = SparkBench.parse(argv);
    if (a == null) {
      return;
    }
    if (a.sizes) {
      sizes(a);
      return;
    }
    runSuite(a);
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
      SparkConf c = conf(s, Path.of(System.getProperty("java.io.tmpdir")));
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


  static SparkConf conf(String serializer, Path tmp) {
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
    return c;
  }

  static void runSuite(Args a) throws Exception {
    Path tmp = Files.createTempDirectory("brine-bench-spark");
    List<Run> runs = new ArrayList<>();
    List<String> order = new ArrayList<>(a.serializers);
    if (a.warmup > 0) {
      for (String s : order) { // JIT, codegen and class loading, not reported
        Run r = runOnce(s, a.warmup, tmp);
        System.out.printf(Locale.ROOT, "bench spark: warm-up %-5s %.2f s%n", s, r.totalNanos() / 1e9);
      }
    }
    for (int round = 0; round < a.runs; round++) {
      for (String s : order) {
        Run r = runOnce(s, a.records, tmp);
        runs.add(r);
        System.out.printf(Locale.ROOT, "bench spark: round %d %-5s total %.2f s, shuffle %,d B, cached %,d B%n",
            round + 1, s, r.totalNanos() / 1e9, r.shuffleBytes(), r.cachedBytes());
      }
      order.add(order.remove(0)); // alternate who goes first
    }
    long sum = runs.get(0).checksum();
    for (Run r : runs) {
      if (r.checksum() != sum) {
        throw new IllegalStateException("results differ between serializers: " + r.serializer());
      }
    }
    String report = SparkBench.report(a, runs);
    Files.createDirectories(a.out.toAbsolutePath().getParent());
    Files.writeString(a.out, report);
    System.out.println(report);
    System.out.println("bench spark: wrote " + a.out);
  }

  /**
   * Levels the heap between runs: the order rotates, but each serializer always follows the same
   * one (Brine follows Java, whose run leaves the most garbage), so without this a run would pay
   * for its predecessor's garbage.
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

  /** Sums task shuffle-write bytes. */
  static final class ShuffleBytes extends SparkListener {
    final AtomicLong bytes = new AtomicLong();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
      if (end.taskMetrics() != null) {
        bytes.addAndGet(end.taskMetrics().shuffleWriteMetrics().bytesWritten());
      }
    }
  }

  static Run runOnce(String serializer, long records, Path tmp) {
    settle();
    try (JavaSparkContext sc = new JavaSparkContext(conf(serializer, tmp))) {
      sc.setLogLevel("WARN");
      ShuffleBytes listener = new ShuffleBytes();
      sc.sc().addSparkListener(listener);
      int parts = 8;
      long[] nanos = new long[SparkBench.JOBS.length];
      long start = System.nanoTime();

      JavaRDD<BenchRecord> base = sc.parallelize(IntStream.range(0, parts).boxed().collect(Collectors.toList()), parts)
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
          })
          .persist(StorageLevel.MEMORY_ONLY_SER());
      long t = System.nanoTime();
      long count = base.count();
      nanos[0] = System.nanoTime() - t;
      long cached = 0;
      for (RDDInfo info : sc.sc().getRDDStorageInfo()) {
        if (info.id() == base.id()) {
          cached = info.memSize() + info.diskSize();
        }
      }

      t = System.nanoTime();
      long groups = base.mapToPair(r -> new Tuple2<>(r.city(), r)).groupByKey(4)
          .mapValues(it -> {
            long n = 0;
            for (BenchRecord r : it) {
              n += r.quantity;
            }
            return n;
          }).values().reduce(Long::sum);
      nanos[1] = System.nanoTime() - t;

      t = System.nanoTime();
      long customers = base.mapToPair(r -> new Tuple2<>(r.customer(), r))
          .reduceByKey((x, y) -> x.amount() >= y.amount() ? x : y, 4).count();
      nanos[2] = System.nanoTime() - t;

      t = System.nanoTime();
      JavaPairRDD<Long, BenchRecord> byId = base.mapToPair(r -> new Tuple2<>(r.id() / 2, r));
      JavaPairRDD<Long, BenchRecord> other = base.filter(r -> r.id() % 2 == 0)
          .mapToPair(r -> new Tuple2<>(r.id() / 2, BenchRecord.of(r.id() + 1)));
      long joined = byId.join(other, 4).count();
      nanos[3] = System.nanoTime() - t;

      t = System.nanoTime();
      long firstSorted = base.mapToPair(r -> new Tuple2<>(r.amount(), r)).sortByKey(true, 4)
          .map(x -> x._2().id()).take(1).get(0);
      long sortedCount = base.mapToPair(r -> new Tuple2<>(r.amount(), r)).sortByKey(false, 4).count();
      nanos[4] = System.nanoTime() - t;

      long total = System.nanoTime() - start;
      try {
        sc.sc().listenerBus().waitUntilEmpty();
      } catch (java.util.concurrent.TimeoutException e) {
        throw new IllegalStateException("Spark's listener bus did not drain", e);
      }
      base.unpersist(true);
      long checksum = count * 31 + groups * 17 + customers * 13 + joined * 7 + sortedCount * 3 + firstSorted;
      return new Run(serializer, nanos, total, listener.bytes.get(), cached, checksum);
    }
  }

}
