package dev.brine.cli.onebrc;

import dev.brine.MalformedInputException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Open-addressing table from UTF-8 name bytes to a dense id; decodes each new name once. */
final class NameTable {
  static final int MAX_NAME_BYTES = 100;
  static final int MAX_NAMES = 1 << 20;
  private byte[][] keys = new byte[1024][];
  private int[] hashes = new int[1024];
  private int[] ids = new int[1024];
  private final List<String> names = new ArrayList<>();

  int size() {
    return names.size();
  }

  String name(int id) {
    return names.get(id);
  }

  /** Returns the id of {@code b[from, to)}, adding it if new; {@code fileOffset} is for errors. */
  int id(byte[] b, int from, int to, long fileOffset) {
    int len = to - from;
    int h = 1;
    for (int i = from; i < to; i++) {
      h = 31 * h + b[i];
    }
    h ^= h >>> 16;
    int mask = keys.length - 1;
    int slot = h & mask;
    while (true) {
      byte[] k = keys[slot];
      if (k == null) {
        break;
      }
      if (hashes[slot] == h && k.length == len && Arrays.equals(k, 0, len, b, from, to)) {
        return ids[slot];
      }
      slot = (slot + 1) & mask;
    }
    if (len == 0 || len > MAX_NAME_BYTES) {
      throw new LineError(fileOffset, fileOffset, "station name of " + len + " bytes (allowed 1.." + MAX_NAME_BYTES + ")");
    }
    if (names.size() >= MAX_NAMES) {
      throw new dev.brine.LimitExceededException("more than " + MAX_NAMES + " distinct stations at offset " + fileOffset);
    }
    String s;
    try {
      s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, from, len)).toString();
    } catch (CharacterCodingException e) {
      throw new LineError(fileOffset, fileOffset, "station name is not valid UTF-8");
    }
    if (s.charAt(0) == '\uFEFF') {
      throw new LineError(fileOffset, fileOffset, "station name starts with a byte-order mark (U+FEFF)");
    }
    int id = names.size();
    names.add(s);
    keys[slot] = Arrays.copyOfRange(b, from, to);
    hashes[slot] = h;
    ids[slot] = id;
    if (names.size() * 2 > keys.length) {
      grow();
    }
    return id;
  }

  private void grow() {
    byte[][] ok = keys;
    int[] oh = hashes;
    int[] oi = ids;
    keys = new byte[ok.length * 2][];
    hashes = new int[ok.length * 2];
    ids = new int[ok.length * 2];
    int mask = keys.length - 1;
    for (int i = 0; i < ok.length; i++) {
      if (ok[i] != null) {
        int slot = oh[i] & mask;
        while (keys[slot] != null) {
          slot = (slot + 1) & mask;
        }
        keys[slot] = ok[i];
        hashes[slot] = oh[i];
        ids[slot] = oi[i];
      }
    }
  }
}
