package dev.brine.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.util.collection.CompactBuffer;
import org.junit.jupiter.api.Test;
import scala.None$;
import scala.Option;
import scala.Some;
import scala.Tuple2;
import scala.Tuple3;
import scala.collection.immutable.List$;
import scala.collection.immutable.Map$;
import scala.collection.immutable.Nil$;
import scala.collection.immutable.Set$;
import scala.collection.immutable.Vector$;
import scala.collection.mutable.Builder;
import scala.jdk.javaapi.CollectionConverters;

/** The serializer outside Spark: single values, streams, relocation, bad streams, Scala types. */
class BrineStreamsTest {
  private final BrineSerializer serializer = new BrineSerializer(new SparkConf(false));
  private final SerializerInstance inst = serializer.newInstance();

  private Object roundTrip(Object v) {
    ByteBuffer b = inst.serialize(v, Tags.any());
    return inst.deserialize(b, Tags.any());
  }

  private byte[] writeStream(Object... values) {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    for (Object v : values) {
      s.writeObject(v, Tags.any());
    }
    s.close();
    return bos.toByteArray();
  }

  private List<Object> readStream(InputStream in) {
    DeserializationStream d = inst.deserializeStream(in);
    List<Object> out = new ArrayList<>();
    scala.collection.Iterator<Object> it = d.asIterator();
    while (it.hasNext()) {
      out.add(it.next());
    }
    d.close();
    return out;
  }

  static scala.collection.immutable.List<Object> scalaList(Object... xs) {
    Builder<Object, scala.collection.immutable.List<Object>> b = List$.MODULE$.newBuilder();
    for (Object x : xs) {
      b.addOne(x);
    }
    return b.result();
  }

  static scala.collection.immutable.Vector<Object> scalaVector(int n) {
    Builder<Object, scala.collection.immutable.Vector<Object>> b = Vector$.MODULE$.newBuilder();
    for (int i = 0; i < n; i++) {
      b.addOne("v" + i);
    }
    return b.result();
  }

  static scala.collection.immutable.Map<Object, Object> scalaMap(int n) {
    Builder<Tuple2<Object, Object>, scala.collection.immutable.Map<Object, Object>> b = Map$.MODULE$.newBuilder();
    for (int i = 0; i < n; i++) {
      b.addOne(new Tuple2<>("k" + i, i));
    }
    return b.result();
  }

  static scala.collection.immutable.Set<Object> scalaSet(int n) {
    Builder<Object, scala.collection.immutable.Set<Object>> b = Set$.MODULE$.newBuilder();
    for (int i = 0; i < n; i++) {
      b.addOne(i);
    }
    return b.result();
  }

  @Test
  void javaTypes() {
    Model.Person p = new Model.Person(14);
    assertEquals(p, roundTrip(p));
    assertEquals(new Model.Reading(new Model.Point(1, 2), "x", 2.5, Model.Color.GREEN),
        roundTrip(new Model.Reading(new Model.Point(1, 2), "x", 2.5, Model.Color.GREEN)));
    assertEquals(new Model.Plain("p", 3), roundTrip(new Model.Plain("p", 3)));
    assertSame(Model.Color.RED, roundTrip(Model.Color.RED));
    assertArrayEquals(new int[] {1, 2, 3}, (int[]) roundTrip(new int[] {1, 2, 3}));
  }

  @Test
  void scalaSingletonsComeBackAsThemselves() {
    assertSame(None$.MODULE$, roundTrip(None$.MODULE$));
    assertSame(Nil$.MODULE$, roundTrip(Nil$.MODULE$));
    assertSame(Nil$.MODULE$, roundTrip(scalaList()));
    Object opt = roundTrip(new Some<>(Option.empty()));
    assertSame(None$.MODULE$, ((Some<?>) opt).value());
  }

  @Test
  void scalaValues() {
    for (Object v : List.of(new Some<>("x"), new Tuple2<>(1, "a"), new Tuple3<>(1L, 2.0, List.of("z")),
        scalaList(1, "two", 3.0), scalaVector(0), scalaVector(1), scalaVector(40), scalaVector(2000),
        scalaMap(0), scalaMap(1), scalaMap(3), scalaMap(4), scalaMap(100), scalaSet(0), scalaSet(2),
        scalaSet(50), new scala.util.Left<>("l"), new scala.util.Right<>(7),
        new Tuple2<>(scalaList(new Tuple2<>("a", new Some<>(1))), scalaMap(5)))) {
      Object back = roundTrip(v);
      assertEquals(v, back, v.getClass().getName());
      assertEquals(v.getClass(), back.getClass(), v.toString());
    }
  }

  @Test
  void arraySeqsKeepTheirArrayType() {
    Object[] seqs = {
        scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new Model.Point[] {new Model.Point(1, 2), null}),
        scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new int[] {1, 2, 3}),
        scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new double[0]),
        scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(new boolean[] {true}),
        scala.collection.mutable.ArraySeq$.MODULE$.make(new String[] {"a", "b"}),
        scala.collection.mutable.ArraySeq$.MODULE$.make(new long[] {5L}),
    };
    for (Object v : seqs) {
      Object back = roundTrip(v);
      assertEquals(v, back);
      assertEquals(v.getClass(), back.getClass());
    }
    Object arr = ((scala.collection.immutable.ArraySeq<?>) roundTrip(seqs[0])).unsafeArray();
    assertEquals(Model.Point[].class, arr.getClass());
  }

  @Test
  void arraySeqHoldingNoArrayIsMalformed() {
    // an ArraySeq$ofRef (id 8250) whose payload is the Integer 1 instead of an array
    byte[] bad = {(byte) 0xB3, (byte) (8250 & 0x7F | 0x80), (byte) (8250 >>> 7), 6, 2};
    assertThrows(BrineException.class, () -> inst.deserialize(ByteBuffer.wrap(bad), Tags.any()));
  }

  @Test
  void longScalaListIsNotNestedDeep() {
    Object[] xs = new Object[200_000];
    Arrays.setAll(xs, i -> i);
    scala.collection.immutable.List<Object> l = scalaList(xs);
    assertEquals(l, roundTrip(l));
  }

  @Test
  void compactBuffer() {
    CompactBuffer<Object> cb = new CompactBuffer<>(scala.reflect.ClassTag$.MODULE$.Any());
    for (int i = 0; i < 5; i++) {
      cb.$plus$eq("e" + i);
      @SuppressWarnings("unchecked")
      CompactBuffer<Object> back = (CompactBuffer<Object>) roundTrip(cb);
      assertEquals(cb, back);
    }
  }

  @Test
  void scalaArraysAndJavaConvertedCollections() {
    Object seq = CollectionConverters.asScala(List.of("a", "b")).toList();
    assertEquals(seq, roundTrip(seq));
    assertArrayEquals(new String[] {"a", null}, (String[]) roundTrip(new String[] {"a", null}));
  }

  @Test
  void streamRoundTripAndCleanEof() {
    Object[] values = {1, "two", new Model.Person(3), None$.MODULE$, null, scalaList(1, 2)};
    assertEquals(Arrays.asList(values), readStream(new ByteArrayInputStream(writeStream(values))));
    assertEquals(List.of(), readStream(new ByteArrayInputStream(new byte[0])));
    DeserializationStream d = inst.deserializeStream(new ByteArrayInputStream(new byte[0]));
    assertThrows(EOFException.class, () -> d.readObject(Tags.any()));
  }

  @Test
  void relocatedRecordsReadBackInTheNewOrder() {
    // Spark's contract: the bytes of records written one after another, with a flush after each, may
    // be cut at the flushes and reordered.
    Model.Person shared = new Model.Person(21);
    Object a = List.of(shared, shared);
    Object b = new Model.Person(5);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    s.writeObject(a, Tags.any());
    s.flush();
    s.writeObject(b, Tags.any());
    s.close();
    byte[] ab = bos.toByteArray();
    byte[] onlyA = writeStream(a);
    byte[] onlyB = Arrays.copyOfRange(ab, onlyA.length, ab.length);
    assertArrayEquals(writeStream(b), onlyB);
    byte[] ba = new byte[ab.length];
    System.arraycopy(onlyB, 0, ba, 0, onlyB.length);
    System.arraycopy(onlyA, 0, ba, onlyB.length, onlyA.length);
    assertEquals(List.of(b, a), readStream(new ByteArrayInputStream(ba)));
  }

  /** Records whose strings recur (the stream's string table refers to them). */
  private static List<Object> recurring(int n) {
    List<Object> out = new ArrayList<>();
    String[] cities = {"Abha", "Zürich", "東京", "Accra"};
    for (int i = 0; i < n; i++) {
      out.add(new Tuple2<>(cities[i % cities.length], List.of("tag-" + (i % 3), "customer-" + (i % 50))));
    }
    return out;
  }

  /** A stream cut at its flushes and put together in reverse order, and the values it then holds. */
  record Relocated(byte[] bytes, List<Object> expected) {}

  /**
   * Writes each record twice (the second may refer to what the first wrote) and flushes after each
   * pair, then reverses the pieces between flushes, as Spark's unsafe shuffle may.
   */
  static Relocated writePairsAndReverse(SerializerInstance inst, List<Object> records) {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    List<byte[]> pieces = new ArrayList<>();
    int from = 0;
    for (Object r : records) {
      s.writeObject(r, Tags.any());
      s.writeObject(r, Tags.any());
      s.flush();
      byte[] all = bos.toByteArray();
      pieces.add(Arrays.copyOfRange(all, from, all.length));
      from = all.length;
    }
    s.close();
    ByteArrayOutputStream reversed = new ByteArrayOutputStream();
    List<Object> expected = new ArrayList<>();
    for (int i = records.size() - 1; i >= 0; i--) {
      reversed.writeBytes(pieces.get(i));
      expected.add(records.get(i));
      expected.add(records.get(i));
    }
    return new Relocated(reversed.toByteArray(), expected);
  }

  @Test
  void relocatedRecordsWithRecurringStringsReadBackInTheNewOrder() {
    // Spark's unsafe shuffle flushes after every record and cuts the stream there; the string table
    // starts over at every flush, so each record's bytes stand alone
    Relocated r = writePairsAndReverse(inst, recurring(12));
    assertEquals(r.expected(), readStream(new ByteArrayInputStream(r.bytes())));
  }

  @Test
  void recurringStringsAreWrittenOnceAndReadBackFromTrickledBytes() {
    List<Object> records = recurring(400);
    byte[] bytes = writeStream(records.toArray());
    SerializerInstance off = new BrineSerializer(new SparkConf(false).set("spark.brine.stringTable", "0")).newInstance();
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    SerializationStream s = off.serializeStream(plain);
    for (Object r : records) {
      s.writeObject(r, Tags.any());
    }
    s.close();
    assertTrue(bytes.length < plain.size() * 0.6, bytes.length + " vs " + plain.size() + " bytes without the table");
    // read 7 bytes at a time: records are decoded again after truncation, the table put back each time
    InputStream trickle = new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 7));
      }
    };
    assertEquals(records, readStream(trickle));
    // a stream written with the table cannot be read without it: a clear error, not a wrong value
    DeserializationStream d = off.deserializeStream(new ByteArrayInputStream(bytes));
    BrineException e = assertThrows(BrineException.class, () -> {
      for (int i = 0; i < records.size(); i++) {
        d.readObject(Tags.any());
      }
    });
    assertTrue(e.getMessage().contains("string table"), e.getMessage());
  }

  @Test
  void largeRecordsGrowTheBufferAndSmallReadsWork() {
    String big = "x".repeat(300_000);
    byte[] bytes = writeStream(big, 1, big);
    InputStream trickle = new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 7));
      }
    };
    assertEquals(List.of(big, 1, big), readStream(trickle));
  }

  @Test
  void hugeRecordBetweenSmallOnesThroughTheBlockBuffer() {
    String huge = "h".repeat(3 << 20); // grows the write buffer past what it keeps afterwards
    Object[] values = {"a", huge, 2, huge, new Model.Person(8)};
    assertEquals(Arrays.asList(values), readStream(new ByteArrayInputStream(writeStream(values))));
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SerializationStream s = inst.serializeStream(bos);
    s.writeObject("x", Tags.any());
    s.flush(); // flush pushes everything written so far
    // a bare value: tag 10 (String), header (1 << 2 | Latin-1), 'x'; no length prefix
    assertArrayEquals(new byte[] {10, 4, 'x'}, bos.toByteArray());
    s.close();
  }

  @Test
  void truncatedStreamsFailWithBrineException() {
    byte[] bytes = writeStream(new Model.Person(9), "tail");
    for (int cut = 1; cut < bytes.length; cut++) {
      byte[] part = Arrays.copyOf(bytes, cut);
      DeserializationStream d = inst.deserializeStream(new ByteArrayInputStream(part));
      try {
        d.readObject(Tags.any());
        d.readObject(Tags.any());
        throw new AssertionError("no failure at cut " + cut);
      } catch (BrineException expected) {
        assertTrue(expected.getMessage().contains("offset"), expected.getMessage());
      } catch (Exception e) {
        if (!(e instanceof EOFException)) {
          throw new AssertionError("cut " + cut + ": " + e, e);
        }
        // a cut exactly between the records is a clean end
      }
    }
  }

  @Test
  void lyingLengthIsRefusedBeforeAllocating() {
    byte[] longString = writeStream("y".repeat(1 << 20)); // tag, a 4-byte header, then 1 MiB
    // a record longer than spark.brine.maxPayloadBytes: refused once that many bytes are buffered
    BrineSerializer small = new BrineSerializer(new SparkConf(false).set("spark.brine.maxPayloadBytes", "1k"));
    DeserializationStream d = small.newInstance().deserializeStream(
        new ByteArrayInputStream(Arrays.copyOf(longString, 5000)));
    LimitExceededException e = assertThrows(LimitExceededException.class, () -> d.readObject(Tags.any()));
    assertTrue(e.getMessage().contains("spark.brine.maxPayloadBytes"), e.getMessage());
    // a length the stream does not hold: an error once the stream ends, after reading what is there
    DeserializationStream d2 = inst.deserializeStream(new ByteArrayInputStream(Arrays.copyOf(longString, 600)));
    MalformedInputException m = assertThrows(MalformedInputException.class, () -> d2.readObject(Tags.any()));
    assertTrue(m.getMessage().contains("ended inside the record at stream offset 0"), m.getMessage());
    // a length over the core's string limit: refused before reading on
    DeserializationStream d3 = inst.deserializeStream(
        new ByteArrayInputStream(new byte[] {10, (byte) 0xFF, 0, 0, 0, 0, 0, 1, 0, 0})); // header 2^40: 2^38 bytes
    assertThrows(LimitExceededException.class, () -> d3.readObject(Tags.any()));
  }

  @Test
  void garbageFailsWithBrineException() {
    assertThrows(BrineException.class, () -> inst.deserialize(ByteBuffer.wrap(new byte[] {1, 2, 3}), Tags.any()));
    assertThrows(BrineException.class,
        () -> inst.deserializeStream(new ByteArrayInputStream(new byte[] {0x7F, 1, 2, 3})).readObject(Tags.any()));
  }

  @Test
  void sparkCaseObjectComesBackAsSingleton() {
    // needs brine-core's readResolve support (Java serialization hooks)
    assertSame(org.apache.spark.Success$.MODULE$, roundTrip(org.apache.spark.Success$.MODULE$));
    assertSame(scala.math.Ordering.Int$.MODULE$, roundTrip(scala.math.Ordering.Int$.MODULE$));
  }

  @Test
  void sparkCaseClass() {
    Object id = new org.apache.spark.storage.RDDBlockId(3, 4);
    assertEquals(id, roundTrip(id));
  }

  @Property(tries = 200)
  void streamsOfStringsAndLongs(@ForAll List<String> strings, @ForAll List<Long> longs) {
    List<Object> all = new ArrayList<>(strings);
    all.addAll(longs);
    all.add(CollectionConverters.asScala(strings).toList());
    assertEquals(all, readStream(new ByteArrayInputStream(writeStream(all.toArray()))));
  }
}
