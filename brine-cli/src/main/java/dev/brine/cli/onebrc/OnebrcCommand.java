package dev.brine.cli.onebrc;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code brine onebrc}: the One Billion Row Challenge on Brine columnar files
 * (generate, convert, aggregate). Prints usage when called without a subcommand.
 */
@Command(name = "onebrc", mixinStandardHelpOptions = true,
    description = "One Billion Row Challenge: generate text, convert to .brc, aggregate .txt or .brc.",
    subcommands = {GenerateCommand.class, ConvertCommand.class, AggregateCommand.class})
public final class OnebrcCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  /** Creates the command (picocli instantiates it). */
  public OnebrcCommand() {}

  /**
   * Prints usage.
   *
   * @return exit code 2 (no subcommand given)
   */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }

  /**
   * Runs {@code onebrc} on its own (for tests and direct use).
   *
   * @param args command-line arguments after {@code onebrc}
   */
  public static void main(String[] args) {
    System.exit(new CommandLine(new OnebrcCommand()).execute(args));
  }
}
