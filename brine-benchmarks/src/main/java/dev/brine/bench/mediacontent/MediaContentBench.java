package dev.brine.bench.mediacontent;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.brine.bench.proto.MediaContentProto;
import dev.brine.bench.support.Codec;
import dev.brine.bench.support.FormatBench;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The jvm-serializers MediaContent workload (a Media with enums and a list, two Images). */
@State(Scope.Benchmark)
public class MediaContentBench extends FormatBench {
  private final MediaContentHandwritten handwritten = new MediaContentHandwritten();
  private byte[] protobufBytes;
  private byte[] handwrittenBytes;

  @Override
  protected Object createValue() {
    return MediaContent.create();
  }

  @Override
  protected List<Class<?>> userClasses() {
    return List.of(MediaContent.class, Media.class, Image.class, Media.Player.class, Image.Size.class);
  }

  @Override
  protected List<Class<?>> kryoExtraClasses() {
    return List.of(ArrayList.class);
  }

  @Override
  protected void addCodecs(Map<String, Codec> out) {
    out.put("protobuf", Codec.of(v -> MediaContentProtoConverter.toProto((MediaContent) v).toByteArray(),
        b -> MediaContentProtoConverter.fromProto(MediaContentProto.parseFrom(b))));
    out.put("handwritten", Codec.of(v -> handwritten.write((MediaContent) v), handwritten::read));
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
    return MediaContentProtoConverter.toProto((MediaContent) value).toByteArray();
  }

  /**
   * protobuf deserialize, including the message-to-POJO conversion.
   *
   * @return object
   * @throws InvalidProtocolBufferException never in practice
   */
  @Benchmark
  public MediaContent deserialize_protobuf() throws InvalidProtocolBufferException {
    return MediaContentProtoConverter.fromProto(MediaContentProto.parseFrom(protobufBytes));
  }

  /**
   * Hand-written serialize.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_handwritten() {
    return handwritten.write((MediaContent) value);
  }

  /**
   * Hand-written deserialize.
   *
   * @return object
   */
  @Benchmark
  public MediaContent deserialize_handwritten() {
    return handwritten.read(handwrittenBytes);
  }
}
