package dev.brine.protobuf.codec;

import dev.brine.BrineException;
import dev.brine.protobuf.plan.MessagePlan;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The codecs of one mapper, one per message class: generated with ASM when {@code codegen} is on
 * and the class can be opened to Brine, else interpreted. Not thread-safe: used while a mapper is
 * built; the finished map is read-only.
 */
public final class Codecs {
  private static final System.Logger LOG = System.getLogger("dev.brine");
  private final boolean codegen;
  private final Map<Class<?>, MessageCodec> codecs = new LinkedHashMap<>();

  /** Creates an empty set of codecs. */
  public Codecs(boolean codegen) {
    this.codegen = codegen;
  }

  /** The codec of {@code plan}'s class, created (with those of the classes it contains) on first use. */
  public MessageCodec codec(MessagePlan plan) {
    MessageCodec c = codecs.get(plan.type);
    if (c != null) {
      return c;
    }
    if (codegen) {
      try {
        c = CodecGenerator.generate(plan, this);
      } catch (BrineException | LinkageError e) {
        LOG.log(Level.DEBUG, "protobuf: interpreting " + plan.type.getName() + " (" + e.getMessage() + ")");
      }
    }
    if (c == null) {
      c = new ReflectiveCodec(plan, this);
    }
    codecs.put(plan.type, c);
    return c;
  }

  /** The codecs made so far, by class. */
  public Map<Class<?>, MessageCodec> all() {
    return codecs;
  }

  FieldCodec field(dev.brine.protobuf.plan.ProtoField f) {
    return FieldCodec.of(f, this);
  }
}
