package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import dev.brine.BrineException;
import dev.brine.testing.DrawnSources;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Classes no one wrote by hand: each scenario draws a message class (a record, a class, or a class with
 * a superclass) of up to 40 fields over every Java type the mapper takes, with positions or
 * {@code @Field} ids and {@code @ProtoEncoding}s, a nested message class and an enum; compiles them at
 * test time and writes random values. protobuf-java, through a descriptor built here from the same
 * model (not from the mapper's schema), parses the bytes and every field is compared with the Java
 * value (docs/formats.md's mapping), writes them back byte for byte (its unpacked and field-reversed
 * encodings read back the same), and both codecs (generated and interpreted) write the same bytes and
 * read them back to the same bytes, alone and delimited. Cut copies are refused with a {@link
 * BrineException}.
 *
 * <p>{@code -Dbrine.proto.seed=N} and {@code -Dbrine.proto.scenarios=N} run other classes.
 */
class RandomClassesTest implements DrawnSources.Scenarios<RandomClassesTest.Model> {
  /** A field type: its Java declaration, its protobuf type and how it repeats. */
  enum T {
    INT("int", Type.TYPE_INT32), LONG("long", Type.TYPE_INT64), SHORT("short", Type.TYPE_INT32),
    BYTE("byte", Type.TYPE_INT32), CHAR("char", Type.TYPE_UINT32), FLOAT("float", Type.TYPE_FLOAT),
    DOUBLE("double", Type.TYPE_DOUBLE), BOOL("boolean", Type.TYPE_BOOL), ENUM("E", Type.TYPE_ENUM),
    SINT("@dev.brine.protobuf.ProtoEncoding(dev.brine.protobuf.ProtoScalar.SINT32) int", Type.TYPE_SINT32),
    UINT("@dev.brine.protobuf.ProtoEncoding(dev.brine.protobuf.ProtoScalar.UINT32) int", Type.TYPE_UINT32),
    FIX32("@dev.brine.protobuf.ProtoEncoding(dev.brine.protobuf.ProtoScalar.SFIXED32) int", Type.TYPE_SFIXED32),
    SINT64("@dev.brine.protobuf.ProtoEncoding(dev.brine.protobuf.ProtoScalar.SINT64) long", Type.TYPE_SINT64),
    UINT64("@dev.brine.protobuf.ProtoEncoding(dev.brine.protobuf.ProtoScalar.UINT64) long", Type.TYPE_UINT64),
    FIX64("@dev.brine.protobuf.ProtoEncoding(dev.brine.protobuf.ProtoScalar.FIXED64) long", Type.TYPE_FIXED64),
    BINT("Integer", Type.TYPE_INT32), BLONG("Long", Type.TYPE_INT64), BSHORT("Short", Type.TYPE_INT32),
    BCHAR("Character", Type.TYPE_UINT32), BFLOAT("Float", Type.TYPE_FLOAT), BDOUBLE("Double", Type.TYPE_DOUBLE),
    BBOOL("Boolean", Type.TYPE_BOOL), STRING("String", Type.TYPE_STRING), BYTES("byte[]", Type.TYPE_BYTES),
    OPT_STRING("java.util.Optional<String>", Type.TYPE_STRING), OPT_N("java.util.Optional<N>", Type.TYPE_MESSAGE),
    OPT_E("java.util.Optional<E>", Type.TYPE_ENUM), OPT_INT("java.util.OptionalInt", Type.TYPE_INT32),
    OPT_LONG("java.util.OptionalLong", Type.TYPE_INT64), OPT_DOUBLE("java.util.OptionalDouble", Type.TYPE_DOUBLE),
    INSTANT("java.time.Instant", Type.TYPE_MESSAGE), DURATION("java.time.Duration", Type.TYPE_MESSAGE),
    MSG("N", Type.TYPE_MESSAGE),
    L_INT("java.util.List<Integer>", Type.TYPE_INT32), L_STRING("java.util.List<String>", Type.TYPE_STRING),
    L_N("java.util.List<N>", Type.TYPE_MESSAGE), L_E("java.util.List<E>", Type.TYPE_ENUM),
    SET_STRING("java.util.Set<String>", Type.TYPE_STRING), SORTED_LONG("java.util.SortedSet<Long>", Type.TYPE_INT64),
    DEQUE_DOUBLE("java.util.Deque<Double>", Type.TYPE_DOUBLE), COL_BOOL("java.util.Collection<Boolean>", Type.TYPE_BOOL),
    A_INT("int[]", Type.TYPE_INT32), A_LONG("long[]", Type.TYPE_INT64), A_DOUBLE("double[]", Type.TYPE_DOUBLE),
    A_FLOAT("float[]", Type.TYPE_FLOAT), A_BOOL("boolean[]", Type.TYPE_BOOL), A_STRING("String[]", Type.TYPE_STRING),
    A_N("N[]", Type.TYPE_MESSAGE),
    M_STRING_INT("java.util.Map<String, Integer>", Type.TYPE_INT32), M_INT_STRING("java.util.Map<Integer, String>", Type.TYPE_STRING),
    M_LONG_N("java.util.Map<Long, N>", Type.TYPE_MESSAGE), M_STRING_E("java.util.SortedMap<String, E>", Type.TYPE_ENUM),
    M_BOOL_DOUBLE("java.util.Map<Boolean, Double>", Type.TYPE_DOUBLE);

    final String java;
    final Type proto;

    T(String java, Type proto) {
      this.java = java;
      this.proto = proto;
    }

    boolean repeated() {
      return name().startsWith("L_") || name().startsWith("A_") || name().startsWith("SET") || name().startsWith("SORTED")
          || name().startsWith("DEQUE") || name().startsWith("COL");
    }

    boolean map() {
      return name().startsWith("M_");
    }

    /** Whether the field has explicit presence (null or empty is absent, anything else written). */
    boolean explicit() {
      return EnumSet.of(BINT, BLONG, BSHORT, BCHAR, BFLOAT, BDOUBLE, BBOOL, STRING, BYTES, INSTANT, DURATION, MSG)
          .contains(this) || name().startsWith("OPT");
    }

    /** The key type of a map. */
    Type key() {
      switch (this) {
        case M_STRING_INT: case M_STRING_E: return Type.TYPE_STRING;
        case M_INT_STRING: return Type.TYPE_INT32;
        case M_LONG_N: return Type.TYPE_INT64;
        default: return Type.TYPE_BOOL;
      }
    }
  }

  /** Types a nested message may hold (no messages: a message class may not contain itself). */
  private static final T[] NESTED = {T.INT, T.LONG, T.DOUBLE, T.BOOL, T.STRING, T.BINT, T.ENUM, T.L_INT, T.A_DOUBLE,
      T.M_STRING_INT, T.OPT_LONG, T.SINT64, T.BYTES, T.CHAR};

  record F(String name, T type, int number, Integer id, boolean inBase) {}

  record Model(int k, String kind, String nestedKind, List<F> fields, List<F> nested, int constants) {}

  private static final int SCENARIOS = Integer.getInteger("brine.proto.scenarios", 24);
  private static final long SEED = Long.getLong("brine.proto.seed", 20261127L);

  @TempDir
  Path dir;

  @Test
  void randomClassesMatchProtobufJavaFieldByField() throws Exception {
    DrawnSources.run(SEED, SCENARIOS, this);
  }

  @Override
  public String describe(Model m) {
    return "scenario " + m.k + " (" + m.kind + ", " + m.fields.size() + " fields)\n" + source(m);
  }

  // ---------------------------------------------------------------- drawing the classes

  @Override
  public Model draw(Random r, int k) {
    String kind = new String[] {"record", "class", "sub"}[r.nextInt(3)];
    boolean ids = r.nextInt(3) == 0;
    int n = 1 + r.nextInt(r.nextBoolean() ? 8 : 40);
    List<F> fields = new ArrayList<>();
    Set<Integer> used = new HashSet<>();
    T[] all = T.values();
    for (int i = 0; i < n; i++) {
      T t = all[r.nextInt(all.length)];
      Integer id = null;
      if (ids) {
        do {
          id = r.nextInt(4) == 0 ? 1 + r.nextInt(536_870_911) : 1 + r.nextInt(200);
        } while (!used.add(id) || (id >= 19_000 && id <= 19_999));
      }
      fields.add(new F("f" + i, t, 0, id, kind.equals("sub") && r.nextInt(3) == 0));
    }
    // numbers: the id, else the position (superclass fields first)
    List<F> numbered = new ArrayList<>();
    int pos = 1;
    for (boolean base : new boolean[] {true, false}) {
      for (F f : fields) {
        if (f.inBase == base) {
          numbered.add(new F(f.name, f.type, f.id != null ? f.id : pos, f.id, f.inBase));
          pos++;
        }
      }
    }
    List<F> nested = new ArrayList<>();
    int nn = 1 + r.nextInt(5);
    for (int i = 0; i < nn; i++) {
      T t = NESTED[r.nextInt(NESTED.length)];
      nested.add(new F("n" + i, t, i + 1, null, false));
    }
    return new Model(k, kind, r.nextBoolean() ? "record" : "class", numbered, nested, 1 + r.nextInt(4));
  }

  private static String source(Model m) {
    StringBuilder b = new StringBuilder();
    for (F f : m.fields) {
      b.append("  ").append(f.inBase ? "(base) " : "").append(f.id == null ? "" : "@Field(id = " + f.id + ") ")
          .append(f.type.java).append(' ').append(f.name).append(" = #").append(f.number).append('\n');
    }
    b.append("  N:");
    for (F f : m.nested) {
      b.append(' ').append(f.type.java).append(' ').append(f.name).append(';');
    }
    return b.toString();
  }

  @Override
  public ClassLoader compile(List<Model> models) throws IOException {
    List<String> files = new ArrayList<>();
    for (Model m : models) {
      Path pkg = dir.resolve("prnd" + m.k);
      String head = "package prnd" + m.k + ";\n\n";
      StringBuilder e = new StringBuilder(head).append("public enum E {");
      for (int i = 0; i < m.constants; i++) {
        e.append(i == 0 ? " " : ", ").append("C").append(i);
      }
      DrawnSources.write(pkg.resolve("E.java"), e.append(" }\n").toString(), files);
      DrawnSources.write(pkg.resolve("N.java"), head + DrawnSources.declare("N", m.nestedKind, decls(m.nested), false), files);
      DrawnSources.writeTop(pkg, head, m.kind, decls(m.fields), files);
    }
    return DrawnSources.compile(dir, files, RandomClassesTest.class.getClassLoader(), dev.brine.Field.class, ProtoEncoding.class);
  }

  private static List<DrawnSources.Decl> decls(List<F> fields) {
    return fields.stream().map(f -> new DrawnSources.Decl(f.id == null ? "" : "@dev.brine.Field(id = " + f.id + ") ",
        f.type.java, f.name, f.inBase)).toList();
  }

  // ---------------------------------------------------------------- the descriptor protobuf-java reads with

  /**
   * A proto2 file (every field with presence; the same wire format) for the model; {@code packed}: its
   * repeated numbers, bools and enums packed (as proto3 and the mapper write them) or not.
   */
  private static Descriptor descriptor(Model m, boolean packed) throws Descriptors.DescriptorValidationException {
    EnumDescriptorProto.Builder e = EnumDescriptorProto.newBuilder().setName("E");
    for (int i = 0; i < m.constants; i++) {
      e.addValue(EnumValueDescriptorProto.newBuilder().setName("E_C" + i).setNumber(i));
    }
    FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("prnd" + m.k + ".proto").setPackage("prnd" + m.k)
        .setSyntax("proto2").addDependency("google/protobuf/timestamp.proto").addDependency("google/protobuf/duration.proto")
        .addEnumType(e).addMessageType(message("N", m.nested, packed)).addMessageType(message("C", m.fields, packed)).build();
    Descriptors.FileDescriptor fd = Descriptors.FileDescriptor.buildFrom(file, new Descriptors.FileDescriptor[] {
        com.google.protobuf.Timestamp.getDescriptor().getFile(), com.google.protobuf.Duration.getDescriptor().getFile()});
    return fd.findMessageTypeByName("C");
  }

  private static DescriptorProto message(String name, List<F> fields, boolean packed) {
    DescriptorProto.Builder b = DescriptorProto.newBuilder().setName(name);
    for (F f : fields) {
      FieldDescriptorProto.Builder fb = FieldDescriptorProto.newBuilder().setName(f.name).setNumber(f.number);
      if (f.type.map()) {
        String entry = "F" + f.name + "Entry";
        b.addNestedType(DescriptorProto.newBuilder().setName(entry).setOptions(MessageOptions.newBuilder().setMapEntry(true))
            .addField(single("key", 1, f.type.key(), null)).addField(single("value", 2, f.type.proto, typeName(f.type))));
        fb.setLabel(Label.LABEL_REPEATED).setType(Type.TYPE_MESSAGE).setTypeName(entry);
      } else {
        fb.setLabel(f.type.repeated() ? Label.LABEL_REPEATED : Label.LABEL_OPTIONAL).setType(f.type.proto);
        if (typeName(f.type) != null) {
          fb.setTypeName(typeName(f.type));
        }
        if (f.type.repeated() && f.type.proto != Type.TYPE_STRING && f.type.proto != Type.TYPE_MESSAGE) {
          fb.setOptions(FieldOptions.newBuilder().setPacked(packed));
        }
      }
      b.addField(fb);
    }
    return b.build();
  }

  private static FieldDescriptorProto single(String name, int number, Type type, String typeName) {
    FieldDescriptorProto.Builder b = FieldDescriptorProto.newBuilder().setName(name).setNumber(number)
        .setLabel(Label.LABEL_OPTIONAL).setType(type);
    return (typeName == null ? b : b.setTypeName(typeName)).build();
  }

  private static String typeName(T t) {
    if (t == T.INSTANT) return ".google.protobuf.Timestamp";
    if (t == T.DURATION) return ".google.protobuf.Duration";
    if (t.proto == Type.TYPE_MESSAGE) return "N";
    if (t.proto == Type.TYPE_ENUM) return "E";
    return null;
  }

  // ---------------------------------------------------------------- values and checks

  @Override
  public void check(Random r, Model m, ClassLoader loader) throws Exception {
    Class<?> c = Class.forName("prnd" + m.k + ".C", true, loader);
    Class<?> n = Class.forName("prnd" + m.k + ".N", true, loader);
    Class<?> e = Class.forName("prnd" + m.k + ".E", true, loader);
    ProtoMapper gen = ProtoMapper.builder().register(c).build();
    ProtoMapper interp = ProtoMapper.builder().register(c).codegen(false).build();
    assertTrue(gen.explain(c).endsWith("generated"), gen.explain(c)); // a class of another class loader too
    Descriptor d = descriptor(m, true);
    Descriptor unpacked = descriptor(m, false);
    DrawnValues values = new DrawnValues(r, m, c, n, e);
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    List<byte[]> written = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      Object v = values.make(c, m.fields, i == 0 ? 0 : i == 1 ? 2 : 1);
      byte[] bytes = gen.toBytes(v);
      assertArrayEquals(bytes, interp.toBytes(v), "generated and interpreted write the same bytes");
      DynamicMessage dm = DynamicMessage.parseFrom(d, bytes);
      assertTrue(dm.getUnknownFields().asMap().isEmpty(), () -> "fields protobuf-java does not know: " + dm.getUnknownFields());
      compareMessage(m.fields, m.nested, v, dm, "C");
      assertArrayEquals(bytes, dm.toByteArray(), "protobuf-java writes the same bytes back");
      otherEncodings(gen, interp, c, bytes, DynamicMessage.parseFrom(unpacked, bytes));
      for (ProtoMapper p : List.of(gen, interp)) {
        Object back = p.fromBytes(bytes, c);
        assertArrayEquals(bytes, p.toBytes(back), "read back and written again");
        compareMessage(m.fields, m.nested, back, dm, "C (read back)");
      }
      gen.writeDelimited(v, stream);
      written.add(bytes);
      truncations(gen, bytes, c);
    }
    ByteArrayInputStream in = new ByteArrayInputStream(stream.toByteArray());
    for (byte[] bytes : written) {
      assertArrayEquals(bytes, gen.toBytes(interp.readDelimited(in, c)), "delimited stream");
    }
    assertEquals(null, interp.readDelimited(in, c), "end of the stream");
  }

  /**
   * Valid encodings protobuf-java may write that the mapper does not: repeated numbers unpacked (one tag
   * per element), and the fields in reverse order (a parser must take any order). Both codecs read them
   * to the value they wrote as {@code bytes}.
   */
  private static void otherEncodings(ProtoMapper gen, ProtoMapper interp, Class<?> c, byte[] bytes, DynamicMessage unpacked) {
    byte[] loose = unpacked.toByteArray();
    ByteArrayOutputStream reversed = new ByteArrayOutputStream();
    List<Map.Entry<FieldDescriptor, Object>> fields = new ArrayList<>(unpacked.getAllFields().entrySet());
    java.util.Collections.reverse(fields);
    for (Map.Entry<FieldDescriptor, Object> f : fields) {
      reversed.writeBytes(DynamicMessage.newBuilder(unpacked.getDescriptorForType()).setField(f.getKey(), f.getValue()).build()
          .toByteArray());
    }
    for (ProtoMapper p : List.of(gen, interp)) {
      assertArrayEquals(bytes, p.toBytes(p.fromBytes(loose, c)), "read from protobuf-java's unpacked encoding");
      assertArrayEquals(bytes, p.toBytes(p.fromBytes(reversed.toByteArray(), c)), "read with the fields in reverse order");
    }
  }

  /** Every cut copy of a message is refused, or (a cut at a field boundary) read as the fields before it. */
  private static void truncations(ProtoMapper p, byte[] bytes, Class<?> c) {
    for (int len = 0; len < bytes.length; len += 1 + len / 8) {
      byte[] cut = java.util.Arrays.copyOf(bytes, len);
      try {
        p.toBytes(p.fromBytes(cut, c));
      } catch (BrineException expected) {
        // refused with the offset
      } catch (RuntimeException | StackOverflowError | OutOfMemoryError other) {
        fail("a cut copy of " + len + " bytes: " + other, other);
      }
    }
  }

  private static void compareMessage(List<F> fields, List<F> nested, Object v, DynamicMessage dm, String where) throws Exception {
    Descriptor d = dm.getDescriptorForType();
    for (F f : fields) {
      FieldDescriptor fd = d.findFieldByNumber(f.number);
      Object jv = get(v, f.name);
      String at = where + "." + f.name + " (" + f.type.java + ", #" + f.number + ")";
      compareField(f.type, nested, jv, dm, fd, at);
    }
  }

  private static void compareField(T t, List<F> nested, Object jv, DynamicMessage dm, FieldDescriptor fd, String at) throws Exception {
    if (t.map()) {
      Map<Object, Object> want = jv == null ? Map.of() : (Map<Object, Object>) jv;
      List<?> entries = (List<?>) dm.getField(fd);
      assertEquals(want.size(), entries.size(), at + ": entries");
      Map<Object, DynamicMessage> got = new HashMap<>();
      for (Object o : entries) {
        DynamicMessage en = (DynamicMessage) o;
        Object key = en.getField(en.getDescriptorForType().findFieldByNumber(1));
        got.put(key, en);
      }
      for (Map.Entry<Object, Object> w : want.entrySet()) {
        Object key = w.getKey() instanceof Character ? (int) (Character) w.getKey() : w.getKey();
        DynamicMessage en = got.get(key);
        assertTrue(en != null, at + ": key " + key);
        FieldDescriptor vd = en.getDescriptorForType().findFieldByNumber(2);
        assertTrue(en.hasField(vd) || isDefault(w.getValue()), at + ": value of " + key + " missing");
        compareValue(nested, w.getValue(), en.getField(vd), at + "[" + key + "]");
      }
      return;
    }
    if (t.repeated()) {
      List<Object> want = new ArrayList<>();
      if (jv instanceof Collection) {
        want.addAll((Collection<?>) jv);
      } else if (jv != null) {
        for (int i = 0; i < Array.getLength(jv); i++) {
          want.add(Array.get(jv, i));
        }
      }
      List<?> got = (List<?>) dm.getField(fd);
      assertEquals(want.size(), got.size(), at + ": elements");
      for (int i = 0; i < want.size(); i++) {
        compareValue(nested, want.get(i), got.get(i), at + "[" + i + "]");
      }
      return;
    }
    Object want = unwrap(jv);
    if (want == null) {
      assertTrue(!dm.hasField(fd), at + ": null or empty is absent");
      return;
    }
    if (t.explicit()) {
      assertTrue(dm.hasField(fd), at + ": a present value is written");
    }
    compareValue(nested, want, dm.getField(fd), at);
  }

  private static boolean isDefault(Object v) {
    return v instanceof Number && ((Number) v).doubleValue() == 0 && !(v instanceof Double && 1 / (Double) v < 0)
        || v instanceof Boolean && !(Boolean) v || v instanceof Enum && ((Enum<?>) v).ordinal() == 0;
  }

  private static Object unwrap(Object jv) {
    if (jv instanceof Optional) return ((Optional<?>) jv).orElse(null);
    if (jv instanceof OptionalInt) return ((OptionalInt) jv).isPresent() ? ((OptionalInt) jv).getAsInt() : null;
    if (jv instanceof OptionalLong) return ((OptionalLong) jv).isPresent() ? ((OptionalLong) jv).getAsLong() : null;
    if (jv instanceof OptionalDouble) return ((OptionalDouble) jv).isPresent() ? ((OptionalDouble) jv).getAsDouble() : null;
    return jv;
  }

  private static void compareValue(List<F> nested, Object want, Object got, String at) throws Exception {
    if (want instanceof Enum) {
      assertEquals(((Enum<?>) want).ordinal(), ((Descriptors.EnumValueDescriptor) got).getNumber(), at);
    } else if (want instanceof Character) {
      assertEquals((int) (Character) want, got, at);
    } else if (want instanceof Short || want instanceof Byte) {
      assertEquals(((Number) want).intValue(), got, at);
    } else if (want instanceof Double) {
      assertEquals(Double.doubleToRawLongBits((Double) want), Double.doubleToRawLongBits((Double) got), at + ": " + want + " / " + got);
    } else if (want instanceof Float) {
      assertEquals(Float.floatToRawIntBits((Float) want), Float.floatToRawIntBits((Float) got), at + ": " + want + " / " + got);
    } else if (want instanceof byte[]) {
      assertEquals(ByteString.copyFrom((byte[]) want), got, at);
    } else if (want instanceof Instant) {
      DynamicMessage ts = (DynamicMessage) got;
      Instant i = (Instant) want;
      assertEquals(i.getEpochSecond(), field(ts, 1), at + ": seconds");
      assertEquals(i.getNano(), field(ts, 2), at + ": nanos");
    } else if (want instanceof Duration) {
      DynamicMessage ts = (DynamicMessage) got;
      long s = ((Duration) want).getSeconds();
      int nanos = ((Duration) want).getNano();
      if (s < 0 && nanos > 0) { // protobuf: nanos carry the sign of seconds
        s++;
        nanos -= 1_000_000_000;
      }
      assertEquals(s, field(ts, 1), at + ": seconds");
      assertEquals(nanos, field(ts, 2), at + ": nanos");
    } else if (want instanceof Number || want instanceof Boolean || want instanceof String) {
      assertEquals(want, got, at);
    } else { // a nested message
      compareMessage(nested, List.of(), want, (DynamicMessage) got, at);
    }
  }

  private static Object field(DynamicMessage m, int number) {
    return m.getField(m.getDescriptorForType().findFieldByNumber(number));
  }

  private static Object get(Object v, String name) throws Exception {
    Class<?> c = v.getClass();
    while (c != null) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(v);
      } catch (NoSuchFieldException e) {
        c = c.getSuperclass();
      }
    }
    throw new AssertionError("no field " + name);
  }
}
