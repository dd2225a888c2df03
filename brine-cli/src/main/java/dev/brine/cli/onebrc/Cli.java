package dev.brine.cli.onebrc;

import dev.brine.BrineException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** Shared helpers: error reporting and progress bars for large inputs. */
final class Cli {
  /** Inputs at least this large get a progress bar. */
  static final long PROGRESS_THRESHOLD = 64L << 20;

  private Cli() {}

  static int run(PrintWriter err, Callable<Integer> body) {
    try {
      return body.call();
    } catch (java.nio.file.FileSystemException e) {
      err.println("error: " + dev.brine.cli.ErrorHandler.describe(e));
      return dev.brine.cli.ErrorHandler.BAD_FILE;
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof java.nio.file.FileSystemException fs) {
        err.println("error: " + dev.brine.cli.ErrorHandler.describe(fs));
        return dev.brine.cli.ErrorHandler.BAD_FILE;
      }
      err.println("I/O error: " + e.getMessage() + (e.getCause() != null ? ": " + e.getCause().getMessage() : ""));
      return 1;
    } catch (BrineException e) {
      err.println("error: " + e.getMessage()
          + (e.getMessage() != null && e.getMessage().contains("recover(true)") ? " (CLI: --recover)" : ""));
      return 1;
    } catch (java.io.IOException e) {
      err.println("I/O error: " + e);
      return 1;
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** A progress bar on standard error on a terminal; one that prints nothing when the output is redirected. */
  static ProgressBar bar(String task, long max, String unit, long unitSize) {
    ProgressBarConsumer consumer = dev.brine.cli.Progress.interactive()
        ? new ConsoleProgressBarConsumer(System.err, 100) // fixed width: no terminal library to ask
        : new DelegatingProgressBarConsumer(line -> { }, 100);
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(max).setStyle(ProgressBarStyle.ASCII)
        .setConsumer(consumer)
        .setUnit(unit, unitSize).setUpdateIntervalMillis(500).build();
  }
}
