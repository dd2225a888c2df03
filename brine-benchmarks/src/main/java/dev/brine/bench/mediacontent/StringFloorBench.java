package dev.brine.bench.mediacontent;

import dev.brine.bench.support.Libraries;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What MediaContent's strings alone cost to write, against Fory writing the whole MediaContent in the
 * same run: a floor for any serializer of this workload that may not use {@code sun.misc.Unsafe}.
 *
 * <ul>
 *   <li>{@code strings_scan}: the body of each string copied by one JDK call
 *       ({@code String.getBytes(int, int, byte[], int)}, an array copy for Latin-1 strings), then a read-only
 *       scan of its chars to learn whether that copy was the whole string (some char above 0xFF). This is the
 *       fastest public-API way found to learn a string's encoding (performance.md, steps 3 and 17); Brine does it
 *       on a default JVM. No header, no capacity checks: the strings only.
 *   <li>{@code strings_copy}: the copy alone, what a library that reads {@code String.coder} pays (Fory does,
 *       with {@code Unsafe}; Brine does when the JVM opens {@code java.lang} to it).
 *   <li>{@code payload_floor}: {@code strings_scan} into a new array of Brine's payload size (228 bytes), the
 *       least any serializer returning a {@code byte[]} does for this value without {@code Unsafe}: allocate the
 *       result and produce the strings' bytes. Nothing else of the value is written.
 *   <li>{@code serialize_fory}: Fory serializing the whole workload, its fastest configuration.
 * </ul>
 *
 * <p>If {@code payload_floor} takes more than two thirds of {@code serialize_fory}'s time, no serializer
 * limited to public APIs can serialize MediaContent at 1.5× Fory's speed on a default JVM.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StringFloorBench {
  private String[] strings;
  private byte[] out;
  private int payloadSize;
  private MediaContent value;
  private Fory fory;

  /** Collects the workload's non-null strings in serialization order. */
  @Setup
  public void setup() {
    value = MediaContent.create();
    List<String> all = new ArrayList<>();
    Media m = value.media;
    all.add(m.uri);
    all.add(m.title);
    all.add(m.format);
    all.addAll(m.persons);
    all.add(m.copyright);
    for (Image img : value.images) {
      all.add(img.uri);
      all.add(img.title);
    }
    all.removeIf(s -> s == null);
    strings = all.toArray(new String[0]);
    out = new byte[4096];
    payloadSize = Libraries.brine(List.of(MediaContent.class, Media.class, Image.class, Media.Player.class,
        Image.Size.class)).serialize(value).length;
    fory = Libraries.fory(List.of(MediaContent.class, Media.class, Image.class, Media.Player.class,
        Image.Size.class));
  }

  /**
   * Copy then scan, every string.
   *
   * @return the bytes written (and whether all were Latin-1, in the sign), so nothing is dead code
   */
  @Benchmark
  public int strings_scan() {
    return scanInto(out);
  }

  /**
   * Copy then scan, every string, into a new array of the payload's size.
   *
   * @return the array
   */
  @Benchmark
  public byte[] payload_floor() {
    byte[] b = new byte[payloadSize];
    scanInto(b);
    return b;
  }

  private int scanInto(byte[] dst) {
    int pos = 0;
    int wide = 0;
    for (String s : strings) {
      int len = s.length();
      copyLowBytes(s, len, dst, pos);
      int acc = 0;
      for (int i = 0; i < len; i++) {
        acc |= s.charAt(i);
      }
      wide |= acc & ~0xFF;
      pos += len;
    }
    return wide == 0 ? pos : -pos;
  }

  /**
   * The copy alone.
   *
   * @return the bytes written
   */
  @Benchmark
  public int strings_copy() {
    int pos = 0;
    for (String s : strings) {
      int len = s.length();
      copyLowBytes(s, len, out, pos);
      pos += len;
    }
    return pos;
  }

  /**
   * Fory, the whole workload.
   *
   * @return the payload
   */
  @Benchmark
  public byte[] serialize_fory() {
    return fory.serialize(value);
  }

  @SuppressWarnings("deprecation")
  private static void copyLowBytes(String s, int len, byte[] dst, int at) {
    s.getBytes(0, len, dst, at);
  }
}
