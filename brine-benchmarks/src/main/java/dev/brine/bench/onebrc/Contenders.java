package dev.brine.bench.onebrc;

import com.google.protobuf.CodedInputStream;
import dev.brine.bench.onebrc.proto.OneBrcRecord;
import dev.brine.columnar.ColumnarReader;
import dev.brine.cli.onebrc.ColumnarAggregator;
import dev.brine.cli.onebrc.StationStats;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectInputFilter;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/** The aggregation of each contender: every one returns statistics by station in tenths. */
final class Contenders {
  private Contenders() {}

  static TreeMap<String, StationStats> brine(Path brc, int threads, boolean verify) {
    try (ColumnarReader r = ColumnarReader.open(brc, ColumnarReader.Options.defaults().verifyChecksums(verify))) {
      return ColumnarAggregator.aggregate(r, threads);
    }
  }

  /** DuckDB: GROUP BY over a table or a Parquet file; {@code source} is the FROM clause. */
  static TreeMap<String, StationStats> duckdb(Connection c, String source, int threads) throws SQLException {
    TreeMap<String, StationStats> out = new TreeMap<>();
    try (Statement s = c.createStatement()) {
      s.execute("SET threads = " + threads);
      try (ResultSet rs = s.executeQuery("SELECT station, min(temperature), max(temperature), sum(temperature), "
          + "count(*) FROM " + source + " GROUP BY station")) {
        while (rs.next()) {
          StationStats st = new StationStats();
          st.add(tenths(rs.getBigDecimal(2)), tenths(rs.getBigDecimal(3)),
              rs.getBigDecimal(4).movePointRight(1).longValueExact(), rs.getLong(5));
          out.put(rs.getString(1), st);
        }
      }
    }
    return out;
  }

  private static int tenths(BigDecimal d) {
    return d.movePointRight(1).intValueExact();
  }

  static TreeMap<String, StationStats> protobuf(Path file) throws IOException {
    Map<String, StationStats> m = new HashMap<>();
    try (InputStream in = Files.newInputStream(file)) {
      CodedInputStream cis = CodedInputStream.newInstance(in, 1 << 16);
      while (!cis.isAtEnd()) {
        int len = cis.readRawVarint32();
        int old = cis.pushLimit(len);
        OneBrcRecord r = OneBrcRecord.parser().parseFrom(cis);
        cis.popLimit(old);
        cis.resetSizeCounter();
        m.computeIfAbsent(r.getStation(), k -> new StationStats()).add(r.getTemperature());
      }
    }
    return new TreeMap<>(m);
  }

  static TreeMap<String, StationStats> dataInput(Path file) throws IOException {
    Map<String, StationStats> m = new HashMap<>();
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      while (true) {
        String s;
        try {
          s = in.readUTF();
        } catch (EOFException e) {
          break;
        }
        m.computeIfAbsent(s, k -> new StationStats()).add(in.readShort());
      }
    }
    return new TreeMap<>(m);
  }

  static TreeMap<String, StationStats> jdk(Path file) throws IOException, ClassNotFoundException {
    Map<String, StationStats> m = new HashMap<>();
    try (ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      in.setObjectInputFilter(ObjectInputFilter.Config.createFilter(
          OnebrcData.JdkMeasurement.class.getName() + ";java.lang.String;!*"));
      while (true) {
        Object o;
        try {
          o = in.readObject();
        } catch (EOFException e) {
          break;
        }
        OnebrcData.JdkMeasurement jm = (OnebrcData.JdkMeasurement) o;
        m.computeIfAbsent(jm.station(), k -> new StationStats()).add(jm.temperature());
      }
    }
    return new TreeMap<>(m);
  }

  /**
   * The memory-bandwidth reference: a plain sum of the file's 8-byte words over a mapping, split
   * into {@code threads} ranges. Returns the sum (to keep the JIT honest).
   */
  static long sequentialSum(Path file, int threads) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size() & ~7L;
      List<MappedByteBuffer> maps = new ArrayList<>();
      long chunk = 1L << 30;
      for (long p = 0; p < size; p += chunk) {
        maps.add(ch.map(FileChannel.MapMode.READ_ONLY, p, Math.min(chunk, size - p)));
      }
      AtomicLong total = new AtomicLong();
      List<Thread> ts = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int k = t;
        Thread th = new Thread(() -> {
          long s = 0;
          for (MappedByteBuffer m : maps) {
            ByteBuffer b = m.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            int words = b.capacity() >>> 3;
            int from = (int) ((long) words * k / threads);
            int to = (int) ((long) words * (k + 1) / threads);
            for (int i = from; i < to; i++) {
              s += b.getLong(i << 3);
            }
          }
          total.addAndGet(s);
        });
        th.start();
        ts.add(th);
      }
      for (Thread th : ts) {
        try {
          th.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
      return total.get();
    }
  }
}
