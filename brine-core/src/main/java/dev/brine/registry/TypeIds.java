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
  /** First id not yet given to a module (8288–8447 are free for new modules). */
  public static final int FREE_MODULE_FIRST = SPARK_END;

  /** Slot header for a value whose class is known from the declaration: null. */
  public static final int SLOT_NULL = 0;
  /** Slot header for a value whose class is known from the declaration: back-reference. */
  public static final int SLOT_REF = 1;
  /** Slot header for a value whose class is known from the declaration: the payload follows. */
  public static final int SLOT_VALUE = 2;
}
