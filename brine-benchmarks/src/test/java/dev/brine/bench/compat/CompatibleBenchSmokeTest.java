package dev.brine.bench.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.brine.Brine;
import org.junit.jupiter.api.Test;

/**
 * Every workload of the compatible-mode benchmarks sets up (which checks each library's round trip) and runs each
 * benchmark method; the stream benchmark's readers go past the end of their stream and start again.
 */
class CompatibleBenchSmokeTest {
  private static final String[] WORKLOADS = {"MediaContent", "SimpleObject", "LargerMessage", "Struct"};

  @Test
  void perPayloadBenchmarksRunOnEveryWorkload() {
    for (String data : WORKLOADS) {
      CompatibleBench b = new CompatibleBench();
      b.data = data;
      b.setup();
      Brine brine = Brine.builder().register(CompatWorkloads.classes(data).toArray(new Class<?>[0])).build();
      Object value = CompatWorkloads.value(data);
      assertEquals(value, b.deserialize_brine(), data);
      assertEquals(value, b.deserialize_brinecompat(), data);
      assertEquals(value, b.deserialize_forycompat(), data);
      assertNotNull(b.serialize_brine());
      assertNotNull(b.serialize_brinecompat());
      assertNotNull(b.serialize_forycompat());
      assertEquals(brine.serialize(value).length, b.serialize_brine().length, data);
    }
  }

  @Test
  void streamBenchmarksRunOnEveryWorkloadAndStartTheirStreamsAgain() {
    for (String data : WORKLOADS) {
      CompatibleStreamBench b = new CompatibleStreamBench();
      b.data = data;
      b.setup();
      Object value = CompatWorkloads.value(data);
      for (int i = 0; i < CompatibleStreamBench.VALUES + 5; i++) {
        assertEquals(value, b.deserialize_brine(), data);
        assertEquals(value, b.deserialize_brinecompat(), data);
        assertEquals(value, b.deserialize_forycompat(), data);
      }
      for (int i = 0; i < 3; i++) {
        b.serialize_brine();
        b.serialize_brinecompat();
        assertNotNull(b.serialize_forycompat());
      }
    }
  }
}
