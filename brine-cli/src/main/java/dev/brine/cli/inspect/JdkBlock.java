package dev.brine.cli.inspect;

import dev.brine.MalformedInputException;
import java.util.HashMap;
import java.util.Map;

/**
 * The JDK block (ids 8352–8447, docs/format.md "The JDK block"): each id's name, whether it gets a reference
 * index, and its layout as a list of steps that {@link PayloadDecoder} follows. A step is one of: {@code kind}
 * (u8), {@code bool} (u8 0/1), {@code i16}, {@code v32}, {@code vu32}, {@code v64}, {@code vu64}, {@code f64},
 * {@code str}, {@code nstr}, {@code tag} (a tagged value), {@code tags} (a count and as many tagged values),
 * {@code coll} (size, header, elements), {@code map} (size, chunks); ids whose layout depends on a value read
 * first have their own steps in {@link #steps}.
 */
final class JdkBlock {
  /** First id of the block. */
  static final int FIRST = 8352;
  /** One past the block. */
  static final int END = 8448;

  /** An id's entry: name, tracked, the classes' finality (arrays of them hold declared slots), steps. */
  record Entry(String name, boolean tracked, boolean exact, String steps) {}

  private static final Map<Integer, Entry> ENTRIES = new HashMap<>();

  private static void entry(int id, String name, boolean tracked, String steps) {
    ENTRIES.put(id, new Entry(name, tracked, false, steps));
  }

  private static void finalValue(int id, String name, String steps) {
    ENTRIES.put(id, new Entry(name, false, true, steps));
  }

  static {
    entry(8352, "shared JDK instance", false, "vu32");
    entry(8353, "Stream.toList() list", true, "coll");
    entry(8354, "Set.of", true, "coll");
    entry(8355, "Arrays.asList", true, "coll");
    entry(8356, "subList view", true, "kind coll");
    entry(8357, "singleton collection", true, "*singleton");
    entry(8358, "Collections.nCopies", true, "vu32 tag");
    entry(8359, "Collections view", true, "*wrapper");
    entry(8360, "Map.Entry", true, "kind tag tag");
    entry(8361, "access-ordered LinkedHashMap", true, "map");
    entry(8362, "ConcurrentSkipListSet", true, "tag coll");
    entry(8363, "ConcurrentSkipListMap", true, "tag map");
    entry(8364, "CopyOnWriteArrayList", true, "coll");
    entry(8365, "CopyOnWriteArraySet", true, "coll");
    entry(8366, "Vector", true, "coll");
    entry(8367, "Stack", true, "coll");
    entry(8368, "Hashtable", true, "map");
    entry(8369, "Properties", true, "tag map");
    entry(8370, "IdentityHashMap", true, "map");
    entry(8371, "PriorityQueue", true, "tag coll");
    entry(8372, "PriorityBlockingQueue", true, "tag coll");
    entry(8373, "ArrayBlockingQueue", true, "vu32 bool coll");
    entry(8374, "LinkedBlockingQueue", true, "vu32 coll");
    entry(8375, "LinkedBlockingDeque", true, "vu32 coll");
    entry(8376, "ConcurrentLinkedQueue", true, "coll");
    entry(8377, "ConcurrentLinkedDeque", true, "coll");
    entry(8378, "LinkedTransferQueue", true, "coll");
    entry(8379, "atomic", true, "*atomic");
    finalValue(8380, "Locale", "str str str str *extensions");
    finalValue(8381, "Currency", "str");
    entry(8382, "Charset", false, "str");
    finalValue(8383, "URI", "str");
    finalValue(8384, "URL", "str");
    entry(8385, "InetAddress", false, "*inet");
    entry(8386, "InetSocketAddress", false, "*socket");
    entry(8387, "Path", false, "str");
    entry(8388, "File", false, "str");
    finalValue(8389, "Pattern", "str vu32");
    entry(8390, "TimeZone", true, "str");
    ENTRIES.put(8391, new Entry("StringBuilder or StringBuffer", true, true, "kind str"));
    finalValue(8392, "OffsetTime", "vu64 v32");
    finalValue(8393, "Year", "v32");
    finalValue(8394, "YearMonth", "v32 kind");
    finalValue(8395, "MonthDay", "kind kind");
    finalValue(8396, "ChronoLocalDate", "str v64");
    entry(8397, "Chronology", false, "str");
    finalValue(8398, "JapaneseEra", "v32");
    finalValue(8399, "ValueRange", "v64 v64 v64 v64");
    entry(8400, "serialized lambda", false, "str str str str vu32 str str str str tags");
    entry(8401, "Comparator", false, "kind tag");
  }

  private JdkBlock() {}

  /**
   * The wire type of a JDK block id.
   *
   * @param id an id from 8352 to 8447
   * @return its type: decodable if the block defines the id, else one only the library knows
   */
  static WireType type(int id) {
    Entry e = ENTRIES.get(id);
    if (e == null) {
      return new WireType(id, "JDK type #" + id + " (not defined here)", WireType.Kind.OPAQUE, false, true, null);
    }
    return new WireType(id, e.name(), WireType.Kind.JDK, e.exact(), e.tracked(), null);
  }

  /** The layout steps of a defined id. */
  static String steps(int id) {
    return ENTRIES.get(id).steps();
  }

  /** The steps that follow a value-dependent first step ({@code *name}), given what was read for it. */
  static String then(String special, int kind) {
    switch (special) {
      case "*singleton":
        return kind == 2 ? "tag tag" : "tag";
      case "*wrapper":
        if (kind == 1 || kind == 2) {
          return "coll";
        }
        return kind >= 18 && kind <= 27 ? (kind >= 25 ? "tag tag tag" : "tag tag") : "tag";
      case "*atomic":
        return switch (kind) {
          case 0 -> "bool";
          case 1 -> "v32";
          case 2, 7 -> "v64";
          case 3 -> "tag";
          case 4 -> "*v32s";
          case 5 -> "*v64s";
          case 6 -> "tags";
          case 8 -> "f64";
          default -> throw new MalformedInputException("atomic kind " + kind + " is not defined (0–8)");
        };
      default:
        throw new IllegalStateException(special);
    }
  }
}
