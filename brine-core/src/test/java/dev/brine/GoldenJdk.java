package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.File;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.*;
import java.time.chrono.*;
import java.time.temporal.ValueRange;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Golden values of the JDK block (ids 8352–8447, docs/format.md "JDK block"): one or more per id,
 * each pinned by a file golden/v1/jdk-*.bin, and how to tell that one came back right (most of these
 * classes have no equals, or come back as a new lambda).
 */
final class GoldenJdk {
  private GoldenJdk() {}

  static Map<String, Object> values() {
    Map<String, Object> v = new LinkedHashMap<>();
    try {
      v.put("jdk-constant-empty-list", Collections.emptyList());
      v.put("jdk-constant-case-insensitive", String.CASE_INSENSITIVE_ORDER);
      v.put("jdk-immutable-list-nulls", Stream.of("a", null).toList());
      v.put("jdk-immutable-set-of", Set.of(7));
      v.put("jdk-arrays-as-list", Arrays.asList("x", null));
      v.put("jdk-sub-list", new ArrayList<>(List.of(1, 2, 3)).subList(1, 3));
      v.put("jdk-singleton-map", Collections.singletonMap("k", 1));
      v.put("jdk-n-copies", Collections.nCopies(3, "n"));
      v.put("jdk-wrapper-synchronized-list", Collections.synchronizedList(new ArrayList<>(List.of(1))));
      v.put("jdk-wrapper-unmodifiable-list", Collections.unmodifiableList(new LinkedList<>(List.of(2))));
      v.put("jdk-wrapper-checked-map", Collections.checkedMap(new HashMap<>(Map.of("a", 1)), String.class, Integer.class));
      v.put("jdk-map-entry", Map.entry("k", 2));
      LinkedHashMap<String, Integer> lru = new LinkedHashMap<>(4, 0.75f, true);
      lru.put("a", 1);
      lru.put("b", 2);
      lru.get("a");
      v.put("jdk-linked-hash-map-access-order", lru);
      ConcurrentSkipListSet<Integer> csls = new ConcurrentSkipListSet<>(Collections.reverseOrder());
      csls.addAll(List.of(1, 2));
      v.put("jdk-concurrent-skip-list-set", csls);
      v.put("jdk-concurrent-skip-list-map", new ConcurrentSkipListMap<>(Map.of(1, "a")));
      v.put("jdk-copy-on-write-array-list", new CopyOnWriteArrayList<>(List.of(1)));
      v.put("jdk-copy-on-write-array-set", new CopyOnWriteArraySet<>(List.of(1)));
      v.put("jdk-vector", new Vector<>(List.of(1)));
      Stack<Integer> stack = new Stack<>();
      stack.push(1);
      v.put("jdk-stack", stack);
      v.put("jdk-hashtable", new Hashtable<>(Map.of("h", 1)));
      Properties defaults = new Properties();
      defaults.setProperty("d", "1");
      Properties props = new Properties(defaults);
      props.setProperty("p", "2");
      v.put("jdk-properties", props);
      IdentityHashMap<Integer, Integer> ihm = new IdentityHashMap<>(); // small Integers: the same instances when read
      ihm.put(1, 2);
      v.put("jdk-identity-hash-map", ihm);
      PriorityQueue<Integer> pq = new PriorityQueue<>(Collections.reverseOrder());
      pq.addAll(List.of(3, 2, 1));
      v.put("jdk-priority-queue", pq);
      v.put("jdk-priority-blocking-queue", new PriorityBlockingQueue<>(List.of(1, 2)));
      ArrayBlockingQueue<Integer> abq = new ArrayBlockingQueue<>(3, true);
      abq.add(1);
      v.put("jdk-array-blocking-queue", abq);
      v.put("jdk-linked-blocking-queue", new LinkedBlockingQueue<>(List.of(1)));
      v.put("jdk-linked-blocking-deque", new LinkedBlockingDeque<>(List.of(1)));
      v.put("jdk-concurrent-linked-queue", new ConcurrentLinkedQueue<>(List.of(1)));
      v.put("jdk-concurrent-linked-deque", new ConcurrentLinkedDeque<>(List.of(1)));
      v.put("jdk-linked-transfer-queue", new LinkedTransferQueue<>(List.of(1)));
      v.put("jdk-atomic-long", new AtomicLong(-5));
      v.put("jdk-atomic-reference-array", new AtomicReferenceArray<>(new Object[] {"a", null}));
      v.put("jdk-locale", Locale.forLanguageTag("zh-Hant-TW-u-ca-chinese"));
      v.put("jdk-currency", Currency.getInstance("JPY"));
      v.put("jdk-charset", StandardCharsets.UTF_8);
      v.put("jdk-uri", URI.create("https://example.com/a?b#c"));
      v.put("jdk-url", new java.net.URL("https://example.com/u"));
      v.put("jdk-inet-address", InetAddress.getByAddress("db", new byte[] {10, 0, 0, 1}));
      v.put("jdk-inet-socket-address", InetSocketAddress.createUnresolved("example.com", 443));
      v.put("jdk-path", Path.of("dir", "file.txt"));
      v.put("jdk-file", new File("dir/file.txt"));
      v.put("jdk-pattern", Pattern.compile("a+", Pattern.MULTILINE));
      v.put("jdk-time-zone", TimeZone.getTimeZone("Europe/Paris"));
      v.put("jdk-string-builder", new StringBuilder("sb"));
      v.put("jdk-offset-time", OffsetTime.of(1, 2, 3, 4, ZoneOffset.ofHours(-3)));
      v.put("jdk-year", Year.of(2026));
      v.put("jdk-year-month", YearMonth.of(2026, 11));
      v.put("jdk-month-day", MonthDay.of(12, 31));
      v.put("jdk-chrono-date", JapaneseDate.of(2026, 11, 25));
      v.put("jdk-chronology", HijrahChronology.INSTANCE);
      v.put("jdk-japanese-era", JapaneseEra.SHOWA);
      v.put("jdk-value-range", ValueRange.of(1, 28, 31));
      v.put("jdk-serialized-lambda", parser()); // captured in this class, which the golden Brines register
      v.put("jdk-comparator-nulls-first", Comparator.nullsFirst(String.CASE_INSENSITIVE_ORDER));
      v.put("jdk-weak-hash-map", new WeakHashMap<>(Map.of("w", 1))); // String keys held by the literal pool
      v.put("jdk-delay-queue", new DelayQueue<>());
      v.put("jdk-synchronous-queue", new SynchronousQueue<>());
      GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("America/New_York"), Locale.US);
      calendar.setTimeInMillis(1_764_000_000_123L);
      calendar.setMinimalDaysInFirstWeek(4);
      calendar.setLenient(false);
      v.put("jdk-gregorian-calendar", calendar);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    return v;
  }

  /** A serializable method reference (stable bytes: its implementation is Integer.parseInt, not a synthetic lambda method). */
  static Function<String, Integer> parser() {
    return (Function<String, Integer> & Serializable) Integer::parseInt;
  }

  /** Whether this class's values need {@link #assertSameValue} rather than equals. */
  static boolean handles(Object value) {
    return value != null && (value.getClass().isHidden() || value instanceof Queue || value instanceof StringBuilder
        || value instanceof Pattern || value instanceof java.net.URL || value.getClass().getName().startsWith("java.util.concurrent.atomic.")
        || value instanceof Comparator || value instanceof Collection && value.getClass().getName().contains("Checked")
        || value instanceof Map && value.getClass().getName().contains("Checked"));
  }

  @SuppressWarnings("unchecked")
  static void assertSameValue(String name, Object value, Object back) {
    if (value.getClass().isHidden()) {
      assertEquals(12, ((Function<String, Integer>) back).apply("12"), name);
      return;
    }
    assertEquals(value.getClass(), back.getClass(), name);
    if (value instanceof Comparator) {
      List<String> a = new ArrayList<>(name.contains("nulls") ? Arrays.asList("b", null, "A") : Arrays.asList("b", "A"));
      List<String> b = new ArrayList<>(a);
      a.sort((Comparator<String>) value);
      b.sort((Comparator<String>) back);
      assertEquals(a, b, name);
    } else if (value instanceof Queue) {
      assertEquals(new ArrayList<>((Queue<?>) value), new ArrayList<>((Queue<?>) back), name);
    } else if (value instanceof Pattern) {
      assertEquals(((Pattern) value).pattern() + ((Pattern) value).flags(), ((Pattern) back).pattern() + ((Pattern) back).flags(), name);
    } else if (value instanceof Collection || value instanceof Map) {
      assertEquals(value, back, name);
    } else {
      assertEquals(value.toString(), back.toString(), name);
    }
  }
}
