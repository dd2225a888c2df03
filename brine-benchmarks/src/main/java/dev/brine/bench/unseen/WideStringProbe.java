package dev.brine.bench.unseen;

import java.util.function.IntToLongFunction;
import java.util.function.ToLongFunction;

/**
 * {@code dev.brine.bench.ab.Interleaved}'s probe of {@link WideStringFloorBench}: {@code text,method} runs
 * that benchmark method (for example {@code cyrillic,w_charat} or {@code accented,ser_fory}) on a bench set up
 * as JMH would, so that a floor and Brine's cell can be timed alternating in one JVM.
 */
public final class WideStringProbe implements IntToLongFunction {
  private final ToLongFunction<WideStringFloorBench> call;
  private final WideStringFloorBench bench = new WideStringFloorBench();

  /**
   * Builds the probe.
   *
   * @param a the text ({@code cyrillic}, {@code accented}, {@code cjk}) and the benchmark method's name
   */
  public WideStringProbe(String[] a) {
    bench.text = a[0];
    bench.setup();
    call = switch (a[1]) {
      case "w_charat" -> WideStringFloorBench::w_charat;
      case "w_getchars_loop" -> WideStringFloorBench::w_getchars_loop;
      case "w_getchars_view" -> WideStringFloorBench::w_getchars_view;
      case "w_getbytes_utf16" -> WideStringFloorBench::w_getbytes_utf16;
      case "w_getbytes_utf8" -> WideStringFloorBench::w_getbytes_utf8;
      case "w_count_charat" -> WideStringFloorBench::w_count_charat;
      case "w_count_chars_loop" -> WideStringFloorBench::w_count_chars_loop;
      case "w_count_chars_view" -> WideStringFloorBench::w_count_chars_view;
      case "w_brine" -> WideStringFloorBench::w_brine;
      case "r_vh" -> b -> b.r_vh().length();
      case "r_view" -> b -> b.r_view().length();
      case "r_utf16" -> b -> b.r_utf16().length();
      case "r_utf8" -> b -> b.r_utf8().length();
      case "r_brine" -> b -> b.r_brine().length();
      case "ser_brine" -> b -> b.ser_brine().length;
      case "ser_fory" -> b -> b.ser_fory().length;
      case "deser_brine" -> b -> b.deser_brine().hashCode();
      case "deser_fory" -> b -> b.deser_fory().hashCode();
      default -> throw new IllegalArgumentException("unknown method " + a[1]);
    };
  }

  @Override
  public long applyAsLong(int n) {
    long s = 0;
    for (int i = 0; i < n; i++) {
      s += call.applyAsLong(bench);
    }
    return s;
  }
}
