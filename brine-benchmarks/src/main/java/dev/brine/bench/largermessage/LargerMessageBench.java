package dev.brine.bench.largermessage;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.brine.bench.proto.LargerMessageProto;
import dev.brine.bench.proto.SimpleMessageProto;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.FormatBench;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Seed 004's LargerMessage: nested small messages plus doubles and longs. */
@State(Scope.Benchmark)
public class LargerMessageBench extends FormatBench {
  private byte[] protobufBytes;

  @Override
  protected Object createValue() {
    return LargerMessage.create();
  }

  @Override
  protected List<Class<?>> userClasses() {
    return List.of(LargerMessage.class, SimpleMessage.class);
  }

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    out.put("protobuf", Codec.of(v -> toProto((LargerMessage) v).toByteArray(),
        b -> fromProto(LargerMessageProto.parseFrom(b))));
  }

  @Override
  protected void payloadsReady() {
    protobufBytes = payload("protobuf");
  }

  private static SimpleMessageProto toProto(SimpleMessage s) {
    SimpleMessageProto.Builder b = SimpleMessageProto.newBuilder().setValue(s.value);
    if (s.message != null) {
      b.setMessage(s.message);
    }
    return b.build();
  }

  private static SimpleMessage fromProto(SimpleMessageProto p) {
    return new SimpleMessage(p.getValue(), p.hasMessage() ? p.getMessage() : null);
  }

  /**
   * Builds the protobuf message (the three nested messages must be non-null).
   *
   * @param m the message
   * @return the protobuf message
   */
  static LargerMessageProto toProto(LargerMessage m) {
    return LargerMessageProto.newBuilder().setFirst(toProto(m.first)).setSecond(toProto(m.second))
        .setThird(toProto(m.third)).setD1(m.d1).setD2(m.d2).setD3(m.d3)
        .setL0(m.l0).setL1(m.l1).setL2(m.l2).setL3(m.l3).setL4(m.l4)
        .setL5(m.l5).setL6(m.l6).setL7(m.l7).setL8(m.l8).setL9(m.l9)
        .build();
  }

  /**
   * Reads the protobuf message back.
   *
   * @param p the protobuf message
   * @return the message
   */
  static LargerMessage fromProto(LargerMessageProto p) {
    LargerMessage m = new LargerMessage();
    m.first = fromProto(p.getFirst());
    m.second = fromProto(p.getSecond());
    m.third = fromProto(p.getThird());
    m.d1 = p.getD1();
    m.d2 = p.getD2();
    m.d3 = p.getD3();
    m.l0 = p.getL0();
    m.l1 = p.getL1();
    m.l2 = p.getL2();
    m.l3 = p.getL3();
    m.l4 = p.getL4();
    m.l5 = p.getL5();
    m.l6 = p.getL6();
    m.l7 = p.getL7();
    m.l8 = p.getL8();
    m.l9 = p.getL9();
    return m;
  }

  /**
   * protobuf serialize, including the POJO-to-message conversion.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_protobuf() {
    return toProto((LargerMessage) value).toByteArray();
  }

  /**
   * protobuf deserialize, including the message-to-POJO conversion.
   *
   * @return object
   * @throws InvalidProtocolBufferException never in practice
   */
  @Benchmark
  public LargerMessage deserialize_protobuf() throws InvalidProtocolBufferException {
    return fromProto(LargerMessageProto.parseFrom(protobufBytes));
  }
}
