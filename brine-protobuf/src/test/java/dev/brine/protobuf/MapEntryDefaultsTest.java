package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.MalformedInputException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A map entry without its key or value (proto3 allows both to be absent) gets the type's default; a type
 * that has none — text such as a UUID or a BigDecimal, a Timestamp or Duration — is refused rather than
 * read as a null key or value (which the mapper could not even write back).
 */
class MapEntryDefaultsTest {
  record M(Map<UUID, BigDecimal> mt, Map<String, Instant> mi, Map<String, Duration> md, Map<String, Integer> ms) {}

  static final List<ProtoMapper> MAPPERS = List.of(ProtoMapper.builder().register(M.class).build(),
      ProtoMapper.builder().register(M.class).codegen(false).build());

  @Test
  void anEntryWithoutAKeyOrValueOfATypeWithoutADefaultIsRefused() {
    for (ProtoMapper p : MAPPERS) {
      for (byte[] bytes : List.of(new byte[] {0x0a, 0x00}, new byte[] {0x12, 0x02, 0x0a, 0x00},
          new byte[] {0x1a, 0x02, 0x0a, 0x00})) {
        MalformedInputException e = assertThrows(MalformedInputException.class, () -> p.fromBytes(bytes, M.class));
        assertTrue(e.getMessage().contains("has no default") && e.getMessage().contains("M.m"), e.getMessage());
      }
    }
  }

  @Test
  void anEntryWithoutAKeyOrValueOfATypeWithADefaultGetsIt() {
    for (ProtoMapper p : MAPPERS) {
      M m = p.fromBytes(new byte[] {0x22, 0x00}, M.class); // field 4: neither key nor value
      assertEquals(Map.of("", 0), m.ms());
      M back = p.fromBytes(p.toBytes(m), M.class);
      assertEquals(Map.of("", 0), back.ms());
    }
  }

  record Id(UUID id) {}

  @Test
  void aUuidIsReadOnlyFromItsCanonicalText() {
    for (boolean codegen : new boolean[] {true, false}) {
      ProtoMapper p = ProtoMapper.builder().register(Id.class).codegen(codegen).build();
      UUID u = UUID.randomUUID();
      assertEquals(u, p.fromBytes(p.toBytes(new Id(u)), Id.class).id());
      byte[] bad = {0x0a, 0x09, '1', '-', '2', '-', '3', '-', '4', '-', '5'}; // UUID.fromString pads it
      assertThrows(MalformedInputException.class, () -> p.fromBytes(bad, Id.class));
    }
  }
}
