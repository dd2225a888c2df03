package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.util.*;
import net.jqwik.api.*;

/** Random object graphs (nested POJOs, records, collections and maps, with nulls) round-trip to equal values. */
class RandomGraphProperties {
  enum Level { LOW, MID, HIGH }

  record Rec(String name, int n, Object payload, List<Object> items, Level level) {}

  static final class Pojo {
    long id;
    Double score;
    Object child;
    Map<String, Object> attrs = new HashMap<>();
    @Override public boolean equals(Object o) {
      return o instanceof Pojo && id == ((Pojo) o).id && Objects.equals(score, ((Pojo) o).score)
          && Objects.equals(child, ((Pojo) o).child) && Objects.equals(attrs, ((Pojo) o).attrs);
    }
    @Override public int hashCode() { return Long.hashCode(id); }
    @Override public String toString() { return "Pojo(" + id + "," + score + "," + child + "," + attrs + ")"; }
  }

  static final Brine BRINE = Brine.builder().register(Level.class, Rec.class, Pojo.class).build();
  static final Brine REFS = Brine.builder().register(Level.class, Rec.class, Pojo.class).references(true).build();

  @Property(tries = 300)
  void graphsRoundTrip(@ForAll("graphs") Object graph) {
    for (Brine b : List.of(BRINE, REFS)) {
      Object back = b.deserialize(b.serialize(graph));
      assertEquals(graph, back);
    }
  }

  @Property(tries = 200)
  void graphsSurviveTruncationWithABrineException(@ForAll("graphs") Object graph, @ForAll Random random) {
    byte[] bytes = BRINE.serialize(graph);
    int cut = random.nextInt(bytes.length);
    assertThrows(BrineException.class, () -> BRINE.deserialize(Arrays.copyOf(bytes, cut)));
  }

  /** Bare values written back to back come back one by one, each call moving the position past its value. */
  @Property(tries = 150)
  void bareValuesReadBackOneByOne(@ForAll("graphLists") List<Object> graphs) {
    for (Brine b : List.of(BRINE, REFS)) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      for (Object g : graphs) {
        b.serializeValue(g, out);
      }
      java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(out.toByteArray());
      for (Object g : graphs) {
        assertEquals(g, b.deserializeValue(in));
      }
      assertEquals(0, in.remaining());
    }
  }

  /**
   * A stream cut anywhere: the values before the cut decode, the one across it is a
   * TruncatedInputException that leaves the position at its start, and nothing else is thrown.
   */
  @Property(tries = 150)
  void bareValuesCutAnywhereAreTruncatedNotMalformed(@ForAll("graphLists") List<Object> graphs, @ForAll Random random) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    List<Integer> ends = new ArrayList<>();
    for (Object g : graphs) {
      BRINE.serializeValue(g, out);
      ends.add(out.size());
    }
    byte[] bytes = out.toByteArray();
    int cut = random.nextInt(bytes.length + 1);
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes, 0, cut).slice();
    for (int i = 0; i < graphs.size(); i++) {
      if (ends.get(i) <= cut) {
        assertEquals(graphs.get(i), BRINE.deserializeValue(in));
        assertEquals((int) ends.get(i), in.position());
      } else {
        int at = in.position();
        assertThrows(TruncatedInputException.class, () -> BRINE.deserializeValue(in));
        assertEquals(at, in.position());
        return;
      }
    }
  }

  @Provide
  Arbitrary<List<Object>> graphLists() {
    return value(3).list().ofMinSize(1).ofMaxSize(6);
  }

  @Provide
  Arbitrary<Object> graphs() {
    return value(4);
  }

  private Arbitrary<Object> value(int depth) {
    Arbitrary<Object> leaf = Arbitraries.oneOf(
        Arbitraries.integers().map(i -> (Object) i),
        Arbitraries.longs().map(l -> (Object) l),
        Arbitraries.doubles().map(d -> (Object) d),
        Arbitraries.strings().ofMaxLength(12).map(s -> (Object) s),
        Arbitraries.of(Level.class).map(l -> (Object) l),
        Arbitraries.bigDecimals().map(d -> (Object) d),
        Arbitraries.just(null));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Object> child = Arbitraries.lazy(() -> value(depth - 1));
    Arbitrary<Object> list = child.list().ofMaxSize(5).map(l -> (Object) new ArrayList<>(l));
    Arbitrary<Object> map = Arbitraries.maps(Arbitraries.strings().ofMaxLength(5), child).ofMaxSize(5)
        .map(m -> (Object) new HashMap<>(m));
    Arbitrary<Object> rec = Combinators.combine(Arbitraries.strings().ofMaxLength(8).injectNull(0.2), Arbitraries.integers(),
        child, child.list().ofMaxSize(3), Arbitraries.of(Level.class).injectNull(0.2))
        .as((s, n, p, items, lv) -> (Object) new Rec(s, n, p, new ArrayList<>(items), lv));
    Arbitrary<Object> pojo = Combinators.combine(Arbitraries.longs(), Arbitraries.doubles().injectNull(0.3), child,
        Arbitraries.maps(Arbitraries.strings().ofMaxLength(4), child).ofMaxSize(3))
        .as((id, score, c, attrs) -> {
          Pojo p = new Pojo();
          p.id = id;
          p.score = score;
          p.child = c;
          p.attrs.putAll(attrs);
          return (Object) p;
        });
    Arbitrary<Object> set = Arbitraries.integers().set().ofMaxSize(6).map(s -> (Object) new LinkedHashSet<>(s));
    Arbitrary<Object> array = child.list().ofMaxSize(4).map(l -> (Object) l.toArray());
    return Arbitraries.frequencyOf(
        Tuple.of(4, leaf), Tuple.of(2, list), Tuple.of(2, map), Tuple.of(2, rec), Tuple.of(2, pojo), Tuple.of(1, set),
        Tuple.of(1, array.map(a -> (Object) Arrays.asList((Object[]) a))));
  }

  @Example
  void bigDecimalScaleIsKept() {
    BigDecimal d = new BigDecimal("1.50");
    assertEquals(d, BRINE.deserialize(BRINE.serialize(d)));
  }
}
