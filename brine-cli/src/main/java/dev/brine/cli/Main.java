package dev.brine.cli;

import dev.brine.cli.onebrc.OnebrcCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ./brine} launcher: thin picocli commands over the library modules. */
@Command(
    name = "brine",
    mixinStandardHelpOptions = true,
    version = "brine 0.1.0-SNAPSHOT",
    description = "Brine: fast, safe serialization for the JVM.",
    subcommands = {
      DemoCommand.class,
      InspectCommand.class,
      OnebrcCommand.class,
      BenchCommand.class,
      // subcommands: add new commands above this line
    })
public final class Main implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Runs the launcher; exits with the command's status. */
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The launcher's command line, with the error handling every command shares. */
  public static CommandLine commandLine() {
    return new CommandLine(new Main()).setExecutionExceptionHandler(new ErrorHandler());
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
