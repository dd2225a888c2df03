package dev.brine.protobuf.codec;

import dev.brine.BrineException;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.ProtoWriter;

/**
 * Writes and reads one class as a protobuf message: generated with ASM ({@link CodecGenerator}) or
 * interpreted ({@link ReflectiveCodec}); both write the same bytes. Public because generated
 * subclasses live in the user's packages.
 */
public abstract class MessageCodec {
  /** The class this codec writes (exactly: a subclass instance is refused). */
  protected final Class<?> type;

  /** For subclasses. */
  protected MessageCodec(Class<?> type) {
    this.type = type;
  }

  /** The class. */
  public final Class<?> type() {
    return type;
  }

  /** Writes the fields of {@code message} (no tag or length), in field-number order. */
  public abstract void write(ProtoWriter w, Object message);

  /** Reads fields up to the reader's limit and returns the new object; absent fields take proto3 defaults. */
  public abstract Object read(ProtoReader r);

  /** Writes {@code v} as message field {@code tag} (a tag, a length and the fields), unless it is null. */
  public final void writeField(ProtoWriter w, int tag, Object v) {
    if (v != null) {
      if (v.getClass() != type) {
        throw new BrineException("protobuf: a " + v.getClass().getName() + " where the field holds a " + type.getName()
            + ": protobuf messages are not polymorphic");
      }
      w.varint32(tag);
      int mark = w.beginLength();
      write(w, v);
      w.endLength(mark);
    }
  }

  /** Reads a length-delimited message value. */
  public final Object readField(ProtoReader r) {
    int len = r.readLength();
    int old = r.pushLimit(len);
    Object v = read(r);
    r.popLimit(old);
    return v;
  }
}
