package dev.brine.spark;

import dev.brine.Brine;
import dev.brine.io.StringTable;
import java.io.Serializable;
import java.lang.ref.SoftReference;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;

/**
 * Brine as Spark's serializer: {@code spark.serializer=dev.brine.spark.BrineSerializer}. Used for
 * shuffles, serialized caching, broadcasts and task results (Spark keeps Java serialization for
 * closures).
 *
 * <p>Settings ({@code spark.brine.*}, checked when the serializer is created; an unknown key or a bad
 * value throws {@link IllegalArgumentException} naming the key):
 *
 * <ul>
 *   <li>{@code classesToRegister}: comma-separated class names, registered in order;
 *   <li>{@code registrator}: comma-separated {@link BrineRegistrator} classes, run after them;
 *   <li>{@code registrationRequired} (default false): whether unregistered classes are refused
 *       (when false they are written by name);
 *   <li>{@code referenceTracking} (default true): identity and cycles within each record;
 *   <li>{@code maxPayloadBytes} (default 1g): the largest record written or read, e.g. {@code 64m};
 *   <li>{@code codegen} (default true): generated serializers (false: interpreted, same bytes);
 *   <li>{@code defaultRegistrations} (default true): register the Scala/Spark classes of {@link
 *       SparkDefaults} under fixed ids;
 *   <li>{@code formatVersion} (default 2): Brine's byte format; 1 reads and writes the streams of
 *       earlier versions (stream formats v1–v3);
 *   <li>{@code compatible} (default false): Brine's compatible mode (schema evolution): each
 *       stream carries the definitions of the classes in it (once per stream, again after every
 *       flush), so a stream written by one version of the application's classes is read by another
 *       (fields added, removed, reordered, widened; see Brine's docs/format.md);
 *   <li>{@code compressStrings} (default true): false writes every string that is not Latin-1 as
 *       UTF-16 (Brine.Builder.compressStrings): faster with the {@code --add-opens} Spark passes, up
 *       to twice the bytes of mostly-ASCII text; readers of either setting read both.
 * </ul>
 *
 * <p>In a stream each record is a self-contained bare value, a tagged value with no header and no
 * length (references are tracked within a record, never across records), so serialized records may be
 * reordered and concatenated: {@link
 * #supportsRelocationOfSerializedObjects()} is true. The serializer is shipped to executors; each
 * builds its {@link Brine} lazily, once per class loader, and shares it between threads.
 */
public final class BrineSerializer extends Serializer implements Serializable {
  private static final long serialVersionUID = 1L;

  private final BrineSparkConf settings;
  private transient Map<ClassLoader, Brine> brines;

  /**
   * Creates the serializer from the {@code spark.brine.*} keys of {@code conf}.
   *
   * @throws IllegalArgumentException if a {@code spark.brine.*} key is unknown or has a bad value
   */
  public BrineSerializer(SparkConf conf) {
    this.settings = BrineSparkConf.from(conf);
  }

  /** Creates a serializer with the default settings (Spark calls the SparkConf constructor). */
  public BrineSerializer() {
    this(new SparkConf(false));
  }

  /** A new instance using the Brine for Spark's default class loader (or the thread's context loader). */
  @Override
  public SerializerInstance newInstance() {
    return new BrineSerializerInstance(this, brine(loader()));
  }

  /**
   * True: every record is written as its own self-delimiting Brine value with no stream header and
   * no references to earlier records, and the stream's string table starts over at every {@code
   * flush()}, so the records between two flushes may be moved and concatenated (Spark's contract).
   */
  @Override
  public boolean supportsRelocationOfSerializedObjects() {
    return true;
  }

  long maxPayloadBytes() {
    return settings.maxPayloadBytes;
  }

  /** A new string table for one stream, or null when {@code spark.brine.stringTable} is 0. */
  StringTable newStringTable() {
    return settings.stringTable == 0 ? null : new StringTable(settings.stringTable);
  }

  ClassLoader loader() {
    scala.Option<ClassLoader> d = defaultClassLoader();
    if (d.isDefined()) {
      return d.get();
    }
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : BrineSerializer.class.getClassLoader();
  }

  /**
   * The Brine for {@code loader}: this serializer's, else one an equal serializer built in this JVM,
   * else a new one. Spark deserializes a fresh copy of the serializer with every task (it travels in
   * the task's shuffle dependency), so without the JVM-wide cache every task would build its own
   * Brine: registrations, generated serializer classes that the JIT then compiles again, and new
   * per-thread contexts (docs/performance-spark.md, run I).
   */
  synchronized Brine brine(ClassLoader loader) {
    if (brines == null) {
      brines = new WeakHashMap<>();
    }
    Brine b = brines.get(loader);
    if (b == null) {
      b = shared(settings, loader);
      brines.put(loader, b);
    }
    return b;
  }

  /**
   * One Brine per class loader and settings, for every serializer in this JVM. Softly held: a loader
   * that is no longer used (an ended session's) is not pinned by its Brine, which refers to its
   * classes, beyond the next memory pressure.
   */
  private static final Map<ClassLoader, Map<BrineSparkConf, SoftReference<Brine>>> SHARED = new WeakHashMap<>();

  static Brine shared(BrineSparkConf settings, ClassLoader loader) {
    synchronized (SHARED) {
      Map<BrineSparkConf, SoftReference<Brine>> bySettings = SHARED.computeIfAbsent(loader, l -> new HashMap<>());
      SoftReference<Brine> ref = bySettings.get(settings);
      Brine b = ref == null ? null : ref.get();
      if (b == null) {
        b = build(settings, loader);
        bySettings.put(settings, new SoftReference<>(b));
      }
      return b;
    }
  }

  static Brine build(BrineSparkConf s, ClassLoader loader) {
    Brine.Builder b = Brine.builder()
        .requireRegistration(s.registrationRequired)
        .references(s.referenceTracking)
        .maxPayloadBytes(s.maxPayloadBytes)
        .codegen(s.codegen)
        .formatVersion(s.formatVersion)
        .compatible(s.compatible)
        .compressStrings(s.compressStrings)
        .classLoader(loader);
    if (s.defaultRegistrations) {
      new SparkDefaults().registerClasses(b);
    }
    for (String name : s.classesToRegister) {
      b.register(load(name, loader, BrineSparkConf.CLASSES));
    }
    for (String name : s.registrators) {
      Class<?> c = load(name, loader, BrineSparkConf.REGISTRATOR);
      if (!BrineRegistrator.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException(BrineSparkConf.REGISTRATOR + ": " + name + " does not implement "
            + BrineRegistrator.class.getName());
      }
      BrineRegistrator r;
      try {
        r = (BrineRegistrator) c.getConstructor().newInstance();
      } catch (InvocationTargetException e) {
        throw new IllegalArgumentException(BrineSparkConf.REGISTRATOR + ": creating " + name + " failed: "
            + e.getCause(), e.getCause());
      } catch (ReflectiveOperationException e) {
        throw new IllegalArgumentException(BrineSparkConf.REGISTRATOR + ": " + name
            + " needs a public no-arg constructor (" + e + ")", e);
      }
      r.registerClasses(b);
    }
    return b.build();
  }

  private static Class<?> load(String name, ClassLoader loader, String key) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(key + ": class " + name + " not found (" + e + ")", e);
    }
  }
}
