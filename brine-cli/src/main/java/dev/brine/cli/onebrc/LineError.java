package dev.brine.cli.onebrc;

import dev.brine.MalformedInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A line of 1BRC text that breaks the rules, found by the scanner at a byte offset. The scanner does
 * not count lines (that would slow every line down); {@link #describe} does, once, on the error path,
 * to say {@code file:line:column: problem: "the line"}.
 */
final class LineError extends MalformedInputException {
  private static final long serialVersionUID = 1L;

  /** The byte offset of the offending line's first byte. */
  final long lineStart;
  /** The byte offset of the offending byte. */
  final long offset;
  /** What is wrong, without the position. */
  final String problem;

  LineError(long lineStart, long offset, String problem) {
    super(problem + " at byte offset " + offset);
    this.lineStart = lineStart;
    this.offset = offset;
    this.problem = problem;
  }

  /**
   * The same error as {@code file:line:column: problem: "line text"}: line and column count from 1,
   * the column in bytes of UTF-8; the line's text is cut at 120 bytes.
   */
  MalformedInputException describe(Path file, FileChannel ch) {
    long line = 1;
    String text;
    try {
      ByteBuffer buf = ByteBuffer.allocate(1 << 16);
      for (long pos = 0; pos < lineStart; ) {
        buf.clear().limit((int) Math.min(buf.capacity(), lineStart - pos));
        int r = ch.read(buf, pos);
        if (r <= 0) {
          break;
        }
        for (int i = 0; i < r; i++) {
          if (buf.get(i) == '\n') {
            line++;
          }
        }
        pos += r;
      }
      buf.clear().limit(121);
      int r = Math.max(0, ch.read(buf, lineStart));
      int n = 0;
      while (n < r && buf.get(n) != '\n' && buf.get(n) != '\r') {
        n++;
      }
      text = new String(buf.array(), 0, Math.min(n, 120), StandardCharsets.UTF_8) + (n > 120 ? "..." : "");
    } catch (IOException e) {
      return new MalformedInputException(file + ": " + getMessage(), this);
    }
    StringBuilder shown = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (c < 0x20 || c == 0x7F || c == 0xFEFF) {
        shown.append(String.format("\\u%04X", c));
      } else {
        shown.appendCodePoint(c);
      }
    });
    return new MalformedInputException(file + ":" + line + ":" + (offset - lineStart + 1) + ": " + problem
        + ": \"" + shown + "\"", this);
  }
}
