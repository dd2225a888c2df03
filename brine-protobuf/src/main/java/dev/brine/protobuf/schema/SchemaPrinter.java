package dev.brine.protobuf.schema;

import dev.brine.protobuf.plan.EnumInfo;
import dev.brine.protobuf.plan.MessagePlan;
import dev.brine.protobuf.plan.ProtoField;
import dev.brine.protobuf.plan.ProtoKind;
import dev.brine.protobuf.plan.ValueType;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Prints the proto3 schema ({@code .proto} file) of planned messages and enums: one message per
 * class, named by its simple name (by its binary name with {@code _} for {@code $} when two classes
 * share a simple name), fields with their numbers and types; enums top-level, their values prefixed
 * with the enum's name in upper snake case where two enums would otherwise define the same value
 * name (proto enum values share their enclosing scope).
 */
public final class SchemaPrinter {
  private SchemaPrinter() {
  }

  /**
   * The schema of {@code plans} (messages, in this order) and {@code enums}.
   *
   * @param protoPackage the {@code package} line, or null for none
   * @param roots the classes asked for, named in the header comment
   */
  public static String print(String protoPackage, List<Class<?>> roots, Map<Class<?>, MessagePlan> plans,
      Map<Class<?>, EnumInfo> enums) {
    Map<Class<?>, String> names = names(plans.keySet(), enums.keySet());
    Map<Class<?>, String> valuePrefix = valuePrefixes(enums.values());
    boolean timestamp = false;
    boolean duration = false;
    for (MessagePlan p : plans.values()) {
      for (ProtoField f : p.fields) {
        timestamp |= f.value.kind == ProtoKind.TIMESTAMP;
        duration |= f.value.kind == ProtoKind.DURATION;
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("// The protobuf schema of ");
    for (int i = 0; i < roots.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(roots.get(i).getName());
    }
    out.append(", printed by Brine's ProtoMapper.protoSchema.\n");
    out.append("syntax = \"proto3\";\n\n");
    if (protoPackage != null && !protoPackage.isEmpty()) {
      out.append("package ").append(protoPackage).append(";\n\n");
    }
    if (timestamp) {
      out.append("import \"google/protobuf/timestamp.proto\";\n");
    }
    if (duration) {
      out.append("import \"google/protobuf/duration.proto\";\n");
    }
    if (timestamp || duration) {
      out.append('\n');
    }
    for (MessagePlan p : plans.values()) {
      out.append("// ").append(p.type.getName()).append('\n');
      out.append("message ").append(names.get(p.type)).append(" {\n");
      for (ProtoField f : p.fields) {
        out.append("  ");
        switch (f.shape) {
          case OPTIONAL:
            out.append(f.value.kind == ProtoKind.MESSAGE || f.value.kind == ProtoKind.TIMESTAMP
                || f.value.kind == ProtoKind.DURATION ? "" : "optional ");
            out.append(typeName(f.value, names));
            break;
          case REPEATED:
            out.append("repeated ").append(typeName(f.value, names));
            break;
          case MAP:
            out.append("map<").append(typeName(f.key, names)).append(", ").append(typeName(f.value, names)).append('>');
            break;
          default:
            out.append(typeName(f.value, names));
        }
        out.append(' ').append(f.name()).append(" = ").append(f.number).append(";\n");
      }
      out.append("}\n\n");
    }
    for (EnumInfo e : enums.values()) {
      out.append("// ").append(e.type.getName()).append('\n');
      out.append("enum ").append(names.get(e.type)).append(" {\n");
      // the zero value first, as proto3 requires
      Enum<?>[] order = e.constants.clone();
      java.util.Arrays.sort(order, (a, b) -> a == e.zero ? -1 : b == e.zero ? 1 : Integer.compare(a.ordinal(), b.ordinal()));
      for (Enum<?> c : order) {
        out.append("  ").append(valuePrefix.getOrDefault(e.type, "")).append(c.name()).append(" = ")
            .append(e.numbers[c.ordinal()]).append(";\n");
      }
      out.append("}\n\n");
    }
    return out.toString().stripTrailing() + "\n";
  }

  private static String typeName(ValueType t, Map<Class<?>, String> names) {
    switch (t.kind) {
      case ENUM: case MESSAGE: return names.get(t.java);
      default: return t.kind.protoName;
    }
  }

  private static Map<Class<?>, String> names(Set<Class<?>> messages, Set<Class<?>> enums) {
    Map<String, Integer> count = new HashMap<>();
    Set<Class<?>> all = new HashSet<>(messages);
    all.addAll(enums);
    for (Class<?> c : all) {
      count.merge(c.getSimpleName(), 1, Integer::sum);
    }
    Map<Class<?>, String> names = new LinkedHashMap<>();
    for (Class<?> c : all) {
      String simple = c.getSimpleName();
      if (count.get(simple) > 1) {
        String pkg = c.getPackageName();
        simple = (pkg.isEmpty() ? c.getName() : c.getName().substring(pkg.length() + 1)).replace('$', '_');
      }
      names.put(c, simple);
    }
    return names;
  }

  private static Map<Class<?>, String> valuePrefixes(java.util.Collection<EnumInfo> enums) {
    Map<String, Integer> count = new HashMap<>();
    for (EnumInfo e : enums) {
      for (Enum<?> c : e.constants) {
        count.merge(c.name(), 1, Integer::sum);
      }
    }
    Map<Class<?>, String> prefix = new HashMap<>();
    for (EnumInfo e : enums) {
      for (Enum<?> c : e.constants) {
        if (count.get(c.name()) > 1) {
          prefix.put(e.type, upperSnake(e.type.getSimpleName()) + "_");
          break;
        }
      }
    }
    return prefix;
  }

  static String upperSnake(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }
}
