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
    int mask = k.length - 1;
    int i = System.identityHashCode(value) & mask;
    for (Object o; (o = k[i]) != null; i = (i + 1) & mask) {
      if (o == value) {
        return ids[i];
      }
    }
    k[i] = value;
    ids[i] = count++;
    if (count * 2 > k.length) {
      grow();
    }
    return -1;
  }

  private void grow() {
    Object[] old = keys;
    int[] oldIds = ids;
    int cap = old.length * 2;
    Object[] k = new Object[cap];
    int[] d = new int[cap];
    int mask = cap - 1;
    for (int j = 0; j < old.length; j++) {
      Object o = old[j];
      if (o != null) {
        int i = System.identityHashCode(o) & mask;
        while (k[i] != null) {
          i = (i + 1) & mask;
        }
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
      start = Math.min(MAX_START, keys.length);
      keys = null;
      count = 0;
      if (ids.length > MAX_START) {
        ids = new int[MAX_START]; // a huge graph's ids are not kept for every later call
      }
    }
  }
}
