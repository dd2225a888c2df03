package dev.brine.zoo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * A table of values that Java applications put through a serializer, each with how to tell that it
 * came back right (docs/types.md). Filled by {@link JdkZoo} and {@link LibraryZoo}; run by {@code
 * TypeZooTest}.
 */
final class Zoo {
  /** Makes a value (may throw, as JDK factories do). */
  @FunctionalInterface
  interface Value<T> {
    T get() throws Exception;
  }

  /** One value of the table. */
  static final class Case {
    final String category;
    final String name;
    final Value<Object> value;
    final BiPredicate<Object, Object> same;
    /** Whether the value cannot be read back by design, so writing it must fail with a clear message. */
    final boolean refused;

    Case(String category, String name, Value<Object> value, BiPredicate<Object, Object> same, boolean refused) {
      this.category = category;
      this.name = name;
      this.value = value;
      this.same = same;
      this.refused = refused;
    }
  }

  final List<Case> cases = new ArrayList<>();
  private String category = "";

  Zoo category(String c) {
    this.category = c;
    return this;
  }

  /** Equal ({@code Objects.deepEquals}) and of the same class. */
  @SuppressWarnings("unchecked")
  Zoo eq(String name, Value<?> value) {
    cases.add(new Case(category, name, (Value<Object>) value, Zoo::equalAndSameClass, false));
    return this;
  }

  /** The very same instance (a shared singleton). */
  @SuppressWarnings("unchecked")
  Zoo same(String name, Value<?> value) {
    cases.add(new Case(category, name, (Value<Object>) value, (a, b) -> a == b, false));
    return this;
  }

  /** Of the same class, and {@code check(original, back)} holds. */
  @SuppressWarnings("unchecked")
  <T> Zoo check(String name, Value<T> value, BiPredicate<T, T> check) {
    cases.add(new Case(category, name, (Value<Object>) value,
        (a, b) -> a.getClass() == b.getClass() && ((BiPredicate<Object, Object>) check).test(a, b), false));
    return this;
  }

  /** Of the same class, with equal {@code view(value)}s (for classes without equals). */
  <T> Zoo view(String name, Value<T> value, Function<T, Object> view) {
    return check(name, value, (a, b) -> Objects.deepEquals(view.apply(a), view.apply(b)));
  }

  /**
   * A serializable lambda: it behaves the same ({@code view}) and is again a lambda (the JDK makes a new
   * lambda class when it rebuilds one, so the class is not the same).
   */
  @SuppressWarnings("unchecked")
  <T> Zoo lambda(String name, Value<T> value, Function<T, Object> view) {
    cases.add(new Case(category, name, (Value<Object>) value, (a, b) -> b.getClass().isHidden()
        && Objects.deepEquals(view.apply((T) a), view.apply((T) b)), false));
    return this;
  }

  /** A value that no reader could rebuild: writing it must fail with a BrineException that says what to do. */
  @SuppressWarnings("unchecked")
  Zoo refused(String name, Value<?> value) {
    cases.add(new Case(category, name, (Value<Object>) value, (a, b) -> false, true));
    return this;
  }

  static boolean equalAndSameClass(Object a, Object b) {
    return a.getClass() == b.getClass() && Objects.deepEquals(a, b);
  }
}
