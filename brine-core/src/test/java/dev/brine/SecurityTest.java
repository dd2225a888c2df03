package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.security.ClassFilter;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Registration, the deny-list and the allow-list. */
class SecurityTest {
  static final class Secret { String value = "s"; }
  record Wrapper(Object inner) {}

  static final class Registered {}

  static final class NotRegistered {}

  @Test
  void aClassValueTheReaderWouldRefuseIsRefusedWhenWritten() {
    Brine b = Brine.builder().register(Registered.class).build();
    for (Class<?> ok : List.of(Registered.class, String.class, int.class, void.class, String[].class, Registered[][].class)) {
      assertEquals(ok, b.deserialize(b.serialize(ok)), ok.getName());
    }
    for (Class<?> refused : List.of(NotRegistered.class, NotRegistered[].class, ProcessBuilder.class)) {
      ClassNotAllowedException e = assertThrows(ClassNotAllowedException.class, () -> b.serialize(refused), refused.getName());
      assertTrue(e.getMessage().contains(refused.getName().replace("[L", "").replace(";", "").replace("[", "")),
          e.getMessage());
    }
    Brine open = Brine.builder().requireRegistration(false).build();
    assertEquals(NotRegistered.class, open.deserialize(open.serialize(NotRegistered.class)));
    assertThrows(ClassNotAllowedException.class, () -> open.serialize(ProcessBuilder.class));
  }

  @Test
  void registrationIsRequiredByDefaultAndTheMessageSaysHow() {
    Brine b = Brine.builder().build();
    ClassNotAllowedException e = assertThrows(ClassNotAllowedException.class, () -> b.serialize(new Secret()));
    assertTrue(e.getMessage().contains(Secret.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("register(Secret.class)"), e.getMessage());
    // the reader refuses a by-name class too
    Brine open = Brine.builder().requireRegistration(false).build();
    byte[] bytes = open.serialize(new Secret());
    e = assertThrows(ClassNotAllowedException.class, () -> b.deserialize(bytes));
    assertTrue(e.getMessage().contains(Secret.class.getName()) && e.getMessage().contains("offset"), e.getMessage());
  }

  @Test
  void unregisteredClassesByNameWhenAllowed() {
    Brine open = Brine.builder().requireRegistration(false).build();
    Wrapper w = new Wrapper(List.of(new Wrapper("x"), new Wrapper(null)));
    assertEquals(w, open.deserialize(open.serialize(w)));
  }

  @Test
  void denyListIsCheckedByNameBeforeLoading() {
    for (String gadget : List.of(
        "org.apache.commons.collections.functors.InvokerTransformer",
        "org.apache.commons.collections4.functors.ChainedTransformer",
        "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl",
        "javax.management.BadAttributeValueExpException",
        "org.springframework.beans.factory.ObjectFactory",
        "org.codehaus.groovy.runtime.ConvertedClosure",
        "com.sun.syndication.feed.impl.ObjectBean",
        "com.mchange.v2.c3p0.impl.PoolBackedDataSourceBase",
        "bsh.XThis",
        "java.rmi.server.UnicastRemoteObject",
        "javax.naming.InitialContext",
        "com.sun.jndi.rmi.registry.ReferenceWrapper",
        "[Lorg.apache.commons.collections.functors.InvokerTransformer;")) {
      assertTrue(ClassFilter.denied(gadget), gadget);
    }
    assertFalse(ClassFilter.denied("java.util.ArrayList"));
    // a payload naming a gadget that does not even exist on this class path: refused before loading
    Brine open = Brine.builder().requireRegistration(false).build();
    byte[] payload = byName("org.apache.commons.collections.functors.InvokerTransformer");
    ClassNotAllowedException e = assertThrows(ClassNotAllowedException.class, () -> open.deserialize(payload));
    assertTrue(e.getMessage().contains("deny-list"), e.getMessage());
    // JDK sinks that do exist are refused when written too
    assertThrows(ClassNotAllowedException.class, () -> open.deserialize(byName("javax.management.BadAttributeValueExpException")));
    assertThrows(ClassNotAllowedException.class, () -> open.serialize(new javax.management.BadAttributeValueExpException("x")));
  }

  /** A payload with one by-name class whose payload would follow. */
  private static byte[] byName(String name) {
    byte[] n = name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    byte[] out = new byte[4 + 2 + n.length];
    int p = 0;
    out[p++] = (byte) 0xC0;
    out[p++] = 62; // BY_NAME
    out[p++] = 0; // a new name
    int header = n.length << 2; // a 2-byte prefix varint: 10xxxxxx with the low 6 bits, then the rest
    out[p++] = (byte) (0x80 | (header & 0x3f));
    out[p++] = (byte) (header >>> 6);
    System.arraycopy(n, 0, out, p, n.length);
    return Arrays.copyOf(out, p + n.length);
  }

  @Test
  void allowListNarrowsUnregisteredClasses() {
    Brine onlyJavaUtil = Brine.builder().requireRegistration(false).allowPackages("java.util").build();
    assertEquals(new ArrayList<>(List.of(1)), onlyJavaUtil.deserialize(onlyJavaUtil.serialize(new ArrayList<>(List.of(1)))));
    assertThrows(ClassNotAllowedException.class, () -> onlyJavaUtil.serialize(new Wrapper(1)));
    Brine open = Brine.builder().requireRegistration(false).build();
    byte[] bytes = open.serialize(new Wrapper(1));
    ClassNotAllowedException e = assertThrows(ClassNotAllowedException.class, () -> onlyJavaUtil.deserialize(bytes));
    assertTrue(e.getMessage().contains("allow-list"), e.getMessage());
    Brine predicate = Brine.builder().requireRegistration(false).allowClasses(n -> n.endsWith("$Wrapper")).build();
    assertEquals(new Wrapper(1), predicate.deserialize(bytes));
  }

  @Test
  void registeredIdsFollowRegistrationOrder() {
    Brine ab = Brine.builder().register(Secret.class, Wrapper.class).build();
    Brine ba = Brine.builder().register(Wrapper.class, Secret.class).build();
    byte[] bytes = ab.serialize(new Wrapper(null));
    assertEquals(0x41, bytes[1] & 0xFF, "second registration gets id 65");
    assertThrows(BrineException.class, () -> ba.deserialize(bytes, Wrapper.class));
  }
}
