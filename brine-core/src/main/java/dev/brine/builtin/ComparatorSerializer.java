package dev.brine.builtin;

import dev.brine.MalformedInputException;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.Collections;
import java.util.Comparator;

/**
 * The JDK comparators built from another ({@link dev.brine.registry.TypeIds#COMPARATOR}): {@code
 * kind:u8}, then the comparator they are built from (tagged; null for natural order). 0 is {@code
 * Collections.reverseOrder(c)} (its {@code reversed()} is {@code c}), 1 {@code Comparator.nullsFirst(c)}
 * and 2 {@code nullsLast(c)} (which nulls come first is asked of the comparator; {@code c} is found
 * through Java serialization's public API, {@link JavaForm}). Comparators made by {@code
 * Comparator.comparing} and the like are serializable lambdas ({@link LambdaSerializer}).
 */
final class ComparatorSerializer implements Serializer<Comparator<Object>> {
  private static final Object PROBE = new Object();

  @Override
  @SuppressWarnings("unchecked")
  public void write(WriteContext c, Comparator<Object> v) {
    if (v.getClass().getName().equals("java.util.Collections$ReverseComparator2")) {
      c.writeInt8(0);
      c.writeObject(v.reversed());
      return;
    }
    boolean nullsFirst = v.compare(null, PROBE) < 0;
    Comparator<?> real = JavaForm.capture(v, true).first(Comparator.class);
    c.writeInt8(nullsFirst ? 1 : 2);
    c.writeObject(real);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Comparator<Object> read(ReadContext c) {
    int at = c.position();
    int kind = c.readInt8() & 0xFF;
    if (kind > 2) {
      throw new MalformedInputException("unknown comparator kind " + kind + " at offset " + at);
    }
    Comparator<Object> inner = (Comparator<Object>) c.readObject(Comparator.class);
    if (kind == 0) {
      if (inner == null) {
        throw new MalformedInputException("reverseOrder of null at offset " + at);
      }
      return Collections.reverseOrder(inner);
    }
    return kind == 1 ? Comparator.nullsFirst(inner) : Comparator.nullsLast(inner);
  }
}
