package dev.brine.cli;

import java.lang.reflect.Method;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error while the output is a terminal, and nothing otherwise: piped or redirected
 * output gets no carriage returns or escape codes.
 */
public final class Progress implements AutoCloseable {
  private final ProgressBar bar;
  private long done;

  private Progress(ProgressBar bar) {
    this.bar = bar;
  }

  /**
   * Starts a bar.
   *
   * @param task the label
   * @param max the total, in milliseconds of work
   * @param show false for no bar at all
   * @return the bar (close it when done)
   */
  static Progress start(String task, long max, boolean show) {
    if (!show) {
      return new Progress(null);
    }
    // a fixed width: the consumer then needs no terminal library to ask for the width
    return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err, 72))
        .setUnit(" ms", 1).setUpdateIntervalMillis(100).hideEta().build());
  }

  /** Adds {@code n} to the work done. */
  void advance(long n) {
    done += n;
    if (bar != null) {
      bar.stepTo(Math.min(done, bar.getMax()));
    }
  }

  /** Completes and closes the bar. */
  @Override
  public void close() {
    if (bar != null) {
      bar.stepTo(bar.getMax());
      bar.close();
    }
  }

  /**
   * Whether standard output and error are an interactive terminal: a console exists and (on Java 22 and later,
   * where a console may exist for redirected output) {@code Console.isTerminal()} says so; never when {@code TERM}
   * is {@code dumb}.
   *
   * @return true for a terminal
   */
  public static boolean interactive() {
    java.io.Console console = System.console();
    if (console == null || "dumb".equals(System.getenv("TERM"))) {
      return false;
    }
    try {
      Method isTerminal = java.io.Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException e) {
      return true; // before Java 22 a console exists only for a terminal
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }
}
