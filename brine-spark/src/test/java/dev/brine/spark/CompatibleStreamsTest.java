package dev.brine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scala.Tuple2;

/**
 * {@code spark.brine.compatible=true}: streams carry the definitions of their classes (once per
 * stream and again after every flush), read back in order, relocated at flushes, and from bytes
 * that arrive a few at a time.
 */
class CompatibleStreamsTest {

  private static SerializerInstance instance(int stringTable) {
    return new BrineSerializer(new SparkConf(false)
        .set("spark.brine.compatible", "true")
        .set("spark.brine.stringTable", Integer.toString(stringTable))).newInstance();
  }

  /** Records of user classes (each class's definition is what compatible mode adds) and Scala values. */
  private static List<Object> records(int n) {
    List<Object> out = new ArrayList<>();
    Model.Color[] colors = Model.Color.values();
    for (int i = 0; i < n; i++) {
      Model.Point p = new Model.Point(i, -i);
      switch (i % 5) {
        case 0 -> out.add(new Model.Reading(p, i % 2 == 0 ? "Zürich" : "東京", i * 0.5, colors[i % colors.length]));
        case 1 -> out.add(new Tuple2<>(new Model.Person(i), List.of(p, p)));
        case 2 -> out.add(new Model.Plain("plain-" + (i % 3), -i * 1_000_000_007L));
        case 3 -> out.add(Map.of("k" + (i % 4), new Model.Reading(null, null, Double.NaN, null)));
        default -> out.add(BrineStreamsTest.scalaList(i, "s", p));
      }
    }
    return out;
  }

  private static List<Object> read(SerializerInstance inst, InputStream in, int count) {
    DeserializationStream d = inst.deserializeStream(in);
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(d.readObject(Tags.any()));
    }
    d.close();
    return out;
  }

  private static void assertSameValues(List<Object> expected, List<Object> actual) {
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      Object e = expected.get(i);
      Object a = actual.get(i);
      if (e instanceof scala.collection.immutable.List<?>) {
        assertEquals(e.toString(), a.toString(), "record " + i); // Model.Point inside: equal by value
      } else {
        assertEquals(e, a, "record " + i);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1024})
  void streamRoundTripsAndTrickledBytes(int stringTable) {
    SerializerInstance inst = instance(stringTable);
    List<Object> records = records(60);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    for (Object r : records) {
      s.writeObject(r, Tags.any());
    }
    s.close();
    byte[] bytes = bos.toByteArray();
    String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertTrue(text.contains("station"), "the stream carries Reading's definition with its field names");
    if (stringTable > 0) {
      assertEquals(text.indexOf("station"), text.lastIndexOf("station"), "each definition once per stream");
    } else { // no stream state: every record carries the definitions of its classes
      assertTrue(text.indexOf("station") < text.lastIndexOf("station"), "definitions in every record");
    }
    assertSameValues(records, read(inst, new ByteArrayInputStream(bytes), records.size()));
    // 5 bytes at a time: records are decoded again after each truncation; definitions stay right
    InputStream trickle = new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 5));
      }
    };
    assertSameValues(records, read(inst, trickle, records.size()));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1024})
  void definitionsStartOverAtEveryFlushSoPiecesRelocate(int stringTable) {
    SerializerInstance inst = instance(stringTable);
    // the second of each pair refers to the definitions of the first, within its piece
    BrineStreamsTest.Relocated r = BrineStreamsTest.writePairsAndReverse(inst, records(15));
    assertSameValues(r.expected(), read(inst, new ByteArrayInputStream(r.bytes()), r.expected().size()));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void modesDoNotMixSilently(boolean writerCompatible) {
    SerializerInstance compatible = instance(1024);
    SerializerInstance plain = new BrineSerializer(new SparkConf(false)).newInstance();
    SerializerInstance writer = writerCompatible ? compatible : plain;
    SerializerInstance reader = writerCompatible ? plain : compatible;
    List<Object> records = records(10);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = writer.serializeStream(bos);
    for (Object r : records) {
      s.writeObject(r, Tags.any());
    }
    s.close();
    // bare values carry no header, so the mode is not in the bytes: the reader of the other mode must
    // fail with a clear error on records of user classes, never build a wrong object
    BrineException e = assertThrows(BrineException.class,
        () -> read(reader, new ByteArrayInputStream(bos.toByteArray()), records.size()));
    assertTrue(e.getMessage().contains("offset"), e.getMessage());
  }
}
