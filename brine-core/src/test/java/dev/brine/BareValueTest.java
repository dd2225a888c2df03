package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Brine#serializeValue} / {@link Brine#deserializeValue}: bare values in heap, direct and read-only buffers. */
class BareValueTest {
  private static final Brine BRINE = Brine.builder().build();

  private static byte[] values(Object... values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object v : values) {
      BRINE.serializeValue(v, out);
    }
    return out.toByteArray();
  }

  @Test
  void bareValueIsThePayloadWithoutItsHeader() {
    Object v = List.of("a", 1, Map.of("k", 2.5));
    byte[] payload = BRINE.serialize(v);
    byte[] bare = values(v);
    assertArrayEquals(java.util.Arrays.copyOfRange(payload, 1, payload.length), bare);
  }

  @Test
  void directAndReadOnlyBuffersWithValuesLargerThanTheCopyWindow() {
    String big = "x".repeat(50_000) + "\u00e9\u4e2d"; // larger than the 8 KiB window, not Latin-1
    Object[] vs = {1, big, null, List.of(big, 2L), "tail"};
    byte[] bytes = values(vs);
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 3);
    direct.put(new byte[] {9, 9, 9}).put(bytes).flip().position(3);
    for (ByteBuffer in : List.of(direct, ByteBuffer.wrap(bytes).asReadOnlyBuffer())) {
      int start = in.position();
      for (Object v : vs) {
        assertEquals(v, BRINE.deserializeValue(in));
      }
      assertEquals(start + bytes.length, in.position());
      assertEquals(0, in.remaining());
    }
  }

  @Test
  void truncatedDirectBufferKeepsItsPosition() {
    byte[] bytes = values("x".repeat(20_000));
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length - 1);
    direct.put(bytes, 0, bytes.length - 1).flip();
    assertThrows(TruncatedInputException.class, () -> BRINE.deserializeValue(direct));
    assertEquals(0, direct.position());
  }

  @Test
  void malformedIsNotTruncated() {
    ByteBuffer in = ByteBuffer.wrap(new byte[] {(byte) 0x7F, 0, 0, 0, 0, 0, 0, 0, 0, 0}); // an unknown type id
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> BRINE.deserializeValue(in));
    assertFalse(e instanceof TruncatedInputException, e.getMessage());
    assertEquals(0, in.position());
  }

  @Test
  void aCutPayloadIsATruncatedInputException() {
    byte[] payload = BRINE.serialize("hello, world");
    assertThrows(TruncatedInputException.class, () -> BRINE.deserialize(java.util.Arrays.copyOf(payload, 5)));
  }
}
