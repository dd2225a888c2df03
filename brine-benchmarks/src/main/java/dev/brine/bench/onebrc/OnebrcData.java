package dev.brine.bench.onebrc;

import dev.brine.bench.onebrc.proto.OneBrcRecord;
import dev.brine.columnar.ColumnarWriter;
import dev.brine.cli.onebrc.Measurement;
import dev.brine.cli.onebrc.OneBrc;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The benchmark data set: {@code rows} (station, tenths) pairs drawn once by the 1BRC generator
 * (413 stations, sigma 10), then written in every contender's format.
 */
final class OnebrcData {
  /** The JDK-serialization row (the seed's JavaSerializableMeasurement). */
  record JdkMeasurement(String station, short temperature) implements Serializable {}

  final List<OneBrc.Station> stations;
  final String[] names;
  final short[] station;
  final short[] tenths;

  OnebrcData(int rows, long seed) {
    stations = OneBrc.defaultStations();
    names = stations.stream().map(OneBrc.Station::name).toArray(String[]::new);
    station = new short[rows];
    tenths = new short[rows];
    OneBrc.Generator g = new OneBrc.Generator(stations, seed);
    for (int i = 0; i < rows; i++) {
      int s = g.nextStation();
      station[i] = (short) s;
      tenths[i] = (short) g.nextTenths(s);
    }
  }

  int rows() {
    return station.length;
  }

  void writeText(Path out) throws IOException {
    byte[][] prefix = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      prefix[i] = (names[i] + ";").getBytes(StandardCharsets.UTF_8);
    }
    try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
      for (int i = 0; i < station.length; i++) {
        os.write(prefix[station[i]]);
        int t = tenths[i];
        int a = Math.abs(t);
        String s = (t < 0 ? "-" : "") + (a / 10) + "." + (a % 10) + "\n";
        os.write(s.getBytes(StandardCharsets.US_ASCII));
      }
    }
  }

  void writeBrine(Path out) {
    try (ColumnarWriter<Measurement> w = ColumnarWriter.create(out, Measurement.class)) {
      for (int i = 0; i < station.length; i++) {
        w.write(new Measurement(names[station[i]], tenths[i] / 10.0));
      }
      w.commit();
    }
  }

  /** Loads the text into a DuckDB database file (DECIMAL(4,1) is DuckDB's exact 16-bit type) and writes Parquet. */
  static void writeDuckDb(Path text, Path db, Path parquet) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db.toAbsolutePath());
        Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE measurements AS SELECT station, temperature FROM read_csv('"
          + text.toAbsolutePath() + "', delim=';', header=false, quote='', escape='', "
          + "columns={'station': 'VARCHAR', 'temperature': 'DECIMAL(4,1)'})");
      s.execute("CHECKPOINT");
      s.execute("COPY measurements TO '" + parquet.toAbsolutePath() + "' (FORMAT parquet, COMPRESSION zstd)");
    }
  }

  void writeProtobuf(Path out, int rows) throws IOException {
    try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
      OneBrcRecord.Builder b = OneBrcRecord.newBuilder();
      for (int i = 0; i < rows; i++) {
        b.clear().setStation(names[station[i]]).setTemperature(tenths[i]).build().writeDelimitedTo(os);
      }
    }
  }

  void writeDataOutput(Path out, int rows) throws IOException {
    try (DataOutputStream os = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(out), 1 << 16))) {
      for (int i = 0; i < rows; i++) {
        os.writeUTF(names[station[i]]);
        os.writeShort(tenths[i]);
      }
    }
  }

  void writeJdk(Path out, int rows) throws IOException {
    try (ObjectOutputStream os = new ObjectOutputStream(new BufferedOutputStream(Files.newOutputStream(out), 1 << 16))) {
      for (int i = 0; i < rows; i++) {
        os.writeObject(new JdkMeasurement(names[station[i]], tenths[i]));
        if ((i & 0xFFFF) == 0xFFFF) {
          os.reset(); // keep the stream's handle table bounded
        }
      }
    }
  }
}
