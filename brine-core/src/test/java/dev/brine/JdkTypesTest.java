package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.MonthDay;
import java.time.OffsetTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.chrono.Chronology;
import java.time.chrono.ChronoLocalDate;
import java.util.*;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The JDK block (docs/format.md, "JDK block"; docs/types.md): what the type table does not show —
 * no registration needed, reference tracking, malformed input, the write-time refusals and their
 * messages, deep graphs, and that building a Brine loads none of it.
 */
class JdkTypesTest {
  static final Brine STRICT = Brine.builder().build();
  static final Brine REFS = Brine.builder().references(true).build();
  static final Brine OPEN = Brine.builder().requireRegistration(false).build();

  static Object roundTrip(Brine b, Object v) {
    return b.deserialize(b.serialize(v));
  }

  @Test
  void jdkTypesNeedNoRegistration() throws Exception {
    List<Object> values = new ArrayList<>(GoldenJdk.values().values());
    values.removeIf(v -> v.getClass().isHidden()); // a lambda's capturing class must be registered
    for (Object v : values) {
      Object back = roundTrip(STRICT, v);
      assertEquals(v.getClass(), back.getClass(), v.getClass().getName());
    }
  }

  @Test
  void viewsKeepWhatTheyWrapAndSharedObjectsStayShared() {
    List<Integer> inner = new ArrayList<>(List.of(1, 2));
    List<Object> graph = new ArrayList<>(List.of(inner, Collections.synchronizedList(inner)));
    @SuppressWarnings("unchecked")
    List<Object> back = (List<Object>) roundTrip(REFS, graph);
    @SuppressWarnings("unchecked")
    List<Integer> innerBack = (List<Integer>) back.get(0);
    @SuppressWarnings("unchecked")
    List<Integer> view = (List<Integer>) back.get(1);
    view.add(3);
    assertEquals(List.of(1, 2, 3), innerBack, "the synchronized view wraps the very list read before it");
    // an unmodifiable set of a case-insensitive TreeSet keeps the comparator's semantics
    TreeSet<String> ci = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    ci.add("Key");
    @SuppressWarnings("unchecked")
    Set<String> set = (Set<String>) roundTrip(STRICT, Collections.unmodifiableSet(ci));
    assertTrue(set.contains("KEY"));
  }

  @Test
  void arraysAsListIsWritableAndSingletonsStaySingletons() {
    @SuppressWarnings("unchecked")
    List<String> l = (List<String>) roundTrip(STRICT, Arrays.asList("a", "b"));
    l.set(1, "c");
    assertEquals(List.of("a", "c"), l);
    assertThrows(UnsupportedOperationException.class, () -> l.add("d"));
    assertSame(Collections.emptyList(), roundTrip(STRICT, Collections.emptyList()));
    assertSame(List.of(), roundTrip(STRICT, List.of()));
    assertSame(String.CASE_INSENSITIVE_ORDER, roundTrip(STRICT, String.CASE_INSENSITIVE_ORDER));
    assertEquals(Stream.of(1, 2).toList().getClass(), roundTrip(STRICT, Stream.of(1, 2).toList()).getClass());
    assertThrows(UnsupportedOperationException.class, () -> ((List<?>) roundTrip(STRICT, Stream.of(1, 2).toList())).clear());
  }

  @Test
  void writingAnAccessOrderedMapLeavesItsOrderAsItWas() {
    LinkedHashMap<String, Integer> lru = new LinkedHashMap<>(16, 0.75f, true);
    for (String k : List.of("a", "b", "c", "d")) {
      lru.put(k, 1);
    }
    lru.get("b");
    List<String> before = new ArrayList<>(lru.keySet());
    @SuppressWarnings("unchecked")
    LinkedHashMap<String, Integer> back = (LinkedHashMap<String, Integer>) roundTrip(STRICT, lru);
    assertEquals(before, new ArrayList<>(lru.keySet()), "the probe put the original's order back");
    assertEquals(before, new ArrayList<>(back.keySet()));
    back.get("a");
    assertEquals("a", new ArrayList<>(back.keySet()).get(3), "the copy is in access order too");
    // an insertion-ordered map is written exactly as before (id 35) and not touched
    LinkedHashMap<String, Integer> plain = new LinkedHashMap<>(Map.of("x", 1));
    assertEquals(35, STRICT.serialize(plain)[1]);
  }

  @Test
  void lambdasRoundTripThroughTheirSerializedForm() {
    Brine b = Brine.builder().register(JdkTypesTest.class).build();
    String suffix = "!";
    Function<String, String> f = (Function<String, String> & Serializable) s -> s + suffix;
    @SuppressWarnings("unchecked")
    Function<String, String> back = (Function<String, String>) b.deserialize(b.serialize(f));
    assertEquals("hi!", back.apply("hi"));
    // its capturing class must be allowed like any class named in a payload: refused when written
    BrineException e = assertThrows(BrineException.class, () -> STRICT.serialize(f));
    assertTrue(e.getMessage().contains(JdkTypesTest.class.getName()) && e.getMessage().contains("register"), e.getMessage());
  }

  @Test
  void whatCannotBeReadBackIsRefusedWhenWritten() {
    TreeMap<String, Integer> m = new TreeMap<>((x, y) -> y.compareTo(x));
    m.put("a", 1);
    BrineException e = assertThrows(BrineException.class, () -> OPEN.serialize(m));
    assertTrue(e.getMessage().contains("Serializable"), e.getMessage());
    e = assertThrows(BrineException.class, () -> OPEN.serialize(new HashMap<>(Map.of(1, 1)).values()));
    assertTrue(e.getMessage().contains("copy of a public type"), e.getMessage());
    // a Path of another file system, a TimeZone with changed rules
    TimeZone changed = TimeZone.getTimeZone("Europe/Paris");
    changed.setRawOffset(12345);
    e = assertThrows(BrineException.class, () -> STRICT.serialize(changed));
    assertTrue(e.getMessage().contains("rules"), e.getMessage());
    // a Java serialization stream naming a class the reader would refuse
    e = assertThrows(BrineException.class, () -> STRICT.serialize(new Random(1)));
    assertTrue(e.getMessage().contains("requireRegistration(false)"), e.getMessage());
  }

  @Test
  void messagesForClassesAUserCannotNameSayHowToAllowTheFamily() {
    Object guava = com.google.common.collect.ImmutableList.of(1);
    ClassNotAllowedException e = assertThrows(ClassNotAllowedException.class, () -> STRICT.serialize(guava));
    assertTrue(e.getMessage().contains("allowPackages(\"com.google.common.collect\")"), e.getMessage());
    assertFalse(e.getMessage().contains("register(SingletonImmutableList.class)"), e.getMessage());
    // and it works once the family is allowed
    Brine allowed = Brine.builder().requireRegistration(false).allowPackages("com.google.common.collect").build();
    assertEquals(guava, allowed.deserialize(allowed.serialize(guava)));
    e = assertThrows(ClassNotAllowedException.class, () -> STRICT.serialize(new Object() { }));
    assertTrue(e.getMessage().contains("register("), e.getMessage());
  }

  static final class Link {
    int value;
    Link next;
  }

  static Link chain(int n) {
    Link head = null;
    for (int i = 0; i < n; i++) {
      Link l = new Link();
      l.value = i;
      l.next = head;
      head = l;
    }
    return head;
  }

  @Test
  void deepGraphsWithinMaxDepthWorkWhateverTheStackAndDeeperOnesAreALimit() throws Exception {
    Brine b = Brine.builder().register(Link.class).build();
    Brine interpreted = Brine.builder().register(Link.class).codegen(false).build();
    for (Brine x : List.of(b, interpreted)) {
      Link back = (Link) x.deserialize(x.serialize(chain(4000)));
      int n = 0;
      for (Link l = back; l != null; l = l.next) {
        n++;
      }
      assertEquals(4000, n);
      assertThrows(LimitExceededException.class, () -> x.serialize(chain(5000)));
    }
    // a thread with a small stack overflows long before 4,000 levels: the call is run again on a deep one
    Object[] result = new Object[1];
    Thread small = new Thread(null, () -> result[0] = b.deserialize(b.serialize(chain(3000))), "small", 256 << 10);
    small.start();
    small.join();
    assertInstanceOf(Link.class, result[0]);
    // a payload nested deeper than maxDepth is refused when read, too
    Brine deep = Brine.builder().register(Link.class).maxDepth(20_000).build();
    byte[] bytes = deep.serialize(chain(10_000));
    assertThrows(LimitExceededException.class, () -> b.deserialize(bytes));
    assertInstanceOf(Link.class, deep.deserialize(bytes));
  }

  @Test
  void malformedJdkPayloadsAreBrineExceptions() {
    byte[] set = STRICT.serialize(Set.of("a", "b"));
    byte[] dup = set.clone();
    // Set.of("a", "b") with both elements "a": Set.of refuses the duplicate
    int b = indexOf(dup, (byte) 'b');
    dup[b] = 'a';
    assertThrows(MalformedInputException.class, () -> STRICT.deserialize(dup));
    byte[] queue = STRICT.serialize(new ArrayBlockingQueue<>(4));
    Brine small = Brine.builder().maxLength(3).build();
    assertThrows(LimitExceededException.class, () -> small.deserialize(queue), "capacity is allocated: bounded by maxLength");
    byte[] constant = STRICT.serialize(Collections.emptyList());
    constant[constant.length - 1] = 99;
    assertThrows(MalformedInputException.class, () -> STRICT.deserialize(constant));
    byte[] entry = STRICT.serialize(Map.entry(1, 2));
    entry[3] = 42; // the kind byte after the two-byte tag
    assertThrows(MalformedInputException.class, () -> STRICT.deserialize(entry));
    byte[] year = STRICT.serialize(YearMonth.of(2020, 5));
    year[year.length - 1] = 13;
    assertThrows(MalformedInputException.class, () -> STRICT.deserialize(year));
    GregorianCalendar four = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.ROOT);
    four.setMinimalDaysInFirstWeek(4);
    GregorianCalendar five = (GregorianCalendar) four.clone();
    five.setMinimalDaysInFirstWeek(5);
    byte[] calendar = STRICT.serialize(four);
    byte[] other = STRICT.serialize(five);
    int at = Arrays.mismatch(calendar, other);
    assertEquals(4, calendar[at], "the minimal days byte");
    calendar[at] = 9;
    assertThrows(MalformedInputException.class, () -> STRICT.deserialize(calendar));
    byte[] address = STRICT.serialize(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 80));
    for (int cut = 1; cut < address.length; cut++) {
      byte[] truncated = Arrays.copyOf(address, cut);
      assertThrows(MalformedInputException.class, () -> STRICT.deserialize(truncated));
    }
  }

  private static int indexOf(byte[] a, byte b) {
    for (int i = a.length - 1; i >= 0; i--) {
      if (a[i] == b) {
        return i;
      }
    }
    throw new AssertionError("not found");
  }

  @Property(tries = 200)
  void gregorianCalendarsRoundTrip(@ForAll long millis, @ForAll("zones") String zone, @ForAll boolean lenient,
      @ForAll @IntRange(min = 1, max = 7) int firstDay, @ForAll @IntRange(min = 1, max = 7) int minimalDays,
      @ForAll @LongRange(min = -20_000_000_000_000L, max = 20_000_000_000_000L) long change) {
    GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone(zone), Locale.ROOT);
    c.setGregorianChange(new Date(change));
    c.setLenient(lenient);
    c.setFirstDayOfWeek(firstDay);
    c.setMinimalDaysInFirstWeek(minimalDays);
    c.setTimeInMillis(millis);
    Object back = roundTrip(STRICT, c);
    assertEquals(c, back);
    assertEquals(c.get(Calendar.WEEK_OF_YEAR), ((Calendar) back).get(Calendar.WEEK_OF_YEAR));
  }

  @Provide
  Arbitrary<String> zones() {
    return Arbitraries.of(TimeZone.getAvailableIDs());
  }

  @Provide
  Arbitrary<Locale> locales() {
    return Arbitraries.of(Locale.getAvailableLocales());
  }

  @Property(tries = 300)
  void everyAvailableLocaleRoundTrips(@ForAll("locales") Locale l) {
    assertEquals(l, roundTrip(STRICT, l));
  }

  @Property(tries = 300)
  void javaTimeValuesRoundTrip(@ForAll @IntRange(min = -999_999, max = 999_999) int year,
      @ForAll @IntRange(min = 1, max = 12) int month, @ForAll @IntRange(min = 0, max = 86_399) int second,
      @ForAll @IntRange(min = -64_800, max = 64_800) int offset) {
    assertEquals(Year.of(year), roundTrip(STRICT, Year.of(year)));
    assertEquals(YearMonth.of(year, month), roundTrip(STRICT, YearMonth.of(year, month)));
    assertEquals(MonthDay.of(month, 1 + second % 28), roundTrip(STRICT, MonthDay.of(month, 1 + second % 28)));
    OffsetTime t = OffsetTime.of(java.time.LocalTime.ofSecondOfDay(second), ZoneOffset.ofTotalSeconds(offset));
    assertEquals(t, roundTrip(STRICT, t));
    LocalDate d = LocalDate.of(1990 + Math.floorMod(year, 80), month, 1);
    for (Chronology c : Chronology.getAvailableChronologies()) {
      ChronoLocalDate cd = c.date(d);
      assertEquals(cd, roundTrip(STRICT, cd));
    }
  }

  @Property(tries = 200)
  void collectionsOfTheJdkBlockRoundTripWithAndWithoutReferences(@ForAll List<@net.jqwik.api.constraints.StringLength(max = 5) String> l) {
    for (Brine b : List.of(STRICT, REFS)) {
      assertEquals(Arrays.asList(l.toArray()), roundTrip(b, Arrays.asList(l.toArray())));
      assertEquals(Collections.unmodifiableList(new LinkedList<>(l)), roundTrip(b, Collections.unmodifiableList(new LinkedList<>(l))));
      assertEquals(new Vector<>(l), roundTrip(b, new Vector<>(l)));
      assertEquals(l.stream().toList(), roundTrip(b, l.stream().toList()));
      AtomicLongArray a = new AtomicLongArray(l.size());
      for (int i = 0; i < l.size(); i++) {
        a.set(i, l.get(i).hashCode());
      }
      assertEquals(a.toString(), roundTrip(b, a).toString());
    }
  }

  /** Building a Brine loads none of the JDK block's serializers (they are resolved when a class is first seen). */
  @Test
  void buildingLoadsNoneOfIt() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path main = Files.createTempDirectory("brine-build");
    Files.writeString(main.resolve("BuildOnly.java"), "public class BuildOnly { public static void main(String[] a) {"
        + " dev.brine.Brine.builder().build(); System.out.println(\"built\"); } }");
    Process p = new ProcessBuilder(java.toString(), "-verbose:class", "-cp", System.getProperty("java.class.path"),
        main.resolve("BuildOnly.java").toString()).redirectErrorStream(true).start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    p.getInputStream().transferTo(out);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String log = out.toString();
    assertTrue(log.contains("built"), log.length() > 2000 ? log.substring(log.length() - 2000) : log);
    for (String c : List.of("dev.brine.builtin.JdkValues ", "dev.brine.builtin.WrapperSerializer ",
        "dev.brine.builtin.JdkQueues ", "dev.brine.builtin.LambdaSerializer ", "java.util.concurrent.ConcurrentSkipListSet ",
        "java.time.chrono.JapaneseDate ", "java.util.Currency ")) {
      assertFalse(log.contains(c), c + "was loaded by build()");
    }
    assertTrue(log.contains("dev.brine.builtin.JdkTypes "), "the table itself is made at build()");
    for (File f : Objects.requireNonNull(main.toFile().listFiles())) {
      f.delete();
    }
    main.toFile().delete();
  }
}
