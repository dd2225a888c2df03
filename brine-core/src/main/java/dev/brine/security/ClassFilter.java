package dev.brine.security;

import dev.brine.Brine;
import java.util.List;
import java.util.function.Predicate;

/**
 * Decides, by name and before any class is loaded, whether a class that is not registered may be
 * serialized or deserialized. A built-in deny-list of known deserialization gadgets (the ysoserial
 * families and JDK sinks) always applies; an optional allow-list narrows what is accepted further.
 */
public final class ClassFilter {
  /** Package prefixes whose classes are never accepted by name. */
  static final List<String> DENIED_PREFIXES = List.of(
      "org.apache.commons.collections.functors.",
      "org.apache.commons.collections4.functors.",
      "org.apache.commons.beanutils.",
      "com.mchange.v2.c3p0.",
      "bsh.",
      "java.rmi.",
      "sun.rmi.",
      "javax.management.",
      "javax.naming.",
      "com.sun.jndi.",
      "javax.script.",
      "org.codehaus.groovy.runtime.",
      "com.sun.syndication.feed.impl.",
      "com.rometools.rome.feed.impl.",
      "org.springframework.aop.",
      "org.springframework.beans.factory.",
      "org.springframework.transaction.jta.",
      "org.springframework.core.SerializableTypeWrapper",
      "org.hibernate.engine.spi.",
      "org.hibernate.tuple.",
      "org.hibernate.property.",
      "com.sun.org.apache.xalan.internal.xsltc.",
      "org.apache.xalan.xsltc.",
      "com.sun.org.apache.bcel.internal.",
      "org.apache.bcel.",
      "org.mozilla.javascript.",
      "org.python.core.",
      "clojure.",
      "com.sun.rowset.",
      "org.apache.wicket.util.upload.",
      "org.apache.commons.fileupload.",
      "org.apache.myfaces.",
      "org.jboss.interceptor.",
      "org.jboss.weld.interceptor.",
      "com.vaadin.data.util.",
      "net.sf.json.",
      "org.apache.click.control.",
      "sun.reflect.annotation.",
      "jdk.internal.",
      "sun.misc.");

  /** Exact class names never accepted by name. */
  static final List<String> DENIED_NAMES = List.of(
      "org.apache.commons.collections.Transformer",
      "org.apache.commons.collections.keyvalue.TiedMapEntry",
      "org.apache.commons.collections.map.LazyMap",
      "org.apache.commons.collections4.keyvalue.TiedMapEntry",
      "org.apache.commons.collections4.map.LazyMap",
      "org.apache.commons.collections4.comparators.TransformingComparator",
      "org.apache.commons.collections.comparators.TransformingComparator",
      "java.lang.Runtime",
      "java.lang.ProcessBuilder",
      "java.lang.Process",
      "java.lang.ClassLoader",
      "java.lang.reflect.Proxy",
      "java.lang.reflect.Method",
      "java.lang.reflect.Constructor",
      "java.lang.reflect.Field",
      "java.lang.Thread",
      "java.net.URLClassLoader",
      "java.security.SignedObject",
      "java.util.ServiceLoader",
      "javax.swing.event.EventListenerList",
      "javax.swing.UIDefaults",
      "java.beans.EventHandler",
      "java.beans.Expression",
      "java.beans.Statement");

  private final Predicate<String> allow;

  /**
   * Creates a filter.
   *
   * @param allow names accepted besides the deny-list, or null to accept every name not denied
   */
  public ClassFilter(Predicate<String> allow) {
    this.allow = allow;
  }

  /** Whether {@code className} is on the built-in deny-list (array names are checked by component). */
  public static boolean denied(String className) {
    String name = componentName(className);
    for (String p : DENIED_PREFIXES) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return DENIED_NAMES.contains(name);
  }

  /** Whether an unregistered class of this name may be loaded and used. */
  public boolean allowed(String className) {
    if (denied(className)) {
      return false;
    }
    return allow == null || allow.test(componentName(className));
  }

  /** Why {@code className} was refused, for messages. */
  public String reason(String className) {
    return denied(className)
        ? "it is on Brine's deny-list of known deserialization gadgets"
        : "it does not match the allow-list (Brine.Builder.allowClasses / allowPackages)";
  }

  private static String componentName(String name) {
    int i = 0;
    while (i < name.length() && name.charAt(i) == '[') {
      i++;
    }
    if (i > 0 && i < name.length() && name.charAt(i) == 'L' && name.endsWith(";")) {
      return name.substring(i + 1, name.length() - 1);
    }
    return name;
  }
}
