package dev.brine.security;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class ClassFilterTest {
  @Test
  void gadgetFamiliesAreDeniedByPrefixAndName() {
    assertTrue(ClassFilter.denied("org.apache.commons.collections.functors.InvokerTransformer"));
    assertTrue(ClassFilter.denied("com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl"));
    assertTrue(ClassFilter.denied("com.sun.rowset.JdbcRowSetImpl"));
    assertTrue(ClassFilter.denied("org.apache.commons.collections.keyvalue.TiedMapEntry"));
    assertTrue(ClassFilter.denied("jdk.internal.misc.Unsafe"));
    assertTrue(ClassFilter.denied("[[Lcom.sun.rowset.JdbcRowSetImpl;"), "arrays are checked by component");
  }

  @Test
  void ordinaryClassesAreNotDenied() {
    assertFalse(ClassFilter.denied("java.util.ArrayList"));
    assertFalse(ClassFilter.denied("com.acme.Order"));
    // a prefix is a package: a class merely starting with the same letters is not in it
    assertFalse(ClassFilter.denied("bshop.Cart"));
  }

  @Test
  void withoutAnAllowListEverythingNotDeniedIsAllowed() {
    ClassFilter f = new ClassFilter(null);
    assertTrue(f.allowed("com.acme.Order"));
    assertFalse(f.allowed("com.sun.rowset.JdbcRowSetImpl"));
    assertTrue(f.reason("com.sun.rowset.JdbcRowSetImpl").contains("deny"), f.reason("com.sun.rowset.JdbcRowSetImpl"));
  }

  @Test
  void anAllowListNarrowsButNeverOverridesTheDenyList() {
    ClassFilter f = new ClassFilter(name -> name.startsWith("com.acme.") || name.startsWith("com.sun.rowset."));
    assertTrue(f.allowed("com.acme.Order"));
    assertFalse(f.allowed("org.example.Other"));
    assertFalse(f.allowed("com.sun.rowset.JdbcRowSetImpl"), "the deny-list applies regardless");
    assertFalse(f.reason("org.example.Other").isEmpty());
  }
}
