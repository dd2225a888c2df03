package dev.brine.shapes;

import static dev.brine.shapes.Modes.each;
import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.io.*;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Java serialization hooks, shared records, exceptions, Class values and anonymous classes as fields. */
class HookShapesTest {
  static final class Singleton implements Serializable {
    static final Singleton INSTANCE = new Singleton();
    int state = 1;

    private Object readResolve() {
      return INSTANCE;
    }
  }

  /** The serialization proxy pattern: written as a Proxy, read back as a Money. */
  static final class Money implements Serializable {
    final long cents;
    final String currency;

    Money(long cents, String currency) {
      this.cents = cents;
      this.currency = currency;
    }

    private Object writeReplace() {
      return new Proxy(cents + ":" + currency);
    }
  }

  static final class Proxy implements Serializable {
    final String text;

    Proxy(String text) {
      this.text = text;
    }

    private Object readResolve() {
      String[] p = text.split(":");
      return new Money(Long.parseLong(p[0]), p[1]);
    }
  }

  /** Custom writeObject/readObject: its own stream form. */
  static final class Custom implements Serializable {
    transient int[] data;
    String name;

    private void writeObject(ObjectOutputStream out) throws IOException {
      out.defaultWriteObject();
      out.writeInt(data.length);
      for (int d : data) {
        out.writeInt(d * 2);
      }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
      in.defaultReadObject();
      data = new int[in.readInt()];
      for (int i = 0; i < data.length; i++) {
        data[i] = in.readInt() / 2;
      }
    }
  }

  static final class AppException extends Exception {
    final int code;

    AppException(String msg, int code, Throwable cause) {
      super(msg, cause);
      this.code = code;
    }
  }

  record Point(int x, int y) {}

  static final class Holder {
    Singleton s1;
    Object s2;
    Money m1;
    Money m2;
    Object m3;
    Custom custom;
    AppException error;
    Point p1;
    Point p2;
    Object p3;
    Class<?> type;
    Class<?> primitiveType;
    Class<?> arrayType;
    List<Class<?>> types;
  }

  @Test
  void hooksSharedRecordsExceptionsAndClassValues() {
    Holder h = new Holder();
    h.s1 = Singleton.INSTANCE;
    h.s2 = Singleton.INSTANCE;
    h.m1 = new Money(150, "EUR");
    h.m2 = h.m1;
    h.m3 = new Money(-1, "USD");
    h.custom = new Custom();
    h.custom.name = "c";
    h.custom.data = new int[] {1, 2, 3};
    h.error = new AppException("boom", 42, new IllegalStateException("cause"));
    h.p1 = new Point(1, 2);
    h.p2 = h.p1;
    h.p3 = h.p1;
    h.type = Holder.class;
    h.primitiveType = int.class;
    h.arrayType = String[][].class;
    h.types = new ArrayList<>(List.of(long.class, Point.class, Object[].class));
    for (boolean refs : new boolean[] {false, true}) {
      Modes.eachWith(refs, h, b -> {
        assertSame(Singleton.INSTANCE, b.s1);
        assertSame(Singleton.INSTANCE, b.s2);
        assertEquals(Money.class, b.m1.getClass());
        assertEquals(150, b.m1.cents);
        assertEquals("EUR", b.m1.currency);
        assertEquals("EUR", b.m2.currency);
        assertEquals(-1, ((Money) b.m3).cents);
        assertEquals("c", b.custom.name);
        assertArrayEquals(new int[] {1, 2, 3}, b.custom.data);
        assertEquals("boom", b.error.getMessage());
        assertEquals(42, b.error.code);
        assertEquals(IllegalStateException.class, b.error.getCause().getClass());
        assertEquals("cause", b.error.getCause().getMessage());
        assertEquals(h.error.getStackTrace().length, b.error.getStackTrace().length);
        assertEquals(new Point(1, 2), b.p1);
        assertEquals(new Point(1, 2), b.p3);
        assertSame(Holder.class, b.type);
        assertSame(int.class, b.primitiveType);
        assertSame(String[][].class, b.arrayType);
        assertEquals(List.of(long.class, Point.class, Object[].class), b.types);
        if (refs) {
          assertSame(b.m1, b.m2, "a replaced object written twice is read back once");
          assertSame(b.p1, b.p2, "a shared record");
          assertSame(b.p1, b.p3, "a shared record through an Object field");
        }
      }, Holder.class, Singleton.class, Money.class, Proxy.class, Custom.class, AppException.class, Point.class);
    }
  }

  record Tagged<T>(T value, List<T> values, T[] array) {}

  static final class Replaced {
    Money[] array;
    List<Money> list;
    Map<Money, Money> map;
    Object[] objects;
    Tagged<Money> tagged;
  }

  @Test
  void replacedObjectsInArraysListsMapsAndGenericRecords() {
    Money m = new Money(5, "CHF");
    Replaced r = new Replaced();
    r.array = new Money[] {m, null, m};
    r.list = new ArrayList<>(Arrays.asList(m, null, new Money(6, "CHF")));
    r.map = new HashMap<>();
    r.map.put(m, m);
    r.objects = new Object[] {m, Singleton.INSTANCE, Singleton.INSTANCE};
    r.tagged = new Tagged<>(m, List.of(m), new Money[] {m});
    for (boolean refs : new boolean[] {false, true}) {
      Modes.eachWith(refs, r, b -> {
        assertEquals(Money[].class, b.array.getClass());
        assertEquals(5, b.array[0].cents);
        assertNull(b.array[1]);
        assertEquals("CHF", b.list.get(0).currency);
        assertEquals(6, b.list.get(2).cents);
        assertEquals(1, b.map.size());
        assertSame(Singleton.INSTANCE, b.objects[1]);
        assertSame(Singleton.INSTANCE, b.objects[2]);
        assertEquals(5, ((Money) b.objects[0]).cents);
        assertEquals(5, b.tagged.value().cents);
        assertEquals(Money[].class, b.tagged.array().getClass());
        if (refs) {
          assertSame(b.array[0], b.array[2]);
          assertSame(b.array[0], b.list.get(0));
          assertSame(b.array[0], b.objects[0]);
          assertSame(b.array[0], b.tagged.value());
          assertSame(b.array[0], b.tagged.array()[0]);
          assertSame(b.array[0], b.map.values().iterator().next());
        }
      }, Replaced.class, Money.class, Proxy.class, Tagged.class, Singleton.class);
    }
  }

  /** Replaced by a proxy that refers back to the original: a cycle through writeReplace. */
  static final class Loop implements Serializable {
    String name;

    private Object writeReplace() {
      LoopProxy p = new LoopProxy();
      p.name = name;
      p.original = this;
      return p;
    }
  }

  static final class LoopProxy implements Serializable {
    String name;
    Object original;

    private Object readResolve() {
      Loop l = new Loop();
      l.name = name + (original == null ? "" : "+" + original.getClass().getSimpleName());
      return l;
    }
  }

  @Test
  void aCycleThroughAReplacementIsReadOrRefusedNeverHidden() {
    Loop l = new Loop();
    l.name = "n";
    Brine b = Brine.builder().references(true).register(Loop.class, LoopProxy.class).build();
    byte[] bytes;
    try {
      bytes = b.serialize(l);
    } catch (BrineException e) {
      return;
    }
    try {
      Object back = b.deserialize(bytes);
      assertEquals(Loop.class, back.getClass());
    } catch (BrineException e) {
      // refused on read: acceptable
    }
  }

  @Test
  void aReplacedObjectWrittenTwiceIsReadOnceInCompatibleModeToo() {
    Holder h = new Holder();
    h.m1 = new Money(7, "GBP");
    h.m2 = h.m1;
    h.m3 = h.m1;
    Brine b = Brine.builder().compatible(true).references(true)
        .register(Holder.class, Singleton.class, Money.class, Proxy.class, Custom.class, AppException.class, Point.class).build();
    Holder back = (Holder) b.deserialize(b.serialize(h));
    assertEquals(7, back.m1.cents);
    assertSame(back.m1, back.m2);
    assertSame(back.m1, back.m3);
  }

  static class Cat {
    String name;
  }

  static final class HasCat {
    Cat cat;
  }

  @Test
  void anAnonymousSubclassRoundTripsOrIsRefusedClearly() {
    HasCat h = new HasCat();
    h.cat = new Cat() {
      {
        name = "anon";
      }
    };
    Brine b = Brine.builder().register(HasCat.class, Cat.class).build();
    assertThrows(BrineException.class, () -> b.serialize(h), "not registered");
  }
}
