package dev.brine.bench.simpleobject;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.brine.bench.proto.SimpleObjectProto;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.FormatBench;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Seed 003's SimpleObject: small flat object of ints, longs and strings (one non-ASCII). */
@State(Scope.Benchmark)
public class SimpleObjectBench extends FormatBench {
  private byte[] protobufBytes;

  @Override
  protected Object createValue() {
    return SimpleObject.create();
  }

  @Override
  protected List<Class<?>> userClasses() {
    return List.of(SimpleObject.class);
  }

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    out.put("protobuf", Codec.of(v -> toProto((SimpleObject) v).toByteArray(),
        b -> fromProto(SimpleObjectProto.parseFrom(b))));
  }

  @Override
  protected void payloadsReady() {
    protobufBytes = payload("protobuf");
  }

  /**
   * Builds the protobuf message.
   *
   * @param o the object
   * @return the message
   */
  static SimpleObjectProto toProto(SimpleObject o) {
    SimpleObjectProto.Builder b = SimpleObjectProto.newBuilder().setId(o.id).setAge(o.age).setScore(o.score)
        .setCreated(o.created).setBalance(o.balance);
    if (o.name != null) {
      b.setName(o.name);
    }
    if (o.email != null) {
      b.setEmail(o.email);
    }
    if (o.city != null) {
      b.setCity(o.city);
    }
    return b.build();
  }

  /**
   * Reads the protobuf message back.
   *
   * @param p the message
   * @return the object
   */
  static SimpleObject fromProto(SimpleObjectProto p) {
    SimpleObject o = new SimpleObject();
    o.id = p.getId();
    o.age = p.getAge();
    o.score = p.getScore();
    o.created = p.getCreated();
    o.balance = p.getBalance();
    o.name = p.hasName() ? p.getName() : null;
    o.email = p.hasEmail() ? p.getEmail() : null;
    o.city = p.hasCity() ? p.getCity() : null;
    return o;
  }

  /**
   * protobuf serialize, including the POJO-to-message conversion.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_protobuf() {
    return toProto((SimpleObject) value).toByteArray();
  }

  /**
   * protobuf deserialize, including the message-to-POJO conversion.
   *
   * @return object
   * @throws InvalidProtocolBufferException never in practice
   */
  @Benchmark
  public SimpleObject deserialize_protobuf() throws InvalidProtocolBufferException {
    return fromProto(SimpleObjectProto.parseFrom(protobufBytes));
  }
}
