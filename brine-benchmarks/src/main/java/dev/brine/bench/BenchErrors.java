package dev.brine.bench;

import dev.brine.BrineException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * How the bench commands ({@code bench}, {@code bench onebrc}, {@code bench spark}) report failures: picocli's own
 * usage errors (a missing or malformed value: the message and the usage, exit 2), and for a failure while running
 * one line {@code bench CMD: what went wrong} (exit 1). The stack trace is printed only when the environment
 * variable {@code BRINE_DEBUG} is set, for a benchmark that fails in an unexpected way.
 */
public final class BenchErrors implements IExecutionExceptionHandler {
  /** Exit code of a failure while running (picocli's usage errors exit with 2). */
  public static final int FAILED = 1;

  private BenchErrors() {}

  /**
   * Installs the handler on a command line and its subcommands.
   *
   * @param cmd the command line
   * @return {@code cmd}
   */
  public static CommandLine install(CommandLine cmd) {
    return cmd.setExecutionExceptionHandler(new BenchErrors());
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) {
    String name = cmd.getCommandSpec().qualifiedName();
    Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    String what;
    if (t instanceof NoSuchFileException fs) {
      what = fs.getFile() + ": no such file";
    } else if (t instanceof FileSystemException fs) {
      what = fs.getFile() + ": " + (fs.getReason() != null ? fs.getReason() : "cannot be used");
    } else if (t instanceof BrineException || t instanceof IOException || t instanceof IllegalStateException) {
      what = t.getMessage();
    } else {
      what = t.toString();
    }
    cmd.getErr().println(name + ": " + what);
    if (System.getenv("BRINE_DEBUG") != null) {
      t.printStackTrace(cmd.getErr());
    } else if (!(t instanceof BrineException || t instanceof IOException || t instanceof IllegalStateException)) {
      cmd.getErr().println("(set BRINE_DEBUG=1 to see where)");
    }
    cmd.getErr().flush();
    return FAILED;
  }
}
