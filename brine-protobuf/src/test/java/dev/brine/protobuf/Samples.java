package dev.brine.protobuf;

import dev.brine.protobuf.model.Arrays;
import dev.brine.protobuf.model.Color;
import dev.brine.protobuf.model.Containers;
import dev.brine.protobuf.model.Inner;
import dev.brine.protobuf.model.Nullables;
import dev.brine.protobuf.model.Order;
import dev.brine.protobuf.model.Pojo;
import dev.brine.protobuf.model.Scalars;
import dev.brine.protobuf.model.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Fixed sample values of the test model (also the golden files' content). */
final class Samples {
  private Samples() {
  }

  static final Class<?>[] CLASSES = {Scalars.class, Nullables.class, Containers.class, Arrays.class, Pojo.class, Order.class};

  static Scalars scalars() {
    return new Scalars(-1, Long.MIN_VALUE, -0.0f, Double.NaN, true, (short) -300, (byte) 127, '\uFFFF', -2, Long.MIN_VALUE,
        -1, -5, -1, -1L, Integer.MIN_VALUE, 1L << 40, Color.BLUE, Status.RETIRED);
  }

  static Scalars zeros() {
    return new Scalars(0, 0, 0f, 0d, false, (short) 0, (byte) 0, '\0', 0, 0, 0, 0, 0, 0, 0, 0, Color.RED, Status.UNKNOWN);
  }

  static Nullables nullables() {
    return new Nullables("h\u00e9llo \uD83D\uDE00", new byte[] {0, -1, 2}, 0, -7L, 1.5f, -0.0, false, (short) -1, 'x',
        Optional.of(""), OptionalInt.of(0), OptionalLong.of(Long.MAX_VALUE), OptionalDouble.of(Double.MIN_VALUE),
        Optional.of(Color.RED), Optional.of(new Inner(0, null)), new Inner(-1, "inner"),
        Instant.ofEpochSecond(-1, 5), Duration.ofMillis(-1500));
  }

  static Nullables empties() {
    return new Nullables(null, null, null, null, null, null, null, null, null, Optional.empty(), OptionalInt.empty(),
        OptionalLong.empty(), OptionalDouble.empty(), Optional.empty(), Optional.empty(), null, null, null);
  }

  static Containers containers() {
    Map<String, Integer> counts = new LinkedHashMap<>();
    counts.put("a", 1);
    counts.put("", 0);
    counts.put("long key " + "x".repeat(200), -1);
    Map<Long, Inner> byId = new LinkedHashMap<>();
    byId.put(7L, new Inner(7, "seven"));
    byId.put(-1L, new Inner(0, null));
    TreeMap<Integer, String> sortedMap = new TreeMap<>(Map.of(3, "c", -1, "a"));
    Map<Boolean, Color> flagged = new LinkedHashMap<>();
    flagged.put(true, Color.GREEN);
    flagged.put(false, Color.RED);
    return new Containers(new ArrayList<>(List.of("x", "", "y\u0000z")), new ArrayList<>(List.of(1, -1, 0, 300)),
        new ArrayList<>(List.of(Long.MAX_VALUE, 0L)), new ArrayList<>(List.of(0.5, -0.0)),
        new ArrayList<>(List.of(true, false)), new ArrayList<>(List.of(Color.BLUE, Color.RED)),
        new LinkedHashSet<>(Set.of(5L)), new TreeSet<>(Set.of("b", "a")),
        new ArrayList<>(List.of(new Inner(1, "one"), new Inner(2, "x".repeat(300)))), new ArrayList<>(List.of(new byte[] {1}, new byte[0])),
        counts, byId, sortedMap, flagged, new ArrayList<>(List.of(Instant.EPOCH, Instant.ofEpochSecond(1_700_000_000L, 123))));
  }

  static Containers emptyContainers() {
    return new Containers(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
        new ArrayList<>(), new LinkedHashSet<>(), new TreeSet<>(), new ArrayList<>(), new ArrayList<>(), new LinkedHashMap<>(),
        new LinkedHashMap<>(), new TreeMap<>(), new LinkedHashMap<>(), new ArrayList<>());
  }

  static Arrays arrays() {
    Arrays a = new Arrays();
    a.ints = new int[] {1, -1, Integer.MAX_VALUE};
    a.longs = new long[] {Long.MIN_VALUE, 0};
    a.doubles = new double[] {1.25, Double.NEGATIVE_INFINITY};
    a.floats = new float[] {Float.NaN};
    a.bools = new boolean[] {true, false, true};
    a.shorts = new short[] {Short.MIN_VALUE};
    a.chars = new char[] {'a', '\uD800'};
    a.strings = new String[] {"s", ""};
    a.inners = new Inner[] {new Inner(3, "three")};
    a.blobs = new byte[][] {{9, 8}};
    a.colors = new Color[] {Color.GREEN};
    return a;
  }

  static Pojo pojo() {
    return new Pojo(1L << 50, "pojo", -3, new ArrayList<>(List.of("t1", "t2")));
  }

  static Order order() {
    return new Order(123456789L, "Ada", new ArrayList<>(List.of(new Order.Line("A-1", 2, 9.99), new Order.Line("B-2", 1, 0))),
        new Inner(1, "gift"), Status.ACTIVE);
  }

  static List<Object> all() {
    return List.of(scalars(), zeros(), nullables(), empties(), containers(), emptyContainers(), arrays(), pojo(), order());
  }
}
