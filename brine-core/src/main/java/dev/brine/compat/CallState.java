package dev.brine.compat;

import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.io.StringTable;

/**
 * The definitions written or read so far: per call (kept with the session, cleared when the call
 * changes), or per stream of bare values (kept with the stream's {@link StringTable}: the writer's
 * starts again when its table is reset, which a failed value also does).
 */
final class CallState {
  int calls = Integer.MIN_VALUE;
  int resets;
  /**
   * Write: for each local definition number, {@code calls << 32 | index + 1} (its index in this
   * payload; low half 0: never written): valid when the high half is this call's {@link #calls}.
   */
  long[] written = new long[16];
  int writtenCount;
  /** Read: the definitions by index. */
  ClassDef[] defs = new ClassDef[8];
  int defCount;
  /**
   * Read: the definition found at each index by an earlier payload (or earlier in the stream), the
   * first candidate for a definition at that index: a service reads the same definitions in the
   * same order again and again, so one byte comparison finds them.
   */
  ClassDef[] hints = new ClassDef[8];

  void clearWritten() {
    calls = calls == Integer.MAX_VALUE ? Integer.MIN_VALUE + 1 : calls + 1;
    writtenCount = 0;
  }

  /**
   * The write state of this call or stream, ready for this call: its fast path (the state is there and
   * current) small enough to inline into every definition reference, the rest in {@link #renew}.
   */
  static CallState forWrite(WriteSession ctx) {
    StringTable t = ctx.stringTable();
    Object a = t != null ? t.attachment() : ctx.compatState();
    if (a instanceof CallState) {
      CallState st = (CallState) a;
      if (t != null ? st.resets == t.resets() : st.calls == ctx.calls()) {
        return st;
      }
    }
    return renew(ctx, t, a);
  }

  /** A new state, or one whose call has ended or whose stream was reset since (define everything again). */
  private static CallState renew(WriteSession ctx, StringTable t, Object a) {
    CallState st;
    if (a instanceof CallState) {
      st = (CallState) a;
    } else {
      st = new CallState();
      if (t != null) {
        t.attach(st);
      } else {
        ctx.compatState(st);
      }
    }
    if (t != null) { // the writer reset the stream (or a value failed), or it is new
      st.resets = t.resets();
      st.clearWritten();
    } else {
      st.calls = ctx.calls();
      st.writtenCount = 0;
    }
    return st;
  }

  /**
   * Write: the payload opened with local definition {@code number} as its first (index 0), written
   * without {@link CompatContext#writeDefRef}; the state it would have left.
   */
  void opened(int number) {
    long[] w = written;
    if (number >= w.length) {
      written = w = java.util.Arrays.copyOf(w, Math.max(number + 1, w.length * 2));
    }
    w[number] = (long) calls << 32 | 1;
    writtenCount = 1;
  }

  /**
   * Read: the payload opened with {@code def} as its first definition (index 0), found without {@link
   * CompatContext#readDefRef}; the state it would have left.
   */
  void opened(ClassDef def) {
    if (defs[0] != def) {
      defs[0] = def;
    }
    if (hints[0] != def) {
      hints[0] = def;
    }
    defCount = 1;
  }

  /** The read state of this call or stream, ready for this call. */
  static CallState forRead(ReadSession ctx) {
    StringTable t = ctx.stringTable();
    if (t != null) {
      Object a = t.attachment();
      if (a instanceof CallState) {
        return (CallState) a;
      }
      CallState st = new CallState();
      t.attach(st);
      return st; // a stream's definitions are redefined by index after a reset, so none is ever cleared here
    }
    Object o = ctx.compatState();
    CallState st;
    if (o instanceof CallState) {
      st = (CallState) o;
    } else {
      st = new CallState();
      ctx.compatState(st);
    }
    int calls = ctx.calls();
    if (st.calls != calls) {
      st.calls = calls;
      st.defCount = 0; // the entries above it are never read (a reference is checked against the count)
    }
    return st;
  }
}
