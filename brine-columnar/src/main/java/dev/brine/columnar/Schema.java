package dev.brine.columnar;

import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.MalformedInputException;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The columns of a record file: a record name and an ordered list of named, typed fields.
 * Immutable.
 *
 * <p>Bytes (little-endian): {@code u16 fieldCount, u16 nameLen, name UTF-8}, then per field
 * {@code u16 nameLen, name UTF-8, u8 typeCode, u8 reserved(0)}.
 */
public final class Schema {
  /** Maximum number of columns in one file. */
  public static final int MAX_FIELDS = 4096;
  /** Maximum UTF-8 length of a record or field name. */
  public static final int MAX_NAME_BYTES = 1024;

  /**
   * One column of the schema.
   *
   * @param name the record component name
   * @param type the column type
   */
  public record Field(String name, ColumnType type) {
    /**
     * Checks the arguments.
     *
     * @param name non-null name
     * @param type non-null type
     */
    public Field {
      if (name == null || type == null) {
        throw new BrineException("field name and type must not be null");
      }
    }
  }

  private final String recordName;
  private final List<Field> fields;

  /**
   * Creates a schema.
   *
   * @param recordName the record name (informative; usually the class name)
   * @param fields the columns in order, at least one, names unique
   * @throws BrineException if there are no fields, too many, or duplicate names
   */
  public Schema(String recordName, List<Field> fields) {
    if (fields.isEmpty() || fields.size() > MAX_FIELDS) {
      throw new LimitExceededException("a schema needs 1.." + MAX_FIELDS + " fields, got " + fields.size());
    }
    for (int i = 0; i < fields.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (fields.get(i).name().equals(fields.get(j).name())) {
          throw new BrineException("duplicate field name '" + fields.get(i).name() + "'");
        }
      }
    }
    this.recordName = recordName;
    this.fields = Collections.unmodifiableList(new ArrayList<>(fields));
  }

  /**
   * Derives the schema of a record class: each component becomes a column.
   *
   * @param type a record class whose components are primitives, String or enums
   * @return the schema
   * @throws BrineException if the class is not a record or a component type is unsupported
   */
  public static Schema of(Class<? extends Record> type) {
    if (!type.isRecord()) {
      throw new BrineException(type.getName() + " is not a record class");
    }
    List<Field> fields = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      fields.add(new Field(c.getName(), typeOf(c.getType(), type)));
    }
    return new Schema(type.getName(), fields);
  }

  static ColumnType typeOf(Class<?> t, Class<?> owner) {
    if (t == boolean.class) {
      return ColumnType.BOOLEAN;
    } else if (t == byte.class) {
      return ColumnType.BYTE;
    } else if (t == short.class) {
      return ColumnType.SHORT;
    } else if (t == char.class) {
      return ColumnType.CHAR;
    } else if (t == int.class) {
      return ColumnType.INT;
    } else if (t == long.class) {
      return ColumnType.LONG;
    } else if (t == float.class) {
      return ColumnType.FLOAT;
    } else if (t == double.class) {
      return ColumnType.DOUBLE;
    } else if (t == String.class) {
      return ColumnType.STRING;
    } else if (t.isEnum()) {
      return ColumnType.ENUM;
    }
    throw new BrineException("unsupported component type " + t.getName() + " in " + owner.getName()
        + " (columns may be primitives, String or enums)");
  }

  /**
   * The record name stored in the file.
   *
   * @return the record name
   */
  public String recordName() {
    return recordName;
  }

  /**
   * The columns in order.
   *
   * @return an unmodifiable list
   */
  public List<Field> fields() {
    return fields;
  }

  /**
   * The number of columns.
   *
   * @return the column count
   */
  public int size() {
    return fields.size();
  }

  /**
   * The position of a column by name.
   *
   * @param name the field name
   * @return its index
   * @throws BrineException if there is no such field
   */
  public int indexOf(String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new BrineException("no column named '" + name + "' in " + this);
  }

  byte[] toBytes() {
    ByteBuffer b = ByteBuffer.allocate(4 + MAX_NAME_BYTES + fields.size() * (4 + MAX_NAME_BYTES))
        .order(ByteOrder.LITTLE_ENDIAN);
    b.putShort((short) fields.size());
    putName(b, recordName);
    for (Field f : fields) {
      putName(b, f.name());
      b.put((byte) f.type().code());
      b.put((byte) 0);
    }
    byte[] out = new byte[b.position()];
    b.flip().get(out);
    return out;
  }

  private static void putName(ByteBuffer b, String s) {
    byte[] u = s.getBytes(StandardCharsets.UTF_8);
    if (u.length > MAX_NAME_BYTES) {
      throw new LimitExceededException("name longer than " + MAX_NAME_BYTES + " bytes: " + s);
    }
    b.putShort((short) u.length);
    b.put(u);
  }

  /** Parses schema bytes; {@code base} is the file offset of {@code b.position()} for messages. */
  static Schema parse(ByteBuffer b, long base) {
    int start = b.position();
    try {
      int n = Short.toUnsignedInt(b.getShort());
      if (n == 0 || n > MAX_FIELDS) {
        throw new MalformedInputException("schema field count " + n + " out of range 1.." + MAX_FIELDS
            + " at offset " + base);
      }
      String name = getName(b, base - start);
      List<Field> fields = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        String fname = getName(b, base - start);
        long at = base - start + b.position();
        ColumnType t = ColumnType.ofCode(Byte.toUnsignedInt(b.get()), at);
        b.get();
        fields.add(new Field(fname, t));
      }
      if (b.hasRemaining()) {
        throw new MalformedInputException(b.remaining() + " unexpected bytes after schema at offset "
            + (base - start + b.position()));
      }
      return new Schema(name, fields);
    } catch (java.nio.BufferUnderflowException e) {
      throw new MalformedInputException("schema truncated at offset " + (base - start + b.position()));
    }
  }

  private static String getName(ByteBuffer b, long delta) {
    int len = Short.toUnsignedInt(b.getShort());
    if (len > MAX_NAME_BYTES || len > b.remaining()) {
      throw new MalformedInputException("name length " + len + " exceeds the schema at offset "
          + (delta + b.position() - 2));
    }
    byte[] u = new byte[len];
    b.get(u);
    return Layout.decodeUtf8(u, 0, len, delta + b.position() - len);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schema s && s.recordName.equals(recordName) && s.fields.equals(fields);
  }

  @Override
  public int hashCode() {
    return recordName.hashCode() * 31 + fields.hashCode();
  }

  @Override
  public String toString() {
    return recordName + fields;
  }
}
