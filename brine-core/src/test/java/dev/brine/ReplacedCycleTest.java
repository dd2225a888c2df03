package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.Serializable;
import java.util.*;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With references on, a cycle through a value that the reader builds in one object and then replaces
 * by another ({@code List.of}, {@code Map.of}, unmodifiable views; a {@code writeReplace} proxy whose
 * {@code readResolve} returns the real object): a back-reference from inside could only get the first
 * object, so the cycle is refused with a {@link BrineException} — never read as a different, mutable
 * object. Cycles through the replacing value from outside it, and such values without a cycle, still read.
 */
class ReplacedCycleTest {
  static final class Holder {
    Object ref;
  }

  /** Written as a {@link Proxy}, which reads back as a {@code Rep}. */
  static final class Rep implements Serializable {
    Object back;

    Object writeReplace() {
      Proxy p = new Proxy();
      p.back = back;
      return p;
    }
  }

  static final class Proxy implements Serializable {
    Object back;

    Object readResolve() {
      Rep r = new Rep();
      r.back = back;
      return r;
    }
  }

  /** Resolves to itself: back-references from inside are the final object and stay allowed. */
  static final class SelfResolving implements Serializable {
    Object back;

    Object readResolve() {
      return this;
    }
  }

  static Stream<Arguments> modes() {
    List<Arguments> all = new ArrayList<>();
    for (boolean compatible : new boolean[] {false, true}) {
      for (boolean codegen : new boolean[] {false, true}) {
        Brine b = Brine.builder().references(true).compatible(compatible).codegen(codegen).codegenThreshold(0)
            .register(Holder.class, Rep.class, Proxy.class, SelfResolving.class).build();
        all.add(Arguments.of((compatible ? "compatible" : "default") + (codegen ? ", generated" : ", interpreted"), b));
      }
    }
    return all.stream();
  }

  static Stream<Arguments> replaced() {
    Map<String, Function<Holder, Object>> kinds = new LinkedHashMap<>();
    kinds.put("List.of(h)", h -> List.of(h));
    kinds.put("List.of(h, s)", h -> List.of(h, "s"));
    kinds.put("List.of(h, 1, 2, 3)", h -> List.of(h, 1, 2, 3));
    kinds.put("Map.of(k, h)", h -> Map.of("k", h));
    kinds.put("Map.of(h, v)", h -> Map.of(h, "v"));
    kinds.put("unmodifiableList", h -> Collections.unmodifiableList(new ArrayList<>(List.of(h))));
    kinds.put("unmodifiableMap", h -> Collections.unmodifiableMap(new HashMap<>(Map.of("k", h))));
    List<Arguments> all = new ArrayList<>();
    modes().forEach(m -> kinds.forEach((k, f) -> all.add(Arguments.of(m.get()[0] + ", " + k, m.get()[1], f))));
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("replaced")
  void aCycleEnteredThroughAReplacedCollectionIsRefusedOrKept(String name, Brine brine, Function<Holder, Object> make) {
    Holder h = new Holder();
    Object outer = make.apply(h);
    h.ref = outer;
    byte[] bytes = brine.serialize(outer);
    Object back;
    try {
      back = brine.deserialize(bytes);
    } catch (BrineException e) {
      assertTrue(e.getMessage().contains("not finished"), e.getMessage());
      return;
    }
    // read: then the cycle must be the same object (a view the serializer rebuilds in place)
    Holder inner = findHolder(back);
    assertSame(back, inner.ref, name + ": the cycle came back through another object");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("replaced")
  void theSameCycleEnteredFromTheHolderReads(String name, Brine brine, Function<Holder, Object> make) {
    Holder h = new Holder();
    h.ref = make.apply(h);
    Holder back = (Holder) brine.deserialize(brine.serialize(h));
    assertSame(back, findHolder(back.ref), name);
    assertEquals(h.ref.getClass(), back.ref.getClass(), name);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void aCycleThroughAWriteReplaceProxyIsRefused(String name, Brine brine) {
    Rep rep = new Rep();
    Holder two = new Holder();
    rep.back = two;
    two.ref = rep;
    byte[] bytes = brine.serialize(rep);
    BrineException e = assertThrows(BrineException.class, () -> brine.deserialize(bytes), name);
    assertTrue(e.getMessage().contains("readResolve"), e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void aProxyWithoutACycleAndAReferenceFromOutsideRead(String name, Brine brine) {
    Holder shared = new Holder();
    Rep rep = new Rep();
    rep.back = shared;
    List<Object> both = new ArrayList<>(List.of(rep, shared, rep));
    @SuppressWarnings("unchecked")
    List<Object> back = (List<Object>) brine.deserialize(brine.serialize(both));
    assertInstanceOf(Rep.class, back.get(0), name);
    assertSame(back.get(1), ((Rep) back.get(0)).back, name);
    assertSame(back.get(0), back.get(2), name);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void aCycleThroughAClassThatResolvesToItselfReads(String name, Brine brine) {
    SelfResolving s = new SelfResolving();
    Holder h = new Holder();
    s.back = h;
    h.ref = s;
    SelfResolving back = (SelfResolving) brine.deserialize(brine.serialize(s));
    assertSame(back, ((Holder) back.back).ref, name);
  }

  private static Holder findHolder(Object value) {
    if (value instanceof Holder h) {
      return h;
    }
    if (value instanceof Collection<?> c) {
      for (Object o : c) {
        if (o instanceof Holder h) {
          return h;
        }
      }
    }
    if (value instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getKey() instanceof Holder h) {
          return h;
        }
        if (e.getValue() instanceof Holder h) {
          return h;
        }
      }
    }
    throw new AssertionError("no Holder in " + value);
  }
}
