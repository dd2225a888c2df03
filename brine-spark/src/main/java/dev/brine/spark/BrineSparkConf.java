package dev.brine.spark;

import dev.brine.io.StringTable;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkConf;
import scala.Tuple2;

/**
 * The {@code spark.brine.*} settings, parsed and checked once on the driver (unknown keys and bad
 * values fail fast naming the key) and shipped to executors with the serializer.
 */
final class BrineSparkConf implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String PREFIX = "spark.brine.";
  static final String CLASSES = PREFIX + "classesToRegister";
  static final String REGISTRATOR = PREFIX + "registrator";
  static final String REGISTRATION_REQUIRED = PREFIX + "registrationRequired";
  static final String REFERENCE_TRACKING = PREFIX + "referenceTracking";
  static final String MAX_PAYLOAD = PREFIX + "maxPayloadBytes";
  static final String CODEGEN = PREFIX + "codegen";
  static final String DEFAULT_REGISTRATIONS = PREFIX + "defaultRegistrations";
  static final String STRING_TABLE = PREFIX + "stringTable";
  static final String FORMAT_VERSION = PREFIX + "formatVersion";
  static final String COMPATIBLE = PREFIX + "compatible";
  static final String COMPRESS_STRINGS = PREFIX + "compressStrings";
  static final int DEFAULT_STRING_TABLE = 1024;

  static final Set<String> KEYS = Set.of(CLASSES, REGISTRATOR, REGISTRATION_REQUIRED, REFERENCE_TRACKING,
      MAX_PAYLOAD, CODEGEN, DEFAULT_REGISTRATIONS, STRING_TABLE, FORMAT_VERSION, COMPATIBLE, COMPRESS_STRINGS);

  final List<String> classesToRegister;
  final List<String> registrators;
  final boolean registrationRequired;
  final boolean referenceTracking;
  final long maxPayloadBytes;
  final boolean codegen;
  final boolean defaultRegistrations;
  /** Entries of each stream's string table; 0: none. */
  final int stringTable;
  /** Brine's byte format (Brine.Builder.formatVersion): 2, or 1 to read streams of earlier versions. */
  final int formatVersion;
  /** Compatible mode (Brine.Builder.compatible): records carry class definitions, once per stream. */
  final boolean compatible;
  /** Brine.Builder.compressStrings: false writes every string that is not Latin-1 as UTF-16 (faster, more bytes). */
  final boolean compressStrings;

  private BrineSparkConf(Map<String, String> all) {
    for (String k : all.keySet()) {
      if (k.startsWith(PREFIX) && !KEYS.contains(k)) {
        throw new IllegalArgumentException("unknown Brine setting " + k + " (known: " + String.join(", ",
            KEYS.stream().sorted().toList()) + ")");
      }
    }
    classesToRegister = names(all, CLASSES);
    registrators = names(all, REGISTRATOR);
    registrationRequired = bool(all, REGISTRATION_REQUIRED, false);
    referenceTracking = bool(all, REFERENCE_TRACKING, true);
    maxPayloadBytes = size(all, MAX_PAYLOAD, 1L << 30);
    codegen = bool(all, CODEGEN, true);
    defaultRegistrations = bool(all, DEFAULT_REGISTRATIONS, true);
    stringTable = count(all, STRING_TABLE, DEFAULT_STRING_TABLE, StringTable.MAX_CAPACITY);
    formatVersion = count(all, FORMAT_VERSION, 2, 2);
    if (formatVersion < 1) {
      throw new IllegalArgumentException(FORMAT_VERSION + " must be 1 or 2, not '" + all.get(FORMAT_VERSION) + "'");
    }
    compatible = bool(all, COMPATIBLE, false);
    compressStrings = bool(all, COMPRESS_STRINGS, true);
    if (compatible && formatVersion == 1) {
      throw new IllegalArgumentException(COMPATIBLE + "=true needs " + FORMAT_VERSION + "=2 (compatible mode is "
          + "part of Brine's format 2)");
    }
  }

  /** Equal settings build equal Brines (the JVM-wide cache in {@link BrineSerializer} relies on it). */
  @Override
  public boolean equals(Object o) {
    return o instanceof BrineSparkConf c && classesToRegister.equals(c.classesToRegister)
        && registrators.equals(c.registrators) && registrationRequired == c.registrationRequired
        && referenceTracking == c.referenceTracking && maxPayloadBytes == c.maxPayloadBytes
        && codegen == c.codegen && defaultRegistrations == c.defaultRegistrations && stringTable == c.stringTable
        && formatVersion == c.formatVersion && compatible == c.compatible && compressStrings == c.compressStrings;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(classesToRegister, registrators, registrationRequired, referenceTracking,
        maxPayloadBytes, codegen, defaultRegistrations, stringTable, formatVersion, compatible, compressStrings);
  }

  /** Reads and checks the {@code spark.brine.*} keys of {@code conf}. */
  static BrineSparkConf from(SparkConf conf) {
    Map<String, String> all = new java.util.HashMap<>();
    for (Tuple2<String, String> kv : conf.getAllWithPrefix(PREFIX)) {
      all.put(PREFIX + kv._1(), kv._2());
    }
    return new BrineSparkConf(all);
  }

  /** For tests and non-Spark callers: the same checks over a plain map. */
  static BrineSparkConf from(Map<String, String> all) {
    return new BrineSparkConf(all);
  }

  private static List<String> names(Map<String, String> all, String key) {
    String v = all.get(key);
    List<String> out = new ArrayList<>();
    if (v == null) {
      return List.of();
    }
    for (String s : v.split(",")) {
      String n = s.trim();
      if (n.isEmpty()) {
        continue;
      }
      if (!isClassName(n)) {
        throw new IllegalArgumentException(key + ": '" + n + "' is not a class name");
      }
      out.add(n);
    }
    return List.copyOf(out);
  }

  private static boolean isClassName(String n) {
    for (String part : n.split("\\.", -1)) {
      if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))) {
        return false;
      }
      for (int i = 1; i < part.length(); i++) {
        if (!Character.isJavaIdentifierPart(part.charAt(i))) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean bool(Map<String, String> all, String key, boolean dflt) {
    String v = all.get(key);
    if (v == null) {
      return dflt;
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new IllegalArgumentException(key + " must be true or false, not '" + v + "'");
    }
  }

  private static int count(Map<String, String> all, String key, int dflt, int max) {
    String v = all.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= 0 && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new IllegalArgumentException(key + " must be a whole number from 0 to " + max + ", not '" + v + "'");
  }

  /** A byte size in Spark's style: a number with an optional b, k, m or g suffix (binary units). */
  static long size(Map<String, String> all, String key, long dflt) {
    String v = all.get(key);
    if (v == null) {
      return dflt;
    }
    String s = v.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (s.endsWith("b")) {
      s = s.substring(0, s.length() - 1);
    }
    if (!s.isEmpty()) {
      switch (s.charAt(s.length() - 1)) {
        case 'k' -> unit = 1L << 10;
        case 'm' -> unit = 1L << 20;
        case 'g' -> unit = 1L << 30;
        default -> unit = 1;
      }
      if (unit != 1) {
        s = s.substring(0, s.length() - 1);
      }
    }
    long n;
    try {
      n = Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a byte size like 64m or 1g, not '" + v + "'");
    }
    if (n < 0 || n > (Integer.MAX_VALUE - 16) / unit || n * unit < 16) {
      throw new IllegalArgumentException(key + " must be between 16 bytes and 2g, not '" + v + "'");
    }
    return n * unit;
  }
}
