package dev.brine.context;

/**
 * The objects one call has written with reference tracking on, and their ids: an open-addressing identity
 * table. Its key array is allocated afresh by each call that tracks an object, so it lives in the young
 * generation: storing a new object's reference into a long-lived array costs G1's write barrier a
 * StoreLoad fence per object, which made tracking cost ≈ 17 ns an object (journal step 79). A call's
 * table starts at the size the previous call needed, at most {@value #MAX_START} slots, and doubles at
 * half full.
 */
final class IdentityIds {
  private static final int MIN = 16;
  private static final int MAX_START = 256;
  /** This call's objects by slot; null until the call's first tracked object. */
  private Object[] keys;
  /** The id of the object in the same slot of {@link #keys}; ints, so reused across calls. */
  private int[] ids = new int[MIN];
  private int count;
  private int start = MIN;

  /** The id of {@code value} if this call added it before; otherwise adds it with the next id and returns -1. */
  int idOrAdd(Object value) {
    Object[] k = keys;
    if (k == null) {
      k = keys = new Object[start];
      if (ids.length < start) {
        ids = new int[start];
      }
    }
    int i = slot(k, value);
    if (k[i] != null) {
      return ids[i];
    }
    k[i] = value;
    ids[i] = count++;
    if (count * 2 > k.length) {
      grow();
    }
    return -1;
  }

  /** The slot of {@code value} in {@code k}, or the free slot where it belongs (linear probing). */
  private static int slot(Object[] k, Object value) {
    int mask = k.length - 1;
    int i = System.identityHashCode(value) & mask;
    Object o;
    while ((o = k[i]) != null && o != value) {
      i = (i + 1) & mask;
    }
    return i;
  }

  /** The first size of a call's table (keys here, objects read in {@link ReadSession}): what the last call needed, bounded. */
  static int startSize(int lastLength) {
    return Math.max(MIN, Math.min(MAX_START, lastLength));
  }

  private void grow() {
    Object[] old = keys;
    int[] oldIds = ids;
    int cap = old.length * 2;
    Object[] k = new Object[cap];
    int[] d = new int[cap];
    for (int j = 0; j < old.length; j++) {
      Object o = old[j];
      if (o != null) {
        int i = slot(k, o);
        k[i] = o;
        d[i] = oldIds[j];
      }
    }
    keys = k;
    ids = d;
  }

  /** Forgets this call's objects: the next call that tracks one allocates a new table. */
  void clear() {
    if (keys != null) {
      start = startSize(keys.length);
      keys = null;
      count = 0;
      if (ids.length > MAX_START) {
        ids = new int[MAX_START]; // a huge graph's ids are not kept for every later call
      }
    }
  }
}
