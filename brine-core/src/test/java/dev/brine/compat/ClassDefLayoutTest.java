package dev.brine.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The second layout of class definitions (docs/format.md, "Compatible mode"): field names that share
 * prefixes, non-Latin-1 names, repeated codes, names relative to the defined class's package, byte
 * for byte, and definitions that parse back to what was built.
 */
class ClassDefLayoutTest {
  /** A class whose field names exercise every form of the key. */
  static final class Names {
    int nameA;
    int nameB;
    int nameBb;
    int n;
    long \u540d\u524d;
    double gr\u00f6sse;
    double x;
    String s1;
    String s2;
    Names next;
    List<Names> more;
  }

  @Test
  void namesRoundTripWithSharedPrefixesAndAnyChars() {
    Brine b = Brine.builder().compatible(true).register(Names.class).build();
    Names v = new Names();
    v.nameA = 1;
    v.nameBb = 3;
    v.\u540d\u524d = 7;
    v.gr\u00f6sse = 2.5;
    v.s2 = "two";
    v.next = new Names();
    v.next.n = 9;
    v.more = new ArrayList<>(List.of(new Names()));
    byte[] bytes = b.serialize(v);
    assertEquals(0xCA, bytes[0] & 0xFF);
    Names back = (Names) Brine.builder().compatible(true).register(Names.class).codegen(false).build().deserialize(bytes);
    assertEquals(1, back.nameA);
    assertEquals(3, back.nameBb);
    assertEquals(7, back.\u540d\u524d);
    assertEquals(2.5, back.gr\u00f6sse);
    assertEquals("two", back.s2);
    assertEquals(9, back.next.n);
    assertEquals(1, back.more.size());
    assertArrayEquals(bytes, b.serialize(back));
  }

  @Test
  void definitionParsesBackToWhatWasBuilt() {
    List<ClassDef.DefField> fields = new ArrayList<>();
    fields.add(new ClassDef.DefField("count", 0, 0x10, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("counter", 0, 0x10, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField(null, 5, 0x10, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("co", 0, 0x11, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("total", 7, 0x11, TypeRef.NONE_REF, TypeRef.NONE_REF, null)); // an id and a name
    fields.add(new ClassDef.DefField("totals", 0, 0x10, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("d", 0, 0x14, new TypeRef(TypeRef.COMPAT_NAME, 0, "com.example.Color", null),
        TypeRef.NONE_REF, new String[] {"RED", "GREEN"}));
    fields.add(new ClassDef.DefField("\u00e9t\u00e9", 0, 0x27, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("\u00e9t\u2603", 0, 0x27, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("a", 0, ClassDef.DefField.CODE_DECLARED,
        new TypeRef(TypeRef.COMPAT_NAME, 0, "com.example.Other$Inner", null), TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("b", 0, ClassDef.DefField.CODE_DECLARED,
        new TypeRef(TypeRef.OTHER_NAME, 0, "com.example.sub.Deeper", null), TypeRef.NONE_REF, null));
    fields.add(new ClassDef.DefField("c", 0, ClassDef.DefField.CODE_CONTAINER,
        new TypeRef(TypeRef.ARRAY, 0, null, new TypeRef(TypeRef.COMPAT_NAME, 0, "com.example.Elem", null)),
        new TypeRef(TypeRef.FIXED, 12, null, null), null));
    TypeRef self = new TypeRef(TypeRef.COMPAT_NAME, 0, "com.example.Thing", null);
    ClassDef def = ClassDef.build(ClassDef.OBJECT, self, fields, null);
    String text = new String(def.body, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertEquals(2, text.split("com\\.example", -1).length - 1,
        "the package is written for the class and for the class of a subpackage only: " + text);
    ClassDef back = ClassDef.parse(def.body.clone(), ClassDef.V2, 0, 100, 100);
    assertEquals(def.describeFields(), back.describeFields());
    assertEquals(List.of("count", "counter", "#5", "co", "total", "totals", "d", "\u00e9t\u00e9", "\u00e9t\u2603", "a",
        "b", "c"), back.fieldNames());
    assertEquals(7, back.fields[4].id);
    assertEquals(0, back.fields[5].id);
    assertEquals("com.example.Color", back.fields[6].ref.name);
    assertEquals("com.example.Other$Inner", back.fields[9].ref.name);
    assertEquals("com.example.sub.Deeper", back.fields[10].ref.name);
    assertEquals("com.example.Elem", back.fields[11].ref.component.name);
    // the same bytes read as the first layout are not this definition
    assertThrows(BrineException.class, () -> ClassDef.parse(def.body.clone(), ClassDef.V1, ClassDef.hash(def.body, 0,
        def.body.length), 100, 100));
  }

  /** A V2 body of class {@code Top} (no package) with one field: the key, then {@code rest}. */
  private static byte[] body(int key, int... rest) {
    dev.brine.io.ByteWriter w = new dev.brine.io.ByteWriter(32);
    w.writeInt8(ClassDef.OBJECT);
    new TypeRef(TypeRef.COMPAT_NAME, 0, "Top", null).write(w, null);
    w.writeVarUInt32(1);
    w.writeVarUInt32(key);
    w.writeInt8('x');
    for (int b : rest) {
      w.writeInt8(b);
    }
    return w.toByteArray();
  }

  /** A V2 body of class {@code Top} with one field of key {@link ClassDef.DefField#ID_AND_NAME}, id {@code id}, name "y". */
  private static byte[] bodyWithId(int id) {
    dev.brine.io.ByteWriter w = new dev.brine.io.ByteWriter(32);
    w.writeInt8(ClassDef.OBJECT);
    new TypeRef(TypeRef.COMPAT_NAME, 0, "Top", null).write(w, null);
    w.writeVarUInt32(1);
    w.writeVarUInt32(ClassDef.DefField.ID_AND_NAME);
    w.writeVarUInt32(id);
    w.writeString("y");
    w.writeInt8(0x10);
    return w.toByteArray();
  }

  @Test
  void invalidKeysAreRejected() {
    assertEquals(List.of("x"), ClassDef.parse(body(1 << 4, 0x10), ClassDef.V2, 0, 100, 100).fieldNames());
    // a name sharing a char with no previous name; a repeated code with no previous field; a class
    // name relative to the package of a class that has none
    assertThrows(MalformedInputException.class, () -> ClassDef.parse(body(1 << 4 | 1 << 2, 0x10), ClassDef.V2, 0, 100, 100));
    assertThrows(MalformedInputException.class, () -> ClassDef.parse(body(1 << 4 | 2), ClassDef.V2, 0, 100, 100));
    assertThrows(MalformedInputException.class, () -> ClassDef.parse(body(1 << 4, 0x31, TypeRef.COMPAT_RELATIVE, 4, 'A'),
        ClassDef.V2, 0, 100, 100));
    assertThrows(dev.brine.LimitExceededException.class, () -> ClassDef.parse(body(9 << 4, 0x10), ClassDef.V2, 0, 100, 5));
    // no name bytes: 0 shared chars is a name as a string, 1 an @Field id and a name, 2 and 3 nothing
    assertThrows(MalformedInputException.class, () -> ClassDef.parse(body(2 << 2), ClassDef.V2, 0, 100, 100));
    assertThrows(MalformedInputException.class, () -> ClassDef.parse(body(3 << 2), ClassDef.V2, 0, 100, 100));
    // ID_AND_NAME: body() puts 'x' where the id goes, so id 120 and then a name string from the next bytes
    ClassDef withId = ClassDef.parse(body(ClassDef.DefField.ID_AND_NAME, 0x04, 'y', 0x10), ClassDef.V2, 0, 100, 100);
    assertEquals(List.of("y"), withId.fieldNames());
    assertEquals('x', withId.fields[0].id);
    assertThrows(MalformedInputException.class, () -> ClassDef.parse(bodyWithId(0), ClassDef.V2, 0, 100, 100));
    assertThrows(MalformedInputException.class,
        () -> ClassDef.parse(bodyWithId(dev.brine.plan.ClassModel.MAX_ID + 1), ClassDef.V2, 0, 100, 100));
    assertNull(new TypeRef(TypeRef.COMPAT_NAME, 0, "Top", null).packageName());
  }

  @Provide
  Arbitrary<List<String>> names() {
    return Arbitraries.strings().ofMinLength(1).ofMaxLength(12).withChars("ab\u00e9\u2603_$1").list().ofMaxSize(12);
  }

  @Property(tries = 300)
  void anyNamesRoundTrip(@ForAll("names") List<String> names) {
    List<ClassDef.DefField> fields = new ArrayList<>();
    int k = 0;
    for (String n : names) {
      fields.add(new ClassDef.DefField(n, 0, (k++ % 3 == 0) ? 0x10 : 0x11, TypeRef.NONE_REF, TypeRef.NONE_REF, null));
    }
    ClassDef def = ClassDef.build(ClassDef.RECORD, new TypeRef(TypeRef.COMPAT_NAME, 0, "p.Q", null), fields, null);
    ClassDef back = ClassDef.parse(def.body.clone(), ClassDef.V2, 0, 100, 100);
    assertEquals(names, back.fieldNames());
    assertEquals(def.describeFields(), back.describeFields());
  }
}
