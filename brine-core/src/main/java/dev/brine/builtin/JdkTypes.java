package dev.brine.builtin;

import static dev.brine.registry.TypeIds.*;

import dev.brine.BrineException;
import dev.brine.registry.ClassInfo;
import dev.brine.registry.TypeRegistry;
import dev.brine.serializer.Serializer;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JDK block's table (ids {@link dev.brine.registry.TypeIds#JDK_FIRST}–8447, docs/format.md): which
 * JDK class is written with which id and serializer. Nothing here is loaded or created when a Brine is
 * built: the registry asks this table about a class the first time it sees it (by its name, a string
 * comparison) and about an id the first time it reads it, and only then are the family's classes
 * loaded and its serializer made. The table also gives a few JDK classes of the older built-in ids
 * their per-value hooks ({@code LinkedHashMap} in access order, {@code Stream.toList()} lists, an
 * {@code unmodifiableSet} of a sorted set), which therefore are not registered eagerly either.
 */
public final class JdkTypes implements TypeRegistry.LazyTypes {
  private static final Map<String, Integer> IDS = new HashMap<>(256);

  private static void map(int id, String... names) {
    for (String n : names) {
      IDS.put(n, id);
    }
  }

  static {
    map(JDK_CONSTANT, "java.util.Collections$EmptyList", "java.util.Collections$EmptySet", "java.util.Collections$EmptyMap",
        "java.util.Collections$UnmodifiableNavigableSet$EmptyNavigableSet",
        "java.util.Collections$UnmodifiableNavigableMap$EmptyNavigableMap", "java.lang.String$CaseInsensitiveComparator",
        "java.util.Comparators$NaturalOrderComparator");
    map(IMMUTABLE_LIST, "java.util.ImmutableCollections$ListN", "java.util.ImmutableCollections$List12");
    map(IMMUTABLE_LIST_NULLS, JdkNames.NULLS_ALLOWED_LIST);
    map(IMMUTABLE_SET_OF, "java.util.ImmutableCollections$Set12", "java.util.ImmutableCollections$SetN");
    map(IMMUTABLE_MAP, "java.util.ImmutableCollections$Map1", "java.util.ImmutableCollections$MapN");
    map(IMMUTABLE_SET, "java.util.Collections$UnmodifiableSet");
    map(IMMUTABLE_SORTED_SET, "java.util.Collections$UnmodifiableSortedSet");
    map(IMMUTABLE_SORTED_MAP, "java.util.Collections$UnmodifiableSortedMap");
    map(LINKED_HASH_MAP, "java.util.LinkedHashMap");
    map(ARRAYS_AS_LIST, "java.util.Arrays$ArrayList");
    map(SUB_LIST, JdkNames.SUB_LISTS.toArray(new String[0]));
    map(SINGLETON_COLLECTION, "java.util.Collections$SingletonList", "java.util.Collections$SingletonSet",
        "java.util.Collections$SingletonMap");
    map(N_COPIES, "java.util.Collections$CopiesList");
    for (String n : JdkNames.WRAPPERS) {
      if (!IDS.containsKey(n)) {
        map(COLLECTION_WRAPPER, n);
      }
    }
    map(COLLECTION_WRAPPER, JdkNames.WRAPPED);
    map(MAP_ENTRY, JdkNames.ENTRIES.toArray(new String[0]));
    map(LINKED_HASH_MAP_ACCESS_ORDER, JdkNames.ACCESS_ORDERED_MAP);
    map(CONCURRENT_SKIP_LIST_SET, "java.util.concurrent.ConcurrentSkipListSet");
    map(CONCURRENT_SKIP_LIST_MAP, "java.util.concurrent.ConcurrentSkipListMap");
    map(COPY_ON_WRITE_ARRAY_LIST, "java.util.concurrent.CopyOnWriteArrayList");
    map(COPY_ON_WRITE_ARRAY_SET, "java.util.concurrent.CopyOnWriteArraySet");
    map(VECTOR, "java.util.Vector");
    map(STACK, "java.util.Stack");
    map(HASHTABLE, "java.util.Hashtable");
    map(PROPERTIES, "java.util.Properties");
    map(IDENTITY_HASH_MAP, "java.util.IdentityHashMap");
    map(PRIORITY_QUEUE, "java.util.PriorityQueue");
    map(PRIORITY_BLOCKING_QUEUE, "java.util.concurrent.PriorityBlockingQueue");
    map(ARRAY_BLOCKING_QUEUE, "java.util.concurrent.ArrayBlockingQueue");
    map(LINKED_BLOCKING_QUEUE, "java.util.concurrent.LinkedBlockingQueue");
    map(LINKED_BLOCKING_DEQUE, "java.util.concurrent.LinkedBlockingDeque");
    map(CONCURRENT_LINKED_QUEUE, "java.util.concurrent.ConcurrentLinkedQueue");
    map(CONCURRENT_LINKED_DEQUE, "java.util.concurrent.ConcurrentLinkedDeque");
    map(LINKED_TRANSFER_QUEUE, "java.util.concurrent.LinkedTransferQueue");
    String atomic = "java.util.concurrent.atomic.";
    map(ATOMIC, atomic + "AtomicBoolean", atomic + "AtomicInteger", atomic + "AtomicLong", atomic + "AtomicReference",
        atomic + "AtomicIntegerArray", atomic + "AtomicLongArray", atomic + "AtomicReferenceArray", atomic + "LongAdder",
        atomic + "DoubleAdder");
    map(LOCALE, "java.util.Locale");
    map(CURRENCY, "java.util.Currency");
    map(URI, "java.net.URI");
    map(URL, "java.net.URL");
    map(INET_ADDRESS, "java.net.Inet4Address", "java.net.Inet6Address");
    map(INET_SOCKET_ADDRESS, "java.net.InetSocketAddress");
    map(FILE, "java.io.File");
    map(PATTERN, "java.util.regex.Pattern");
    map(TIME_ZONE, "sun.util.calendar.ZoneInfo");
    map(STRING_BUILDER, "java.lang.StringBuilder", "java.lang.StringBuffer");
    map(OFFSET_TIME, "java.time.OffsetTime");
    map(YEAR, "java.time.Year");
    map(YEAR_MONTH, "java.time.YearMonth");
    map(MONTH_DAY, "java.time.MonthDay");
    map(CHRONO_DATE, "java.time.chrono.JapaneseDate", "java.time.chrono.HijrahDate", "java.time.chrono.MinguoDate",
        "java.time.chrono.ThaiBuddhistDate");
    map(CHRONOLOGY, "java.time.chrono.IsoChronology", "java.time.chrono.JapaneseChronology",
        "java.time.chrono.HijrahChronology", "java.time.chrono.MinguoChronology", "java.time.chrono.ThaiBuddhistChronology");
    map(JAPANESE_ERA, "java.time.chrono.JapaneseEra");
    map(VALUE_RANGE, "java.time.temporal.ValueRange");
    map(SERIALIZED_LAMBDA, "java.lang.invoke.SerializedLambda");
    map(COMPARATOR, "java.util.Collections$ReverseComparator2", "java.util.Comparators$NullComparator");
    map(WEAK_HASH_MAP, "java.util.WeakHashMap");
    map(DELAY_QUEUE, "java.util.concurrent.DelayQueue");
    map(SYNCHRONOUS_QUEUE, "java.util.concurrent.SynchronousQueue");
    map(GREGORIAN_CALENDAR, "java.util.GregorianCalendar");
    // built-ins of the first block (ids below 64) that are registered on first use rather than at build
    map(BOOLEAN_ARRAY, "[Z");
    map(BYTE_ARRAY, "[B");
    map(SHORT_ARRAY, "[S");
    map(CHAR_ARRAY, "[C");
    map(INT_ARRAY, "[I");
    map(LONG_ARRAY, "[J");
    map(FLOAT_ARRAY, "[F");
    map(DOUBLE_ARRAY, "[D");
    map(STRING_ARRAY, "[Ljava.lang.String;");
    map(OBJECT_ARRAY, "[Ljava.lang.Object;");
    map(ENUM_SET, "java.util.EnumSet", "java.util.RegularEnumSet", "java.util.JumboEnumSet");
    map(ENUM_MAP, "java.util.EnumMap");
    map(OPTIONAL, "java.util.Optional");
    map(OPTIONAL_INT, "java.util.OptionalInt");
    map(OPTIONAL_LONG, "java.util.OptionalLong");
    map(OPTIONAL_DOUBLE, "java.util.OptionalDouble");
    map(INSTANT, "java.time.Instant");
    map(LOCAL_DATE, "java.time.LocalDate");
    map(LOCAL_TIME, "java.time.LocalTime");
    map(LOCAL_DATE_TIME, "java.time.LocalDateTime");
    map(ZONED_DATE_TIME, "java.time.ZonedDateTime");
    map(OFFSET_DATE_TIME, "java.time.OffsetDateTime");
    map(DURATION, "java.time.Duration");
    map(PERIOD, "java.time.Period");
    map(ZONE_ID, "java.time.ZoneId", "java.time.ZoneOffset", "java.time.ZoneRegion");
    map(DATE, "java.util.Date");
    map(BIT_SET, "java.util.BitSet");
    map(CLASS, "java.lang.Class");
    map(REVERSE_ORDER, "java.util.Collections$ReverseComparator");
  }

  private final List<MethodHandles.Lookup> lookups;

  /**
   * Creates the table of one Brine.
   *
   * @param lookups lookups the user granted ({@code Brine.Builder.lookup}), for rebuilding lambdas of
   *     classes in named modules
   */
  public JdkTypes(List<MethodHandles.Lookup> lookups) {
    this.lookups = List.copyOf(lookups);
  }

  /** The id the JDK block writes {@code type} with, or -1. */
  private static int idFor(Class<?> type) {
    Integer id = IDS.get(type.getName());
    if (id != null) {
      return id;
    }
    if (type.isHidden()) {
      return Serializable.class.isAssignableFrom(type) && type.getName().contains("$$Lambda") ? SERIALIZED_LAMBDA : -1;
    }
    if (!type.isInterface() && Charset.class.isAssignableFrom(type)) {
      return CHARSET;
    }
    if (!type.isInterface() && Path.class.isAssignableFrom(type) && type.getName().startsWith("sun.nio.fs.")) {
      return PATH;
    }
    return -1;
  }

  @Override
  public boolean register(TypeRegistry r, Class<?> type) {
    int id = idFor(type);
    if (id < 0) {
      return false;
    }
    ensure(r, id);
    ClassInfo info = r.registerAlias(id, type);
    ClassInfo.Hook hook = hook(type, id);
    if (hook != null) {
      info.writeReplace = hook;
    }
    return true;
  }

  @Override
  public boolean register(TypeRegistry r, int id) {
    if ((id < JDK_FIRST || id >= JDK_END) && id >= FIRST_USER || !IDS.containsValue(id) && id != CHARSET && id != PATH) {
      return false;
    }
    ensure(r, id);
    return true;
  }

  private void ensure(TypeRegistry r, int id) {
    if (r.hasId(id)) {
      return;
    }
    Family f = family(id);
    r.registerFixed(id, f.type, f.serializer, f.tracked, f.composite);
  }

  /** The per-value hook of a class, or null. */
  private static ClassInfo.Hook hook(Class<?> type, int id) {
    if (id == SERIALIZED_LAMBDA && type.isHidden()) {
      return new JdkHooks(JdkHooks.LAMBDA);
    }
    switch (type.getName()) {
      case "java.util.ImmutableCollections$ListN":
        return new JdkHooks(JdkHooks.LIST_N);
      case "java.util.LinkedHashMap":
        return new JdkHooks(JdkHooks.LINKED_HASH_MAP);
      case "java.util.Collections$UnmodifiableSet":
        return new JdkHooks(JdkHooks.UNMODIFIABLE_SET);
      default:
        return null;
    }
  }

  private static final class Family {
    final Class<?> type;
    final Serializer<?> serializer;
    final boolean tracked;
    final boolean composite;

    Family(Class<?> type, Serializer<?> serializer, boolean tracked, boolean composite) {
      this.type = type;
      this.serializer = serializer;
      this.tracked = tracked;
      this.composite = composite;
    }
  }

  private static Family mutable(Class<?> type, Serializer<?> s) {
    return new Family(type, s, true, true);
  }

  private static Family value(Class<?> type, Serializer<?> s) {
    return new Family(type, s, false, false);
  }

  /** The family of a JDK block id: its main class (named in messages, the component of arrays), serializer and flags. */
  private Family family(int id) {
    switch (id) {
      case JDK_CONSTANT: return value(java.util.Collections.emptyList().getClass(), JdkCollections.CONSTANT);
      case IMMUTABLE_LIST_NULLS: return mutable(JdkCollections.NullsAllowedList.class, JdkCollections.NULLS_ALLOWED_LIST);
      case IMMUTABLE_SET_OF: return mutable(java.util.Set.of(1).getClass(), JdkCollections.SET_OF);
      case ARRAYS_AS_LIST: return mutable(java.util.Arrays.asList().getClass(), JdkCollections.ARRAYS_AS_LIST);
      case SUB_LIST: return mutable(java.util.AbstractList.class, JdkCollections.SUB_LIST);
      case SINGLETON_COLLECTION: return mutable(java.util.Collections.singletonList(1).getClass(), JdkCollections.SINGLETON);
      case N_COPIES: return mutable(java.util.Collections.nCopies(1, 1).getClass(), JdkCollections.N_COPIES);
      case COLLECTION_WRAPPER: return mutable(WrapperSerializer.Wrapped.class, new WrapperSerializer());
      case MAP_ENTRY: return mutable(java.util.AbstractMap.SimpleEntry.class, JdkCollections.MAP_ENTRY);
      case LINKED_HASH_MAP_ACCESS_ORDER: return mutable(JdkCollections.AccessOrderedMap.class, JdkCollections.accessOrdered());
      case CONCURRENT_SKIP_LIST_SET: return mutable(java.util.concurrent.ConcurrentSkipListSet.class, JdkQueues.concurrentSkipListSet());
      case CONCURRENT_SKIP_LIST_MAP: return mutable(java.util.concurrent.ConcurrentSkipListMap.class, JdkQueues.concurrentSkipListMap());
      case COPY_ON_WRITE_ARRAY_LIST: return mutable(java.util.concurrent.CopyOnWriteArrayList.class, JdkQueues.copyOnWriteArrayList());
      case COPY_ON_WRITE_ARRAY_SET: return mutable(java.util.concurrent.CopyOnWriteArraySet.class, JdkQueues.copyOnWriteArraySet());
      case VECTOR: return mutable(java.util.Vector.class, JdkQueues.vector());
      case STACK: return mutable(java.util.Stack.class, JdkQueues.stack());
      case HASHTABLE: return mutable(java.util.Hashtable.class, JdkQueues.hashtable());
      case PROPERTIES: return mutable(java.util.Properties.class, JdkQueues.PROPERTIES);
      case IDENTITY_HASH_MAP: return mutable(java.util.IdentityHashMap.class, JdkQueues.identityHashMap());
      case PRIORITY_QUEUE: return mutable(java.util.PriorityQueue.class, JdkQueues.priorityQueue());
      case PRIORITY_BLOCKING_QUEUE: return mutable(java.util.concurrent.PriorityBlockingQueue.class, JdkQueues.priorityBlockingQueue());
      case ARRAY_BLOCKING_QUEUE: return mutable(java.util.concurrent.ArrayBlockingQueue.class, new JdkQueues.BoundedQueueSerializer(0));
      case LINKED_BLOCKING_QUEUE: return mutable(java.util.concurrent.LinkedBlockingQueue.class, new JdkQueues.BoundedQueueSerializer(1));
      case LINKED_BLOCKING_DEQUE: return mutable(java.util.concurrent.LinkedBlockingDeque.class, new JdkQueues.BoundedQueueSerializer(2));
      case CONCURRENT_LINKED_QUEUE: return mutable(java.util.concurrent.ConcurrentLinkedQueue.class, JdkQueues.concurrentLinkedQueue());
      case CONCURRENT_LINKED_DEQUE: return mutable(java.util.concurrent.ConcurrentLinkedDeque.class, JdkQueues.concurrentLinkedDeque());
      case LINKED_TRANSFER_QUEUE: return mutable(java.util.concurrent.LinkedTransferQueue.class, JdkQueues.linkedTransferQueue());
      case ATOMIC: return mutable(java.util.concurrent.atomic.AtomicInteger.class, JdkValues.ATOMIC);
      case LOCALE: return value(java.util.Locale.class, JdkValues.LOCALE);
      case CURRENCY: return value(java.util.Currency.class, JdkValues.CURRENCY);
      case CHARSET: return value(Charset.class, JdkValues.CHARSET);
      case URI: return value(java.net.URI.class, JdkValues.URI_SERIALIZER);
      case URL: return value(java.net.URL.class, JdkValues.URL_SERIALIZER);
      case INET_ADDRESS: return value(java.net.InetAddress.class, JdkValues.INET_ADDRESS);
      case INET_SOCKET_ADDRESS: return new Family(java.net.InetSocketAddress.class, JdkValues.INET_SOCKET_ADDRESS, false, true);
      case PATH: return value(Path.class, JdkValues.PATH);
      case FILE: return value(java.io.File.class, JdkValues.FILE);
      case PATTERN: return value(java.util.regex.Pattern.class, JdkValues.PATTERN);
      case TIME_ZONE: return new Family(java.util.TimeZone.class, JdkValues.TIME_ZONE, true, false);
      case STRING_BUILDER: return new Family(StringBuilder.class, JdkValues.STRING_BUILDER, true, false);
      case OFFSET_TIME: return value(java.time.OffsetTime.class, MoreTimeSerializers.OFFSET_TIME);
      case YEAR: return value(java.time.Year.class, MoreTimeSerializers.YEAR);
      case YEAR_MONTH: return value(java.time.YearMonth.class, MoreTimeSerializers.YEAR_MONTH);
      case MONTH_DAY: return value(java.time.MonthDay.class, MoreTimeSerializers.MONTH_DAY);
      case CHRONO_DATE: return value(java.time.chrono.JapaneseDate.class, MoreTimeSerializers.CHRONO_DATE);
      case CHRONOLOGY: return value(java.time.chrono.Chronology.class, MoreTimeSerializers.CHRONOLOGY);
      case JAPANESE_ERA: return value(java.time.chrono.JapaneseEra.class, MoreTimeSerializers.JAPANESE_ERA);
      case VALUE_RANGE: return value(java.time.temporal.ValueRange.class, MoreTimeSerializers.VALUE_RANGE);
      case SERIALIZED_LAMBDA: return new Family(java.lang.invoke.SerializedLambda.class, new LambdaSerializer(lookups), false, true);
      case COMPARATOR: return new Family(java.util.Comparator.class, new ComparatorSerializer(), false, true);
      case WEAK_HASH_MAP: return mutable(java.util.WeakHashMap.class, JdkQueues.weakHashMap());
      case DELAY_QUEUE: return mutable(java.util.concurrent.DelayQueue.class, JdkQueues.delayQueue());
      case SYNCHRONOUS_QUEUE: return mutable(java.util.concurrent.SynchronousQueue.class, JdkQueues.synchronousQueue());
      case GREGORIAN_CALENDAR: return mutable(java.util.GregorianCalendar.class, JdkValues.GREGORIAN_CALENDAR);
      // the first block's (arrays: mutable, so tracked)
      case BOOLEAN_ARRAY: return new Family(boolean[].class, ArraySerializers.BOOLEANS, true, false);
      case BYTE_ARRAY: return new Family(byte[].class, ArraySerializers.BYTES, true, false);
      case SHORT_ARRAY: return new Family(short[].class, ArraySerializers.SHORTS, true, false);
      case CHAR_ARRAY: return new Family(char[].class, ArraySerializers.CHARS, true, false);
      case INT_ARRAY: return new Family(int[].class, ArraySerializers.INTS, true, false);
      case LONG_ARRAY: return new Family(long[].class, ArraySerializers.LONGS, true, false);
      case FLOAT_ARRAY: return new Family(float[].class, ArraySerializers.FLOATS, true, false);
      case DOUBLE_ARRAY: return new Family(double[].class, ArraySerializers.DOUBLES, true, false);
      case STRING_ARRAY: return new Family(String[].class, ArraySerializers.STRINGS, true, false);
      case OBJECT_ARRAY: return mutable(Object[].class, new ArraySerializers.ObjectArraySerializer(Object.class, null));
      case ENUM_SET: return new Family(java.util.EnumSet.class, UtilSerializers.ENUM_SET, true, false);
      case ENUM_MAP: return mutable(java.util.EnumMap.class, new UtilSerializers.EnumMapSerializer());
      case OPTIONAL: return new Family(java.util.Optional.class, UtilSerializers.OPTIONAL, false, true);
      case OPTIONAL_INT: return value(java.util.OptionalInt.class, UtilSerializers.OPTIONAL_INT);
      case OPTIONAL_LONG: return value(java.util.OptionalLong.class, UtilSerializers.OPTIONAL_LONG);
      case OPTIONAL_DOUBLE: return value(java.util.OptionalDouble.class, UtilSerializers.OPTIONAL_DOUBLE);
      case INSTANT: return value(java.time.Instant.class, TimeSerializers.INSTANT);
      case LOCAL_DATE: return value(java.time.LocalDate.class, TimeSerializers.LOCAL_DATE);
      case LOCAL_TIME: return value(java.time.LocalTime.class, TimeSerializers.LOCAL_TIME);
      case LOCAL_DATE_TIME: return value(java.time.LocalDateTime.class, TimeSerializers.LOCAL_DATE_TIME);
      case ZONED_DATE_TIME: return value(java.time.ZonedDateTime.class, TimeSerializers.ZONED_DATE_TIME);
      case OFFSET_DATE_TIME: return value(java.time.OffsetDateTime.class, TimeSerializers.OFFSET_DATE_TIME);
      case DURATION: return value(java.time.Duration.class, TimeSerializers.DURATION);
      case PERIOD: return value(java.time.Period.class, TimeSerializers.PERIOD);
      case ZONE_ID: return value(java.time.ZoneId.class, TimeSerializers.ZONE_ID);
      case DATE: return new Family(java.util.Date.class, UtilSerializers.DATE, true, false);
      case BIT_SET: return new Family(java.util.BitSet.class, UtilSerializers.BIT_SET, true, false);
      case CLASS: return value(Class.class, UtilSerializers.CLASS);
      case REVERSE_ORDER: return value(java.util.Collections.reverseOrder().getClass(), UtilSerializers.REVERSE_ORDER);
      default: throw new BrineException("no JDK type with id " + id);
    }
  }
}
