package dev.brine.json.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A class's field names for {@link JsonReader}: each name in UTF-8, and each name's key as it comes
 * in compact JSON ({@code "name":}) in little-endian 8-byte words, so that the field expected next
 * is recognized with one or two word compares instead of a scan for the closing quote and a
 * byte-by-byte comparison. Anything else (whitespace, escapes, another order) goes the general way.
 *
 * <p>Public because code generated into the user's packages uses it; not an API to program against.
 */
public final class FieldNames {
  static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** Each name in UTF-8. */
  final byte[][] names;
  private final byte[][] keys;
  private final long[][] words;
  private final long[] masks;

  /** The names, in the order the reader reports their indexes. */
  public FieldNames(List<String> names) {
    int n = names.size();
    this.names = new byte[n][];
    this.keys = new byte[n][];
    this.words = new long[n][];
    this.masks = new long[n];
    for (int i = 0; i < n; i++) {
      byte[] name = names.get(i).getBytes(StandardCharsets.UTF_8);
      this.names[i] = name;
      byte[] key = new byte[name.length + 3];
      key[0] = '"';
      System.arraycopy(name, 0, key, 1, name.length);
      key[name.length + 1] = '"';
      key[name.length + 2] = ':';
      keys[i] = key;
      int len = key.length;
      byte[] padded = Arrays.copyOf(key, Math.max(len, 8));
      if (len <= 8) {
        words[i] = new long[] {(long) LONG.get(padded, 0)};
        masks[i] = len == 8 ? -1L : (1L << (8 * len)) - 1;
      } else {
        int nw = (len + 7) / 8; // whole words from the start, the last one ending with the key
        long[] w = new long[nw];
        for (int j = 0; j < nw - 1; j++) {
          w[j] = (long) LONG.get(key, 8 * j);
        }
        w[nw - 1] = (long) LONG.get(key, len - 8);
        words[i] = w;
        masks[i] = -1L;
      }
    }
  }

  /** How many names. */
  public int size() {
    return names.length;
  }

  /** Whether {@code b[p, end)} starts with field {@code i}'s key {@code "name":}. */
  boolean keyAt(byte[] b, int p, int end, int i) {
    byte[] key = keys[i];
    int len = key.length;
    if (end - p < Math.max(len, 8)) {
      return end - p >= len && Arrays.equals(b, p, p + len, key, 0, len);
    }
    long[] w = words[i];
    if (len <= 8) {
      return ((long) LONG.get(b, p) & masks[i]) == w[0];
    }
    int last = w.length - 1;
    for (int j = 0; j < last; j++) {
      if ((long) LONG.get(b, p + 8 * j) != w[j]) {
        return false;
      }
    }
    return (long) LONG.get(b, p + len - 8) == w[last];
  }

  /** The length of field {@code i}'s key. */
  int keyLength(int i) {
    return keys[i].length;
  }
}
