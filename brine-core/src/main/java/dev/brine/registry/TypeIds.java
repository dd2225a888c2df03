package dev.brine.registry;

/**
 * Every wire type id, in one place. A value slot starts with a varuint32 tag: {@link #NULL}, {@link
 * #REF} (a back-reference, only with reference tracking), or a type id. Ids 2–63 are core built-ins,
 * ids from {@link #FIRST_USER} are user registrations in registration order, and ids from {@link
 * #FIRST_MODULE} are fixed ids claimed by extension modules. Changing any number here is a format
 * break (see docs/format.md).
 */
public final class TypeIds {
  private TypeIds() {}

  public static final int NULL = 0;
  public static final int REF = 1;
  public static final int BOOLEAN = 2;
  public static final int BYTE = 3;
  public static final int SHORT = 4;
  public static final int CHAR = 5;
  public static final int INT = 6;
  public static final int LONG = 7;
  public static final int FLOAT = 8;
  public static final int DOUBLE = 9;
  public static final int STRING = 10;
  public static final int BOOLEAN_ARRAY = 11;
  public static final int BYTE_ARRAY = 12;
  public static final int SHORT_ARRAY = 13;
  public static final int CHAR_ARRAY = 14;
  public static final int INT_ARRAY = 15;
  public static final int LONG_ARRAY = 16;
  public static final int FLOAT_ARRAY = 17;
  public static final int DOUBLE_ARRAY = 18;
  public static final int STRING_ARRAY = 19;
  public static final int OBJECT_ARRAY = 20;
  /** Any other array: a class descriptor of the component type follows the tag. */
  public static final int ARRAY = 21;
  public static final int BIG_INTEGER = 22;
  public static final int BIG_DECIMAL = 23;
  public static final int UUID = 24;
  public static final int ARRAY_LIST = 25;
  public static final int LINKED_LIST = 26;
  public static final int ARRAY_DEQUE = 27;
  public static final int HASH_SET = 28;
  public static final int LINKED_HASH_SET = 29;
  public static final int TREE_SET = 30;
  public static final int ENUM_SET = 31;
  public static final int IMMUTABLE_LIST = 32;
  public static final int IMMUTABLE_SET = 33;
  public static final int HASH_MAP = 34;
  public static final int LINKED_HASH_MAP = 35;
  public static final int TREE_MAP = 36;
  public static final int ENUM_MAP = 37;
  public static final int CONCURRENT_HASH_MAP = 38;
  public static final int IMMUTABLE_MAP = 39;
  public static final int OPTIONAL = 40;
  public static final int OPTIONAL_INT = 41;
  public static final int OPTIONAL_LONG = 42;
  public static final int OPTIONAL_DOUBLE = 43;
  public static final int INSTANT = 44;
  public static final int LOCAL_DATE = 45;
  public static final int LOCAL_TIME = 46;
  public static final int LOCAL_DATE_TIME = 47;
  public static final int ZONED_DATE_TIME = 48;
  public static final int OFFSET_DATE_TIME = 49;
  public static final int DURATION = 50;
  public static final int PERIOD = 51;
  public static final int ZONE_ID = 52;
  public static final int DATE = 53;
  public static final int BIT_SET = 54;
  public static final int IMMUTABLE_SORTED_SET = 55;
  public static final int IMMUTABLE_SORTED_MAP = 56;
  /** {@code Collections.reverseOrder()} (natural order is written as null). */
  public static final int REVERSE_ORDER = 57;
  /** A {@code java.lang.Class} value: its name (checked like a by-name class when read). */
  public static final int CLASS = 58;
  /** Highest id a core built-in may use. */
  public static final int LAST_BUILTIN = 61;
  /**
   * Compatible mode: an enum of the user's; its class definition reference follows (docs/format.md,
   * "Compatible mode"). Outside {@link #LAST_BUILTIN}: no built-in has it.
   */
  public static final int COMPAT_ENUM = 60;
  /** Compatible mode: a plain class or record of the user's; its class definition reference follows. */
  public static final int COMPAT_OBJECT = 63;
  /** A class written by name (registration not required): a name-table entry follows. */
  public static final int BY_NAME = 62;
  /** First id given to user registrations, in registration order. */
  public static final int FIRST_USER = 64;
  /** First id reserved for extension modules ({@code Builder.registerWithId}). */
  public static final int FIRST_MODULE = 8192;
  /** One past the last module id. */
  public static final int END_MODULE = 8448;

  // The module range, divided once, here: each module's ids are its first id plus a fixed offset.

  /** First id of brine-geometry's range, 8192–8223 (JTS geometry classes). */
  public static final int GEOMETRY_FIRST = FIRST_MODULE;
  /** One past brine-geometry's range. */
  public static final int GEOMETRY_END = 8224;
  /** First id of brine-spark's range, 8224–8287 (Scala and Spark classes). */
  public static final int SPARK_FIRST = GEOMETRY_END;
  /** One past brine-spark's range. */
  public static final int SPARK_END = 8288;
  /** First id not yet given to a module (8288–8351 are free for new modules). */
  public static final int FREE_MODULE_FIRST = SPARK_END;

  // The JDK block, 8352–8447: JDK value and collection types added after ids 2–61 filled up. They are
  // core built-ins like those (no registration needed, same ids everywhere), resolved lazily: a class
  // of this block is looked up by name the first time it is seen, never at build() (docs/format.md,
  // "JDK block"). Each costs a two-byte tag.

  /** First id of the JDK block. */
  public static final int JDK_FIRST = 8352;
  /** One past the JDK block. */
  public static final int JDK_END = END_MODULE;
  /** A shared JDK instance ({@code Collections.emptyList()}, {@code String.CASE_INSENSITIVE_ORDER}…): {@code index:varuint32}. */
  public static final int JDK_CONSTANT = 8352;
  /** A {@code Stream.toList()} list (nulls allowed): a collection. */
  public static final int IMMUTABLE_LIST_NULLS = 8353;
  /** {@code Set.of(…)}/{@code Set.copyOf}: a collection. */
  public static final int IMMUTABLE_SET_OF = 8354;
  /** {@code Arrays.asList(…)}: a collection, read back as a fixed-size writable list. */
  public static final int ARRAYS_AS_LIST = 8355;
  /** A {@code subList} view: {@code kind:u8} and a collection. */
  public static final int SUB_LIST = 8356;
  /** {@code Collections.singletonList/singleton/singletonMap}: {@code kind:u8} and the tagged value(s). */
  public static final int SINGLETON_COLLECTION = 8357;
  /** {@code Collections.nCopies}: {@code n:varuint32} and the tagged element. */
  public static final int N_COPIES = 8358;
  /** A {@code Collections} wrapper (unmodifiable, synchronized, checked, setFromMap, asLifoQueue): {@code kind:u8} and its contents. */
  public static final int COLLECTION_WRAPPER = 8359;
  /** A {@code Map.Entry} ({@code Map.entry}, {@code AbstractMap.SimpleEntry}…): {@code kind:u8}, key and value tagged. */
  public static final int MAP_ENTRY = 8360;
  /** An access-ordered {@code LinkedHashMap}: a map, least recently accessed first. */
  public static final int LINKED_HASH_MAP_ACCESS_ORDER = 8361;
  /** {@code ConcurrentSkipListSet}: comparator, then a collection. */
  public static final int CONCURRENT_SKIP_LIST_SET = 8362;
  /** {@code ConcurrentSkipListMap}: comparator, then a map. */
  public static final int CONCURRENT_SKIP_LIST_MAP = 8363;
  /** {@code CopyOnWriteArrayList}: a collection. */
  public static final int COPY_ON_WRITE_ARRAY_LIST = 8364;
  /** {@code CopyOnWriteArraySet}: a collection. */
  public static final int COPY_ON_WRITE_ARRAY_SET = 8365;
  /** {@code Vector}: a collection. */
  public static final int VECTOR = 8366;
  /** {@code Stack}: a collection, bottom first. */
  public static final int STACK = 8367;
  /** {@code Hashtable}: a map. */
  public static final int HASHTABLE = 8368;
  /** {@code Properties}: defaults (tagged), then a map. */
  public static final int PROPERTIES = 8369;
  /** {@code IdentityHashMap}: a map. */
  public static final int IDENTITY_HASH_MAP = 8370;
  /** {@code PriorityQueue}: comparator, then a collection. */
  public static final int PRIORITY_QUEUE = 8371;
  /** {@code PriorityBlockingQueue}: comparator, then a collection. */
  public static final int PRIORITY_BLOCKING_QUEUE = 8372;
  /** {@code ArrayBlockingQueue}: capacity, fairness, then a collection. */
  public static final int ARRAY_BLOCKING_QUEUE = 8373;
  /** {@code LinkedBlockingQueue}: capacity, then a collection. */
  public static final int LINKED_BLOCKING_QUEUE = 8374;
  /** {@code LinkedBlockingDeque}: capacity, then a collection. */
  public static final int LINKED_BLOCKING_DEQUE = 8375;
  /** {@code ConcurrentLinkedQueue}: a collection. */
  public static final int CONCURRENT_LINKED_QUEUE = 8376;
  /** {@code ConcurrentLinkedDeque}: a collection. */
  public static final int CONCURRENT_LINKED_DEQUE = 8377;
  /** {@code LinkedTransferQueue}: a collection. */
  public static final int LINKED_TRANSFER_QUEUE = 8378;
  /** {@code java.util.concurrent.atomic} values and the adders: {@code kind:u8} and the value(s). */
  public static final int ATOMIC = 8379;
  /** {@code Locale}: language, script, country, variant, extensions. */
  public static final int LOCALE = 8380;
  /** {@code Currency}: its ISO 4217 code. */
  public static final int CURRENCY = 8381;
  /** {@code Charset}: its canonical name. */
  public static final int CHARSET = 8382;
  /** {@code URI}: its string form. */
  public static final int URI = 8383;
  /** {@code URL}: its external form. */
  public static final int URL = 8384;
  /** {@code InetAddress} (v4 and v6): host name, address bytes, scope id. */
  public static final int INET_ADDRESS = 8385;
  /** {@code InetSocketAddress}: host, address, port. */
  public static final int INET_SOCKET_ADDRESS = 8386;
  /** A {@code Path} of the default file system: its string form. */
  public static final int PATH = 8387;
  /** {@code java.io.File}: its path. */
  public static final int FILE = 8388;
  /** {@code java.util.regex.Pattern}: pattern and flags. */
  public static final int PATTERN = 8389;
  /** A {@code TimeZone} of the JDK's zone database: its id. */
  public static final int TIME_ZONE = 8390;
  /** {@code StringBuilder}, {@code StringBuffer}: {@code kind:u8} and the string. */
  public static final int STRING_BUILDER = 8391;
  /** {@code OffsetTime}: nano of day, offset seconds. */
  public static final int OFFSET_TIME = 8392;
  /** {@code Year}: the year. */
  public static final int YEAR = 8393;
  /** {@code YearMonth}: year, month. */
  public static final int YEAR_MONTH = 8394;
  /** {@code MonthDay}: month, day. */
  public static final int MONTH_DAY = 8395;
  /** A date of another chronology ({@code JapaneseDate}, {@code HijrahDate}…): chronology id, epoch day. */
  public static final int CHRONO_DATE = 8396;
  /** A {@code Chronology}: its id. */
  public static final int CHRONOLOGY = 8397;
  /** {@code JapaneseEra}: its value. */
  public static final int JAPANESE_ERA = 8398;
  /** {@code ValueRange}: four longs. */
  public static final int VALUE_RANGE = 8399;
  /** A serializable lambda or method reference, as its {@code SerializedLambda}. */
  public static final int SERIALIZED_LAMBDA = 8400;
  /** A JDK comparator built from another ({@code reverseOrder(c)}, {@code nullsFirst(c)}…): {@code kind:u8} and the comparator. */
  public static final int COMPARATOR = 8401;
  /** {@code WeakHashMap}: a map. */
  public static final int WEAK_HASH_MAP = 8402;
  /** {@code DelayQueue}: a collection. */
  public static final int DELAY_QUEUE = 8403;
  /** {@code SynchronousQueue}: a collection (always empty; its fairness is not kept). */
  public static final int SYNCHRONOUS_QUEUE = 8404;
  /**
   * {@code GregorianCalendar}: its time zone (as {@link #TIME_ZONE}'s payload: its id), the time in
   * milliseconds, lenient, the first day of the week, the minimal days of the first week, the Julian to
   * Gregorian change in milliseconds.
   */
  public static final int GREGORIAN_CALENDAR = 8405;

  /** Slot header for a value whose class is known from the declaration: null. */
  public static final int SLOT_NULL = 0;
  /** Slot header for a value whose class is known from the declaration: back-reference. */
  public static final int SLOT_REF = 1;
  /** Slot header for a value whose class is known from the declaration: the payload follows. */
  public static final int SLOT_VALUE = 2;
}
