package dev.brine.cli.inspect;

import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Prints a {@link PayloadDecoder.Decoded} tree as text, one line per piece: its offset (hex), indented by nesting,
 * its role, type and value. Where decoding stopped at a payload only its class can split, the bytes from there on
 * are dumped raw with their offsets, followed by the runs in them that read as Brine strings (a guess that often
 * names a registered class's string fields).
 */
public final class TextPrinter {
  private final PrintWriter out;
  private final int base;

  /**
   * A printer.
   *
   * @param out where to print
   * @param base added to every offset (the payload's position in its file)
   */
  public TextPrinter(PrintWriter out, int base) {
    this.out = out;
    this.base = base;
  }

  /**
   * Prints the tree; then, if decoding stopped, the undecoded bytes; then, if it failed, the error.
   *
   * @param d what the decoder returned
   * @param bytes the array the payload was decoded from
   * @param from where the payload starts in {@code bytes}
   * @param length the payload's length
   * @param maxRaw most undecoded bytes to dump
   */
  public void print(PayloadDecoder.Decoded d, byte[] bytes, int from, int length, int maxRaw) {
    for (Node child : d.root().children()) {
      node(child, 0);
    }
    if (d.stoppedAt() >= 0) {
      int start = from + d.stoppedAt();
      int end = from + length;
      out.printf("%s  stopped: %s, so the %s from here to the end cannot be split without the class. Raw:%n",
          offset(d.stoppedAt()), d.stopReason(), Texts.plural(end - start, "byte", "bytes"));
      dump(out, bytes, start, Math.min(end, start + maxRaw), base - from);
      if (end - start > maxRaw) {
        out.printf("%s  … %d more bytes (--hex N shows more)%n", offset(d.stoppedAt() + maxRaw), end - start - maxRaw);
      }
      strings(bytes, start, end, from);
    }
    if (d.error() != null) {
      out.println("invalid: " + d.error().getMessage()
          + (base == 0 ? "" : String.format(" (offsets in this message count from the payload's first byte, at %06x)",
          base)));
    }
  }

  private void node(Node n, int depth) {
    StringBuilder sb = new StringBuilder(offset(n.offset())).append("  ").append("  ".repeat(depth));
    if (!n.role().isEmpty()) {
      sb.append(n.role()).append(' ');
    }
    sb.append(n.type());
    if (n.type().isEmpty() && sb.charAt(sb.length() - 1) == ' ') {
      sb.setLength(sb.length() - 1);
    }
    if (n.referenceIndex() >= 0) {
      sb.append(" #").append(n.referenceIndex());
    }
    if (!n.text().isEmpty()) {
      sb.append(": ").append(n.text());
    }
    out.println(sb);
    for (Node c : n.children()) {
      node(c, depth + 1);
    }
    if (n.omitted() > 0) {
      out.printf("%s  %s… %d more (--elements N shows more)%n", " ".repeat(6), "  ".repeat(depth + 1), n.omitted());
      Node unfinished = n.unfinishedOmitted();
      if (unfinished != null) {
        node(unfinished, depth + 1);
      }
    }
  }

  private String offset(int off) {
    return String.format("%06x", base + off);
  }

  /** Bytes of an undecoded region searched for strings. */
  private static final int STRING_SCAN_LIMIT = 1 << 16;

  /**
   * Lists the runs of {@code bytes[from, to)} that decode as a Brine string of 3–256 printable characters. Runs
   * may overlap (a length byte can look like a letter, and a letter like a length byte); of overlapping runs the
   * set covering the most bytes is kept, which prefers a whole string to a shorter one starting inside it.
   */
  private void strings(byte[] bytes, int from, int to, int payloadStart) {
    int end = Math.min(to, from + STRING_SCAN_LIMIT);
    int n = end - from;
    Found[] at = new Found[n];
    int[] covered = new int[n + 1]; // the most bytes a set of non-overlapping runs in [i, end) covers
    boolean[] take = new boolean[n];
    for (int i = n - 1; i >= 0; i--) {
      at[i] = stringAt(bytes, from + i, end);
      covered[i] = covered[i + 1];
      if (at[i] != null) {
        int with = at[i].end() - (from + i) + covered[at[i].end() - from];
        if (with > covered[i]) {
          covered[i] = with;
          take[i] = true;
        }
      }
    }
    int shown = 0;
    for (int i = 0; i < n && shown < 50; ) {
      if (!take[i]) {
        i++;
        continue;
      }
      if (shown == 0) {
        out.println("strings in these bytes (a guess: runs that read as Brine strings, e.g. String fields):");
      }
      out.printf("%s  %s%n", offset(from + i - payloadStart), Texts.quote(at[i].text()));
      shown++;
      i = at[i].end() - from;
    }
  }

  /** A string found in undecoded bytes and the index after it. */
  record Found(String text, int end) {}

  /** A Latin-1 or UTF-8 string header (one or two bytes) at {@code i} and a printable body within bounds, or null. */
  static Found stringAt(byte[] b, int i, int to) {
    long header;
    int bodyAt;
    if ((b[i] & 0x80) == 0) {
      header = b[i] & 0x7F;
      bodyAt = i + 1;
    } else if ((b[i] & 0xC0) == 0x80 && i + 1 < to) {
      header = (b[i] & 0x3F) | (b[i + 1] & 0xFFL) << 6;
      bodyAt = i + 2;
    } else {
      return null;
    }
    int coder = (int) (header & 3);
    long len = header >>> 2;
    if (coder == 1 || coder == 3 || len < 3 || len > 256 || bodyAt + len > to) {
      return null;
    }
    String s;
    if (coder == 0) {
      s = new String(b, bodyAt, (int) len, StandardCharsets.ISO_8859_1);
    } else {
      try {
        s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(java.nio.ByteBuffer.wrap(b, bodyAt, (int) len)).toString();
      } catch (CharacterCodingException e) {
        return null;
      }
      if (s.chars().allMatch(c -> c < 0x80)) {
        return null; // the writer would have chosen Latin-1
      }
    }
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c < 0x20 || c >= 0x7F && c < 0xA0) {
        return null;
      }
    }
    return new Found(s, (int) (bodyAt + len));
  }

  /**
   * A hex and ASCII dump, 16 bytes a line.
   *
   * @param out where to print
   * @param b the bytes
   * @param from first index
   * @param to one past the last index
   * @param shift added to an index to get the offset printed
   */
  public static void dump(PrintWriter out, byte[] b, int from, int to, int shift) {
    for (int i = from; i < to; i += 16) {
      StringBuilder sb = new StringBuilder(String.format("%06x  ", i + shift));
      for (int j = i; j < i + 16; j++) {
        sb.append(j < to ? String.format("%02x ", b[j] & 0xFF) : "   ");
      }
      sb.append(" |");
      for (int j = i; j < Math.min(i + 16, to); j++) {
        char c = (char) (b[j] & 0xFF);
        sb.append(c >= 32 && c < 127 ? c : '.');
      }
      out.println(sb.append('|'));
    }
  }
}
