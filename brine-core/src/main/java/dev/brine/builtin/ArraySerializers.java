package dev.brine.builtin;

import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.registry.ClassInfo;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.lang.reflect.Array;

/**
 * Arrays: a varuint32 length, then the elements. Primitive arrays are bulk copies of fixed-width
 * little-endian elements; String[] holds nullable strings; other arrays hold tagged values
 * ({@link WriteContext#writeObject}). Lengths are checked against the limit and the remaining bytes
 * before the array is allocated.
 */
public final class ArraySerializers {
  private ArraySerializers() {}

  /** boolean[]: 1 byte each. */
  public static final Serializer<boolean[]> BOOLEANS = new Serializer<>() {
    @Override public void write(WriteContext c0, boolean[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeBooleans(a); }
    @Override public boolean[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      boolean[] a = new boolean[c.readLength("boolean[] length", 1)];
      c.reference(a);
      c.readBooleans(a);
      return a;
    }
  };
  /** byte[]: raw bytes. */
  public static final Serializer<byte[]> BYTES = new Serializer<>() {
    @Override public void write(WriteContext c, byte[] a) { c.writeVarUInt32(a.length); c.writeBytes(a, 0, a.length); }
    @Override public byte[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      byte[] a = new byte[c.readLength("byte[] length", 1)];
      c.reference(a);
      c.readBytes(a, 0, a.length);
      return a;
    }
  };
  /** short[]: 2 bytes each. */
  public static final Serializer<short[]> SHORTS = new Serializer<>() {
    @Override public void write(WriteContext c0, short[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeInt16s(a); }
    @Override public short[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      short[] a = new short[c.readLength("short[] length", 2)];
      c.reference(a);
      c.readInt16s(a);
      return a;
    }
  };
  /** char[]: 2 bytes each. */
  public static final Serializer<char[]> CHARS = new Serializer<>() {
    @Override public void write(WriteContext c0, char[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeChars(a); }
    @Override public char[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      char[] a = new char[c.readLength("char[] length", 2)];
      c.reference(a);
      c.readChars(a);
      return a;
    }
  };
  /** int[]: 4 bytes each. */
  public static final Serializer<int[]> INTS = new Serializer<>() {
    @Override public void write(WriteContext c0, int[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeInt32s(a); }
    @Override public int[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      int[] a = new int[c.readLength("int[] length", 4)];
      c.reference(a);
      c.readInt32s(a);
      return a;
    }
  };
  /** long[]: 8 bytes each. */
  public static final Serializer<long[]> LONGS = new Serializer<>() {
    @Override public void write(WriteContext c0, long[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeInt64s(a); }
    @Override public long[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      long[] a = new long[c.readLength("long[] length", 8)];
      c.reference(a);
      c.readInt64s(a);
      return a;
    }
  };
  /** float[]: 4 bytes each. */
  public static final Serializer<float[]> FLOATS = new Serializer<>() {
    @Override public void write(WriteContext c0, float[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeFloat32s(a); }
    @Override public float[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      float[] a = new float[c.readLength("float[] length", 4)];
      c.reference(a);
      c.readFloat32s(a);
      return a;
    }
  };
  /** double[]: 8 bytes each. */
  public static final Serializer<double[]> DOUBLES = new Serializer<>() {
    @Override public void write(WriteContext c0, double[] a) {
    WriteSession c = (WriteSession) c0; c.writeVarUInt32(a.length); c.writeFloat64s(a); }
    @Override public double[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      double[] a = new double[c.readLength("double[] length", 8)];
      c.reference(a);
      c.readFloat64s(a);
      return a;
    }
  };
  /** String[]: nullable strings (header byte 3 is null). */
  public static final Serializer<String[]> STRINGS = new Serializer<>() {
    @Override public void write(WriteContext c, String[] a) {
      c.writeVarUInt32(a.length);
      for (String s : a) {
        c.writeNullableString(s);
      }
    }

    @Override public String[] read(ReadContext c) {
      String[] a = new String[c.readLength("String[] length", 1)];
      c.reference(a);
      for (int i = 0; i < a.length; i++) {
        a[i] = c.readNullableString();
      }
      return a;
    }
  };

  /**
   * Object[] and any other reference array. When the component class is exact (final, a record, an
   * enum, or an array of such) the reader knows each element's class, so elements are declared slots
   * (slot byte + payload); otherwise each element is a tagged value.
   */
  public static final class ObjectArraySerializer implements Serializer<Object[]> {
    private final Class<?> component;
    private final ClassInfo declared;

    /** Creates the serializer for arrays of {@code component}; {@code declared} is its info when exact, else null. */
    public ObjectArraySerializer(Class<?> component, ClassInfo declared) {
      this.component = component;
      this.declared = declared;
    }

    @Override
    public void write(WriteContext c0, Object[] a) {
    WriteSession c = (WriteSession) c0;
      c.writeVarUInt32(a.length);
      ClassInfo d = declared;
      if (d != null) {
        for (Object o : a) {
          c.writeDeclared(d, o);
        }
      } else {
        for (Object o : a) {
          c.writeObject(o);
        }
      }
    }

    @Override
    public Object[] read(ReadContext c0) {
    ReadSession c = (ReadSession) c0;
      int n = c.readLength(component.getName() + "[] length", 1);
      Object[] a = (Object[]) Array.newInstance(component, n);
      c.reference(a);
      ClassInfo d = declared;
      for (int i = 0; i < n; i++) {
        Object o = d != null ? c.readDeclared(d) : c.readObject();
        if (o != null && !component.isInstance(o)) {
          throw new dev.brine.MalformedInputException("element " + i + " of a " + component.getName()
              + "[] is a " + o.getClass().getName() + " (offset " + c.position() + ")");
        }
        a[i] = o;
      }
      return a;
    }
  }

}
