package dev.brine.cli;

import dev.brine.Brine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintWriter;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./brine demo}: round-trips a sample object graph, compares its size and speed with JDK serialization
 * (each time the median of several timed runs, with their range), and shows a geometry round trip. The full
 * comparison with the other libraries is {@code ./brine bench}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
    description = "Round-trip a sample object graph and compare size and speed with JDK serialization; each time "
        + "is the median of several timed runs, shown with their range. The full side-by-side comparison with "
        + "Fory, Kryo, protobuf, Jackson and hand-written code is ./brine bench.")
public final class DemoCommand implements Callable<Integer> {
  /** A sample order line. */
  public record Line(String sku, int quantity, double price) implements Serializable {}

  /** Sample order status. */
  public enum Status { NEW, PAID, SHIPPED }

  /** A sample order. */
  public record Order(long id, String customer, Status status, Instant placed, List<Line> lines,
      Map<String, String> attributes) implements Serializable {}

  @Option(names = "--runs", paramLabel = "N",
      description = "timed runs per measurement, after the warm-up (default ${DEFAULT-VALUE}, at least 3)")
  int runs = 7;

  @Option(names = "--run-ms", paramLabel = "MS", description = "length of each timed run (default ${DEFAULT-VALUE} ms)")
  int runMs = 200;

  @Option(names = "--warmup-ms", paramLabel = "MS",
      description = "warm-up before the timed runs, so the JIT compiles the code (default ${DEFAULT-VALUE} ms)")
  int warmupMs = 1000;

  @Option(names = "--progress", negatable = true,
      description = "show progress bars (default: only when the output is a terminal)")
  Boolean progress;

  @Spec CommandSpec spec;

  /** Creates the command (picocli instantiates it). */
  public DemoCommand() {}

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
  public Integer call() {
    if (runs < 3 || runMs < 10 || warmupMs < 0) {
      throw new ParameterException(spec.commandLine(),
          "--runs must be at least 3, --run-ms at least 10 and --warmup-ms at least 0");
    }
    PrintWriter out = spec.commandLine().getOut();
    boolean bars = progress != null ? progress : Progress.interactive();
    run(out, new Timing(runs, runMs, warmupMs, bars));
    out.flush();
    return 0;
  }

  static void run(PrintWriter out, Timing timing) {
    Brine brine = Brine.builder().register(Order.class, Line.class, Status.class).build();
    Order order = sample();
    byte[] bytes = brine.serialize(order);
    Order back = brine.deserialize(bytes, Order.class);
    if (!order.equals(back)) {
      throw new IllegalStateException("round trip changed the order: " + back);
    }
    byte[] jdk = jdkSerialize(order);
    out.println("Brine demo: an Order record with 5 lines, an enum, an Instant and a map");
    out.println("  round trip equal   " + order.equals(back));
    out.printf(Locale.ROOT, "  Brine bytes        %d%n", bytes.length);
    out.printf(Locale.ROOT, "  JDK bytes          %d  (%.1fx larger)%n", jdk.length, (double) jdk.length / bytes.length);
    out.printf(Locale.ROOT, "  timing: %d ms warm-up, then %d runs of %d ms each; median and range over the runs%n",
        timing.warmupMs(), timing.runs(), timing.runMs());
    out.flush();
    Timing.Result b = timing.measure("Brine round trip", () -> brine.deserialize(brine.serialize(order)));
    Timing.Result j = timing.measure("JDK round trip", () -> jdkDeserialize(jdkSerialize(order)));
    out.println("  Brine round trip   " + b.describe());
    out.println("  JDK round trip     " + j.describe()
        + String.format(Locale.ROOT, "  (%.1fx slower)", j.median() / b.median()));
    out.println("  One JVM on this machine: runs vary by tens of percent, so compare medians, not single runs.");
    out.println("  The full side-by-side comparison (Fory, Kryo, protobuf, Jackson, hand-written code; JMH forks");
    out.println("  and error bars): ./brine bench --quick (about 10 minutes), or see README.md, \"Performance\".");
    out.println();
    GeometryDemo.run(out);
  }

  static byte[] jdkSerialize(Object o) {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
      oos.writeObject(o);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bos.toByteArray();
  }

  static Object jdkDeserialize(byte[] b) {
    try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(b))) {
      return ois.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
