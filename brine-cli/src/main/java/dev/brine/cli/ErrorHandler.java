package dev.brine.cli;

import dev.brine.BrineException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * One way for every command to report a failure: a single line {@code brine COMMAND: what went wrong},
 * never a stack trace. A missing, unreadable or wrong kind of input file exits with 2 (bad usage, as
 * picocli's own argument errors); bad input and other failures while working exit with 1.
 */
public final class ErrorHandler implements IExecutionExceptionHandler {
  /** Exit code for a file the user named that cannot be used. */
  public static final int BAD_FILE = 2;
  /** Exit code for a failure while working (bad input bytes, I/O). */
  public static final int FAILED = 1;

  /** Creates the handler. */
  public ErrorHandler() {}

  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) {
    String name = "brine " + cmd.getCommandName();
    Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    if (t instanceof FileSystemException fs) {
      cmd.getErr().println(name + ": " + describe(fs));
      return BAD_FILE;
    }
    if (t instanceof BrineException || t instanceof IOException) {
      cmd.getErr().println(name + ": " + t.getMessage());
      return FAILED;
    }
    cmd.getErr().println(name + ": " + t);
    return FAILED;
  }

  /** "PATH: no such file", "PATH: is a directory", "PATH: permission denied", or the system's reason. */
  public static String describe(FileSystemException e) {
    String file = e.getFile() == null ? "" : e.getFile();
    if (e instanceof NoSuchFileException) {
      return file + ": no such file";
    }
    if (!file.isEmpty() && Files.isDirectory(Path.of(file))) {
      return file + ": is a directory";
    }
    if (e instanceof AccessDeniedException) {
      return file + ": permission denied";
    }
    return file + ": cannot read: " + (e.getReason() != null ? e.getReason() : e.getClass().getSimpleName());
  }
}
