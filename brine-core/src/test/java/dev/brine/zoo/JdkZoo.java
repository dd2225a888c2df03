package dev.brine.zoo;

import java.io.File;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.*;
import java.time.chrono.*;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.ValueRange;
import java.time.temporal.WeekFields;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The JDK's part of the type table (docs/types.md). */
final class JdkZoo {
  private JdkZoo() {}

  enum Color { RED, GREEN }

  enum Op {
    PLUS { @Override int apply(int a, int b) { return a + b; } };
    abstract int apply(int a, int b);
  }

  record Point(int x, int y) {}

  record Order(long id, List<String> lines, Map<String, Integer> counts) {}

  static final class Account {
    private final String owner;
    private final long cents;
    private Account(String owner, long cents) { this.owner = owner; this.cents = cents; }
    @Override public boolean equals(Object o) {
      return o instanceof Account && ((Account) o).owner.equals(owner) && ((Account) o).cents == cents;
    }
    @Override public int hashCode() { return owner.hashCode(); }
  }

  static final class Node {
    int value;
    Node next;
  }

  static final class Failure extends RuntimeException {
    final int code;
    Failure(String m, int code) { super(m); this.code = code; }
  }

  static final class Singleton implements Serializable {
    static final Singleton INSTANCE = new Singleton();
    private Object readResolve() { return INSTANCE; }
  }

  static final class Ext implements java.io.Externalizable {
    String text;
    public Ext() {}
    Ext(String t) { text = t; }
    @Override public void writeExternal(java.io.ObjectOutput out) throws java.io.IOException { out.writeUTF(text); }
    @Override public void readExternal(java.io.ObjectInput in) throws java.io.IOException { text = in.readUTF(); }
    @Override public boolean equals(Object o) { return o instanceof Ext && ((Ext) o).text.equals(text); }
    @Override public int hashCode() { return text.hashCode(); }
  }

  static final class Inner implements Serializable {
    final String s;
    Inner(String s) { this.s = s; }
  }

  static Node chain(int n) {
    Node head = null;
    for (int i = 0; i < n; i++) {
      Node x = new Node();
      x.value = i;
      x.next = head;
      head = x;
    }
    return head;
  }

  static int length(Node n) {
    int k = 0;
    for (; n != null; n = n.next) {
      k++;
    }
    return k;
  }

  static final List<String> WORDS = Arrays.asList("b", "A", null, "ccc", "a", "Bb");

  /** How a comparator orders sample words (nulls kept only for null-friendly comparators). */
  static List<String> order(Comparator<String> c, boolean nulls) {
    List<String> l = new ArrayList<>(WORDS);
    if (!nulls) {
      l.removeIf(Objects::isNull);
    }
    l.sort(c);
    return l;
  }

  static <E> List<E> drain(Queue<E> q) {
    List<E> out = new ArrayList<>();
    Queue<E> copy = q instanceof PriorityQueue ? new PriorityQueue<>(q) : q instanceof PriorityBlockingQueue
        ? new PriorityBlockingQueue<>(q) : new ArrayDeque<>(q);
    if (q instanceof PriorityQueue && ((PriorityQueue<E>) q).comparator() != null) {
      copy = new PriorityQueue<>(((PriorityQueue<E>) q).comparator());
      copy.addAll(q);
    }
    for (E e; (e = copy.poll()) != null; ) {
      out.add(e);
    }
    return out;
  }

  static boolean throwsOn(Runnable r, Class<? extends Throwable> type) {
    try {
      r.run();
      return false;
    } catch (Throwable t) {
      return type.isInstance(t);
    }
  }

  static void fill(Zoo z) {
    z.category("java.lang, java.math")
        .eq("Boolean", () -> Boolean.TRUE).eq("Byte", () -> (byte) -7).eq("Short", () -> (short) 300)
        .eq("Character (surrogate)", () -> '\uD800').eq("Integer", () -> Integer.MIN_VALUE).eq("Long", () -> Long.MAX_VALUE)
        .eq("Float NaN payload", () -> Float.intBitsToFloat(0x7fc00001)).eq("Double -0.0", () -> -0.0)
        .eq("String with unpaired surrogate", () -> "a\uD800b\uD83D\uDE80")
        .view("StringBuilder", () -> new StringBuilder("sb"), Object::toString)
        .view("StringBuffer", () -> new StringBuffer("sbuf"), Object::toString)
        .same("Class value", () -> String.class).same("primitive Class value", () -> int.class)
        .same("array Class value", () -> int[][].class)
        .same("enum", () -> Color.GREEN).same("enum with a body", () -> Op.PLUS)
        .check("Object", Object::new, (a, b) -> true)
        .eq("BigInteger", () -> new BigInteger("-123456789012345678901234567890"))
        .eq("BigDecimal", () -> new BigDecimal("1234.5678900"))
        .eq("MathContext", () -> new MathContext(7, RoundingMode.HALF_EVEN)).same("RoundingMode", () -> RoundingMode.UP)
        .eq("int[]", () -> new int[] {1, -1}).eq("String[][]", () -> new String[][] {{"a"}, null, {}})
        .eq("Object[] of mixed", () -> new Object[] {1, "x", null, 2.5})
        .eq("Locale[] (a JDK-block class as component)", () -> new Locale[] {Locale.US, null})
        .eq("Year[][]", () -> new Year[][] {{Year.of(1)}})
        .refused("AtomicLong[] (its id is shared with the other atomics)", () -> new AtomicLong[] {new AtomicLong(1)});

    z.category("java.time")
        .eq("Instant", () -> Instant.ofEpochSecond(-5, 7)).eq("LocalDate", () -> LocalDate.of(-3, 2, 28))
        .eq("LocalTime", () -> LocalTime.MAX).eq("LocalDateTime", () -> LocalDateTime.of(2024, 2, 29, 23, 59))
        .eq("ZonedDateTime in a DST overlap", () -> ZonedDateTime.of(LocalDateTime.of(2024, 10, 27, 2, 30), ZoneId.of("Europe/Paris")).withLaterOffsetAtOverlap())
        .eq("OffsetDateTime", () -> OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 1, ZoneOffset.ofHoursMinutes(-9, -30)))
        .eq("OffsetTime", () -> OffsetTime.of(10, 11, 12, 13, ZoneOffset.ofHours(5)))
        .eq("Duration", () -> Duration.ofSeconds(-1, 5)).eq("Period", () -> Period.of(1, -2, 3))
        .eq("ZoneId (region)", () -> ZoneId.of("Asia/Kolkata")).eq("ZoneOffset", () -> ZoneOffset.ofHoursMinutes(5, 45))
        .same("ZoneOffset.UTC", () -> ZoneOffset.UTC)
        .eq("Year", () -> Year.of(-44)).eq("YearMonth", () -> YearMonth.of(2024, 2)).eq("MonthDay", () -> MonthDay.of(2, 29))
        .same("DayOfWeek", () -> DayOfWeek.SUNDAY).same("Month", () -> Month.MAY).same("ChronoUnit", () -> ChronoUnit.MILLENNIA)
        .same("ChronoField", () -> ChronoField.EPOCH_DAY)
        .eq("JapaneseDate", () -> JapaneseDate.of(JapaneseEra.HEISEI, 3, 4, 5)).eq("HijrahDate", () -> HijrahDate.of(1445, 1, 1))
        .eq("MinguoDate", () -> MinguoDate.of(112, 6, 7)).eq("ThaiBuddhistDate", () -> ThaiBuddhistDate.of(2567, 1, 2))
        .same("JapaneseChronology", () -> JapaneseChronology.INSTANCE).same("IsoChronology", () -> IsoChronology.INSTANCE)
        .same("HijrahChronology", () -> HijrahChronology.INSTANCE)
        .same("JapaneseEra", () -> JapaneseEra.REIWA).same("IsoEra", () -> IsoEra.CE)
        .eq("ValueRange", () -> ValueRange.of(1, 28, 31))
        .eq("WeekFields", () -> WeekFields.of(DayOfWeek.MONDAY, 4))
        .eq("Clock.fixed", () -> Clock.fixed(Instant.EPOCH, ZoneId.of("UTC")))
        .eq("Clock.systemUTC", Clock::systemUTC)
        .eq("ZoneRules", () -> ZoneId.of("Europe/Paris").getRules());

    z.category("java.util values")
        .eq("UUID", UUID::randomUUID).eq("Date", () -> new Date(1_700_000_000_123L))
        .eq("GregorianCalendar", () -> {
          GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone("America/New_York"), Locale.US);
          c.setTimeInMillis(1_700_000_000_000L);
          return c;
        })
        .eq("TimeZone (zone database)", () -> TimeZone.getTimeZone("Europe/Berlin"))
        .eq("TimeZone GMT+05:30", () -> TimeZone.getTimeZone("GMT+05:30"))
        .eq("SimpleTimeZone", () -> new SimpleTimeZone(3_600_000, "Custom", Calendar.MARCH, -1, Calendar.SUNDAY, 7_200_000,
            Calendar.OCTOBER, -1, Calendar.SUNDAY, 7_200_000))
        .eq("Locale.US", () -> Locale.US).eq("Locale.ROOT", () -> Locale.ROOT)
        .eq("Locale ja_JP_JP", () -> new Locale("ja", "JP", "JP"))
        .eq("Locale zh-Hant-TW", () -> Locale.forLanguageTag("zh-Hant-TW"))
        .eq("Locale with extension", () -> Locale.forLanguageTag("de-DE-u-co-phonebk-x-private"))
        .eq("Locale old-style variant", () -> new Locale("no", "NO", "NY"))
        .same("Currency", () -> Currency.getInstance("EUR"))
        .eq("Optional", () -> Optional.of("o")).same("Optional.empty", Optional::empty)
        .eq("OptionalInt", () -> OptionalInt.of(-1)).eq("OptionalLong", OptionalLong::empty)
        .eq("OptionalDouble", () -> OptionalDouble.of(Double.NaN))
        .eq("BitSet", () -> BitSet.valueOf(new long[] {5, -1}))
        .view("Random", () -> new Random(42), r -> List.of(r.nextLong(), r.nextInt()))
        .view("Pattern", () -> Pattern.compile("a+b", Pattern.CASE_INSENSITIVE), p -> p.pattern() + "/" + p.flags())
        .check("Properties with defaults", () -> {
          Properties d = new Properties();
          d.setProperty("color", "blue");
          Properties p = new Properties(d);
          p.setProperty("size", "L");
          return p;
        }, (a, b) -> a.equals(b) && "blue".equals(b.getProperty("color")))
        .eq("Base64 is not state; a UUID list", () -> new ArrayList<>(List.of(new UUID(1, 2))));

    z.category("java.util.concurrent.atomic")
        .view("AtomicBoolean", () -> new AtomicBoolean(true), AtomicBoolean::get)
        .view("AtomicInteger", () -> new AtomicInteger(-3), AtomicInteger::get)
        .view("AtomicLong", () -> new AtomicLong(1L << 40), AtomicLong::get)
        .view("AtomicReference", () -> new AtomicReference<>("ref"), AtomicReference::get)
        .view("AtomicIntegerArray", () -> new AtomicIntegerArray(new int[] {1, 2}), Object::toString)
        .view("AtomicLongArray", () -> new AtomicLongArray(new long[] {3}), Object::toString)
        .view("AtomicReferenceArray", () -> new AtomicReferenceArray<>(new Object[] {"x", null}), Object::toString)
        .view("LongAdder", () -> { LongAdder a = new LongAdder(); a.add(7); return a; }, LongAdder::sum)
        .view("DoubleAdder", () -> { DoubleAdder a = new DoubleAdder(); a.add(0.5); return a; }, DoubleAdder::sum)
        .view("LongAccumulator (serializable function)", () -> {
          LongAccumulator a = new LongAccumulator((LongBinaryOperator & Serializable) Math::max, Long.MIN_VALUE);
          a.accumulate(9);
          return a;
        }, a -> { a.accumulate(3); return a.get(); });

    z.category("java.net, java.io, java.nio")
        .eq("URI", () -> URI.create("https://user@example.com:8443/p/a%20th?q=1#frag"))
        .view("URL", () -> new URL("https://example.com/x?y=1"), URL::toExternalForm) // URL.equals looks hosts up
        .view("URL (file)", () -> new File("/tmp/x y").toURI().toURL(), URL::toExternalForm)
        .eq("Inet4Address", () -> InetAddress.getByAddress(new byte[] {10, 0, 0, 1}))
        .view("Inet4Address with host name", () -> InetAddress.getByAddress("db.local", new byte[] {10, 0, 0, 2}), Object::toString)
        .eq("Inet6Address", () -> InetAddress.getByAddress(new byte[] {0x20, 1, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}))
        .eq("InetSocketAddress", () -> new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 8080))
        .view("InetSocketAddress unresolved", () -> InetSocketAddress.createUnresolved("example.com", 443), Object::toString)
        .eq("File", () -> new File("dir/file.txt"))
        .eq("Path", () -> Path.of("/tmp", "a b", "c.txt")).eq("Path (relative)", () -> Path.of("rel/x"))
        .same("Charset UTF-8", () -> StandardCharsets.UTF_8).same("Charset windows-1252", () -> Charset.forName("windows-1252"));

    collections(z);
    comparators(z);

    z.category("lambdas")
        .lambda("serializable lambda (captures)", () -> {
          String greeting = "hi ";
          return (Function<String, String> & Serializable) s -> greeting + s;
        }, f -> f.apply("there"))
        .lambda("serializable method reference", () -> (Function<String, Integer> & Serializable) String::length, f -> f.apply("four"))
        .lambda("serializable bound method reference", () -> {
          List<String> names = new ArrayList<>(List.of("a", "b"));
          return (Supplier<Integer> & Serializable) names::size;
        }, s -> s.get())
        .lambda("serializable lambda of a JDK class (Map.Entry.comparingByKey)",
            () -> Map.Entry.<String, Integer>comparingByKey(), c -> c.compare(Map.entry("a", 1), Map.entry("b", 0)))
        .refused("non-serializable lambda", () -> (Runnable) () -> {});

    z.category("records, classes, exceptions")
        .eq("record", () -> new Point(1, -2))
        .eq("record with collections", () -> new Order(7, List.of("a", "b"), Map.of("a", 1)))
        .eq("final fields, no no-arg constructor", () -> new Account("ada", 100))
        .view("1,000-long linked list (maxDepth)", () -> chain(1000), JdkZoo::length)
        .view("exception with a cause", () -> new IllegalStateException("boom", new java.io.IOException("io")),
            e -> e.getMessage() + "/" + e.getCause().getMessage() + "/" + e.getStackTrace().length)
        .view("exception with an extra field", () -> new Failure("bad", 42), e -> e.getMessage() + e.code)
        .same("readResolve singleton", () -> Singleton.INSTANCE)
        .eq("Externalizable", () -> new Ext("e"))
        .view("Serializable class", () -> new Inner("in"), i -> i.s);

    z.category("other JDK classes")
        .eq("java.sql.Timestamp (nanos)", () -> { java.sql.Timestamp t = new java.sql.Timestamp(1_700_000_000_000L); t.setNanos(123_456_789); return t; })
        .eq("java.sql.Date", () -> new java.sql.Date(1_700_000_000_000L)).eq("java.sql.Time", () -> new java.sql.Time(3_600_000L))
        .eq("SimpleDateFormat", () -> new java.text.SimpleDateFormat("yyyy-MM-dd"))
        .eq("DecimalFormat", () -> new java.text.DecimalFormat("#,##0.00"))
        .same("TimeUnit", () -> TimeUnit.SECONDS)
        .eq("java.util.logging.Level", () -> java.util.logging.Level.WARNING)
        .refused("HashMap.keySet() view", () -> new HashMap<>(Map.of(1, 2)).keySet())
        .refused("Thread", Thread::currentThread);
  }

  static void collections(Zoo z) {
    z.category("java.util collections")
        .eq("ArrayList", () -> new ArrayList<>(Arrays.asList(1, null, "x")))
        .eq("LinkedList", () -> new LinkedList<>(List.of(1, 2)))
        .view("ArrayDeque", () -> new ArrayDeque<>(List.of(3, 1)), ArrayList::new)
        .eq("HashSet", () -> new HashSet<>(List.of(1, 2)))
        .eq("LinkedHashSet", () -> new LinkedHashSet<>(List.of("b", "a")))
        .check("TreeSet", () -> new TreeSet<>(List.of(3, 1, 2)), (a, b) -> a.equals(b) && b.comparator() == null)
        .check("TreeSet reversed", () -> { TreeSet<Integer> s = new TreeSet<>(Collections.reverseOrder()); s.addAll(List.of(1, 3)); return s; },
            (a, b) -> new ArrayList<>(a).equals(new ArrayList<>(b)) && b.comparator() == Collections.reverseOrder())
        .check("TreeSet CASE_INSENSITIVE_ORDER", () -> { TreeSet<String> s = new TreeSet<>(String.CASE_INSENSITIVE_ORDER); s.add("b"); s.add("A"); return s; },
            (a, b) -> new ArrayList<>(a).equals(new ArrayList<>(b)) && b.contains("B"))
        .check("TreeSet by a serializable key extractor", () -> {
          TreeSet<String> s = new TreeSet<>(Comparator.comparing((Function<String, Integer> & Serializable) String::length));
          s.addAll(List.of("ccc", "a", "bb"));
          return s;
        }, (a, b) -> new ArrayList<>(a).equals(new ArrayList<>(b)) && b.contains("zz"))
        .eq("EnumSet", () -> EnumSet.of(Color.RED)).eq("EnumSet empty", () -> EnumSet.noneOf(Color.class))
        .eq("EnumSet jumbo", () -> EnumSet.allOf(ChronoField.class))
        .eq("HashMap with a null key", () -> { HashMap<Object, Object> m = new HashMap<>(); m.put(null, 1); m.put("k", null); return m; })
        .check("LinkedHashMap", () -> new LinkedHashMap<>(Map.of("a", 1)), (a, b) -> a.equals(b))
        .check("LinkedHashMap in access order", () -> {
          LinkedHashMap<String, Integer> m = new LinkedHashMap<>(16, 0.75f, true);
          m.put("a", 1);
          m.put("b", 2);
          m.put("c", 3);
          m.get("a");
          return m;
        }, (a, b) -> new ArrayList<>(a.keySet()).equals(new ArrayList<>(b.keySet())) && accessOrderMoves(b))
        .check("LinkedHashMap in access order, empty", () -> new LinkedHashMap<String, Integer>(4, 0.75f, true),
            (a, b) -> b.isEmpty() && accessOrderMoves(b))
        .check("TreeMap", () -> new TreeMap<>(Map.of("b", 1, "a", 2)), (a, b) -> a.equals(b) && b.comparator() == null)
        .check("TreeMap reversed", () -> { TreeMap<Integer, String> m = new TreeMap<>(Comparator.reverseOrder()); m.put(1, "a"); m.put(2, "b"); return m; },
            (a, b) -> new ArrayList<>(a.keySet()).equals(new ArrayList<>(b.keySet())))
        .refused("TreeMap with a non-serializable lambda comparator", () -> {
          TreeMap<String, Integer> m = new TreeMap<>((x, y) -> y.compareTo(x));
          m.put("a", 1);
          return m;
        })
        .eq("EnumMap", () -> new EnumMap<>(Map.of(Color.RED, "r")))
        .check("EnumMap empty", () -> new EnumMap<Color, String>(Color.class), (a, b) -> a.equals(b) && b.put(Color.GREEN, "g") == null)
        .eq("ConcurrentHashMap", () -> new ConcurrentHashMap<>(Map.of(1, 2)))
        .check("ConcurrentSkipListMap reversed", () -> { ConcurrentSkipListMap<Integer, Integer> m = new ConcurrentSkipListMap<>(Comparator.reverseOrder()); m.put(1, 1); m.put(2, 2); return m; },
            (a, b) -> a.equals(b) && b.firstKey() == 2)
        .check("ConcurrentSkipListSet reversed", () -> { ConcurrentSkipListSet<Integer> s = new ConcurrentSkipListSet<>(Comparator.reverseOrder()); s.addAll(List.of(1, 2, 3)); return s; },
            (a, b) -> a.equals(b) && b.first() == 3)
        .eq("CopyOnWriteArrayList", () -> new CopyOnWriteArrayList<>(List.of(1, 2)))
        .eq("CopyOnWriteArraySet", () -> new CopyOnWriteArraySet<>(List.of(1, 2)))
        .eq("Vector", () -> new Vector<>(List.of(1, 2))).eq("Stack", () -> { Stack<Integer> s = new Stack<>(); s.push(1); s.push(2); return s; })
        .eq("Hashtable", () -> new Hashtable<>(Map.of("a", 1)))
        .check("IdentityHashMap", () -> { IdentityHashMap<String, Integer> m = new IdentityHashMap<>(); m.put("k", 1); return m; },
            (a, b) -> b.size() == 1 && b.containsValue(1))
        .eq("WeakHashMap", () -> new WeakHashMap<>(Map.of("k", 1)))
        .view("PriorityQueue", () -> new PriorityQueue<>(List.of(5, 1, 3)), JdkZoo::drain)
        .check("PriorityQueue with a comparator", () -> { PriorityQueue<Integer> q = new PriorityQueue<>(Comparator.reverseOrder()); q.addAll(List.of(1, 5, 3)); return q; },
            (a, b) -> drain(a).equals(drain(b)) && b.peek() == 5)
        .view("PriorityBlockingQueue", () -> new PriorityBlockingQueue<>(List.of(2, 1)), JdkZoo::drain)
        .check("ArrayBlockingQueue (capacity)", () -> { ArrayBlockingQueue<Integer> q = new ArrayBlockingQueue<>(5); q.add(1); return q; },
            (a, b) -> drain(a).equals(drain(b)) && b.remainingCapacity() == 4)
        .check("ArrayBlockingQueue (fair)", () -> new ArrayBlockingQueue<Integer>(2, true), (a, b) -> b.remainingCapacity() == 2)
        .check("LinkedBlockingQueue (bounded)", () -> { LinkedBlockingQueue<Integer> q = new LinkedBlockingQueue<>(3); q.add(1); return q; },
            (a, b) -> drain(a).equals(drain(b)) && b.remainingCapacity() == 2)
        .check("LinkedBlockingDeque", () -> { LinkedBlockingDeque<Integer> q = new LinkedBlockingDeque<>(); q.add(1); return q; },
            (a, b) -> drain(a).equals(drain(b)) && b.remainingCapacity() == Integer.MAX_VALUE - 1)
        .view("ConcurrentLinkedQueue", () -> new ConcurrentLinkedQueue<>(List.of(1, 2)), JdkZoo::drain)
        .view("ConcurrentLinkedDeque", () -> new ConcurrentLinkedDeque<>(List.of(1, 2)), JdkZoo::drain)
        .view("LinkedTransferQueue", () -> new LinkedTransferQueue<>(List.of(1, 2)), JdkZoo::drain)
        .view("DelayQueue (empty)", DelayQueue::new, Collection::size);

    z.category("immutable and view collections")
        .same("List.of()", List::of).eq("List.of(1)", () -> List.of(1)).eq("List.of(1, 2, 3)", () -> List.of(1, 2, 3))
        .eq("List.copyOf", () -> List.copyOf(new ArrayList<>(List.of("a", "b"))))
        .eq("Stream.toList() with a null", () -> Stream.of("a", null).toList())
        .eq("Stream.toList() of one", () -> Stream.of("a").toList())
        .eq("Collectors.toUnmodifiableList", () -> Stream.of(1, 2, 3, 4).collect(Collectors.toUnmodifiableList()))
        .same("Set.of()", Set::of).eq("Set.of(1)", () -> Set.of(1)).eq("Set.of(1, 2, 3)", () -> Set.of(1, 2, 3))
        .same("Map.of()", Map::of).eq("Map.of(1, 1)", () -> Map.of(1, 1))
        .eq("Map.of(4 entries)", () -> Map.of(1, "a", 2, "b", 3, "c", 4, "d"))
        .eq("Map.ofEntries", () -> Map.ofEntries(Map.entry("k", 1)))
        .eq("Map.entry", () -> Map.entry("k", 1))
        .eq("AbstractMap.SimpleEntry", () -> new AbstractMap.SimpleEntry<>("k", null))
        .eq("AbstractMap.SimpleImmutableEntry", () -> new AbstractMap.SimpleImmutableEntry<>(1, 2))
        .eq("HashMap entry", () -> new HashMap<>(Map.of("k", 1)).entrySet().iterator().next())
        .eq("TreeMap entry", () -> new TreeMap<>(Map.of("k", 1)).firstEntry())
        .same("Collections.emptyList()", Collections::emptyList).same("Collections.emptySet()", Collections::emptySet)
        .same("Collections.emptyMap()", Collections::emptyMap).same("Collections.emptySortedSet()", Collections::emptySortedSet)
        .same("Collections.emptyNavigableMap()", Collections::emptyNavigableMap)
        .eq("Collections.singletonList", () -> Collections.singletonList("s"))
        .eq("Collections.singleton", () -> Collections.singleton(1))
        .eq("Collections.singletonMap", () -> Collections.singletonMap("k", "v"))
        .eq("Collections.nCopies", () -> Collections.nCopies(3, "n"))
        .check("Arrays.asList (fixed-size, writable)", () -> Arrays.asList("a", "b"),
            (a, b) -> a.equals(b) && b.set(0, "z").equals("a") && throwsOn(() -> b.add("c"), UnsupportedOperationException.class))
        .eq("ArrayList.subList", () -> new ArrayList<>(List.of(1, 2, 3)).subList(1, 3))
        .eq("LinkedList.subList", () -> new LinkedList<>(List.of(1, 2, 3)).subList(0, 2))
        .eq("Arrays.asList().subList", () -> Arrays.asList(1, 2, 3).subList(0, 1))
        .eq("List.of().subList", () -> List.of(1, 2, 3).subList(1, 2))
        .eq("CopyOnWriteArrayList.subList", () -> new CopyOnWriteArrayList<>(List.of(1, 2)).subList(0, 1))
        .eq("Vector.subList", () -> new Vector<>(List.of(1, 2)).subList(0, 2))
        .check("unmodifiableCollection", () -> Collections.unmodifiableCollection(new ArrayList<>(List.of(1, 2))),
            (a, b) -> new ArrayList<>(a).equals(new ArrayList<>(b)) && throwsOn(() -> b.add(3), UnsupportedOperationException.class))
        .eq("unmodifiableList(ArrayList)", () -> Collections.unmodifiableList(new ArrayList<>(List.of(1))))
        .eq("unmodifiableList(LinkedList)", () -> Collections.unmodifiableList(new LinkedList<>(List.of(1))))
        .eq("unmodifiableSet(HashSet)", () -> Collections.unmodifiableSet(new HashSet<>(List.of(1))))
        .check("unmodifiableSet(TreeSet CASE_INSENSITIVE_ORDER)", () -> {
          TreeSet<String> s = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
          s.add("a");
          return Collections.unmodifiableSet(s);
        }, (a, b) -> a.equals(b) && b.contains("A"))
        .eq("unmodifiableSortedSet", () -> Collections.unmodifiableSortedSet(new TreeSet<>(List.of(2, 1))))
        .eq("unmodifiableNavigableSet", () -> Collections.unmodifiableNavigableSet(new TreeSet<>(List.of(2, 1))))
        .eq("unmodifiableMap", () -> Collections.unmodifiableMap(new HashMap<>(Map.of(1, 2))))
        .eq("unmodifiableSortedMap", () -> Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(1, 2))))
        .eq("unmodifiableNavigableMap", () -> Collections.unmodifiableNavigableMap(new TreeMap<>(Map.of(1, 2))))
        .eq("unmodifiableMap(Map.of)", () -> Collections.unmodifiableMap(Map.of("a", 1)))
        .eq("unmodifiableSet(Set.of)", () -> Collections.unmodifiableSet(Set.of(1, 2)))
        .eq("unmodifiableSet(EnumSet)", () -> Collections.unmodifiableSet(EnumSet.of(Color.GREEN)))
        .check("synchronizedSet(EnumSet empty)", () -> Collections.synchronizedSet(EnumSet.noneOf(Color.class)),
            (a, b) -> a.equals(b) && b.add(Color.RED) && b.contains(Color.RED))
        .eq("synchronizedList(List.of)", () -> Collections.synchronizedList(List.of(1, 2)))
        .view("synchronizedCollection", () -> Collections.synchronizedCollection(new ArrayList<>(List.of(1))), ArrayList::new)
        .eq("synchronizedList(ArrayList)", () -> Collections.synchronizedList(new ArrayList<>(List.of(1))))
        .eq("synchronizedList(LinkedList)", () -> Collections.synchronizedList(new LinkedList<>(List.of(1))))
        .eq("synchronizedSet", () -> Collections.synchronizedSet(new HashSet<>(List.of(1))))
        .eq("synchronizedSortedSet", () -> Collections.synchronizedSortedSet(new TreeSet<>(List.of(1))))
        .eq("synchronizedNavigableSet", () -> Collections.synchronizedNavigableSet(new TreeSet<>(List.of(1))))
        .eq("synchronizedMap", () -> Collections.synchronizedMap(new HashMap<>(Map.of(1, 2))))
        .eq("synchronizedSortedMap", () -> Collections.synchronizedSortedMap(new TreeMap<>(Map.of(1, 2))))
        .eq("synchronizedNavigableMap", () -> Collections.synchronizedNavigableMap(new TreeMap<>(Map.of(1, 2))))
        .view("checkedCollection", () -> Collections.checkedCollection(new ArrayList<>(List.of("a")), String.class), c -> checks(c, 1))
        .check("checkedList", () -> Collections.checkedList(new ArrayList<>(List.of("a")), String.class), (a, b) -> a.equals(b) && checks(b, 1))
        .check("checkedSet", () -> Collections.checkedSet(new HashSet<>(List.of("a")), String.class), (a, b) -> a.equals(b) && checks(b, 1))
        .check("checkedSortedSet", () -> Collections.checkedSortedSet(new TreeSet<>(List.of("a")), String.class), (a, b) -> a.equals(b) && checks(b, 1))
        .check("checkedNavigableSet", () -> Collections.checkedNavigableSet(new TreeSet<>(List.of("a")), String.class), (a, b) -> a.equals(b) && checks(b, 1))
        .view("checkedQueue", () -> Collections.checkedQueue(new ArrayDeque<>(List.of("a")), String.class), q -> List.of(new ArrayList<>(q), checks(q, 1)))
        .check("checkedMap", () -> Collections.checkedMap(new HashMap<>(Map.of("a", 1)), String.class, Integer.class),
            (a, b) -> a.equals(b) && checksMap(b))
        .check("checkedSortedMap", () -> Collections.checkedSortedMap(new TreeMap<>(Map.of("a", 1)), String.class, Integer.class),
            (a, b) -> a.equals(b) && checksMap(b))
        .check("checkedNavigableMap", () -> Collections.checkedNavigableMap(new TreeMap<>(Map.of("a", 1)), String.class, Integer.class),
            (a, b) -> a.equals(b) && checksMap(b))
        .eq("newSetFromMap(ConcurrentHashMap)", () -> { Set<Integer> s = Collections.newSetFromMap(new ConcurrentHashMap<>()); s.add(1); return s; })
        .view("asLifoQueue", () -> { Queue<Integer> q = Collections.asLifoQueue(new ArrayDeque<>()); q.add(1); q.add(2); return q; }, ArrayList::new);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static boolean checks(Collection c, int size) {
    return c.size() == size && throwsOn(() -> c.add(1), ClassCastException.class);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static boolean checksMap(Map m) {
    return throwsOn(() -> m.put("x", "not an integer"), ClassCastException.class);
  }

  static boolean accessOrderMoves(LinkedHashMap<String, Integer> m) {
    m.put("probe1", 1);
    m.put("probe2", 2);
    m.get("probe1");
    List<String> keys = new ArrayList<>(m.keySet());
    m.remove("probe1");
    m.remove("probe2");
    return keys.get(keys.size() - 1).equals("probe1");
  }

  static void comparators(Zoo z) {
    z.category("comparators")
        .same("Collections.reverseOrder()", Collections::reverseOrder)
        .view("Collections.reverseOrder(CASE_INSENSITIVE_ORDER)", () -> Collections.reverseOrder(String.CASE_INSENSITIVE_ORDER), c -> order(c, false))
        .same("String.CASE_INSENSITIVE_ORDER", () -> String.CASE_INSENSITIVE_ORDER)
        .same("Comparator.naturalOrder()", Comparator::naturalOrder)
        .same("Comparator.reverseOrder()", Comparator::reverseOrder)
        .view("Comparator.nullsFirst(naturalOrder)", () -> Comparator.<String>nullsFirst(Comparator.naturalOrder()), c -> order(c, true))
        .view("Comparator.nullsLast(CASE_INSENSITIVE_ORDER)", () -> Comparator.nullsLast(String.CASE_INSENSITIVE_ORDER), c -> order(c, true))
        .lambda("Comparator.comparing(serializable)", () -> Comparator.comparing((Function<String, Integer> & Serializable) String::length), c -> order(c, false))
        .lambda("Comparator.comparingInt(...).thenComparing(...)", () -> Comparator.comparingInt((java.util.function.ToIntFunction<String> & Serializable) String::length)
            .thenComparing(Comparator.reverseOrder()), c -> order(c, false))
        .view("Comparator.reversed()", () -> Comparator.comparing((Function<String, String> & Serializable) String::toLowerCase).reversed(), c -> order(c, false));
  }
}
