package dev.brine.io;

import dev.brine.MalformedInputException;
import java.util.Arrays;

/**
 * Strings shared by the bare values of one stream: a string that recurs in a stream (a city, a tag,
 * a map key, a class name) is written in full once and then as a one- or two-byte reference. One
 * table serves one direction of one stream: the writer's table decides, the reader's table follows
 * the decisions recorded in the bytes, so both hold the same entries at every value boundary.
 *
 * <p>What the writer does (docs/format.md, "String table"): a string of 2 to {@value #MAX_CHARS} chars
 * that is in the table is written as a reference, header {@code ((3 + index) << 2) | 3}. A string
 * not in the table is written as usual the first time it is seen; when it is seen again (a small
 * filter of recent hashes remembers it) it is <em>promoted</em>: the marker header {@code 1 << 2 | 3}
 * (or {@code (4096 + capacity) << 2 | 3}, "clear the table first", for the first promotion after {@link
 * #reset}),
 * then the string as usual, which the reader adds to its table. Entries are replaced oldest first
 * once the table holds {@link #capacity()} strings. Strings shorter than 2 or longer than {@value
 * #MAX_CHARS} chars never use the table.
 *
 * <p>{@link #reset} forgets every entry, so the values written after it do not depend on the ones
 * before: a stream that resets at every flush keeps the bytes between two flushes self-contained
 * (Spark's relocation contract). A failed write resets the writer's table; a failed read puts the
 * reader's table back as it was before the value (so a stream can decode a value again after
 * reading more bytes). A reader refuses a promoted string outside 2 to {@value #MAX_CHARS} chars (no
 * writer promotes one), so a table holds at most capacity x {@value #MAX_CHARS} chars whatever the
 * input. Not thread-safe: one stream, one thread at a time.
 *
 * <p>Each clear ({@link #reset}, and a new table's first promotion) writes the writer's {@link
 * #capacity()}: a reader's table of at least that capacity turns its ring where the writer's does, and
 * a smaller one refuses the stream there. (Streams of writers before 2026-12-03 carry no capacity; their
 * reader's table must have the writer's.)
 */
public final class StringTable {
  /** The largest capacity: references to it fit in two bytes. */
  public static final int MAX_CAPACITY = 4093;
  /** Strings longer than this are always written in full (hashing them costs more than it saves). */
  public static final int MAX_CHARS = 128;

  static final int PROMOTE = 1;
  static final int CLEAR_AND_PROMOTE = 2;
  static final int FIRST_REF = 3;
  /**
   * {@code CLEAR_WITH_CAPACITY + c} ({@code c} 1 to {@link #MAX_CAPACITY}, above every reference): clear
   * and promote, from a writer whose table holds up to {@code c} strings — what every writer writes
   * since 2026-12-03, so the reader's ring turns where the writer's does. {@link #CLEAR_AND_PROMOTE}
   * (earlier writers) leaves the reader's own capacity.
   */
  static final int CLEAR_WITH_CAPACITY = 4096;
  private static final int EPOCHS = (1 << 20) - 1;

  private final int capacity;
  /** The ring of entries, grown up to capacity; valid: the first {@code size} (all once full). */
  private String[] entries = new String[16];
  private int next;
  private int size;
  /** Where the ring turns: the capacity, or on a reader the writer's, from its last clear. */
  private int ring;
  private int direction; // 0 unused, 1 writing, 2 reading

  // writer: string -> ring index, open addressing. meta[i] = hash << 32 | epoch << 12 | ring: a slot
  // is live when its epoch is the current one, and a probe reads one array until the hash matches
  private String[] keys;
  private long[] meta;
  private int slotShift;
  private int[] seen;
  private int epoch = 1;
  private boolean clearPending = true;

  // reader: what to restore when a value fails
  private int markNext;
  private int markSize;
  private int markRing;
  private int undoCount;
  private int[] undoAt = new int[8];
  private String[] undoWas = new String[8];

  /**
   * A table of up to {@code capacity} strings.
   *
   * @throws IllegalArgumentException if capacity is not between 1 and {@link #MAX_CAPACITY}
   */
  public StringTable(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("string table capacity " + capacity + " outside 1.." + MAX_CAPACITY);
    }
    this.capacity = capacity;
    this.ring = capacity;
  }

  /** The most strings held at once. */
  public int capacity() {
    return capacity;
  }

  /** The strings held now. */
  public int size() {
    return size;
  }

  private int resets;
  private Object attachment;

  /** How many times {@link #reset()} was called (a writer's reset also follows a failed value). */
  public int resets() {
    return resets;
  }

  /**
   * What else the stream shares, kept with its table (compatible mode's class definitions); null
   * until attached.
   */
  public Object attachment() {
    return attachment;
  }

  /** Attaches what else the stream shares; see {@link #attachment()}. */
  public void attach(Object state) {
    this.attachment = state;
  }

  /** Forgets every entry: what is written (or read) next does not refer to anything before. */
  public void reset() {
    resets++;
    next = 0;
    size = 0;
    if (direction == 1) {
      if (++epoch > EPOCHS) { // epoch 0 means "free": after 2^20 - 1 resets, start over
        if (meta != null) {
          Arrays.fill(meta, 0);
          Arrays.fill(keys, null);
        }
        epoch = 1;
      }
      clearPending = true;
    }
  }

  private void use(int dir) {
    if (direction != dir) {
      if (direction != 0) {
        throw new IllegalStateException("a StringTable serves one direction of one stream; this one is used for "
            + (direction == 1 ? "writing" : "reading"));
      }
      direction = dir;
    }
  }

  // ---------------------------------------------------------------- writing

  /** Called before a value is written. */
  void beginWrite() {
    use(1);
  }

  /**
   * Writes a non-null string, through the table when it may recur. Kept small so the JIT inlines it
   * into the serializers: the common cases (an entry, or a string the table does not take) stay here,
   * the rest is {@link #miss}.
   */
  void write(ByteWriter w, String s) {
    int len = s.length();
    if (len < 2 || len > MAX_CHARS) {
      StringCodec.write(w, s);
      return;
    }
    int h = s.hashCode();
    int at = keys == null ? -1 : find(s, h);
    if (at < 0) {
      miss(w, s, h);
      return;
    }
    int ref = (FIRST_REF + ((int) meta[at] & 0xFFF)) << 2 | 3; // at most 14 bits: one or two bytes
    w.ensure(2);
    byte[] b = w.buf;
    int p = w.pos;
    if (ref < 0x80) {
      b[p] = (byte) ref;
      w.pos = p + 1;
    } else {
      w.pos = ByteWriter.storeVarUInt64(b, p, ref); // two bytes; ensure keeps the slack its word store needs
    }
  }

  /** A string of table length that is not an entry: in full, and promoted if it was seen before. */
  private void miss(ByteWriter w, String s, int h) {
    if (keys == null) {
      keys = new String[Integer.highestOneBit(capacity * 2 - 1) << 1];
      meta = new long[keys.length];
      slotShift = Integer.numberOfLeadingZeros(keys.length) + 1;
      seen = new int[keys.length * 4]; // two-way buckets, 4-8 buckets per table entry
    }
    // the filter of recent sightings: two-way buckets, most recent first, so two strings that share a
    // bucket and alternate are both remembered
    int f = ((h * 0x9E3779B9) >>> 12) & (seen.length - 2);
    int mark = h ^ (epoch * 0x61C88647); // a reset changes every mark, so the filter forgets too
    if (seen[f] != mark && seen[f + 1] != mark) {
      seen[f + 1] = seen[f];
      seen[f] = mark; // first sighting (since the filter forgot): in full, not kept
      StringCodec.write(w, s);
      return;
    }
    w.writeVarUInt64((clearPending ? CLEAR_WITH_CAPACITY + capacity : PROMOTE) << 2 | 3);
    clearPending = false;
    StringCodec.write(w, s);
    int ring = nextRing();
    if (size == capacity) {
      String old = entries[ring];
      remove(old, old.hashCode());
    }
    store(ring, s);
    insert(s, h, ring);
  }

  /** Where the next entry goes (the oldest once full), the ring grown to hold it. */
  private int nextRing() {
    int at = next;
    if (at == entries.length) { // next < ring <= capacity, so the ring is still growing
      entries = Arrays.copyOf(entries, Math.min(capacity, entries.length * 2));
    }
    return at;
  }

  /** Puts {@code s} at {@code ring} (from {@link #nextRing}) and moves past it. */
  private void store(int at, String s) {
    entries[at] = s;
    next = at + 1 == ring ? 0 : at + 1;
    if (size < ring) {
      size++;
    }
  }

  /**
   * Fibonacci hashing: the top bits of {@code h * 2^32/phi}. Strings that differ in their last char
   * ("customer-41", "customer-42") have consecutive hashes, which a mask of the low bits would put in
   * neighbouring slots, one long run for linear probing to walk on every miss.
   */
  private int slot(int h) {
    return (h * 0x9E3779B9) >>> slotShift;
  }

  private int find(String s, int h) {
    int mask = keys.length - 1;
    for (int i = slot(h); ; i = (i + 1) & mask) {
      long m = meta[i];
      if (((int) m >>> 12) != epoch) {
        return -1;
      }
      if ((int) (m >>> 32) == h) {
        String k = keys[i];
        if (k == s || k.equals(s)) {
          return i;
        }
      }
    }
  }

  private void insert(String s, int h, int ring) {
    int mask = keys.length - 1;
    int i = slot(h);
    while (((int) meta[i] >>> 12) == epoch) {
      i = (i + 1) & mask;
    }
    keys[i] = s;
    meta[i] = (long) h << 32 | ((epoch << 12 | ring) & 0xFFFFFFFFL); // epochs >= 2^19 make the int negative
  }

  /** Removes {@code s} (present) and shifts the rest of its probe run back (no tombstones). */
  private void remove(String s, int h) {
    int mask = keys.length - 1;
    int i = find(s, h);
    int j = i;
    while (true) {
      j = (j + 1) & mask;
      long m = meta[j];
      if (((int) m >>> 12) != epoch) {
        break;
      }
      int home = slot((int) (m >>> 32));
      // move j back to i unless its home lies cyclically in (i, j]
      boolean stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
      if (!stays) {
        keys[i] = keys[j];
        meta[i] = m;
        i = j;
      }
    }
    keys[i] = null;
    meta[i] = 0;
  }

  // ---------------------------------------------------------------- reading

  /** Called before a value is read: remembers the state to go back to if it fails. */
  void beginRead() {
    use(2);
    markNext = next;
    markSize = size;
    markRing = ring;
    undoCount = 0;
  }

  /** Called when reading a value failed: the table is as it was before the value. */
  void abortRead() {
    for (int k = undoCount - 1; k >= 0; k--) {
      entries[undoAt[k]] = undoWas[k];
      undoWas[k] = null;
    }
    undoCount = 0;
    next = markNext;
    size = markSize;
    ring = markRing;
  }

  /** Called when a value was read: nothing to undo any more. */
  void endRead() {
    if (undoCount > 0) {
      Arrays.fill(undoWas, 0, undoCount, null);
      undoCount = 0;
    }
  }

  /**
   * Resolves a table header ({@code header & 3 == 3}, {@code header >>> 2 >= 1}) read at {@code at}: a
   * reference, or a promotion marker followed by the string to add.
   */
  String read(ByteReader r, long header, int at) {
    long v = header >>> 2;
    if (v > CLEAR_WITH_CAPACITY) {
      long declared = v - CLEAR_WITH_CAPACITY;
      if (declared > capacity) {
        throw new MalformedInputException("the stream's string table at offset " + r.offsetOf(at) + " holds up to "
            + declared + " strings, more than this reader's table (capacity " + capacity + "): read it with a"
            + " StringTable of the writer's capacity");
      }
      next = 0;
      size = 0;
      ring = (int) declared;
    } else if (v >= FIRST_REF) {
      long index = v - FIRST_REF;
      if (index >= size) {
        throw new MalformedInputException("string table reference " + index + " at offset " + r.offsetOf(at)
            + ", but the stream's table holds " + size + " strings");
      }
      return entries[(int) index];
    }
    if (v == CLEAR_AND_PROMOTE) { // an earlier writer's: its capacity is taken to be this table's
      next = 0;
      size = 0;
      ring = capacity;
    }
    int bodyAt = r.pos;
    long body = r.readVarUInt64();
    if ((body & 3) == 3) {
      throw new MalformedInputException("string table marker at offset " + r.offsetOf(at)
          + " is not followed by a string (header " + body + " at offset " + r.offsetOf(bodyAt) + ")");
    }
    // the writer promotes only strings of 2 to MAX_CHARS chars: refusing others bounds what a table
    // can pin (capacity x MAX_CHARS chars) whatever the input
    if ((body >>> 2) > 3L * MAX_CHARS) {
      throw new MalformedInputException("promoted string of " + (body >>> 2) + " bytes at offset " + r.offsetOf(bodyAt)
          + " is longer than a string table entry can be (" + MAX_CHARS + " chars)");
    }
    String s = StringCodec.read(r, body, bodyAt);
    if (s.length() < 2 || s.length() > MAX_CHARS) {
      throw new MalformedInputException("promoted string of " + s.length() + " chars at offset " + r.offsetOf(bodyAt)
          + ": string table entries have 2 to " + MAX_CHARS + " chars");
    }
    int ring = nextRing();
    if (undoCount == undoAt.length) {
      undoAt = Arrays.copyOf(undoAt, undoCount * 2);
      undoWas = Arrays.copyOf(undoWas, undoCount * 2);
    }
    undoAt[undoCount] = ring;
    undoWas[undoCount++] = entries[ring];
    store(ring, s);
    return s;
  }
}
