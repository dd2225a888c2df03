package dev.brine.protobuf;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.BrineException;
import dev.brine.Field;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Shapes protobuf cannot express are refused when the mapper is built, with the field named. */
class ProtoRefusalsTest {
  record Poly(Object any) {}
  record Iface(Runnable r) {}
  record Node(int v, Node next) {}
  record A(B b) {}
  record B(List<A> as) {}
  record Nested(List<List<String>> lists) {}
  record Key(int k) {}
  record KeyMessage(Map<Key, String> m) {}
  record Clash(@Field(id = 2) int a, String b) {}
  record Wild(List<?> w) {}
  record WrongEncoding(@ProtoEncoding(ProtoScalar.SINT64) int x) {}
  record EncodingOnString(@ProtoEncoding(ProtoScalar.SINT32) String x) {}
  enum NoZero { @ProtoEnumValue(1) A, @ProtoEnumValue(2) B }
  record UsesNoZero(NoZero e) {}
  enum Partial { @ProtoEnumValue(0) A, B }
  record UsesPartial(Partial e) {}
  record Jdk(java.util.Locale l) {}
  class Inner {
    int x;
  }

  private static void refused(Class<?> c, String... words) {
    BrineException e = assertThrows(BrineException.class, () -> ProtoMapper.builder().register(c).build(), c::getName);
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), () -> c.getSimpleName() + ": " + e.getMessage());
    }
  }

  @Test
  void refusedWhenBuilt() {
    refused(Poly.class, "Poly.any", "polymorphic");
    refused(Iface.class, "Iface.r", "abstract");
    refused(Node.class, "contains itself", "Node -> Node");
    refused(A.class, "contains itself");
    refused(Nested.class, "Nested.lists", "nested containers");
    refused(KeyMessage.class, "map keys");
    refused(Clash.class, "same number 2");
    refused(Wild.class, "Wild.w");
    refused(WrongEncoding.class, "64-bit");
    refused(EncodingOnString.class, "int and long");
    refused(UsesNoZero.class, "numbered 0");
    refused(UsesPartial.class, "number all of them or none");
    refused(Jdk.class, "JDK class");
    refused(Inner.class, "this$0");
  }
}
