package dev.brine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.Brine;
import dev.brine.ClassNotAllowedException;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

class BrineSparkConfTest {

  /** A registrator used by the tests. */
  public static final class PointRegistrator implements BrineRegistrator {
    /** Public no-arg constructor, as Spark-style registrators need. */
    public PointRegistrator() {}

    @Override
    public void registerClasses(Brine.Builder builder) {
      builder.register(Model.Point.class);
    }
  }

  private static IllegalArgumentException bad(String key, String value) {
    return assertThrows(IllegalArgumentException.class,
        () -> new BrineSerializer(new SparkConf(false).set(key, value)));
  }

  @Test
  void defaultsFollowSparkKryo() {
    BrineSparkConf c = BrineSparkConf.from(Map.of());
    assertFalse(c.registrationRequired);
    assertTrue(c.referenceTracking);
    assertEquals(1L << 30, c.maxPayloadBytes);
    assertTrue(new BrineSerializer(new SparkConf(false)).supportsRelocationOfSerializedObjects());
  }

  @Test
  void unknownKeyFailsNamingIt() {
    assertTrue(bad("spark.brine.registrationRequird", "true").getMessage().contains("spark.brine.registrationRequird"));
  }

  @Test
  void badValuesFailNamingTheKey() {
    assertTrue(bad("spark.brine.referenceTracking", "yes").getMessage().contains("spark.brine.referenceTracking"));
    assertTrue(bad("spark.brine.registrationRequired", "").getMessage().contains("spark.brine.registrationRequired"));
    assertTrue(bad("spark.brine.maxPayloadBytes", "lots").getMessage().contains("spark.brine.maxPayloadBytes"));
    assertTrue(bad("spark.brine.maxPayloadBytes", "3g").getMessage().contains("spark.brine.maxPayloadBytes"));
    assertTrue(bad("spark.brine.maxPayloadBytes", "8").getMessage().contains("spark.brine.maxPayloadBytes"));
    assertTrue(bad("spark.brine.classesToRegister", "com.acme.1Bad").getMessage().contains("spark.brine.classesToRegister"));
    assertTrue(bad("spark.brine.compatible", "1").getMessage().contains("spark.brine.compatible"));
    assertTrue(bad("spark.brine.compressStrings", "no").getMessage().contains("spark.brine.compressStrings"));
  }

  @Test
  void compressStringsReachesTheBrineAndItsStreamsReadEitherWay() {
    assertTrue(BrineSparkConf.from(Map.of()).compressStrings);
    BrineSparkConf utf16 = BrineSparkConf.from(Map.of("spark.brine.compressStrings", "false"));
    assertFalse(utf16.compressStrings);
    assertFalse(utf16.equals(BrineSparkConf.from(Map.of())), "a different setting builds a different Brine");
    String text = "\u0141ukasiewicz \u2013 \u201cquoted\u201d"; // UTF-8 by default: mostly ASCII
    byte[] wide = BrineSerializer.build(utf16, getClass().getClassLoader()).serialize(text);
    byte[] small = BrineSerializer.build(BrineSparkConf.from(Map.of()), getClass().getClassLoader()).serialize(text);
    assertTrue(wide.length > small.length, wide.length + " against " + small.length);
    assertEquals(text, BrineSerializer.build(BrineSparkConf.from(Map.of()), getClass().getClassLoader()).deserialize(wide));
  }

  @Test
  void compatibleModeNeedsFormat2() {
    assertFalse(BrineSparkConf.from(Map.of()).compatible);
    assertTrue(BrineSparkConf.from(Map.of("spark.brine.compatible", "true")).compatible);
    assertTrue(BrineSparkConf.from(Map.of("spark.brine.compatible", "true")).equals(
        BrineSparkConf.from(Map.of("spark.brine.compatible", "TRUE"))));
    assertFalse(BrineSparkConf.from(Map.of("spark.brine.compatible", "true")).equals(BrineSparkConf.from(Map.of())));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BrineSparkConf.from(
        Map.of("spark.brine.compatible", "true", "spark.brine.formatVersion", "1")));
    assertTrue(e.getMessage().contains("spark.brine.compatible") && e.getMessage().contains("spark.brine.formatVersion"),
        e.getMessage());
  }

  @Test
  void sizesInSparkStyle() {
    assertEquals(64L << 20, BrineSparkConf.size(Map.of("k", "64m"), "k", 0));
    assertEquals(1L << 30, BrineSparkConf.size(Map.of("k", "1g"), "k", 0));
    assertEquals(4096, BrineSparkConf.size(Map.of("k", "4k"), "k", 0));
    assertEquals(100, BrineSparkConf.size(Map.of("k", "100b"), "k", 0));
    assertEquals(100, BrineSparkConf.size(Map.of("k", "100"), "k", 0));
  }

  @Test
  void missingClassesFailWhenBuiltNamingTheKey() {
    BrineSerializer s = new BrineSerializer(new SparkConf(false).set("spark.brine.classesToRegister", "com.acme.Missing"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::newInstance);
    assertTrue(e.getMessage().contains("spark.brine.classesToRegister"), e.getMessage());
    BrineSerializer r = new BrineSerializer(new SparkConf(false).set("spark.brine.registrator", "java.lang.String"));
    e = assertThrows(IllegalArgumentException.class, r::newInstance);
    assertTrue(e.getMessage().contains("spark.brine.registrator"), e.getMessage());
  }

  @Test
  void registrationRequiredWithRegistratorAndClassList() {
    SparkConf conf = new SparkConf(false)
        .set("spark.brine.registrationRequired", "true")
        .set("spark.brine.classesToRegister", Model.Color.class.getName())
        .set("spark.brine.registrator", PointRegistrator.class.getName());
    var inst = new BrineSerializer(conf).newInstance();
    Model.Point p = new Model.Point(3, 4);
    assertEquals(p, inst.deserialize(inst.serialize(p, Tags.any()), Tags.any()));
    assertSame(Model.Color.BLUE, inst.deserialize(inst.serialize(Model.Color.BLUE, Tags.any()), Tags.any()));
    assertThrows(ClassNotAllowedException.class, () -> inst.serialize(new Model.Plain("x", 1), Tags.any()));
  }

  @Test
  void serializerIsJavaSerializable() throws Exception {
    BrineSerializer s = new BrineSerializer(new SparkConf(false).set("spark.brine.referenceTracking", "false"));
    s.newInstance();
    var bos = new java.io.ByteArrayOutputStream();
    try (var oos = new java.io.ObjectOutputStream(bos)) {
      oos.writeObject(s);
    }
    try (var ois = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bos.toByteArray()))) {
      BrineSerializer back = (BrineSerializer) ois.readObject();
      var inst = back.newInstance();
      assertEquals("x", inst.deserialize(inst.serialize("x", Tags.any()), Tags.any()));
      // Spark deserializes a copy per task: the copy reuses the Brine the original built
      ClassLoader loader = s.loader();
      assertSame(s.brine(loader), back.brine(loader));
    }
  }

  @Test
  void equalSettingsShareOneBrinePerClassLoader() {
    SparkConf conf = new SparkConf(false).set("spark.brine.classesToRegister", Model.Point.class.getName());
    BrineSerializer a = new BrineSerializer(conf);
    BrineSerializer b = new BrineSerializer(conf.clone());
    BrineSerializer other = new BrineSerializer(conf.clone().set("spark.brine.stringTable", "16"));
    ClassLoader loader = a.loader();
    assertSame(a.brine(loader), b.brine(loader));
    assertNotSame(a.brine(loader), other.brine(loader));
    ClassLoader child = new ClassLoader(loader) {};
    assertNotSame(a.brine(loader), a.brine(child));
    assertEquals(BrineSparkConf.from(java.util.Map.of("spark.brine.stringTable", "16")),
        BrineSparkConf.from(java.util.Map.of("spark.brine.stringTable", "16")));
  }
}
