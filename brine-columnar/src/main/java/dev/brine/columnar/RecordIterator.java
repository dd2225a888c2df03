package dev.brine.columnar;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/** Row-by-row record view over a reader (convenience path; allocates one record per row). */
final class RecordIterator<T extends Record> implements Iterator<T> {
  private final ColumnarReader reader;
  private final MethodHandle ctor;
  private final int[] columnOf;
  private final Class<?>[] types;
  private final List<Map<String, Object>> enumConstants = new ArrayList<>();
  private final Object[] args;
  private int block = -1;
  private Block current;
  private int row;
  private int rows;

  RecordIterator(ColumnarReader reader, Class<T> type) {
    this.reader = reader;
    Schema schema = reader.schema();
    if (!type.isRecord()) {
      throw new BrineException(type.getName() + " is not a record class");
    }
    RecordComponent[] comps = type.getRecordComponents();
    columnOf = new int[comps.length];
    types = new Class<?>[comps.length];
    args = new Object[comps.length];
    for (int i = 0; i < comps.length; i++) {
      types[i] = comps[i].getType();
      ColumnType want = Schema.typeOf(types[i], type);
      int c = schema.indexOf(comps[i].getName());
      if (schema.fields().get(c).type() != want) {
        throw new BrineException("component " + comps[i].getName() + " of " + type.getName() + " is " + want
            + " but the file column is " + schema.fields().get(c).type());
      }
      columnOf[i] = c;
      Map<String, Object> m = new HashMap<>();
      if (types[i].isEnum()) {
        for (Object e : types[i].getEnumConstants()) {
          m.put(((Enum<?>) e).name(), e);
        }
      }
      enumConstants.add(m);
    }
    try {
      Constructor<T> k = type.getDeclaredConstructor(types);
      k.setAccessible(true);
      ctor = MethodHandles.lookup().unreflectConstructor(k).asSpreader(Object[].class, comps.length);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new BrineException("cannot access the canonical constructor of " + type.getName(), e);
    }
  }

  @Override
  public boolean hasNext() {
    while (row >= rows) {
      if (block + 1 >= reader.blockCount()) {
        return false;
      }
      current = reader.block(++block);
      row = 0;
      rows = current.rowCount();
    }
    return true;
  }

  @Override
  @SuppressWarnings("unchecked")
  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    for (int i = 0; i < args.length; i++) {
      args[i] = value(current.column(columnOf[i]), types[i], i);
    }
    row++;
    try {
      return (T) ctor.invoke(args);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new BrineException("record constructor failed", t);
    }
  }

  private Object value(Column c, Class<?> t, int i) {
    int r = row;
    if (t == double.class) {
      return c.getDouble(r);
    } else if (t == float.class) {
      return c.getFloat(r);
    } else if (t == String.class) {
      return c.getString(r);
    } else if (t.isEnum()) {
      String name = c.getString(r);
      if (name == null) {
        return null;
      }
      Object e = enumConstants.get(i).get(name);
      if (e == null) {
        throw new MalformedInputException("enum " + t.getName() + " has no constant '" + name + "' (block "
            + block + " row " + r + ")");
      }
      return e;
    }
    long v = c.getLong(r);
    if (t == long.class) {
      return v;
    } else if (t == int.class && v == (int) v) {
      return (int) v;
    } else if (t == short.class && v == (short) v) {
      return (short) v;
    } else if (t == byte.class && v == (byte) v) {
      return (byte) v;
    } else if (t == char.class && v == (char) v) {
      return (char) v;
    } else if (t == boolean.class && (v == 0 || v == 1)) {
      return v == 1;
    }
    throw new MalformedInputException("value " + v + " does not fit " + t + " (block " + block + " row " + r + ")");
  }
}
