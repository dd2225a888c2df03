package dev.brine.protobuf.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.brine.protobuf.model.Order;
import dev.brine.protobuf.model.Pojo;
import dev.brine.protobuf.plan.Planner;
import org.junit.jupiter.api.Test;

/** The generator is deterministic: the same class gives the same bytecode. */
class CodecGeneratorTest {
  @Test
  void sameClassSameBytecode() {
    for (Class<?> c : new Class<?>[] {Order.class, Pojo.class}) {
      byte[] a = CodecGenerator.bytecodeFor(new Planner().plan(c), new Codecs(false));
      byte[] b = CodecGenerator.bytecodeFor(new Planner().plan(c), new Codecs(false));
      assertArrayEquals(a, b, c.getName());
    }
  }
}
