package dev.brine.codegen;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.LimitExceededException;
import dev.brine.plan.FlatWriter;
import dev.brine.registry.TypeRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A class of numbers whose other fields are all of final flat classes (a trade with two prices) is flat
 * too ({@code FlatWriter}): its payload — the group and fixed block, then each such field's slot byte
 * and payload — is written in place at the top, as a field and in element and entry loops, with the
 * interpreter's bytes; nulls at every level, three levels deep, and the depth limit as before.
 */
class NestedFlatTest {
  enum Currency { USD, EUR, JPY }

  record Price(long mantissa, int scale, Currency currency) {}

  static final class Qty {
    int lots;
    boolean partial;
    Short odd;

    Qty() {}

    Qty(int lots, boolean partial, Short odd) {
      this.lots = lots;
      this.partial = partial;
      this.odd = odd;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Qty q && lots == q.lots && partial == q.partial && Objects.equals(odd, q.odd);
    }

    @Override
    public int hashCode() {
      return lots;
    }
  }

  /** Not final itself (only its fields' classes must be): numbers, two prices and a quantity. */
  static class Trade {
    long id;
    Integer trader;
    double weight;
    Price bid;
    Price ask;
    Qty qty;

    @Override
    public boolean equals(Object o) {
      return o instanceof Trade t && id == t.id && Objects.equals(trader, t.trader)
          && Double.compare(weight, t.weight) == 0 && Objects.equals(bid, t.bid) && Objects.equals(ask, t.ask)
          && Objects.equals(qty, t.qty);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(id);
    }
  }

  /** A superclass whose private fields (one of them a flat class) its subclass's serializer cannot touch directly. */
  static class Base {
    private long stamp;
    private Price base;

    long stamp() {
      return stamp;
    }

    Price base() {
      return base;
    }

    void set(long stamp, Price base) {
      this.stamp = stamp;
      this.base = base;
    }
  }

  /** Inherited flat fields, a final flat field and no no-argument constructor. */
  static final class Derived extends Base {
    private final Qty fixed;
    Integer extra;

    Derived(Qty fixed) {
      this.fixed = fixed;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Derived d && stamp() == d.stamp() && Objects.equals(base(), d.base())
          && Objects.equals(fixed, d.fixed) && Objects.equals(extra, d.extra);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(stamp());
    }
  }

  /** Only flat fields, no numbers of its own. */
  record Spread(Price low, Price high) {}

  /** Three levels: a record of a record of records. */
  record Book(int level, Spread spread, Qty qty) {}

  /** A string among the fields: not flat, written the general way around its flat fields. */
  static final class Labelled {
    String label;
    Price price;

    @Override
    public boolean equals(Object o) {
      return o instanceof Labelled l && Objects.equals(label, l.label) && Objects.equals(price, l.price);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(label);
    }
  }

  /** Flat classes as a field, as list elements and as map values of a class that is not flat. */
  static final class Blotter {
    Book top;
    List<Book> books;
    Map<Integer, Spread> spreads;

    @Override
    public boolean equals(Object o) {
      return o instanceof Blotter b && Objects.equals(top, b.top) && Objects.equals(books, b.books)
          && Objects.equals(spreads, b.spreads);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(top);
    }
  }

  private static final Class<?>[] CLASSES = {Currency.class, Price.class, Qty.class, Trade.class, Spread.class,
      Book.class, Labelled.class, Blotter.class, Derived.class};

  private static Price price(long a, int i) {
    return i % 4 == 0 ? null : new Price(a * (i + 1), i, Currency.values()[Math.abs(i) % 3]);
  }

  private static Qty qty(int x) {
    return x % 5 == 0 ? null : new Qty(x, x % 2 == 0, x % 3 == 0 ? null : (short) x);
  }

  private static Trade trade(long a, int x) {
    Trade t = new Trade();
    t.id = a;
    t.trader = x % 7 == 0 ? null : x;
    t.weight = a == 0 ? -0.0 : a / 3.0;
    t.bid = price(a, x);
    t.ask = price(-a, x + 1);
    t.qty = qty(x);
    return t;
  }

  private static Book book(long a, int x) {
    return new Book(x, x % 6 == 0 ? null : new Spread(price(a, x + 2), price(a >> 3, x + 3)), qty(x + 1));
  }

  private static List<Object> values(long a, int x) {
    Labelled l = new Labelled();
    l.label = x % 2 == 0 ? null : "é" + x;
    l.price = price(a, x + 1);
    Blotter b = new Blotter();
    b.top = book(a, x);
    b.books = new ArrayList<>();
    for (int i = 0; i < Math.abs(x % 5); i++) {
      b.books.add(book(a + i, x + i));
    }
    b.spreads = new TreeMap<>();
    for (int i = 0; i < Math.abs(x % 4); i++) {
      b.spreads.put(i, new Spread(price(a, i + 1), price(a, i + 2)));
    }
    Derived d = new Derived(qty(x + 2));
    d.set(a, price(a, x + 3));
    d.extra = x % 2 == 0 ? null : x;
    return List.of(trade(a, x), new Spread(price(a, x + 1), price(a, x + 2)), book(a, x), l, b, d);
  }

  @Property(tries = 200)
  void nestedFlatValuesWriteTheInterpretersBytes(@ForAll long a, @ForAll int x, @ForAll boolean compress) {
    Brine gen = Brine.builder().register(CLASSES).compressNumbers(compress).codegenThreshold(0).build();
    Brine interp = Brine.builder().register(CLASSES).compressNumbers(compress).codegen(false).build();
    for (Object v : values(a, x)) {
      byte[] expected = interp.serialize(v);
      byte[] actual = gen.serialize(v);
      assertArrayEquals(expected, actual, v.getClass().getSimpleName());
      assertArrayEquals(expected, gen.serialize(v), "again, from the engine's cache of flat classes");
      assertEquals(v, gen.deserialize(actual));
      assertEquals(v, interp.deserialize(actual));
    }
  }

  /**
   * The one-window read of a flat class with flat fields against the interpreter on damaged input: every
   * truncation and every byte set to other values, at the end of its array (read from the window
   * scratch) and inside a longer one (read in place) — the same value, or the same kind of error.
   */
  @Property(tries = 30)
  void damagedInputReadsAsTheInterpreterReadsIt(@ForAll long a, @ForAll int x, @ForAll boolean compress) {
    Brine gen = Brine.builder().register(CLASSES).compressNumbers(compress).codegenThreshold(0).build();
    Brine interp = Brine.builder().register(CLASSES).compressNumbers(compress).codegen(false).build();
    for (Object v : values(a, x)) {
      if (v instanceof Blotter || v instanceof Labelled) {
        continue; // not flat: their reads are the general ones
      }
      byte[] good = interp.serialize(v);
      for (int cut = 0; cut < good.length; cut++) {
        sameOutcome(gen, interp, Arrays.copyOf(good, cut), 0, cut, "cut at " + cut);
      }
      int[] values = {0, 1, 2, 3, 0x7F, 0x80, 0xFF, 0x10};
      for (int i = 2; i < good.length; i++) { // after the header and the type id
        for (int val : values) {
          byte[] bad = good.clone();
          bad[i] = (byte) val;
          sameOutcome(gen, interp, bad, 0, bad.length, "byte " + i + " = " + val);
          byte[] inside = new byte[bad.length + 80];
          System.arraycopy(bad, 0, inside, 7, bad.length);
          sameOutcome(gen, interp, inside, 7, bad.length, "byte " + i + " = " + val + ", inside a longer array");
        }
      }
    }
  }

  private static void sameOutcome(Brine gen, Brine interp, byte[] b, int off, int len, String what) {
    Object expected;
    try {
      expected = interp.deserialize(b, off, len);
    } catch (dev.brine.BrineException e) {
      dev.brine.BrineException actual = assertThrows(dev.brine.BrineException.class, () -> gen.deserialize(b, off, len), what);
      assertEquals(e instanceof dev.brine.TruncatedInputException, actual instanceof dev.brine.TruncatedInputException,
          what + ": " + e.getMessage() + " / " + actual.getMessage());
      return;
    }
    Object actual = gen.deserialize(b, off, len);
    assertTrue(Objects.deepEquals(expected, actual), what + ": " + expected + " / " + actual);
  }

  @Test
  void classesWithOnlyFlatFieldsAreFlatAndSayHowDeepTheyGo() throws Exception {
    TypeRegistry r = registry(true);
    assertEquals(2, flat(r, Trade.class).flatDepth());
    assertEquals(2, flat(r, Spread.class).flatDepth());
    assertEquals(3, flat(r, Book.class).flatDepth());
    assertEquals(1, flat(r, Price.class).flatDepth());
    assertEquals(2, flat(r, Derived.class).flatDepth());
    assertFalse(r.forClass(Labelled.class).serializer instanceof FlatWriter, "a string field: not flat");
    assertFalse(r.forClass(Blotter.class).serializer instanceof FlatWriter, "a list field: not flat");
  }

  /** {@code writeFlat} at any position of an array with {@code flatWindow()} bytes of room. */
  @Property(tries = 100)
  void writeFlatWritesThePayloadAndReturnsItsEnd(@ForAll long a, @ForAll int x, @ForAll boolean compress,
      @ForAll @IntRange(min = 0, max = 9) int at) throws Exception {
    TypeRegistry r = registry(compress);
    Brine interp = Brine.builder().register(CLASSES).compressNumbers(compress).codegen(false).build();
    for (Object v : values(a, x)) {
      if (!(r.forClass(v.getClass()).serializer instanceof FlatWriter)) {
        continue;
      }
      FlatRootTest.assertWritesPayloadAt(flat(r, v.getClass()), v, interp.serialize(v), at);
    }
  }

  @Test
  void theDepthLimitCountsTheNestedLevels() {
    Book deep = new Book(1, new Spread(new Price(1, 2, Currency.USD), null), null);
    Book shallow = new Book(1, null, null);
    Blotter outer = new Blotter();
    outer.books = List.of(deep);
    for (boolean generated : new boolean[] {true, false}) {
      for (int max = 1; max <= 5; max++) {
        Brine b = Brine.builder().register(CLASSES).maxDepth(max).codegen(generated).codegenThreshold(0).build();
        String what = (generated ? "generated" : "interpreted") + ", maxDepth " + max;
        if (max >= 3) { // the book, its spread, a price
          assertEquals(deep, b.deserialize(b.serialize(deep)), what);
        } else {
          assertThrows(LimitExceededException.class, () -> b.serialize(deep), what);
        }
        if (max >= 5) { // the blotter, its list, the book, its spread, a price
          assertEquals(outer, b.deserialize(b.serialize(outer)), what);
        } else {
          assertThrows(LimitExceededException.class, () -> b.serialize(outer), what + ", in a list");
        }
        assertEquals(shallow, b.deserialize(b.serialize(shallow)), what + ": a null spread is no level");
      }
    }
  }

  /**
   * A value written with a higher depth limit than the reader's: refused (a LimitExceededException) or read
   * exactly as the interpreter reads it, on the first read and on the later ones (a guard for any shortcut
   * that reads flat values at the top without counting their levels; journal step 135 tried one).
   */
  @Test
  void theReadersDepthLimitCountsTheNestedLevels() {
    Book deep = new Book(1, new Spread(new Price(1, 2, Currency.USD), null), null);
    Trade trade = trade(3, 4);
    byte[] deepBytes = Brine.builder().register(CLASSES).build().serialize(deep);
    byte[] tradeBytes = Brine.builder().register(CLASSES).build().serialize(trade);
    for (boolean generated : new boolean[] {true, false}) {
      for (int max = 1; max <= 4; max++) {
        Brine b = Brine.builder().register(CLASSES).maxDepth(max).codegen(generated).codegenThreshold(0).build();
        String what = (generated ? "generated" : "interpreted") + ", maxDepth " + max;
        for (int i = 0; i < 3; i++) {
          if (max >= 3) { // the book, its spread, a price
            assertEquals(deep, b.deserialize(deepBytes), what);
          } else {
            assertThrows(LimitExceededException.class, () -> b.deserialize(deepBytes), what);
          }
          if (max >= 2) { // the trade, a price
            assertEquals(trade, b.deserialize(tradeBytes), what);
          } else {
            assertThrows(LimitExceededException.class, () -> b.deserialize(tradeBytes), what);
          }
        }
      }
    }
  }

  record Checked(long amount, int scale) {
    Checked {
      if (scale < 0) {
        throw new IllegalArgumentException("negative scale " + scale);
      }
    }
  }

  record Unchecked(long amount, int scale) {}

  /**
   * A flat record read at the top goes through its canonical constructor, whose exception becomes a
   * MalformedInputException as anywhere else; the values before and after it read as usual. Its serializer
   * starts interpreted and is replaced by generated code after two values, and every read sees the change.
   */
  @Test
  void aFlatRecordAtTheTopIsValidatedByItsConstructor() {
    byte[] bad = Brine.builder().register(Unchecked.class).build().serialize(new Unchecked(5, -1));
    Brine b = Brine.builder().register(Checked.class).codegenThreshold(2).build();
    for (int i = 0; i < 6; i++) {
      Checked ok = new Checked(i, i);
      assertEquals(ok, b.deserialize(b.serialize(ok)), "read " + i);
      dev.brine.MalformedInputException e =
          assertThrows(dev.brine.MalformedInputException.class, () -> b.deserialize(bad), "read " + i);
      assertTrue(e.getMessage().contains("negative scale -1"), e.getMessage());
    }
  }

  @Test
  void withReferencesASharedPriceIsStillOneObject() {
    Brine b = Brine.builder().register(CLASSES).references(true).codegenThreshold(0).build();
    Trade t = trade(5, 1);
    t.ask = t.bid;
    Trade back = (Trade) b.deserialize(b.serialize(t));
    assertEquals(t, back);
    assertSame(back.bid, back.ask);
  }

  private static TypeRegistry registry(boolean compress) {
    return FlatRootTest.registry(compress, CLASSES);
  }

  private static FlatWriter flat(TypeRegistry r, Class<?> type) {
    Object s = r.forClass(type).serializer;
    assertInstanceOf(FlatWriter.class, s, type.getSimpleName() + " is flat");
    return (FlatWriter) s;
  }
}
