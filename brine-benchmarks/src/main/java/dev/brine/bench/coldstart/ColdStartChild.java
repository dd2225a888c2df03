package dev.brine.bench.coldstart;

import dev.brine.Brine;
import dev.brine.bench.support.Libraries;
import java.util.List;
import org.apache.fory.Fory;

/**
 * One cold-start sample, run in a fresh JVM by {@link ColdStartHarness}: builds the library with {@link
 * Wide100} registered, serializes one value, reads it back, and prints {@code build_ns first_serialize_ns
 * first_deserialize_ns bytes} on one line. Nothing of the library is touched before the first clock read.
 */
public final class ColdStartChild {
  private ColdStartChild() {}

  /**
   * Runs one sample.
   *
   * @param args {@code brine} or {@code fory}
   */
  public static void main(String[] args) {
    Wide100 value = Wide100.create();
    String lib = args.length == 0 ? "brine" : args[0];
    long t0;
    long t1;
    long t2;
    long t3;
    byte[] bytes;
    Object back;
    switch (lib) {
      case "brine" -> {
        t0 = System.nanoTime();
        Brine brine = Brine.builder().register(Wide100.class).build();
        t1 = System.nanoTime();
        bytes = brine.serialize(value);
        t2 = System.nanoTime();
        back = brine.deserialize(bytes);
        t3 = System.nanoTime();
      }
      case "fory" -> {
        t0 = System.nanoTime();
        Fory fory = Libraries.fory(List.of(Wide100.class));
        t1 = System.nanoTime();
        bytes = fory.serialize(value);
        t2 = System.nanoTime();
        back = fory.deserialize(bytes);
        t3 = System.nanoTime();
      }
      default -> throw new IllegalArgumentException("unknown library " + lib + " (brine, fory)");
    }
    if (!(back instanceof Wide100 w) || w.s14 == null || !w.s14.equals(value.s14) || w.li04.size() != 3) {
      throw new IllegalStateException(lib + " did not read back what it wrote");
    }
    System.out.println((t1 - t0) + " " + (t2 - t1) + " " + (t3 - t2) + " " + bytes.length);
  }
}
