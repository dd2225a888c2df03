package dev.brine.registry;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.BrineException;
import dev.brine.ClassNotAllowedException;
import dev.brine.MalformedInputException;
import dev.brine.builtin.Builtins;
import dev.brine.factory.DefaultSerializerFactory;
import dev.brine.security.ClassFilter;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeRegistryTest {
  static final class Point {
    int x;
    int y;
  }

  static final class Empty {}

  static final class Other {
    String name;
  }

  /** A user serializer: no traits, so the registry gives the defaults. */
  static final class PointSerializer implements Serializer<Point> {
    @Override public void write(WriteContext ctx, Point p) {
      ctx.writeVarInt32(p.x);
      ctx.writeVarInt32(p.y);
    }

    @Override public Point read(ReadContext ctx) {
      Point p = new Point();
      p.x = ctx.readVarInt32();
      p.y = ctx.readVarInt32();
      return p;
    }
  }

  private static TypeRegistry registry(boolean requireRegistration) {
    TypeRegistry r = new TypeRegistry(requireRegistration, new ClassFilter(null), TypeRegistryTest.class.getClassLoader());
    r.factory(new DefaultSerializerFactory(false));
    Builtins.registerAll(r);
    return r;
  }

  @Test
  void builtInsHaveTheirFixedIdsAndTraits() {
    TypeRegistry r = registry(true);
    ClassInfo s = r.forClass(String.class);
    assertEquals(TypeIds.STRING, s.typeId);
    assertSame(s, r.forId(TypeIds.STRING, 0));
    assertEquals(PayloadTraits.LEAF_STRING, s.leafKind);
    assertEquals(PayloadTraits.LEAF_INT32, r.forClass(Integer.class).leafKind);
    assertEquals(PayloadTraits.LEAF_INT64, r.forClass(Long.class).leafKind);
    assertEquals(PayloadTraits.LEAF_OTHER, r.forClass(Double.class).leafKind);
    assertTrue(r.forClass(ArrayList.class).usesDeclaredClasses);
    assertFalse(r.forClass(String.class).usesDeclaredClasses);
    // the JDK's immutable lists are aliases of one id
    assertEquals(r.forClass(List.of(1).getClass()).typeId, r.forClass(List.of(1, 2, 3).getClass()).typeId);
  }

  @Test
  void userRegistrationsGetTheirIdAndTheirSerializersTraits() {
    TypeRegistry r = registry(true);
    r.registerUser(TypeIds.FIRST_USER, Point.class, new PointSerializer());
    r.registerUser(TypeIds.FIRST_USER + 1, Empty.class, null);
    r.registerUser(TypeIds.FIRST_USER + 2, Other.class, null);
    r.complete();
    ClassInfo p = r.forClass(Point.class);
    assertEquals(TypeIds.FIRST_USER, p.typeId);
    assertEquals(PayloadTraits.LEAF_OTHER, p.leafKind);
    assertFalse(p.emptyPayload);
    assertTrue(r.forClass(Empty.class).emptyPayload, "a class without fields has an empty payload");
    assertFalse(r.forClass(Other.class).emptyPayload);
    assertTrue(r.forClass(Other.class).tracked);
  }

  @Test
  void takenIdsAreRefused() {
    TypeRegistry r = registry(true);
    r.registerUser(TypeIds.FIRST_USER, Point.class, new PointSerializer());
    BrineException e = assertThrows(BrineException.class, () -> r.registerUser(TypeIds.FIRST_USER, Other.class, null));
    assertTrue(e.getMessage().contains(Point.class.getName()), e.getMessage());
    assertThrows(BrineException.class, () -> r.registerFixed(TypeIds.STRING, Other.class, new PointSerializer(), true, true));
  }

  @Test
  void unknownIdsFromInputNameTheOffset() {
    TypeRegistry r = registry(true);
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> r.forId(TypeIds.FIRST_USER + 5, 17));
    assertTrue(e.getMessage().contains("offset 17"), e.getMessage());
    assertThrows(MalformedInputException.class, () -> r.forId(-1, 0));
    assertThrows(MalformedInputException.class, () -> r.forId(Integer.MAX_VALUE, 0));
  }

  @Test
  void unregisteredClassesAreRefusedWhenRegistrationIsRequired() {
    TypeRegistry r = registry(true);
    ClassNotAllowedException e = assertThrows(ClassNotAllowedException.class, () -> r.forClass(Point.class));
    assertTrue(e.getMessage().contains("register"), e.getMessage());
    assertThrows(ClassNotAllowedException.class, () -> r.forName(Point.class.getName(), 3));
    // a class named only by a declaration needs no registration, but may not be tagged in a payload
    assertNotNull(r.forDeclared(Point.class));
    assertThrows(ClassNotAllowedException.class, () -> r.forClass(Point.class));
  }

  @Test
  void byNameClassesAreLoadedAfterTheFilters() {
    TypeRegistry r = registry(false);
    ClassInfo info = r.forName(Point.class.getName(), 0);
    assertTrue(info.byName());
    assertSame(Point.class, info.type);
    assertSame(info, r.forClass(Point.class));
    assertThrows(ClassNotAllowedException.class, () -> r.forName("com.sun.rowset.JdbcRowSetImpl", 0));
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> r.forName("no.such.Clazz", 9));
    assertTrue(e.getMessage().contains("offset 9"), e.getMessage());
  }

  @Test
  void arraysOfVoidAreMalformed() {
    TypeRegistry r = registry(false);
    assertThrows(MalformedInputException.class, () -> r.arrayOf(new ClassInfo(void.class, 0, null, false, false), 4));
    assertEquals(TypeIds.ARRAY, r.arrayOf(r.forClass(Point.class), 0).typeId);
  }

  @Test
  void moduleRangesFollowEachOtherInsideTheModuleRange() {
    assertEquals(TypeIds.FIRST_MODULE, TypeIds.GEOMETRY_FIRST);
    assertTrue(TypeIds.GEOMETRY_FIRST < TypeIds.GEOMETRY_END);
    assertEquals(TypeIds.GEOMETRY_END, TypeIds.SPARK_FIRST);
    assertTrue(TypeIds.SPARK_FIRST < TypeIds.SPARK_END);
    assertEquals(TypeIds.SPARK_END, TypeIds.FREE_MODULE_FIRST);
    assertTrue(TypeIds.FREE_MODULE_FIRST < TypeIds.END_MODULE);
    assertTrue(TypeIds.FIRST_USER < TypeIds.FIRST_MODULE);
  }
}
