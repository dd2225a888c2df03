package dev.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.bench.coldstart.ColdStartBench;
import dev.brine.bench.largermessage.LargerMessageBench;
import dev.brine.bench.maps.MapBench;
import dev.brine.bench.mediacontent.Image;
import dev.brine.bench.mediacontent.Media;
import dev.brine.bench.mediacontent.MediaContent;
import dev.brine.bench.mediacontent.MediaContentBench;
import dev.brine.bench.mediacontent.StringFloorBench;
import dev.brine.bench.sample.SampleBench;
import dev.brine.bench.simpleobject.SimpleObjectBench;
import dev.brine.bench.struct.BoxedStruct;
import dev.brine.bench.struct.Struct;
import dev.brine.bench.struct.StructBench;
import dev.brine.bench.struct.StructFloor;
import dev.brine.bench.struct.StructGroupFloor;
import dev.brine.bench.support.CodecBench;
import dev.brine.bench.support.Libraries;
import dev.brine.bench.unseen.CopyOutProbe;
import dev.brine.bench.unseen.Order;
import dev.brine.bench.unseen.PlacementBench;
import dev.brine.bench.unseen.Prim30;
import dev.brine.bench.unseen.Prim30Floor;
import dev.brine.bench.unseen.RefsBench;
import dev.brine.bench.unseen.SeriesProbe;
import dev.brine.bench.unseen.Trade;
import dev.brine.bench.unseen.UnseenBench;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Smoke test run by {@code mvn verify}: for every object benchmark class and every {@code @Param} combination,
 * each library round-trips the workload to an equal object, and every {@code @Benchmark} method runs once. No
 * timing is measured.
 */
class RoundTripSmokeTest {
  static final List<Class<? extends CodecBench>> BENCHES = List.of(MediaContentBench.class, SampleBench.class,
      StructBench.class, SimpleObjectBench.class, LargerMessageBench.class, MapBench.class);
  /** Object benchmarks outside the README suite (no protobuf peer): round-tripped too. */
  static final List<Class<? extends CodecBench>> SIDE_BENCHES = List.of(UnseenBench.class);

  /** Every library the suite promises; each object benchmark must cover the five generic ones. */
  static final List<String> GENERIC = List.of("brine", "fory", "kryo", "jdk", "jackson");

  /** Brine's protobuf mapper writes exactly protobuf-java's bytes for the same data. */
  @TestFactory
  Stream<DynamicTest> brineProtoWritesProtobufJavasBytes() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    for (Class<? extends CodecBench> cls : BENCHES) {
      if (!dev.brine.bench.support.FormatBench.class.isAssignableFrom(cls)) {
        continue;
      }
      for (Map<String, String> params : combinations(cls)) {
        tests.add(DynamicTest.dynamicTest(cls.getSimpleName() + " " + params, () -> {
          CodecBench bench = instance(cls, params);
          bench.prepare();
          assertNotNull(bench.payload("brineproto"));
          org.junit.jupiter.api.Assertions.assertArrayEquals(bench.payload("protobuf"), bench.payload("brineproto"));
        }));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> everyLibraryRoundTripsEveryWorkload() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    List<Class<? extends CodecBench>> all = new ArrayList<>(BENCHES);
    all.addAll(SIDE_BENCHES);
    for (Class<? extends CodecBench> cls : all) {
      for (Map<String, String> params : combinations(cls)) {
        CodecBench probe = instance(cls, params);
        for (String lib : probe.libraries()) {
          tests.add(DynamicTest.dynamicTest(cls.getSimpleName() + " " + params + " " + lib, () -> {
            CodecBench bench = instance(cls, params);
            bench.verify(lib);
            for (Method m : cls.getMethods()) {
              if (m.isAnnotationPresent(Benchmark.class) && CodecBench.libraryOf(m.getName()).equals(lib)) {
                assertNotNull(m.invoke(bench), m.getName());
              }
            }
          }));
        }
      }
    }
    return tests.stream();
  }

  @Test
  void everyBenchmarkClassCoversTheGenericPeersAndNamesFollowTheConvention() throws Exception {
    for (Class<? extends CodecBench> cls : BENCHES) {
      TreeSet<String> libs = new TreeSet<>();
      for (Method m : cls.getMethods()) {
        if (m.isAnnotationPresent(Benchmark.class)) {
          assertTrue(m.getName().matches("[a-z]+_[a-z]+"), m.getName());
          libs.add(CodecBench.libraryOf(m.getName()));
        }
      }
      assertTrue(libs.containsAll(GENERIC), cls + " " + libs);
      assertTrue(libs.contains("protobuf"), cls + " has no protobuf benchmark");
    }
  }

  @Test
  void theDeserializeFloorCopiesEveryField() {
    assertEquals(Struct.create(), StructFloor.copy(Struct.create()));
    assertEquals(BoxedStruct.create(), StructFloor.copy(BoxedStruct.create()));
    assertEquals(new BoxedStruct(), StructFloor.copy(new BoxedStruct())); // every field null
    BoxedStruct v = BoxedStruct.create();
    assertNotSame(v.l00, StructFloor.copy(v).l00); // boxed anew, as a deserializer would
  }

  @Test
  void theGroupFloorDecodesBrinesOwnEncodingOfTheStruct() {
    Struct v = Struct.create();
    Struct extremes = new Struct();
    extremes.i00 = Integer.MIN_VALUE;
    extremes.i01 = Integer.MAX_VALUE;
    extremes.i02 = -1;
    extremes.i03 = 128;
    extremes.i04 = -129;
    extremes.l00 = Long.MIN_VALUE;
    extremes.l01 = Long.MAX_VALUE;
    extremes.l02 = -1L << 55;
    extremes.l03 = 1L << 55;
    extremes.d00 = Double.NaN;
    extremes.d01 = -0.0;
    for (Struct s : List.of(v, extremes, new Struct())) {
      assertTrue(StructGroupFloor.roundTrips(s));
      // the values (group, then doubles) are byte for byte what Brine writes after its header, class id and
      // 34 control bytes; the floor's control bytes are padded to 40
      byte[] brine = Libraries.brine(List.of(Struct.class)).serialize(s);
      byte[] floor = StructGroupFloor.write(s, new byte[1024]);
      assertEquals(Arrays.toString(Arrays.copyOfRange(brine, 2 + 34, brine.length)),
          Arrays.toString(Arrays.copyOfRange(floor, 40, floor.length)));
    }
  }

  @Test
  void theSeriesAndCopyOutProbesRun() {
    // a Series of 24 per array: 593 bytes in Brine (the sum of one call's payload sizes), and no arrays
    for (String library : List.of("brine", "fory")) {
      assertTrue(new SeriesProbe(new String[] {"24", library, "ser", "15"}).applyAsLong(2) > 2 * 576, library);
      assertTrue(new SeriesProbe(new String[] {"24", library, "ser", "0"}).applyAsLong(2) < 2 * 64, library);
      new SeriesProbe(new String[] {"3", library, "deser", "5"}).applyAsLong(2);
    }
    for (String way : List.of("copyof", "zeroed")) {
      assertEquals(3 * 600, new CopyOutProbe(new String[] {"600", way, "fresh"}).applyAsLong(3));
      assertEquals(3 * 256, new CopyOutProbe(new String[] {"256", way}).applyAsLong(3));
    }
  }

  @Test
  void thePrim30FloorWritesBrinesBytes() {
    Prim30 extremes = Prim30.create();
    extremes.i0 = Integer.MAX_VALUE;
    extremes.i1 = -129;
    extremes.i2 = 128;
    extremes.l0 = Long.MIN_VALUE;
    extremes.l1 = -1L << 55;
    extremes.l2 = 1L << 55;
    extremes.l3 = -1;
    extremes.d0 = Double.NaN;
    extremes.d1 = -0.0;
    extremes.c0 = '\uffff';
    extremes.z1 = true;
    for (Prim30 p : List.of(Prim30.create(), extremes, new Prim30())) {
      String brine = Arrays.toString(Libraries.brine(List.of(Prim30.class)).serialize(p));
      assertEquals(brine, Arrays.toString(Prim30Floor.write(p)));
      assertEquals(brine, Arrays.toString(Prim30Floor.writeCopy(p, new byte[256])));
    }
  }

  @Test
  void theStringFloorCopiesEveryStringOfTheWorkload() {
    StringFloorBench b = new StringFloorBench();
    b.setup();
    int chars = 0;
    MediaContent v = MediaContent.create();
    for (String s : List.of(v.media.uri, v.media.title, v.media.format, v.media.persons.get(0),
        v.media.persons.get(1), v.images.get(0).uri, v.images.get(0).title, v.images.get(1).uri,
        v.images.get(1).title)) {
      chars += s.length();
    }
    assertEquals(chars, b.strings_scan()); // positive: every string is Latin-1
    assertEquals(chars, b.strings_copy());
    assertEquals(Libraries.brine(List.of(MediaContent.class, Media.class, Image.class, Media.Player.class,
        Image.Size.class)).serialize(v).length, b.payload_floor().length);
    assertNotNull(b.serialize_fory());
  }

  @Test
  void thePlacementBenchmarkReadsTheTradeWhereverItStands() {
    for (int pad : new int[] {0, 8}) {
      PlacementBench b = new PlacementBench();
      b.pad = pad;
      b.setup();
      assertEquals(Trade.create(), b.deserialize(), "pad " + pad);
    }
  }

  @Test
  void theReferenceBenchmarkReadsBackWhatItWroteWithTrackingOnAndOff() {
    for (int lines : new int[] {6, 100}) {
      RefsBench b = new RefsBench();
      b.lines = lines;
      b.setup(); // checks both round trips
      Order tracked = (Order) b.deserialize_tracking();
      assertEquals(b.deserialize_plain(), tracked, "lines " + lines);
      assertEquals(lines, tracked.lines.size());
      assertTrue(b.serialize_tracking().length > 0 && b.serialize_plain().length > 0);
    }
  }

  @Test
  void coldStartBenchmarksProduceTheSamePayloadAsTheSteadyStateLibraries() {
    ColdStartBench cold = new ColdStartBench();
    cold.setup();
    ColdStartBench.BrineInstance b = new ColdStartBench.BrineInstance();
    b.setup();
    ColdStartBench.ForyInstance f = new ColdStartBench.ForyInstance();
    f.setup();
    ColdStartBench.ForyAsyncInstance fa = new ColdStartBench.ForyAsyncInstance();
    fa.setup();
    Struct expected = Struct.create();
    assertEquals(expected, b.brine.deserialize(cold.coldstart_brine(), Struct.class));
    assertEquals(expected, b.brine.deserialize(cold.firstserialize_brine(b), Struct.class));
    assertEquals(expected, f.fory.deserialize(cold.coldstart_fory(), Struct.class));
    assertEquals(expected, f.fory.deserialize(cold.firstserialize_fory(f), Struct.class));
    assertEquals(expected, f.fory.deserialize(cold.coldstart_foryasync(), Struct.class));
    assertEquals(expected, fa.fory.deserialize(cold.firstserialize_foryasync(fa), Struct.class));
  }

  static CodecBench instance(Class<? extends CodecBench> cls, Map<String, String> params) throws Exception {
    CodecBench b = cls.getDeclaredConstructor().newInstance();
    for (Map.Entry<String, String> e : params.entrySet()) {
      Field f = cls.getField(e.getKey());
      f.set(b, f.getType() == int.class ? (Object) Integer.parseInt(e.getValue()) : e.getValue());
    }
    b.prepare();
    return b;
  }

  /** The cartesian product of the class's {@code @Param} values. */
  static List<Map<String, String>> combinations(Class<?> cls) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (Field f : cls.getFields()) {
      Param p = f.getAnnotation(Param.class);
      if (p == null) {
        continue;
      }
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> base : out) {
        for (String v : p.value()) {
          Map<String, String> m = new LinkedHashMap<>(base);
          m.put(f.getName(), v);
          next.add(m);
        }
      }
      out = next;
    }
    return out;
  }
}
