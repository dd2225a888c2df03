package dev.brine.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.util.collection.CompactBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scala.None$;
import scala.Some;
import scala.Tuple2;
import scala.Tuple3;

/**
 * Golden files of the Spark stream format (docs/spark.md, "Stream format"), one per reference
 * setting, compared both ways: fresh output must equal the file byte for byte, and reading the file
 * must give the values back. Version 2: records are bare values (v1 had a length prefix per record). Regenerate (a format break: new version) with
 * {@code -Dbrine.golden.write=true}.
 */
class GoldenStreamTest {

  static List<Object> values() {
    CompactBuffer<Object> cb = new CompactBuffer<>(scala.reflect.ClassTag$.MODULE$.Any());
    cb.$plus$eq("a");
    cb.$plus$eq(2);
    cb.$plus$eq(3L);
    List<Object> v = new ArrayList<>();
    v.add(1);
    v.add("two");
    v.add(null);
    v.add(None$.MODULE$);
    v.add(new Some<>("x"));
    v.add(scala.collection.immutable.Nil$.MODULE$);
    v.add(BrineStreamsTest.scalaList(1, "b", 2.5));
    v.add(new Tuple2<>(7L, "seven"));
    v.add(new Tuple3<>(1, 2, 3));
    v.add(BrineStreamsTest.scalaVector(3));
    v.add(BrineStreamsTest.scalaMap(2));
    v.add(BrineStreamsTest.scalaSet(3));
    v.add(cb);
    v.add(new Model.Point(3, -4));
    v.add(Model.Color.BLUE);
    v.add(List.of("j", "k"));
    v.add(Map.of("m", 1));
    return v;
  }

  /** Values of the defaults added after the first golden set (ids 8250-8272, Spark internals aside). */
  static List<Object> seqValues() {
    List<Object> v = new ArrayList<>();
    v.add(scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new Model.Point[] {new Model.Point(1, 2)}));
    v.add(scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new int[] {1, -1}));
    v.add(scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new char[] {'a'}));
    v.add(scala.collection.mutable.ArraySeq$.MODULE$.make(new String[] {"s"}));
    v.add(scala.collection.mutable.ArraySeq$.MODULE$.make(new double[] {0.5}));
    v.add(scala.jdk.javaapi.CollectionConverters.asJava(
        (scala.collection.Iterable<Object>) BrineStreamsTest.scalaList("x", 1)));
    v.add(scala.reflect.ClassTag$.MODULE$.apply(Model.Point.class));
    return v;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void streamFormatV2(boolean references) throws IOException {
    check("spark-stream", values(), references);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void streamFormatV2Seqs(boolean references) throws IOException {
    check("spark-stream-seqs", seqValues(), references);
  }

  /**
   * Version 4: Brine's format 2 (objects as a number group, fixed block, strings, the rest), with and
   * without the string table; versions 2 and 3 are still read and written with {@code
   * spark.brine.formatVersion=1}.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void streamFormatV4(boolean references) throws IOException {
    check("v4", "spark-stream", values(), references, -1, 0, 2);
    check("v4", "spark-stream-seqs", seqValues(), references, -1, 0, 2);
    List<Object> v = new ArrayList<>(values());
    v.addAll(values());
    check("v4", "spark-stream-strings", v, references, values().size(), 1024, 2);
  }

  /**
   * Version 4 with {@code spark.brine.compatible=true}: the class definitions of compatible mode once
   * per stream, with the string table, and a flush in the middle (definitions start over). Written
   * with the second layout of class definitions ({@code spark-stream-compatible-layout2}); the
   * streams written with the first layout ({@code spark-stream-compatible}) are still read.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void streamFormatV4Compatible(boolean references) throws IOException {
    List<Object> v = new ArrayList<>(values());
    v.add(new Model.Reading(new Model.Point(1, 2), "Zürich", -0.0, Model.Color.GREEN));
    v.addAll(values());
    v.add(new Model.Reading(null, "Zürich", Double.NaN, null));
    SerializerInstance inst = check("v4", "spark-stream-compatible-layout2", v, references, values().size() + 1, 1024,
        2, true);
    readsBack(inst, "golden/v4/spark-stream-compatible-refs-" + references + ".bin", v);
  }

  /**
   * Version 3 adds the stream's string table (docs/spark.md, "Stream format"): recurring strings are
   * promoted on their second sighting and then referred to; the flush in the middle starts it over.
   * A stream without a string that recurs is the same in both versions. Version 5 writes the table's
   * capacity with each clear (so a reader's table turns where the writer's does); version 3 streams
   * are still read.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void streamFormatV3StringTable(boolean references) throws IOException {
    List<Object> v = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      v.add(new Tuple2<>(i % 2 == 0 ? "Zürich" : "東京", List.of("gift", "customer-" + (i % 3), "gift")));
    }
    v.add("x".repeat(129)); // longer than the table takes: always in full
    v.add("x".repeat(129));
    SerializerInstance inst = check("v5", "spark-stream-strings-format1", v, references, 4, 1024, 1, false);
    readsBack(inst, "golden/v3/spark-stream-strings-refs-" + references + ".bin", v);
    check("v5", "spark-stream-strings", v, references, 4, 1024, 2, false);
  }

  /** Version 2: no string table ({@code spark.brine.stringTable=0} writes it still), format 1. */
  private static void check(String set, List<Object> values, boolean references) throws IOException {
    check("v2", set, values, references, -1, 0, 1);
  }

  /** {@code flushAt}: flush the stream after that many values (-1: never). */
  private static void check(String version, String set, List<Object> values, boolean references, int flushAt,
      int stringTable, int formatVersion) throws IOException {
    check(version, set, values, references, flushAt, stringTable, formatVersion, false);
  }

  private static SerializerInstance check(String version, String set, List<Object> values, boolean references,
      int flushAt, int stringTable, int formatVersion, boolean compatible) throws IOException {
    SerializerInstance inst = new BrineSerializer(new SparkConf(false)
        .set("spark.brine.compatible", Boolean.toString(compatible))
        .set("spark.brine.referenceTracking", Boolean.toString(references))
        .set("spark.brine.formatVersion", Integer.toString(formatVersion))
        .set("spark.brine.stringTable", Integer.toString(stringTable))).newInstance();
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    for (int i = 0; i < values.size(); i++) {
      if (i == flushAt) {
        s.flush();
      }
      s.writeObject(values.get(i), Tags.any());
    }
    s.close();
    byte[] fresh = bos.toByteArray();
    String name = "golden/" + version + "/" + set + "-refs-" + references + ".bin";
    if (Boolean.getBoolean("brine.golden.write") && !Files.exists(Path.of("src/test/resources", name))) {
      Path p = Path.of("src/test/resources", name);
      Files.createDirectories(p.getParent());
      Files.write(p, fresh);
    }
    byte[] golden;
    try (InputStream in = GoldenStreamTest.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new AssertionError("missing golden file " + name + " (write it with -Dbrine.golden.write=true)");
      }
      golden = in.readAllBytes();
    }
    assertArrayEquals(golden, fresh, "stream bytes changed: a format break needs a new version");
    readsBack(inst, name, values);
    return inst;
  }

  /** Reads golden file {@code name} with {@code inst} and checks it gives {@code values}. */
  private static void readsBack(SerializerInstance inst, String name, List<Object> values) throws IOException {
    byte[] golden;
    try (InputStream in = GoldenStreamTest.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new AssertionError("missing golden file " + name);
      }
      golden = in.readAllBytes();
    }
    DeserializationStream d = inst.deserializeStream(new ByteArrayInputStream(golden));
    for (Object e : values) {
      Object back = d.readObject(Tags.any());
      if (e instanceof Iterable<?> && !(e instanceof java.util.Collection<?>)) {
        assertEquals(e.getClass(), back.getClass());
        assertEquals(e.toString(), back.toString());
        continue;
      }
      assertEquals(e, back);
      if (e != null && !(e instanceof java.util.Collection<?>) && !(e instanceof Map<?, ?>)) {
        assertEquals(e.getClass(), back.getClass()); // JDK immutables come back as unmodifiable wrappers
      }
      if (e == None$.MODULE$ || e == scala.collection.immutable.Nil$.MODULE$) {
        assertSame(e, back);
      }
    }
  }
}
