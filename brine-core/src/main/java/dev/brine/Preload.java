package dev.brine;

import dev.brine.io.ByteWriter;
import dev.brine.io.Loads;
import java.util.List;

/**
 * A head start for the building thread, run once per JVM on the modules' thread ({@link Modules}) after its
 * scan: while the building thread registers the built-ins, this one loads the classes that {@code build()}
 * loads after that (without initializing them: no user-visible code runs here and no class initializer can
 * wait on the building thread's), links the byte-array {@code VarHandle}s'
 * access modes the readers and writers use (the first call spins a lambda form), and loads the
 * JDK's generic-signature parser (a class's {@code List<...>} fields need it). A class the other thread
 * asks for meanwhile is loaded once, by whichever thread comes first. Measured in fresh JVMs: journal step
 * 127 of docs/performance.md.
 */
final class Preload {
  private Preload() {}

  /** Off when set (package tests: what the first calls load by themselves). */
  static volatile boolean off;

  /** A field with a generic signature, read once for its type. */
  @SuppressWarnings("unused")
  private static List<String> genericSample;

  /**
   * The classes loaded here, in the order the building thread first needs them: those {@code build()} loads
   * after the built-ins whatever the registered classes (the class plan, the interpreter, the engine and its
   * sessions). {@code PreloadTest} checks that each one exists and that a fresh JVM's first calls load it.
   */
  static final String[] CLASSES = {
    "dev.brine.plan.ClassPlan", "dev.brine.plan.ClassModel", "dev.brine.Field", "dev.brine.plan.FieldModel",
    "dev.brine.plan.FieldOrder", "dev.brine.plan.FieldKind", "dev.brine.plan.FieldPlan", "dev.brine.plan.Planned",
    "dev.brine.registry.Upgradable", "dev.brine.factory.TieredSerializer", "dev.brine.reflect.ObjectSerializer",
    "dev.brine.reflect.FieldWriter", "dev.brine.plan.Layout", "dev.brine.plan.GroupKind", "dev.brine.reflect.FieldAccess",
    "dev.brine.plan.Instantiator", "dev.brine.context.Engine", "dev.brine.context.DeepStack$Overflow",
    "dev.brine.context.ReadSession", "dev.brine.context.Engine$Scratch", "dev.brine.context.Engine$FlatRoot",
    "dev.brine.context.ContextPool", "dev.brine.context.ContextPool$Local", "dev.brine.context.Engine$Writers",
    "dev.brine.context.ContextPool$Slot", "dev.brine.context.Engine$Readers", "dev.brine.context.WriteSession",
    "dev.brine.context.IdentityIds",
  };

  /** Runs the head start; never throws (the building thread meets any failure itself, and reports it). */
  static void run() {
    if (off) {
      return;
    }
    try {
      linkArrayViews();
    } catch (RuntimeException | LinkageError e) {
      // only a head start
    }
    ClassLoader loader = Preload.class.getClassLoader();
    for (String name : CLASSES) {
      try {
        Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        // the building thread loads it, or reports it
      }
    }
    try {
      Preload.class.getDeclaredField("genericSample").getGenericType();
    } catch (NoSuchFieldException | RuntimeException | LinkageError e) {
      // only a head start
    }
  }

  /** One store and one load through each byte-array view access the readers and writers use. */
  private static void linkArrayViews() {
    byte[] b = new byte[16];
    ByteWriter.storeInt16(b, 0, 1);
    ByteWriter.storeInt32(b, 0, 1);
    ByteWriter.storeInt64(b, 0, 1);
    ByteWriter.storeFloat32(b, 0, 1);
    ByteWriter.storeFloat64(b, 0, 1);
    double sum = Loads.loadInt16(b, 0) + Loads.loadChar(b, 0) + Loads.loadInt32(b, 0) + Loads.loadInt64(b, 0)
        + Loads.loadSigned32(b, 0, 4) + Loads.loadSigned64(b, 0, 8) + Loads.loadControl(b, 0) + Loads.loadFloat32(b, 0)
        + Loads.loadFloat64(b, 0);
    b[8] = (byte) sum; // used, so nothing above is dead code
  }
}
