package dev.brine.spark;

import scala.Some;
import scala.Tuple3;

/** Scala values of every default-registered family, sized by {@code i}. */
final class SparkDefaultsValues {
  private SparkDefaultsValues() {}

  static Object sample(int i) {
    return new Tuple3<>(BrineStreamsTest.scalaVector(i * 3), BrineStreamsTest.scalaMap(i % 7),
        new Some<>(BrineStreamsTest.scalaSet(i % 6)));
  }
}
