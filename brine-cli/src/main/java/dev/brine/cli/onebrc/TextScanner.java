package dev.brine.cli.onebrc;

import dev.brine.MalformedInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Parses {@code name;temperature\n} lines of a byte range of a 1BRC text file. A range owns the
 * lines that start inside it. The 1BRC rules are the contract: a station name is 1–100 bytes of UTF-8
 * without {@code ;} or a newline, a temperature matches {@code -?\d{1,2}\.\d} (−99.9 to 99.9, one
 * decimal), one {@code ;} between them. A UTF-8 byte-order mark at the very start of the file is
 * skipped; a {@code \r} before the newline and a last line without one are accepted. Anything else is
 * a {@link LineError}.
 */
final class TextScanner {
  private static final int BUF = 1 << 20;

  /** Receives parsed rows. */
  interface Sink {
    void row(int station, int tenths);
  }

  /** Receives the number of bytes consumed since the last call. */
  interface Progress {
    void advance(long bytes);
  }

  private TextScanner() {}

  static void scan(FileChannel ch, long start, long end, NameTable names, Sink sink, Progress progress)
      throws IOException {
    long size = ch.size();
    byte[] buf = new byte[BUF];
    ByteBuffer bb = ByteBuffer.wrap(buf);
    long bufStart = start;
    int len = 0;
    int p = 0;
    boolean eof = false;
    if (start > 0) {
      // skip the line that started in the previous range: begin after the first '\n' at or after start-1
      bufStart = start - 1;
    } else if (size >= 3) {
      ByteBuffer bom = ByteBuffer.allocate(3);
      ch.read(bom, 0);
      if (bom.get(0) == (byte) 0xEF && bom.get(1) == (byte) 0xBB && bom.get(2) == (byte) 0xBF) {
        bufStart = 3; // a UTF-8 byte-order mark starts the file: not part of the first name
      }
    }
    long reported = bufStart;
    boolean skipFirst = start > 0;
    while (true) {
      // ensure a whole line is in buf[p, len), or we are at EOF
      int nl = -1;
      for (int i = p; i < len; i++) {
        if (buf[i] == '\n') {
          nl = i;
          break;
        }
      }
      if (nl < 0 && !eof) {
        if (p > 0) {
          System.arraycopy(buf, p, buf, 0, len - p);
          bufStart += p;
          len -= p;
          p = 0;
        }
        if (len == buf.length) {
          throw new LineError(bufStart, bufStart, "line longer than " + BUF + " bytes");
        }
        bb.limit(buf.length).position(len);
        int r = ch.read(bb, bufStart + len);
        if (r < 0 || bufStart + len + Math.max(r, 0) >= size) {
          eof = true;
        }
        if (r > 0) {
          len += r;
        }
        continue;
      }
      long lineStart = bufStart + p;
      if (skipFirst) {
        skipFirst = false;
        if (nl < 0) {
          return;
        }
        p = nl + 1;
        continue;
      }
      if (lineStart >= end || p >= len) {
        break;
      }
      int lineEnd = nl < 0 ? len : nl;
      parseLine(buf, p, lineEnd, lineStart, names, sink);
      p = nl < 0 ? len : nl + 1;
      if (progress != null && bufStart + p - reported >= BUF) {
        progress.advance(bufStart + p - reported);
        reported = bufStart + p;
      }
    }
    if (progress != null) {
      progress.advance(Math.max(0, Math.min(end, bufStart + p) - reported));
    }
  }

  static void parseLine(byte[] b, int from, int to, long fileOffset, NameTable names, Sink sink) {
    if (to > from && b[to - 1] == '\r') {
      to--;
    }
    int semi = -1;
    for (int i = from; i < to; i++) {
      if (b[i] == ';') {
        semi = i;
        break;
      }
    }
    if (semi < 0) {
      throw new LineError(fileOffset, fileOffset + (to - from), "no ';' in the line");
    }
    if (semi == from || semi - from > NameTable.MAX_NAME_BYTES) {
      throw new LineError(fileOffset, fileOffset, "station name of " + (semi - from) + " bytes (allowed 1.."
          + NameTable.MAX_NAME_BYTES + ")");
    }
    int station = names.id(b, from, semi, fileOffset);
    sink.row(station, parseTenths(b, semi + 1, to, fileOffset, fileOffset + (semi + 1 - from)));
  }

  static int parseTenths(byte[] b, int from, int to, long lineStart, long fileOffset) {
    int i = from;
    boolean neg = false;
    if (i < to && b[i] == '-') {
      neg = true;
      i++;
    }
    int v = 0;
    int digits = 0;
    while (i < to && b[i] >= '0' && b[i] <= '9' && digits < 3) {
      v = v * 10 + (b[i] - '0');
      digits++;
      i++;
    }
    if (digits == 0 || digits > 2 || to - i != 2 || b[i] != '.' || b[i + 1] < '0' || b[i + 1] > '9') {
      throw new LineError(lineStart, fileOffset, "temperature \""
          + new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8)
          + "\" is not -?\\d{1,2}\\.\\d (-99.9 to 99.9, one decimal)");
    }
    v = v * 10 + (b[i + 1] - '0');
    return neg ? -v : v;
  }
}
