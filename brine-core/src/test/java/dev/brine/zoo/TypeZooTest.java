package dev.brine.zoo;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The type-coverage table (docs/types.md): about 290 values that applications put through a
 * serializer, each written and read back with registration off and no JVM flags. Each ends as
 * <b>ok</b> (came back right: same class, equal or behaving the same), <b>refused</b> (writing it
 * failed with a BrineException, as it must for what no reader could rebuild), <b>read failed</b> or
 * <b>wrong</b> (read back but not the same). The test fails on any wrong or read-failed value, on a
 * refusal of a value that should round-trip, and below 95 % round trips; it writes the table to
 * target/type-zoo.md (the docs' table is made from it).
 */
class TypeZooTest {
  enum Status { OK, REFUSED, READ_FAILED, WRONG, NOT_REFUSED }

  record Row(Zoo.Case c, Status status, String detail, int bytes) {}

  static List<Zoo.Case> cases() {
    Zoo z = new Zoo();
    JdkZoo.fill(z);
    LibraryZoo.fill(z);
    return z.cases;
  }

  static Row run(Brine brine, Zoo.Case c) {
    Object value;
    try {
      value = c.value.get();
    } catch (Exception e) {
      throw new AssertionError("making " + c.name + ": " + e, e);
    }
    byte[] bytes;
    try {
      bytes = brine.serialize(value);
    } catch (BrineException e) {
      return new Row(c, Status.REFUSED, e.getMessage(), 0);
    } catch (RuntimeException | Error e) {
      return new Row(c, Status.WRONG, "serialize threw " + e, 0);
    }
    if (c.refused) {
      return new Row(c, Status.NOT_REFUSED, "written, but no reader could rebuild it", bytes.length);
    }
    Object back;
    try {
      back = brine.deserialize(bytes);
    } catch (RuntimeException | Error e) {
      return new Row(c, Status.READ_FAILED, String.valueOf(e), bytes.length);
    }
    try {
      if (back != null && c.same.test(value, back)) {
        return new Row(c, Status.OK, "", bytes.length);
      }
    } catch (RuntimeException e) {
      return new Row(c, Status.WRONG, "check threw " + e, bytes.length);
    }
    return new Row(c, Status.WRONG, "came back as " + (back == null ? "null" : back.getClass().getName() + " " + back),
        bytes.length);
  }

  /** The same table with reference tracking and with the interpreted serializers: nothing comes back wrong there either. */
  @Test
  void withReferencesAndInterpretedNothingComesBackWrong() {
    for (Brine brine : List.of(Brine.builder().requireRegistration(false).references(true).build(),
        Brine.builder().requireRegistration(false).codegen(false).build())) {
      List<String> problems = new ArrayList<>();
      for (Zoo.Case c : cases()) {
        Row r = run(brine, c);
        if (r.status != Status.OK && !(c.refused && r.status == Status.REFUSED)) {
          problems.add(c.name + ": " + r.status + " " + r.detail);
        }
      }
      assertTrue(problems.isEmpty(), (brine.references() ? "references: " : "interpreted: ") + String.join("\n", problems));
    }
  }

  @Test
  void everyTypeRoundTripsOrIsRefusedWhenWritten() throws IOException {
    Brine brine = Brine.builder().requireRegistration(false).build();
    List<Row> rows = new ArrayList<>();
    for (Zoo.Case c : cases()) {
      rows.add(run(brine, c));
    }
    Map<Status, Integer> counts = new LinkedHashMap<>();
    StringBuilder table = new StringBuilder("| category | value | status | bytes | note |\n|---|---|---|---:|---|\n");
    List<String> problems = new ArrayList<>();
    for (Row r : rows) {
      counts.merge(r.status, 1, Integer::sum);
      table.append("| ").append(r.c.category).append(" | ").append(r.c.name).append(" | ")
          .append(r.status.name().toLowerCase().replace('_', ' ')).append(" | ").append(r.bytes == 0 ? "" : r.bytes)
          .append(" | ").append(r.detail.replace('|', '/').replace('\n', ' ')).append(" |\n");
      boolean expectedRefusal = r.c.refused && r.status == Status.REFUSED;
      if (r.status != Status.OK && !expectedRefusal) {
        problems.add(r.c.name + ": " + r.status + " " + r.detail);
      }
    }
    int total = rows.size();
    int ok = counts.getOrDefault(Status.OK, 0);
    String summary = String.format("%d values on Java %s: %d round-trip (%.1f %%), %d refused when written, %d other%n",
        total, Runtime.version().feature(), ok, 100.0 * ok / total, counts.getOrDefault(Status.REFUSED, 0),
        total - ok - counts.getOrDefault(Status.REFUSED, 0));
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/type-zoo-" + Runtime.version().feature() + ".md"), summary + "\n" + table);
    System.out.print(summary);
    assertTrue(problems.isEmpty(), summary + String.join("\n", problems));
    assertTrue(ok >= 0.95 * total, summary);
  }
}
