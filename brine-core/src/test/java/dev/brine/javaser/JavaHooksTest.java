package dev.brine.javaser;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import java.io.*;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Java serialization hooks: writeReplace/readResolve, writeObject/readObject, Externalizable, Class values. */
class JavaHooksTest {
  /** A singleton that must come back as itself (like Scala's None). */
  static final class Singleton implements Serializable {
    static final Singleton INSTANCE = new Singleton();
    private Singleton() {}
    private Object writeReplace() { return new Proxy("singleton"); }
  }

  /** A serialization proxy resolving to the singleton. */
  static final class Proxy implements Serializable {
    final String name;
    Proxy(String name) { this.name = name; }
    private Object readResolve() { return Singleton.INSTANCE; }
  }

  /** Custom writeObject/readObject: only the stream form is meaningful. */
  static final class Custom implements Serializable {
    transient int[] data;
    String label;
    private void writeObject(ObjectOutputStream out) throws IOException {
      out.defaultWriteObject();
      out.writeInt(data.length);
      for (int d : data) out.writeInt(d * 2);
    }
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
      in.defaultReadObject();
      data = new int[in.readInt()];
      for (int i = 0; i < data.length; i++) data[i] = in.readInt() / 2;
    }
  }

  static final class Ext implements Externalizable {
    long v;
    public Ext() {}
    @Override public void writeExternal(ObjectOutput out) throws IOException { out.writeLong(v); }
    @Override public void readExternal(ObjectInput in) throws IOException { v = in.readLong(); }
  }

  record Holder(Object single, List<Object> many, Map<Object, Object> map, Class<?> type) {}

  static final Brine BRINE = Brine.builder().register(Singleton.class, Proxy.class, Custom.class, Ext.class, Holder.class).build();

  @Test
  void singletonsComeBackAsTheSameInstanceEverywhere() {
    assertSame(Singleton.INSTANCE, BRINE.deserialize(BRINE.serialize(Singleton.INSTANCE)));
    Map<Object, Object> map = new HashMap<>();
    map.put(Singleton.INSTANCE, Singleton.INSTANCE);
    map.put("k", Singleton.INSTANCE);
    Holder h = new Holder(Singleton.INSTANCE, new ArrayList<>(List.of(Singleton.INSTANCE, Singleton.INSTANCE)), map, String.class);
    Holder back = BRINE.deserialize(BRINE.serialize(h), Holder.class);
    assertSame(Singleton.INSTANCE, back.single());
    assertSame(Singleton.INSTANCE, back.many().get(1));
    assertSame(Singleton.INSTANCE, back.map().get(Singleton.INSTANCE));
    assertSame(Singleton.INSTANCE, back.map().get("k"));
    assertSame(String.class, back.type());
    Brine refs = Brine.builder().register(Singleton.class, Proxy.class, Custom.class, Ext.class, Holder.class).references(true).build();
    assertSame(Singleton.INSTANCE, refs.deserialize(refs.serialize(h), Holder.class).many().get(0));
  }

  @Test
  void customWriteObjectAndExternalizableGoThroughJavaSerialization() {
    Custom c = new Custom();
    c.data = new int[] {1, 2, 3};
    c.label = "x";
    Custom back = BRINE.deserialize(BRINE.serialize(c), Custom.class);
    assertArrayEquals(new int[] {1, 2, 3}, back.data);
    assertEquals("x", back.label);
    Ext e = new Ext();
    e.v = 42;
    assertEquals(42, BRINE.deserialize(BRINE.serialize(e), Ext.class).v);
  }

  @Test
  void classValuesAreCheckedByName() {
    for (Class<?> c : List.of(int.class, String.class, int[].class, Holder.class, Map.Entry.class)) {
      assertSame(c, BRINE.deserialize(BRINE.serialize(c)));
    }
    Brine strict = Brine.builder().build();
    byte[] bytes = BRINE.serialize(Holder.class);
    assertThrows(ClassNotAllowedException.class, () -> strict.deserialize(bytes));
  }

  /** A by-name class inside an embedded Java stream is checked too: a denied name is refused. */
  @Test
  void embeddedJavaStreamsAreFiltered() throws Exception {
    Brine open = Brine.builder().requireRegistration(false).build();
    Custom c = new Custom();
    c.data = new int[0];
    byte[] good = open.serialize(c);
    assertEquals(0, open.deserialize(good, Custom.class).data.length);
    // rewrite the class name inside the embedded stream to a denied one of the same length
    String name = Custom.class.getName();
    String denied = "bsh." + "X".repeat(name.length() - 4);
    byte[] bad = good.clone();
    byte[] from = name.getBytes("UTF-8");
    for (int i = 0; i + from.length <= bad.length; i++) {
      if (Arrays.equals(Arrays.copyOfRange(bad, i, i + from.length), from)) {
        System.arraycopy(denied.getBytes("UTF-8"), 0, bad, i, from.length);
      }
    }
    assertThrows(BrineException.class, () -> open.deserialize(bad));
  }
}
