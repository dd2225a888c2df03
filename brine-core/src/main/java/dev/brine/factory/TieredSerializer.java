package dev.brine.factory;

import dev.brine.plan.ClassPlan;
import dev.brine.plan.Planned;
import dev.brine.registry.PayloadTraits;
import dev.brine.registry.TypeRegistry;
import dev.brine.registry.Upgradable;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;

/**
 * A class's first serializer: its interpreted one (reflection, the same bytes as generated code), until
 * the class has been written or read {@code threshold} times; then its code is generated (on the calling
 * thread) and put in the registry in its place. A fresh JVM so pays for ASM and code generation only for
 * the classes it uses often, and the first call of a never-seen class costs no code generation.
 *
 * <p>Thread-safe: the counter may miss increments under contention (which only delays the upgrade);
 * generation runs under the registry's lock, once.
 */
final class TieredSerializer implements Serializer<Object>, PayloadTraits, Planned, Upgradable {
  private final DefaultSerializerFactory factory;
  private final TypeRegistry registry;
  private final ClassPlan plan;
  private final Serializer<Object> interpreted;
  private final PayloadTraits traits;
  private final int threshold;
  private int uses;
  /** What calls go to: the interpreted serializer until the upgrade, then the final one. */
  private volatile Serializer<Object> target;
  /** Set while this thread generates the code (a class reached again through its own fields). */
  private boolean upgrading;
  private boolean done;

  TieredSerializer(DefaultSerializerFactory factory, TypeRegistry registry, ClassPlan plan,
      Serializer<Object> interpreted, int threshold) {
    this.factory = factory;
    this.registry = registry;
    this.plan = plan;
    this.interpreted = interpreted;
    this.traits = (PayloadTraits) interpreted;
    this.threshold = threshold;
    this.target = interpreted;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    Serializer<Object> t = target;
    if (t == interpreted && ++uses >= threshold) {
      t = next();
    }
    t.write(ctx, value);
  }

  @Override
  public Object read(ReadContext ctx) {
    Serializer<Object> t = target;
    if (t == interpreted && ++uses >= threshold) {
      t = next();
    }
    return t.read(ctx);
  }

  private Serializer<Object> next() {
    Serializer<Object> s = upgrade();
    return s == null ? interpreted : s;
  }

  @Override
  public Serializer<Object> upgrade() {
    synchronized (registry) { // one lock for every upgrade: generating one class may upgrade the classes it refers to
      if (done) {
        return target;
      }
      if (upgrading) {
        return null;
      }
      upgrading = true;
      try {
        Serializer<Object> generated;
        try {
          generated = factory.generated(plan, registry);
        } catch (RuntimeException e) { // keep serving with the interpreted serializer, which works
          DefaultSerializerFactory.interpreted(plan.type, e);
          generated = null;
        }
        Serializer<Object> result = generated != null ? generated : interpreted;
        registry.replace(plan.type, this, result);
        target = result;
        done = true;
        return result;
      } finally {
        upgrading = false;
      }
    }
  }

  /** The interpreted serializer's traits (generated code has the same). */
  @Override
  public int leafKind() {
    return traits.leafKind();
  }

  @Override
  public boolean emptyPayload() {
    return traits.emptyPayload();
  }

  @Override
  public boolean usesDeclaredClasses() {
    return traits.usesDeclaredClasses();
  }

  @Override
  public String toString() {
    return "TieredSerializer[" + plan.type.getName() + ", " + (done ? target : "interpreted") + "]";
  }
}
