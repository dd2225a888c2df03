package dev.brine.bench.maps;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.brine.bench.proto.BeanBeanMapProto;
import dev.brine.bench.proto.BeanProto;
import dev.brine.bench.proto.IntIntMapProto;
import dev.brine.bench.proto.StringIntMapProto;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.CodecBench;
import dev.brine.bench.support.Libraries;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Seed 002's map workloads: a holder object with a typed {@code HashMap} field of {@code size} entries,
 * Integer→Integer, String→Integer or Bean→Bean.
 */
@State(Scope.Benchmark)
public class MapBench extends CodecBench {
  /** Key and value types. */
  @Param({"int_int", "string_int", "bean_bean"})
  public String workload;

  /** Number of entries. */
  @Param({"64", "128", "256", "512"})
  public int size;

  private byte[] protobufBytes;

  @Override
  protected Object createValue() {
    switch (workload) {
      case "int_int": {
        Map<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < size; i++) {
          m.put(i * 7919, i);
        }
        return new IntIntMap(m);
      }
      case "string_int": {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < size; i++) {
          m.put("key-" + i, i);
        }
        return new StringIntMap(m);
      }
      case "bean_bean": {
        Map<Bean, Bean> m = new HashMap<>();
        for (int i = 0; i < size; i++) {
          m.put(new Bean(i, i * 1_000_003L, "k" + i), new Bean(-i, i, "value-" + i));
        }
        return new BeanBeanMap(m);
      }
      default:
        throw new IllegalArgumentException("unknown workload " + workload);
    }
  }

  @Override
  protected List<Class<?>> userClasses() {
    return List.of(IntIntMap.class, StringIntMap.class, BeanBeanMap.class, Bean.class);
  }

  @Override
  protected List<Class<?>> kryoExtraClasses() {
    return List.of(HashMap.class);
  }

  /** Jackson cannot use a bean as a JSON object key by itself: Bean keys are written as "id|value|name". */
  @Override
  protected ObjectMapper createJackson() {
    SimpleModule module = new SimpleModule("bean-keys");
    module.addKeySerializer(Bean.class, new JsonSerializer<Bean>() {
      @Override
      public void serialize(Bean b, JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeFieldName(b.id + "|" + b.value + "|" + b.name);
      }
    });
    module.addKeyDeserializer(Bean.class, new KeyDeserializer() {
      @Override
      public Object deserializeKey(String key, DeserializationContext ctxt) {
        int a = key.indexOf('|');
        int b = key.indexOf('|', a + 1);
        String name = key.substring(b + 1);
        return new Bean(Integer.parseInt(key, 0, a, 10), Long.parseLong(key, a + 1, b, 10),
            "null".equals(name) ? null : name);
      }
    });
    ObjectMapper mapper = Libraries.jackson();
    mapper.registerModule(module);
    return mapper;
  }

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    out.put("protobuf", Codec.of(v -> serialize_protobuf(), this::parseProtobuf));
  }

  @Override
  protected void payloadsReady() {
    protobufBytes = payload("protobuf");
  }

  /**
   * protobuf serialize, including the POJO-to-message conversion.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_protobuf() {
    Object v = value;
    if (v instanceof IntIntMap) {
      return IntIntMapProto.newBuilder().putAllMap(((IntIntMap) v).map).build().toByteArray();
    } else if (v instanceof StringIntMap) {
      return StringIntMapProto.newBuilder().putAllMap(((StringIntMap) v).map).build().toByteArray();
    }
    BeanBeanMapProto.Builder b = BeanBeanMapProto.newBuilder();
    for (Map.Entry<Bean, Bean> e : ((BeanBeanMap) v).map.entrySet()) {
      b.addEntries(BeanBeanMapProto.Entry.newBuilder().setKey(toProto(e.getKey())).setValue(toProto(e.getValue())));
    }
    return b.build().toByteArray();
  }

  /**
   * protobuf deserialize, including the message-to-POJO conversion.
   *
   * @return object
   * @throws InvalidProtocolBufferException never in practice
   */
  @Benchmark
  public Object deserialize_protobuf() throws InvalidProtocolBufferException {
    return parseProtobuf(protobufBytes);
  }

  private Object parseProtobuf(byte[] bytes) throws InvalidProtocolBufferException {
    Object v = value;
    if (v instanceof IntIntMap) {
      return new IntIntMap(new HashMap<>(IntIntMapProto.parseFrom(bytes).getMapMap()));
    } else if (v instanceof StringIntMap) {
      return new StringIntMap(new HashMap<>(StringIntMapProto.parseFrom(bytes).getMapMap()));
    }
    BeanBeanMapProto p = BeanBeanMapProto.parseFrom(bytes);
    Map<Bean, Bean> m = new HashMap<>(p.getEntriesCount() * 4 / 3 + 1);
    for (BeanBeanMapProto.Entry e : p.getEntriesList()) {
      m.put(fromProto(e.getKey()), fromProto(e.getValue()));
    }
    return new BeanBeanMap(m);
  }

  private static BeanProto toProto(Bean b) {
    BeanProto.Builder p = BeanProto.newBuilder().setId(b.id).setValue(b.value);
    if (b.name != null) {
      p.setName(b.name);
    }
    return p.build();
  }

  private static Bean fromProto(BeanProto p) {
    return new Bean(p.getId(), p.getValue(), p.hasName() ? p.getName() : null);
  }
}
