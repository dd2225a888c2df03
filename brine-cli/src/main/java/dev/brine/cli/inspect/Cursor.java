package dev.brine.cli.inspect;

import dev.brine.io.ByteReader;

/** Core's byte reader over a payload, with access to its position for peeking at a string's header. */
final class Cursor extends ByteReader {
  Cursor(byte[] bytes) {
    super(bytes);
  }

  Cursor(byte[] bytes, int offset, int length) {
    wrap(bytes, offset, length);
  }

  /** Moves to an offset from the start of the slice. */
  void seek(int offset) {
    pos = start + offset;
  }
}
