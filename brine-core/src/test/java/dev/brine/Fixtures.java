package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Objects;

/** Shared helpers: round trips through both the byte[] and the stream API. */
final class Fixtures {
  private Fixtures() {}

  /** Round-trips through byte[] and stream APIs, checks equality (deep for arrays), returns the bytes. */
  static byte[] roundTrip(Brine brine, Object value) {
    byte[] bytes = brine.serialize(value);
    Object back = brine.deserialize(bytes);
    assertDeepEquals(value, back);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    brine.serialize(value, out);
    brine.serialize(value, out);
    ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
    assertDeepEquals(value, brine.deserialize(in));
    assertDeepEquals(value, brine.deserialize(in));
    assertEquals(0, in.available(), "each stream read consumes exactly one value");
    return bytes;
  }

  /** Round-trips and asserts the exact encoded length. */
  static void roundTrip(Brine brine, int length, Object value) {
    assertEquals(length, roundTrip(brine, value).length, () -> "encoded length of " + value);
  }

  static void assertDeepEquals(Object expected, Object actual) {
    if (expected instanceof Double && actual instanceof Double) {
      assertEquals(Double.doubleToRawLongBits((Double) expected), Double.doubleToRawLongBits((Double) actual));
      return;
    }
    if (expected instanceof Float && actual instanceof Float) {
      assertEquals(Float.floatToRawIntBits((Float) expected), Float.floatToRawIntBits((Float) actual));
      return;
    }
    assertTrue(Objects.deepEquals(expected, actual), () -> "expected " + describe(expected) + " but got " + describe(actual));
    if (expected != null) {
      assertEquals(expected.getClass(), actual.getClass());
    }
  }

  static String describe(Object o) {
    if (o == null) {
      return "null";
    }
    if (o.getClass().isArray()) {
      return o.getClass().getSimpleName() + java.util.Arrays.deepToString(new Object[] {o});
    }
    return o.getClass().getSimpleName() + " " + o;
  }

  static byte[] hex(String s) {
    s = s.replaceAll("\\s", "");
    byte[] b = new byte[s.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }

  static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      sb.append(String.format("%02x", x & 0xFF));
    }
    return sb.toString();
  }
}
