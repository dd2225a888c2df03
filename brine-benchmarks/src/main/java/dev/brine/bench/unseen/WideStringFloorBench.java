package dev.brine.bench.unseen;

import dev.brine.Brine;
import dev.brine.bench.support.Libraries;
import dev.brine.io.ByteReader;
import dev.brine.io.ByteWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the strings of {@link Contact} (text that is not Latin-1) cost to write and read through public JDK
 * APIs, next to Brine's string codec and Fory on the whole record in the same run: the floor for a
 * serializer of these strings that may not use {@code sun.misc.Unsafe}.
 *
 * <p>Writing (the four strings' bodies into one array, no headers): {@code w_charat} (each char through
 * {@code charAt} and a little-endian {@code short} store: UTF-16LE), {@code w_getchars_loop} ({@code
 * getChars} into a scratch {@code char[]}, then the same stores), {@code w_getchars_view} ({@code getChars},
 * then one bulk put through a little-endian {@code CharBuffer} view of the array), {@code w_getbytes_utf16}
 * and {@code w_getbytes_utf8} ({@code String.getBytes} with that charset, then copied: the JDK's own
 * encoders), {@code w_count_charat}, {@code w_count_chars_loop} and {@code w_count_chars_view} (a branch-free
 * count of UTF-8's length over {@code charAt}, over a {@code getChars} copy, and that count followed by the
 * view's put: what choosing UTF-8 or UTF-16 costs on its own), and {@code w_brine} (Brine's {@code
 * ByteWriter.writeString}, headers and all). Reading them back
 * (each string from its UTF-16LE or UTF-8 bytes): {@code r_vh} (a {@code short} load per char into a scratch
 * {@code char[]}, then {@code new String(char[], ...)}), {@code r_view} (a bulk get through a {@code CharBuffer}
 * view), {@code r_utf16} and {@code r_utf8} ({@code new String(bytes, off, len, charset)}), {@code r_brine}
 * (Brine's {@code ByteReader.readString}). And the whole record: {@code ser_brine}, {@code ser_fory},
 * {@code deser_brine}, {@code deser_fory}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WideStringFloorBench {
  private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  /** The kind of text: {@code cyrillic}, {@code accented} or {@code cjk} ({@link Contact#create}). */
  @Param({"cyrillic", "accented", "cjk"})
  public String text;

  private String[] strings;
  private byte[] out;
  private char[] scratch;
  private byte[] utf16;
  private byte[] utf8;
  private int[] utf16Offsets;
  private int[] utf8Offsets;
  private byte[] brineStrings;
  private ByteWriter writer;
  private ByteReader reader;
  private Contact value;
  private Brine brine;
  private Fory fory;
  private byte[] brinePayload;
  private byte[] foryPayload;

  /** The record, its strings and their encoded forms. */
  @Setup
  public void setup() {
    value = Contact.create(text);
    strings = new String[] {value.name(), value.surname(), value.city(), value.note()};
    out = new byte[4096];
    scratch = new char[1024];
    utf16Offsets = new int[strings.length + 1];
    utf8Offsets = new int[strings.length + 1];
    ByteBuffer b16 = ByteBuffer.allocate(4096);
    ByteBuffer b8 = ByteBuffer.allocate(4096);
    for (int i = 0; i < strings.length; i++) {
      b16.put(strings[i].getBytes(StandardCharsets.UTF_16LE));
      b8.put(strings[i].getBytes(StandardCharsets.UTF_8));
      utf16Offsets[i + 1] = b16.position();
      utf8Offsets[i + 1] = b8.position();
    }
    utf16 = java.util.Arrays.copyOf(b16.array(), b16.position());
    utf8 = java.util.Arrays.copyOf(b8.array(), b8.position());
    writer = new ByteWriter(4096);
    for (String s : strings) {
      writer.writeString(s);
    }
    brineStrings = writer.toByteArray();
    reader = new ByteReader();
    brine = Libraries.brine(List.of(Contact.class));
    fory = Libraries.fory(List.of(Contact.class));
    brinePayload = brine.serialize(value);
    foryPayload = fory.serialize(value);
    for (String s : new String[] {r_vh(), r_view(), r_utf16(), r_utf8(), r_brine()}) {
      if (!s.equals(value.note())) {
        throw new IllegalStateException("read back " + s);
      }
    }
  }

  /** @return bytes written */
  @Benchmark
  public int w_charat() {
    byte[] b = out;
    int p = 0;
    for (String s : strings) {
      for (int i = 0, n = s.length(); i < n; i++) {
        I16.set(b, p, (short) s.charAt(i));
        p += 2;
      }
    }
    return p;
  }

  /** @return bytes written */
  @Benchmark
  public int w_getchars_loop() {
    byte[] b = out;
    char[] c = scratch;
    int p = 0;
    for (String s : strings) {
      int n = s.length();
      s.getChars(0, n, c, 0);
      for (int i = 0; i < n; i++) {
        I16.set(b, p, (short) c[i]);
        p += 2;
      }
    }
    return p;
  }

  /** @return bytes written */
  @Benchmark
  public int w_getchars_view() {
    CharBuffer view = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).asCharBuffer();
    char[] c = scratch;
    for (String s : strings) {
      int n = s.length();
      s.getChars(0, n, c, 0);
      view.put(c, 0, n);
    }
    return view.position();
  }

  /** @return bytes written and UTF-8's extra bytes */
  @Benchmark
  public int w_count_charat() {
    byte[] b = out;
    int p = 0;
    int wide = 0;
    for (String s : strings) {
      int n = s.length();
      for (int i = 0; i < n; i++) {
        int c = s.charAt(i);
        wide += ((0x7F - c) >>> 31) + ((0x7FF - c) >>> 31);
      }
      for (int i = 0; i < n; i++) {
        I16.set(b, p, (short) s.charAt(i));
        p += 2;
      }
    }
    return p + wide;
  }

  /** @return bytes written and UTF-8's extra bytes */
  @Benchmark
  public int w_count_chars_loop() {
    byte[] b = out;
    char[] c = scratch;
    int p = 0;
    int wide = 0;
    for (String s : strings) {
      int n = s.length();
      s.getChars(0, n, c, 0);
      for (int i = 0; i < n; i++) {
        int x = c[i];
        wide += ((0x7F - x) >>> 31) + ((0x7FF - x) >>> 31);
      }
      for (int i = 0; i < n; i++) {
        I16.set(b, p, (short) c[i]);
        p += 2;
      }
    }
    return p + wide;
  }

  /** @return bytes written and UTF-8's extra bytes */
  @Benchmark
  public int w_count_chars_view() {
    CharBuffer view = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).asCharBuffer();
    char[] c = scratch;
    int wide = 0;
    for (String s : strings) {
      int n = s.length();
      s.getChars(0, n, c, 0);
      for (int i = 0; i < n; i++) {
        int x = c[i];
        wide += ((0x7F - x) >>> 31) + ((0x7FF - x) >>> 31);
      }
      view.put(c, 0, n);
    }
    return view.position() + wide;
  }

  /** @return bytes written */
  @Benchmark
  public int w_getbytes_utf16() {
    int p = 0;
    for (String s : strings) {
      byte[] e = s.getBytes(StandardCharsets.UTF_16LE);
      System.arraycopy(e, 0, out, p, e.length);
      p += e.length;
    }
    return p;
  }

  /** @return bytes written */
  @Benchmark
  public int w_getbytes_utf8() {
    int p = 0;
    for (String s : strings) {
      byte[] e = s.getBytes(StandardCharsets.UTF_8);
      System.arraycopy(e, 0, out, p, e.length);
      p += e.length;
    }
    return p;
  }

  /** @return bytes written */
  @Benchmark
  public int w_brine() {
    ByteWriter w = writer;
    w.reset();
    for (String s : strings) {
      w.writeString(s);
    }
    return w.position();
  }

  /** @return the last string */
  @Benchmark
  public String r_vh() {
    String last = null;
    char[] c = scratch;
    for (int k = 0; k < strings.length; k++) {
      int p = utf16Offsets[k];
      int n = (utf16Offsets[k + 1] - p) >> 1;
      for (int i = 0; i < n; i++) {
        c[i] = (char) (short) I16.get(utf16, p + 2 * i);
      }
      last = new String(c, 0, n);
    }
    return last;
  }

  /** @return the last string */
  @Benchmark
  public String r_view() {
    CharBuffer view = ByteBuffer.wrap(utf16).order(ByteOrder.LITTLE_ENDIAN).asCharBuffer();
    String last = null;
    char[] c = scratch;
    for (int k = 0; k < strings.length; k++) {
      int n = (utf16Offsets[k + 1] - utf16Offsets[k]) >> 1;
      view.get(c, 0, n);
      last = new String(c, 0, n);
    }
    return last;
  }

  /** @return the last string */
  @Benchmark
  public String r_utf16() {
    return decodeEach(utf16, utf16Offsets, StandardCharsets.UTF_16LE);
  }

  /** @return the last string */
  @Benchmark
  public String r_utf8() {
    return decodeEach(utf8, utf8Offsets, StandardCharsets.UTF_8);
  }

  /** Each string of {@code bytes} (string k at {@code offsets[k] .. offsets[k + 1]}) through the JDK's decoder. */
  private String decodeEach(byte[] bytes, int[] offsets, java.nio.charset.Charset charset) {
    String last = null;
    for (int k = 0; k < strings.length; k++) {
      last = new String(bytes, offsets[k], offsets[k + 1] - offsets[k], charset);
    }
    return last;
  }

  /** @return the last string */
  @Benchmark
  public String r_brine() {
    ByteReader r = reader;
    r.wrap(brineStrings, 0, brineStrings.length);
    String last = null;
    for (int k = 0; k < strings.length; k++) {
      last = r.readString();
    }
    return last;
  }

  /** @return the payload */
  @Benchmark
  public byte[] ser_brine() {
    return brine.serialize(value);
  }

  /** @return the payload */
  @Benchmark
  public byte[] ser_fory() {
    return fory.serialize(value);
  }

  /** @return the record */
  @Benchmark
  public Object deser_brine() {
    return brine.deserialize(brinePayload, Contact.class);
  }

  /** @return the record */
  @Benchmark
  public Object deser_fory() {
    return fory.deserialize(foryPayload);
  }
}
