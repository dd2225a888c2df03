package dev.brine.columnar;

import dev.brine.MalformedInputException;
import java.nio.ByteBuffer;

/**
 * The per-block dictionary of a STRING or ENUM column: ordinal to UTF-8 value, decoded once when
 * the block is first touched. Immutable.
 */
public final class Dictionary {
  private final String[] values;

  private Dictionary(String[] values) {
    this.values = values;
  }

  /**
   * The number of distinct values.
   *
   * @return the dictionary size
   */
  public int size() {
    return values.length;
  }

  /**
   * The value of an ordinal.
   *
   * @param ordinal 0 .. size()-1
   * @return the string
   * @throws MalformedInputException if the ordinal is out of range (a corrupt file)
   */
  public String get(int ordinal) {
    if (ordinal < 0 || ordinal >= values.length) {
      throw new MalformedInputException("dictionary ordinal " + Integer.toUnsignedString(ordinal)
          + " out of range 0.." + (values.length - 1));
    }
    return values[ordinal];
  }

  /** Parses {@code count} entries {@code u32 len, bytes} from {@code b[from, to)}. */
  static Dictionary parse(ByteBuffer b, int from, int to, int count, long fileBase) {
    if (count < 0 || count > (to - from) / 4) {
      throw new MalformedInputException("dictionary count " + Integer.toUnsignedString(count)
          + " exceeds its " + (to - from) + " bytes at offset " + (fileBase + from));
    }
    String[] values = new String[count];
    int p = from;
    byte[] tmp = new byte[64];
    for (int i = 0; i < count; i++) {
      if (to - p < 4) {
        throw new MalformedInputException("dictionary entry " + i + " truncated at offset " + (fileBase + p));
      }
      int len = b.getInt(p);
      p += 4;
      if (len < 0 || len > to - p) {
        throw new MalformedInputException("dictionary entry length " + Integer.toUnsignedString(len)
            + " exceeds the remaining " + (to - p) + " bytes at offset " + (fileBase + p - 4));
      }
      if (tmp.length < len) {
        tmp = new byte[len];
      }
      b.get(p, tmp, 0, len);
      values[i] = Layout.decodeUtf8(tmp, 0, len, fileBase + p);
      p += len;
    }
    if (p != to) {
      throw new MalformedInputException((to - p) + " unexpected bytes after dictionary at offset " + (fileBase + p));
    }
    return new Dictionary(values);
  }
}
