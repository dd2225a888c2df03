package dev.brine.cli.onebrc;

import dev.brine.columnar.ColumnarReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brine onebrc aggregate FILE}: prints the 1BRC result line. */
@Command(name = "aggregate", mixinStandardHelpOptions = true,
    description = "Print {station=min/mean/max, ...} sorted by name for a .txt or .brc file.")
public final class AggregateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", description = "a .brc file, or 'station;temp' text") Path file;

  @Option(names = "--threads", description = "scan threads (default: available processors)")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--recover", description = "read the complete blocks of a .brc whose writer died (reports the torn tail)")
  boolean recover;

  @Option(names = "--no-verify", description = "skip block checksums (structure is still checked)")
  boolean noVerify;

  /** Creates the command (picocli instantiates it). */
  public AggregateCommand() {}

  /**
   * Aggregates and prints.
   *
   * @return 0 on success, 1 on bad input or I/O errors
   */
  @Override
  public Integer call() {
    return Cli.run(spec.commandLine().getErr(), () -> {
      ColumnarReader.Options options = ColumnarReader.Options.defaults().recover(recover).verifyChecksums(!noVerify);
      int t = Math.max(1, threads);
      String line;
      if (file.getFileName().toString().endsWith(".brc")) {
        try (ColumnarReader r = ColumnarReader.open(file, options)) {
          r.tornTail().ifPresent(tail -> spec.commandLine().getErr().println("warning: " + file + ": " + tail));
          line = OneBrc.format(ColumnarAggregator.aggregate(r, t));
        }
      } else {
        line = OneBrc.format(OneBrc.aggregateText(file, t));
      }
      spec.commandLine().getOut().println(line);
      spec.commandLine().getOut().flush();
      return 0;
    });
  }
}
