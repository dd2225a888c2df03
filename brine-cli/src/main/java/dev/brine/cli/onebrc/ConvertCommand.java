package dev.brine.cli.onebrc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brine onebrc convert in.txt out.brc}: text to a Brine columnar record file. */
@Command(name = "convert", mixinStandardHelpOptions = true,
    description = "Convert 'station;temp' UTF-8 lines to a Brine columnar file (.brc).")
public final class ConvertCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", description = "measurements text file") Path in;

  @Parameters(index = "1", description = "output .brc file") Path out;

  /** Creates the command (picocli instantiates it). */
  public ConvertCommand() {}

  /**
   * Converts the file, with a progress bar on stderr for inputs of 64 MiB and more.
   *
   * @return 0 on success, 1 on bad input or I/O errors
   */
  @Override
  public Integer call() {
    return Cli.run(spec.commandLine().getErr(), () -> {
      long size = Files.size(in);
      long rows;
      if (size >= Cli.PROGRESS_THRESHOLD) {
        try (ProgressBar pb = Cli.bar("convert", size, " MiB", 1 << 20)) {
          rows = OneBrc.convert(in, out, pb::stepTo);
        }
      } else {
        rows = OneBrc.convert(in, out, null);
      }
      spec.commandLine().getErr().printf("%d rows, %d bytes (%.2f bytes/row)%n", rows, Files.size(out),
          rows == 0 ? 0.0 : (double) Files.size(out) / rows);
      return 0;
    });
  }
}
