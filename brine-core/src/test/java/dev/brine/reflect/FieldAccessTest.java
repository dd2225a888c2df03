package dev.brine.reflect;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interpreted serializers' field access ({@link FieldAccess}: field handles on JDK 18+, reflection on
 * 17, reflection for volatile fields and for writing final ones): every field kind, private, final,
 * volatile and inherited fields, read back by the interpreter and written with the bytes of generated code.
 */
class FieldAccessTest {
  static class Base {
    private int baseInt = -7;
    protected final String baseName;
    volatile long baseVolatile = Long.MIN_VALUE;

    Base(String name) {
      this.baseName = name;
    }
  }

  static final class Every extends Base {
    private boolean z = true;
    private byte b = -128;
    private short s = Short.MIN_VALUE;
    private char c = '\uD800';
    private int i = Integer.MAX_VALUE;
    private long l = -1L << 40;
    private float f = Float.NaN;
    private double d = -0.0;
    private final int finalInt;
    private volatile double volatileDouble = 2.5;
    private Integer boxed = 42;
    private Long nullLong;
    private String str = "héllo";
    private String nullStr;
    private List<String> list = List.of("a", "b");
    private Object any = 3;

    Every(int finalInt) {
      super("base");
      this.finalInt = finalInt;
    }

    Every() {
      this(0);
    }
  }

  record Rec(int a, long b, double c, String d, boolean e, short f) {}

  private static Brine interpreted() {
    return Brine.builder().register(Every.class, Rec.class).codegen(false).build();
  }

  @Test
  void everyKindRoundTripsInterpreted() {
    Every e = new Every(99);
    Every back = (Every) interpreted().deserialize(interpreted().serialize(e));
    assertEquals(-7, ((Base) back).baseInt);
    assertEquals("base", back.baseName);
    assertEquals(Long.MIN_VALUE, back.baseVolatile);
    assertTrue(back.z);
    assertEquals(-128, back.b);
    assertEquals(Short.MIN_VALUE, back.s);
    assertEquals('\uD800', back.c);
    assertEquals(Integer.MAX_VALUE, back.i);
    assertEquals(-1L << 40, back.l);
    assertTrue(Float.isNaN(back.f));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.d));
    assertEquals(99, back.finalInt);
    assertEquals(2.5, back.volatileDouble);
    assertEquals(42, back.boxed);
    assertNull(back.nullLong);
    assertEquals("héllo", back.str);
    assertNull(back.nullStr);
    assertEquals(List.of("a", "b"), back.list);
    assertEquals(3, back.any);
    Rec r = new Rec(1, -2, 3.5, "x", true, (short) -3);
    assertEquals(r, interpreted().deserialize(interpreted().serialize(r)));
  }

  @Test
  void interpretedBytesAreGeneratedBytes() {
    Brine generated = Brine.builder().register(Every.class, Rec.class).codegenThreshold(0).build();
    Every e = new Every(5);
    assertArrayEquals(generated.serialize(e), interpreted().serialize(e));
    Rec r = new Rec(Integer.MIN_VALUE, Long.MAX_VALUE, Double.NaN, null, false, Short.MAX_VALUE);
    assertArrayEquals(generated.serialize(r), interpreted().serialize(r));
    assertEquals(r, generated.deserialize(interpreted().serialize(r)));
  }
}
