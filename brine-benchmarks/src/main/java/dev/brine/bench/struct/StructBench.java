package dev.brine.bench.struct;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.brine.bench.proto.BoxedStructProto;
import dev.brine.bench.proto.StructProto;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.FormatBench;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The Struct workload: a class of 100 numeric fields, either primitive ({@link Struct}) or boxed
 * ({@link BoxedStruct}).
 */
@State(Scope.Benchmark)
public class StructBench extends FormatBench {
  /** {@code primitive}: int/long/double fields; {@code boxed}: Integer/Long/Double fields. */
  @Param({"primitive", "boxed"})
  public String workload;

  private final StructHandwritten handwritten = new StructHandwritten();
  private boolean boxed;
  private byte[] protobufBytes;
  private byte[] handwrittenBytes;

  @Override
  protected Object createValue() {
    boxed = switch (workload) {
      case "primitive" -> false;
      case "boxed" -> true;
      default -> throw new IllegalArgumentException("unknown workload " + workload);
    };
    return boxed ? BoxedStruct.create() : Struct.create();
  }

  @Override
  protected List<Class<?>> userClasses() {
    return List.of(boxed ? BoxedStruct.class : Struct.class);
  }

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    out.put("protobuf", Codec.of(v -> serialize_protobuf(),
        b -> boxed ? StructProtoConverter.fromProto(BoxedStructProto.parseFrom(b))
            : StructProtoConverter.fromProto(StructProto.parseFrom(b))));
    out.put("handwritten", Codec.of(v -> serialize_handwritten(),
        b -> boxed ? handwritten.readBoxed(b) : handwritten.read(b)));
  }

  @Override
  protected void payloadsReady() {
    protobufBytes = payload("protobuf");
    handwrittenBytes = payload("handwritten");
  }

  /**
   * protobuf serialize, including the POJO-to-message conversion.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_protobuf() {
    return boxed ? StructProtoConverter.toProto((BoxedStruct) value).toByteArray()
        : StructProtoConverter.toProto((Struct) value).toByteArray();
  }

  /**
   * protobuf deserialize, including the message-to-POJO conversion.
   *
   * @return object
   * @throws InvalidProtocolBufferException never in practice
   */
  @Benchmark
  public Object deserialize_protobuf() throws InvalidProtocolBufferException {
    return boxed ? StructProtoConverter.fromProto(BoxedStructProto.parseFrom(protobufBytes))
        : StructProtoConverter.fromProto(StructProto.parseFrom(protobufBytes));
  }

  /**
   * Hand-written serialize (fixed-width VarHandle stores).
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_handwritten() {
    return boxed ? handwritten.write((BoxedStruct) value) : handwritten.write((Struct) value);
  }

  /**
   * Hand-written deserialize.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_handwritten() {
    return boxed ? handwritten.readBoxed(handwrittenBytes) : handwritten.read(handwrittenBytes);
  }

  /**
   * The floor of every deserializer here: a fresh copy of the value with no decoding at all
   * ({@link StructFloor}). Reported as the {@code floor} column; it bounds what any library's
   * deserialize can reach on this machine.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_floor() {
    return boxed ? StructFloor.copy((BoxedStruct) value) : StructFloor.copy((Struct) value);
  }
}
