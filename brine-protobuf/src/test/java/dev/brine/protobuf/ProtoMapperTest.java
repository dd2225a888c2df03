package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.protobuf.model.Arrays;
import dev.brine.protobuf.model.Color;
import dev.brine.protobuf.model.Containers;
import dev.brine.protobuf.model.Inner;
import dev.brine.protobuf.model.Nullables;
import dev.brine.protobuf.model.Order;
import dev.brine.protobuf.model.Pojo;
import dev.brine.protobuf.model.Scalars;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProtoMapperTest {
  static final ProtoMapper GENERATED = ProtoMapper.builder().register(Samples.CLASSES).build();
  static final ProtoMapper INTERPRETED = ProtoMapper.builder().register(Samples.CLASSES).codegen(false).build();

  /** The bytes of a value read back and written again: equal values write equal bytes. */
  static void assertRoundTrip(ProtoMapper m, Object value) {
    byte[] bytes = m.toBytes(value);
    Object back = m.fromBytes(bytes, value.getClass());
    assertArrayEquals(bytes, m.toBytes(back), () -> value + " -> " + back);
  }

  @Test
  void generatedAndInterpretedWriteTheSameBytesAndReadEachOther() {
    for (Class<?> c : Samples.CLASSES) {
      assertTrue(GENERATED.explain(c).endsWith("generated"), GENERATED.explain(c));
      assertTrue(INTERPRETED.explain(c).endsWith("interpreted"), INTERPRETED.explain(c));
    }
    for (Object v : Samples.all()) {
      byte[] g = GENERATED.toBytes(v);
      assertArrayEquals(g, INTERPRETED.toBytes(v), v::toString);
      assertArrayEquals(g, INTERPRETED.toBytes(GENERATED.fromBytes(g, v.getClass())));
      assertArrayEquals(g, GENERATED.toBytes(INTERPRETED.fromBytes(g, v.getClass())));
      assertRoundTrip(GENERATED, v);
      assertRoundTrip(INTERPRETED, v);
    }
  }

  @Test
  void theListOfClassesBrineRegistersWithItsEnumsBuildsToo() {
    // one model, several formats: the list Brine.builder().register needs (enums included) fits here as well
    ProtoMapper withEnums = ProtoMapper.builder().register(dev.brine.protobuf.model.Color.class,
        dev.brine.protobuf.model.Status.class, dev.brine.protobuf.model.Scalars.class).build();
    Object v = Samples.scalars();
    assertArrayEquals(GENERATED.toBytes(v), withEnums.toBytes(v));
    assertRoundTrip(withEnums, v);
    assertThrows(dev.brine.ClassNotAllowedException.class, () -> withEnums.toBytes(dev.brine.protobuf.model.Color.BLUE));
  }

  /** JDK values protobuf has no message for: written as their text in strings. */
  record Texts(java.util.UUID id, java.math.BigDecimal amount, java.math.BigInteger big, java.time.LocalDate day,
      java.time.LocalTime time, java.time.LocalDateTime local, java.time.OffsetDateTime offset,
      java.time.ZonedDateTime zoned, java.time.ZoneId zone, java.time.Period period, java.net.URI uri,
      java.util.List<java.util.UUID> ids, java.util.Map<java.util.UUID, java.math.BigDecimal> prices,
      java.util.Optional<java.time.LocalDate> maybe) {}

  @Test
  void jdkValuesWithoutAProtobufTypeTravelAsTheirText() {
    java.util.UUID u = new java.util.UUID(0x0123456789abcdefL, -2);
    Texts t = new Texts(u, new java.math.BigDecimal("-1.50E+3"), java.math.BigInteger.TWO.pow(100).negate(),
        java.time.LocalDate.of(-5, 2, 28), java.time.LocalTime.of(23, 59, 59, 1), java.time.LocalDateTime.of(2026, 12, 3, 8, 0),
        java.time.OffsetDateTime.parse("2026-12-03T08:00:00.123456789+05:45"),
        java.time.ZonedDateTime.parse("2026-03-29T02:30+02:00[Europe/Paris]"), java.time.ZoneId.of("+01:00"),
        java.time.Period.of(1, -2, 3), java.net.URI.create("https://x.example/a%20b?q=1#f"),
        java.util.List.of(u, new java.util.UUID(0, 0)), java.util.Map.of(u, java.math.BigDecimal.ONE), java.util.Optional.empty());
    for (ProtoMapper m : java.util.List.of(ProtoMapper.builder().register(Texts.class).build(),
        ProtoMapper.builder().register(Texts.class).codegen(false).build())) {
      byte[] bytes = m.toBytes(t);
      Texts back = m.fromBytes(bytes, Texts.class);
      assertEquals(t, back);
      assertEquals(t.amount().scale(), back.amount().scale(), "the scale survives");
      assertRoundTrip(m, new Texts(null, null, null, null, null, null, null, null, null, null, null,
          java.util.List.of(), java.util.Map.of(), java.util.Optional.of(java.time.LocalDate.EPOCH)));
      assertTrue(RawProto.decodeRaw(bytes).contains(u.toString()), "a proto string: " + RawProto.decodeRaw(bytes));
    }
    // the bytes: field 1 (id) as the string of the UUID's text, field 2 (amount) as "-1.50E+3"
    byte[] literal = ProtoMapper.builder().register(Texts.class).build().toBytes(new Texts(u, new java.math.BigDecimal("-1.50E+3"),
        null, null, null, null, null, null, null, null, null, java.util.List.of(), java.util.Map.of(), java.util.Optional.empty()));
    java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
    expected.write(0x0a);
    expected.write(36);
    expected.writeBytes(u.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    expected.write(0x12);
    expected.write(8);
    expected.writeBytes("-1.50E+3".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertArrayEquals(expected.toByteArray(), literal);
    String schema = ProtoMapper.builder().register(Texts.class).build().protoSchema(Texts.class);
    assertTrue(schema.contains("optional string id = 1;") && schema.contains("map<string, string> prices = 13;"), schema);
    // text that spells no such value, and a number too long to parse in linear time
    ProtoMapper m = ProtoMapper.builder().register(Texts.class).build();
    byte[] day = {0x22, 3, 'x', 'y', 'z'}; // field 4 (day), length 3
    dev.brine.MalformedInputException e = assertThrows(dev.brine.MalformedInputException.class, () -> m.fromBytes(day, Texts.class));
    assertTrue(e.getMessage().contains("LocalDate") && e.getMessage().contains("xyz"), e.getMessage());
    byte[] digits = new byte[3 + 1001];
    digits[0] = 0x1a; // field 3 (big)
    digits[1] = (byte) 0xe9; // length 1001 as a varint
    digits[2] = 0x07;
    java.util.Arrays.fill(digits, 3, digits.length, (byte) '9');
    e = assertThrows(dev.brine.MalformedInputException.class, () -> m.fromBytes(digits, Texts.class));
    assertTrue(e.getMessage().contains("1000 characters") && e.getMessage().length() < 400, e.getMessage());
  }

  /** A record whose field numbers need the tag's top bits: numbers of 2^28 and above make negative int tags. */
  record HighNumbers(@dev.brine.Field(id = 536_870_911) int top, @dev.brine.Field(id = 268_435_456) String mid,
      @dev.brine.Field(id = 1) long low) {}

  @Test
  void fieldNumbersUpToTheLargestAreWrittenAndReadByBothCodecs() {
    HighNumbers v = new HighNumbers(-7, "x", 9);
    ProtoMapper gen = ProtoMapper.builder().register(HighNumbers.class).build();
    ProtoMapper interp = ProtoMapper.builder().register(HighNumbers.class).codegen(false).build();
    byte[] bytes = gen.toBytes(v);
    assertArrayEquals(bytes, interp.toBytes(v));
    assertEquals(v, gen.fromBytes(bytes, HighNumbers.class));
    assertEquals(v, interp.fromBytes(bytes, HighNumbers.class));
    // an unknown field whose tag is a negative int (number 2^29 - 2, varint): skipped by both
    byte[] unknown = {(byte) 0xF0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 0x05, 0x08, 0x03};
    assertEquals(new HighNumbers(0, null, 3), interp.fromBytes(unknown, HighNumbers.class));
    assertEquals(new HighNumbers(0, null, 3), gen.fromBytes(unknown, HighNumbers.class));
  }

  @Test
  void recordsAndPojosComeBackEqual() {
    for (ProtoMapper m : List.of(GENERATED, INTERPRETED)) {
      assertEquals(Samples.scalars(), m.fromBytes(m.toBytes(Samples.scalars()), Scalars.class));
      assertEquals(Samples.zeros(), m.fromBytes(m.toBytes(Samples.zeros()), Scalars.class));
      Containers c = m.fromBytes(m.toBytes(Samples.containers()), Containers.class);
      assertEquals(withoutBlobs(Samples.containers()), withoutBlobs(c));
      assertArrayEquals(Samples.containers().blobs().get(0), c.blobs().get(0));
      assertEquals(Samples.containers().counts(), m.fromBytes(m.toBytes(Samples.containers()), Containers.class).counts());
      assertEquals(Samples.emptyContainers(), m.fromBytes(m.toBytes(Samples.emptyContainers()), Containers.class));
      assertEquals(Samples.pojo(), m.fromBytes(m.toBytes(Samples.pojo()), Pojo.class));
      assertEquals(Samples.order(), m.fromBytes(m.toBytes(Samples.order()), Order.class));
      assertEquals(Samples.empties(), m.fromBytes(m.toBytes(Samples.empties()), Nullables.class));
      Nullables n = m.fromBytes(m.toBytes(Samples.nullables()), Nullables.class);
      assertEquals(Samples.nullables().str(), n.str());
      assertEquals(Optional.of(""), n.maybe());
      assertEquals(new Inner(0, null), n.maybeInner().get());
      assertEquals(Samples.nullables().at(), n.at());
      assertEquals(Samples.nullables().took(), n.took());
      Arrays a = m.fromBytes(m.toBytes(Samples.arrays()), Arrays.class);
      assertArrayEquals(Samples.arrays().ints, a.ints);
      assertArrayEquals(Samples.arrays().chars, a.chars);
      assertArrayEquals(Samples.arrays().doubles, a.doubles);
      assertEquals(Samples.arrays().inners[0], a.inners[0]);
    }
  }

  static Containers withoutBlobs(Containers c) {
    return new Containers(c.names(), c.ints(), c.longs(), c.doubles(), c.flags(), c.colors(), c.longSet(), c.sorted(),
        c.inners(), null, c.counts(), c.byId(), c.sortedMap(), c.flagged(), c.times());
  }

  @Test
  void absentFieldsTakeProto3Defaults() {
    Scalars s = GENERATED.fromBytes(new byte[0], Scalars.class);
    assertEquals(Samples.zeros(), s);
    Containers c = GENERATED.fromBytes(new byte[0], Containers.class);
    assertEquals(Samples.emptyContainers(), c);
    assertNull(GENERATED.fromBytes(new byte[0], Nullables.class).str());
    assertEquals(0, GENERATED.toBytes(Samples.zeros()).length);
  }

  @Test
  void delimitedFramingReadsOneMessageAtATime() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GENERATED.writeDelimited(Samples.order(), out);
    GENERATED.writeDelimited(Samples.pojo(), out);
    ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
    assertEquals(Samples.order(), GENERATED.readDelimited(in, Order.class));
    assertEquals(Samples.pojo(), GENERATED.readDelimited(in, Pojo.class));
    assertNull(GENERATED.readDelimited(in, Order.class));
  }

  @Test
  void runTimeRefusals() {
    assertThrows(ClassNotAllowedException.class, () -> GENERATED.toBytes("a string"));
    assertThrows(ClassNotAllowedException.class, () -> GENERATED.fromBytes(new byte[0], String.class));
    Scalars nullEnum = new Scalars(0, 0, 0, 0, false, (short) 0, (byte) 0, 'a', 0, 0, 0, 0, 0, 0, 0, 0, null, null);
    BrineException e = assertThrows(BrineException.class, () -> GENERATED.toBytes(nullEnum));
    assertTrue(e.getMessage().contains("Scalars.color is null"), e.getMessage());
    List<String> withNull = new ArrayList<>();
    withNull.add(null);
    Containers c = new Containers(withNull, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    e = assertThrows(BrineException.class, () -> GENERATED.toBytes(c));
    assertTrue(e.getMessage().contains("null element"), e.getMessage());
    assertThrows(BrineException.class, () -> INTERPRETED.toBytes(c));
  }
}
