package dev.brine.bench.unseen;

import dev.brine.Brine;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.CodecBench;
import dev.brine.bench.support.Libraries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Number-heavy classes that no other benchmark uses and that Brine was never tuned on (issue #15's "any
 * class of primitives, boxes, enums and nested such classes"): {@link Prim30} (thirty primitives of every
 * type), {@link Account} (primitives, boxes and enums), {@link Trade} (nested final classes), {@link
 * Tick} (a record), {@link Series} (primitive arrays of 24 elements; {@code series64}, {@code series256}
 * and {@code series1k} the same class with longer arrays) {@link Order} (a list of small objects), {@link Tagged} (lists and a map of strings and
 * boxed numbers) and {@link Contact} (strings that are not Latin-1: {@code cyrillic}, {@code accented}, {@code cjk}).
 * Brine and Fory side by side through {@link CodecBench}'s methods; {@code brine16} is Brine with {@code
 * compressStrings(false)} (strings that are not Latin-1 always UTF-16).
 */
@State(Scope.Benchmark)
public class UnseenBench extends CodecBench {
  /** The class. */
  @Param({"prim30", "account", "trade", "tick", "series", "order", "tagged", "series64", "series256", "series1k",
      "cyrillic", "accented", "cjk"})
  public String shape;

  @Override
  protected Object createValue() {
    return switch (shape) {
      case "prim30" -> Prim30.create();
      case "account" -> Account.create();
      case "trade" -> Trade.create();
      case "tick" -> Tick.create();
      case "series" -> Series.create();
      case "order" -> Order.create();
      case "tagged" -> Tagged.create();
      case "series1k" -> Series.create(1024);
      case "series64" -> Series.create(64);
      case "series256" -> Series.create(256);
      case "cyrillic", "accented", "cjk" -> Contact.create(shape);
      default -> throw new IllegalArgumentException("unknown shape " + shape);
    };
  }

  @Override
  protected List<Class<?>> userClasses() {
    return switch (shape) {
      case "prim30" -> List.of(Prim30.class);
      case "account" -> List.of(Account.class, Account.Status.class, Account.Kind.class);
      case "trade" -> List.of(Trade.class, Trade.Price.class, Trade.Qty.class, Trade.Currency.class);
      case "tick" -> List.of(Tick.class, Account.Status.class);
      case "series", "series1k", "series64", "series256" -> List.of(Series.class);
      case "order" -> List.of(Order.class, Order.Line.class, Order.Side.class);
      case "tagged" -> List.of(Tagged.class);
      case "cyrillic", "accented", "cjk" -> List.of(Contact.class);
      default -> throw new IllegalArgumentException("unknown shape " + shape);
    };
  }

  @Override
  protected List<Class<?>> kryoExtraClasses() {
    return List.of(ArrayList.class, java.util.HashMap.class, long[].class, double[].class, int[].class, float[].class);
  }

  private Brine brine16;
  private byte[] brine16Bytes;

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    brine16 = Libraries.brineUtf16(userClasses());
    out.put("brine16", Codec.of(v -> brine16.serialize(v), b -> brine16.deserialize(b, type)));
  }

  @Override
  protected void payloadsReady() {
    brine16Bytes = payload("brine16");
  }

  /**
   * Brine with {@code compressStrings(false)}.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_brine16() {
    return brine16.serialize(value);
  }

  /**
   * Brine with {@code compressStrings(false)}.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_brine16() {
    return brine16.deserialize(brine16Bytes, type);
  }
}
