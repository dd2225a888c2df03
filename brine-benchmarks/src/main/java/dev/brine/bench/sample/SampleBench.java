package dev.brine.bench.sample;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.brine.bench.proto.SampleProto;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.CodecBench;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Kryo's Sample object: all primitives, boxed primitives and primitive arrays. */
@State(Scope.Benchmark)
public class SampleBench extends CodecBench {
  private byte[] protobufBytes;

  @Override
  protected Object createValue() {
    return Sample.create();
  }

  @Override
  protected List<Class<?>> userClasses() {
    return List.of(Sample.class);
  }

  @Override
  protected List<Class<?>> kryoExtraClasses() {
    return List.of(int[].class, long[].class, float[].class, double[].class, short[].class, char[].class,
        boolean[].class);
  }

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    out.put("protobuf", Codec.of(v -> SampleProtoConverter.toProto((Sample) v).toByteArray(),
        b -> SampleProtoConverter.fromProto(SampleProto.parseFrom(b))));
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
    return SampleProtoConverter.toProto((Sample) value).toByteArray();
  }

  /**
   * protobuf deserialize, including the message-to-POJO conversion.
   *
   * @return object
   * @throws InvalidProtocolBufferException never in practice
   */
  @Benchmark
  public Sample deserialize_protobuf() throws InvalidProtocolBufferException {
    return SampleProtoConverter.fromProto(SampleProto.parseFrom(protobufBytes));
  }
}
