package dev.brine;

import dev.brine.io.ByteReader;
import dev.brine.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The {@link BrineModule}s found on the class path, and their registrations for each builder.
 *
 * <p>Finding the modules is a {@link ServiceLoader} scan of the class path ({@code META-INF/services} of
 * every jar, and the module layer's services), and registering them loads their types' classes (JTS for
 * brine-geometry): ≈ 15 ms of a fresh JVM's first {@link Brine#builder()}. The first time in a JVM both run
 * on a daemon thread of their own, started by {@code builder()}, while the calling thread goes on with
 * the registry and the built-ins; {@link Brine.Builder#build()} (or {@link
 * Brine.Builder#registerWithId}, which checks ids against the modules') waits for them before the
 * registrations. After that they run on the calling thread, which then only calls each module's {@code
 * register} again. A machine with one free core gains the overlap; one without loses nothing but the
 * thread's start (≈ 0.1 ms).
 */
final class Modules {
  private Modules() {}

  /** Whether {@link Found} has been initialized (the scan done). */
  private static volatile boolean scanned;

  /** The modules, scanned once, on first use of this holder. */
  private static final class Found {
    static final List<BrineModule> MODULES = load();
  }

  /**
   * Starts collecting the modules' registrations on a new builder: on a thread of its own when the class
   * path has not been scanned yet in this JVM, otherwise now.
   */
  static FutureTask<Brine.Builder> collect() {
    FutureTask<Brine.Builder> task = new FutureTask<>(new Collect());
    if (!scanned) {
      try {
        Thread t = new Thread(new FirstScan(task), "brine-modules");
        t.setDaemon(true);
        t.start();
        return task;
      } catch (RuntimeException | OutOfMemoryError e) {
        // no thread to be had (a restricted environment): scan on this one
      }
    }
    task.run();
    return task;
  }

  /** The builder {@code task} filled with the modules' registrations, waiting for it (uninterruptibly). */
  static Brine.Builder await(FutureTask<Brine.Builder> task) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          Throwable c = e.getCause();
          if (c instanceof RuntimeException r) {
            throw r;
          }
          if (c instanceof Error r) {
            throw r;
          }
          throw new BrineException("registering Brine's modules failed: " + c, c);
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * The first scan in a JVM, on its own thread; once it is done, and {@link #await} can return, the
   * thread initializes the byte writer and reader classes, whose byte-array {@code VarHandle}s bootstrap
   * {@code java.lang.invoke} (≈ 5–10 ms on JDK 17), while the building thread plans its classes, then
   * gives the building thread the rest of its head start ({@link Preload}). Either thread may come first
   * to them; their initializers depend on no class of the building thread's.
   */
  private static final class FirstScan implements Runnable {
    private final FutureTask<Brine.Builder> task;

    FirstScan(FutureTask<Brine.Builder> task) {
      this.task = task;
    }

    @Override
    public void run() {
      task.run();
      try {
        Class.forName(ByteWriter.class.getName(), true, ByteWriter.class.getClassLoader());
        Class.forName(ByteReader.class.getName(), true, ByteReader.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        // the building thread meets the same error when it initializes them, and reports it
      }
      Preload.run();
    }
  }

  /** Every module's {@code register} on a new builder (a named class: no lambda to spin at start-up). */
  private static final class Collect implements Callable<Brine.Builder> {
    @Override
    public Brine.Builder call() {
      Brine.Builder b = new Brine.Builder(null);
      for (BrineModule m : Found.MODULES) {
        m.register(b);
      }
      scanned = true;
      return b;
    }
  }

  private static List<BrineModule> load() {
    List<BrineModule> out = new ArrayList<>();
    ServiceLoader<BrineModule> loader = ServiceLoader.load(BrineModule.class, Brine.class.getClassLoader());
    for (var it = loader.iterator(); ; ) {
      try {
        if (!it.hasNext()) {
          break;
        }
        out.add(it.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        // A module whose dependencies are missing is skipped; its types are then simply unknown.
        System.getLogger("dev.brine").log(System.Logger.Level.WARNING, "skipping Brine module: " + e);
      }
    }
    for (int i = 1; i < out.size(); i++) { // by class name (an insertion sort: no lambda to spin at start-up)
      for (int j = i; j > 0 && out.get(j - 1).getClass().getName().compareTo(out.get(j).getClass().getName()) > 0; j--) {
        out.set(j, out.set(j - 1, out.get(j)));
      }
    }
    return List.copyOf(out);
  }
}
