package dev.brine.cli.onebrc;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brine onebrc generate N out.txt}: writes N random {@code name;temp} lines. */
@Command(name = "generate", mixinStandardHelpOptions = true,
    description = "Write N measurements 'station;temp' (gaussian around each station's mean, sigma 10, one decimal).")
public final class GenerateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", description = "number of rows") long rows;

  @Parameters(index = "1", description = "output text file") Path out;

  @Option(names = "--seed", description = "random seed (default ${DEFAULT-VALUE})", defaultValue = "1") long seed;

  @Option(names = "--stations-file", description = "sample names from a 'name;latitude' CSV such as "
      + "../shared/data/onebrc/weather_stations.csv instead of the built-in 413 stations")
  Path stationsFile;

  /** Creates the command (picocli instantiates it). */
  public GenerateCommand() {}

  /**
   * Generates the file.
   *
   * @return 0 on success, 1 on I/O errors (a negative count is a usage error, 2)
   */
  @Override
  public Integer call() {
    return Cli.run(spec.commandLine().getErr(), () -> {
      if (rows < 0) {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "the row count must be >= 0, got " + rows);
      }
      List<OneBrc.Station> stations = stationsFile == null ? OneBrc.defaultStations() : OneBrc.readStations(stationsFile);
      if (rows >= (1 << 22)) {
        try (ProgressBar pb = Cli.bar("generate", rows, " Mrows", 1_000_000)) {
          OneBrc.generate(rows, out, seed, stations, pb::stepTo);
        }
      } else {
        OneBrc.generate(rows, out, seed, stations, null);
      }
      return 0;
    });
  }
}
