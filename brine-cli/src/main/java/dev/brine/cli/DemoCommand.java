package dev.brine.cli;

import dev.brine.Brine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code ./brine demo}: round-trips sample objects and compares with JDK serialization. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Round-trip a sample object graph and compare size and speed with JDK serialization.")
public final class DemoCommand implements Callable<Integer> {
  /** A sample order line. */
  public record Line(String sku, int quantity, double price) implements Serializable {}

  /** Sample order status. */
  public enum Status { NEW, PAID, SHIPPED }

  /** A sample order. */
  public record Order(long id, String customer, Status status, Instant placed, List<Line> lines,
      Map<String, String> attributes) implements Serializable {}

  static Order sample() {
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      lines.add(new Line("SKU-" + (1000 + i), i + 1, 9.99 * (i + 1)));
    }
    Map<String, String> attrs = new LinkedHashMap<>();
    attrs.put("channel", "web");
    attrs.put("coupon", "BRINE10");
    attrs.put("note", "Zürich → 東京 🚀");
    return new Order(42L, "Ada Lovelace", Status.PAID, Instant.parse("2026-11-21T10:15:30Z"), lines, attrs);
  }

  @Override
  public Integer call() throws Exception {
    run(System.out);
    return 0;
  }

  static void run(PrintStream out) throws IOException, ClassNotFoundException {
    Brine brine = Brine.builder().register(Order.class, Line.class, Status.class).build();
    Order order = sample();
    byte[] bytes = brine.serialize(order);
    Order back = brine.deserialize(bytes, Order.class);
    if (!order.equals(back)) {
      throw new IllegalStateException("round trip changed the order: " + back);
    }
    byte[] jdk = jdkSerialize(order);
    out.println("Brine demo: an Order record with 5 lines, an enum, an Instant and a map");
    out.println("  round trip equal:   " + order.equals(back));
    out.printf("  Brine bytes:        %d%n", bytes.length);
    out.printf("  JDK bytes:          %d  (%.1fx larger)%n", jdk.length, (double) jdk.length / bytes.length);

    int rounds = 200_000;
    long brineNs = time(rounds, () -> brine.deserialize(brine.serialize(order)));
    long jdkNs = time(rounds / 10, () -> {
      try {
        jdkDeserialize(jdkSerialize(order));
      } catch (IOException | ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    });
    out.printf("  Brine round trip:   %,d ns%n", brineNs);
    out.printf("  JDK round trip:     %,d ns  (%.1fx slower)%n", jdkNs, (double) jdkNs / brineNs);
    out.println("  (one JVM, one second of warm-up each; ./brine bench runs the JMH suite with peers side by side)");
    out.println();
    GeometryDemo.run(out);
  }

  /** Warms {@code r} up for about a second (so the JIT compiles it), then times {@code rounds} runs. */
  private static long time(int rounds, Runnable r) {
    long warmEnd = System.nanoTime() + 1_000_000_000L;
    while (System.nanoTime() < warmEnd) {
      for (int i = 0; i < 1000; i++) {
        r.run();
      }
    }
    long t0 = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      r.run();
    }
    return (System.nanoTime() - t0) / rounds;
  }

  static byte[] jdkSerialize(Object o) throws IOException {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
      oos.writeObject(o);
    }
    return bos.toByteArray();
  }

  static Object jdkDeserialize(byte[] b) throws IOException, ClassNotFoundException {
    try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(b))) {
      return ois.readObject();
    }
  }
}
