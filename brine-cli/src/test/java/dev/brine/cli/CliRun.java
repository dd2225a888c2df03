package dev.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * What {@code ./brine ARGS} printed and returned, run in this JVM through picocli's {@code CommandLine.execute}
 * with its output captured.
 *
 * @param code the exit code
 * @param out standard output
 * @param err standard error
 */
record CliRun(int code, String out, String err) {

  /** Runs the launcher's command line with {@code args}. */
  static CliRun run(String... args) {
    CommandLine cmd = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /** Neither output holds a stack trace. */
  CliRun noStackTrace() {
    assertFalse(err.contains("\tat ") || err.contains("Exception in") || out.contains("\tat "), err);
    return this;
  }

  /** A usage error: exit 2, the message and the command's usage on standard error, no stack trace. */
  CliRun usageError(String message, String usage) {
    assertEquals(2, code, () -> "exit code; err:\n" + err + "\nout:\n" + out);
    assertTrue(err.contains(message), () -> "expected '" + message + "' in:\n" + err);
    assertTrue(err.contains("Usage: " + usage), () -> "expected the usage of " + usage + " in:\n" + err);
    return noStackTrace();
  }
}
